"""What the pages of a sequential game (Classic, Risk, Paper, Scissors) do the same: the
computer players' pacing, and drawing the parts of the page around the board that every
such game has (the turn marks on ``<body>``, the hand-over screen, the email game's
status, the winner's card).  Runs in Pyodide; the DOM is reached through
:mod:`ui.shell.dom` on use, so the pacing runs under pytest too.

A page inherits :class:`SequentialPage` and gives ``shell``, ``entry``, ``session`` (a
:class:`ui.shell.sequential.SequentialSession`, or None), ``running``, ``skipping`` and
``tasks`` in its constructor, the class data ``computer_delay``, and
:meth:`session_class`, ``begin``, ``resumed``, ``save`` and ``refresh``; it may answer
:meth:`after_fast_slice`, :meth:`computers_stopped` and :meth:`undone`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any, ClassVar

from ui.shell.dom import el, found

FAST_SLICE = 0.06  # seconds of computer play between screen updates when skipping


class SequentialPage:
    shell: Any
    entry: Any
    session: Any
    running: bool
    skipping: bool
    tasks: set[Any]
    computer_delay: ClassVar[float]
    """Seconds between computer orders at normal pace."""

    def save(self) -> None:
        raise NotImplementedError

    def refresh(self) -> None:
        raise NotImplementedError

    def after_fast_slice(self) -> None:
        """A slice of computer orders was played while skipping (the board is redrawn
        after the skip unless the page shows each slice)."""

    def computers_stopped(self) -> None:
        """The computer players stopped: a human is to act, or the game is over."""

    def undone(self) -> None:
        """The player's last order was taken back: drop what the page was asking about."""

    @property
    def ready(self) -> bool:
        return bool(self.shell.ready)

    def message(self, text: str, warn: bool = False) -> None:
        self.shell.message(text, warn)

    def latest_line(self) -> str:
        """The game log's newest line ("" before the first)."""
        return str(self.session.log[-1][1]) if self.session.log else ""

    # ------------------------------------------------------------ the buttons every game has

    TURN_ACTIONS: ClassVar[frozenset[str]] = frozenset({"handover", "skip", "undo"})

    def turn_action(self, name: str) -> None:
        """One of :attr:`TURN_ACTIONS`: the hand-over screen's button, skip the computers'
        moves (the running pacing redraws), undo."""
        session = self.session
        if name == "skip":
            self.skipping = True
            return
        if name == "handover":
            session.acknowledge_handover()
        elif name == "undo" and session.undo():
            self.undone()
            self.message("Undone.")
        self.save()
        self.refresh()

    # ------------------------------------------------------------ computers

    def computers_to_play(self) -> bool:
        return self.session is not None and bool(self.session.computer_to_act)

    def kick_computers(self) -> None:
        if self.session is None or self.running or not self.computers_to_play():
            return
        self.running = True
        self.tasks.add(asyncio.ensure_future(self.run_computers()))

    async def run_computers(self) -> None:
        try:
            while self.computers_to_play():
                if self.skipping:
                    deadline = time.monotonic() + FAST_SLICE
                    while time.monotonic() < deadline and self.computers_to_play():
                        self.session.play_computer()
                        self.shell.note(self.entry.ruleset, self.session.state)
                    self.after_fast_slice()
                    await asyncio.sleep(0.001)
                else:
                    await asyncio.sleep(self.computer_delay)
                    if not self.computers_to_play():
                        break
                    self.session.play_computer()
                    self.message(self.latest_line())
                    self.save()
                    self.refresh()
        except Exception as exc:
            self.message(f"Computer player failed: {exc}", warn=True)
            raise
        finally:
            self.running = False
            self.skipping = False
            self.save()
            self.refresh()
            self.computers_stopped()

    # ------------------------------------------------------------ starting

    def session_class(self) -> Any:
        """The ruleset's session class (imported on use: the page module is imported
        before Pyodide has the engine)."""
        raise NotImplementedError

    def new_session(self, state: Any) -> Any:
        """A session of a game joined by email (the shell's email dialogs call it)."""
        return self.session_class()(state)

    def restore(self) -> bool:
        """Show this ruleset's autosaved game, if there is one."""
        return bool(self.shell.resume(self.entry, self.session_class().from_json, self.resumed))

    def resumed(self, session: Any) -> None:
        raise NotImplementedError

    def begin(self, session: Any) -> None:
        raise NotImplementedError

    def started(self, session: Any, line: str) -> None:
        """A new game from the form is shown, with ``line`` on the message line."""
        el("setup-error").textContent = ""
        self.begin(session)
        self.message(line)
        self.save()
        self.refresh()
        self.kick_computers()

    # ------------------------------------------------------------ drawing

    def mark_turn(self, body: Any) -> None:
        """``<body>``'s data that says whose turn it is (the e2e tests wait on it)."""
        session = self.session
        body.phase = session.state.phase.value
        body.current = str(session.state.current)
        body.humanTurn = "true" if session.human_turn and not session.needs_handover else "false"

    def show_handover(self, html: Callable[[Any], str]) -> None:
        """The hand-over screen when the device must change hands, its button focused."""
        session = self.session
        handover = el("handover")
        handover.hidden = not session.needs_handover
        if session.needs_handover:
            handover.innerHTML = html(session)
            button = handover.querySelector("button")
            if found(button):
                button.focus()

    def show_email_status(self, body: Any, turn_id: str, controls_id: str) -> None:
        """A game by email: its status under the turn panel, and while another browser
        has the turn, what to do in place of the controls."""
        session = self.session
        if session.pbem is None:
            return
        from ui.shell import pbem_panels

        body.waiting = "true" if session.waiting else "false"
        body.pbemSeq = str(session.pbem.record.seq)
        el(turn_id).insertAdjacentHTML("beforeend", pbem_panels.status_html(session))
        if session.waiting:
            el(controls_id).innerHTML = pbem_panels.waiting_html(session)

    def show_winner(self, closed: bool, html: Callable[[Any], str]) -> None:
        """The end-of-game card, unless the player closed it or the form is open."""
        session = self.session
        winner = el("winner")
        show = session.over and not closed and el("setup").hidden
        winner.hidden = not show
        if show:
            winner.innerHTML = html(session)
