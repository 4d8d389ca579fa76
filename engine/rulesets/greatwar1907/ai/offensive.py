"""The ``expert`` level's offensive.  Every capture of a garrison is a Victory Point
(R63), VP are never lost, and the game goes to the nation that reaches 30 first or has
the most at the turn limit (R89, R90); a province taken empty gives none.  So an Expert
nation keeps nothing back that could be capturing garrisons: in each Attack phase it
declares war on the neighbours whose garrisons stand next to its land (R82: a war
declared in the Attack phase allows attacks in that same phase) and sends every
division it can spare at the garrisons next door, likely captures first, then long
shots, then the empty provinces; in each Deployment phase its idle divisions march
through its own land toward the nearest garrison of another nation.

Only wars that upset nobody's orders are offered as a plan: none on a nation with units
in its land or with its units in the other's land (R84 would refuse the break or
displace them), none on its new ally of the phase or on that ally's allies (R86), none
on a nation it signs peace with in the same phase; :mod:`.expert` also resolves the
plan on copies with the orders the other nations' levels would seal and drops it when
any order would become an offense.
"""

from __future__ import annotations

from engine.rulesets.greatwar1907.ai import plans
from engine.rulesets.greatwar1907.diplomacy import units_in_land_of
from engine.rulesets.greatwar1907.mapdata import NEUTRAL
from engine.rulesets.greatwar1907.orders import Attack, Diplomacy, Move
from engine.rulesets.greatwar1907.state import GreatWarState, pair

FIRST_PASS = (0.5, 0.9)
"""(attack at, add origins until) for the first targets: likely captures first."""
LONG_SHOT = 0.2
"""With what is left, a garrison is still attacked when the force wins this often."""


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
            chosen, chance = plans.gather_force(
                state, nation, q, origins, free, used_leaders, enough
            )
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


def prey_front(state: GreatWarState, nation: str) -> set[str]:
    """Own provinces next to another nation's (or Neutral's) garrison."""
    m = state.map
    return {
        p
        for p in state.provinces_of(nation)
        if any(state.owner_of(q) != nation and plans.defence(state, q) > 0 for q in m.neighbours(p))
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
