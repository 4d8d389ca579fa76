"""Moves and attacks (spec 10, 12): the move graph, the space link, the commanders that
attacks need, and how a battle's outcome lands on the board, armed cards included."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import networkx as nx

from engine.core import Event
from engine.rulesets.risk_paper_scissors.battle import Outcome, Side, battle
from engine.rulesets.risk_paper_scissors.cards import CARDS
from engine.rulesets.risk_paper_scissors.common import (
    check_commanders,
    check_counts,
    check_eliminations,
    check_territory,
    empty_territory,
    pay_energy,
    pay_steps,
    refuse,
)
from engine.rulesets.risk_paper_scissors.options import COMMANDER_TYPES
from engine.rulesets.risk_paper_scissors.orders import Attack, ChooseLosses, Move, Phase
from engine.rulesets.risk_paper_scissors.state import PendingLosses, RpsState


def move_graph(state: RpsState, seat: int, *, commander_rule: bool = True) -> nx.Graph:
    """Spec 12.1: the player's territories, their map borders and the space link (each
    own land station to each own landing site).  With ``commander_for_moves`` on (and
    ``commander_rule``), water edges need the Naval and lunar edges the Space Commander."""
    board = state.board
    own = state.territories_of(seat)
    owned = set(own)
    graph: nx.Graph = nx.Graph()
    graph.add_nodes_from(own)
    graph.add_edges_from((a, b) for a in own for b in board.neighbours[a] if b in owned)
    sites = [t for t in board.landing_sites if t in owned]
    graph.add_edges_from(
        (s, site) for s in own if s in state.stations and board.kind[s] == "land" for site in sites
    )
    if commander_rule and state.options.commander_for_moves:
        blocked = edge_blockers(state, seat)
        graph.remove_edges_from(
            [(a, b) for a, b in graph.edges if needed_for(state, a, b) & blocked]
        )
    return graph


def needed_for(state: RpsState, *territories: str) -> set[str]:
    """The commanders an attack or a ruled move touching these territories needs (12.3)."""
    kinds = {state.board.kind[t] for t in territories}
    return {c for c, k in (("naval", "water"), ("space", "lunar")) if k in kinds}


def edge_blockers(state: RpsState, seat: int) -> set[str]:
    return {c for c in ("naval", "space") if not state.has_commander(seat, c)}


def path_steps(state: RpsState, seat: int, origin: str, target: str) -> int:
    """The length of a shortest path in the move graph.

    :raises IllegalOrderError: ``rps/no-path``, or ``rps/no-commander`` when only the
        ``commander_for_moves`` rule blocks the way.
    """
    graph = move_graph(state, seat)
    try:
        return int(nx.shortest_path_length(graph, origin, target))
    except nx.NetworkXNoPath:
        pass
    free = move_graph(state, seat, commander_rule=False)
    names = state.board.names
    try:
        path = nx.shortest_path(free, origin, target)
    except nx.NetworkXNoPath:
        refuse("rps/no-path", f"no path of yours leads from {names[origin]} to {names[target]}")
    missing: set[str] = set()
    for a, b in itertools.pairwise(path):
        missing |= needed_for(state, a, b) & edge_blockers(state, seat)
    refuse(
        "rps/no-commander",
        f"moving from {names[origin]} to {names[target]} needs your "
        f"{' and '.join(sorted(missing))} commander in play",
    )


def force_of(e: int, j: int, w: int, commanders: tuple[str, ...]) -> Side:
    check_counts(e=e, j=j, w=w)
    return Side(e, j, w, frozenset(check_commanders(commanders)))


def check_force(state: RpsState, origin: str, force: Side) -> None:
    """The force is in ``origin``, has a unit, and leaves one behind."""
    if force.units == 0:
        refuse("rps/bad-count", "the force has no unit")
    here = state.side_at(origin)
    short = [
        name
        for name, want, have in (
            ("E", force.e, here.e),
            ("J", force.j, here.j),
            ("W", force.w, here.w),
        )
        if want > have
    ] + sorted(force.commanders - here.commanders)
    if short:
        refuse(
            "rps/not-enough-units",
            f"{state.board.names[origin]} does not hold the force's {', '.join(short)}",
        )
    if here.units - force.units < 1:
        refuse("rps/leave-one", f"at least one unit must stay in {state.board.names[origin]}")


def relocate(
    state: RpsState, seat: int, origin: str, target: str, force: Side, *, paid: bool
) -> int:
    """Move ``force`` along the move graph (a Move, or a free Redeployment); the steps."""
    check_territory(state, origin, "origin")
    check_territory(state, target, "target")
    if origin == target:
        refuse("rps/same-territory", "origin and target are the same territory")
    for territory in (origin, target):
        if state.owner.get(territory) != seat:
            refuse("rps/not-owned", f"{state.board.names[territory]} is not yours")
    check_force(state, origin, force)
    steps = path_steps(state, seat, origin, target)
    if paid:
        pay_steps(state, seat, force.units * steps)
    state.remove_side(origin, force)
    state.add_side(target, seat, force)
    return steps


def move(state: RpsState, seat: int, order: Move) -> list[Event]:
    force = force_of(order.e, order.j, order.w, order.commanders)
    steps = relocate(state, seat, order.origin, order.target, force, paid=True)
    return [
        {
            "type": "move",
            "seat": seat,
            "origin": order.origin,
            "target": order.target,
            "force": str(force),
            "steps": steps * force.units,
        }
    ]


def can_reach(state: RpsState, seat: int, origin: str, target: str) -> bool:
    """Spec 12.2: a map border, the space link from an own station to a landing site, or
    an Invade Earth target from a lunar territory."""
    board = state.board
    if target in board.neighbours[origin]:
        return True
    if target in board.landing_sites and origin in state.stations and board.kind[origin] == "land":
        return True
    return target in state.turn_state.invade_targets and board.kind[origin] == "lunar"


def check_attack(state: RpsState, seat: int, order: Attack) -> Side:
    """Every check of spec 10.3, in its order; the force."""
    check_territory(state, order.origin, "origin")
    check_territory(state, order.target, "target")
    force = force_of(order.e, order.j, order.w, order.commanders)
    names = state.board.names
    if state.owner.get(order.origin) != seat:
        refuse("rps/not-owned", f"{names[order.origin]} is not yours")
    if state.owner.get(order.target) == seat:
        refuse("rps/own-territory", f"{names[order.target]} is yours already")
    if order.target in state.devastated:
        refuse("rps/devastated", f"{names[order.target]} is devastated")
    if state.turn_state.attacks_over:
        refuse("rps/attacks-over", "no attack after Redeployment this turn")
    defender = state.owner.get(order.target)
    if defender is not None and defender in state.turn_state.cease_fire:
        refuse(
            "rps/cease-fire",
            f"{state.players[defender].name}'s Cease Fire stops your attacks on their "
            "territories this turn",
        )
    if not can_reach(state, seat, order.origin, order.target):
        refuse(
            "rps/not-adjacent",
            f"{names[order.target]} cannot be attacked from {names[order.origin]}",
        )
    missing = sorted(
        c for c in needed_for(state, order.origin, order.target) if not state.has_commander(seat, c)
    )
    if missing:
        refuse(
            "rps/no-commander",
            f"attacking {names[order.target]} from {names[order.origin]} needs your "
            f"{' and '.join(missing)} commander in play",
        )
    check_force(state, order.origin, force)
    return force


def attack(state: RpsState, seat: int, order: Attack) -> list[Event]:
    force = check_attack(state, seat, order)
    pay_steps(state, seat, force.units)
    events: list[Event] = [
        {
            "type": "attack",
            "seat": seat,
            "origin": order.origin,
            "target": order.target,
            "force": str(force),
        }
    ]
    if order.target not in state.owner:
        state.remove_side(order.origin, force)
        state.add_side(order.target, seat, force)
        events.append({"type": "occupied", "seat": seat, "target": order.target})
        return events
    card = state.armed.get(order.target)
    if card is not None and _fires(state, order.target, force):
        owner = state.owner[order.target]
        pay_energy(state, owner, CARDS[card].cost, card)
        del state.armed[order.target]
        events.append(
            {"type": "card-fired", "seat": owner, "card": card, "territory": order.target}
        )
        if card == "diplomat.cease_fire":
            state.turn_state.cease_fire.append(owner)
            events.append({"type": "cancelled", "seat": seat, "target": order.target})
            return events
        return events + _death_trap(state, seat, order.origin, order.target, force)
    return events + fight(state, seat, order.origin, order.target, force)


def _fires(state: RpsState, target: str, force: Side) -> bool:
    """Spec 13.4: an armed card fires on an attack that would capture or empty its
    territory, if its owner has the deck's commander and the energy to pay."""
    owner = state.owner[target]
    card = CARDS[state.armed[target]]
    probe = battle(force, state.side_at(target), state.options.commander_loss_order)
    return (
        probe.outcome in (Outcome.CAPTURE, Outcome.EMPTY)
        and state.has_commander(owner, card.deck)
        and state.players[owner].energy >= card.cost
    )


def loss_choices(force: Side, count: int) -> Iterator[Side]:
    """Every distinct way to pick ``count`` units of ``force``."""
    commanders = [c for c in COMMANDER_TYPES if c in force.commanders]
    for size in range(min(count, len(commanders)) + 1):
        for chosen in itertools.combinations(commanders, size):
            rest = count - size
            for e in range(min(force.e, rest) + 1):
                for j in range(min(force.j, rest - e) + 1):
                    w = rest - e - j
                    if w <= force.w:
                        yield Side(e, j, w, frozenset(chosen))


def _death_trap(state: RpsState, seat: int, origin: str, target: str, force: Side) -> list[Event]:
    count = -(-force.units // 2)
    choices = list(loss_choices(force, count))
    if len(choices) == 1:
        return apply_losses(state, seat, origin, target, force, choices[0])
    state.pending = PendingLosses(origin, target, force, count)
    state.phase = Phase.LOSSES
    return [{"type": "losses-due", "seat": seat, "count": count}]


def choose_losses(state: RpsState, seat: int, order: ChooseLosses) -> list[Event]:
    pending = state.pending
    assert pending is not None
    check_counts(e=order.e, j=order.j, w=order.w)
    chosen = Side(order.e, order.j, order.w, frozenset(check_commanders(order.commanders)))
    if chosen not in set(loss_choices(pending.force, pending.count)):
        refuse(
            "rps/bad-losses",
            f"name exactly {pending.count} unit(s) of the force {pending.force}, not {chosen}",
        )
    state.pending = None
    state.phase = Phase.ACTION
    return apply_losses(state, seat, pending.origin, pending.target, pending.force, chosen)


def apply_losses(
    state: RpsState, seat: int, origin: str, target: str, force: Side, losses: Side
) -> list[Event]:
    state.remove_side(origin, losses)
    rest = Side(
        force.e - losses.e,
        force.j - losses.j,
        force.w - losses.w,
        force.commanders - losses.commanders,
    )
    events: list[Event] = [{"type": "losses", "seat": seat, "units": str(losses)}]
    if rest.units == 0:
        return [*events, {"type": "battle", "outcome": Outcome.HOLD.value, "target": target}]
    return events + fight(state, seat, origin, target, rest)


def fight(state: RpsState, seat: int, origin: str, target: str, force: Side) -> list[Event]:
    """Spec 11.3: the battle and its outcome on the board, then eliminations."""
    defender = state.owner[target]
    result = battle(force, state.side_at(target), state.options.commander_loss_order)
    state.remove_side(origin, force)
    outcome = result.outcome
    if outcome is Outcome.CAPTURE:
        keep = (
            target in state.stations and len(state.stations_of(seat)) < state.options.max_stations
        )
        empty_territory(state, target)
        state.add_side(target, seat, result.attacker)
        if keep:
            state.stations.add(target)
    elif outcome is Outcome.EMPTY:
        empty_territory(state, target)
    else:
        state.set_side(target, defender, result.defender)
        if outcome is Outcome.STALEMATE:
            state.add_side(origin, seat, result.attacker)
    events: list[Event] = [
        {
            "type": "battle",
            "seat": seat,
            "defender": defender,
            "target": target,
            "outcome": outcome.value,
            "rounds": len(result.rounds),
            "attacker_left": str(result.attacker),
            "defender_left": str(result.defender),
        }
    ]
    return events + check_eliminations(state)
