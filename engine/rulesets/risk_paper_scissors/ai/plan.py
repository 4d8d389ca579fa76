"""What a computer player sees: its frontier, the attacks it can make and the cheapest
purchase that makes an attack capture."""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

from engine.rulesets.risk_paper_scissors.battle import BattleResult, Outcome, Side
from engine.rulesets.risk_paper_scissors.battle import battle as exact_battle
from engine.rulesets.risk_paper_scissors.legal import largest_force
from engine.rulesets.risk_paper_scissors.movement import can_reach, needed_for
from engine.rulesets.risk_paper_scissors.state import RpsState

MAX_ADD = 6
"""Most units one purchase plan adds to a stack (bounds the search)."""


battle: functools._lru_cache_wrapper[BattleResult] = functools.lru_cache(maxsize=1 << 15)(
    exact_battle
)
"""The rules' exact battle, remembered: the players ask the same small battles over and
over (a result is frozen, so sharing it is safe), and the look-ahead asks thousands."""


@dataclass(frozen=True)
class Plan:
    """Attack ``target`` from ``origin`` after buying ``add`` there."""

    origin: str
    target: str
    add: Side
    value: float
    cost: int


@functools.lru_cache(maxsize=1 << 12)
def attack_force(garrison: Side, loss_order: tuple[str, ...]) -> Side:
    """The plain units a stack can send: all of them when a commander stays behind,
    otherwise all but the one unit ``legal_orders`` leaves behind (remembered: a frozen
    answer to a question the players ask of every stack many times a turn)."""
    if garrison.commanders:
        return Side(garrison.e, garrison.j, garrison.w)
    return largest_force(garrison, loss_order)


def plus(a: Side, b: Side) -> Side:
    return Side(a.e + b.e, a.j + b.j, a.w + b.w, a.commanders | b.commanders)


def may_attack(state: RpsState, seat: int, origin: str, target: str) -> bool:
    """Whether the rules let ``seat`` attack ``target`` from ``origin`` at all."""
    if target in state.devastated or state.owner.get(target) == seat:
        return False
    if state.turn_state.attacks_over:
        return False
    owner = state.owner.get(target)
    if owner is not None and owner in state.turn_state.cease_fire:
        return False
    if not can_reach(state, seat, origin, target):
        return False
    return all(state.has_commander(seat, c) for c in needed_for(state, origin, target))


def targets_from(state: RpsState, seat: int, origin: str) -> list[str]:
    board = state.board
    near = list(board.neighbours[origin])
    if origin in state.stations and board.kind[origin] == "land":
        near += list(board.landing_sites)
    if board.kind[origin] == "lunar":
        near += state.turn_state.invade_targets
    seen = sorted(set(near), key=board.order.index)  # map order
    return [t for t in seen if may_attack(state, seat, origin, t)]


@functools.lru_cache(maxsize=1 << 14)
def capturing_subset(force: Side, defender: Side, loss_order: tuple[str, ...]) -> Side | None:
    """The smallest part of ``force`` (by units, then most survivors) that captures
    ``defender``, or None (remembered, as :data:`battle` is)."""
    if battle(force, defender, loss_order).outcome is not Outcome.CAPTURE:
        return None
    best: tuple[int, int, Side] | None = None
    for e, j, w in itertools.product(
        *(sorted({0, n, min(n, 1), min(n, 2)}) for n in (force.e, force.j, force.w))
    ):
        part = Side(e, j, w)
        if part.units == 0:
            continue
        result = battle(part, defender, loss_order)
        if result.outcome is Outcome.CAPTURE:
            key = (part.units, -result.attacker.units, part)
            if best is None or key[:2] < best[:2]:
                best = key
    return best[2] if best else force


def target_value(state: RpsState, seat: int, target: str) -> float:
    """Points and income a capture brings: 1 point, plus the bonus of a group it
    completes, plus a little for hurting the owner's groups."""
    board = state.board
    value = 1.0
    group = board.group_of[target]
    members = [t for t in board.groups_by_id[group].territories if t not in state.devastated]
    mine = sum(1 for t in members if state.owner.get(t) == seat)
    bonus = board.groups_by_id[group].bonus
    if mine == len(members) - 1:
        value += 2.0 * bonus
    else:
        value += bonus * mine / max(1, len(members))
    owner = state.owner.get(target)
    if owner is not None and all(state.owner.get(t) == owner for t in members):
        value += bonus  # the owner holds the whole group (members: its live territories)
    return value


def cheapest_capture(
    state: RpsState, seat: int, base: Side, defender: Side, energy: int
) -> Side | None:
    """The fewest units to buy (within caps and ``energy``, steps included) so that
    ``base`` plus them captures ``defender``."""
    o = state.options
    have = state.pieces(seat)
    room = {u: o.cap(u) - have[u] for u in ("E", "J", "W")}
    for total in range(MAX_ADD + 1):
        steps = -(-(base.units + total) // o.steps_per_energy)
        if o.unit_cost * total + steps > energy:
            return None  # and every larger purchase costs more
        found: list[tuple[int, Side]] = []
        for e in range(min(total, room["E"]) + 1):
            for j in range(min(total - e, room["J"]) + 1):
                w = total - e - j
                if w > room["W"]:
                    continue
                add = Side(e, j, w)
                result = battle(plus(base, add), defender, o.commander_loss_order)
                if result.outcome is Outcome.CAPTURE:
                    found.append((-result.attacker.units, add))
        if found:
            return min(found, key=lambda f: (f[0], f[1].w, f[1].j))[1]
    return None


def enemy_pressure(state: RpsState, seat: int, territory: str) -> int:
    owner, armies = state.owner, state.armies
    return sum(armies[t] for t in state.board.neighbours[territory] if owner.get(t, seat) != seat)


def threat_near(state: RpsState, seat: int, spot: str) -> dict[str, int]:
    """Enemy E, Jaguar-types and W next to ``spot``."""
    threat = {"E": 0, "J": 0, "W": 0}
    for t in state.board.neighbours[spot]:
        if state.owner.get(t, seat) != seat:
            g = state.side_at(t)
            threat["E"] += g.e
            threat["J"] += g.jaguar_types
            threat["W"] += g.w
    return threat


def steps_cost(state: RpsState, units: int) -> int:
    return -(-units // state.options.steps_per_energy)
