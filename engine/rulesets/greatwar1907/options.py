"""The Great War 1907 options (spec §8) and every rule constant, in one table.

pp are whole quarters everywhere in the engine (25.5 pp = 102).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from engine.errors import OptionError

LAND_DICE_ATTACK = 2
LAND_DICE_DEFENCE = 3
FLEET_DICE = 2
DIE_FACES = 6
DIVISION_COST = 4  # quarters: 1 pp
SHIP_COST = 4
CARGO_PER_SHIP = 2
FREE_MOVE_STEPS = 1
SAILING_STEPS = 1
CHANCE_SCALE = 1000  # a chance p succeeds when rng.below(1000) < round(1000 p)
ENCIRCLEMENT_FROM_TURN = 2
START_YEAR = 1906  # turn t is the year 1906 + t

# (from, to) -> (who must order it, cost in quarters); war -> alliance is not allowed.
ONE_SIDED = "one"
TWO_SIDED = "two"
CHANGES: dict[tuple[str, str], tuple[str, int]] = {
    ("peace", "alliance"): (TWO_SIDED, 0),
    ("war", "peace"): (TWO_SIDED, 0),
    ("alliance", "peace"): (ONE_SIDED, 12),
    ("alliance", "war"): (ONE_SIDED, 24),
    ("peace", "war"): (ONE_SIDED, 12),
}
RELATIONS = ("alliance", "peace", "war")
# Why a nation asks for a change, shown in the report after it (a closed list, so the
# report never quotes typed text); "" gives none.  The computer nations give one.
DIPLOMACY_REASONS = (
    "",
    "armies-on-border",
    "room-to-grow",
    "cannot-win",
    "no-front",
    "common-enemy",
    "weak-neighbour",
)

SEAT_KINDS = ("human", "computer", "idle")
DEFAULT_LEVEL = "standard"  # the computer level of a seat nobody takes


@dataclass(frozen=True)
class GreatWarOptions:
    """Options of one game (spec §8).  ``untaken`` is what a seat nobody takes becomes:
    a computer level name (played by the computer) or ``idle``."""

    victory_vp: int = 30
    turn_limit: int = 20
    neutral_garrison_vp: bool = True
    bank_unspent: bool = False
    deadline: str = ""
    untaken: str = DEFAULT_LEVEL

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GreatWarOptions:
        """:raises OptionError: naming the bad or missing option."""
        if not isinstance(data, Mapping):
            raise OptionError("option/bad-value", f"options must be an object, got {data!r}")
        missing = [f.name for f in fields(cls) if f.name not in data]
        if missing:
            raise OptionError("option/missing", f"greatwar1907 options lack {missing}")
        return cls.from_mapping(data)

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any]) -> GreatWarOptions:
        """Options from names and values (strings allowed, as from a command line).

        :raises OptionError: unknown name or bad value.
        """
        known = [f.name for f in fields(cls)]
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise OptionError(
                "option/unknown",
                f"unknown greatwar1907 option(s) {', '.join(unknown)}; known: {', '.join(known)}",
            )
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in raw:
                continue
            value = raw[f.name]
            default = f.default
            if isinstance(default, bool):
                values[f.name] = _flag(f.name, value)
            elif isinstance(default, int):
                values[f.name] = _number(f.name, value)
            else:
                if not isinstance(value, str) or len(value) > MAX_TEXT:
                    raise OptionError(
                        "option/bad-value",
                        f"{f.name} must be text of at most {MAX_TEXT} characters, "
                        f"got {repr(value)[:40]}",
                    )
                values[f.name] = value
        return cls(**values)


def _flag(name: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in (
        "1",
        "true",
        "yes",
        "on",
        "0",
        "false",
        "no",
        "off",
    ):
        return value.lower() in ("1", "true", "yes", "on")
    raise OptionError("option/bad-value", f"{name} must be true or false, got {value!r}")


MAX_NUMBER = 1000
"""Largest turn limit or VP target: a game of 1,000 turns is already far beyond play."""
MAX_TEXT = 200
"""Longest deadline text or computer level name."""


def _number(name: str, value: Any) -> int:
    try:
        number = int(value) if not isinstance(value, bool | float) else -1
    except (TypeError, ValueError, OverflowError):
        number = -1
    if not 1 <= number <= MAX_NUMBER:
        raise OptionError(
            "option/bad-value",
            f"{name} must be a whole number from 1 to {MAX_NUMBER}, got {str(value)[:40]!r}",
        )
    return number


def award_threshold(base: int, n: int) -> int:
    """Points at which the n-th leader is awarded: base * n * (n + 1) / 2 (R65)."""
    return base * n * (n + 1) // 2
