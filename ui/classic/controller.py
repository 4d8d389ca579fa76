"""One game session as the page sees it (pure; no browser imports).

:class:`Session` holds the engine state, the game log, the undo stack, what is
selected on the map and whose private information may be shown.  The page turns
clicks into orders with :meth:`Session.click`, plays them with :meth:`Session.play`
and saves :meth:`Session.to_json` after every action.

Undo: every human order pushes a snapshot; the stack is emptied when dice are rolled,
a card is drawn, or the seat to act changes (a new step begins).

Hand-over (pass-and-play): when the seat to act becomes a different human player, the
page must show a hand-over screen first (while claiming and placing initial armies only
if that player has a secret mission, so that setup is not interrupted at every army);
:attr:`Session.needs_handover` says so and :meth:`Session.acknowledge_handover` reveals
that seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core import Event, Order, PlayerSpec, find_ruleset
from engine.errors import EngineError
from engine.rulesets.classic.orders import (
    Attack,
    ChooseHeadquarters,
    Claim,
    FreeMove,
    MoveIn,
    Place,
    PlaceNeutral,
    TradeCards,
)
from engine.rulesets.classic.state import ClassicState, Phase
from ui.classic.attack import AttackSettings, warning
from ui.classic.describe import describe
from ui.shell.render import territory_names
from ui.shell.sequential import LogLine, SequentialSession, check_save_version, read_log

if TYPE_CHECKING:
    from ui.shell.pbem import PbemGame  # only email games need it (and its signing library)

SAVE_VERSION = 1
# Events after which an undo would reveal or re-roll randomness.
UNDO_BARRIERS = frozenset({"roll", "card", "advantage-offered", "turn", "victory"})
BLITZ_ROLLS = 120  # rolls of one attack the dice panel counts (a blitz of 200 v 200: ~150)
DICE_MODES = ("once", "continuous", "do-or-die", "blitz")
"""The attack modes offered: the engine's three, and the page's blitz (one-roll attacks
played one after another until a stop rule, see ui.classic.attack)."""


@dataclass(frozen=True)
class CountChoice:
    """The click needs a number before it becomes an order (a free move)."""

    origin: str
    target: str
    least: int
    most: int


@dataclass(frozen=True)
class Click:
    """What a click on the map means: an order, a count to choose, or a message."""

    order: Order | None = None
    choice: CountChoice | None = None
    message: str = ""
    hint: bool = False
    """The message says what to do next (shown plainly), not what went wrong."""
    warning: str = ""
    """The order is an attack below the player's warning threshold: ask this first."""
    blitz: bool = False
    """The order is the first roll of a blitz (the page plays the rest)."""


class Session(SequentialSession):
    """A Classic game in progress, with everything the page needs around it."""

    undo_limit = 60

    def __init__(self, state: ClassicState) -> None:
        self.ruleset = find_ruleset(state.ruleset)
        self.state: ClassicState = state
        self.log: list[LogLine] = []
        self.undo_stack: list[dict[str, Any]] = []
        self.selected: str | None = None
        self.revealed: int | None = None
        self.place_count = 1
        self.dice = 3
        self.mode = "once"
        self.attack_settings = AttackSettings()
        """The player's warning threshold and blitz stop (per device: set by the page)."""
        self.last_rolls: list[Event] = []
        self._legal: list[Order] | None = None
        self.pbem: PbemGame | None = None  # set for a game by email or forum (ui.shell.pbem)
        self._sync_viewer()

    # ------------------------------------------------------------ creation and saving

    @classmethod
    def new(cls, players: Sequence[PlayerSpec], options: Mapping[str, Any], seed: str) -> Session:
        """A new game; raises :class:`engine.errors.OptionError` on bad options."""
        ruleset = find_ruleset("classic")
        state, events = ruleset.new_game_with_events(players, options, seed)  # type: ignore[attr-defined]
        session = cls(state)
        session._record(events)
        return session

    def to_json(self) -> dict[str, Any]:
        return {
            "version": SAVE_VERSION,
            "state": self.state.to_json(),
            "log": self.log_json(),
            "undo": self.undo_stack,
            "selected": self.selected,
            "revealed": self.revealed,
            "place_count": self.place_count,
            "dice": self.dice,
            "mode": self.mode,
            "last_rolls": self.last_rolls,
            "pbem": None if self.pbem is None else self.pbem.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Session:
        """Restore a session saved by :meth:`to_json`.

        :raises ValueError: for a save of another version or a malformed save.
        """
        check_save_version(data, SAVE_VERSION)
        state = find_ruleset(data["state"].get("ruleset", "classic")).state_from_json(data["state"])
        session = cls(state)
        session.log = read_log(data["log"])
        session.undo_stack = list(data.get("undo", []))
        session.selected = data.get("selected")
        session.revealed = data.get("revealed")
        session.place_count = int(data.get("place_count", 1))
        session.dice = int(data.get("dice", 3))
        mode = str(data.get("mode", "once"))
        session.mode = mode if mode in DICE_MODES else "once"
        session.last_rolls = list(data.get("last_rolls", []))
        session._attach_saved_pbem(data)
        return session

    def _adopted(self, events: Sequence[Event]) -> None:
        self.selected = None
        rolls = [e for e in events if e.get("type") == "roll"]
        if rolls:
            self.last_rolls = rolls[-30:]

    # ------------------------------------------------------------ who acts, who sees

    @property
    def over(self) -> bool:
        return self.state.phase is Phase.GAME_OVER

    def acts_here(self, seat: int | None) -> bool:
        """This browser may give orders for ``seat`` (always, unless a game by email)."""
        return self.pbem is None or self.pbem.may_act(self.state, seat)

    @property
    def waiting(self) -> bool:
        """A game by email where another browser has the turn."""
        return not self.over and not self.acts_here(self.actor)

    def has_secret(self, seat: int) -> bool:
        player = self.state.players[seat]
        return (
            bool(player.cards)
            or player.mission is not None
            or self.state.phase is Phase.HEADQUARTERS
        )

    def shows_nothing_secret(self, seat: int) -> bool:
        """A claim or setup with no cards or mission yet: no hand-over per placed army."""
        return self.state.phase in (Phase.CLAIM, Phase.SETUP) and not self.has_secret(seat)

    # ------------------------------------------------------------ playing orders

    def play(self, order: Order, human: bool = True, more_rolls: bool = False) -> list[Event]:
        """Apply ``order``; on a human order keep an undo snapshot.  ``more_rolls``: the
        order goes on the same attack (a blitz), so the dice panel adds its rolls to the
        ones shown rather than replacing them.

        :raises engine.errors.IllegalOrderError: the order is illegal; nothing changed.
        """
        snapshot = self._snapshot() if human else None
        before = self.actor
        outcome = self.ruleset.apply(self.state, order)
        self.state = outcome.state
        self._legal = None
        if self.pbem is not None:
            self.pbem.actions.append(order.to_json())
        events = outcome.events
        rolls = [e for e in events if e.get("type") == "roll"]
        if rolls or any(e.get("type") == "advantage-offered" for e in events):
            self.last_rolls = ([*self.last_rolls, *rolls] if more_rolls else rolls)[-BLITZ_ROLLS:]
        elif any(e.get("type") == "turn" for e in events):
            self.last_rolls = []  # a new turn: the last turn's dice are not this one's
        barrier = any(e.get("type") in UNDO_BARRIERS for e in events) or self.actor != before
        self._keep_undo(snapshot, barrier)
        if self.selected is not None and self._stale_selection():
            self.selected = None
        self._record(events)
        self._sync_viewer()
        return events

    def event_text(self, event: Event) -> str | None:
        return describe(event, self.state)

    def _stale_selection(self) -> bool:
        s = self.selected
        return (
            s is None
            or self.state.owner.get(s) != self.state.current
            or self.state.phase not in (Phase.ATTACK, Phase.FORTIFY)
            or self.state.armies[s] < 2
        )

    # ------------------------------------------------------------ undo

    def _snapshot_extras(self) -> dict[str, Any]:
        return {"rolls": self.last_rolls}

    def _undone(self, snapshot: dict[str, Any]) -> None:
        self.last_rolls = list(snapshot.get("rolls", []))
        self.selected = None

    # ------------------------------------------------------------ clicks

    def name(self, territory: str) -> str:
        return territory_names(self.state.map_id).get(territory, territory)

    def _why(self, order: Order) -> str:
        """The engine's reason an order is refused (the state is not changed)."""
        try:
            self.ruleset.apply(self.state, order)
        except EngineError as exc:
            return exc.message
        return f"{order.KIND} is not possible now"

    def _attack_targets(self, origin: str) -> list[str]:
        return sorted(
            {o.target for o in self.legal() if isinstance(o, Attack) and o.origin == origin}
        )

    def _move_targets(self, origin: str) -> dict[str, int]:
        most: dict[str, int] = {}
        for o in self.legal():
            if isinstance(o, FreeMove) and o.origin == origin:
                most[o.target] = max(most.get(o.target, 0), o.count)
        return most

    def highlight(self) -> set[str]:
        """Territories a click on means something now."""
        if not self.human_turn or self.needs_handover:
            return set()
        phase, legal = self.state.phase, self.legal()
        if phase in (Phase.CLAIM, Phase.SETUP, Phase.HEADQUARTERS, Phase.REINFORCE):
            return {str(getattr(o, "territory", "")) for o in legal} - {""}
        if phase is Phase.ATTACK:
            if self.selected:
                return set(self._attack_targets(self.selected))
            return {o.origin for o in legal if isinstance(o, Attack)}
        if phase is Phase.FORTIFY:
            if self.selected:
                return set(self._move_targets(self.selected))
            return {o.origin for o in legal if isinstance(o, FreeMove)}
        if phase is Phase.MOVE_IN and self.state.pending:
            return {self.state.pending["target"]}
        return set()

    def click(self, territory: str) -> Click:
        """What a click on ``territory`` means now (selection changes happen here)."""
        state = self.state
        if territory not in state.owner:
            return Click(message=f"There is no territory {territory!r}.")
        if self.over:
            return Click(message="The game is over.")
        if not self.human_turn:
            who = state.players[state.current].name
            if self.waiting:
                return Click(message=f"Waiting for {who}'s turn — paste their code.")
            return Click(message=f"Please wait: it is {who}'s turn.")
        if self.needs_handover:
            return Click(message="Hand the device over first.")
        phase, legal, name = state.phase, self.legal(), self.name(territory)
        if phase is Phase.CLAIM:
            return self._pick(Claim(territory))
        if phase is Phase.SETUP:
            if PlaceNeutral(territory) in legal:
                return Click(order=PlaceNeutral(territory))
            return self._pick(Place(territory, 1))
        if phase is Phase.HEADQUARTERS:
            order = ChooseHeadquarters(territory)
            if order not in legal:
                return Click(message=self._why(order))
            if self.selected != territory:  # a headquarters is for the whole game: ask first
                self.selected = territory
                return Click(
                    message=f"{name} as your headquarters? Click it again to confirm.", hint=True
                )
            self.selected = None
            return Click(order=order)
        if phase is Phase.REINFORCE:
            if not any(isinstance(o, Place) for o in legal):
                cards = len(state.players[state.current].cards)
                return Click(message=f"Trade a card set first: you hold {cards} cards.")
            counts = [o.count for o in legal if isinstance(o, Place) and o.territory == territory]
            if not counts:
                return Click(message=self._why(Place(territory, 1)))
            return Click(order=Place(territory, min(self.place_count, max(counts))))
        if phase is Phase.ATTACK:
            return self._attack_click(territory, name)
        if phase is Phase.FORTIFY:
            return self._move_click(territory, name)
        if phase is Phase.MOVE_IN:
            return Click(message="Choose how many armies move in first.")
        if phase is Phase.ADVANTAGE:
            return Click(message="Decide whether to re-roll your lowest die first.")
        return Click(message="Nothing to do here now.")

    def _pick(self, order: Order) -> Click:
        if order in self.legal():
            return Click(order=order)
        return Click(message=self._why(order))

    def _attack_click(self, territory: str, name: str) -> Click:
        state, seat = self.state, self.state.current
        if state.owner[territory] == seat:
            if territory == self.selected:
                self.selected = None
                return Click(message=f"{name} deselected.", hint=True)
            if self._attack_targets(territory):
                self.selected = territory
                return Click(
                    message=f"Attack from {name}: click a highlighted enemy territory.", hint=True
                )
            if state.armies[territory] < 2:
                return Click(message=f"{name} needs at least two armies to attack.")
            return Click(message=f"{name} has no enemy neighbours.")
        if self.selected is None:
            return Click(message="First click one of your territories to attack from.")
        origin = self.selected
        dice = max(1, min(self.dice, state.armies[origin] - 1, 3))
        blitz = self.mode == "blitz"
        order = Attack(origin, territory, dice, "once" if blitz else self.mode)
        if order not in self.legal():
            return Click(message=self._why(order))
        if blitz and state.armies[origin] <= self.attack_settings.blitz_keep:
            return Click(
                message=f"{self.name(origin)} has {state.armies[origin]} armies: your blitz "
                f"stops at {self.attack_settings.blitz_keep}. Lower that number, or attack "
                "in another mode."
            )
        ask = warning(self, origin, territory, self.attack_settings)
        return Click(order=order, warning=ask, blitz=blitz)

    def _move_click(self, territory: str, name: str) -> Click:
        state, seat = self.state, self.state.current
        if state.owner[territory] != seat:
            return Click(message=f"{name} is not yours: free moves go between your territories.")
        if territory == self.selected:
            self.selected = None
            return Click(message=f"{name} deselected.", hint=True)
        if self.selected is not None:
            most = self._move_targets(self.selected).get(territory)
            if most:
                return Click(choice=CountChoice(self.selected, territory, 1, most))
        if self._move_targets(territory):
            self.selected = territory
            return Click(
                message=f"Move from {name}: click a highlighted territory of yours.", hint=True
            )
        if self.selected is not None:
            return Click(message=self._why(FreeMove(self.selected, territory, 1)))
        return Click(message=f"No armies can move out of {name}.")

    # ------------------------------------------------------------ other choices

    def trade(self, cards: Sequence[int]) -> Click:
        """The order for trading the chosen cards, or why it is not possible."""
        order = TradeCards(tuple(sorted(cards)))
        if len(cards) != 3:
            return Click(message="Select exactly three cards.")
        return self._pick(order)

    def move_in_bounds(self) -> tuple[int, int] | None:
        pending = self.state.pending
        if self.state.phase is not Phase.MOVE_IN or pending is None:
            return None
        return int(pending["min"]), int(pending["max"])

    def move_in(self, count: int) -> Click:
        return self._pick(MoveIn(count))
