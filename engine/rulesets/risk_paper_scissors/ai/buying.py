"""What the computer players buy in the purchase phase."""

from __future__ import annotations

from engine.core import Order
from engine.rulesets.risk_paper_scissors.ai.cardplay import card_to_buy
from engine.rulesets.risk_paper_scissors.ai.plan import (
    attack_force,
    capturing_subset,
    cheapest_capture,
    enemy_pressure,
    plus,
    steps_cost,
    target_value,
    targets_from,
    threat_near,
)
from engine.rulesets.risk_paper_scissors.battle import Side
from engine.rulesets.risk_paper_scissors.orders import BuyCard, BuyUnits, EndPurchase
from engine.rulesets.risk_paper_scissors.state import RpsState

COUNTER = {"W": "J", "J": "E", "E": "W"}
"""The type that kills each type."""
TOP_TARGETS = 10
"""How many targets the standard player prices each time it plans its purchases."""


def easy_purchase(state: RpsState, seat: int) -> Order:
    """The Colony Influence cards its commanders make score (3 points for 1 energy),
    then, two years in three, the cheapest mix that captures its best target (as
    ``standard`` plans it), else the type that kills the most enemy units next to its
    most pressed territory, else an even mix there; it keeps 4 energy.  (Issue 31: the
    even mix alone lost every game and taught nothing of composition.)"""
    o = state.options
    spare = state.players[seat].energy
    if state.turn_state.cards_bought < o.cards_per_turn and spare >= o.card_cost + 4:
        for deck in ("land", "diplomat", "naval", "space"):
            card = f"{deck}.colony_influence"
            if card not in state.players[seat].hand and state.has_commander(seat, deck):
                return BuyCard(card)
    if spare < o.unit_cost + 4:
        return EndPurchase()
    if state.turn % 3:  # plans a capture two years in three (it stays the weaker)
        planned = standard_purchase(state, seat)
        if isinstance(planned, BuyUnits):
            return planned
    defence = _defence(state, seat)
    if defence is not None:
        return defence
    own = state.territories_of(seat)
    spot = max(own, key=lambda t: (enemy_pressure(state, seat, t), -state.board.index(t)))
    have = state.pieces(seat)
    room = [u for u in ("W", "J", "E") if have[u] < o.cap(u)]
    if not room:
        return EndPurchase()
    unit = min(room, key=lambda u: have[u])
    return BuyUnits(spot, **{unit.lower(): 1})


def standard_purchase(state: RpsState, seat: int) -> Order:
    o = state.options
    player = state.players[seat]
    energy = player.energy
    loss_order = o.commander_loss_order
    candidates: list[tuple[float, str, str, Side, Side]] = []
    for origin in state.territories_of(seat):
        base = attack_force(state.side_at(origin), state.options.commander_loss_order)
        for target in targets_from(state, seat, origin):
            side = state.side_at(target)
            if not side.units:
                continue
            value = target_value(state, seat, target)
            candidates.append((value / (side.units + 1), origin, target, base, side))
    candidates.sort(key=lambda c: (-c[0], state.board.index(c[2]), state.board.index(c[1])))
    used: set[str] = set()
    planned: set[str] = set()
    first_buy: Order | None = None
    for _, origin, target, base, enemy in candidates[:TOP_TARGETS]:
        if origin in used or target in planned:
            continue
        add = cheapest_capture(state, seat, base, enemy, energy)
        if add is None:
            continue
        used.add(origin)
        planned.add(target)
        sent = capturing_subset(plus(base, add), enemy, loss_order) or plus(base, add)
        energy -= o.unit_cost * add.units + steps_cost(state, sent.units)
        if add.units and first_buy is None:
            first_buy = BuyUnits(origin, e=add.e, j=add.j, w=add.w)
    if first_buy is not None:
        return first_buy
    card = _card_to_buy(state, seat, energy)
    if card is not None:
        return card
    if energy >= o.unit_cost:
        defence = _defence(state, seat)
        if defence is not None:
            return defence
    return EndPurchase()


def _card_to_buy(state: RpsState, seat: int, spare: int) -> Order | None:
    """Colony Influence scores 3 for 1 energy while its commander lives; one Cease Fire,
    re-armed every turn, guards the most pressed territory; Land Assemble gives 3 points
    of units for 2 energy; Energy Crisis pays for itself with two or more paying
    opponents."""
    o = state.options
    if state.turn_state.cards_bought >= o.cards_per_turn or spare < o.card_cost:
        return None
    hand = state.players[seat].hand
    for deck in ("land", "diplomat", "naval", "space"):
        card = f"{deck}.colony_influence"
        if card not in hand and state.has_commander(seat, deck):
            return BuyCard(card)
    cease_fire = "diplomat.cease_fire"
    held = cease_fire in hand or any(
        card == cease_fire and state.owner.get(t) == seat for t, card in state.armed.items()
    )
    if not held and state.has_commander(seat, "diplomat") and spare >= o.card_cost + 2:
        return BuyCard(cease_fire)
    extra = card_to_buy(state, seat, spare)
    if extra is not None:
        return BuyCard(extra)
    if state.has_commander(seat, "land") and spare >= o.card_cost + 1:
        return BuyCard("land.assemble")
    payers = sum(
        1 for s in state.living() if s != seat and state.players[s].energy >= o.energy_crisis_amount
    )
    if state.has_commander(seat, "diplomat") and payers * o.energy_crisis_amount > o.card_cost:
        return BuyCard("diplomat.energy_crisis")
    return None


def _defence(state: RpsState, seat: int) -> Order | None:
    """One unit of the type that kills the most enemy units next to the most pressed
    territory."""
    o = state.options
    own = state.territories_of(seat)
    spot = max(own, key=lambda t: (enemy_pressure(state, seat, t), -state.board.index(t)))
    if enemy_pressure(state, seat, spot) == 0:
        return None
    threat = threat_near(state, seat, spot)
    have = state.pieces(seat)
    for enemy in sorted(threat, key=lambda u: -threat[u]):
        unit = COUNTER[enemy]
        if have[unit] < o.cap(unit):
            return BuyUnits(spot, **{unit.lower(): 1})
    return None
