"""The Risk, Paper, Scissors game state: plain data, cheap to copy, JSON round-trippable
with every field checked on the way in (a forged or truncated save names the bad field).

The state stands on the shared :class:`engine.board.Board`: ``owner`` names the holder of
each held territory, ``units`` its pieces by kind (``E``, ``J``, ``W`` and one entry per
commander, by the commander's name) and ``armies`` their total.  A territory is owned
while it holds a unit (spec 3.3), so the three hold exactly the held territories; an
empty territory has no entry, no station and no armed card.  The state keeps them in
canonical order itself (territories in map order, kinds in :data:`UNIT_KINDS` order):
the computer players iterate them, and a state read from a save must give the same
orders as the one in memory.  Rule code reads and writes a territory's pieces as a
:class:`Side` (:meth:`RpsState.side_at`, :meth:`RpsState.set_side`,
:meth:`RpsState.add_side`, :meth:`RpsState.remove_side`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Final

from engine.board import Board, Seat
from engine.rulesets.risk_paper_scissors.battle import Side
from engine.rulesets.risk_paper_scissors.board import MAP_FILE, load_board
from engine.rulesets.risk_paper_scissors.board import Board as MapBoard
from engine.rulesets.risk_paper_scissors.options import COMMANDER_TYPES, RpsOptions
from engine.rulesets.risk_paper_scissors.orders import Phase

MAP_ID: Final = MAP_FILE.removesuffix(".json")
"""The map file's stem, by which the page's shell finds territory names."""
UNIT_KINDS: Final = ("E", "J", "W", *COMMANDER_TYPES)
"""The kinds of pieces in ``units``, in the order the state keeps them."""
NO_SIDE: Final = Side()
_PLAIN: Final = frozenset({"E", "J", "W"})
_NONE: Final[frozenset[str]] = frozenset()


def side_of(kinds: dict[str, int]) -> Side:
    """The pieces of one territory's ``units`` entry as a battle side."""
    e, j, w = kinds.get("E", 0), kinds.get("J", 0), kinds.get("W", 0)
    # Most territories hold no commander: skip building the set then (the computer
    # players read every territory's side many times a turn).
    plain = (e > 0) + (j > 0) + (w > 0)
    return Side(e, j, w, frozenset(kinds.keys() - _PLAIN) if len(kinds) > plain else _NONE)


def kinds_of(side: Side) -> dict[str, int]:
    """A side as one territory's ``units`` entry, kinds in :data:`UNIT_KINDS` order."""
    kinds = {k: n for k, n in (("E", side.e), ("J", side.j), ("W", side.w)) if n}
    if side.commanders:
        for commander in COMMANDER_TYPES:
            if commander in side.commanders:
                kinds[commander] = 1
    return kinds


@dataclass
class Player(Seat):
    control: str = "human"
    color: str = ""
    alive: bool = True
    energy: int = 0
    hand: list[str] = field(default_factory=list)


@dataclass
class TurnState:
    """What resets at each turn start (spec 7.1)."""

    bank: int = 0
    cards_bought: int = 0
    cease_fire: list[int] = field(default_factory=list)
    """Owners whose Cease Fire stopped the player on turn."""
    attacks_over: bool = False
    invade_targets: list[str] = field(default_factory=list)

    def clone(self) -> TurnState:
        return TurnState(
            self.bank,
            self.cards_bought,
            list(self.cease_fire),
            self.attacks_over,
            list(self.invade_targets),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "bank": self.bank,
            "cards_bought": self.cards_bought,
            "cease_fire": list(self.cease_fire),
            "attacks_over": self.attacks_over,
            "invade_targets": list(self.invade_targets),
        }


@dataclass
class PendingLosses:
    """A Death Trap fired: the attacker must destroy ``count`` units of ``force``."""

    origin: str
    target: str
    force: Side
    count: int

    def to_json(self) -> dict[str, Any]:
        f = self.force
        return {
            "origin": self.origin,
            "target": self.target,
            "force": [f.e, f.j, f.w, sorted(f.commanders)],
            "count": self.count,
        }


@dataclass
class RpsState(Board[Player]):
    """A whole game.  ``turn`` is the year (0 during setup); ``order`` lists the seats in
    slot order for the current year and ``slot`` indexes the player on turn."""

    options: RpsOptions
    phase: Phase = Phase.SETUP
    turn: int = 0
    stations: set[str] = field(default_factory=set)
    devastated: list[str] = field(default_factory=list)
    armed: dict[str, str] = field(default_factory=dict)
    bids: list[dict[str, Any] | None] = field(default_factory=list)
    order: list[int] = field(default_factory=list)
    slot: int = 0
    last_slots: list[int] = field(default_factory=list)
    """Each seat's slot (1-based) in the previous year; 0 when it had none."""
    next_seat: int = 0
    """Whose claim or setup order is next."""
    turn_state: TurnState = field(default_factory=TurnState)
    pending: PendingLosses | None = None
    result: dict[str, Any] | None = None
    log: list[dict[str, Any]] = field(default_factory=list)
    """This year's public events (the report reads them)."""
    ruleset: str = "risk_paper_scissors"

    def __post_init__(self) -> None:
        # Whoever built the state (a reader, a test), the board is in canonical order.
        self.place_all({t: (o, side_of(self.units.get(t, {}))) for t, o in self.owner.items()})

    @property
    def board(self) -> MapBoard:
        return load_board()

    @property
    def current(self) -> int:
        """The seat that acts now (at game over, the first winner or seat 0)."""
        if self.phase in (Phase.CLAIM, Phase.SETUP):
            return self.next_seat
        if self.phase is Phase.BID:
            living = self.living()
            waiting = [s for s in living if self.bids[s] is None]
            return (waiting or living or [0])[0]
        if self.phase is Phase.GAME_OVER:
            winners = (self.result or {}).get("winners") or [0]
            return int(winners[0])
        return self.order[self.slot]

    def living(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if p.alive]

    def side_at(self, territory: str) -> Side:
        """The pieces on ``territory`` (none when nobody holds it)."""
        kinds = self.units.get(territory)
        return NO_SIDE if kinds is None else side_of(kinds)

    def set_side(self, territory: str, seat: int, side: Side) -> None:
        """``seat`` holds exactly ``side`` on ``territory``; an empty side leaves the
        territory unheld (its station and armed card are the caller's: see
        ``common.empty_territory``)."""
        if not side.units:
            self.vacate(territory)
            return
        fresh = territory not in self.owner
        self.owner[territory] = seat
        self.units[territory] = kinds_of(side)
        self.armies[territory] = side.units
        if fresh:
            self._in_map_order()

    def vacate(self, territory: str) -> None:
        """Nobody holds ``territory`` any more (its station and armed card are the
        caller's: see ``common.empty_territory``)."""
        self.owner.pop(territory, None)
        self.armies.pop(territory, None)
        self.units.pop(territory, None)

    def add_side(self, territory: str, seat: int, force: Side) -> None:
        """``force`` joins ``seat``'s pieces on ``territory`` (held by ``seat`` or by
        nobody)."""
        here = self.side_at(territory)
        self.set_side(
            territory,
            seat,
            Side(
                here.e + force.e,
                here.j + force.j,
                here.w + force.w,
                here.commanders | force.commanders,
            ),
        )

    def remove_side(self, territory: str, force: Side) -> None:
        """``force`` leaves ``territory`` (the caller checked that it stands there)."""
        here = self.side_at(territory)
        self.set_side(
            territory,
            self.owner[territory],
            Side(
                here.e - force.e,
                here.j - force.j,
                here.w - force.w,
                here.commanders - force.commanders,
            ),
        )

    def place_all(self, pieces: dict[str, tuple[int, Side]]) -> None:
        """The whole board at once: per held territory its owner and pieces."""
        order = self.board.order
        held = [t for t in order if t in pieces and pieces[t][1].units]
        self.owner = {t: pieces[t][0] for t in held}
        self.units = {t: kinds_of(pieces[t][1]) for t in held}
        self.armies = {t: pieces[t][1].units for t in held}

    def add_units(self, territory: str, kind: str, count: int) -> None:
        """Board's ``add_units`` on a held territory, the kinds kept in canonical order."""
        if territory not in self.owner:
            raise ValueError(f"nobody holds {territory}: set_side places its first pieces")
        super().add_units(territory, kind, count)
        side = side_of(self.units[territory])
        self.set_side(territory, self.owner[territory], side)

    def _in_map_order(self) -> None:
        order = self.board.order
        self.owner = {t: self.owner[t] for t in order if t in self.owner}
        self.units = {t: self.units[t] for t in self.owner}
        self.armies = {t: self.armies[t] for t in self.owner}

    def pieces(self, seat: int) -> dict[str, int]:
        """How many E, J and W the player has on the board."""
        counts = {"E": 0, "J": 0, "W": 0}
        units = self.units
        for t, owner in self.owner.items():
            if owner == seat:
                kinds = units[t]
                counts["E"] += kinds.get("E", 0)
                counts["J"] += kinds.get("J", 0)
                counts["W"] += kinds.get("W", 0)
        return counts

    def units_of(self, seat: int) -> int:
        """How many pieces (commanders included) the player has on the board."""
        armies = self.armies
        return sum(armies[t] for t, o in self.owner.items() if o == seat)

    def commander_at(self, seat: int, commander: str) -> str | None:
        units = self.units
        for t, owner in self.owner.items():
            if owner == seat and commander in units[t]:
                return t
        return None

    def has_commander(self, seat: int, commander: str) -> bool:
        return self.commander_at(seat, commander) is not None

    def stations_of(self, seat: int) -> list[str]:
        return [t for t in self.board.order if t in self.stations and self.owner.get(t) == seat]

    def clone(self) -> RpsState:
        return self.copy_with(
            stations=set(self.stations),
            devastated=list(self.devastated),
            armed=dict(self.armed),
            bids=[None if b is None else dict(b) for b in self.bids],
            order=list(self.order),
            last_slots=list(self.last_slots),
            turn_state=self.turn_state.clone(),
            result=None if self.result is None else copy_data(self.result),
            log=[dict(e) for e in self.log],
        )

    def to_json(self) -> dict[str, Any]:
        return {**self.board_json(), **self.own_json()}

    def own_json(self) -> dict[str, Any]:
        """The JSON form of what is Risk, Paper, Scissors' alone (all but the board)."""
        order = self.board.order
        return {
            "ruleset": self.ruleset,
            "options": self.options.to_json(),
            "phase": self.phase.value,
            "turn": self.turn,
            "stations": [t for t in order if t in self.stations],
            "devastated": list(self.devastated),
            "armed": {t: self.armed[t] for t in order if t in self.armed},
            "bids": [
                None if b is None else {"amount": b["amount"], "slots": list(b["slots"])}
                for b in self.bids
            ],
            "order": list(self.order),
            "slot": self.slot,
            "last_slots": list(self.last_slots),
            "next_seat": self.next_seat,
            "turn_state": self.turn_state.to_json(),
            "pending": None if self.pending is None else self.pending.to_json(),
            "result": None if self.result is None else copy_data(self.result),
            "log": [copy_data(e) for e in self.log],
        }


def copy_data(value: Any) -> Any:
    return json.loads(json.dumps(value))
