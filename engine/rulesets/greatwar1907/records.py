"""The Great War 1907 state's records: the seats, fleets, nations' records and leaders
it holds, its phases, and how owners are numbered on the shared board (a nation's seat,
or :data:`NEUTRAL_SEAT`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import Any

from engine import board, statecheck
from engine.errors import EngineError
from engine.rulesets.greatwar1907.mapdata import NEUTRAL, scenario

NEUTRAL_SEAT = -1
"""The owner of a Neutral province: no seat."""


class StateError(EngineError):
    """A saved Great War 1907 state with a bad field (named in the message)."""


MAX_UNITS = statecheck.MAX_ARMIES
"""Most divisions, ships or hulls of one nation in one place, and most VP or NP: R26 sets
no stacking limit, so the cap is the engine's generous one for every ruleset."""
MAX_QUARTERS = 4 * statecheck.MAX_ARMIES
"""Most pp (in quarters) owed, banked or credited: far above a whole game's production."""


class Phase(StrEnum):
    DEPLOYMENT = "deployment"
    ATTACK = "attack"
    GAME_OVER = "game-over"


@dataclass
class Fleet:
    ships: int
    cargo: int = 0

    def copy(self) -> Fleet:
        return Fleet(self.ships, self.cargo)

    def to_json(self) -> list[int]:
        return [self.ships, self.cargo]


@dataclass
class Seat(board.Seat):
    """One nation's seat: ``control`` is ``human``, ``idle`` or a computer level name;
    ``color`` is the nation's (:meth:`of` fills it in)."""

    nation: str
    alive: bool = True  # no elimination (R13): kept for the shared simulate helpers

    @classmethod
    def of(cls, nation: str, name: str, control: str) -> Seat:
        return cls(name, control, scenario().nation(nation).colour, nation)

    @property
    def kind(self) -> str:
        return self.control if self.control in ("human", "idle") else "computer"


@dataclass
class NationRecord:
    vp: int
    np: int
    generals_awarded: int
    admirals_awarded: int
    owed: int = 0
    credits: list[tuple[int, str | None]] = field(default_factory=list)
    banked: int = 0
    drop_due: tuple[str, str, str] | None = None  # (ally, ally, default drop) (R85)

    def copy(self) -> NationRecord:
        return NationRecord(
            self.vp,
            self.np,
            self.generals_awarded,
            self.admirals_awarded,
            self.owed,
            list(self.credits),
            self.banked,
            self.drop_due,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "vp": self.vp,
            "np": self.np,
            "generals_awarded": self.generals_awarded,
            "admirals_awarded": self.admirals_awarded,
            "owed": self.owed,
            "credits": [[q, p] for q, p in self.credits],
            "banked": self.banked,
            "drop_due": None if self.drop_due is None else list(self.drop_due),
        }


@dataclass
class Leader:
    """A leader in the game: ``where`` is ``province``, ``sea`` or None (unplaced)."""

    id: str
    nation: str
    where: str | None
    place: str | None
    alive: bool = True
    received: int = 0

    def copy(self) -> Leader:
        return Leader(self.id, self.nation, self.where, self.place, self.alive, self.received)

    def to_json(self) -> list[Any]:
        return [self.id, self.nation, self.where, self.place, self.alive, self.received]


def pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


@cache
def seat_numbers() -> Mapping[str, int]:
    """Each owner's number in the board's ``owner``: a nation's seat, or
    :data:`NEUTRAL_SEAT`."""
    numbers = {n: i for i, n in enumerate(scenario().nation_ids)}
    numbers[NEUTRAL] = NEUTRAL_SEAT
    return numbers


@cache
def owner_ids() -> tuple[str, ...]:
    """The owners by their number in ``owner``: the nations, then Neutral last, so that
    index :data:`NEUTRAL_SEAT` (-1) reads Neutral."""
    return (*scenario().nation_ids, NEUTRAL)
