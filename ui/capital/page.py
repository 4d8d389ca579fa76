"""The Capital Risk page (runs in Pyodide): the shell (:mod:`ui.shell.page`) builds one
:class:`CapitalPage` from the registry (:mod:`ui.pages`) and hands it the game when the
form's Rules select says Capital Risk or when a Capital Risk autosave is there.

Only DOM reading and writing lives here; everything else is in the pure modules.
The engine is imported lazily (the page module is imported before Pyodide has
loaded the engine).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Any

from ui.pages import PageEntry
from ui.shell.dom import BrowserPage, browser_key, form_fields
from ui.shell.dom import found as _found

REPLAY_DELAY = 1.3  # seconds per replay step


class CapitalPage(BrowserPage):
    """The page around a :class:`ui.capital.session.CapitalSession`."""

    panel = "capital"

    def __init__(self, shell: Any, entry: PageEntry) -> None:
        self.shell = shell  # ui.shell.page.Shell: geometry, one game shown at a time
        self.entry = entry
        self.session: Any = None
        self.proxies: list[Any] = []
        self.tasks: set[Any] = set()
        self.replay_gen = 0
        self.svg_cache: tuple[Any, str] = (None, "")

    def key(self) -> Any:
        return browser_key()

    def wire(self) -> None:
        from pyodide.ffi import create_proxy

        for kind, handler in (
            ("click", self.on_click),
            ("input", self.on_input),
            ("keydown", self.on_key),
        ):
            proxy = create_proxy(handler)
            self.proxies.append(proxy)
            self.doc().addEventListener(kind, proxy)

    # ------------------------------------------------------------ form

    def start_from_form(self) -> None:
        from engine.errors import EngineError
        from ui.capital.form import read_capital_form
        from ui.capital.session import CapitalSession

        text, checked = form_fields(self.el("new-game-form"))

        error = self.el("setup-error")
        try:
            specs, options, seed, where, seat = read_capital_form(text, checked)
        except ValueError as exc:
            error.textContent = str(exc)
            return
        seed = seed or secrets.token_hex(6)
        try:
            if where == "local":
                session = CapitalSession.new(specs, options, seed)
            else:
                session = CapitalSession.new_forum(
                    specs, options, seed, self.key(), seat, moderated=where == "moderated"
                )
        except EngineError as exc:
            error.textContent = exc.message
            return
        error.textContent = ""
        self.begin(session)
        self.log_timing()
        self.message(f"Capital Risk started (seed {seed}).")

    def join(self) -> None:
        self.join_text(str(self.el("cap-join-code").value))

    def join_text(self, text: str) -> None:
        """Join the forum game of a save code or invitation link (``#game=...``)."""
        from engine.errors import EngineError
        from ui.capital.session import CapitalSession

        error = self.el("setup-error")
        try:
            session = CapitalSession.join(text, self.key())
        except (EngineError, ValueError) as exc:
            error.textContent = getattr(exc, "message", None) or str(exc)
            self.message(f"Not joined: {error.textContent}", warn=True)
            return
        error.textContent = ""
        self.begin(session)
        self.message(f"Joined forum game {session.game_id}.")

    def open_link(self, text: str) -> bool:
        """Join from a ``#game=`` link if its code is a Capital Risk save (an invitation
        link from the host's forum card); False for any other code (Classic's loader)."""
        from engine.savecode import decode_code
        from ui.capital.forum import RULESET
        from ui.shell.pbem import extract_code

        try:
            ruleset = decode_code(extract_code(text)).payload.get("rs")
        except Exception:  # not readable here: the email loader says why
            return False
        if ruleset != RULESET:
            return False
        self.join_text(text)
        return True

    def begin(self, session: Any) -> None:
        """Show this game (the shell closes any other: one game at a time)."""
        self.shell.activate(self)
        self.session = session
        self.el("capital").hidden = False
        self.save()
        self.refresh()
        self.maybe_autoplay()

    def deactivate(self) -> None:
        """Another game is shown: this one is closed (its autosave stays)."""
        self.session = None
        self.replay_gen += 1
        self.el("capital").hidden = True

    def setup_shown(self) -> None:
        self.el("capital").hidden = True

    def setup_hidden(self) -> None:
        self.el("capital").hidden = False
        self.refresh()

    def preload(self) -> None:
        """Nothing: Capital Risk's modules load when one of its games starts."""

    def booted(self) -> None:
        """Nothing: Capital Risk's forum codes are pasted, not opened from a link."""

    def value_of(self, element_id: str) -> str:
        """The text of a form field, or "" when this panel does not show it."""
        node = self.el(element_id)
        return str(node.value) if _found(node) else ""

    def restore(self) -> bool:
        from ui.capital.session import CapitalSession

        return bool(self.shell.resume(self.entry, CapitalSession.from_json, self.resumed))

    def resumed(self, session: Any) -> None:
        self.begin(session)
        self.message("Saved Capital Risk game restored.")

    def save(self) -> None:
        if self.session is None:
            return
        self.shell.autosave(self.entry, self.session.to_json())
        self.shell.note(self.entry.ruleset, self.session.state)

    # ------------------------------------------------------------ events

    def on_input(self, event: Any) -> None:
        target = event.target
        field = str(getattr(target, "id", ""))
        if self.session is not None and field in ("cap-count", "cap-surge-max"):
            if field == "cap-count":
                self.session.count = str(target.value)
            else:
                self.session.surge_max = str(target.value)
            self.save()

    def on_click(self, event: Any) -> None:
        target = event.target
        button: Any = target.closest("[data-action]")
        name = str(button.dataset.action) if _found(button) else ""
        if name == "cap-join":
            self.join()
            return
        if self.session is None:
            return
        from ui.shell.render import hit_territory, territory_at

        territory: Any = territory_at(target)
        if _found(territory) and self.el("board").contains(territory):
            self.territory(hit_territory(territory))
            return
        if name.startswith("cap-") and not getattr(button, "disabled", False):
            self.action(name, button)

    def on_key(self, event: Any) -> None:
        """Enter or Space on a focused territory is a click on it (keyboard play)."""
        if self.session is None or event.defaultPrevented or event.key not in ("Enter", " "):
            return
        active: Any = self.doc().activeElement
        territory = (
            getattr(getattr(active, "dataset", None), "territory", None) if _found(active) else None
        )
        if territory and self.el("board").contains(active):
            event.preventDefault()
            self.territory(str(territory))

    def territory(self, territory: str) -> None:
        from ui.capital.entry import EntryError

        session = self.session
        if session.stage != "entry":
            return
        try:
            self.message(session.click(territory))
        except EntryError as exc:
            self.message(str(exc), warn=True)
        self.save()
        self.refresh()

    def action(self, name: str, button: Any) -> None:
        from engine.errors import EngineError
        from ui.capital.entry import EntryError

        session = self.session
        try:
            if name == "cap-handover":
                session.acknowledge_handover()
                self.message("")
            elif name == "cap-mode":
                session.set_mode(str(button.dataset.mode))
            elif name == "cap-pick":
                self.territory(str(button.dataset.territoryId))
                return
            elif name == "cap-remove":
                session.remove(str(button.dataset.kind), int(button.dataset.index))
                self.message("Order removed.")
            elif name == "cap-clear":
                session.clear()
                self.message("Orders cleared.")
            elif name == "cap-card":
                self.message(session.pick_card(int(button.dataset.card)))
            elif name == "cap-trade":
                self.message(session.trade())
            elif name == "cap-seal":
                count = self.el("cap-count")
                if _found(count):
                    session.count = str(count.value)
                key = self.key() if session.where == "forum" else None
                self.message(session.seal(key))
                self.log_timing()
                self.maybe_autoplay()
            elif name in ("cap-replay-first", "cap-replay-back", "cap-replay-next"):
                session.replay_by_hand(name.removeprefix("cap-replay-"))
                self.replay_gen += 1  # the timer's pending step is dropped
            elif name in ("cap-replay-pause", "cap-replay-faster", "cap-replay-slower"):
                if name == "cap-replay-pause":
                    session.toggle_replay_pause()
                else:
                    session.change_replay_speed(name == "cap-replay-faster")
                self.replay_gen += 1
                self.maybe_autoplay()
            elif name == "cap-replay-skip":
                session.skip_replay()
                self.replay_gen += 1
            elif name == "cap-next-turn":
                session.next_turn()
                self.log_timing()
                self.maybe_autoplay()
            elif name in ("cap-copy-bbcode", "cap-copy-markdown"):
                self.copy("bbcode" if name == "cap-copy-bbcode" else "markdown")
                return
            elif name == "cap-claim":
                self.message(session.claim(int(button.dataset.seat), self.key()))
            elif name == "cap-load":
                self.message(session.paste_save(str(self.el("cap-paste").value)))
                self.maybe_autoplay()
            elif name == "cap-confirm-sealed":
                self.message(
                    session.confirm_sealed(str(self.el("cap-seen-seals").value), self.key())
                )
            elif name == "cap-unseal":
                session.sealed = session.reveal = ""
                session.stage = "entry"
                self.message(
                    "Enter new orders; post the new sealed code only if nobody has "
                    "revealed yet (a second commitment is refused).",
                    warn=True,
                )
            elif name == "cap-sign-deadline":
                self.message(
                    session.sign_deadline(str(self.el("cap-resolve-reveals").value), self.key())
                )
            elif name == "cap-resolve":
                started = time.perf_counter()
                self.message(
                    session.resolve_codes(
                        str(self.el("cap-resolve-sealed").value),
                        str(self.el("cap-resolve-reveals").value),
                        self.key(),
                        self.value_of("cap-resolve-deadlines"),
                    )
                )
                self.win().console.info(
                    f"capital: checked codes and resolved in "
                    f"{(time.perf_counter() - started) * 1000:.0f} ms"
                )
                self.maybe_autoplay()
        except (EngineError, ValueError) as exc:
            text = exc.message if isinstance(exc, EngineError) else str(exc)
            if isinstance(exc, EntryError):
                text = str(exc)
            self.message(text, warn=True)
        self.save()
        self.refresh()

    def copy(self, fmt: str) -> None:
        from ui.capital.panels import export_text

        box = self.el("cap-export-text")
        box.value = export_text(self.session, fmt)
        box.select()
        ok = bool(self.doc().execCommand("copy"))
        label = "BBCode" if fmt == "bbcode" else "Markdown"
        self.message(f"Report copied as {label}." if ok else f"Report as {label}: copy it below.")
        box.dataset.format = fmt

    def log_timing(self) -> None:
        timings = getattr(self.session, "timings", {})
        if timings:
            n = len(self.session.state.players)
            parts = ", ".join(f"{k} {v:.0f} ms" for k, v in sorted(timings.items()))
            self.win().console.info(f"capital: {n} factions: {parts}")

    # ------------------------------------------------------------ replay

    def maybe_autoplay(self) -> None:
        if self.session is None or self.session.stage != "replay" or self.session.replay_paused:
            return
        self.replay_gen += 1
        self.tasks.add(asyncio.ensure_future(self.autoplay(self.replay_gen)))

    async def autoplay(self, gen: int) -> None:
        while True:
            speed = self.session.replay_speed if self.session is not None else 1.0
            await asyncio.sleep(REPLAY_DELAY / speed)
            session = self.session
            if gen != self.replay_gen or session is None or session.stage != "replay":
                return
            session.replay_next()
            self.save()
            self.refresh()

    # ------------------------------------------------------------ drawing

    def message(self, text: str, warn: bool = False) -> None:
        self.shell.message(text, warn)

    def board(self) -> str:
        from types import SimpleNamespace

        from ui.capital import entry
        from ui.shell.render import render_map

        session = self.session
        state = session.state
        geometry = self.shell.geometry
        stars = {p.capital for p in state.players if p.capital and state.capitals_revealed}
        step = session.step
        if step is not None:
            shown = SimpleNamespace(
                owner=step.owner,
                armies=step.armies,
                players=state.players,
                map_id=state.map_id,
                phase=state.phase,
            )
            return render_map(
                shown, geometry, selected=step.focus, arrows=list(step.arrows), stars=stars
            )
        notes: dict[str, str] = {}
        arrows: list[tuple[str, str]] = []
        shown_state: Any = state
        if session.stage == "entry" and session.viewer is not None:
            f, draft = session.viewer, session.draft
            if draft.capital:
                stars.add(draft.capital)
            totals = entry.placed(draft)
            for t in state.owner:
                if state.owner[t] != f:
                    continue
                cap = entry.limit(state, f, t)
                if t in totals:
                    notes[t] = f"+{totals[t]}" + ("" if cap is None else f"/{cap}")
                elif session.mode == "place" and cap is not None:
                    notes[t] = f"0/{cap}"
            arrows = [(o, t) for o, t, _ in draft.attacks]
            if draft.surge is not None:
                arrows.append((draft.surge[0], draft.surge[1]))
            if draft.tactical_origin:
                arrows += [(draft.tactical_origin, d) for d, _ in draft.moves]
            mine = state.players[f].capital
            if mine:
                stars.add(mine)
            shown_state = SimpleNamespace(
                owner=state.owner,
                armies=entry.after_placement(state, f, draft),
                players=state.players,
                map_id=state.map_id,
                phase=state.phase,
            )
        return render_map(
            shown_state,
            geometry,
            highlight=session.highlight(),
            selected=session.selected,
            arrows=arrows,
            notes=notes,
            stars=stars,
        )

    def svg_href(self) -> str:
        from ui.capital.export import data_url, map_svg

        session = self.session
        report = session.state.last_report
        if self.svg_cache[0] is report:
            return self.svg_cache[1]
        state = session.state
        stars = {p.capital for p in state.players if p.capital and state.capitals_revealed}
        title = f"Capital Risk — {(report or {}).get('title', '')}"
        href = data_url(map_svg(state, self.shell.geometry, title, stars))
        self.svg_cache = (report, href)
        return href

    def refresh(self) -> None:
        session = self.session
        if session is None:
            return
        from ui.capital import panels

        body = self.doc().body.dataset
        body.capStage = session.stage
        body.capTurn = str(session.state.turn)
        body.capPhase = session.state.phase.value
        body.capViewer = "" if session.viewer is None else str(session.viewer)
        active: Any = self.doc().activeElement
        focused = (
            getattr(getattr(active, "dataset", None), "territory", None) if _found(active) else None
        )
        board = self.el("board")
        board.innerHTML = self.board()
        if focused:  # keyboard play goes on from the territory just used
            again = board.querySelector(f'[data-territory="{focused}"]')
            if _found(again):
                again.focus()
        self.el("cap-status").innerHTML = panels.status_html(session)
        main = ""
        if session.stage == "entry":
            main = panels.entry_html(session)
        elif session.stage == "replay":
            main = panels.replay_html(session)
        elif session.stage == "report":
            main = panels.report_panel_html(session, self.svg_href())
        elif session.stage == "sealed":
            main = panels.sealed_html(session)
        elif session.stage == "handover":
            main = "<p>Waiting for the next faction…</p>"
        elif session.stage == "claim":
            main = "<p>Claim your faction below to play.</p>"
        main_box = self.el("cap-main")
        main_box.innerHTML = main
        main_box.hidden = not main
        url = str(self.win().location.href)
        side = panels.forum_html(session, url) if session.where == "forum" else ""
        self.el("cap-side").innerHTML = side + panels.log_html(session)
        overlay = self.el("cap-overlay")
        show = session.stage == "handover"
        overlay.hidden = not show
        overlay.innerHTML = panels.handover_html(session) if show else ""
        if show:
            button = overlay.querySelector("button")
            if _found(button):
                button.focus()


PAGE = CapitalPage
