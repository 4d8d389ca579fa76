"""Capital Risk orders: one sealed submission per faction and phase, plus ``Resolve``.

A submission's parts (attacks, surge, tactical move) are small frozen dataclasses, so a
whole submission is hashable.  A count of ``None`` means "maximum" (seed: "You will
specify numbers for your placements and attacks, or else they will assumed to be at
maximum").  Their JSON form is :mod:`engine.orderjson`'s, the parts written as lists
(``[origin, target, units]``), as docs/rules-capital.md gives it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar

from engine.core import Order
from engine.core import parse_order as parse_any_order
from engine.orderjson import Rule, omit_default, prepared
from engine.rulesets.capital.state import Phase

Count = Annotated[int | None, Rule(whole_floats=True)]
"""A number of units, None for "maximum"; ``3.0`` is the whole number 3 (a number with a
fraction is cut from the orders before they are read: :func:`_cut_non_whole`)."""
Placements = tuple[tuple[str, Count], ...]

# A dropped part, as _cut_non_whole() writes it: only territory-id characters and
# numbers, so that nothing a sender writes reaches the report but the parts' names.
_DROPPED = re.compile(
    r"(?:(?:attack|surge|tactical move) [a-z0-9_?]{1,40}->[a-z0-9_?]{1,40}"
    r"|placement on [a-z0-9_?]{1,40})"
    r" with [-0-9.e+, ]{1,80}: not a whole number"
)
DroppedNote = Annotated[str, Rule(pattern=_DROPPED.pattern)]


@dataclass(frozen=True)
class Attack:
    """Attack ``target`` from ``origin`` with ``units`` (None: all but one)."""

    JSON_ROW: ClassVar[bool] = True
    origin: str
    target: str
    units: Count = None


@dataclass(frozen=True)
class Surge:
    """ "If ``via`` falls to me, attack ``target`` from it with ``units``" (None: maximum),
    optionally "only if ``target`` holds at most ``at_most`` units after placements" (the
    one further condition the seed allows, on enemy placement strength)."""

    JSON_ROW: ClassVar[bool] = True
    via: str
    target: str
    units: Count = None
    at_most: Count = field(default=None, metadata=omit_default())


@dataclass(frozen=True)
class Tactical:
    """The one tactical move: from ``origin`` to several own neighbours, with counts."""

    JSON_ROW: ClassVar[bool] = True
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


@prepared(lambda data: _cut_non_whole(data))  # (defined below, with the reading)
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
    dropped: tuple[DroppedNote, ...] = field(default=(), metadata=omit_default())


@dataclass(frozen=True)
class Resolve(Order):
    """Resolve the phase.  Without ``force`` every living faction must have sent orders;
    with it (the moderator's deadline) the silent ones get default orders.  ``entropy``
    (from the factions' sealed-order salts) reseeds the dice so that no one faction can
    steer them."""

    KIND: ClassVar[str] = "resolve"
    force: bool = False
    # Left out when empty, so that codes stay as they were before it existed.
    entropy: str = field(default="", metadata=omit_default())


ORDER_TYPES: tuple[type[Order], ...] = (SubmitSetup, SubmitOrders, Resolve)

PHASE_ORDERS: dict[Phase, frozenset[str]] = {
    Phase.SETUP: frozenset({SubmitSetup.KIND, Resolve.KIND}),
    Phase.ORDERS: frozenset({SubmitOrders.KIND, Resolve.KIND}),
    Phase.GAME_OVER: frozenset(),
}


def parse_order(data: Mapping[str, Any]) -> Order:
    """An order from its JSON form.

    :raises InvalidOrderError: unknown kind, unknown field or a malformed field, named
        (RULINGS §2: a misspelt "atacks" must not become "no attacks").
    """
    return parse_any_order(data, ORDER_TYPES)


def _cut_non_whole(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """RULINGS §2: "A negative or non-integer number is such an impossible order": a part
    of the orders as sent with a number that is not whole is cut before the orders are
    read, and noted in ``dropped`` so that the resolution lists it under Offenses.
    Whatever is not of the part's shape is left for the reader to refuse."""
    notes: list[str] = []

    def kept(parts: Any, name: Any, numbers: Any) -> Any:
        if not isinstance(parts, list):
            return parts
        left = []
        for part in parts:
            odd = _fractions(numbers(part)) if isinstance(part, list) else []
            if odd:
                notes.append(f"{name(part)} with {', '.join(odd)}: not a whole number")
            else:
                left.append(part)
        return left

    out = dict(data)
    if "attacks" in data:
        out["attacks"] = kept(
            data["attacks"],
            lambda a: f"attack {_token(a[0])}->{_token(a[1])}",
            lambda a: a[2:3] if len(a) == 3 else [],
        )
    surge = data.get("surge")
    if isinstance(surge, list) and len(surge) in (3, 4) and _fractions(surge[2:]):
        notes.append(
            f"surge {_token(surge[0])}->{_token(surge[1])} with "
            f"{', '.join(_fractions(surge[2:]))}: not a whole number"
        )
        out["surge"] = None
    tactical = data.get("tactical")
    if isinstance(tactical, list) and len(tactical) == 2:
        origin = _token(tactical[0])
        out["tactical"] = [
            tactical[0],
            kept(
                tactical[1],
                lambda m: f"tactical move {origin}->{_token(m[0])}",
                lambda m: m[1:2] if len(m) == 2 else [],
            ),
        ]
    if "placements" in data:
        out["placements"] = kept(
            data["placements"],
            lambda p: f"placement on {_token(p[0])}",
            lambda p: p[1:2] if len(p) == 2 else [],
        )
    if notes:
        before = data.get("dropped", [])
        out["dropped"] = [*before, *notes] if isinstance(before, list) else before
    return out


def _fractions(numbers: list[Any]) -> list[str]:
    """The numbers with a fraction among ``numbers`` (NaN and Infinity are no numbers:
    the reader refuses them)."""
    return [
        str(n) for n in numbers if isinstance(n, float) and math.isfinite(n) and not n.is_integer()
    ]


def _token(name: Any) -> str:
    """A territory name as a dropped part shows it: id characters only."""
    return re.sub(r"[^a-z0-9_]", "?", str(name).lower())[:40] or "?"
