"""The Capital Risk page (runs in Pyodide): the shell (:mod:`ui.shell.page`) builds one
:class:`CapitalPage` from the registry (:mod:`ui.pages`) and hands it the game when the
form's Rules select says Capital Risk or when a Capital Risk autosave is there.

The stages, the forum card and the replay's timer are the shell's
(:class:`ui.shell.sealed_page.SealedOrdersPage`); here are Capital Risk's form, order
controls, board and report.  The engine is imported lazily (the page module is imported
before Pyodide has loaded the engine).
"""

from __future__ import annotations

from typing import Any

from ui.pages import PageEntry
from ui.shell.dom import found as _found
from ui.shell.sealed_page import SealedOrdersPage

REPLAY_DELAY = 1.3  # seconds per replay step


class CapitalPage(SealedOrdersPage):
    """The page around a :class:`ui.capital.session.CapitalSession`."""

    panel = "capital"
    PREFIX = "cap-"
    DATASET = "cap"
    ORDERS_VERB = "Enter"

    def __init__(self, shell: Any, entry: PageEntry) -> None:
        super().__init__(shell, entry)
        self.svg_cache: tuple[Any, str] = (None, "")

    # ------------------------------------------------------------ hooks

    def session_type(self) -> Any:
        from ui.capital.session import CapitalSession

        return CapitalSession

    def read_form(self, text: Any, checked: Any) -> tuple[Any, dict[str, Any], str, str, int]:
        from ui.capital.form import read_capital_form

        return read_capital_form(text, checked)

    def panels(self) -> Any:
        from ui.capital import panels

        return panels

    def entry_refusal(self) -> type[Exception]:
        from ui.capital.entry import EntryError

        return EntryError

    def take_count(self, session: Any) -> None:
        count = self.el("cap-count")
        if _found(count):
            session.count = str(count.value)

    def replay_wait(self, session: Any) -> float:
        speed = session.replay_speed if session is not None else 1.0
        return REPLAY_DELAY / speed

    def replay_advance(self, session: Any) -> bool:
        session.replay_next()
        return True  # the timer goes on until the replay's stage ends

    def timing_label(self) -> str:
        return f"capital: {len(self.session.state.players)} factions"

    def report_html(self, session: Any, panels: Any) -> str:
        return str(panels.report_panel_html(session, self.svg_href()))

    # ------------------------------------------------------------ events

    def on_input(self, event: Any) -> None:
        target = event.target
        field = str(getattr(target, "id", ""))
        if self.session is not None and field == "cap-warn-below":
            self.change_threshold(str(target.value))
            return
        if self.session is not None and field in ("cap-count", "cap-surge-max"):
            if field == "cap-count":
                self.session.count = str(target.value)
            else:
                self.session.surge_max = str(target.value)
            self.save()

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
            self.tap(str(territory))

    def tap(self, place: str) -> None:
        """A territory tapped; an order that needs a warning first is asked in the shell's
        dialog (:mod:`ui.shell.warnings`) and written only on "Go on anyway"."""
        super().tap(place)
        session = self.session
        if session is not None and session.asking is not None:
            from ui.shell.warnings import Caution, ask

            ask(
                Caution(session.warning_case(), session.asking[3]),
                lambda: self.answer_warning(True),
                lambda: self.answer_warning(False),
            )

    def answer_warning(self, go_on: bool) -> None:
        refusal = self.entry_refusal()
        try:
            self.message(self.session.answer_warning(go_on))
        except refusal as exc:
            self.message(str(exc), warn=True)
        self.save()
        self.refresh()

    def change_threshold(self, value: str) -> None:
        """The warning threshold changed: kept on this device, for every ruleset."""
        from dataclasses import replace

        from ui.shell.dom import store, stored
        from ui.shell.odds_setting import SETTINGS_KEY, AttackSettings

        settings = AttackSettings.from_text(stored(SETTINGS_KEY))
        number = int(value) if value.isdigit() else 0
        store(SETTINGS_KEY, replace(settings, warn_below=min(number, 99)).to_text())
        self.message(
            f"You will be asked before writing attacks below {number}%."
            if number
            else "No warning before attacks."
        )
        self.refresh()

    def refresh(self) -> None:
        if self.session is not None:
            from ui.shell.dom import stored
            from ui.shell.odds_setting import SETTINGS_KEY, AttackSettings

            self.session.warn_below = AttackSettings.from_text(stored(SETTINGS_KEY)).warn_below
        super().refresh()

    def own_action(self, act: str, button: Any, session: Any) -> bool:
        if act == "pick":
            self.tap(str(button.dataset.territoryId))
            return True
        if act == "remove":
            session.remove(str(button.dataset.kind), int(button.dataset.index))
            self.message("Order removed.")
        elif act == "card":
            self.message(session.pick_card(int(button.dataset.card)))
        elif act == "trade":
            self.message(session.trade())
        elif act in ("replay-first", "replay-back", "replay-next"):
            session.replay_by_hand(act.removeprefix("replay-"))
            self.replay_gen += 1  # the timer's pending step is dropped
        elif act in ("replay-pause", "replay-faster", "replay-slower"):
            if act == "replay-pause":
                session.toggle_replay_pause()
            else:
                session.change_replay_speed(act == "replay-faster")
            self.replay_gen += 1
            self.maybe_autoplay()
        elif act == "next-turn":
            self.go_on(session, session.next_phase_steps())
        return False

    # ------------------------------------------------------------ drawing

    def board(self) -> str:
        from types import SimpleNamespace

        from ui.capital import entry
        from ui.capital.replay import step_callouts
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
                shown,
                geometry,
                selected=step.focus,
                arrows=list(step.arrows),
                stars=stars,
                callouts=step_callouts(step),
            )
        notes: dict[str, str] = {}
        orders: list[Any] = []
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
            orders = entry.order_arrows(state, f, draft)
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
            viewer=session.viewer,
            notes=notes,
            orders=orders,
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

    def draw_board(self) -> None:
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


PAGE = CapitalPage
