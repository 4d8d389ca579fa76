"""What a sequential game's session does the same in Classic and Risk, Paper, Scissors
(pure; no browser imports): who acts and who is human, the legal orders, the computer's
order, the log, the undo stack and the email game attached to it.

A session inherits :class:`SequentialSession` and gives ``ruleset`` (the engine's
ruleset), ``state``, ``log``, ``undo_stack``, ``pbem``, ``revealed`` and ``_legal`` in
its constructor, the class data ``undo_limit``, and the hooks :attr:`over`,
:meth:`acts_here`, :attr:`waiting`, :meth:`shows_nothing_secret` (the hand-over rule's),
:meth:`event_text` (a log line), :meth:`_snapshot_extras` and :meth:`_undone` (what its
own undo snapshots keep and restore), :meth:`_adopted` (what a position that came in
resets).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ui.shell.handover import HandOver

if TYPE_CHECKING:
    from engine.core import Event, Order, Ruleset
    from ui.shell.pbem import PbemGame  # only email games need it (and its signing library)

LogLine = tuple[int | None, str]
"""(acting seat or None, text): a line of the game log."""


def read_log(lines: Iterable[Sequence[Any]]) -> list[LogLine]:
    """The game log of a save (as :meth:`SequentialSession.log_json` wrote it)."""
    return [(None if seat is None else int(seat), str(text)) for seat, text in lines]


def check_save_version(data: Any, version: int) -> None:
    """:raises ValueError: a save of another version than ``version``."""
    if data.get("version") != version:
        raise ValueError(f"unsupported save version {data.get('version')!r}")


class SequentialSession(HandOver):
    ruleset: Ruleset[Any]
    state: Any
    log: list[LogLine]
    undo_stack: list[dict[str, Any]]
    pbem: PbemGame | None
    _legal: list[Order] | None
    undo_limit: ClassVar[int]
    log_limit: ClassVar[int] = 400
    """The log keeps its newest lines only (a save stays small)."""

    # ------------------------------------------------------------ the ruleset's hooks

    @property
    def over(self) -> bool:
        raise NotImplementedError

    def acts_here(self, seat: int | None) -> bool:
        """This browser may give orders for ``seat``."""
        raise NotImplementedError

    @property
    def waiting(self) -> bool:
        """A game by email where another browser has the turn."""
        raise NotImplementedError

    def event_text(self, event: Event) -> str | None:
        """The log line of ``event`` (None: it is not logged)."""
        raise NotImplementedError

    def _snapshot_extras(self) -> dict[str, Any]:
        """What an undo snapshot keeps besides the state, the log and the email actions."""
        return {}

    def _undone(self, snapshot: dict[str, Any]) -> None:
        """An undo restored ``snapshot``: reset what the session keeps besides the state."""

    def _adopted(self, events: Sequence[Event]) -> None:
        """A position came in (:meth:`adopt`): reset what the session keeps besides the
        state, or take it from the ``events`` that led there."""

    # ------------------------------------------------------------ who acts

    @property
    def actor(self) -> int | None:
        return self.ruleset.actor(self.state)

    @property
    def humans(self) -> list[int]:
        return [s for s, p in enumerate(self.state.players) if p.control == "human"]

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.state.players[seat].control == "human"

    @property
    def human_turn(self) -> bool:
        return not self.over and self.is_human(self.actor) and self.acts_here(self.actor)

    @property
    def computer_to_act(self) -> bool:
        """A computer seat is to act here (in a game by email, not while another browser
        has the turn)."""
        return not self.over and not self.human_turn and not self.waiting

    # ------------------------------------------------------------ orders

    def legal(self) -> list[Order]:
        if self._legal is None:
            self._legal = [] if self.over else self.ruleset.legal_orders(self.state)
        return self._legal

    def computer_order(self) -> Order:
        from engine.ai import choose_order

        return choose_order(self.state)

    def play(self, order: Order, human: bool = True) -> list[Event]:
        raise NotImplementedError

    def play_computer(self) -> list[Event]:
        """The computer player to act gives its next order."""
        return self.play(self.computer_order(), human=False)

    def attach_pbem(self, game: PbemGame) -> None:
        """Make this a game by email: this browser acts only for the seats it holds."""
        self.pbem = game
        self._legal = None
        self._sync_viewer()

    def _attach_saved_pbem(self, data: Any) -> None:
        """The email game of a save, if it is one."""
        if data.get("pbem") is not None:
            from ui.shell.pbem import PbemGame

            self.attach_pbem(PbemGame.from_json(data["pbem"]))

    def adopt(self, state: Any, events: Sequence[Event], line: str) -> None:
        """Continue from a position that came in (a received save code)."""
        self.state = state
        self._legal = None
        self.undo_stack = []
        self.log.append((None, line))
        self._record(events)
        self._adopted(events)
        self._sync_viewer()

    # ------------------------------------------------------------ the log

    def log_json(self) -> list[list[Any]]:
        return [[seat, text] for seat, text in self.log]

    def _record(self, events: Sequence[Event]) -> None:
        for event in events:
            text = self.event_text(event)
            if text is not None:
                seat = event.get("seat")
                self.log.append((seat if isinstance(seat, int) else None, text))
        if len(self.log) > self.log_limit:
            self.log = self.log[-self.log_limit :]

    # ------------------------------------------------------------ undo

    def _snapshot(self) -> dict[str, Any]:
        snapshot: dict[str, Any] = {
            "state": self.state.to_json(),
            "log": len(self.log),
            **self._snapshot_extras(),
        }
        if self.pbem is not None:
            snapshot["acts"] = len(self.pbem.actions)
        return snapshot

    def _keep_undo(self, snapshot: dict[str, Any] | None, barrier: bool) -> None:
        """After an order: keep its snapshot (a human's order, ``snapshot``), or empty
        the stack at a ``barrier`` (a new step, or something an undo would reveal)."""
        if snapshot is None or barrier:
            self.undo_stack = []
        else:
            self.undo_stack = [*self.undo_stack, snapshot][-self.undo_limit :]

    @property
    def can_undo(self) -> bool:
        return bool(self.undo_stack) and self.human_turn

    def undo(self) -> bool:
        """Take back the last human order of this step; False if there is nothing to undo."""
        if not self.can_undo:
            return False
        snapshot = self.undo_stack[-1]
        self.undo_stack = self.undo_stack[:-1]
        self.state = self.ruleset.state_from_json(snapshot["state"])
        self.log = self.log[: int(snapshot["log"])]
        if self.pbem is not None:
            del self.pbem.actions[int(snapshot.get("acts", len(self.pbem.actions))) :]
        self._legal = None
        self._undone(snapshot)
        return True
