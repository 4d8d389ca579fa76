"""What the pages of a sequential game (Classic, Risk, Paper, Scissors) do the same: the
computer players' pacing, and drawing the parts of the page around the board that every
such game has (the turn marks on ``<body>``, the hand-over screen, the email game's
status, the winner's card).  Runs in Pyodide; the DOM is reached through
:mod:`ui.shell.dom` on use, so the pacing runs under pytest too.

A page inherits :class:`SequentialPage` and gives ``shell``, ``entry``, ``session`` (a
:class:`ui.shell.sequential.SequentialSession`, or None), ``running``, ``skipping`` and
``tasks`` in its constructor, the class data ``computer_delay`` (the pause at the Watch
speed; the shell's game speed, :mod:`ui.shell.speed`, sets the pace), and
:meth:`session_class`, ``begin``, ``resumed``, ``save`` and ``refresh``; it may answer
:meth:`after_fast_slice`, :meth:`computers_stopped` and :meth:`undone`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from time import monotonic
from typing import Any, ClassVar

from ui.shell.dom import el, found
from ui.shell.slices import yield_to_browser
from ui.shell.speed import FAST_TURN_BUDGET, INSTANT_FRAME, SLICE, Speed, order_pause


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
        moves (the game speed becomes Instant until the player chooses another; the
        running pacing redraws), undo."""
        session = self.session
        if name == "skip":
            self.skipping = True
            self.shell.set_speed(Speed.INSTANT, by_skip=True)
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

    def speed(self) -> Speed:
        """The game speed now (read before every step: a change applies at once)."""
        return Speed.INSTANT if self.skipping else self.shell.speed

    def acting_seat(self) -> Any:
        return getattr(self.session, "actor", None)

    async def run_computers(self) -> None:
        """Play the computers' orders until a human is to act, at the game speed: Watch
        shows each order with the page's pause; Fast shows a turn's orders with short
        pauses, then plays the rest of a turn that lasts longer than
        :data:`~ui.shell.speed.FAST_TURN_BUDGET` at once; Instant plays at once.  Playing
        at once runs in slices of :data:`~ui.shell.speed.SLICE` with a yield to the
        browser between them, so the page never freezes."""
        finished = False
        quick = False  # some orders were played at once: the map marks what changed
        self.shell.computers_started(self.entry.ruleset, self.session.state)
        try:
            turn_seat, turn_began = self.acting_seat(), monotonic()
            drawn = monotonic()
            while self.computers_to_play():
                speed = self.speed()
                if self.acting_seat() != turn_seat:
                    turn_seat, turn_began = self.acting_seat(), monotonic()
                over_budget = monotonic() - turn_began > FAST_TURN_BUDGET
                if speed is Speed.INSTANT or (speed is Speed.FAST and over_budget):
                    quick = quick or speed is Speed.INSTANT
                    self.play_slice(turn_seat if speed is Speed.FAST else None)
                    # no redraw for the rest of a Fast turn (the next turn's first order
                    # shows where it ended); at Instant, now and then, to show progress
                    if speed is Speed.INSTANT and monotonic() - drawn > INSTANT_FRAME:
                        self.after_fast_slice()
                        drawn = monotonic()
                    await yield_to_browser()  # the browser answers input
                else:
                    await asyncio.sleep(order_pause(speed, self.computer_delay))
                    if not self.computers_to_play():
                        break
                    self.session.play_computer()
                    self.message(self.latest_line())
                    self.save()
                    self.refresh()
                    drawn = monotonic()
            finished = True
        except Exception as exc:
            self.message(f"Computer player failed: {exc}", warn=True)
            raise
        finally:
            self.running = False
            self.skipping = False
            self.save()
            self.refresh()
            if finished and self.session is not None:
                line = self.shell.computers_finished(self.entry.ruleset, self.session.state, quick)
                if line:
                    self.message(line)
            self.computers_stopped()

    def play_slice(self, seat: Any) -> None:
        """Computer orders for up to :data:`~ui.shell.speed.SLICE` seconds (only while
        ``seat`` acts, unless it is None), each noted in the game record."""
        deadline = monotonic() + SLICE
        while monotonic() < deadline and self.computers_to_play():
            if seat is not None and self.acting_seat() != seat:
                return
            self.session.play_computer()
            self.shell.note_record(self.entry.ruleset, self.session.state)

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

    def start_from_position(self, state: Any) -> None:
        """A new local game of ``state``, read from a position text."""
        session = self.new_session(state)
        session.from_position = True
        self.started(session, f"{self.entry.title} started from a position, on this device.")

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
