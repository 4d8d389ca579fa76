"""Capital Risk orders: one sealed submission per faction and phase, plus ``Resolve``.

A submission's parts (attacks, surge, tactical move) are small frozen dataclasses, so a
whole submission is hashable.  A count of ``None`` means "maximum" (seed: "You will
specify numbers for your placements and attacks, or else they will assumed to be at
maximum").
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from engine.core import Order
from engine.errors import InvalidOrderError
from engine.rulesets.capital.state import Phase

Count = int | None
Placements = tuple[tuple[str, Count], ...]


@dataclass(frozen=True)
class Attack:
    """Attack ``target`` from ``origin`` with ``units`` (None: all but one)."""

    origin: str
    target: str
    units: Count = None


@dataclass(frozen=True)
class Surge:
    """ "If ``via`` falls to me, attack ``target`` from it with ``units``" (None: maximum),
    optionally "only if ``target`` holds at most ``at_most`` units after placements" (the
    one further condition the seed allows, on enemy placement strength)."""

    via: str
    target: str
    units: Count = None
    at_most: int | None = None

    def to_json(self) -> list[Any]:
        data: list[Any] = [self.via, self.target, self.units]
        return data if self.at_most is None else [*data, self.at_most]

    @classmethod
    def from_json(cls, raw: Any) -> Surge:
        """From ``[via, target, units]`` or ``[via, target, units, at_most]``.

        :raises ValueError: not of that shape.
        """
        if isinstance(raw, str) or len(raw) not in (3, 4):
            raise ValueError(f"a surge is [via, target, units(, at_most)], not {raw!r}")
        via, target, units, *rest = raw
        return cls(str(via), str(target), _count(units), _count(rest[0]) if rest else None)


@dataclass(frozen=True)
class Tactical:
    """The one tactical move: from ``origin`` to several own neighbours, with counts."""

    origin: str
    moves: tuple[tuple[str, Count], ...]


@dataclass(frozen=True)
class SubmitSetup(Order):
    """Initial placement (no placement limit) and the secret capital choice."""

    KIND: ClassVar[str] = "submit-setup"
    faction: int
    capital: str
    placements: Placements = ()
    player: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.KIND,
            "faction": self.faction,
            "capital": self.capital,
            "placements": _pairs_json(self.placements),
            "player": self.player,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SubmitSetup:
        return cls(
            _int(data, "faction"),
            _str(data, "capital"),
            _pairs(data.get("placements", []), "placements"),
            str(data.get("player", "")),
        )


@dataclass(frozen=True)
class SubmitOrders(Order):
    """One faction's orders for the turn; the later submission replaces an earlier one."""

    KIND: ClassVar[str] = "submit-orders"
    faction: int
    player: str = ""
    placements: Placements = ()
    attacks: tuple[Attack, ...] = ()
    surge: Surge | None = None
    tactical: Tactical | None = None
    trades: tuple[tuple[int, int, int], ...] = ()
    # Parts of the orders as sent that gave a non-whole number: an impossible order
    # (RULINGS §2), dropped when read and listed under Offenses by the resolution.
    dropped: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "kind": self.KIND,
            "faction": self.faction,
            "player": self.player,
            "placements": _pairs_json(self.placements),
            "attacks": [[a.origin, a.target, a.units] for a in self.attacks],
            "surge": None if self.surge is None else self.surge.to_json(),
            "tactical": None
            if self.tactical is None
            else [self.tactical.origin, _pairs_json(self.tactical.moves)],
            "trades": [list(t) for t in self.trades],
        }
        if self.dropped:  # left out when empty, so that codes stay as they were
            data["dropped"] = list(self.dropped)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SubmitOrders:
        dropped: list[str] = []
        for note in data.get("dropped", []):
            if not isinstance(note, str) or not _DROPPED.fullmatch(note):
                raise InvalidOrderError("order/bad-field", f"dropped: not a note {note!r}")
            dropped.append(note)

        def whole(part: str, *numbers: Any) -> bool:
            if any(isinstance(n, float) and not math.isfinite(n) for n in numbers):
                raise ValueError(f"{part}: not a number")
            odd = [n for n in numbers if isinstance(n, float) and not n.is_integer()]
            if odd:
                dropped.append(f"{part} with {', '.join(map(str, odd))}: not a whole number")
            return not odd

        try:
            attacks = tuple(
                Attack(str(o), str(t), _count(n))
                for o, t, n in data.get("attacks", [])
                if whole(f"attack {_token(o)}->{_token(t)}", n)
            )
            raw_surge = data.get("surge")
            surge = None
            if raw_surge is not None and whole(
                f"surge {raw_surge[0]}->{raw_surge[1]}", *raw_surge[2:]
            ):
                surge = Surge.from_json(raw_surge)
            raw_tactical = data.get("tactical")
            tactical = None
            if raw_tactical is not None:
                origin, moves = raw_tactical
                kept = [
                    (t, n)
                    for t, n in moves
                    if whole(f"tactical move {_token(origin)}->{_token(t)}", n)
                ]
                tactical = Tactical(str(origin), _pairs(kept, "tactical"))
            placements = [
                (t, n)
                for t, n in _items(data.get("placements", []))
                if whole(f"placement on {_token(t)}", n)
            ]
            trades = []
            for trio in data.get("trades", []):
                a, b, c = (int(x) for x in trio)
                trades.append((a, b, c))
        # A surge {} has no [0]; int() of Infinity overflows.
        except (TypeError, ValueError, IndexError, KeyError, OverflowError):
            raise InvalidOrderError(
                "order/bad-field", f"malformed orders: {dict(data)!r}"
            ) from None
        return cls(
            _int(data, "faction"),
            str(data.get("player", "")),
            _pairs(placements, "placements"),
            attacks,
            surge,
            tactical,
            tuple(trades),
            tuple(dropped),
        )


@dataclass(frozen=True)
class Resolve(Order):
    """Resolve the phase.  Without ``force`` every living faction must have sent orders;
    with it (the moderator's deadline) the silent ones get default orders.  ``entropy``
    (from the factions' sealed-order salts) reseeds the dice so that no one faction can
    steer them."""

    KIND: ClassVar[str] = "resolve"
    force: bool = False
    entropy: str = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.KIND, "force": self.force}
        if self.entropy:
            data["entropy"] = self.entropy
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Resolve:
        force = data.get("force", False)
        if not isinstance(force, bool):
            raise InvalidOrderError("order/bad-field", f"resolve: force must be bool: {force!r}")
        entropy = data.get("entropy", "")
        if not isinstance(entropy, str):
            raise InvalidOrderError(
                "order/bad-field", f"resolve: entropy must be text: {entropy!r}"
            )
        return cls(force, entropy)


ORDER_TYPES: tuple[type[Order], ...] = (SubmitSetup, SubmitOrders, Resolve)

PHASE_ORDERS: dict[Phase, frozenset[str]] = {
    Phase.SETUP: frozenset({SubmitSetup.KIND, Resolve.KIND}),
    Phase.ORDERS: frozenset({SubmitOrders.KIND, Resolve.KIND}),
    Phase.GAME_OVER: frozenset(),
}


def parse_order(data: Mapping[str, Any]) -> Order:
    """An order from its JSON form.

    :raises InvalidOrderError: unknown kind or malformed field.
    """
    if not isinstance(data, Mapping) or "kind" not in data:
        raise InvalidOrderError("order/malformed", f"an order needs a 'kind': {data!r}")
    by_kind: dict[str, Any] = {
        SubmitSetup.KIND: SubmitSetup.from_json,
        SubmitOrders.KIND: SubmitOrders.from_json,
        Resolve.KIND: Resolve.from_json,
    }
    kind = data["kind"]
    if not isinstance(kind, str) or kind not in by_kind:
        raise InvalidOrderError(
            "order/unknown-kind", f"unknown order kind {kind!r}; expected one of {sorted(by_kind)}"
        )
    # RULINGS §2: an order with an unknown field is malformed and refused outright (a
    # misspelt "atacks" must not become "no attacks").
    known = {f.name for f in fields(_TYPES[kind])}
    extra = sorted(set(data) - known - {"kind"})
    if extra:
        raise InvalidOrderError(
            "order/unknown-field",
            f"{kind}: unknown field(s) {', '.join(map(repr, extra))}; "
            f"known: {', '.join(sorted(known))}",
        )
    order: Order = by_kind[kind](data)
    return order


_TYPES: dict[str, type[Order]] = {t.KIND: t for t in ORDER_TYPES}


def _pairs_json(pairs: tuple[tuple[str, Count], ...]) -> list[list[Any]]:
    return [[t, n] for t, n in pairs]


# A dropped part, as whole() writes it: only territory-id characters and numbers, so that
# nothing a sender writes reaches the report but the parts' names.
_DROPPED = re.compile(
    r"(?:(?:attack|surge|tactical move) [a-z0-9_?]{1,40}->[a-z0-9_?]{1,40}"
    r"|placement on [a-z0-9_?]{1,40})"
    r" with [-0-9.e+, ]{1,80}: not a whole number"
)


def _token(name: Any) -> str:
    """A territory name as a dropped part shows it: id characters only."""
    return re.sub(r"[^a-z0-9_]", "?", str(name).lower())[:40] or "?"


def _items(raw: Any) -> list[Any]:
    """Pairs given as a list of [name, number] or as a mapping."""
    return list(raw.items()) if isinstance(raw, Mapping) else list(raw)


def _pairs(raw: Any, what: str) -> tuple[tuple[str, Count], ...]:
    if isinstance(raw, Mapping):
        raw = list(raw.items())
    try:
        return tuple((str(t), _count(n)) for t, n in raw)
    except (TypeError, ValueError):
        raise InvalidOrderError("order/bad-field", f"{what}: malformed {raw!r}") from None


def _count(value: Any) -> Count:
    if value is None:
        return None
    if isinstance(value, float) and value.is_integer():
        return int(value)  # 3.0 is the whole number 3
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"not a count: {value!r}")
    return value


def _int(data: Mapping[str, Any], name: str) -> int:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidOrderError("order/bad-field", f"field {name!r} must be int, got {value!r}")
    return value


def _str(data: Mapping[str, Any], name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str):
        raise InvalidOrderError("order/bad-field", f"field {name!r} must be str, got {value!r}")
    return value
