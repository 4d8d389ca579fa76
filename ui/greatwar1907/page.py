"""The Great War 1907 page (runs in Pyodide): the shell (:mod:`ui.shell.page`) builds one
:class:`GreatWarPage` from the registry (:mod:`ui.pages`) and hands it the game when the
form's Rules select says The Great War 1907 or when its autosave is there.

The stages, the forum card and the replay's timer are the shell's
(:class:`ui.shell.sealed_page.SealedOrdersPage`); here are the Great War's form, order
controls (trade, diplomacy, leaders, overlays), board and report.  Everything else is in
the pure modules (session, entry, panels, the renderer).  The engine is imported lazily.
"""

from __future__ import annotations

import time
from typing import Any

from ui.shell.dom import found as _found
from ui.shell.sealed_page import SealedOrdersPage

REPLAY_DELAY = 1.6  # seconds per replay step


class GreatWarPage(SealedOrdersPage):
    """The page around a :class:`ui.greatwar1907.session.GreatWarSession`."""

    panel = "greatwar1907"
    PREFIX = "gw-"
    DATASET = "gw"
    ORDERS_VERB = "Write"
    preview = ""

    # ------------------------------------------------------------ hooks

    def session_type(self) -> Any:
        from ui.greatwar1907.session import GreatWarSession

        return GreatWarSession

    def read_form(self, text: Any, checked: Any) -> tuple[Any, dict[str, Any], str, str, int]:
        from ui.greatwar1907.form import read_greatwar_form

        return read_greatwar_form(text, checked)

    def panels(self) -> Any:
        from ui.greatwar1907 import panels

        return panels

    def entry_refusal(self) -> type[Exception]:
        from ui.greatwar1907.drafts import EntryError

        return EntryError

    def take_count(self, session: Any) -> None:
        session.count = self.value_of("gw-count") or session.count

    def replay_wait(self, session: Any) -> float:
        return float(session.replay().delay * REPLAY_DELAY) if session else 0.0

    def replay_advance(self, session: Any) -> bool:
        return bool(session.replay_tick())

    def report_html(self, session: Any, panels: Any) -> str:
        return str(panels.report_html(session))

    def status_html(self, session: Any, panels: Any) -> str:
        return str(panels.status_html(session) + panels.overlay_buttons(session))

    def side_extra_html(self, session: Any, panels: Any) -> str:
        if session.stage != "entry":  # while writing, the Diplomacy mode shows the matrix
            return str(panels.diplomacy_html(session))
        return ""

    # ------------------------------------------------------------ events

    def on_input(self, event: Any) -> None:
        target = event.target
        field = str(getattr(target, "id", ""))
        if self.session is None:
            return
        if field == "gw-count":
            self.session.count = str(target.value)
            self.save()
        elif field in ("gw-cargo", "gw-ships-in"):
            self.session.sub_counts[field.removeprefix("gw-").replace("-", "_")] = str(target.value)
            self.save()
        elif field.startswith("gw-trade-") and field != "gw-trade-check":
            name = field.removeprefix("gw-trade-").replace("-", "_")
            check = self.session.set_trade_field(name, str(target.value))
            self.save()
            if name in ("with", "give", "get"):  # the lists change: draw the panel again
                self.refresh()
                return
            box = self.el("gw-trade-check")
            if _found(box):  # only the check line changes: the field keeps its focus
                box.textContent = check
                box.className = "warn small" if check.startswith("Refused") else "muted small"

    def tap(self, place: str) -> None:
        """A province or sea tapped: an order that leaves a province you took exposed is
        asked first in the shell's dialog (:mod:`ui.shell.warnings`); "Go back" writes
        nothing."""
        from ui.shell.warnings import Caution, ask

        session = self.session
        if session is not None and session.stage == "entry":
            caution = session.click_caution(place)
            if caution is not None:
                ask(Caution("took", caution), lambda: SealedOrdersPage.tap(self, place))
                return
        super().tap(place)

    def on_key(self, event: Any) -> None:
        """Enter or Space on a focused province or sea (a legal destination) taps it."""
        if self.session is None or str(event.key) not in ("Enter", " "):
            return
        target = event.target
        place = str(getattr(target.dataset, "id", "") or "") if _found(target) else ""
        if place and self.el("board").contains(target):
            event.preventDefault()
            self.tap(place)

    def own_action(self, act: str, button: Any, session: Any) -> bool:
        if act == "overlay":
            session.toggle_overlay(str(button.dataset.overlay))
        elif act == "leader":
            self.message(session.toggle_leader(str(button.dataset.leader)))
        elif act == "remove":
            session.remove(str(button.dataset.section), int(button.dataset.index))
            self.message("Order removed.")
        elif act == "change":
            self.message(session.change(str(button.dataset.section), int(button.dataset.index)))
        elif act == "diplomacy":
            self.message(
                session.diplomacy(str(getattr(button.dataset, "with")), str(button.dataset.to))
            )
        elif act == "trade":
            for key in ("give_pp", "get_pp"):
                session.set_trade_field(key, self.value_of(f"gw-trade-{key.replace('_', '-')}"))
            self.message(session.offer_trade())
        elif act == "trade-drop":
            side = str(button.dataset.side)
            session.set_trade_field(f"{side}_drop", str(button.dataset.province))
        elif act == "passage":
            grant = str(button.dataset.grant) == "true"
            self.message(session.passage(str(button.dataset.nation), grant))
        elif act == "drop":
            self.message(session.drop_ally(str(button.dataset.nation)))
        elif act == "seal-ask":
            self.take_count(session)
            if session.ask_seal():  # nothing is lost: seal as the plain button does
                self.action("gw-seal", button)
                return True
            from ui.shell.warnings import Caution, ask

            caution = session.seal_caution()
            if caution is not None:
                ask(Caution("unspent", caution), lambda: self.action("gw-seal", button))
            session.seal_question = False
        elif act == "past-report":
            session.show_report(int(button.dataset.index))
        elif act == "pay-first":
            self.message(session.pay_first(str(button.dataset.province) or None))
        elif act.startswith("replay-"):
            session.replay_control(act.removeprefix("replay-"))
            self.replay_gen += 1  # a step by hand restarts the timer's wait: no race
            self.maybe_autoplay()
        elif act == "next":
            self.go_on(session, session.next_phase_steps())
        return False

    # ------------------------------------------------------------ drawing

    def board(self) -> str:
        from ui.greatwar1907 import replay, review
        from ui.greatwar1907.render import render_board

        session = self.session
        frame = session.frame
        if frame is not None:
            return render_board(
                frame.state,
                overlays=frozenset(session.overlays),
                highlights=dict(frame.highlights),
                callouts=replay.frame_callouts(frame),
            )
        return render_board(
            session.state,
            viewer=session.nation,
            overlays=frozenset(session.overlays),
            selected=session.selected,
            targets=tuple(session.highlight()),
            orders=review.order_arrows(session.state, session.viewer, session.draft),
        )

    def preview_board(self) -> str:
        """The map of 1907 as a new game starts, shown while the form has these rules
        chosen (before any game is shown)."""
        if not self.preview:
            from engine.core import PlayerSpec, find_ruleset
            from ui.greatwar1907.render import render_board

            specs = [PlayerSpec(f"Nation {i + 1}", "easy") for i in range(8)]
            self.preview = render_board(find_ruleset("greatwar1907").new_game(specs, {}, "map"))
        return self.preview

    def record_board(self, state: Any, taken: set[str]) -> str:
        """A position of the game record (the shell's dialog) on this ruleset's map."""
        from ui.greatwar1907.render import render_board

        return render_board(state, highlights={t: "conquered" for t in taken})

    def refresh(self) -> None:
        started = time.perf_counter()
        super().refresh()
        if self.session is not None:
            self.doc().body.dataset.gwPaintMs = f"{(time.perf_counter() - started) * 1000:.0f}"


PAGE = GreatWarPage
