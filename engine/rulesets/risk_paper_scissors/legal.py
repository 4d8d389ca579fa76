"""``legal_orders``: what the UI highlights (spec 7.3).  A Move or Attack is listed once
per legal (origin, target) pair with the largest force; every candidate passes the same
checks as ``apply``."""

from __future__ import annotations

from engine.core import Order
from engine.rulesets.risk_paper_scissors.battle import Side
from engine.rulesets.risk_paper_scissors.cards import ASSEMBLE_KIND, CARDS, Timing
from engine.rulesets.risk_paper_scissors.movement import can_reach, loss_choices, move_graph
from engine.rulesets.risk_paper_scissors.options import COMMANDER_TYPES, UNIT_POINTS
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
from engine.rulesets.risk_paper_scissors.rules import is_legal
from engine.rulesets.risk_paper_scissors.setup import setup_points
from engine.rulesets.risk_paper_scissors.state import Garrison, RpsState


def largest_force(garrison: Garrison, loss_order: tuple[str, ...]) -> Side:
    """Everything but one unit: the first present of E, J, W, then the commanders in
    reverse loss order, stays."""
    e, j, w = garrison.e, garrison.j, garrison.w
    commanders = set(garrison.commanders)
    if e:
        e -= 1
    elif j:
        j -= 1
    elif w:
        w -= 1
    else:
        commanders.discard(next(c for c in reversed(loss_order) if c in commanders))
    return Side(e, j, w, frozenset(commanders))


def force_fields(force: Side) -> dict[str, object]:
    return {
        "e": force.e,
        "j": force.j,
        "w": force.w,
        "commanders": tuple(c for c in COMMANDER_TYPES if c in force.commanders),
    }


def default_setup(state: RpsState, seat: int, territories: list[str] | None = None) -> Setup:
    """A Setup spending every point: Wolves, then Jaguars, then Elementals within the caps,
    dealt round-robin over ``territories`` (default: all the player's), headquarters on
    the first one."""
    own = territories or state.territories_of(seat)
    points = setup_points(state, seat)
    have = state.pieces(seat)
    counts = {"W": 0, "J": 0, "E": 0}
    for unit in ("W", "J", "E"):
        room = state.options.cap(unit) - have[unit]
        counts[unit] = min(room, points // UNIT_POINTS[unit])
        points -= counts[unit] * UNIT_POINTS[unit]
    e, j, w = [0] * len(own), [0] * len(own), [0] * len(own)
    slot = 0
    for unit, lists in (("W", w), ("J", j), ("E", e)):
        for _ in range(counts[unit]):
            lists[slot % len(own)] += 1
            slot += 1
    hq = own[0]
    return Setup(tuple(own), tuple(e), tuple(j), tuple(w), hq, hq, _land(state, own))


def _land(state: RpsState, own: list[str]) -> str:
    return next((t for t in own if state.board.kind[t] == "land"), own[0])


def legal_orders(state: RpsState) -> list[Order]:
    phase = state.phase
    seat = state.current
    if phase is Phase.GAME_OVER:
        return []
    if phase is Phase.CLAIM:
        return [
            Claim(t)
            for t in state.board.land
            if t not in state.devastated and t not in state.garrisons
        ]
    if phase is Phase.SETUP:
        return [default_setup(state, seat)]
    if phase is Phase.BID:
        return _bid_orders(state, seat)
    if phase is Phase.LOSSES:
        pending = state.pending
        assert pending is not None
        return [
            ChooseLosses(**force_fields(c))  # type: ignore[arg-type]
            for c in loss_choices(pending.force, pending.count)
        ]
    candidates = _purchase(state, seat) if phase is Phase.PURCHASE else _action(state, seat)
    return [o for o in candidates if is_legal(state, o)]


def _bid_orders(state: RpsState, seat: int) -> list[Order]:
    orders: list[Order] = []
    if state.bids[seat] is None:
        orders += [Bid(seat, amount) for amount in range(state.players[seat].energy + 1)]
    if all(state.bids[s] is not None for s in state.living()):
        orders.append(ResolveBids())
    orders.append(ResolveBids(force=True))
    return orders


def _purchase(state: RpsState, seat: int) -> list[Order]:
    own = state.territories_of(seat)
    orders: list[Order] = []
    for t in own:
        orders += [BuyUnits(t, e=1), BuyUnits(t, j=1), BuyUnits(t, w=1), BuildStation(t)]
    if own:
        orders += [
            HireCommander(c, own[0]) for c in COMMANDER_TYPES if not state.has_commander(seat, c)
        ]
    orders += [BuyCard(card) for card in CARDS]
    orders.append(EndPurchase())
    return orders


def _action(state: RpsState, seat: int) -> list[Order]:
    orders: list[Order] = []
    loss_order = state.options.commander_loss_order
    own = [t for t, g in state.garrisons.items() if g.owner == seat and g.units > 1]
    graph = move_graph(state, seat, commander_rule=False)
    for origin in own:
        force = force_fields(largest_force(state.garrisons[origin], loss_order))
        for target in state.board.order:
            if target == origin:
                continue
            if state.owner(target) == seat:
                if target in graph and origin in graph:
                    orders.append(Move(origin, target, **force))  # type: ignore[arg-type]
            elif can_reach(state, seat, origin, target):
                orders.append(Attack(origin, target, **force))  # type: ignore[arg-type]
    hand = state.players[seat].hand
    mine = state.territories_of(seat)
    for card_id in dict.fromkeys(hand):
        card = CARDS[card_id]
        if card.timing is Timing.ARMED:
            orders += [ArmCard(card_id, t) for t in mine]
        elif card_id in ASSEMBLE_KIND:
            orders += [PlayCard(card_id, territory=t, e=1) for t in mine]
        elif card_id == "nuclear.rocket_strike":
            orders += [
                PlayCard(card_id, territory=t, unit_class=u)
                for t, g in state.garrisons.items()
                if g.owner != seat
                for u in ("E", "J", "W")
            ]
        elif card_id == "diplomat.redeployment":
            for origin in own:
                force = force_fields(largest_force(state.garrisons[origin], loss_order))
                orders += [
                    PlayCard(card_id, territory=origin, target=t, **force)  # type: ignore[arg-type]
                    for t in mine
                    if t != origin
                ]
        elif card.timing is Timing.MAIN:
            orders.append(PlayCard(card_id))
    orders.append(EndTurn())
    return orders
