"""Every number of Risk, Paper, Scissors (spec section 2) as one frozen options record.

Options are fixed when the game is created and travel in the save code.  Values may come
as strings (a command line's ``--option caps=W:7,J:12,E:25``) or as JSON values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from engine.errors import OptionError

MIN_SEATS = 3
MAX_SEATS = 5
UNIT_TYPES = ("E", "J", "W")
UNIT_POINTS: Mapping[str, int] = {"E": 1, "J": 3, "W": 5}
COMMANDER_TYPES = ("land", "naval", "space", "nuclear", "diplomat")
SELECTIONS = ("random", "manual")

_INT_RANGES: Mapping[str, tuple[int, int]] = {
    "years": (1, 10),
    "start_energy": (0, 50),
    "devastated": (0, 8),
    "income_multiplier": (1, 10),
    "income_divisor": (1, 10),
    "income_minimum": (0, 10),
    "unit_cost": (1, 20),
    "commander_cost": (1, 20),
    "station_cost": (1, 20),
    "max_stations": (1, 10),
    "card_cost": (0, 10),
    "cards_per_turn": (0, 10),
    "steps_per_energy": (1, 10),
    "points_per_territory": (0, 5),
    "colony_influence_points": (0, 10),
    "colony_influence_per_deck": (0, 5),
    "assemble_points": (1, 10),
    "rocket_strike_max": (1, 10),
    "energy_crisis_amount": (0, 10),
}
_BOOLS = ("devastation_redraw", "commander_for_moves")


@dataclass(frozen=True)
class RpsOptions:
    """One game's parameters; defaults are version 1's (spec section 2)."""

    years: int = 5
    selection: str = "random"
    start_points: tuple[tuple[int, int], ...] = ((3, 35), (4, 30), (5, 25))
    start_energy: int = 3
    devastated: int = 4
    devastation_redraw: bool = True
    caps: tuple[tuple[str, int], ...] = (("W", 7), ("J", 12), ("E", 25))
    commander_loss_order: tuple[str, ...] = ("diplomat", "nuclear", "land", "naval", "space")
    income_multiplier: int = 4
    income_divisor: int = 3
    income_minimum: int = 3
    unit_cost: int = 3
    commander_cost: int = 4
    station_cost: int = 4
    max_stations: int = 4
    card_cost: int = 1
    cards_per_turn: int = 2
    steps_per_energy: int = 2
    commander_for_moves: bool = False
    points_per_territory: int = 1
    colony_influence_points: int = 3
    colony_influence_per_deck: int = 1
    assemble_points: int = 3
    rocket_strike_max: int = 2
    energy_crisis_amount: int = 1

    def cap(self, unit: str) -> int:
        return dict(self.caps)[unit]

    def start_points_for(self, seats: int) -> int:
        table = dict(self.start_points)
        if seats not in table:
            raise OptionError("option/bad-value", f"start_points has no entry for {seats} players")
        return table[seats]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "start_points":
                value = {str(k): v for k, v in value}
            elif f.name == "caps":
                value = dict(value)
            elif isinstance(value, tuple):
                value = list(value)
            data[f.name] = value
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RpsOptions:
        """Options from their JSON form (every field is checked as a user option is).

        :raises OptionError: naming the bad field.
        """
        if not isinstance(data, Mapping):
            raise OptionError("option/bad-value", f"options must be an object, got {data!r}")
        return cls.from_mapping(data)

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any]) -> RpsOptions:
        """Options from names and values (strings allowed).

        :raises OptionError: ``option/unknown`` or ``option/bad-value`` naming the option.
        """
        known = [f.name for f in fields(cls)]
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise OptionError(
                "option/unknown",
                f"unknown risk_paper_scissors option(s) {', '.join(unknown)}; "
                f"known: {', '.join(known)}",
            )
        values: dict[str, Any] = {}
        for name, value in raw.items():
            if name in _INT_RANGES:
                values[name] = _int_in(name, value, *_INT_RANGES[name])
            elif name in _BOOLS:
                values[name] = _bool(name, value)
            elif name == "selection":
                if value not in SELECTIONS:
                    raise OptionError(
                        "option/bad-value", f"selection must be random or manual, got {value!r}"
                    )
                values[name] = value
            elif name == "start_points":
                values[name] = _start_points(value)
            elif name == "caps":
                values[name] = _caps(value)
            elif name == "commander_loss_order":
                values[name] = _loss_order(value)
        return cls(**values)


def _bad(name: str, value: Any, wanted: str) -> OptionError:
    return OptionError("option/bad-value", f"option {name} must be {wanted}, got {value!r}")


def _int_in(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool):
        raise _bad(name, value, f"a whole number in {low}..{high}")
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise _bad(name, value, f"a whole number in {low}..{high}") from None
    if not low <= number <= high or (isinstance(value, float) and value != number):
        raise _bad(name, value, f"a whole number in {low}..{high}")
    return number


def _bool(name: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "false", "1", "0", "on", "off"):
        return value.lower() in ("true", "1", "on")
    raise _bad(name, value, "true or false")


def _pairs(name: str, value: Any) -> list[tuple[str, Any]]:
    """``{"W": 7}`` or ``"W:7,J:12"`` as key/value pairs."""
    if isinstance(value, Mapping):
        return [(str(k), v) for k, v in value.items()]
    if isinstance(value, str):
        pairs = []
        for part in value.split(","):
            key, sep, number = part.partition(":")
            if not sep:
                raise _bad(name, value, "KEY:NUMBER pairs separated by commas")
            pairs.append((key.strip(), number.strip()))
        return pairs
    raise _bad(name, value, "an object of numbers")


def _start_points(value: Any) -> tuple[tuple[int, int], ...]:
    table: dict[int, int] = {}
    for key, number in _pairs("start_points", value):
        seats = _int_in("start_points", key, MIN_SEATS, MAX_SEATS)
        table[seats] = _int_in("start_points", number, 1, 1000)
    if sorted(table) != list(range(MIN_SEATS, MAX_SEATS + 1)):
        raise _bad("start_points", value, "an entry for each of 3, 4 and 5 players")
    return tuple(sorted(table.items()))


def _caps(value: Any) -> tuple[tuple[str, int], ...]:
    table = {key: _int_in("caps", number, 1, 1000) for key, number in _pairs("caps", value)}
    if sorted(table) != sorted(UNIT_TYPES):
        raise _bad("caps", value, "a cap for each of W, J and E")
    return tuple((unit, table[unit]) for unit in ("W", "J", "E"))


def _loss_order(value: Any) -> tuple[str, ...]:
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list | tuple):
        raise _bad("commander_loss_order", value, "a permutation of the commander types")
    order = tuple(str(item).strip() for item in items)
    if sorted(order) != sorted(COMMANDER_TYPES):
        raise _bad("commander_loss_order", value, "a permutation of " + ", ".join(COMMANDER_TYPES))
    return order
