"""The small core every ruleset plugs into: orders, events, the ruleset base class
and the registry.

A ruleset declares its phases and the orders each phase allows as data
(``PHASE_ORDERS``); :meth:`Ruleset.apply` checks that table before any rule code runs,
works on a copy of the state and hands back the new state with the events it caused.
An illegal order raises and leaves the caller's state exactly as it was.
"""

from __future__ import annotations

import importlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from engine import orderjson
from engine.errors import IllegalOrderError, OptionError


@dataclass(frozen=True)
class Order:
    """Base of every order.  Subclasses are frozen dataclasses with a unique ``KIND``."""

    KIND: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        """The order's JSON form, as :mod:`engine.orderjson` writes every order."""
        return orderjson.encode(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """An order of this class from its JSON form.

        :raises InvalidOrderError: naming the bad kind or field.
        """
        return orderjson.decode_as(cls, data)


def copy_json(value: Any) -> Any:
    """A deep copy of JSON data (tuples become lists, so the copy equals its JSON text)."""
    if value is None:
        return None
    return json.loads(json.dumps(value))


Event = dict[str, Any]
"""What happened, as JSON-ready data: ``{"type": "battle", ...}``; the log renders it."""


class GameState(Protocol):
    phase: Any

    def clone(self) -> Any: ...

    def to_json(self) -> dict[str, Any]: ...


S = TypeVar("S", bound=GameState)


@dataclass(frozen=True)
class Outcome(Generic[S]):
    """The result of one order: the new state and the events it caused."""

    state: S
    events: list[Event]


UNHELD = -1
SEATLESS = -2


@dataclass(frozen=True)
class BoardSummary:
    """Who holds what, in the one shape every ruleset can give (a state's own fields
    differ: Classic keys owners by seat, The Great War by nation, Risk, Paper, Scissors
    keeps garrisons).  The shell's statistics, replay and "while you were away" read
    only this (engine/history.py)."""

    map_id: str
    """The map file (``maps/<map_id>.json``) that names the territories."""
    names: tuple[str, ...]
    """Each seat's name as the game's reports write it."""
    colors: tuple[str, ...]
    owners: Mapping[str, int]
    """Every territory's holder: a seat index, :data:`UNHELD` (nobody yet: taking it is a
    claim) or :data:`SEATLESS` (a holder without a seat, the Great War's Neutral: taking
    it is a conquest)."""
    units: tuple[int, ...]
    """Per seat, its units on the board, counted as the ruleset counts them."""
    units_at: Mapping[str, int]
    """Per territory (sea areas too), every unit standing there, whoever holds it (the
    board's motion shows where it changed)."""
    cards: tuple[int, ...]
    """Per seat, the cards in its hand (0 in a ruleset without cards)."""

    def territories_of(self, seat: int) -> list[str]:
        return [t for t, o in self.owners.items() if o == seat]


@dataclass(frozen=True)
class PlayerSpec:
    """A seat at game creation: its name, colour and who controls it."""

    name: str
    control: str = "human"
    color: str = ""


def parse_order(data: Mapping[str, Any], order_types: Sequence[type[Order]]) -> Order:
    """Build an order from its JSON form, checking kind, fields and field types
    (:mod:`engine.orderjson`, the same checks in every ruleset).

    :raises InvalidOrderError: naming the bad kind or field.
    """
    types = order_types if isinstance(order_types, tuple) else tuple(order_types)
    reader = _READERS.get(types)
    if reader is None:
        reader = _READERS[types] = orderjson.OrderReader(types)
    order: Order = reader.read(data)
    return order


_READERS: dict[tuple[type[Order], ...], orderjson.OrderReader] = {}


class Ruleset(ABC, Generic[S]):
    """A rule system.  Subclasses are registered with :func:`register`.

    Hooks are plain methods; the phase/order table is class data so that an order
    of the wrong kind is refused before any rule code runs.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[int] = 1
    """Bumped when a rule change makes old save codes replay differently."""
    aliases: ClassVar[tuple[str, ...]] = ()
    simultaneous: ClassVar[bool] = False
    """Every side writes orders for the same turn, resolved together."""
    sealed_rounds: ClassVar[tuple[str, ...]] = ()
    """The sealed rounds in one turn, in order (Capital Risk has one; The Great War two,
    Deployment then Attack; Risk, Paper, Scissors one, a year's bids, in an otherwise
    sequential game: see :meth:`awaits_sealed_orders`).  Sealed orders name their round,
    so a code sealed for one round cannot be replayed in another."""
    resolving_kind: ClassVar[str] = ""
    """The kind of the order that resolves a sealed round (made by :meth:`resolving_order`)."""
    order_types: ClassVar[tuple[type[Order], ...]]
    phase_orders: ClassVar[Mapping[Any, frozenset[str]]]
    computer_players: ClassVar[Mapping[str, str]] = {}
    """Each computer level and the module that registers its player (imported when the
    level first plays, so listing the levels imports none of them)."""

    @abstractmethod
    def new_game(
        self, players: Sequence[PlayerSpec], options: Mapping[str, Any], seed: str
    ) -> S: ...

    @abstractmethod
    def legal_orders(self, state: S) -> list[Order]:
        """Every order the player to act may give now (the UI highlights from it); an
        order with a range of amounts may be listed by a few representatives (Risk,
        Paper, Scissors' bids: ``legal.bid_range`` names the range)."""

    @abstractmethod
    def _apply(self, state: S, order: Order) -> list[Event]:
        """Carry out an order on ``state`` (a private copy); raise on illegality."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> S: ...

    @abstractmethod
    def actor(self, state: S) -> int | None:
        """The seat that must act now, or None when the game is over."""

    @abstractmethod
    def winner(self, state: S) -> int | None: ...

    def to_compact(self, state: S) -> dict[str, Any]:
        """The state as compact JSON for save codes (default: the full JSON form)."""
        return state.to_json()

    def from_compact(self, data: Mapping[str, Any]) -> S:
        return self.state_from_json(data)

    def compact_as_written_now(self, data: Mapping[str, Any]) -> Mapping[str, Any]:
        """A save's compact state in the form this version writes (default: as it is);
        a ruleset whose form changed while its old codes keep loading rewrites an older
        form here, so a replay compares like with like."""
        return data

    def parse_order(self, data: Mapping[str, Any]) -> Order:
        return parse_order(data, self.order_types)

    def position_text(self, state: S) -> str:
        """The position as a short text a person can read, write and paste into a bug
        report (engine/position.py; the grammar is in the ruleset's rules document).
        Reading it back with :meth:`from_position_text` gives a state equal to ``state``
        in everything but the record of the past (reports, logs).

        :raises OptionError: ``position/unsupported`` in a ruleset without one.
        """
        raise OptionError("position/unsupported", f"{self.title} has no position text")

    def from_position_text(self, text: str) -> S:
        """The state a position text describes; what it leaves out takes its default.

        :raises PositionError: naming the line and the field that do not fit.
        :raises OptionError: ``position/unsupported`` in a ruleset without one.
        """
        raise OptionError("position/unsupported", f"{self.title} has no position text")

    def sealed_round(self, state: S) -> int:
        """Which of :attr:`sealed_rounds` the state waits for (default: the first)."""
        return 0

    def awaits_sealed_orders(self, state: S) -> bool:
        """Whether the orders that follow ``state`` are one sealed round (by email and
        forum: commit and reveal, :mod:`engine.sealed`) rather than sequential orders.
        Always, in a simultaneous ruleset; a sequential ruleset with :attr:`sealed_rounds`
        says at which positions (Risk, Paper, Scissors: a year's bids)."""
        return self.simultaneous

    def sealing_factions(self, state: S) -> list[int]:
        """The seats that owe sealed orders in the current round (default: every seat)."""
        return list(range(len(getattr(state, "players", ()))))

    def keyless_factions(self, state: S) -> list[int]:
        """The sealing factions no player signs for by email or forum, in seat order: they
        are silent in every sealed round by rule and have no say in forcing one (Risk,
        Paper, Scissors: a computer seat bids nothing by email); default none."""
        return []

    def computer_seats(self, state: S) -> list[int]:
        """The seats a computer player plays in the current sealed round, in seat order:
        by email and forum nobody seals for them, so every page plays their orders from
        the position (:func:`engine.sealed_round.computer_orders`); default none."""
        return []

    def resolving_order(self, *, force: bool, entropy: str) -> Order:
        """The order that resolves the current sealed round: ``force`` gives the silent
        factions default orders, ``entropy`` (from every faction's salt) reseeds the dice.

        :raises OptionError: the ruleset has no sealed rounds.
        """
        raise OptionError("ruleset/not-simultaneous", f"{self.name} has no sealed orders")

    def turn_report(self, state: S, fmt: str) -> str | None:
        """The last turn's report as text, BBCode or Markdown (``python -m engine
        report``); None for a ruleset that writes no turn reports."""
        return None

    def income(self, state: S, seat: int) -> int | None:
        """What ``seat`` would receive at its next turn from what it holds now (before
        cards), for the statistics (engine/history.py); None for a ruleset without
        reinforcements."""
        return None

    def record_point(self, state: S) -> tuple[int, str]:
        """Where ``state`` stands in the game for the game record (ui/shell/timeline.py):
        a number that grows with every turn the record should keep a position for, and
        that turn as people say it.  Default: the state's ``turn`` ("Turn 3", "Setup"
        before the first); a ruleset whose turn number counts rounds of several players'
        turns (Risk, Paper, Scissors: years) overrides it."""
        turn = int(getattr(state, "turn", 0))
        return turn, f"Turn {turn}" if turn else "Setup"

    def board_summary(self, state: S) -> BoardSummary:
        """Owners, units and cards per seat (default: read from the shared board of
        engine/board.py, ``owner``/``armies`` keyed by territory, seats with ``name``,
        ``color`` and perhaps ``cards``); a ruleset with another shape overrides it."""
        board: Any = state
        players = board.players
        units = [0] * len(players)
        for territory, seat in board.owner.items():
            if 0 <= seat < len(players):
                units[seat] += int(board.armies.get(territory, 0))
        return BoardSummary(
            map_id=str(board.map_id),
            names=tuple(str(p.name) for p in players),
            colors=tuple(str(p.color) for p in players),
            owners={t: int(o) if 0 <= o < len(players) else UNHELD for t, o in board.owner.items()},
            units=tuple(units),
            units_at={t: int(a) for t, a in board.armies.items()},
            cards=tuple(len(getattr(p, "cards", None) or ()) for p in players),
        )

    def place_name(self, state: S, place: str) -> str:
        """A territory (or sea area) as the game names it to players (default: from the
        map file of :meth:`board_summary`); a ruleset with its own map overrides it."""
        from engine.maps import load_map

        return load_map(self.board_summary(state).map_id).name_of(place)

    def apply(
        self,
        state: S,
        order: Order,
        *,
        dice: Sequence[int] | None = None,
        draws: Sequence[Any] | None = None,
    ) -> Outcome[S]:
        """Check the phase table, then apply ``order`` to a copy of ``state``.

        A rule case gives the ``dice`` (faces, in the order the rules roll them) and the
        other ``draws`` (chances, picks from a pile, shuffles: :mod:`engine.rng` says
        what an entry means) the order must use, every one of them: the copy's generator
        takes them instead of its seed, and the new state's generator is back to its
        seed, where it was.  Without them the game's own generator draws (and a script
        already set on the state with :meth:`engine.rng.Rng.with_script` stays in force).

        :raises IllegalOrderError: the order is not allowed now; ``state`` is unchanged.
        :raises DiceError: ``dice/too-few`` (the draw that ran short), ``dice/too-many``
            (the leftovers), ``dice/out-of-range`` (a face the die does not have, a pick
            not on offer); ``state`` is unchanged.
        """
        allowed = self.phase_orders.get(state.phase, frozenset())
        if order.KIND not in allowed:
            raise IllegalOrderError(
                "order/wrong-phase",
                f"{order.KIND} is not allowed in the {_phase_name(state.phase)} phase"
                + (f"; allowed: {', '.join(sorted(allowed))}" if allowed else ""),
            )
        new_state = state.clone()
        scripted = dice is not None or draws is not None
        generator: Any = new_state  # every ruleset's state keeps its Rng as ``rng``
        if scripted:
            generator.rng = generator.rng.with_script(dice or (), draws or ())
        events = self._apply(new_state, order)
        if scripted:
            generator.rng.check_used()
            generator.rng = generator.rng.without_script()
        return Outcome(new_state, events)


def _phase_name(phase: Any) -> str:
    return str(getattr(phase, "value", phase))


_REGISTRY: dict[str, Callable[[], Ruleset[Any]]] = {}


def register(cls: type[Ruleset[Any]]) -> type[Ruleset[Any]]:
    """Class decorator: make a ruleset findable by its name and aliases."""
    for key in (cls.name, *cls.aliases):
        _REGISTRY[key] = cls
    return cls


def find_ruleset(name: str) -> Ruleset[Any]:
    """The ruleset called ``name`` (or one of its aliases), imported on first use.

    :raises OptionError: for an unknown name, listing the known ones.
    """
    from engine.rulesets import MODULES

    if name not in _REGISTRY:
        # A listed name loads just its module; an alias may be any module's.
        for module in [MODULES[name]] if name in MODULES else MODULES.values():
            importlib.import_module(module)
    try:
        factory = _REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted(MODULES))
        raise OptionError("ruleset/unknown", f"unknown ruleset {name!r}; known: {known}") from None
    return factory()


def ruleset_names() -> list[str]:
    from engine.rulesets import MODULES

    return sorted(MODULES)
