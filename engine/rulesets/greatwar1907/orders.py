"""The Great War 1907 orders (spec §3.2): one sealed submission per nation and phase,
plus ``Resolve``.  Every part is a small frozen dataclass; a count of None means "as
many as the rules allow" (R7).  pp are carried as whole quarters.

The phase table (:data:`PHASE_ORDERS`) is data: the Deployment phase allows
``submit-deployment``, the Attack phase ``submit-attack``, both allow ``resolve``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar

from engine.core import Order
from engine.core import parse_order as parse_any_order
from engine.errors import InvalidOrderError
from engine.orderjson import Codec, Rule, key, omit_default, refuse
from engine.rulesets.greatwar1907.options import DIPLOMACY_REASONS, RELATIONS
from engine.rulesets.greatwar1907.state import Phase

MAX_PP = 1_000_000
"""Most pp one trade can name: far above the whole map's production over a game."""


def _read_pp(value: Any) -> int:
    """An amount of pp in quarters (0.25 pp steps); NaN and Infinity, which Python's JSON
    reader accepts, are not amounts."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not 0 <= value <= MAX_PP  # False for NaN
    ):
        raise refuse(f"an amount of pp from 0 to {MAX_PP}", value)
    q = round(value * 4)
    if abs(q - value * 4) > 1e-9:
        raise refuse("a multiple of 0.25 pp", value)
    return q


def _write_pp(quarters: int) -> int | float:
    return quarters / 4 if quarters % 4 else quarters // 4


Quarters = Annotated[int, Rule(codec=Codec(_read_pp, _write_pp))]
"""pp, kept as whole quarters and written as pp (``1.25``)."""
Count = Annotated[int | None, Rule(minimum=0)]
"""A number of units, None for "as many as the rules allow" (R7)."""
Number = Annotated[int, Rule(minimum=0)]
Path = Annotated[tuple[str, ...], Rule(min_items=1)]
FROM = key("from")
WITH = key("with")


@dataclass(frozen=True)
class Diplomacy:
    other: str = field(metadata=WITH)
    to: Annotated[str, Rule(choices=RELATIONS)]
    # Left out when empty, so that codes stay as they were before it existed.
    reason: Annotated[str, Rule(choices=DIPLOMACY_REASONS)] = field(
        default="", metadata=omit_default()
    )


@dataclass(frozen=True)
class Passage:
    nation: str
    grant: bool


@dataclass(frozen=True)
class Bundle:
    provinces: tuple[str, ...] = ()
    pp: Quarters = 0


@dataclass(frozen=True)
class Trade:
    other: str = field(metadata=WITH)
    give: Bundle = Bundle()
    get: Bundle = Bundle()
    pay_from: str | None = None
    receive_at: str | None = None


@dataclass(frozen=True)
class Build:
    province: str
    divisions: Number = 0
    ships: Number = 0


@dataclass(frozen=True)
class Place:
    leader: str
    at: str


@dataclass(frozen=True)
class Load:
    """An embark or a disembark in ``province``."""

    province: str
    divisions: Count = None


@dataclass(frozen=True)
class Move:
    origin: str = field(metadata=FROM)
    path: Path
    divisions: Count = None
    leaders: tuple[str, ...] = ()


@dataclass(frozen=True)
class Sail:
    origin: str = field(metadata=FROM)
    path: Path
    ships: Count = None
    divisions: Count = None
    leaders: tuple[str, ...] = ()


@dataclass(frozen=True)
class Strike:
    origin: str = field(metadata=FROM)
    target: str
    divisions: Count = None
    ships_in: Count = None
    leaders: tuple[str, ...] = ()


@dataclass(frozen=True)
class Attack:
    origin: str = field(metadata=FROM)
    target: str
    divisions: Count = None
    leaders: tuple[str, ...] = ()


@dataclass(frozen=True)
class _Submission(Order):
    faction: int
    nation: str
    player: str = ""
    diplomacy: tuple[Diplomacy, ...] = ()
    drop_ally: str | None = None
    passage: tuple[Passage, ...] = ()
    sail: tuple[Sail, ...] = ()


@dataclass(frozen=True)
class SubmitDeployment(_Submission):
    """One nation's Deployment-phase orders; a later one replaces it (R4)."""

    KIND: ClassVar[str] = "submit-deployment"
    pay_first: str | None = None
    trades: tuple[Trade, ...] = ()
    builds: tuple[Build, ...] = ()
    place: tuple[Place, ...] = ()
    embark: tuple[Load, ...] = ()
    moves: tuple[Move, ...] = ()
    disembark: tuple[Load, ...] = ()


@dataclass(frozen=True)
class SubmitAttack(_Submission):
    """One nation's Attack-phase orders; a later one replaces it (R4)."""

    KIND: ClassVar[str] = "submit-attack"
    strikes: tuple[Strike, ...] = ()
    attacks: tuple[Attack, ...] = ()


@dataclass(frozen=True)
class Resolve(Order):
    """Resolve the current phase.  Without ``force`` every human seat must have sent
    orders; ``entropy`` (the sealed orders' salts) reseeds the dice (R3)."""

    KIND: ClassVar[str] = "resolve"
    force: bool = False
    # Left out when empty, so that codes stay as they were before it existed.
    entropy: str = field(default="", metadata=omit_default())


ORDER_TYPES: tuple[type[Order], ...] = (SubmitDeployment, SubmitAttack, Resolve)

PHASE_ORDERS: dict[Phase, frozenset[str]] = {
    Phase.DEPLOYMENT: frozenset({SubmitDeployment.KIND, Resolve.KIND}),
    Phase.ATTACK: frozenset({SubmitAttack.KIND, Resolve.KIND}),
    Phase.GAME_OVER: frozenset(),
}


def parse_order(data: Mapping[str, Any]) -> Order:
    """An order from its JSON form.

    :raises InvalidOrderError: unknown kind, unknown field or a malformed field, named.
    """
    return parse_any_order(data, ORDER_TYPES)


def submission_from_json(data: Mapping[str, Any]) -> SubmitDeployment | SubmitAttack:
    order = parse_order(data)
    if not isinstance(order, SubmitDeployment | SubmitAttack):
        raise InvalidOrderError("order/malformed", "a sealed slot must hold a submission")
    return order
