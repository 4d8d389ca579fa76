"""Play by email and forum in the page (issue 4): the send, load and key dialogs, the
``#game=`` link, seat claims.  The logic lives in the pure modules ``ui.shell.pbem`` and
``ui.shell.pbem_panels``; this class wires them to the DOM for a ruleset page (today
:class:`ui.classic.page.ClassicPage`), which keeps the game session.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pyscript import window

from ui.shell.dom import browser_key, el, found, store

GAME_LINK = "#game="  # ui.shell.pbem.LINK_PREFIX, without importing the signing code at start-up


class EmailPage:
    """The email-game dialogs of the Classic page."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.dialog: str | None = None  # "send", "load" or "key"
        self.load_text = ""
        self.load_result: Any = None
        self.key_note = ""
        self.key_error = ""
        self.key_typed = ""  # a refused key backup stays in its box
        self.show_backup = False
        self.dialog_html = ""

    def key(self) -> Any:
        return browser_key()

    def seal_if_due(self) -> None:
        """The turn left this browser: sign the next save and show the send dialog."""
        session = self.page.session
        game = getattr(session, "pbem", None)
        if game is None or not game.due(session.state, session.actor):
            return
        from ui.shell import pbem

        try:
            pbem.seal(game, session.state, self.key())
        except Exception as exc:
            self.page.message(f"Could not sign the turn: {exc}", warn=True)
            return
        self.dialog = "send"

    def handles(self) -> bool:
        """Every page with email games hears the email buttons; one answers: the page
        whose dialog is open, else the page of the game shown when it has these dialogs,
        else the first page that has them (in a Capital Risk or Great War game, whose
        pages have none, "Load a code" and "Key" open the first page's)."""
        pages = [p for p in self.page.shell.pages.values() if hasattr(p, "email")]
        showing = [p for p in pages if p.email.dialog]
        if showing:
            return showing[0] is self.page
        active = self.page.shell.active
        return (active if active in pages else pages[0]) is self.page

    def action(self, name: str, button: Any) -> None:
        if not self.handles():
            return
        if name == "pbem-close":
            self.close_dialog()
            return
        if name == "pbem-load":
            self.dialog, self.load_text, self.load_result = "load", "", None
        elif name == "pbem-send":
            self.dialog = "send"
        elif name == "pbem-key":
            self.dialog, self.key_note, self.key_error, self.show_backup = "key", "", "", False
            self.key_typed = ""
        elif name == "pbem-key-show":
            self.show_backup = True
        elif name == "pbem-key-import":
            self.import_key(str(el("pbem-key-input").value))
        elif name == "pbem-copy":
            self.page.tasks.add(asyncio.ensure_future(self.copy_code()))
            return
        elif name == "pbem-check":
            self.load_text = str(el("pbem-input").value)
            self.check_code()
            return
        elif name == "pbem-accept" and self.load_result is not None:
            self.take(self.load_result, verified=False)
            return
        elif name == "pbem-reject":
            self.load_result = None
            self.close_dialog()
            self.page.message("The code was rejected: nothing changed.")
            return
        elif name == "pbem-claim" and self.load_result is not None:
            seat = str(button.dataset.seat)
            self.claim(int(seat) if seat else None)
            return
        self.draw_dialog()

    def close_dialog(self) -> None:
        self.dialog = None
        self.load_result = None
        self.show_backup = False
        self.draw_dialog()

    def draw_dialog(self) -> None:
        from ui.shell import pbem, pbem_panels

        box = el("pbem")
        html = ""
        if self.dialog == "send":
            bundle = None
            if (
                self.page.session is not None
                and getattr(self.page.session, "pbem", None) is not None
            ):
                bundle = pbem.send_bundle(self.page.session, str(window.location.href))
            html = "" if bundle is None else pbem_panels.send_html(bundle)
        elif self.dialog == "load":
            replaces = (
                self.page.session is not None and getattr(self.page.session, "pbem", None) is None
            )
            html = pbem_panels.load_html(self.load_text, self.load_result, replaces)
        elif self.dialog == "key":
            key = self.key()
            backup = key.export_backup() if self.show_backup else None
            html = pbem_panels.key_html(
                key.public_key_text, backup, self.key_note, self.key_error, self.key_typed
            )
        if not html:
            self.dialog = None
        opened = box.hidden and bool(html)
        box.hidden = not html
        if self.dialog_html != html:  # keep the text the player is typing, and the focus
            box.innerHTML = html
            self.dialog_html = html
        if opened:
            first = box.querySelector("textarea:not([readonly]), button.primary, button")
            if found(first):
                first.focus()

    def open_hash(self) -> None:
        """``index.html#game=<code>``: load the code (then drop it from the address)."""
        text = str(window.location.hash or "")
        if not text.startswith(GAME_LINK) or not self.page.ready:
            return
        from urllib.parse import unquote

        from ui.shell.pbem import LINK_PREFIX

        url = str(window.location.href).split("#", 1)[0]
        window.history.replaceState(None, "", url)
        self.load_text = unquote(text[len(LINK_PREFIX) :])
        self.dialog = "load"
        self.check_code()

    def opened_elsewhere(self) -> bool:
        """A code of another ruleset (a Capital Risk invitation, a Risk, Paper, Scissors
        save) goes to its own page, which opens it; True when one did."""
        for other in self.page.shell.pages.values():
            opener = getattr(other, "open_link", None)
            if other is not self.page and opener is not None and opener(self.load_text):
                if self.dialog is not None:
                    self.dialog, self.load_result, self.dialog_html = None, None, ""
                    if not self.page.shell.email_dialog_open():  # the other page's stays
                        el("pbem").hidden = True
                        el("pbem").innerHTML = ""
                return True
        return False

    def check_code(self) -> None:
        from ui.shell import pbem

        game = getattr(self.page.session, "pbem", None)
        if game is None and self.opened_elsewhere():
            return
        try:
            result = pbem.interpret(
                game, self.load_text, self.key().public_key_text, self.page.entry.ruleset
            )
        except Exception as exc:  # interpret refuses by itself; this is a last resort
            result = pbem.refusal(exc)
        if result.kind == "accepted":
            self.take(result, verified=True)
            return
        self.load_result = result
        self.draw_dialog()

    def take(self, result: Any, verified: bool) -> None:
        from ui.shell import pbem

        try:
            note = pbem.accept(
                self.page.session, result.record, self.key().public_key_text, verified
            )
        except Exception as exc:
            self.load_result = pbem.refusal(exc)
            self.draw_dialog()
            return
        self.load_result = None
        self.dialog = None
        self.page.choice = None
        self.page.picked = set()
        self.page.message(f"{result.title}: {result.message} {note}".strip())
        self.page.save()
        self.page.refresh()
        self.page.kick_computers()

    def claim(self, seat: int | None) -> None:
        from ui.shell import pbem

        record = self.load_result.record
        try:
            game = pbem.join(record, seat, self.key().public_key_text, self.load_result.invite)
        except ValueError as exc:
            self.page.message(str(exc), warn=True)
            return
        session = self.page.new_session(record.state)
        session.attach_pbem(game)
        who = "watching" if seat is None else f"playing {pbem.seat_label(record.state, seat)}"
        session.log.append((None, f"— Joined game {record.game_id[:8]} at save {record.seq}"))
        self.load_result = None
        self.dialog = None
        self.page.begin(session)
        self.page.message(f"Joined the game by email, {who}.")
        self.page.save()
        self.page.refresh()
        self.page.kick_computers()

    def import_key(self, text: str) -> None:
        from engine.errors import EngineError
        from ui.shell.device_key import import_key

        try:
            key = import_key(store, text)
        except EngineError as exc:
            self.key_error, self.key_note, self.key_typed = exc.message, "", text
            return
        self.key_error = self.key_typed = ""
        self.key_note = "Key imported: this browser now signs with it."
        game = getattr(self.page.session, "pbem", None)
        if game is not None:
            self.key_note += " " + game.rebind(key.public_key_text)
            self.page.save()
            self.page.refresh()

    async def copy_code(self) -> None:
        area = el("pbem-code")
        note = el("pbem-copy-note")
        if not found(area):
            return
        try:
            await window.navigator.clipboard.writeText(area.value)
            text = "Copied."
        except Exception:
            area.select()
            text = "Selected: press Ctrl+C (or ⌘C) to copy."
        if found(note):
            note.textContent = text
