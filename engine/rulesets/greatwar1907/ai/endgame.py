"""The ``expert`` level's last turn: every capture of a garrison is a Victory Point
(R63), VP are never lost, and the game ends at the turn limit (R90) with the most VP
winning.  So in the last Attack phase nothing an Expert nation keeps back is worth
anything any more: it declares war where its neighbours' garrisons are weak (R82: a
war declared in the Attack phase allows attacks in that same phase) and throws every
division it can spare at the garrisons next to it, most captures first.

Only wars that cannot upset anybody's orders are declared: none on a nation with
units in its land or with its units in the other's land (R84 would refuse or displace
them), none on its new ally of the phase or on that ally's allies (R86), and the
orders are checked by resolving the phase on a copy with the orders the other
nations' levels would seal: if anybody's order would become an offense, the wars go.
"""

from __future__ import annotations

from engine.rulesets.greatwar1907.ai import plans
from engine.rulesets.greatwar1907.ai.odds import win_chance
from engine.rulesets.greatwar1907.battle import leader_dice
from engine.rulesets.greatwar1907.diplomacy import units_in_land_of
from engine.rulesets.greatwar1907.mapdata import NEUTRAL
from engine.rulesets.greatwar1907.orders import Attack, Diplomacy, Move
from engine.rulesets.greatwar1907.state import GreatWarState, Phase, pair

FIRST_PASS = (0.5, 0.9)
"""(attack at, add origins until) for the first targets: likely captures first."""
LONG_SHOT = 0.2
"""With what is left, a garrison is still attacked when the force wins this often."""


def last_turn(state: GreatWarState) -> bool:
    """The Attack phase of the turn limit: nothing is kept for later."""
    return state.phase is Phase.ATTACK and state.turn >= state.options.turn_limit


def war_victims(state: GreatWarState, nation: str, partner: str | None) -> list[str]:
    """Nations at peace or allied with ``nation`` whose garrisons stand next to its
    land, and on which a declaration upsets nobody's orders."""
    m = state.map
    mine = state.provinces_of(nation)
    shunned = {partner} | set(state.allies(partner)) if partner else set()
    victims: list[str] = []
    for x in state.nation_ids:
        if x == nation or x in shunned or state.relation(nation, x) not in ("peace", "alliance"):
            continue
        if units_in_land_of(state, nation, x) or units_in_land_of(state, x, nation):
            continue
        if any(
            state.owner_of(q) == x and plans.defence(state, q) > 0
            for p in mine
            for q in m.neighbours(p)
        ):
            victims.append(x)
    return victims


def with_wars(state: GreatWarState, nation: str, victims: list[str]) -> GreatWarState:
    """A copy of the position with ``nation`` at war with ``victims`` (for planning)."""
    sim = state.clone()
    for x in victims:
        sim.relations[pair(nation, x)] = "war"
    return sim


def _free(state: GreatWarState, nation: str, p: str) -> int:
    free = state.divisions(p, nation)
    if state.needs_garrison(p, nation):
        fleet = state.fleet_in_port(p, nation)
        if not (fleet and fleet.cargo):
            free -= 1
    return max(0, free)


def all_out_attacks(
    state: GreatWarState, nation: str, spared: frozenset[str] = frozenset()
) -> list[Attack]:
    """Every garrison next door attacked when the force has a fair chance, likely
    captures first (origins added until 90%), then long shots with what is left, then
    the empty provinces with one division each; nothing is kept at home.  Provinces of
    ``spared`` nations (a peace both sides order this phase) are left alone."""
    m = state.map
    own = state.provinces_of(nation)
    free = {p: _free(state, nation, p) for p in own}
    targets = sorted(
        {
            q
            for p in own
            for q in plans.hostile_neighbours(state, nation, p)
            if state.owner_of(q) not in spared
        },
        key=lambda q: (plans.defence(state, q), m.order_of(q)),
    )
    used_leaders: set[str] = set()
    attacks: list[Attack] = []
    done: set[str] = set()
    for take, enough in (FIRST_PASS, (LONG_SHOT, 1.0)):
        for q in targets:
            held = plans.defence(state, q)
            if q in done or held == 0:
                continue
            origins = sorted(
                (p for p in m.neighbours(q) if free.get(p, 0) > 0),
                key=lambda p: (-free[p], m.order_of(p)),
            )
            core = m.province(q).core
            d_mod = plans._defence_mod(state, q)
            chosen: list[tuple[str, int, tuple[str, ...]]] = []
            total = 0
            generals: list[str] = []
            chance = 0.0
            for p in origins:
                here = tuple(
                    x.id
                    for x in state.leaders_at("province", p, nation)
                    if m.leader(x.id).kind == "general" and x.id not in used_leaders
                )
                chosen.append((p, free[p], here))
                total += free[p]
                generals += here
                chance = win_chance(total, held, leader_dice(m, generals, True, core), d_mod)
                if chance >= enough:
                    break
            if chance < take:
                continue
            done.add(q)
            for p, n, here in chosen:
                attacks.append(Attack(p, q, n, here))
                free[p] -= n
                used_leaders.update(here)
    for q in targets:
        if q in done or plans.defence(state, q) > 0:
            continue
        origins = [p for p in m.neighbours(q) if free.get(p, 0) > 0]
        if origins:
            p = min(origins, key=lambda p: (-free[p], m.order_of(p)))
            attacks.append(Attack(p, q, 1))
            free[p] -= 1
    return attacks


def declared(attacks: list[Attack], state: GreatWarState, victims: list[str]) -> list[str]:
    """The victims an attack is planned on (the others are left at peace)."""
    hit = {state.owner_of(a.target) for a in attacks}
    return [x for x in victims if x in hit]


def war_orders(victims: list[str]) -> list[Diplomacy]:
    return [Diplomacy(x, "war", "weak-neighbour") for x in victims if x != NEUTRAL]


def expected_captures(state: GreatWarState, nation: str, attacks: list[Attack], of: str) -> float:
    """Expected VP of ``attacks`` on ``of``'s garrisons: each target's force's chance."""
    m = state.map
    forces: dict[str, tuple[int, list[str]]] = {}
    for a in attacks:
        if state.owner_of(a.target) != of:
            continue
        total, generals = forces.get(a.target, (0, []))
        forces[a.target] = (total + (a.divisions or 0), generals + list(a.leaders))
    value = 0.0
    for q, (total, generals) in forces.items():
        held = plans.defence(state, q)
        if held == 0:
            continue
        core = m.province(q).core
        value += win_chance(
            total, held, leader_dice(m, generals, True, core), plans._defence_mod(state, q)
        )
    return value


def army(state: GreatWarState, nation: str) -> int:
    return sum(per.get(nation, 0) for per in state.units.values())


HARVEST_VP = 2.0
"""A war is declared in the Attack phase when its attacks are expected to capture this
many garrisons at once."""


def harvest_victim(
    state: GreatWarState, nation: str, partner: str | None, spared: frozenset[str]
) -> tuple[str, list[Attack]] | None:
    """The neighbour at peace whose garrisons a surprise war (R82) captures most of now,
    with the attacks on the position at war (Standard's thresholds), or None when no war
    is expected to capture :data:`HARVEST_VP` garrisons."""
    best: tuple[float, str, list[Attack]] | None = None
    strength = army(state, nation)
    for x in war_victims(state, nation, partner):
        if state.relation(nation, x) != "peace" or x in spared or army(state, x) > strength:
            continue
        planned = with_wars(state, nation, [x])
        attacks = plans.plan_attacks(planned, nation, spared, 0.6, 0.9)
        gain = expected_captures(planned, nation, attacks, x)
        if gain >= HARVEST_VP and (best is None or gain > best[0]):
            best = (gain, x, attacks)
    return None if best is None else (best[1], best[2])


def prey_front(state: GreatWarState, nation: str) -> set[str]:
    """Own provinces next to another nation's (or Neutral's) garrison."""
    m = state.map
    return {
        p
        for p in state.provinces_of(nation)
        if any(
            state.owner_of(q) != nation and plans.defence(state, q) > 0 for q in m.neighbours(p)
        )
    }


def march_moves(
    state: GreatWarState, nation: str, added: dict[str, int], busy: set[str]
) -> list[Move]:
    """Divisions of provinces away from every garrison step through own land toward the
    nearest province next to one (one step a phase, R27), keeping what R62 and the
    threats next door ask for."""
    m = state.map
    mine = set(state.provinces_of(nation))
    front = prey_front(state, nation)
    distance = {p: 0 for p in front}
    queue = sorted(front, key=m.order_of)
    while queue:
        p = queue.pop(0)
        for q in m.neighbours(p):
            if q in mine and q not in distance:
                distance[q] = distance[p] + 1
                queue.append(q)
    moves: list[Move] = []
    for p in sorted(mine, key=m.order_of):
        if p in busy or p in front or p not in distance:
            continue
        here = state.divisions(p, nation) + added.get(p, 0)
        if state.needs_garrison(p, nation):
            here -= 1
        here -= plans.keep(state, nation, p)
        if here <= 0:
            continue
        steps = [q for q in m.neighbours(p) if distance.get(q, 99) < distance[p]]
        if steps:
            dest = min(steps, key=lambda q: (distance[q], m.order_of(q)))
            moves.append(Move(p, (dest,), here))
    return moves
