"""The ``easy`` and ``standard`` choosers: one order per call, decided afresh from the
state, so a player's purchases and attacks follow one plan even across save codes."""

from __future__ import annotations

import networkx as nx

from engine.core import Order
from engine.rulesets.risk_paper_scissors.ai import cardplay
from engine.rulesets.risk_paper_scissors.ai.buying import easy_purchase, standard_purchase
from engine.rulesets.risk_paper_scissors.ai.plan import (
    attack_force,
    battle,
    capturing_subset,
    enemy_pressure,
    target_value,
    targets_from,
    threat_near,
)
from engine.rulesets.risk_paper_scissors.battle import Outcome, Side
from engine.rulesets.risk_paper_scissors.legal import default_setup, force_fields
from engine.rulesets.risk_paper_scissors.movement import loss_choices, move_graph
from engine.rulesets.risk_paper_scissors.orders import (
    ArmCard,
    Attack,
    Bid,
    ChooseLosses,
    Claim,
    EndTurn,
    Move,
    Phase,
    PlayCard,
    ResolveBids,
)
from engine.rulesets.risk_paper_scissors.rules import is_legal
from engine.rulesets.risk_paper_scissors.state import RpsState


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
        return easy_purchase(state, seat)
    return _attack(state, seat, minimal=False) or _consolidate(state, seat) or EndTurn()


def choose_standard(state: RpsState, seat: int) -> Order:
    common = _common(state, seat, "standard")
    if common is not None:
        return common
    if state.phase is Phase.BID:
        energy = state.players[seat].energy
        return Bid(seat, min(2, energy // 8), (1,))
    if state.phase is Phase.PURCHASE:
        return standard_purchase(state, seat)
    player = state.players[seat]
    if "diplomat.energy_crisis" in player.hand and state.has_commander(seat, "diplomat"):
        return PlayCard("diplomat.energy_crisis")
    assemble = _assemble(state, seat)
    if assemble is not None:
        return assemble
    return (
        cardplay.rocket_strike(state, seat)
        or cardplay.invade_earth(state, seat)
        or _attack(state, seat, minimal=True)
        or _arm(state, seat)
        or cardplay.arm_death_trap(state, seat)
        or cardplay.redeployment(state, seat)
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
        key=lambda t: (-enemy_pressure(state, seat, t), state.board.index(t)),
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
    spot = max(land, key=lambda t: (enemy_pressure(state, seat, t), -state.board.index(t)))
    threat = threat_near(state, seat, spot)
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
    own = state.territories_of(seat)
    fronts = {
        t
        for t in own
        if any(
            state.owner.get(n) != seat and n not in state.devastated for n in board.neighbours[t]
        )
    }
    graph = move_graph(state, seat)
    budget = state.players[seat].energy * state.options.steps_per_energy + state.turn_state.bank
    loss_order = state.options.commander_loss_order
    for origin in own:
        force = attack_force(state.side_at(origin), loss_order)
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
    free = [t for t in board.land if t not in state.devastated and t not in state.owner]

    def mine_in_group(t: str) -> int:
        group = board.groups_by_id[board.group_of[t]]
        return sum(1 for m in group.territories if state.owner.get(m) == seat)

    return Claim(max(free, key=lambda t: (mine_in_group(t), -board.index(t))))


def _setup_order(state: RpsState, seat: int) -> list[str]:
    """Headquarters on the quietest territory first, then the three most contested ones
    (default_setup deals the units round-robin over the list, from the second entry
    on when the list is short)."""
    own = state.territories_of(seat)
    quiet = min(own, key=lambda t: (enemy_pressure(state, seat, t), state.board.index(t)))
    busy = sorted(
        (t for t in own if t != quiet),
        key=lambda t: (-enemy_pressure(state, seat, t), state.board.index(t)),
    )
    return [quiet, *busy[:3]]


def _losses(state: RpsState) -> Order:
    pending = state.pending
    assert pending is not None
    defender = state.side_at(pending.target)
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


def _attack(state: RpsState, seat: int, *, minimal: bool) -> Order | None:
    """The best capture available now (or an empty territory to occupy)."""
    player = state.players[seat]
    budget = player.energy * state.options.steps_per_energy + state.turn_state.bank
    loss_order = state.options.commander_loss_order
    best: tuple[float, Order] | None = None
    for origin in state.territories_of(seat):
        force = attack_force(state.side_at(origin), state.options.commander_loss_order)
        if force.units == 0:
            continue
        for target in targets_from(state, seat, origin):
            defender = state.side_at(target)
            if not defender.units:
                sent: Side | None = Side(e=1) if force.e else Side(j=1) if force.j else Side(w=1)
            elif minimal:
                sent = capturing_subset(force, defender, loss_order)
            else:
                sent = (
                    force
                    if battle(force, defender, loss_order).outcome is (Outcome.CAPTURE)
                    else None
                )
            if sent is None or sent.units > budget:
                continue
            value = target_value(state, seat, target) - 0.1 * sent.units
            order = Attack(origin, target, **force_fields(sent))  # type: ignore[arg-type]
            if best is None or value > best[0]:
                best = (value, order)
    return None if best is None else best[1]
