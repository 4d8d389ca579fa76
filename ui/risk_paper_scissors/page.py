"""The Risk, Paper, Scissors page (runs in Pyodide): wires its controls to its session.

The shell (:mod:`ui.shell.page`) owns the layout, the new-game form and the start-up;
this page reads the DOM, calls the pure modules (session, entry, panels, email_bids and
the renderer's render, battle_view and scoring_view) and writes their HTML back.  The
engine is imported lazily: the page module is imported before Pyodide has the engine.
"""

from __future__ import annotations

import secrets
from typing import Any

from ui.pages import PageEntry
from ui.shell.dom import BrowserPage, focused_territory, form_fields, found, redraw_board
from ui.shell.sequential_page import SequentialPage

PANEL = "risk_paper_scissors"


class RpsPage(SequentialPage, BrowserPage):
    """The page around a :class:`ui.risk_paper_scissors.session.Session`."""

    panel = PANEL
    computer_delay = 0.35

    def __init__(self, shell: Any, entry: PageEntry) -> None:
        from ui.shell.pbem_page import EmailPage

        self.shell = shell
        self.entry = entry
        self.session: Any = None
        self.tasks: set[Any] = set()
        self.running = False
        self.skipping = False
        self.scoring_closed = False
        self.choice: Any = None  # the email dialogs reset these after a code
        self.picked: set[int] = set()
        self.email = EmailPage(self)

    # ------------------------------------------------------------ the shell's contract

    def wire(self) -> None:
        listen = self.shell.listen
        listen(self.doc(), "click", self.on_click)
        listen(self.doc(), "submit", self.on_submit)
        listen(self.doc(), "keydown", self.on_key)

    def preload(self) -> None:
        """Nothing: this ruleset's modules load when one of its games starts."""

    def booted(self) -> None:
        self.kick_computers()

    def session_class(self) -> Any:
        from ui.risk_paper_scissors.session import Session

        return Session

    def open_link(self, text: str) -> bool:
        """A ``#game=`` link of a Risk, Paper, Scissors save: this page's email dialog
        opens it (False for any other ruleset's code)."""
        from engine.savecode import decode_code
        from ui.shell.pbem import extract_code

        try:
            ruleset = decode_code(extract_code(text)).payload.get("rs")
        except Exception:  # not readable here: the other loaders say why
            return False
        if ruleset != self.entry.ruleset:
            return False
        self.email.load_text = text
        self.email.dialog = "load"
        self.email.check_code()
        return True

    def start_from_form(self) -> None:
        from engine.errors import EngineError
        from ui.risk_paper_scissors.form import read_rps_form
        from ui.risk_paper_scissors.session import Session

        text, checked = form_fields(self.el("new-game-form"))
        error = self.el("setup-error")
        try:
            players, options, seed, where = read_rps_form(text, checked)
        except ValueError as exc:
            error.textContent = str(exc)
            return
        seed = seed or secrets.token_hex(6)
        try:
            session = Session.new(players, options, seed)
            if where == "email":
                from ui.shell import pbem

                game = pbem.create(session.state, self.email.key(), secrets.token_hex(8))
                session.attach_pbem(game)
                self.email.dialog = "send" if game.outbox else None
        except (ValueError, EngineError) as exc:
            error.textContent = str(getattr(exc, "message", exc))
            return
        self.started(session, f"Risk, Paper, Scissors started (seed {seed}).")

    def begin(self, session: Any) -> None:
        self.shell.activate(self)
        self.session = session
        self.skipping = False
        self.scoring_closed = False
        self.el(PANEL).hidden = False
        self.doc().body.dataset.ruleset = self.entry.ruleset

    def deactivate(self) -> None:
        self.session = None
        self.el(PANEL).hidden = True
        self.el("handover").hidden = True

    def setup_shown(self) -> None:
        self.el(PANEL).hidden = True

    def setup_hidden(self) -> None:
        self.el(PANEL).hidden = False
        self.refresh()

    def resumed(self, session: Any) -> None:
        self.begin(session)
        self.refresh()
        self.message("Saved Risk, Paper, Scissors game restored.")
        self.kick_computers()

    def save(self) -> None:
        session = self.session
        if session is None:
            return
        from ui.risk_paper_scissors.email_bids import turn_due, with_resolution

        game = session.pbem
        before = None if game is None else game.outbox
        if turn_due(session):
            self.seal_turn()
        else:
            self.email.seal_if_due()
        if game is not None and game.outbox != before:
            with_resolution(session)
        self.shell.autosave(self.entry, session.to_json())

    def seal_turn(self) -> None:
        """The year's last turn was played here: sign it now, since the sealed bid that
        follows is everyone's (the shell's rule would wait for the next actor)."""
        from ui.shell import pbem

        try:
            pbem.seal(self.session.pbem, self.session.state, self.email.key())
        except Exception as exc:
            self.message(f"Could not sign the turn: {exc}", warn=True)
            return
        self.email.dialog = "send"

    # ------------------------------------------------------------ events

    def on_click(self, event: Any) -> None:
        target = event.target
        button: Any = target.closest("[data-action]")
        usable = found(button) and button.tagName != "FORM"
        if usable and getattr(button, "disabled", False):
            usable = False
        name = str(button.dataset.action) if usable else ""
        if name.startswith("pbem-"):
            self.email.action(name, button)  # answers only when the dialogs are this page's
            return
        if self.session is None:
            return
        from ui.shell.render import hit_territory, territory_at

        territory: Any = territory_at(target)
        if found(territory) and self.el("board").contains(territory):
            self.territory_clicked(hit_territory(territory))
        elif name.startswith("rps-"):
            self.action(name[4:], button)

    def on_key(self, event: Any) -> None:
        if event.defaultPrevented or self.session is None:
            return
        key = event.key
        if key == "Escape" and self.email.dialog is not None:
            self.email.close_dialog()
            return
        active, territory = focused_territory()
        if key in ("Enter", " ") and territory and self.el("board").contains(active):
            event.preventDefault()
            self.territory_clicked(territory)
            return
        if key == "Escape":
            self.session.draft.clear_force()
            self.message("Selection cleared.")
            self.refresh()

    def on_submit(self, event: Any) -> None:
        form = event.target
        action = str(getattr(form.dataset, "action", "") or "")
        if self.session is None or not action.startswith("rps-"):
            return
        event.preventDefault()
        from engine.rulesets.risk_paper_scissors.orders import Bid

        elements = form.elements
        raw = str(elements.namedItem("amount").value or "0").strip()
        if not raw.isdigit():
            self.message(f"A bid is a whole number of energy, not {raw!r}.", warn=True)
            return
        slots: list[int] = []
        for n in range(1, 6):
            field = elements.namedItem(f"slot{n}")
            if found(field) and str(field.value) and int(str(field.value)) not in slots:
                slots.append(int(str(field.value)))
        session = self.session
        if action == "rps-bid":
            self.play(Bid(session.state.current, int(raw), tuple(slots)))
        elif action == "rps-seal-bid":
            self.seal_bid(Bid(session.pbem.seat, int(raw), tuple(slots)))

    def territory_clicked(self, territory: str) -> None:
        from ui.risk_paper_scissors import entry

        click = entry.click(self.session, territory)
        if click.order is not None:
            self.play(click.order)
            return
        self.message(click.message, warn=click.warn)
        self.save()
        self.refresh()

    def action(self, name: str, button: Any) -> None:
        from engine.rulesets.risk_paper_scissors import orders as o
        from ui.risk_paper_scissors import entry

        if name in self.TURN_ACTIONS:
            self.turn_action(name)
            return
        session = self.session
        draft = session.draft
        data = button.dataset
        if name == "cancel":
            draft.clear_force()
        elif name == "setup":
            from ui.risk_paper_scissors.cautions import placement_replaced
            from ui.shell.warnings import Caution, confirm_then

            replaced = placement_replaced(draft)
            confirm_then(
                None if replaced is None else Caution("placement", replaced),
                lambda: self.play(entry.setup_order(session)),
            )
            return
        elif name == "setup-manual":
            self.play(entry.manual_setup_order(session))
            return
        elif name == "place-step":
            entry.place_step(session, str(data.unit), int(str(data.delta)))
        elif name == "setup-hq":
            draft.headquarters = draft.buy_at
        elif name == "setup-station":
            draft.station = draft.buy_at
        elif name == "buy-step":
            unit = str(data.unit)
            draft.buy[unit] = max(0, draft.buy[unit] + int(str(data.delta)))
        elif name == "buy-units":
            if draft.buy_at is None:
                self.message("Tap one of your territories to buy on first.", warn=True)
            else:
                self.play(o.BuyUnits(draft.buy_at, **draft.buy))
                return
        elif name in ("hire", "station"):
            if draft.buy_at is None:
                self.message("Tap the territory it goes on first.", warn=True)
            elif name == "hire":
                self.play(o.HireCommander(str(data.commander), draft.buy_at))
                return
            else:
                self.play(o.BuildStation(draft.buy_at))
                return
        elif name == "buy-card":
            self.play(o.BuyCard(str(data.card)))
            return
        elif name == "end-purchase":
            self.play(o.EndPurchase())
            return
        elif name == "force-step":
            entry.adjust_force(session, str(data.unit), int(str(data.delta)))
        elif name == "commit":
            order = entry.force_order(session.state, draft)
            if order is not None:
                self.play(order)
            return
        elif name == "card":
            self.choose_card(str(data.card))
            return
        elif name == "card-commit":
            fields: dict[str, Any] = {}
            for key in ("unit_class", "e", "j"):
                value = getattr(data, "unitClass" if key == "unit_class" else key, None)
                if found(value) and value is not None:
                    fields[key] = str(value) if key == "unit_class" else int(str(value))
            card = entry.card_order(session, **fields)
            if card is not None:
                self.play(card)
            return
        elif name == "losses":
            self.play(session.legal()[int(str(data.index))])
            return
        elif name == "end-turn":
            self.play(o.EndTurn())
            return
        elif name == "scoring":
            self.scoring_closed = False
        elif name == "close-scoring":
            self.scoring_closed = True
        elif name.startswith("email-"):
            self.email_bid_action(name[6:])
            return
        self.save()
        self.refresh()

    def choose_card(self, card_id: str) -> None:
        """A card from the hand: played at once, or its target chosen on the map next."""
        from engine.rulesets.risk_paper_scissors.cards import CARDS, Timing
        from engine.rulesets.risk_paper_scissors.orders import PlayCard
        from ui.risk_paper_scissors.entry import TARGETED_CARDS

        session = self.session
        card = CARDS[card_id]
        if card.timing is Timing.ARMED or card_id in TARGETED_CARDS:
            session.draft.clear_force()
            session.draft.card = card_id
            verb = "arm it on" if card.timing is Timing.ARMED else "play it on"
            self.message(f"{card.name}: tap the territory to {verb}.")
            self.save()
            self.refresh()
            return
        from ui.risk_paper_scissors.cautions import card_yields_nothing
        from ui.shell.warnings import Caution, confirm_then

        nothing = card_yields_nothing(session.state, session.state.current, card_id)
        confirm_then(
            None if nothing is None else Caution("card", nothing),
            lambda: self.play(PlayCard(card_id)),
        )

    def play(self, order: Any) -> None:
        from engine.errors import EngineError

        session = self.session
        try:
            session.play(order)
        except EngineError as exc:
            self.message(exc.message, warn=True)
            self.refresh()
            return
        self.message(self.latest_line())
        self.save()
        self.refresh()
        self.kick_computers()

    # ------------------------------------------------------------ the email bid

    def seal_bid(self, bid: Any) -> None:
        from engine.errors import EngineError
        from ui.risk_paper_scissors import email_bids

        session = self.session
        try:
            sealed, reveal = email_bids.seal_bid(session.pbem, bid, self.email.key())
        except EngineError as exc:
            self.message(exc.message, warn=True)
            return
        session.bid_round = {"year": session.state.turn, "sealed": sealed, "reveal": reveal}
        self.message("Bid sealed: post the sealed code to the other players.")
        self.save()
        self.refresh()

    def email_bid_action(self, name: str) -> None:
        from engine.errors import EngineError
        from ui.risk_paper_scissors import email_bids

        session = self.session
        box = self.el("rps-codes")
        pasted = str(box.value) if found(box) else ""
        key = self.email.key()
        try:
            step = email_bids.paste_page(session.pbem, session.bid_round, pasted, key)
            if step.resolution is None:
                session.bid_round = {**step.round, "note": step.note}
                self.message(step.note)
            else:
                resolution = step.resolution
                email_bids.adopt_resolution(session.pbem, resolution)
                session.pbem.outbox = None  # every page resolved alike: nothing to send
                session.adopt(resolution.state, resolution.events, "— Bids resolved")
                session.bid_round = step.round
                self.message(step.note)
        except (EngineError, KeyError) as exc:
            self.message(str(getattr(exc, "message", exc)), warn=True)
            return
        self.save()
        self.refresh()
        self.kick_computers()

    # ------------------------------------------------------------ drawing

    def record_board(self, state: Any, taken: set[str]) -> str:
        """The shell's replay draws this ruleset's board: the public view (no hand, no
        armed card), conquests marked."""
        from ui.risk_paper_scissors.render import render_board

        return render_board(state, highlights={t: "flash-taken" for t in taken})

    def refresh(self) -> None:
        session = self.session
        if session is None:
            return
        from ui.risk_paper_scissors import before_moves, entry, panels, views

        state = session.state
        body = self.doc().body.dataset
        self.mark_turn(body)
        body.year = str(state.turn)
        plan = entry.plan(state, session.draft) if session.human_turn else None
        redraw_board(self.el("board"), views.board_svg(session, plan))
        self.shell.note(self.entry.ruleset, state)  # record, motion, while away
        self.el("rps-status").innerHTML = views.status_html(session)
        self.el("rps-turn").innerHTML = panels.turn_html(session)
        preview = views.battle_preview(session, plan)
        controls = panels.controls_html(session, plan, preview)
        if session.sealed_round:
            controls = before_moves.email_bid_html(session)
        self.el("rps-controls").innerHTML = controls
        self.el("rps-hand").innerHTML = panels.hand_html(session)
        log = self.el("rps-log")
        log.innerHTML = panels.log_html(session)
        lines = log.querySelector("ol")
        if found(lines):
            lines.scrollTop = lines.scrollHeight  # the newest line in view
        self.show_handover(panels.handover_html)
        self.show_email_status(body, "rps-turn", "rps-controls")
        self.email.draw_dialog()
        self.show_winner(self.scoring_closed, views.scoring_html)


PAGE = RpsPage
