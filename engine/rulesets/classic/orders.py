"""Classic orders: frozen dataclasses, one per thing a player can do, and the table
of which phase allows which."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core import Order
from engine.rulesets.classic.state import Phase

ATTACK_MODES = ("once", "continuous", "do-or-die")


@dataclass(frozen=True)
class Claim(Order):
    """Manual selection: put one army on an unclaimed territory."""

    KIND: ClassVar[str] = "claim"
    territory: str


@dataclass(frozen=True)
class Place(Order):
    """Put armies from the pool on one's own territory (setup: one at a time)."""

    KIND: ClassVar[str] = "place"
    territory: str
    count: int = 1


@dataclass(frozen=True)
class PlaceNeutral(Order):
    """Two players with neutral (US): one army on a neutral territory each setup round."""

    KIND: ClassVar[str] = "place-neutral"
    territory: str


@dataclass(frozen=True)
class ChooseHeadquarters(Order):
    KIND: ClassVar[str] = "choose-hq"
    territory: str


@dataclass(frozen=True)
class TradeCards(Order):
    """Trade three cards (indices into the map's deck) for armies."""

    KIND: ClassVar[str] = "trade"
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Attack(Order):
    """Roll ``dice`` from ``origin`` against ``target``; ``mode`` repeats the roll:
    ``continuous`` until the attacker loses a roll or wins, ``do-or-die`` until the
    defender is gone or the attacker has one army left."""

    KIND: ClassVar[str] = "attack"
    origin: str
    target: str
    dice: int = 3
    mode: str = "once"


@dataclass(frozen=True)
class Reroll(Order):
    """Attack advantage: accept (True) or decline re-rolling the lowest attacking die."""

    KIND: ClassVar[str] = "reroll"
    accept: bool


@dataclass(frozen=True)
class MoveIn(Order):
    KIND: ClassVar[str] = "move-in"
    count: int


@dataclass(frozen=True)
class EndAttack(Order):
    KIND: ClassVar[str] = "end-attack"


@dataclass(frozen=True)
class FreeMove(Order):
    KIND: ClassVar[str] = "free-move"
    origin: str
    target: str
    count: int


@dataclass(frozen=True)
class EndTurn(Order):
    KIND: ClassVar[str] = "end-turn"


ORDER_TYPES: tuple[type[Order], ...] = (
    Claim,
    Place,
    PlaceNeutral,
    ChooseHeadquarters,
    TradeCards,
    Attack,
    Reroll,
    MoveIn,
    EndAttack,
    FreeMove,
    EndTurn,
)

PHASE_ORDERS: dict[Phase, frozenset[str]] = {
    Phase.CLAIM: frozenset({Claim.KIND}),
    Phase.SETUP: frozenset({Place.KIND, PlaceNeutral.KIND}),
    Phase.HEADQUARTERS: frozenset({ChooseHeadquarters.KIND}),
    Phase.REINFORCE: frozenset({TradeCards.KIND, Place.KIND}),
    Phase.ATTACK: frozenset({Attack.KIND, EndAttack.KIND, FreeMove.KIND, EndTurn.KIND}),
    Phase.ADVANTAGE: frozenset({Reroll.KIND}),
    Phase.MOVE_IN: frozenset({MoveIn.KIND}),
    Phase.FORTIFY: frozenset({FreeMove.KIND, EndTurn.KIND}),
    Phase.GAME_OVER: frozenset(),
}
