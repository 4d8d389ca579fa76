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
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from pyodide.ffi import create_proxy
from pyscript import document, window

from ui.pages import PAGES, PageEntry
from ui.shell import archives, share, speed
from ui.shell.autosave import BOARD_KEY, board_back, board_live
from ui.shell.dom import el, found, save_key

LAST_KEY = "risk-family.last"
"""The ruleset of the game shown last (resumed first at start-up)."""
SHELL_DIALOG_ACTIONS = frozenset(
    {"help", "help-full", "help-guide", "close-help", "record", "record-tab", "close-record"}
    | {"rulebook"}
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

    def start_from_position(self, state: Any) -> None:
        """Show a new local game of ``state`` (read from a position text), its session
        marked ``from_position`` before its first save."""

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
        self.board_geometry: dict[str, Any] = {}
        self.first_board: str | None = None
        """The first screen's board (Classic's map), kept when the form shows another map."""
        self.prepared: set[str] = set()
        """Rulesets whose games can start at once (:meth:`prepare`)."""
        self.ready = False
        self.proxies: list[Any] = []
        self.tasks: set[Any] = set()
        self.dialogs: Any = None  # ui.shell.dialogs.Dialogs, imported on first use
        self.positions: Any = None  # ui.shell.position_dialog.PositionDialog, the same
        self.timeline: Any = None  # ui.shell.timeline.Timeline, made on the first save
        self.away: Any = None  # ui.shell.away.AwayNotes
        self.guide: Any = None  # ui.shell.guide.GuideRunner, made on first use
        self.last_board: dict[str, tuple[dict[str, int], dict[str, int]]] = {}
        self.speed = speed.DEFAULT
        self.skip_pressed = False
        """The game speed (:mod:`ui.shell.speed`), read from the storage in :meth:`wire`."""
        self.before_computers: dict[str, dict[str, int]] = {}
        """Per ruleset, the owners when the computers began to play."""
        self.changed: dict[str, set[str]] = {}
        """Per ruleset, the territories marked as changed after the computers played at
        once (until they play again or another game begins)."""
        # Rulesets other than the first screen's come in their own archives (PyScript
        # unpacked the core into the working directory): fetched when first needed.
        self.archives = archives.Archives.from_site(
            Path.cwd(), archives.browser_fetch, archives.browser_fetch_now
        )
        sys.meta_path.insert(0, self.archives)
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
        from ui.shell.dom import stored

        self.set_speed(speed.read_speed(stored), keep=False)
        self.listen(document, "click", self.on_click)
        self.listen(document, "click", share.on_click)  # Copy and Share, on every page
        self.listen(document, "keydown", self.on_key)
        self.listen(document, "submit", self.on_submit)
        self.listen(document, "change", self.on_change)
        guide_click = create_proxy(self.on_guided_click)
        self.proxies.append(guide_click)
        document.addEventListener("click", guide_click, True)  # before the pages hear it
        for kind in ("pointerdown", "focusin", "input"):
            self.listen(el("new-game-form"), kind, self.head_start)
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
        elif name == "away-close":
            el("away").hidden = True
            if self.active is not None:
                from engine.core import find_ruleset

                self.away_of().dismiss(find_ruleset(self.active.entry.ruleset))
        elif name == "resume-saved":
            page = self.pages[str(button.dataset.ruleset)]
            self.when_loaded(page, page.restore)
        elif name in SHELL_DIALOG_ACTIONS or name.startswith("replay-"):
            self.dialogs_of().action(name, button)
        elif name.startswith("position-"):
            self.positions_of().action(name, button)
        elif name.startswith("guide-"):
            self.guide_of().action(name, button)

    def on_guided_click(self, event: Any) -> None:
        """A guided game: a tap the step does not ask for is turned down."""
        if self.guide is not None:
            self.guide.on_board_click(event)
            self.guide.on_control_click(event)

    def guide_of(self) -> Any:
        if self.guide is None:
            from ui.shell.guide import GuideRunner

            self.guide = GuideRunner(self)
        return self.guide

    def on_change(self, event: Any) -> None:
        target = event.target
        if found(target) and target.hasAttribute("data-speed"):
            self.set_speed(speed.parse_speed(str(target.value)))
        elif found(target) and str(getattr(target, "name", "")) == "rules":
            self.rules_chosen()

    @staticmethod
    def name_in_title(title: str) -> None:
        """The top bar and the window's title name ``title``, the rules of the game shown
        or chosen."""
        document.title = f"Risk-family · {title}"
        document.querySelector(".title .sub").textContent = title

    def rules_chosen(self) -> None:
        """The form's Rules changed: the top bar names the rules chosen, and while no game
        is shown the board shows their map (a page's ``preview_board``, once its ruleset
        is loaded; the first screen's map for a page without one)."""
        page = self.pages[self.chosen_rules()]
        self.name_in_title(page.entry.title)
        if self.active is not None or not self.ready:
            return
        board = el("board")
        if self.first_board is None:
            self.first_board = str(board.innerHTML)
        draw = getattr(page, "preview_board", None)
        if draw is None:
            board.innerHTML = self.first_board
            return

        async def when_loaded() -> None:
            if not await self.prepare(page, quiet=True):
                return
            if self.active is None and self.chosen_rules() == page.entry.ruleset:
                board.innerHTML = draw()

        self.tasks.add(asyncio.ensure_future(when_loaded()))

    # ------------------------------------------------------------ game speed

    def set_speed(self, chosen: speed.Speed, keep: bool = True, by_skip: bool = False) -> None:
        """The game speed (:mod:`ui.shell.speed`) for every ruleset: every speed control
        shows it, ``<body data-speed>`` says it (the stylesheet hides "Skip" at Instant)
        and, when ``keep``, the device's storage keeps it.  ``by_skip``: "Skip" chose it,
        which the line after the computers' round says once (Skip stays on)."""
        self.speed = chosen
        self.skip_pressed = by_skip
        for select in document.querySelectorAll("select[data-speed]"):
            select.value = chosen.value
        document.body.dataset.speed = chosen.value
        if keep:
            try:
                window.localStorage.setItem(speed.STORAGE_KEY, chosen.value)
            except Exception as exc:  # the setting still holds until the page is closed
                window.console.warn(f"game speed not kept: {exc}")

    def computers_started(self, ruleset: str, state: Any) -> None:
        """A sequential page's computers begin to play: what they change is measured from
        here (the marks of their previous run go)."""
        from engine.core import find_ruleset

        self.before_computers[ruleset] = dict(find_ruleset(ruleset).board_summary(state).owners)
        self.changed.pop(ruleset, None)
        self.show_changed(ruleset)

    def computers_finished(self, ruleset: str, state: Any, quick: bool) -> str:
        """The computers stopped.  When they played at once (``quick``), the map marks the
        territories that changed hands and the returned line says who took what ("" when
        they were shown playing)."""
        from engine.core import find_ruleset
        from ui.shell.render import territory_names

        before = self.before_computers.pop(ruleset, None)
        if not quick or before is None:
            return ""
        board = find_ruleset(ruleset).board_summary(state)
        changes = speed.changed_hands(before, dict(board.owners))
        self.changed[ruleset] = set(changes)
        self.show_changed(ruleset)
        line = speed.what_happened(changes, list(board.names), territory_names(board.map_id))
        if self.skip_pressed:
            self.skip_pressed = False
            line += " Skip stays on: choose Watch or Fast under the map to see them play."
        return line

    def show_changed(self, ruleset: str) -> None:
        """Mark the territories that changed hands on the board just drawn: a class on
        each, and a dashed outline above the land (but under the army badges)."""
        board = el("board")
        for old in board.querySelectorAll(".changed-outline"):
            old.remove()
        page = self.active
        if page is None or page.entry.ruleset != ruleset:
            return
        svg = board.querySelector("svg")
        if not found(svg):
            return
        labels = svg.querySelector("g.labels")
        for territory in sorted(self.changed.get(ruleset, ())):
            land = svg.querySelector(f'[data-territory="{territory}"]')
            if not found(land):
                continue
            land.classList.add("changed")
            outline = document.createElementNS("http://www.w3.org/2000/svg", "path")
            outline.setAttribute("d", land.getAttribute("d") or "")
            outline.setAttribute("class", "changed-outline")
            outline.setAttribute("fill", "none")
            outline.setAttribute("pointer-events", "none")
            outline.setAttribute("aria-hidden", "true")
            if land.getAttribute("transform"):
                outline.setAttribute("transform", land.getAttribute("transform"))
            parent = labels.parentNode if found(labels) else land.parentNode
            parent.insertBefore(outline, labels if found(labels) else None)

    def dialogs_of(self) -> Any:
        if self.dialogs is None:
            from ui.shell.dialogs import Dialogs

            self.dialogs = Dialogs(self)
        return self.dialogs

    def positions_of(self) -> Any:
        if self.positions is None:
            from ui.shell.position_dialog import PositionDialog

            self.positions = PositionDialog(self)
        return self.positions

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
        self.note_record(ruleset, state)
        if self.guide is not None:
            self.guide.observe(ruleset, state)
        self.tell_away(ruleset, state)
        self.flash_changes(ruleset, state)
        if self.changed.get(ruleset):
            self.show_changed(ruleset)

    def note_record(self, ruleset: str, state: Any) -> None:
        """Only the game's record hears ``state`` (computers playing at once: the board
        is not drawn for it, and "While you were away" is told when a human is back)."""
        try:
            self.timeline_of().note(ruleset, state)
        except Exception as exc:  # a full storage must not stop the game
            window.console.warn(f"game record not saved: {exc}")

    def flash_changes(self, ruleset: str, state: Any) -> None:
        """Motion: a short highlight of each conquest and army movement on the board
        (the stylesheet turns it off under prefers-reduced-motion)."""
        from engine.core import find_ruleset

        summary = find_ruleset(ruleset).board_summary(state)
        board = (dict(summary.owners), dict(summary.units_at))
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

    def away_of(self) -> Any:
        if self.away is None:
            from ui.shell.away import AwayNotes

            self.away = AwayNotes(self.timeline_of().get, self.timeline_of().put)
        return self.away

    def tell_away(self, ruleset: str, state: Any) -> None:
        """A human seat is back after others played: "While you were away" (kept
        until dismissed, across a reload)."""
        from engine.core import find_ruleset
        from ui.shell.away import away_html

        rules = find_ruleset(ruleset)
        summary = self.away_of().see(rules, state)
        if summary is not None:
            el("away").innerHTML = away_html(rules, state, summary)
        el("away").hidden = summary is None

    @staticmethod
    def has_save(entry: PageEntry) -> bool:
        """A game of ``entry``'s ruleset is autosaved (kept apart from the others')."""
        try:
            return bool(found(window.localStorage.getItem(save_key(entry.ruleset))))
        except Exception:
            return False

    def email_dialog_open(self) -> Any:
        """The email dialogs (:class:`ui.shell.pbem_page.EmailPage`) of the page whose
        dialog is open, or None."""
        for page in self.pages.values():
            email = getattr(page, "email", None)
            if email is not None and email.dialog:
                return email
        return None

    def on_key(self, event: Any) -> None:
        if event.key == "Escape" and self.positions is not None and self.positions.open:
            self.positions.close()
            event.preventDefault()
            event.stopImmediatePropagation()
            return
        if event.key == "Escape" and self.dialogs is not None and self.dialogs.escape_pressed():
            event.preventDefault()
            event.stopImmediatePropagation()
            return
        if event.key == "Escape" and not el("pbem").hidden:
            # "Load a code" and "Key" close on Escape whichever page opened them, even
            # when the game shown changed behind them
            email = self.email_dialog_open()
            if email is not None:
                email.close_dialog()
            else:
                el("pbem").hidden = True
                el("pbem").innerHTML = ""
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
            document.title = f"Risk-family · {active.entry.title}"  # the form may have named
            document.querySelector(".title .sub").textContent = active.entry.title  # others
            active.setup_hidden()

    def chosen_rules(self) -> str:
        rules = el("new-game-form").elements.namedItem("rules")
        return str(rules.value) if found(rules) else PAGES[0].ruleset

    def start_from_form(self) -> None:
        page = self.pages[self.chosen_rules()]
        self.when_loaded(page, lambda: self.start_page(page))

    def start_page(self, page: RulesetPage) -> None:
        self.start_new(page, page.start_from_form)

    def start_position(self, page: RulesetPage, state: Any) -> None:
        """A new local game of ``state``, read from a position text
        (:mod:`ui.shell.position_dialog`), marked as such with the game."""
        from ui.shell.position_dialog import show_mark

        self.start_new(page, lambda: page.start_from_position(state))
        show_mark(page)

    def start_new(self, page: RulesetPage, start: Callable[[], None]) -> None:
        """``start`` a new game on ``page``: its record and notes begin again."""
        before = getattr(page, "session", None)
        if self.guide is not None and not self.guide.opening:
            self.guide.stop()  # a game of its own replaces the guided one
        start()
        after = getattr(page, "session", None)
        if after is not None and after is not before:
            self.timeline_of().restart(page.entry.ruleset, after.state)
            self.changed.pop(page.entry.ruleset, None)
            from engine.core import find_ruleset

            self.away_of().restart(find_ruleset(page.entry.ruleset))

    def activate(self, shown: RulesetPage) -> None:
        """``shown`` is about to show a game: every other page closes its own."""
        for page in self.pages.values():
            if page is not shown:
                page.deactivate()
        el("setup").hidden = True
        el("position-mark").hidden = True  # a game from a position shows it again
        el("position-copy").hidden = False
        window.scrollTo(0, 0)  # the form's Start is far down on a phone: show the top bar and map
        document.documentElement.classList.remove("resuming")
        document.body.dataset.playing = shown.entry.ruleset  # ui/board.js keeps its board
        board_live(document)
        with contextlib.suppress(Exception):
            window.localStorage.setItem(LAST_KEY, shown.entry.ruleset)
        self.name_in_title(shown.entry.title)

    def message(self, text: str, warn: bool = False) -> None:
        box = el("message")
        box.textContent = text
        box.className = "message warn" if warn else "message"

    # ------------------------------------------------------------ autosave, one slot a ruleset

    def autosave(self, entry: PageEntry, data: dict[str, Any]) -> None:
        if getattr(self.pages[entry.ruleset].session, "from_position", False):
            data = {**data, "from_position": True}  # the mark stays across reloads
        if self.guide is not None and self.guide.on(entry.ruleset):
            data = {**data, "guide": True}  # resumed as a guide, at its step
        text = json.dumps(data)
        try:
            try:
                window.localStorage.setItem(save_key(entry.ruleset), text)
            except Exception:  # full: the kept board (ui/board.js) gives way to the save
                window.localStorage.removeItem(BOARD_KEY)
                window.localStorage.setItem(save_key(entry.ruleset), text)
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
            data = json.loads(str(text))
            session = from_json(data)
            if isinstance(data, dict) and data.get("from_position"):
                session.from_position = True
            show(session)
            if isinstance(data, dict) and data.get("guide"):
                self.guide_of().resumed(entry.ruleset, session.state)
        except Exception as exc:  # any failure: the page must not stay stuck on it
            self.restore_failed(key, exc)
            return False
        from ui.shell.position_dialog import show_mark

        show_mark(self.pages[entry.ruleset])
        return True

    def restore_failed(self, key: str, reason: object) -> None:
        """Back to the new-game form, saying why, with an offer to set the autosave aside."""
        from ui.shell import autosave

        for page in self.pages.values():
            page.session = None
            el(page.panel).hidden = True
        document.body.removeAttribute("data-playing")
        board_back(document)
        self.name_in_title(self.pages[self.chosen_rules()].entry.title)
        el("setup").hidden = False
        el("setup-error").innerHTML = autosave.failure_html(key, reason)

    # ------------------------------------------------------------ ruleset archives

    def when_loaded(self, page: RulesetPage, then: Callable[[], object]) -> None:
        """Call ``then`` once a game of ``page``'s ruleset can start: at once when it is
        prepared (:meth:`prepare`), otherwise after preparing it."""
        if page.entry.ruleset in self.prepared:
            then()
            return

        async def prepare_then() -> None:
            if await self.prepare(page):
                then()

        self.tasks.add(asyncio.ensure_future(prepare_then()))

    async def prepare(self, page: RulesetPage, *, quiet: bool = False) -> bool:
        """What the first screen did not need, before a first game of ``page``'s ruleset:
        fetch its archives (the loading line says so), read the map, import what its first
        click needs; yielding to the browser between the steps.  False, with the reason
        under the new-game form (unless ``quiet``: a head start), when an archive could not
        be fetched or is not this build's."""
        entry = page.entry
        if entry.ruleset in self.prepared:
            return True
        if not quiet:
            el("setup-error").textContent = ""
            el("loading").hidden = False
            self.set_loading(f"Loading {entry.title}…")
        try:
            await self.archives.ensure(entry.ruleset)
        except archives.ArchiveError as exc:
            if not quiet:
                error = el("setup-error")
                error.textContent = f"{entry.title} could not be loaded: {exc}"
                error.scrollIntoView(False)  # it sits below Start: align its bottom
            return False
        finally:
            if not quiet:
                self.set_loading(None)
        await asyncio.sleep(0)
        if entry.ruleset not in self.prepared:
            from engine.maps import load_map

            load_map("classic")
            await asyncio.sleep(0)
            page.preload()
            self.prepared.add(entry.ruleset)
        return True

    def head_start(self, _event: Any = None) -> None:
        """The player is filling in the new-game form: prepare the chosen ruleset now, so
        that Start has nothing left to fetch or import (once the page is ready)."""
        if self.ready and self.chosen_rules() not in self.prepared:
            page = self.pages[self.chosen_rules()]
            self.tasks.add(asyncio.ensure_future(self.prepare(page, quiet=True)))

    @property
    def geometry(self) -> dict[str, Any]:
        """The board's shapes (read when first drawn: the first screen's board is in
        index.html)."""
        if not self.board_geometry:
            from maps import read_map_file

            self.board_geometry = read_map_file("classic_geometry.json")
        return self.board_geometry

    # ------------------------------------------------------------ start-up

    def set_loading(self, text: str | None) -> None:
        if text is None:
            el("loading").hidden = True
        else:
            el("loading-text").textContent = text

    async def restore_first(self, order: list[RulesetPage]) -> bool:
        """Resume the first autosaved game in ``order``, fetching its ruleset if need be."""
        for page in order:
            if not self.has_save(page.entry) or not await self.prepare(page):
                continue
            if page.restore():
                return True
        return False

    async def boot(self) -> None:
        started = time.monotonic()
        self.set_loading("Loading the game engine…")
        await asyncio.sleep(0)  # let the browser paint the new status first
        from engine.ai import levels

        available = set(levels(self.chosen_rules())) | {"human"}
        await asyncio.sleep(0)  # the engine's import was one task; the form's update is another
        for option in document.querySelectorAll('select[name$="-control"] option'):
            option.disabled = str(option.value) not in available
        for select in document.querySelectorAll('select[name$="-control"]'):
            if str(select.value) not in available:
                select.value = "standard"
        el("start-note").textContent = ""
        document.querySelector('[data-action="show-setup"]').disabled = False
        for action in ("help", "record", "rulebook"):
            document.querySelector(f'[data-action="{action}"]').disabled = False
        for button in document.querySelectorAll('.top-actions [data-action^="pbem-"]'):
            button.disabled = False
        for button in document.querySelectorAll(
            '[data-action="position-open"], [data-action="guide-open"]'
        ):
            button.disabled = False
        self.ready = True
        last = window.localStorage.getItem(LAST_KEY)
        order = sorted(self.pages.values(), key=lambda page: page.entry.ruleset != str(last))
        if not await self.restore_first(order) and (
            getattr(document.body.dataset, "startRequested", "") == "true"
        ):
            document.body.dataset.startRequested = ""
            self.start_from_form()
        if self.active is None:
            board_back(document)
            # the kept board's game was not resumed: the title names the form's rules again
            self.name_in_title(self.pages[self.chosen_rules()].entry.title)
        document.documentElement.classList.remove("resuming")
        self.set_loading(None)
        window.console.info(f"engine ready in {time.monotonic() - started:.2f} s")
        for page in self.pages.values():
            page.booted()
        document.body.dataset.ready = "true"
