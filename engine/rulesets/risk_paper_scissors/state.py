"""The Risk, Paper, Scissors game state: plain data, cheap to copy, JSON round-trippable
with every field checked on the way in (a forged or truncated save names the bad field).

A territory is owned while it holds a unit (spec 3.3), so ``garrisons`` holds exactly the
owned territories; an empty territory has no entry, no station and no armed card.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from engine.rng import Rng
from engine.rulesets.risk_paper_scissors.battle import Side
from engine.rulesets.risk_paper_scissors.board import Board, load_board
from engine.rulesets.risk_paper_scissors.options import COMMANDER_TYPES, RpsOptions
from engine.rulesets.risk_paper_scissors.orders import Phase


@dataclass
class Garrison:
    """One player's pieces on one territory; ``commanders`` in ``COMMANDER_TYPES`` order."""

    owner: int
    e: int = 0
    j: int = 0
    w: int = 0
    commanders: list[str] = field(default_factory=list)

    @property
    def units(self) -> int:
        return self.e + self.j + self.w + len(self.commanders)

    def side(self) -> Side:
        return Side(self.e, self.j, self.w, frozenset(self.commanders))

    def set_side(self, side: Side) -> None:
        self.e, self.j, self.w = side.e, side.j, side.w
        self.commanders = [c for c in COMMANDER_TYPES if c in side.commanders]

    def clone(self) -> Garrison:
        return Garrison(self.owner, self.e, self.j, self.w, list(self.commanders))

    def to_json(self) -> list[Any]:
        return [self.owner, self.e, self.j, self.w, list(self.commanders)]


@dataclass
class Player:
    name: str
    control: str = "human"
    color: str = ""
    alive: bool = True
    energy: int = 0
    hand: list[str] = field(default_factory=list)

    def clone(self) -> Player:
        return Player(self.name, self.control, self.color, self.alive, self.energy, list(self.hand))

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "control": self.control,
            "color": self.color,
            "alive": self.alive,
            "energy": self.energy,
            "hand": list(self.hand),
        }


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
class RpsState:
    """A whole game.  ``turn`` is the year (0 during setup); ``order`` lists the seats in
    slot order for the current year and ``slot`` indexes the player on turn."""

    options: RpsOptions
    players: list[Player]
    rng: Rng
    phase: Phase = Phase.SETUP
    turn: int = 0
    garrisons: dict[str, Garrison] = field(default_factory=dict)
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

    @property
    def board(self) -> Board:
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

    @property
    def map_id(self) -> str:
        """The map file's stem, by which the page's shell finds territory names."""
        return "risk_paper_scissors"

    def living(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if p.alive]

    def owner(self, territory: str) -> int | None:
        garrison = self.garrisons.get(territory)
        return None if garrison is None else garrison.owner

    def territories_of(self, seat: int) -> list[str]:
        return [t for t in self.board.order if self.owner(t) == seat]

    def pieces(self, seat: int) -> dict[str, int]:
        """How many E, J and W the player has on the board."""
        counts = {"E": 0, "J": 0, "W": 0}
        for g in self.garrisons.values():
            if g.owner == seat:
                counts["E"] += g.e
                counts["J"] += g.j
                counts["W"] += g.w
        return counts

    def commander_at(self, seat: int, commander: str) -> str | None:
        for t, g in self.garrisons.items():
            if g.owner == seat and commander in g.commanders:
                return t
        return None

    def has_commander(self, seat: int, commander: str) -> bool:
        return self.commander_at(seat, commander) is not None

    def stations_of(self, seat: int) -> list[str]:
        return [t for t in self.board.order if t in self.stations and self.owner(t) == seat]

    def occupy(self, territory: str, garrison: Garrison) -> None:
        """Put ``garrison`` on an empty territory, keeping ``garrisons`` in map order: the
        computer players iterate it, and a state read from a save code (always in map
        order) must give the same orders as the one in memory."""
        self.garrisons[territory] = garrison
        self.garrisons = {t: self.garrisons[t] for t in self.board.order if t in self.garrisons}

    def clone(self) -> RpsState:
        return RpsState(
            self.options,
            [p.clone() for p in self.players],
            self.rng.copy(),
            self.phase,
            self.turn,
            {t: g.clone() for t, g in self.garrisons.items()},
            set(self.stations),
            list(self.devastated),
            dict(self.armed),
            [None if b is None else dict(b) for b in self.bids],
            list(self.order),
            self.slot,
            list(self.last_slots),
            self.next_seat,
            self.turn_state.clone(),
            self.pending,
            None if self.result is None else copy_data(self.result),
            [dict(e) for e in self.log],
            self.ruleset,
        )

    def to_json(self) -> dict[str, Any]:
        order = self.board.order
        return {
            "ruleset": self.ruleset,
            "options": self.options.to_json(),
            "map": self.board.id,
            "players": [p.to_json() for p in self.players],
            "rng": self.rng.to_json(),
            "phase": self.phase.value,
            "turn": self.turn,
            "garrisons": {t: self.garrisons[t].to_json() for t in order if t in self.garrisons},
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
