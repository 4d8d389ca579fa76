"""The Great War 1907 page (runs in Pyodide): the shell (:mod:`ui.shell.page`) builds one
:class:`GreatWarPage` from the registry (:mod:`ui.pages`) and hands it the game when the
form's Rules select says The Great War 1907 or when its autosave is there.

Only DOM reading and writing lives here; everything else is in the pure modules
(session, entry, panels, the renderer).  The engine is imported lazily.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Any

from ui.pages import PageEntry
from ui.shell.dom import BrowserPage, browser_key, form_fields
from ui.shell.dom import found as _found

REPLAY_DELAY = 1.6  # seconds per replay step


class GreatWarPage(BrowserPage):
    """The page around a :class:`ui.greatwar1907.session.GreatWarSession`."""

    panel = "greatwar1907"

    def __init__(self, shell: Any, entry: PageEntry) -> None:
        self.shell = shell
        self.entry = entry
        self.session: Any = None
        self.proxies: list[Any] = []
        self.tasks: set[Any] = set()
        self.replay_gen = 0

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
        from ui.greatwar1907.form import read_greatwar_form
        from ui.greatwar1907.session import GreatWarSession

        text, checked = form_fields(self.el("new-game-form"))

        error = self.el("setup-error")
        try:
            specs, options, seed, where, seat = read_greatwar_form(text, checked)
        except ValueError as exc:
            error.textContent = str(exc)
            return
        seed = seed or secrets.token_hex(6)
        try:
            if where == "local":
                session = GreatWarSession.new(specs, options, seed)
            else:
                session = GreatWarSession.new_forum(
                    specs, options, seed, self.key(), seat, moderated=where == "moderated"
                )
        except EngineError as exc:
            error.textContent = exc.message
            return
        error.textContent = ""
        self.begin(session)
        self.log_timing()
        self.message(f"The Great War 1907 started (seed {seed}).")

    def join_text(self, text: str) -> None:
        from engine.errors import EngineError
        from ui.greatwar1907.session import GreatWarSession

        error = self.el("setup-error")
        try:
            session = GreatWarSession.join(text, self.key())
        except (EngineError, ValueError) as exc:
            error.textContent = getattr(exc, "message", None) or str(exc)
            self.message(f"Not joined: {error.textContent}", warn=True)
            return
        error.textContent = ""
        self.begin(session)
        self.message(f"Joined forum game {session.game_id}.")

    def open_link(self, text: str) -> bool:
        """Join from a ``#game=`` link if its code is a Great War 1907 save."""
        from engine.savecode import decode_code
        from ui.greatwar1907.session import RULESET
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
        self.shell.activate(self)
        self.session = session
        self.el(self.panel).hidden = False
        self.save()
        self.refresh()
        self.maybe_autoplay()

    def deactivate(self) -> None:
        self.session = None
        self.replay_gen += 1
        self.el(self.panel).hidden = True

    def setup_shown(self) -> None:
        self.el(self.panel).hidden = True

    def setup_hidden(self) -> None:
        self.el(self.panel).hidden = False
        self.refresh()

    def preload(self) -> None:
        """Nothing: this ruleset's modules load when one of its games starts."""

    def booted(self) -> None:
        """Nothing: forum codes are pasted (or opened through the shell's link)."""

    def value_of(self, element_id: str) -> str:
        node = self.el(element_id)
        return str(node.value) if _found(node) else ""

    def restore(self) -> bool:
        from ui.greatwar1907.session import GreatWarSession

        return bool(self.shell.resume(self.entry, GreatWarSession.from_json, self.resumed))

    def resumed(self, session: Any) -> None:
        self.begin(session)
        self.message("Saved Great War 1907 game restored.")

    def save(self) -> None:
        if self.session is None:
            return
        self.shell.autosave(self.entry, self.session.to_json())
        self.shell.note(self.entry.ruleset, self.session.state)

    # ------------------------------------------------------------ events

    def on_input(self, event: Any) -> None:
        target = event.target
        field = str(getattr(target, "id", ""))
        if self.session is None:
            return
        if field == "gw-count":
            self.session.count = str(target.value)
            self.save()
        elif field.startswith("gw-trade-") and field != "gw-trade-check":
            name = field.removeprefix("gw-trade-").replace("-", "_")
            check = self.session.set_trade_field(name, str(target.value))
            box = self.el("gw-trade-check")
            if _found(box):  # only the check line changes: the field keeps its focus
                box.textContent = check
                box.className = "warn small" if check.startswith("Refused") else "muted small"
            self.save()

    def on_key(self, event: Any) -> None:
        """Enter or Space on a focused province or sea (a legal destination) taps it."""
        if self.session is None or str(event.key) not in ("Enter", " "):
            return
        target = event.target
        place = str(getattr(target.dataset, "id", "") or "") if _found(target) else ""
        if place and self.el("board").contains(target):
            event.preventDefault()
            self.place(place)

    def on_click(self, event: Any) -> None:
        target = event.target
        button: Any = target.closest("[data-action]")
        name = str(button.dataset.action) if _found(button) else ""
        if name == "gw-join":
            self.join_text(str(self.el("gw-join-code").value))
            return
        if self.session is None:
            return
        from ui.shell.render import hit_territory, territory_at

        territory: Any = territory_at(target)
        if _found(territory) and self.el("board").contains(territory):
            self.place(hit_territory(territory))
            return
        if name.startswith("gw-") and not getattr(button, "disabled", False):
            self.action(name, button)

    def place(self, place: str) -> None:
        from ui.greatwar1907.drafts import EntryError

        session = self.session
        if session.stage != "entry":
            return
        try:
            self.message(session.click(place))
        except EntryError as exc:
            self.message(str(exc), warn=True)
        self.save()
        self.refresh()

    def action(self, name: str, button: Any) -> None:
        from engine.errors import EngineError

        session = self.session
        try:
            if name == "gw-handover":
                session.acknowledge_handover()
                self.message("")
            elif name == "gw-mode":
                session.set_mode(str(button.dataset.mode))
            elif name == "gw-overlay":
                session.toggle_overlay(str(button.dataset.overlay))
            elif name == "gw-leader":
                self.message(session.toggle_leader(str(button.dataset.leader)))
            elif name == "gw-remove":
                session.remove(str(button.dataset.section), int(button.dataset.index))
                self.message("Order removed.")
            elif name == "gw-change":
                self.message(session.change(str(button.dataset.section), int(button.dataset.index)))
            elif name == "gw-clear":
                session.clear()
                self.message("Orders cleared.")
            elif name == "gw-diplomacy":
                self.message(
                    session.diplomacy(str(getattr(button.dataset, "with")), str(button.dataset.to))
                )
            elif name == "gw-trade":
                self.message(
                    session.trade(
                        self.value_of("gw-trade-with"),
                        [self.value_of("gw-trade-give")],
                        [self.value_of("gw-trade-get")],
                        self.value_of("gw-trade-give-pp"),
                        self.value_of("gw-trade-get-pp"),
                    )
                )
            elif name == "gw-seal":
                session.count = self.value_of("gw-count") or session.count
                key = self.key() if session.where == "forum" else None
                self.message(session.seal(key))
                self.log_timing()
                self.maybe_autoplay()
            elif name == "gw-replay-skip":
                session.skip_replay()
                self.replay_gen += 1
            elif name.startswith("gw-replay-"):
                session.replay_control(name.removeprefix("gw-replay-"))
                self.replay_gen += 1  # a step by hand restarts the timer's wait: no race
                self.maybe_autoplay()
            elif name == "gw-next":
                session.next_phase()
                self.log_timing()
                self.maybe_autoplay()
            elif name in ("gw-copy-bbcode", "gw-copy-markdown"):
                self.copy("bbcode" if name == "gw-copy-bbcode" else "markdown")
                return
            elif name == "gw-claim":
                self.message(session.claim(int(button.dataset.seat), self.key()))
            elif name == "gw-load":
                self.message(session.paste_save(self.value_of("gw-paste")))
                self.maybe_autoplay()
            elif name == "gw-confirm-sealed":
                self.message(session.confirm_sealed(self.value_of("gw-seen-seals"), self.key()))
            elif name == "gw-unseal":
                session.sealed = session.reveal = ""
                session.stage = "entry"
                self.message(
                    "Write new orders; post the new sealed code only if nobody has revealed "
                    "yet (a second commitment is refused).",
                    warn=True,
                )
            elif name == "gw-sign-deadline":
                self.message(session.sign_deadline(self.value_of("gw-resolve-reveals"), self.key()))
            elif name == "gw-resolve":
                started = time.perf_counter()
                self.message(
                    session.resolve_codes(
                        self.value_of("gw-resolve-sealed"),
                        self.value_of("gw-resolve-reveals"),
                        self.key(),
                        self.value_of("gw-resolve-deadlines"),
                    )
                )
                self.win().console.info(
                    f"greatwar1907: checked codes and resolved in "
                    f"{(time.perf_counter() - started) * 1000:.0f} ms"
                )
                self.maybe_autoplay()
        except (EngineError, ValueError) as exc:
            text = exc.message if isinstance(exc, EngineError) else str(exc)
            self.message(text, warn=True)
        self.save()
        self.refresh()

    def copy(self, fmt: str) -> None:
        from ui.greatwar1907.panels import export_text

        box = self.el("gw-export-text")
        box.value = export_text(self.session, fmt)
        box.select()
        ok = bool(self.doc().execCommand("copy"))
        label = "BBCode" if fmt == "bbcode" else "Markdown"
        self.message(f"Report copied as {label}." if ok else f"Report as {label}: copy it below.")
        box.dataset.format = fmt

    def log_timing(self) -> None:
        timings = getattr(self.session, "timings", {})
        if timings:
            parts = ", ".join(f"{k} {v:.0f} ms" for k, v in sorted(timings.items()))
            self.win().console.info(f"greatwar1907: {parts}")

    # ------------------------------------------------------------ replay

    def maybe_autoplay(self) -> None:
        if self.session is None or self.session.stage != "replay" or self.session.replay_paused:
            return
        self.replay_gen += 1
        self.tasks.add(asyncio.ensure_future(self.autoplay(self.replay_gen)))

    async def autoplay(self, gen: int) -> None:
        while True:
            session = self.session
            await asyncio.sleep(session.replay().delay * REPLAY_DELAY if session else 0)
            session = self.session
            if gen != self.replay_gen or session is None or session.stage != "replay":
                return
            moved = session.replay_tick()
            self.save()
            self.refresh()
            if not moved:
                return

    # ------------------------------------------------------------ drawing

    def message(self, text: str, warn: bool = False) -> None:
        self.shell.message(text, warn)

    def board(self) -> str:
        from ui.greatwar1907.render import render_board

        session = self.session
        frame = session.frame
        if frame is not None:
            return render_board(
                frame.state,
                overlays=frozenset(session.overlays),
                highlights=dict(frame.highlights),
            )
        return render_board(
            session.state,
            viewer=session.nation,
            overlays=frozenset(session.overlays),
            selected=session.selected,
            targets=tuple(session.highlight()),
        )

    def record_board(self, state: Any, taken: set[str]) -> str:
        """A position of the game record (the shell's dialog) on this ruleset's map."""
        from ui.greatwar1907.render import render_board

        return render_board(state, highlights={t: "conquered" for t in taken})

    def refresh(self) -> None:
        session = self.session
        if session is None:
            return
        from ui.greatwar1907 import panels

        started = time.perf_counter()
        body = self.doc().body.dataset
        body.gwStage = session.stage
        body.gwTurn = str(session.state.turn)
        body.gwPhase = session.state.phase.value
        body.gwViewer = "" if session.viewer is None else str(session.viewer)
        board = self.board()
        self.el("board").innerHTML = board
        self.el("gw-status").innerHTML = panels.status_html(session) + panels.overlay_buttons(
            session
        )
        main = ""
        if session.stage == "entry":
            main = panels.entry_html(session)
        elif session.stage == "replay":
            main = panels.replay_html(session)
        elif session.stage == "report":
            main = panels.report_html(session)
        elif session.stage == "sealed":
            main = panels.sealed_html(session)
        elif session.stage == "handover":
            main = "<p>Waiting for the next nation…</p>"
        elif session.stage == "claim":
            main = "<p>Claim your nation below to play.</p>"
        box = self.el("gw-main")
        box.innerHTML = main
        box.hidden = not main
        url = str(self.win().location.href)
        side = panels.forum_html(session, url)
        if session.stage != "entry":  # while writing, the Diplomacy mode shows the matrix
            side += panels.diplomacy_html(session)
        self.el("gw-side").innerHTML = side + panels.log_html(session)
        overlay = self.el("gw-overlay")
        show = session.stage == "handover"
        overlay.hidden = not show
        overlay.innerHTML = panels.handover_html(session) if show else ""
        if show:
            button = overlay.querySelector("button")
            if _found(button):
                button.focus()
        body.gwPaintMs = f"{(time.perf_counter() - started) * 1000:.0f}"


PAGE = GreatWarPage
