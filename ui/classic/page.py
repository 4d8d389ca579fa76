"""The Classic page (runs in Pyodide): wires Classic's controls to its session.

The shell (:mod:`ui.shell.page`) owns the layout, the new-game form and the start-up;
this page holds what is particular to Classic: the board clicks, the order buttons, its
autosave and the play-by-email dialogs of its games (the computer pacing and the panels
every sequential game has are :mod:`ui.shell.sequential_page`'s).

All game logic lives in pure modules (ui.classic.controller, ui.classic.views,
ui.classic.panels, ui.shell.render); this file only reads the DOM, calls them and writes
their HTML back.
"""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from typing import Any

from pyscript import document, window

from ui.pages import PageEntry
from ui.shell.dom import el, focused_territory, form_fields, found, redraw_board, store, stored
from ui.shell.pbem_page import EmailPage
from ui.shell.sequential_page import SequentialPage

BLITZ_SLICE = 0.06  # seconds of blitz rolls between redraws
BLITZ_PAUSE = 0.05  # seconds the page shows each slice's dice before the next


class ClassicPage(SequentialPage):
    """The page around a Classic session: selection UI, tabs, armies placed at random."""

    panel = "game"
    computer_delay = 0.45

    def __init__(self, shell: Any, entry: PageEntry) -> None:
        self.shell = shell  # ui.shell.page.Shell: geometry, message line, one game shown
        self.entry = entry
        self.session: Any = None
        self.choice: Any = None
        self.picked: set[int] = set()
        self.tab = "log"
        self.skipping = False
        self.running = False
        self.winner_closed = False
        self.auto_place: set[int] = set()
        """Seats whose remaining setup armies are placed at random (their choice)."""
        self.tasks: set[Any] = set()
        self.email = EmailPage(self)  # play by email / forum (issue 4)
        self.asking: Any = None
        """The click of an attack below the warning threshold, waiting for an answer."""
        self.blitz: Any = None
        """The blitz under way (ui.classic.attack.Blitz), or None."""
        self.blitz_running = False

    @property
    def active(self) -> bool:
        return self.session is not None

    @property
    def geometry(self) -> dict[str, Any]:
        return self.shell.geometry  # type: ignore[no-any-return]

    # ------------------------------------------------------------ wiring

    def wire(self) -> None:
        listen = self.shell.listen
        listen(document, "click", self.on_click)
        listen(document, "keydown", self.on_key)
        listen(document, "submit", self.on_submit)
        listen(document, "input", self.on_input)
        listen(document, "change", self.on_change)
        listen(window, "hashchange", lambda event: self.email.open_hash())

    def preload(self) -> None:
        import ui.classic.controller
        import ui.classic.panels  # noqa: F401  (imported now so the first click is fast)

        self.sync_form()

    def booted(self) -> None:
        self.email.open_hash()
        self.kick_computers()

    def session_class(self) -> Any:
        from ui.classic.controller import Session

        return Session

    def on_click(self, event: Any) -> None:
        target = event.target
        from ui.shell.render import hit_territory, territory_at

        territory: Any = territory_at(target)
        if found(territory) and self.session is not None and el("board").contains(territory):
            self.territory_clicked(hit_territory(territory))
            return
        button: Any = target.closest("[data-action]")
        if not found(button) or button.tagName == "FORM" or getattr(button, "disabled", False):
            return
        self.action(str(button.dataset.action), button)

    def on_key(self, event: Any) -> None:
        key = event.key
        if event.defaultPrevented:
            return
        if key == "Escape" and self.email.dialog is not None:
            self.email.close_dialog()
            return
        _, territory = focused_territory()
        if key in ("Enter", " ") and territory and self.session is not None:
            event.preventDefault()
            self.territory_clicked(territory)
            return
        if key == "Escape" and self.asking is not None:
            self.attack_answer("odds-cancel")
            return
        if key == "Escape" and self.session is not None:
            self.choice = None
            self.session.selected = None
            self.message("Selection cleared.")
            self.refresh()

    def on_input(self, event: Any) -> None:
        target = event.target
        form: Any = target.closest("form.chooser")
        if not found(form):
            return
        other = "count" if target.name == "range" else "range"
        form.elements.namedItem(other).value = target.value

    def on_change(self, event: Any) -> None:
        target = event.target
        if self.session is not None and str(getattr(target, "name", "")) in (
            "warn-below",
            "blitz-keep",
        ):
            self.change_setting(str(target.name), str(target.value))
            return
        form: Any = target.closest("form")
        if found(form) and form.id == "new-game-form":
            self.sync_form()

    def change_setting(self, name: str, value: str) -> None:
        """The warning threshold or the blitz's army stop changed: kept on this device."""
        from dataclasses import replace

        from ui.shell.odds_setting import SETTINGS_KEY

        settings = self.session.attack_settings
        try:
            number = int(value)
        except ValueError:
            self.message("Type a whole number of armies for the blitz to stop at.", warn=True)
            self.refresh()
            return
        if name == "warn-below":
            settings = replace(settings, warn_below=min(max(number, 0), 99))
            self.message(
                f"You will be asked before attacks below {number}%; a blitz stops there too."
                if number
                else "No warning before attacks."
            )
        else:
            settings = replace(settings, blitz_keep=max(number, 1))
            self.message(f"A blitz stops when your territory is down to {max(number, 1)} armies.")
        self.session.attack_settings = settings
        store(SETTINGS_KEY, settings.to_text())
        self.refresh()

    def sync_form(self) -> None:
        """Offer only what the engine accepts: Special setup needs random territory
        selection (RULINGS §1), so it is unticked and disabled when the choices make the
        selection manual."""
        from ui.classic.form import special_setup_allowed

        text, checked = form_fields(el("new-game-form"))
        form = el("new-game-form")
        box = form.elements.namedItem("special_setup")
        allowed = special_setup_allowed(text, checked)
        if not allowed:
            box.checked = False
        box.disabled = not allowed
        el("special-setup-note").hidden = allowed

    def on_submit(self, event: Any) -> None:
        form = event.target
        if form.id == "new-game-form":
            return  # the shell's
        action = str(form.dataset.action or "")
        if action not in ("move-in", "free-move"):
            return  # another page's form
        event.preventDefault()
        count = int(form.elements.namedItem("count").value or 0)
        if action == "move-in":
            self.play_click(self.session.move_in(count))
        elif action == "free-move" and self.choice is not None:
            from engine.rulesets.classic.orders import FreeMove

            choice = self.choice
            self.choice = None
            self.play(FreeMove(choice.origin, choice.target, count))

    # ------------------------------------------------------------ actions

    def action(self, name: str, button: Any) -> None:
        session = self.session
        if name.startswith("pbem-"):
            self.email.action(name, button)
            return
        if session is None or name.startswith("position-"):  # the shell's dialog
            return
        if name in self.TURN_ACTIONS:
            self.turn_action(name)
            return
        if name in ("odds-go", "odds-cancel", "blitz-stop"):
            self.attack_answer(name)
            return
        if self.blitz_running:
            self.message("A blitz is under way: wait for it, or press Stop.", warn=True)
            return
        if name == "set-count":
            session.place_count = int(button.dataset.count)
        elif name == "set-dice":
            session.dice = int(button.dataset.dice)
        elif name == "set-mode":
            session.mode = str(button.dataset.mode)
        elif name == "attack-target":
            self.territory_clicked(str(button.dataset.target))
            return
        elif name in ("end-attack", "end-turn"):
            order = next((o for o in session.legal() if name == o.KIND), None)
            if order is not None:
                self.play(order)
            return
        elif name == "reroll":
            from engine.rulesets.classic.orders import Reroll

            self.play(Reroll(button.dataset.accept == "1"))
            return
        elif name == "random-pick":
            legal = session.legal()
            if legal:
                self.play(random.choice(legal))
            return
        elif name == "random-rest":
            actor = session.actor
            if actor is not None:
                self.auto_place.add(actor)
            self.auto_place_next()
            return
        elif name == "pick-card":
            card = int(button.dataset.card)
            self.picked ^= {card}
        elif name == "trade":
            self.play_click(session.trade(sorted(self.picked)))
            return
        elif name == "cancel":
            self.choice = None
            session.selected = None
        elif name == "tab":
            self.tab = str(button.dataset.tab)
        elif name == "close-winner":
            self.winner_closed = True
        self.save()
        self.refresh()

    def territory_clicked(self, territory: str) -> None:
        if self.blitz_running:
            self.message("A blitz is under way: wait for it, or press Stop.", warn=True)
            return
        self.asking = None  # a click elsewhere is taken as "no" to an open question
        self.choice = None
        click = self.session.click(territory)
        if click.choice is not None:
            self.choice = click.choice
            self.message(
                f"How many armies move from {self.session.name(click.choice.origin)} "
                f"to {self.session.name(click.choice.target)}?"
            )
            self.refresh()
            field = document.querySelector('[data-testid="free-move-count"]')
            if found(field):
                field.focus()
                field.select()
            return
        self.play_click(click)

    def play_click(self, click: Any) -> None:
        if click.order is not None and click.warning:
            from ui.shell.warnings import Caution, ask

            self.asking = click  # the player's own warning level: ask first
            ask(
                Caution("odds", click.warning),
                lambda: self.attack_answer("odds-go"),
                lambda: self.attack_answer("odds-cancel"),
            )
        elif click.order is not None and click.blitz:
            self.start_blitz(click.order)
        elif click.order is not None:
            self.play(click.order)
        else:
            self.message(click.message, warn=not click.hint)
            self.refresh()

    def play(self, order: Any) -> None:
        from engine.errors import EngineError

        try:
            events = self.session.play(order, more_rolls=self.blitz is not None)
        except EngineError as exc:
            self.message(exc.message, warn=True)
            self.refresh()
            return
        self.picked = set()
        self.choice = None
        lines = [self.session.log[-1][1]] if events and self.session.log else []
        self.message(lines[0] if lines else "")
        self.save()
        self.refresh()
        if self.blitz is not None:
            self.go_on_blitz()  # after the re-roll asked in the middle of a blitz
        self.kick_computers()
        self.auto_place_next()

    # ------------------------------------------------------------ warning and blitz

    def attack_answer(self, name: str) -> None:
        """The answer to the warning before a bad attack, or the blitz's Stop button."""
        asked, self.asking = self.asking, None
        if name == "blitz-stop":
            blitz, self.blitz = self.blitz, None
            if blitz is not None:
                rolls = f"{blitz.rolls} roll{'s' if blitz.rolls != 1 else ''}"
                self.message(f"Blitz stopped after {rolls}, as you asked.")
            self.refresh()
            return
        if asked is None:
            self.refresh()
            return
        if name == "odds-cancel":
            self.message("Attack cancelled.")
            self.refresh()
        elif asked.blitz:
            self.start_blitz(asked.order)
        else:
            self.play(asked.order)

    def start_blitz(self, first: Any) -> None:
        """Start a blitz with its first one-roll order's origin, target and dice."""
        from ui.classic.attack import start_blitz

        session = self.session
        self.blitz = start_blitz(session, first.origin, first.target, session.attack_settings)
        session.last_rolls = []  # the dice panel counts this attack's rolls
        self.go_on_blitz()

    def go_on_blitz(self) -> None:
        if self.blitz is None or self.blitz_running:
            return
        self.blitz_running = True
        self.tasks.add(asyncio.ensure_future(self.run_blitz()))

    async def run_blitz(self) -> None:
        """Play the blitz's rolls as ordinary orders, a slice at a time so the page
        redraws between slices; it pauses when the attack advantage offers a re-roll
        (the player answers, :meth:`play` goes on) and ends at its stop rule."""
        from dataclasses import replace

        from engine.errors import EngineError
        from engine.rulesets.classic.state import Phase
        from ui.classic.attack import blitz_step

        session = self.session
        try:
            while self.blitz is not None and self.session is session:
                deadline = time.monotonic() + BLITZ_SLICE
                while self.blitz is not None and time.monotonic() < deadline:
                    if session.state.phase is Phase.ADVANTAGE:
                        return  # the player decides on the re-roll; play() goes on
                    step = blitz_step(session, self.blitz)
                    if isinstance(step, str):
                        self.blitz = None
                        self.message(step)
                        break
                    try:
                        session.play(step, more_rolls=True)
                    except EngineError as exc:
                        self.blitz = None
                        self.message(exc.message, warn=True)
                        break
                    self.blitz = replace(self.blitz, rolls=self.blitz.rolls + 1)
                self.save()
                self.refresh()
                await asyncio.sleep(BLITZ_PAUSE)
        finally:
            self.blitz_running = False
            self.save()
            self.refresh()
            self.kick_computers()

    # ------------------------------------------------------------ computers

    def auto_place_next(self) -> None:
        """A player who chose "Place the rest at random" has its next setup army placed."""
        from engine.rulesets.classic.state import Phase

        session = self.session
        if (
            session is None
            or session.state.phase is not Phase.SETUP
            or not session.human_turn
            or session.actor not in self.auto_place
        ):
            return
        legal = session.legal()
        if legal:
            self.play(random.choice(legal))

    def after_fast_slice(self) -> None:
        """Skipping shows where the computers have got to after each slice."""
        self.message(self.latest_line())
        self.refresh()

    def computers_stopped(self) -> None:
        self.auto_place_next()

    def undone(self) -> None:
        self.choice = None
        self.asking = None

    # ------------------------------------------------------------ new game, save, restore

    def start_from_form(self) -> None:
        from engine.errors import EngineError
        from ui.classic.controller import Session
        from ui.classic.form import read_form, read_where

        text, checked = form_fields(el("new-game-form"))
        try:
            players, options, seed = read_form(text, checked)
        except ValueError as exc:
            el("setup-error").textContent = str(exc)
            return
        seed = seed or secrets.token_hex(6)
        try:
            session = Session.new(players, options, seed)
        except EngineError as exc:
            el("setup-error").textContent = exc.message
            return
        if read_where(text) == "email":
            from ui.shell import pbem

            try:
                game = pbem.create(session.state, self.email.key(), secrets.token_hex(8))
            except (ValueError, EngineError) as exc:
                el("setup-error").textContent = str(getattr(exc, "message", exc))
                return
            session.attach_pbem(game)
            self.email.dialog = "send" if game.outbox else None
        self.started(session, f"New game started (seed {seed}).")

    def begin(self, session: Any) -> None:
        from ui.shell.odds_setting import SETTINGS_KEY, AttackSettings

        self.shell.activate(self)
        session.attack_settings = AttackSettings.from_text(stored(SETTINGS_KEY))
        self.session = session
        self.asking = None
        self.blitz = None
        self.choice = None
        self.picked = set()
        self.winner_closed = False
        self.skipping = False
        self.auto_place = set()
        el("game").hidden = False

    def deactivate(self) -> None:
        """Another ruleset's game is shown: this one is closed (its autosave stays)."""
        self.session = None
        el("game").hidden = True

    def setup_shown(self) -> None:
        """The form opens above this game, which stays in view under it."""

    def setup_hidden(self) -> None:
        el("game").hidden = False
        self.refresh()

    def save(self) -> None:
        if self.session is None:
            return
        self.email.seal_if_due()
        self.shell.autosave(self.entry, self.session.to_json())

    def resumed(self, session: Any) -> None:
        self.begin(session)
        self.refresh()
        self.message("Saved game restored.")

    # ------------------------------------------------------------ drawing

    def refresh(self) -> None:
        session = self.session
        if session is None:
            return
        from ui.classic import panels, views
        from ui.shell.render import render_map

        body = document.body.dataset
        self.mark_turn(body)
        svg = render_map(
            session.state,
            self.geometry,
            highlight=session.highlight(),
            selected=session.selected,
            viewer=session.viewer,
            orders=views.board_orders(session, self.asking, self.choice),
            callouts=views.board_callouts(session),
        )
        redraw_board(el("board"), svg)
        self.shell.note(self.entry.ruleset, session.state)  # record, motion, while away
        el("turn").innerHTML = panels.turn_html(session)
        el("controls").innerHTML = panels.controls_html(
            session,
            self.choice,
            self.blitz is not None,
        )
        el("private").innerHTML = panels.private_html(session, self.picked)
        el("dice").innerHTML = panels.dice_html(session)
        tab_html = {
            "log": panels.log_html,
            "players": panels.players_html,
            "battles": panels.battles_html,
        }[self.tab](session)
        el("tab-body").innerHTML = tab_html
        for tab in document.querySelectorAll(".tab"):
            tab.classList.toggle("on", tab.dataset.tab == self.tab)
        self.show_handover(panels.handover_html)
        self.show_email_status(body, "turn", "controls")
        if session.pbem is not None and session.waiting:
            from ui.shell import pbem_panels

            prompt = el("turn").querySelector('[data-testid="prompt"]')
            if found(prompt):
                prompt.textContent = pbem_panels.waiting_prompt(session)
        self.email.draw_dialog()
        self.show_winner(self.winner_closed, panels.winner_html)


PAGE = ClassicPage
