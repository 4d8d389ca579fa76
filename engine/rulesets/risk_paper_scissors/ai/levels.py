"""The ``easy`` and ``standard`` choosers: one order per call, decided afresh from the
state, so a player's purchases and attacks follow one plan even across save codes."""

from __future__ import annotations

import networkx as nx

from engine.core import Order
from engine.rulesets.risk_paper_scissors.ai.plan import (
    attack_force,
    capturing_subset,
    cheapest_capture,
    plus,
    target_value,
    targets_from,
)
from engine.rulesets.risk_paper_scissors.battle import Outcome, Side, battle
from engine.rulesets.risk_paper_scissors.legal import default_setup, force_fields
from engine.rulesets.risk_paper_scissors.movement import loss_choices, move_graph
from engine.rulesets.risk_paper_scissors.orders import (
    ArmCard,
    Attack,
    Bid,
    BuyCard,
    BuyUnits,
    ChooseLosses,
    Claim,
    EndPurchase,
    EndTurn,
    Move,
    Phase,
    PlayCard,
    ResolveBids,
)
from engine.rulesets.risk_paper_scissors.rules import is_legal
from engine.rulesets.risk_paper_scissors.state import RpsState

COUNTER = {"W": "J", "J": "E", "E": "W"}
"""The type that kills each type."""
TOP_TARGETS = 10
"""How many targets the standard player prices each time it plans its purchases."""


def _common(state: RpsState, seat: int, level: str) -> Order | None:
    """Orders both levels give alike: claims, bids' resolution and Death Trap losses."""
    if state.phase is Phase.CLAIM:
        return _claim(state, seat)
    if state.phase is Phase.SETUP:
        return default_setup(
            state, seat, _setup_order(state, seat) if level == "standard" else None
        )
    if state.phase is Phase.BID and state.bids[seat] is not None:
        return ResolveBids()
    if state.phase is Phase.LOSSES:
        return _losses(state)
    return None


def choose_easy(state: RpsState, seat: int) -> Order:
    common = _common(state, seat, "easy")
    if common is not None:
        return common
    if state.phase is Phase.BID:
        return Bid(seat, 0)
    if state.phase is Phase.PURCHASE:
        return _easy_purchase(state, seat)
    return _attack(state, seat, minimal=False) or EndTurn()


def choose_standard(state: RpsState, seat: int) -> Order:
    common = _common(state, seat, "standard")
    if common is not None:
        return common
    if state.phase is Phase.BID:
        energy = state.players[seat].energy
        return Bid(seat, min(2, energy // 8), (1,))
    if state.phase is Phase.PURCHASE:
        return _standard_purchase(state, seat)
    player = state.players[seat]
    if "diplomat.energy_crisis" in player.hand and state.has_commander(seat, "diplomat"):
        return PlayCard("diplomat.energy_crisis")
    assemble = _assemble(state, seat)
    if assemble is not None:
        return assemble
    return (
        _attack(state, seat, minimal=True)
        or _arm(state, seat)
        or _consolidate(state, seat)
        or EndTurn()
    )


def _arm(state: RpsState, seat: int) -> Order | None:
    """Arm a held Cease Fire on the territory facing the most enemy units."""
    card = "diplomat.cease_fire"
    if card not in state.players[seat].hand:
        return None
    own = sorted(
        (t for t in state.territories_of(seat) if t not in state.armed),
        key=lambda t: (-_enemy_pressure(state, seat, t), state.board.index(t)),
    )
    for territory in own[:1]:
        order = ArmCard(card, territory)
        if is_legal(state, order):
            return order
    return None


def _assemble(state: RpsState, seat: int) -> Order | None:
    """Land Assemble on the most pressed land territory: 3E against Jaguar-types, 1J
    against Wolves (the only mixes that fit in 3 points)."""
    if "land.assemble" not in state.players[seat].hand:
        return None
    land = [t for t in state.territories_of(seat) if state.board.kind[t] == "land"]
    if not land:
        return None
    spot = max(land, key=lambda t: (_enemy_pressure(state, seat, t), -state.board.index(t)))
    threat = _threat(state, seat, spot)
    mixes = [{"j": 1}, {"e": 3}] if threat["W"] > threat["J"] else [{"e": 3}, {"j": 1}]
    for mix in mixes:
        order = PlayCard("land.assemble", territory=spot, **mix)  # type: ignore[arg-type]
        if is_legal(state, order):
            return order
    return None


def _consolidate(state: RpsState, seat: int) -> Order | None:
    """Move the spare units of a quiet territory (no enemy or empty neighbour) to the
    nearest front territory, when the energy allows."""
    board = state.board
    own = [t for t, g in state.garrisons.items() if g.owner == seat]
    fronts = {
        t
        for t in own
        if any(state.owner(n) != seat and n not in state.devastated for n in board.neighbours[t])
    }
    graph = move_graph(state, seat)
    budget = state.players[seat].energy * state.options.steps_per_energy + state.turn_state.bank
    loss_order = state.options.commander_loss_order
    for origin in own:
        g = state.garrisons[origin]
        force = attack_force(g, loss_order)
        if origin in fronts or force.units == 0:
            continue
        distances = nx.single_source_shortest_path_length(graph, origin)
        reachable = [(d, board.index(t), t) for t, d in distances.items() if t in fronts]
        if not reachable:
            continue
        steps, _, target = min(reachable)
        if steps * force.units <= budget:
            return Move(origin, target, **force_fields(force))  # type: ignore[arg-type]
    return None


def _claim(state: RpsState, seat: int) -> Order:
    board = state.board
    free = [t for t in board.land if t not in state.devastated and t not in state.garrisons]

    def mine_in_group(t: str) -> int:
        group = board.groups_by_id[board.group_of[t]]
        return sum(1 for m in group.territories if state.owner(m) == seat)

    return Claim(max(free, key=lambda t: (mine_in_group(t), -board.index(t))))


def _enemy_pressure(state: RpsState, seat: int, territory: str) -> int:
    return sum(
        g.units
        for t in state.board.neighbours[territory]
        if (g := state.garrisons.get(t)) is not None and g.owner != seat
    )


def _setup_order(state: RpsState, seat: int) -> list[str]:
    """Headquarters on the quietest territory first, then the three most contested ones
    (default_setup deals the units round-robin over the list, from the second entry
    on when the list is short)."""
    own = state.territories_of(seat)
    quiet = min(own, key=lambda t: (_enemy_pressure(state, seat, t), state.board.index(t)))
    busy = sorted(
        (t for t in own if t != quiet),
        key=lambda t: (-_enemy_pressure(state, seat, t), state.board.index(t)),
    )
    return [quiet, *busy[:3]]


def _losses(state: RpsState) -> Order:
    pending = state.pending
    assert pending is not None
    defender = state.garrisons[pending.target].side()
    loss_order = state.options.commander_loss_order
    rank = {Outcome.CAPTURE: 3, Outcome.EMPTY: 2, Outcome.STALEMATE: 1, Outcome.HOLD: 0}

    def score(choice: Side) -> tuple[int, int, int]:
        f = pending.force
        rest = Side(
            f.e - choice.e, f.j - choice.j, f.w - choice.w, f.commanders - choice.commanders
        )
        result = battle(rest, defender, loss_order)
        return (rank[result.outcome], result.attacker.units, -len(choice.commanders))

    best = max(loss_choices(pending.force, pending.count), key=score)
    return ChooseLosses(**force_fields(best))  # type: ignore[arg-type]


def _steps_cost(state: RpsState, units: int) -> int:
    return -(-units // state.options.steps_per_energy)


def _attack(state: RpsState, seat: int, *, minimal: bool) -> Order | None:
    """The best capture available now (or an empty territory to occupy)."""
    player = state.players[seat]
    budget = player.energy * state.options.steps_per_energy + state.turn_state.bank
    loss_order = state.options.commander_loss_order
    best: tuple[float, Order] | None = None
    for origin, g in state.garrisons.items():
        if g.owner != seat:
            continue
        force = attack_force(g, state.options.commander_loss_order)
        if force.units == 0:
            continue
        for target in targets_from(state, seat, origin):
            defender = state.garrisons.get(target)
            if defender is None:
                sent: Side | None = Side(e=1) if force.e else Side(j=1) if force.j else Side(w=1)
            elif minimal:
                sent = capturing_subset(force, defender.side(), loss_order)
            else:
                sent = (
                    force
                    if battle(force, defender.side(), loss_order).outcome is (Outcome.CAPTURE)
                    else None
                )
            if sent is None or sent.units > budget:
                continue
            value = target_value(state, seat, target) - 0.1 * sent.units
            order = Attack(origin, target, **force_fields(sent))  # type: ignore[arg-type]
            if best is None or value > best[0]:
                best = (value, order)
    return None if best is None else best[1]


def _easy_purchase(state: RpsState, seat: int) -> Order:
    """An even mix on the territory facing the most enemy units, keeping 4 energy."""
    o = state.options
    if state.players[seat].energy < o.unit_cost + 4:
        return EndPurchase()
    own = state.territories_of(seat)
    spot = max(own, key=lambda t: (_enemy_pressure(state, seat, t), -state.board.index(t)))
    have = state.pieces(seat)
    room = [u for u in ("W", "J", "E") if have[u] < o.cap(u)]
    if not room:
        return EndPurchase()
    unit = min(room, key=lambda u: have[u])
    return BuyUnits(spot, **{unit.lower(): 1})


def _standard_purchase(state: RpsState, seat: int) -> Order:
    o = state.options
    player = state.players[seat]
    energy = player.energy
    loss_order = o.commander_loss_order
    candidates: list[tuple[float, str, str, Side, Side]] = []
    for origin, g in state.garrisons.items():
        if g.owner != seat:
            continue
        base = attack_force(g, state.options.commander_loss_order)
        for target in targets_from(state, seat, origin):
            defender = state.garrisons.get(target)
            if defender is None:
                continue
            side = defender.side()
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
        energy -= o.unit_cost * add.units + _steps_cost(state, sent.units)
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
        card == cease_fire and state.owner(t) == seat for t, card in state.armed.items()
    )
    if not held and state.has_commander(seat, "diplomat") and spare >= o.card_cost + 2:
        return BuyCard(cease_fire)
    if state.has_commander(seat, "land") and spare >= o.card_cost + 1:
        return BuyCard("land.assemble")
    payers = sum(
        1 for s in state.living() if s != seat and state.players[s].energy >= o.energy_crisis_amount
    )
    if state.has_commander(seat, "diplomat") and payers * o.energy_crisis_amount > o.card_cost:
        return BuyCard("diplomat.energy_crisis")
    return None


def _threat(state: RpsState, seat: int, spot: str) -> dict[str, int]:
    """Enemy E, Jaguar-types and W next to ``spot``."""
    threat = {"E": 0, "J": 0, "W": 0}
    for t in state.board.neighbours[spot]:
        g = state.garrisons.get(t)
        if g is not None and g.owner != seat:
            threat["E"] += g.e
            threat["J"] += g.j + len(g.commanders)
            threat["W"] += g.w
    return threat


def _defence(state: RpsState, seat: int) -> Order | None:
    """One unit of the type that kills the most enemy units next to the most pressed
    territory."""
    o = state.options
    own = state.territories_of(seat)
    spot = max(own, key=lambda t: (_enemy_pressure(state, seat, t), -state.board.index(t)))
    if _enemy_pressure(state, seat, spot) == 0:
        return None
    threat = _threat(state, seat, spot)
    have = state.pieces(seat)
    for enemy in sorted(threat, key=lambda u: -threat[u]):
        unit = COUNTER[enemy]
        if have[unit] < o.cap(unit):
            return BuyUnits(spot, **{unit.lower(): 1})
    return None
