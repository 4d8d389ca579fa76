"""The orders of Risk, Paper, Scissors (spec 7.3) and the phase → orders table (7.2).

Only ``Bid`` names its faction (the sealed-orders machinery needs it); every other order
is given by the seat that must act, ``actor(state)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from engine.core import Order


class Phase(StrEnum):
    CLAIM = "claim"
    SETUP = "setup"
    BID = "bid"
    PURCHASE = "purchase"
    ACTION = "action"
    LOSSES = "losses"
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class Claim(Order):
    KIND: ClassVar[str] = "Claim"
    territory: str


@dataclass(frozen=True)
class Setup(Order):
    """Parallel lists: ``territories[i]`` receives ``e[i]`` E, ``j[i]`` J and ``w[i]`` W."""

    KIND: ClassVar[str] = "Setup"
    territories: tuple[str, ...]
    e: tuple[int, ...]
    j: tuple[int, ...]
    w: tuple[int, ...]
    land_commander: str
    diplomat: str
    station: str


@dataclass(frozen=True)
class Bid(Order):
    KIND: ClassVar[str] = "Bid"
    faction: int
    amount: int
    slots: tuple[int, ...] = ()


@dataclass(frozen=True)
class ResolveBids(Order):
    KIND: ClassVar[str] = "ResolveBids"
    entropy: str = ""
    force: bool = False


@dataclass(frozen=True)
class BuyUnits(Order):
    KIND: ClassVar[str] = "BuyUnits"
    territory: str
    e: int = 0
    j: int = 0
    w: int = 0


@dataclass(frozen=True)
class HireCommander(Order):
    KIND: ClassVar[str] = "HireCommander"
    commander: str
    territory: str


@dataclass(frozen=True)
class BuildStation(Order):
    KIND: ClassVar[str] = "BuildStation"
    territory: str


@dataclass(frozen=True)
class BuyCard(Order):
    KIND: ClassVar[str] = "BuyCard"
    card: str


@dataclass(frozen=True)
class EndPurchase(Order):
    KIND: ClassVar[str] = "EndPurchase"


@dataclass(frozen=True)
class EndTurn(Order):
    KIND: ClassVar[str] = "EndTurn"


@dataclass(frozen=True)
class ForceOrder(Order):
    """Units sent from ``origin`` to ``target``: a Move or an Attack."""

    origin: str
    target: str
    e: int = 0
    j: int = 0
    w: int = 0
    commanders: tuple[str, ...] = ()


@dataclass(frozen=True)
class Move(ForceOrder):
    KIND: ClassVar[str] = "Move"


@dataclass(frozen=True)
class Attack(ForceOrder):
    KIND: ClassVar[str] = "Attack"


@dataclass(frozen=True)
class PlayCard(Order):
    KIND: ClassVar[str] = "PlayCard"
    card: str
    territory: str = ""
    target: str = ""
    unit_class: str = ""
    e: int = 0
    j: int = 0
    w: int = 0
    commanders: tuple[str, ...] = ()


@dataclass(frozen=True)
class ArmCard(Order):
    KIND: ClassVar[str] = "ArmCard"
    card: str
    territory: str


@dataclass(frozen=True)
class ChooseLosses(Order):
    KIND: ClassVar[str] = "ChooseLosses"
    e: int = 0
    j: int = 0
    w: int = 0
    commanders: tuple[str, ...] = ()


ORDER_TYPES: tuple[type[Order], ...] = (
    Claim,
    Setup,
    Bid,
    ResolveBids,
    BuyUnits,
    HireCommander,
    BuildStation,
    BuyCard,
    EndPurchase,
    Move,
    Attack,
    PlayCard,
    ArmCard,
    EndTurn,
    ChooseLosses,
)

PHASE_ORDERS: Mapping[Phase, frozenset[str]] = {
    Phase.CLAIM: frozenset({"Claim"}),
    Phase.SETUP: frozenset({"Setup"}),
    Phase.BID: frozenset({"Bid", "ResolveBids"}),
    Phase.PURCHASE: frozenset(
        {"BuyUnits", "HireCommander", "BuildStation", "BuyCard", "EndPurchase"}
    ),
    Phase.ACTION: frozenset({"Move", "Attack", "PlayCard", "ArmCard", "EndTurn"}),
    Phase.LOSSES: frozenset({"ChooseLosses"}),
    Phase.GAME_OVER: frozenset(),
}
