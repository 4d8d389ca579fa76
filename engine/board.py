"""The board every ruleset's state stands on: the map, the seats, who owns each
territory, how many units stand there, and the random generator.

A ruleset's state is a dataclass that inherits :class:`Board` and adds its own fields
(phase, cards, orders...).  The board's fields are keyword-only, so a state's own fields
keep their order and defaults; :meth:`Board.board_copy`, :meth:`Board.board_json` and
:meth:`Board.board_fields` are the one clone and one JSON form of the shared part.

Units of several kinds (divisions and fleets; Elementals, Jaguars, Wolves and
commanders) stand in ``units``, territory by territory; ``armies`` always counts every
unit in a territory, so the code that only needs a count (odds, rendering, the computer
players' threat sums) reads one number whatever the ruleset.  A ruleset with one kind of
unit leaves ``units`` empty, and then its JSON form has no ``units`` key at all (old save
codes and their lengths stay as they were).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from engine.rng import Rng


@dataclass
class Seat:
    """What every seat has, whatever the ruleset calls it (player, faction, power).

    Subclasses add fields; every field is plain JSON data (str, int, bool, None, or a
    flat list or dict of them), so one :meth:`clone` and one :meth:`to_json` serve them
    all.
    """

    name: str
    control: str
    color: str

    @property
    def is_human(self) -> bool:
        return self.control == "human"

    def clone(self) -> Any:
        # Not dataclasses.replace: a seat is cloned with every order, and this is 5x faster.
        new = object.__new__(type(self))
        fields = new.__dict__
        fields.update(self.__dict__)
        for name in _containers(type(self)):
            fields[name] = fields[name].copy()
        return new

    def to_json(self) -> dict[str, Any]:
        return {f.name: _copy(getattr(self, f.name)) for f in _fields(type(self))}


SeatT = TypeVar("SeatT", bound=Seat)
BoardT = TypeVar("BoardT", bound="Board[Any]")


@dataclass(kw_only=True)
class Board(Generic[SeatT]):
    """The shared part of a game state; ``owner``/``armies`` are keyed by territory id."""

    map_id: str
    players: list[SeatT]
    owner: dict[str, int]
    armies: dict[str, int]
    rng: Rng
    units: dict[str, dict[str, int]] = field(default_factory=dict)
    """Per territory, its units by kind (empty in a ruleset with one kind of unit)."""

    def territories_of(self, seat: int) -> list[str]:
        return [t for t, o in self.owner.items() if o == seat]

    def units_at(self, territory: str, single_kind: str = "army") -> dict[str, int]:
        """The units in ``territory`` by kind (one kind, ``single_kind``, when the
        ruleset keeps no kinds)."""
        if territory in self.units:
            return dict(self.units[territory])
        count = self.armies[territory]
        return {single_kind: count} if count else {}

    def add_units(self, territory: str, kind: str, count: int) -> None:
        """Add (or, with a negative ``count``, remove) units of one kind, keeping
        ``armies`` the total.

        :raises ValueError: when more units would leave than stand there.
        """
        kinds = self.units.setdefault(territory, {})
        left = kinds.get(kind, 0) + count
        if left < 0:
            raise ValueError(f"{territory} holds {kinds.get(kind, 0)} {kind}, not {-count}")
        if left:
            kinds[kind] = left
        else:
            kinds.pop(kind, None)
        self.armies[territory] = sum(kinds.values())

    def copy_with(self: BoardT, **fresh: Any) -> BoardT:
        """A copy of the state whose board shares nothing mutable with this one, and
        whose other fields are this one's except the ``fresh`` ones (a state passes its
        own mutable fields, copied)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.__dict__.update(self.board_copy(), **fresh)
        return new

    def board_copy(self) -> dict[str, Any]:
        """The board's fields, copied deep enough that the copy shares nothing mutable."""
        return {
            "map_id": self.map_id,
            "players": [p.clone() for p in self.players],
            "owner": dict(self.owner),
            "armies": dict(self.armies),
            "rng": self.rng.copy(),
            "units": {t: dict(kinds) for t, kinds in self.units.items()} if self.units else {},
        }

    def board_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "map": self.map_id,
            "players": [p.to_json() for p in self.players],
            "owner": dict(self.owner),
            "armies": dict(self.armies),
            "rng": self.rng.to_json(),
        }
        if self.units:
            data["units"] = {t: dict(kinds) for t, kinds in self.units.items()}
        return data

    @staticmethod
    def board_fields(
        data: Mapping[str, Any], seat_from_json: Callable[[Mapping[str, Any]], SeatT]
    ) -> dict[str, Any]:
        """The board's constructor arguments read from a state's JSON form."""
        return {
            "map_id": str(data["map"]),
            "players": [seat_from_json(p) for p in data["players"]],
            "owner": {str(k): int(v) for k, v in data["owner"].items()},
            "armies": {str(k): int(v) for k, v in data["armies"].items()},
            "rng": Rng.from_json(data["rng"]),
            "units": {
                str(t): {str(kind): int(n) for kind, n in kinds.items()}
                for t, kinds in data.get("units", {}).items()
            },
        }


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict):
        return dict(value)
    return value


_FIELDS: dict[type, tuple[dataclasses.Field[Any], ...]] = {}
_CONTAINERS: dict[type, tuple[str, ...]] = {}


def _containers(cls: type) -> tuple[str, ...]:
    """The fields of a seat class that hold a list or a dict."""
    if cls not in _CONTAINERS:
        _CONTAINERS[cls] = tuple(
            f.name for f in _fields(cls) if str(f.type).startswith(("list", "dict"))
        )
    return _CONTAINERS[cls]


def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    # dataclasses.fields() walks the class each call; a seat is cloned with every state.
    if cls not in _FIELDS:
        _FIELDS[cls] = dataclasses.fields(cls)
    return _FIELDS[cls]
