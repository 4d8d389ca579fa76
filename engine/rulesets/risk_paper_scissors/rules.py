"""One order carried out on a private copy of the state (the ruleset checked the phase)."""

from __future__ import annotations

from engine.core import Event, Order
from engine.rulesets.risk_paper_scissors import movement, play, purchase, setup, year
from engine.rulesets.risk_paper_scissors.orders import (
    ArmCard,
    Attack,
    Bid,
    BuildStation,
    BuyCard,
    BuyUnits,
    ChooseLosses,
    Claim,
    EndPurchase,
    EndTurn,
    HireCommander,
    Move,
    Phase,
    PlayCard,
    ResolveBids,
    Setup,
)
from engine.rulesets.risk_paper_scissors.state import RpsState


def is_legal(state: RpsState, order: Order) -> bool:
    """Whether ``order`` passes every check now (tried on a copy)."""
    from engine.errors import IllegalOrderError

    try:
        apply_order(state.clone(), order)
    except IllegalOrderError:
        return False
    return True


def apply_order(state: RpsState, order: Order) -> list[Event]:
    seat = state.current
    if isinstance(order, Claim):
        return setup.claim(state, order)
    if isinstance(order, Setup):
        return setup.setup(state, order)
    if isinstance(order, Bid):
        return year.bid(state, order)
    if isinstance(order, ResolveBids):
        return year.resolve_bids(state, order)
    if isinstance(order, BuyUnits):
        return purchase.buy_units(state, seat, order)
    if isinstance(order, HireCommander):
        return purchase.hire_commander(state, seat, order)
    if isinstance(order, BuildStation):
        return purchase.build_station(state, seat, order)
    if isinstance(order, BuyCard):
        return purchase.buy_card(state, seat, order)
    if isinstance(order, EndPurchase):
        state.phase = Phase.ACTION
        return [{"type": "end-purchase", "seat": seat}]
    if isinstance(order, Move):
        return movement.move(state, seat, order)
    if isinstance(order, Attack):
        return movement.attack(state, seat, order)
    if isinstance(order, ChooseLosses):
        return movement.choose_losses(state, seat, order)
    if isinstance(order, PlayCard):
        return play.play_card(state, seat, order)
    if isinstance(order, ArmCard):
        return play.arm_card(state, seat, order)
    if isinstance(order, EndTurn):
        return [{"type": "end-turn", "seat": seat}, *year.end_turn(state)]
    raise AssertionError(f"unhandled order {order!r}")
