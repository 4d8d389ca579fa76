"""A year (spec 6, 7.1): the sealed bid for turn slots, turn starts and ends, and the
move to the next year or the final scoring."""

from __future__ import annotations

from engine.core import Event
from engine.rng import reseeded
from engine.rulesets.risk_paper_scissors.common import (
    final_scoring,
    income,
    public_points,
    refuse,
)
from engine.rulesets.risk_paper_scissors.orders import Bid, Phase, ResolveBids
from engine.rulesets.risk_paper_scissors.state import RpsState, TurnState


def start_year(state: RpsState) -> list[Event]:
    state.turn += 1
    state.phase = Phase.BID
    state.bids = [None] * len(state.players)
    state.order = []
    state.slot = 0
    return [{"type": "year", "year": state.turn}]


def bid(state: RpsState, order: Bid) -> list[Event]:
    seat = order.faction
    if not (0 <= seat < len(state.players)) or not state.players[seat].alive:
        refuse("rps/not-bidding", f"faction {seat} is not a living player")
    if state.bids[seat] is not None:
        refuse("rps/already-bid", f"{state.players[seat].name} has already bid this year")
    energy = state.players[seat].energy
    if not 0 <= order.amount <= energy:
        refuse("rps/bad-bid", f"a bid of {order.amount} is outside 0..{energy} (your energy)")
    slots = len(state.living())
    if any(not 1 <= s <= slots for s in order.slots) or len(set(order.slots)) != len(order.slots):
        refuse(
            "rps/bad-bid",
            f"slots {list(order.slots)} must be distinct numbers in 1..{slots}",
        )
    state.bids[seat] = {"amount": order.amount, "slots": list(order.slots)}
    return [{"type": "bid-sealed", "seat": seat}]


def resolve_bids(state: RpsState, order: ResolveBids) -> list[Event]:
    """Every bid is paid; rank by amount, then fewer public points, then the later slot of
    last year (the later seat in year 1); each takes its first free preferred slot."""
    living = state.living()
    missing = [s for s in living if state.bids[s] is None]
    if missing and not order.force:
        names = ", ".join(state.players[s].name for s in missing)
        refuse("rps/bids-missing", f"still waiting for the bid of {names}")
    if order.entropy:
        state.rng = reseeded(state.rng, order.entropy)
    k = len(living)
    bids = {s: state.bids[s] or {"amount": 0, "slots": []} for s in living}
    for s in living:
        state.players[s].energy -= bids[s]["amount"]
    points = {s: public_points(state, s) for s in living}

    def later_first(seat: int) -> int:
        return -(state.last_slots[seat] if state.turn > 1 else seat)

    ranked = sorted(living, key=lambda s: (-bids[s]["amount"], points[s], later_first(s)))
    taken: dict[int, int] = {}
    for seat in ranked:
        wanted = list(bids[seat]["slots"])
        wanted += [n for n in range(1, k + 1) if n not in wanted]
        taken[seat] = next(n for n in wanted if n not in taken.values())
    state.order = sorted(living, key=lambda s: taken[s])
    state.last_slots = [taken.get(s, 0) for s in range(len(state.players))]
    state.slot = 0
    state.log = [{"type": "year", "year": state.turn}]
    events: list[Event] = [
        {
            "type": "bids",
            "year": state.turn,
            "bids": {str(s): bids[s]["amount"] for s in living},
            "order": list(state.order),
        }
    ]
    return events + start_turn(state)


def start_turn(state: RpsState) -> list[Event]:
    """Spec 7.1: armed cards come home, the per-turn state resets, income arrives."""
    seat = state.order[state.slot]
    player = state.players[seat]
    returned = [t for t, _ in state.armed.items() if state.owner.get(t) == seat]
    for territory in returned:
        player.hand.append(state.armed.pop(territory))
    state.turn_state = TurnState()
    gained = income(state, seat)
    player.energy += gained
    state.phase = Phase.PURCHASE
    return [{"type": "turn", "seat": seat, "year": state.turn, "income": gained}]


def end_turn(state: RpsState) -> list[Event]:
    """The bank is lost; the next living player in slot order starts, or the next year's
    bid, or the final scoring."""
    state.turn_state = TurnState()
    for index in range(state.slot + 1, len(state.order)):
        if state.players[state.order[index]].alive:
            state.slot = index
            return start_turn(state)
    if state.turn >= state.options.years:
        return final_scoring(state)
    return start_year(state)
