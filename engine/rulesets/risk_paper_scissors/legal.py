"""``legal_orders``: what the UI highlights (spec 7.3).  A Move or Attack is listed once
per legal (origin, target) pair with the largest force the player can pay for (rulings
§4), a Bid by a few amounts of its range; every listed order passes ``apply``'s checks."""

from __future__ import annotations

import networkx as nx

from engine.core import Order
from engine.rulesets.risk_paper_scissors.battle import Side
from engine.rulesets.risk_paper_scissors.cards import ASSEMBLE_KIND, CARDS, Timing
from engine.rulesets.risk_paper_scissors.movement import (
    can_reach,
    loss_choices,
    move_graph,
    needed_for,
)
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
from engine.rulesets.risk_paper_scissors.play import rocket_strike_count
from engine.rulesets.risk_paper_scissors.rules import is_legal
from engine.rulesets.risk_paper_scissors.setup import setup_points
from engine.rulesets.risk_paper_scissors.state import RpsState


def largest_force(garrison: Side, loss_order: tuple[str, ...]) -> Side:
    """Everything but one unit: the first present of E, J, W, then the commanders in
    reverse loss order, stays (no unit from a garrison of one)."""
    return _force_of(garrison, loss_order, garrison.units - 1)


def affordable_force(garrison: Side, loss_order: tuple[str, ...], most: int) -> Side | None:
    """The largest force of at most ``most`` units that leaves one unit behind, or None
    when that is no unit (rulings §4: the largest force the player can pay for)."""
    size = min(garrison.units - 1, most)
    return _force_of(garrison, loss_order, size) if size >= 1 else None


def _force_of(garrison: Side, loss_order: tuple[str, ...], size: int) -> Side:
    """``size`` units of the garrison; the rest stay in the order :func:`largest_force`
    keeps its one: E, J, W, then the commanders in reverse loss order."""
    stay = garrison.units - max(size, 0)
    counts = {"e": garrison.e, "j": garrison.j, "w": garrison.w}
    for unit in ("e", "j", "w"):
        kept = min(counts[unit], stay)
        counts[unit] -= kept
        stay -= kept
    commanders = [c for c in reversed(loss_order) if c in garrison.commanders]
    return Side(counts["e"], counts["j"], counts["w"], frozenset(commanders[stay:]))


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
    """What the player to act may do now, for the page and the tests (spec 7.3).

    Two kinds of order are listed by representatives, to keep the list short whatever
    an edited code sets: a Bid by the amounts of :func:`bid_amounts` (every amount of
    :func:`bid_range` is legal), a Move or Attack once per (origin, target) pair with
    the largest force the player can pay for (rulings §4).  The action phase is listed
    without trying each order on a copy: its checks below are those of ``apply``
    (tests/risk_paper_scissors/test_legal_orders.py compares the two).
    """
    phase = state.phase
    seat = state.current
    if phase is Phase.GAME_OVER:
        return []
    if phase is Phase.CLAIM:
        return [
            Claim(t) for t in state.board.land if t not in state.devastated and t not in state.owner
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
    if phase is Phase.PURCHASE:
        return [o for o in _purchase(state, seat) if is_legal(state, o)]
    return _action(state, seat)


def bid_range(state: RpsState, seat: int) -> range:
    """Every amount ``seat`` may bid now (spec 6.2: 0 up to its energy)."""
    return range(state.players[seat].energy + 1)


def bid_amounts(energy: int) -> list[int]:
    """The amounts listed for a bid: every one up to 10, then 20, 50, 100, 200, 500, …
    and the whole energy (some 3 per power of ten, however much energy)."""
    amounts = list(range(min(energy, 10) + 1))
    step = 10
    while step < energy:
        amounts += [n for n in (2 * step, 5 * step) if n < energy]
        step *= 10
    if energy > 10:
        amounts.append(energy)
    return amounts


def _bid_orders(state: RpsState, seat: int) -> list[Order]:
    orders: list[Order] = []
    if state.bids[seat] is None:
        orders += [Bid(seat, amount) for amount in bid_amounts(state.players[seat].energy)]
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


def step_capacity(state: RpsState, seat: int) -> int:
    """The most unit-steps ``seat`` can pay now: the bank, then every energy (10.1)."""
    per = state.options.steps_per_energy
    return state.turn_state.bank + max(state.players[seat].energy, 0) * per


def _may_attack(state: RpsState, seat: int, origin: str, target: str) -> bool:
    """The checks of ``movement.check_attack`` but the force's (spec 10.3)."""
    defender = state.owner.get(target)
    return (
        defender != seat
        and target not in state.devastated
        and not state.turn_state.attacks_over
        and not (defender is not None and defender in state.turn_state.cease_fire)
        and can_reach(state, seat, origin, target)
        and all(state.has_commander(seat, c) for c in needed_for(state, origin, target))
    )


def _action(state: RpsState, seat: int) -> list[Order]:
    """Moves and attacks by (origin, target) pair, then the cards in hand, then EndTurn:
    one move graph and one path search per origin, no copy of the state."""
    orders: list[Order] = []
    loss_order = state.options.commander_loss_order
    capacity = step_capacity(state, seat)
    mine = set(state.territories_of(seat))
    own = [t for t in state.territories_of(seat) if state.armies[t] > 1]
    graph = move_graph(state, seat)
    distances = {
        origin: dict(nx.single_source_shortest_path_length(graph, origin)) for origin in own
    }
    for origin in own:
        garrison = state.side_at(origin)
        # The force depends on the origin and the path's length only (an attack's is 1).
        lengths = {d for d in distances[origin].values() if d} | {1}
        fields = {d: _affordable_fields(garrison, loss_order, capacity // d) for d in lengths}
        for target in state.board.order:
            if target == origin:
                continue
            if target in mine:
                steps = distances[origin].get(target)
                move = fields[steps] if steps else None
                if move is not None:
                    orders.append(Move(origin, target, **move))  # type: ignore[arg-type]
            elif _may_attack(state, seat, origin, target):
                attack = fields[1]
                if attack is not None:
                    orders.append(Attack(origin, target, **attack))  # type: ignore[arg-type]
    return orders + _card_orders(state, seat, own, distances) + [EndTurn()]


def _affordable_fields(
    garrison: Side, loss_order: tuple[str, ...], most: int
) -> dict[str, object] | None:
    force = affordable_force(garrison, loss_order, most)
    return None if force is None else force_fields(force)


def _card_orders(
    state: RpsState, seat: int, own: list[str], distances: dict[str, dict[str, int]]
) -> list[Order]:
    """The cards in hand, with the checks of ``play.play_card`` and ``play.arm_card``."""
    orders: list[Order] = []
    loss_order = state.options.commander_loss_order
    energy = state.players[seat].energy
    mine = state.territories_of(seat)
    for card_id in dict.fromkeys(state.players[seat].hand):
        card = CARDS[card_id]
        if not state.has_commander(seat, card.deck):
            continue
        if card.timing is Timing.ARMED:
            orders += [
                ArmCard(card_id, t)
                for t in mine
                if state.board.kind[t] in card.arm_kinds and t not in state.armed
            ]
            continue
        if card.timing not in (Timing.MAIN, Timing.END) or energy < card.cost:
            continue
        if card_id in ASSEMBLE_KIND:
            if _assemble_fits(state, seat):
                orders += [
                    PlayCard(card_id, territory=t, e=1)
                    for t in mine
                    if state.board.kind[t] == ASSEMBLE_KIND[card_id]
                ]
        elif card_id == "nuclear.rocket_strike":
            orders += [
                PlayCard(card_id, territory=t, unit_class=u)
                for t, owner in state.owner.items()
                if owner != seat
                for u in ("E", "J", "W")
                if rocket_strike_count(state, t, u)
            ]
        elif card_id == "diplomat.redeployment":
            for origin in own:
                force = force_fields(largest_force(state.side_at(origin), loss_order))
                orders += [
                    PlayCard(card_id, territory=origin, target=t, **force)  # type: ignore[arg-type]
                    for t in mine
                    if t != origin and t in distances[origin]
                ]
        elif card_id == "space.invade_earth":
            if _can_invade(state, seat):
                orders.append(PlayCard(card_id))
        elif card.timing is Timing.MAIN:
            orders.append(PlayCard(card_id))
    return orders


def _assemble_fits(state: RpsState, seat: int) -> bool:
    """One Elemental, as listed, is within the Assemble points and the cap."""
    points_ok = UNIT_POINTS["E"] <= state.options.assemble_points
    return points_ok and state.pieces(seat)["E"] + 1 <= state.options.cap("E")


def _can_invade(state: RpsState, seat: int) -> bool:
    """Invade Earth's checks: a lunar territory of the player's, a land one to land on."""
    board = state.board
    return any(board.kind[t] == "lunar" for t in state.territories_of(seat)) and any(
        t not in state.devastated and state.owner.get(t) != seat for t in board.land
    )
