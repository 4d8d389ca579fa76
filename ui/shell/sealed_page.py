"""The page of a ruleset whose seats write their orders at the same time and seal them
(runs in Pyodide): Capital Risk and The Great War 1907.  Both play the same stages
(hand-over, entry, sealed, replay, report, claim), pass-and-play or by forum codes, with
controls named by one prefix ("cap-", "gw-"); this class wires them, and a ruleset's
page says only what differs (its form, session and panels, its own order controls,
its board and replay pace).

Only DOM reading and writing lives here; the session and panels are pure modules of
the ruleset, imported lazily through the hooks (the page module is imported before
Pyodide has loaded the engine).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar

from ui.pages import PageEntry
from ui.shell import share
from ui.shell.dom import BrowserPage, browser_key, form_fields, found

FORUM_ACTIONS = frozenset(
    {
        "claim",
        "load",
        "confirm-sealed",
        "read-reveals",
        "unseal",
        "sign-deadline",
        "resolve",
        "claim-forfeit",
        "concede",
        "appoint",
        "appoint-save",
    }
)
"""The forum card's actions (:mod:`ui.shell.forum_panels`), after the page's prefix."""

PASTE_BOXES = {"load": "paste", "confirm-sealed": "seen-seals", "read-reveals": "reveals-page"}
READING = "Still reading the page pasted: a moment, then try again."
THINKING = "The computers are writing their orders: a moment, then try again."
"""The forum card's paste actions and the box each reads: one paste box or another, the
same reading (the whole page, every code in it), in slices (:meth:`read_pasted`)."""


def page_fault(exc: Exception) -> str:
    """What a player reads when the page itself fails (every refusal of the rules or of a
    code is an EngineError with its own message; anything else is a fault to report)."""
    return (
        "The page could not do that: it met an error of its own "
        f"({type(exc).__name__}). Your game is kept as it was; please report it, with the "
        "code you pasted if there was one."
    )


class SealedOrdersPage(BrowserPage):
    """A ruleset page around a session of simultaneous, sealed orders (a base class)."""

    panel: str
    """The id of its section beside the board."""
    PREFIX: ClassVar[str]
    """What its element ids and ``data-action`` names start with: "cap-", "gw-"."""
    DATASET: ClassVar[str]
    """The start of the body's ``data-*`` names it writes ("cap": ``data-cap-stage``)."""
    ORDERS_VERB: ClassVar[str]
    """What a seat does with orders, as its messages say: "Enter", "Write"."""

    def __init__(self, shell: Any, entry: PageEntry) -> None:
        self.shell = shell  # ui.shell.page.Shell: geometry, one game shown at a time
        self.entry = entry
        self.session: Any = None
        self.proxies: list[Any] = []
        self.tasks: set[Any] = set()
        self.replay_gen = 0
        """Bumped to drop the replay timer's pending step."""
        self.busy = ""
        """What the page is doing in slices (a pasted page read, the computers writing
        their orders), said to a tap meanwhile; "" when idle.  The game changes only
        when that work is done."""

    # ------------------------------------------------------------ the ruleset's hooks

    def session_type(self) -> Any:
        """The ruleset's session class (``new``, ``new_forum``, ``join``, ``from_json``)."""
        raise NotImplementedError

    def read_form(self, text: Any, checked: Any) -> tuple[Any, dict[str, Any], str, str, int]:
        """The new-game form as (specs, options, seed, where, seat).

        :raises ValueError: a field the form refuses (its message is shown).
        """
        raise NotImplementedError

    def panels(self) -> Any:
        """The ruleset's panels module (``status_html``, ``entry_html``, ``replay_html``,
        ``sealed_html``, ``forum_html``, ``log_html``, ``handover_html``,
        ``export_text``)."""
        raise NotImplementedError

    def entry_refusal(self) -> type[Exception]:
        """The exception the session raises for a tap it refuses (its message is shown)."""
        raise NotImplementedError

    def own_action(self, act: str, button: Any, session: Any) -> bool:
        """A control of the ruleset's own (``act``: its action without the prefix);
        True when it has drawn the page itself (no save and redraw after it)."""
        raise NotImplementedError

    def take_count(self, session: Any) -> None:
        """Read the count field into the session before its orders are sealed."""
        raise NotImplementedError

    def replay_wait(self, session: Any) -> float:
        """Seconds before the replay's next step (``session`` may be None)."""
        raise NotImplementedError

    def replay_advance(self, session: Any) -> bool:
        """The replay timer's step; False when it stops there."""
        raise NotImplementedError

    def board(self) -> str:
        """The board's SVG for the session shown."""
        raise NotImplementedError

    def report_html(self, session: Any, panels: Any) -> str:
        """The main panel of the report stage."""
        raise NotImplementedError

    def status_html(self, session: Any, panels: Any) -> str:
        return str(panels.status_html(session))

    def side_extra_html(self, session: Any, panels: Any) -> str:
        """What the side panel shows between the forum card and the log (default: nothing)."""
        return ""

    def timing_label(self) -> str:
        """What the console's timing line starts with."""
        return self.entry.ruleset

    def draw_board(self) -> None:
        self.el("board").innerHTML = self.board()

    # ------------------------------------------------------------ the shell's contract

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

    def on_input(self, event: Any) -> None:
        raise NotImplementedError

    def on_key(self, event: Any) -> None:
        raise NotImplementedError

    def start_from_form(self) -> None:
        from engine.errors import EngineError

        session_type = self.session_type()
        text, checked = form_fields(self.el("new-game-form"))

        error = self.el("setup-error")
        try:
            specs, options, seed, where, seat = self.read_form(text, checked)
        except ValueError as exc:
            error.textContent = str(exc)
            return
        seed = seed or secrets.token_hex(6)
        try:
            if where == "local":
                session = session_type.new(specs, options, seed)
            else:
                session = session_type.new_forum(
                    specs, options, seed, self.key(), seat, moderated=where == "moderated"
                )
        except EngineError as exc:
            error.textContent = exc.message
            return
        error.textContent = ""
        self.begin(session)
        self.log_timing()
        self.message(f"{self.entry.title} started (seed {seed}).")

    def start_from_position(self, state: Any) -> None:
        """A new local game of ``state``, read from a position text: the computers
        write their orders as in a new game (a finished game shows its end)."""
        session = self.session_type()(state)
        session.from_position = True
        session.log.append("Started from a position")
        if session.over:
            session.stage = "report"
        else:
            session.start_phase()
        self.el("setup-error").textContent = ""
        self.begin(session)
        self.message(f"{self.entry.title} started from a position, on this device.")

    def join_text(self, text: str) -> None:
        """Join the forum game of a save code or invitation link (``#game=...``)."""
        from engine.errors import EngineError

        session_type = self.session_type()
        error = self.el("setup-error")
        try:
            session = session_type.join(text, self.key())
        except (EngineError, ValueError) as exc:
            error.textContent = getattr(exc, "message", None) or str(exc)
            self.message(f"Not joined: {error.textContent}", warn=True)
            return
        except Exception as exc:  # a fault of the page, not a refusal: the page lives on
            error.textContent = page_fault(exc)
            self.message(f"Not joined: {error.textContent}", warn=True)
            return
        error.textContent = ""
        self.begin(session)
        self.message(f"Joined forum game {session.game_id}.")

    def open_link(self, text: str) -> bool:
        """Join from a ``#game=`` link if its code is a save of this ruleset (an
        invitation link from the host's forum card); False for any other code."""
        from engine.savecode import decode_code
        from ui.shell.pbem import extract_code

        try:
            ruleset = decode_code(extract_code(text)).payload.get("rs")
        except Exception:  # not readable here: the email loader says why
            return False
        if ruleset != self.entry.ruleset:
            return False
        self.join_text(text)
        return True

    def begin(self, session: Any) -> None:
        """Show this game (the shell closes any other: one game at a time)."""
        self.shell.activate(self)
        self.session = session
        self.el(self.panel).hidden = False
        self.save()
        self.refresh()
        self.maybe_autoplay()

    def deactivate(self) -> None:
        """Another game is shown: this one is closed (its autosave stays)."""
        self.session = None
        self.replay_gen += 1
        self.el(self.panel).hidden = True

    def setup_shown(self) -> None:
        self.el(self.panel).hidden = True

    def setup_hidden(self) -> None:
        self.el(self.panel).hidden = False
        self.refresh()

    def preload(self) -> None:
        """Nothing: the ruleset's modules load when one of its games starts."""

    def booted(self) -> None:
        """Nothing: forum codes are pasted (or opened through the shell's link)."""

    def value_of(self, element_id: str) -> str:
        """The text of a form field, or "" when this panel does not show it."""
        node = self.el(element_id)
        value = str(node.value) if found(node) else ""
        if value and hasattr(self, "read_boxes"):
            self.read_boxes[element_id] = value
        return value

    def restore(self) -> bool:
        return bool(self.shell.resume(self.entry, self.session_type().from_json, self.resumed))

    def resumed(self, session: Any) -> None:
        self.begin(session)
        self.message(f"Saved {session.TITLE} game restored.")

    def save(self) -> None:
        if self.session is None:
            return
        self.shell.autosave(self.entry, self.session.to_json())
        self.shell.note(self.entry.ruleset, self.session.state)

    # ------------------------------------------------------------ events

    def on_click(self, event: Any) -> None:
        target = event.target
        button: Any = target.closest("[data-action]")
        name = str(button.dataset.action) if found(button) else ""
        if name == f"{self.PREFIX}join":
            self.join_text(str(self.el(f"{self.PREFIX}join-code").value))
            return
        if self.session is None:
            return
        if self.busy:  # the game changes only when that work is done
            self.message(self.busy)
            return
        from ui.shell.render import hit_territory, territory_at

        territory: Any = territory_at(target)
        if found(territory) and self.el("board").contains(territory):
            self.tap(hit_territory(territory))
            return
        if name.startswith(self.PREFIX) and not getattr(button, "disabled", False):
            self.action(name, button)

    def tap(self, place: str) -> None:
        """A territory tapped (or chosen with the keyboard) while orders are entered."""
        refusal = self.entry_refusal()
        session = self.session
        if session.stage != "entry" or self.busy:
            return
        try:
            self.message(session.click(place))
        except refusal as exc:
            self.message(str(exc), warn=True)
        self.save()
        self.refresh()

    def action(self, name: str, button: Any) -> None:
        """One of the panel's buttons: the stages' and the forum's here, the orders' own
        through :meth:`own_action`; a refusal is shown as a warning."""
        from engine.errors import EngineError

        session = self.session
        act = name.removeprefix(self.PREFIX)
        self.read_boxes: dict[str, str] = {}  # what the action read, put back if refused
        if act in PASTE_BOXES:
            self.read_pasted(act, session)
            return
        kept: dict[str, str] = {}
        try:
            if act == "handover":
                session.acknowledge_handover()
                self.message("")
            elif act == "mode":
                session.set_mode(str(button.dataset.mode))
            elif act == "clear":
                session.clear()
                self.message("Orders cleared.")
            elif act == "seal":
                self.take_count(session)
                key = self.key() if session.where == "forum" else None
                self.go_on(session, session.seal_steps(key))
            elif act == "replay-skip":
                session.skip_replay()
                self.replay_gen += 1
            elif act in ("copy-bbcode", "copy-markdown"):
                self.copy(act.removeprefix("copy-"))
                return
            elif act in FORUM_ACTIONS:
                self.forum_action(act, button, session)
            elif self.own_action(act, button, session):
                return
        except (EngineError, ValueError) as exc:
            text = exc.message if isinstance(exc, EngineError) else str(exc)
            self.message(text, warn=True)
            kept = self.read_boxes
        except Exception as exc:  # a fault of the page, not a refusal: the page lives on
            self.message(page_fault(exc), warn=True)
            kept = self.read_boxes
        if self.busy:  # drawn and saved when the work in slices is done
            return
        self.save()
        self.refresh()
        share.put_back(self.el, kept)

    def go_on(self, session: Any, steps: Any) -> None:
        """A session's action written as steps (:mod:`ui.shell.slices`): its first step
        now, so a refusal is shown as any action's; the rest (the computers writing their
        orders, a resolution) in slices, the browser answering between them, and the page
        drawn and saved when they are done."""
        try:
            next(steps)
        except StopIteration as done:
            if done.value:
                self.message(str(done.value))
            self.log_timing()
            self.maybe_autoplay()
            return
        self.busy = THINKING
        self.message(THINKING)
        task = asyncio.ensure_future(self.finish_in_slices(session, steps))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def finish_in_slices(self, session: Any, steps: Any) -> None:
        """The rest of :meth:`go_on`'s steps, as many to a slice as fit."""
        from ui.shell.slices import SliceClock, run_in_slices

        async def play(clock: SliceClock) -> str:
            await clock.pause()  # the tap's own drawing first
            return str(await run_in_slices(steps, clock.pause) or "")

        outcome = await self.sliced(session, play, "played")
        if outcome is None:
            return
        self.message(*outcome)
        self.save()
        self.refresh()
        self.log_timing()
        self.maybe_autoplay()

    async def sliced(
        self, session: Any, work: Callable[[Any], Awaitable[str]], done: str
    ) -> tuple[str, bool] | None:
        """``work(clock)``, a session's work in slices (:class:`ui.shell.slices.SliceClock`
        pauses it), with taps turned down until it ends: what to say and whether it is a
        warning (a refusal, or a fault of the page: the page lives on); None when another
        game is shown by then."""
        from engine.errors import EngineError
        from ui.shell.slices import SliceClock

        clock = SliceClock()
        warn = False
        try:
            said = await work(clock)
        except EngineError as exc:
            said, warn = exc.message, True
        except Exception as exc:  # a fault of the page, not a refusal: the page lives on
            said, warn = page_fault(exc), True
        finally:
            clock.stop()
            self.busy = ""
        self.win().console.info(
            f"{self.timing_label()}: {done} in {len(clock.slices)} slices, "
            f"{clock.busy_ms:.0f} ms in all, the longest {clock.longest_ms:.0f} ms"
        )
        if self.session is not session:  # another game is shown now
            return None
        return said, warn

    def forum_action(self, act: str, button: Any, session: Any) -> None:
        """A button of the forum card (:mod:`ui.shell.forum_panels`)."""
        p = self.PREFIX
        if act == "claim":
            self.message(session.claim(int(button.dataset.seat), self.key()))
        elif act == "unseal":
            session.sealed = session.reveal = ""
            session.stage = "entry"
            self.message(
                f"{self.ORDERS_VERB} new orders; post the new sealed code only if nobody has "
                "revealed yet (a second commitment is refused).",
                warn=True,
            )
        elif act == "claim-forfeit":
            self.message(session.claim_forfeit(self.key()))
        elif act == "concede":
            self.message(session.concede(self.key()))
        elif act == "appoint":
            self.message(session.sign_appointment(int(button.dataset.seat), self.key()))
        elif act == "appoint-save":
            self.message(session.make_appointment(self.key()))
        elif act == "sign-deadline":
            self.message(session.sign_deadline(self.value_of(f"{p}resolve-reveals"), self.key()))
        elif act == "resolve":
            started = time.perf_counter()
            self.message(
                session.resolve_codes(
                    self.value_of(f"{p}resolve-sealed"),
                    self.value_of(f"{p}resolve-reveals"),
                    self.key(),
                    self.value_of(f"{p}resolve-deadlines"),
                )
            )
            self.win().console.info(
                f"{self.entry.ruleset}: checked codes and resolved in "
                f"{(time.perf_counter() - started) * 1000:.0f} ms"
            )
            self.maybe_autoplay()

    def read_pasted(self, act: str, session: Any) -> None:
        """A paste box's button: the pasted page is read in slices, the browser answering
        between them (:func:`ui.shell.slices.paste_page_in_slices`); one at a time."""
        text = self.value_of(f"{self.PREFIX}{PASTE_BOXES[act]}")
        self.busy = READING
        self.message("Reading the pasted page…")
        task = asyncio.ensure_future(self.paste_in_slices(session, text, dict(self.read_boxes)))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def paste_in_slices(self, session: Any, text: str, boxes: dict[str, str]) -> None:
        """Read ``text`` into ``session`` in slices, then draw the page (a task of its
        own); a refusal is shown as a warning, with what was pasted kept in its box."""
        from ui.shell.slices import paste_page_in_slices, yield_to_browser

        async def read(clock: Any) -> str:
            # The key is read only when the page signs (a reveal, its own resolution).
            return await paste_page_in_slices(session, text, self.key, clock.pause)

        outcome = await self.sliced(session, read, "pasted page read")
        if outcome is None:
            return
        said, warn = outcome
        self.message(said, warn)
        await yield_to_browser()  # the reading was one task, the drawing is another
        if self.session is not session:
            return
        self.save()
        self.refresh()
        share.put_back(self.el, boxes if warn else {})
        self.maybe_autoplay()

    def copy(self, fmt: str) -> None:
        """Copy the report as ``fmt`` ("bbcode", "markdown"), shown in the export box."""
        box = self.el(f"{self.PREFIX}export-text")
        box.value = self.panels().export_text(self.session, fmt)
        box.select()
        ok = bool(self.doc().execCommand("copy"))
        label = "BBCode" if fmt == "bbcode" else "Markdown"
        self.message(f"Report copied as {label}." if ok else f"Report as {label}: copy it below.")
        box.dataset.format = fmt

    def log_timing(self) -> None:
        timings = getattr(self.session, "timings", {})
        if timings:
            parts = ", ".join(f"{k} {v:.0f} ms" for k, v in sorted(timings.items()))
            self.win().console.info(f"{self.timing_label()}: {parts}")

    # ------------------------------------------------------------ replay

    def maybe_autoplay(self) -> None:
        if self.session is None or self.session.stage != "replay" or self.session.replay_paused:
            return
        self.replay_gen += 1
        self.tasks.add(asyncio.ensure_future(self.autoplay(self.replay_gen)))

    async def autoplay(self, gen: int) -> None:
        """The replay steps on at the game speed (:func:`ui.shell.speed.replay_wait`):
        Watch at the page's pace and the chosen ×, Fast at most a short moment a step,
        Instant straight to the report."""
        from ui.shell.speed import replay_wait

        while True:
            wait = replay_wait(self.shell.speed, self.replay_wait(self.session))
            await asyncio.sleep(wait)
            session = self.session
            if gen != self.replay_gen or session is None or session.stage != "replay":
                return
            if wait <= 0:
                session.skip_replay()
                self.save()
                self.refresh()
                return
            moved = self.replay_advance(session)
            self.save()
            self.refresh()
            if not moved:
                return

    # ------------------------------------------------------------ drawing

    def message(self, text: str, warn: bool = False) -> None:
        self.shell.message(text, warn)

    def stage_html(self, session: Any, panels: Any) -> str:
        """The main panel of the session's stage ("" hides it)."""
        stage = session.stage
        if stage == "entry":
            return str(panels.entry_html(session))
        if stage == "replay":
            return str(panels.replay_html(session))
        if stage == "report":
            return self.report_html(session, panels)
        if stage == "sealed":
            return str(panels.sealed_html(session))
        if stage == "handover":
            return f"<p>Waiting for the next {session.SEAT_WORD}…</p>"
        if stage == "claim":
            return f"<p>Claim your {session.SEAT_WORD} below to play.</p>"
        return ""

    def refresh(self) -> None:
        session = self.session
        if session is None:
            return
        panels = self.panels()
        p = self.PREFIX
        body = self.doc().body.dataset
        for name, value in (
            ("Stage", session.stage),
            ("Turn", str(session.state.turn)),
            ("Phase", session.state.phase.value),
            ("Viewer", "" if session.viewer is None else str(session.viewer)),
        ):
            setattr(body, f"{self.DATASET}{name}", value)
        self.draw_board()
        self.el(f"{p}status").innerHTML = self.status_html(session, panels)
        main = self.stage_html(session, panels)
        main_box = self.el(f"{p}main")
        main_box.innerHTML = main
        main_box.hidden = not main
        url = str(self.win().location.href)
        side = panels.forum_html(session, url) if session.where == "forum" else ""
        side += self.side_extra_html(session, panels)
        self.el(f"{p}side").innerHTML = side + panels.log_html(session)
        overlay = self.el(f"{p}overlay")
        show = session.stage == "handover"
        overlay.hidden = not show
        overlay.innerHTML = panels.handover_html(session) if show else ""
        if show:
            button = overlay.querySelector("button")
            if found(button):
                button.focus()
