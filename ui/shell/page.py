"""The shell of the page (runs in Pyodide): what every ruleset page shares.

It owns the layout around the games: the loading line, the message line, the new-game
form (which page starts the game it describes), showing and hiding the form, the rule
that one game is shown at a time (starting or restoring a game closes the others and
removes their autosaves), and the start-up sequence.  Each ruleset page (``ui/<r>/page.py``,
listed in :mod:`ui.pages`) holds only what is particular to its ruleset and wires its own
listeners for its own controls.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import json
import time
from collections.abc import Callable
from typing import Any, Protocol

from pyodide.ffi import create_proxy
from pyscript import document, window

from ui.pages import PAGES, PageEntry
from ui.shell.dom import el, found, save_key

LAST_KEY = "risk-family.last"
"""The ruleset of the game shown last (resumed first at start-up)."""
SHELL_DIALOG_ACTIONS = frozenset(
    {"help", "help-full", "help-guide", "close-help", "record", "record-tab", "close-record"}
    | {"confirm-start", "confirm-keep"}
)


class RulesetPage(Protocol):
    """What the shell asks of a ruleset page."""

    entry: PageEntry
    session: Any
    """The game it shows, or None."""
    panel: str
    """The id of its section beside the board."""

    @property
    def active(self) -> bool:
        """One of its games is shown."""

    def wire(self) -> None:
        """Attach its own listeners (after the shell's)."""

    def preload(self) -> None:
        """At start-up, import what its first click needs (may do nothing)."""

    def start_from_form(self) -> None: ...

    def restore(self) -> bool:
        """Resume its autosaved game, if any; True when it did."""

    def deactivate(self) -> None:
        """Another game is shown: close this one (its autosave stays, to be resumed)."""

    def setup_shown(self) -> None:
        """The new-game form opened over its game."""

    def setup_hidden(self) -> None:
        """The form closed without a new game: show its game again."""

    def booted(self) -> None:
        """The page is ready (a game link in the address may be opened now)."""


class Shell:
    def __init__(self) -> None:
        self.geometry: dict[str, Any] = {}
        self.ready = False
        self.proxies: list[Any] = []
        self.tasks: set[Any] = set()
        self.dialogs: Any = None  # ui.shell.dialogs.Dialogs, imported on first use
        self.timeline: Any = None  # ui.shell.timeline.Timeline, made on the first save
        self.away: Any = None  # ui.shell.away.Away
        self.last_board: dict[str, tuple[dict[str, int], dict[str, int]]] = {}
        self.pages: dict[str, RulesetPage] = {
            entry.ruleset: importlib.import_module(entry.module).PAGE(self, entry)
            for entry in PAGES
        }

    @property
    def active(self) -> RulesetPage | None:
        return next((page for page in self.pages.values() if page.active), None)

    # ------------------------------------------------------------ wiring

    def listen(self, target: Any, kind: str, handler: Any) -> None:
        proxy = create_proxy(handler)
        self.proxies.append(proxy)
        target.addEventListener(kind, proxy)

    def wire(self) -> None:
        self.listen(document, "click", self.on_click)
        self.listen(document, "keydown", self.on_key)
        self.listen(document, "submit", self.on_submit)
        for page in self.pages.values():
            page.wire()

    def on_click(self, event: Any) -> None:
        button: Any = event.target.closest("[data-action]")
        if not found(button) or getattr(button, "disabled", False):
            return
        name = str(button.dataset.action)
        if name == "show-setup":
            self.show_setup()
        elif name == "set-aside-autosave":
            from ui.shell import autosave

            el("setup-error").textContent = autosave.set_aside(
                window.localStorage, str(button.dataset.key)
            )
        elif name == "hide-setup":
            self.hide_setup()
        elif name == "zoom":
            zoomed = el("board").classList.toggle("zoomed")
            button.setAttribute("aria-pressed", "true" if zoomed else "false")
            button.textContent = "Zoom −" if zoomed else "Zoom +"
        elif name == "away-close":
            el("away").hidden = True
        elif name == "resume-saved":
            self.pages[str(button.dataset.ruleset)].restore()
        elif name in SHELL_DIALOG_ACTIONS or name.startswith("replay-"):
            self.dialogs_of().action(name, button)

    def dialogs_of(self) -> Any:
        if self.dialogs is None:
            from ui.shell.dialogs import Dialogs

            self.dialogs = Dialogs(self)
        return self.dialogs

    def timeline_of(self) -> Any:
        if self.timeline is None:
            from ui.shell.timeline import Timeline

            storage = window.localStorage

            def get(name: str) -> str | None:
                value = storage.getItem(name)
                return str(value) if found(value) else None

            self.timeline = Timeline(get, lambda name, text: storage.setItem(name, text))
        return self.timeline

    def note(self, ruleset: str, state: Any) -> None:
        """A ruleset page saved ``state``: keep it in the game's record if a turn began."""
        try:
            self.timeline_of().note(ruleset, state)
        except Exception as exc:  # a full storage must not stop the game
            window.console.warn(f"game record not saved: {exc}")
        self.tell_away(ruleset, state)
        self.flash_changes(ruleset, state)

    def flash_changes(self, ruleset: str, state: Any) -> None:
        """Motion: a short highlight of each conquest and army movement on the board
        (the stylesheet turns it off under prefers-reduced-motion)."""
        from engine.history import holdings

        owners, pieces = holdings(state)
        board = (dict(owners), dict(pieces))
        before = self.last_board.get(ruleset)
        self.last_board[ruleset] = board
        if before is None:
            return
        taken = [t for t, o in board[0].items() if before[0].get(t) != o]
        moved = [t for t, a in board[1].items() if before[1].get(t) != a and t not in taken]
        if taken or moved:
            self.tasks.add(asyncio.ensure_future(self.flash(taken, moved)))

    async def flash(self, taken: list[str], moved: list[str]) -> None:
        await asyncio.sleep(0)  # after the page has drawn the new board
        for cls, territories in (("flash-taken", taken), ("flash-moved", moved)):
            for territory in territories:
                path = el("board").querySelector(f'path[data-territory="{territory}"]')
                if found(path):
                    path.classList.add(cls)

    def tell_away(self, ruleset: str, state: Any) -> None:
        """A human seat is back after others played: "While you were away"."""
        from engine.core import find_ruleset
        from ui.shell.away import Away, away_html

        if self.away is None:
            self.away = Away()
        summary = self.away.see(find_ruleset(ruleset), state)
        if summary is not None:
            el("away").innerHTML = away_html(state, summary)
            el("away").hidden = False

    @staticmethod
    def has_save(entry: PageEntry) -> bool:
        """A game of ``entry``'s ruleset is autosaved (kept apart from the others')."""
        try:
            return bool(found(window.localStorage.getItem(save_key(entry.ruleset))))
        except Exception:
            return False

    def on_key(self, event: Any) -> None:
        if event.key == "Escape" and self.dialogs is not None and self.dialogs.escape_pressed():
            event.preventDefault()
            event.stopImmediatePropagation()
            return
        open_form = not el("setup").hidden and el("pbem").hidden  # no dialog above it
        if event.key == "Escape" and open_form and self.ready and self.active is not None:
            event.preventDefault()  # the pages leave this Escape alone
            self.hide_setup()

    def on_submit(self, event: Any) -> None:
        if event.target.id == "new-game-form":
            event.preventDefault()
            if self.ready:
                document.body.dataset.startRequested = ""
                entry = self.pages[self.chosen_rules()].entry
                if self.has_save(entry):
                    self.dialogs_of().confirm_new(entry.title)
                else:
                    self.start_from_form()

    # ------------------------------------------------------------ the form

    def show_setup(self) -> None:
        active = self.active
        el("setup").hidden = False
        el("winner").hidden = True
        for page in self.pages.values():
            if page is not active:
                el(page.panel).hidden = True
        document.querySelector('[data-action="hide-setup"]').hidden = active is None
        resume = [
            f'<button type="button" class="btn" data-action="resume-saved"'
            f' data-ruleset="{page.entry.ruleset}" data-testid="resume-{page.entry.ruleset}">'
            f"Resume your {page.entry.title} game</button>"
            for page in self.pages.values()
            if page is not active and self.has_save(page.entry)
        ]
        el("saved-games").innerHTML = "".join(resume)
        if active is not None:
            active.setup_shown()

    def hide_setup(self) -> None:
        active = self.active
        if active is not None:
            el("setup").hidden = True
            active.setup_hidden()

    def chosen_rules(self) -> str:
        rules = el("new-game-form").elements.namedItem("rules")
        return str(rules.value) if found(rules) else PAGES[0].ruleset

    def start_from_form(self) -> None:
        page = self.pages[self.chosen_rules()]
        before = getattr(page, "session", None)
        page.start_from_form()
        after = getattr(page, "session", None)
        if after is not None and after is not before:
            self.timeline_of().restart(page.entry.ruleset, after.state)

    def activate(self, shown: RulesetPage) -> None:
        """``shown`` is about to show a game: every other page closes its own."""
        for page in self.pages.values():
            if page is not shown:
                page.deactivate()
        el("setup").hidden = True
        document.documentElement.classList.remove("resuming")
        with contextlib.suppress(Exception):
            window.localStorage.setItem(LAST_KEY, shown.entry.ruleset)
        document.title = f"Risk-family · {shown.entry.title}"
        document.querySelector(".title .sub").textContent = shown.entry.title

    def message(self, text: str, warn: bool = False) -> None:
        box = el("message")
        box.textContent = text
        box.className = "message warn" if warn else "message"

    # ------------------------------------------------------------ autosave, one slot a ruleset

    def autosave(self, entry: PageEntry, data: dict[str, Any]) -> None:
        try:
            window.localStorage.setItem(save_key(entry.ruleset), json.dumps(data))
        except Exception as exc:
            self.message(f"Autosave failed: {exc}", warn=True)

    def forget(self, entry: PageEntry) -> None:
        with contextlib.suppress(Exception):
            window.localStorage.removeItem(save_key(entry.ruleset))

    def resume(
        self, entry: PageEntry, from_json: Callable[[Any], Any], show: Callable[[Any], None]
    ) -> bool:
        """Resume the autosaved game of ``entry``'s ruleset: read by ``from_json``, shown by
        ``show``.  False when there is none, or when reading or showing it fails: then the
        page goes back to the new-game form, says why, and offers to set it aside."""
        key = save_key(entry.ruleset)
        text = window.localStorage.getItem(key)
        if not found(text) or not str(text):
            return False
        try:
            show(from_json(json.loads(str(text))))
        except Exception as exc:  # any failure: the page must not stay stuck on it
            self.restore_failed(key, exc)
            return False
        return True

    def restore_failed(self, key: str, reason: object) -> None:
        """Back to the new-game form, saying why, with an offer to set the autosave aside."""
        from ui.shell import autosave

        for page in self.pages.values():
            page.session = None
            el(page.panel).hidden = True
        el("setup").hidden = False
        el("setup-error").innerHTML = autosave.failure_html(key, reason)

    # ------------------------------------------------------------ start-up

    def set_loading(self, text: str | None) -> None:
        if text is None:
            el("loading").hidden = True
        else:
            el("loading-text").textContent = text

    async def boot(self) -> None:
        started = time.monotonic()
        self.set_loading("Loading the game engine…")
        await asyncio.sleep(0)  # let the browser paint the new status first
        from engine.ai import levels
        from engine.maps import load_map
        from maps import read_map_file

        load_map("classic")
        self.geometry = read_map_file("classic_geometry.json")
        for page in self.pages.values():
            page.preload()
        available = set(levels(self.chosen_rules())) | {"human"}
        for option in document.querySelectorAll('select[name$="-control"] option'):
            option.disabled = str(option.value) not in available
        for select in document.querySelectorAll('select[name$="-control"]'):
            if str(select.value) not in available:
                select.value = "standard"
        el("start-note").textContent = ""
        document.querySelector('[data-action="show-setup"]').disabled = False
        for action in ("help", "record"):
            document.querySelector(f'[data-action="{action}"]').disabled = False
        for button in document.querySelectorAll('.top-actions [data-action^="pbem-"]'):
            button.disabled = False
        self.ready = True
        last = window.localStorage.getItem(LAST_KEY)
        order = sorted(self.pages.values(), key=lambda page: page.entry.ruleset != str(last))
        if not any(page.restore() for page in order) and (
            getattr(document.body.dataset, "startRequested", "") == "true"
        ):
            document.body.dataset.startRequested = ""
            self.start_from_form()
        document.documentElement.classList.remove("resuming")
        self.set_loading(None)
        window.console.info(f"engine ready in {time.monotonic() - started:.2f} s")
        for page in self.pages.values():
            page.booted()
        document.body.dataset.ready = "true"
