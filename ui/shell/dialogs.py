"""The shell's dialogs that any ruleset's game gets (runs in Pyodide): "How to play",
the game record (replay, charts, battle league) and the question before a new game
replaces a saved one.  Imported on first use, so start-up does not load it."""

from __future__ import annotations

import asyncio
from html import escape
from typing import Any

from pyscript import document

from ui.shell.dom import el, found


def _phase(page: Any) -> str | None:
    state = getattr(getattr(page, "session", None), "state", None)
    phase = getattr(state, "phase", None)
    return None if phase is None else str(getattr(phase, "value", phase))


class Dialogs:
    def __init__(self, shell: Any) -> None:
        self.shell = shell
        self.help_full = False
        self.help_ruleset: str | None = None
        """The ruleset whose rulebook the new-game form opened (None: the game's own)."""
        self.record_tab = "replay"
        self.replay: Any = None
        self.states: list[Any] = []
        self.turns: list[str] = []
        """Each recorded position's turn as people say it (the ruleset's record_point)."""
        self.overs: list[bool] = []
        self.ruleset = ""
        self.generation = 0
        self.opener: Any = None

    # ------------------------------------------------------------ shared

    def show(self, overlay_id: str, html: str) -> None:
        box = el(overlay_id)
        if box.hidden:
            self.opener = document.activeElement
        box.innerHTML = html
        box.hidden = False
        focus = box.querySelector("[data-autofocus]") or box.querySelector("button")
        if found(focus):
            focus.focus()

    def close(self, overlay_id: str) -> None:
        el(overlay_id).hidden = True
        el(overlay_id).innerHTML = ""
        if found(self.opener):
            self.opener.focus()
        self.opener = None

    def action(self, name: str, button: Any) -> bool:
        """Handle a click on one of these dialogs' controls; False if it is not theirs."""
        if name == "help":
            self.help_full = False
            self.help_ruleset = None
            self.open_help()
        elif name == "rulebook":
            self.help_full = True
            self.help_ruleset = self.shell.chosen_rules()
            self.open_help()
        elif name in ("help-full", "help-guide"):
            self.help_full = name == "help-full"
            self.open_help()
        elif name == "close-help":
            self.close("help")
        elif name == "record":
            self.open_record()
        elif name == "record-tab":
            self.record_tab = str(button.dataset.tab)
            self.draw_record()
        elif name == "close-record":
            self.generation += 1
            self.close("record")
        elif name.startswith("replay-") and self.replay is not None:
            self.generation += 1  # a click by hand stops the timer's next step
            self.replay.step(name.removeprefix("replay-"))
            self.draw_record()
            if self.replay.playing:
                self.start_timer()
        elif name == "confirm-start":
            self.close("confirm")
            self.shell.start_from_form()
        elif name == "confirm-keep":
            self.close("confirm")
        else:
            return False
        return True

    def escape_pressed(self) -> bool:
        for overlay in ("confirm", "help", "record"):
            if not el(overlay).hidden:
                self.generation += 1
                self.close(overlay)
                return True
        return False

    # ------------------------------------------------------------ how to play

    def open_help(self) -> None:
        from ui.shell.help import help_html

        page = self.shell.active
        if page is not None and self.help_ruleset in (None, page.entry.ruleset):
            ruleset, phase = page.entry.ruleset, _phase(page)
        else:  # no game, or the form's rulebook of another ruleset: the whole rulebook
            ruleset, phase = self.help_ruleset or self.shell.chosen_rules(), None
        self.show("help", help_html(ruleset, phase, self.help_full or phase is None))

    # ------------------------------------------------------------ a new game over a saved one

    def confirm_new(self, title: str) -> None:
        self.show(
            "confirm",
            '<div class="card confirm-card" role="alertdialog" aria-modal="true"'
            ' aria-labelledby="confirm-title" data-testid="confirm-new">'
            f'<h2 id="confirm-title">Replace your {escape(title)} game?</h2>'
            f"<p>A {escape(title)} game is saved on this device. Starting a new one"
            " replaces it (games of the other rules stay saved).</p>"
            '<div class="row end"><button type="button" class="btn" data-action="confirm-keep"'
            ' data-testid="confirm-keep" data-autofocus>Keep my game</button>'
            '<button type="button" class="btn primary" data-action="confirm-start"'
            ' data-testid="confirm-start">Start the new game</button></div></div>',
        )

    # ------------------------------------------------------------ the game record

    def open_record(self) -> None:
        from ui.shell.replay import Replay

        page = self.shell.active
        if page is None:
            return
        self.ruleset = page.entry.ruleset
        track = self.shell.timeline_of().track(self.ruleset)
        self.states = track.states()
        from engine.core import find_ruleset

        point = find_ruleset(self.ruleset).record_point
        self.turns = [point(state)[1] for state in self.states]
        self.overs = [over for _, over, _ in track.frames]
        if not self.states:
            self.shell.message("Nothing recorded yet: the record starts with the first turn.")
            return
        self.replay = Replay(len(self.states), index=len(self.states) - 1)
        self.generation += 1
        self.opener = None
        self.draw_record()

    def draw_record(self) -> None:
        from ui.shell.render import render_map
        from ui.shell.replay import caption, changed, controls_html

        replay = self.replay
        i = replay.index
        tabs = "".join(
            f'<button type="button" role="tab" class="tab{" on" if key == self.record_tab else ""}"'
            f' aria-selected="{"true" if key == self.record_tab else "false"}"'
            f' data-action="record-tab" data-tab="{key}" data-testid="record-tab-{key}">'
            f"{label}</button>"
            for key, label in (("replay", "Replay"), ("charts", "Charts"), ("league", "League"))
        )
        if self.record_tab == "replay":
            from engine.core import find_ruleset

            ruleset = find_ruleset(self.ruleset)
            before = self.states[i - 1] if i > 0 else None
            state = self.states[i]
            text = caption(ruleset, before, state, self.overs[i])
            taken = set(changed(ruleset, before, state))
            # a page whose board is not the shared renderer's draws its own
            draw = getattr(self.shell.pages.get(self.ruleset), "record_board", None)
            board = (
                draw(state, taken)
                if draw is not None
                else render_map(state, self.shell.geometry, highlight=taken)
            )
            body = (
                f'<div class="replay-board" data-testid="replay-board">{board}</div>'
                f"{controls_html(replay, text)}"
            )
        elif self.record_tab == "charts":
            body = self.charts_html()
        else:
            from engine.core import find_ruleset
            from engine.history import league
            from ui.shell.charts import league_html

            body = league_html(league(find_ruleset(self.ruleset), self.states))
        html = (
            '<div class="card record-card" role="dialog" aria-modal="true"'
            ' aria-labelledby="record-title" data-testid="record">'
            '<div class="row between"><h2 id="record-title">Game record</h2>'
            '<button type="button" class="btn ghost dark" data-action="close-record"'
            ' data-testid="close-record" aria-label="Close">✕</button></div>'
            f'<div class="tabs" role="tablist">{tabs}</div>'
            f'<div class="record-body" data-testid="record-body">{body}</div></div>'
        )
        box = el("record")
        keep = document.activeElement
        kept = str(keep.dataset.testid) if found(keep) and found(keep.dataset) else ""
        box.innerHTML = html
        box.hidden = False
        again: Any = box.querySelector(f'[data-testid="{kept}"]') if kept else None
        if found(again) and not again.disabled:
            again.focus()
        else:
            first = box.querySelector('[data-action="record-tab"].on')
            if found(first):
                first.focus()

    def charts_html(self) -> str:
        from engine.core import find_ruleset
        from engine.history import METRICS, series
        from ui.shell.charts import legend_html, line_chart

        ruleset = find_ruleset(self.ruleset)
        parts = []
        lines: list[Any] = []
        for metric in METRICS:
            lines_of = series(ruleset, self.states, metric)
            if lines_of:
                lines = lines_of
                parts.append(
                    f'<figure class="chart-box" data-testid="chart-{metric}">'
                    f"{line_chart(metric.capitalize(), self.turns, lines_of)}</figure>"
                )
        return legend_html(lines) + "".join(parts)

    def start_timer(self) -> None:
        self.generation += 1
        self.shell.tasks.add(asyncio.ensure_future(self.run_timer(self.generation)))

    async def run_timer(self, generation: int) -> None:
        while self.replay is not None and self.replay.playing:
            await asyncio.sleep(self.replay.delay)
            if generation != self.generation or el("record").hidden:
                return
            if self.replay.tick() or not self.replay.playing:
                self.draw_record()
