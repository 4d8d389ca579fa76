"""The ``standard`` level's plans: where to build and which provinces to attack, from
exact battle chances (:mod:`.odds`) and with attacks from several provinces joined into
one force (R54: all of one nation's attacks on one target form one force)."""

from __future__ import annotations

from engine.rulesets.greatwar1907.ai.odds import win_chance
from engine.rulesets.greatwar1907.battle import leader_dice
from engine.rulesets.greatwar1907.mapdata import NEUTRAL
from engine.rulesets.greatwar1907.orders import Attack
from engine.rulesets.greatwar1907.state import GreatWarState

TAKE_CHANCE = 0.6  # attack a garrison when the force wins this often
ENOUGH = 0.85  # stop adding origins once the force wins this often


def pressure(state: GreatWarState, nation: str, p: str) -> int:
    """Divisions of nations at war with ``nation`` next to ``p`` (Neutral never attacks)."""
    total = 0
    for q in state.map.neighbours(p):
        owner = state.owner_of(q)
        if owner != NEUTRAL and state.at_war(nation, owner):
            total += state.divisions(q, owner)
    return total


def defence(state: GreatWarState, q: str) -> int:
    owner = state.owner_of(q)
    fleet = state.fleet_in_port(q, owner)
    return state.armies[q] + (fleet.cargo if fleet else 0)


def hostile_neighbours(state: GreatWarState, nation: str, p: str) -> list[str]:
    return [q for q in state.map.neighbours(p) if state.hostile_target(nation, q)]


def threat(state: GreatWarState, nation: str, p: str) -> int:
    """The biggest blow an enemy could strike at ``p`` next: its largest stack next
    door, or the most cargo of its fleets in or next to p's port district."""
    m = state.map
    worst = 0
    for q in m.neighbours(p):
        owner = state.owner_of(q)
        if owner != NEUTRAL and state.at_war(nation, owner):
            worst = max(worst, state.divisions(q, owner))
    sea = m.province(p).port
    if sea is not None:
        for district in (sea, *m.sea(sea).adjacent):
            for other, fleet in state.at_sea.get(district, {}).items():
                if state.at_war(nation, other):
                    worst = max(worst, fleet.cargo)
    return worst


def keep(state: GreatWarState, nation: str, p: str) -> int:
    """Divisions to leave in ``p``: half the worst threat (at least one when there is
    any), so an empty province is never handed to an enemy for free."""
    danger = threat(state, nation, p)
    return 0 if danger == 0 else max(1, (danger + 1) // 2)


def spare(state: GreatWarState, nation: str, p: str, extra: int = 0) -> int:
    """Divisions of ``p`` free to attack: less the garrison (R62) and what it keeps."""
    free = state.divisions(p, nation) + extra
    if state.needs_garrison(p, nation):
        fleet = state.fleet_in_port(p, nation)
        if not (fleet and fleet.cargo):
            free -= 1
    return max(0, free - keep(state, nation, p))


def _defence_mod(state: GreatWarState, q: str) -> int:
    m = state.map
    generals = [x.id for x in state.leaders_at("province", q) if m.leader(x.id).kind == "general"]
    return leader_dice(m, generals, False, m.province(q).core)


def plan_attacks(
    state: GreatWarState,
    nation: str,
    spared: frozenset[str] = frozenset(),
    take: float = TAKE_CHANCE,
    enough: float = ENOUGH,
) -> list[Attack]:
    """Targets cheapest first; each takes origins (largest first) until the force wins
    ``enough`` of the time; it attacks when it wins at least ``take`` of the time (the
    ``expert`` level weighs bolder and more careful thresholds); an empty target gets
    one division.  Provinces of ``spared`` nations (offered peace this phase) are left
    alone."""
    m = state.map
    own = state.provinces_of(nation)
    free = {p: spare(state, nation, p) for p in own}
    targets = sorted(
        {
            q
            for p in own
            for q in hostile_neighbours(state, nation, p)
            if state.owner_of(q) not in spared
        },
        key=lambda q: (defence(state, q), m.order_of(q)),
    )
    used_leaders: set[str] = set()
    attacks: list[Attack] = []
    for q in targets:
        origins = sorted(
            (p for p in m.neighbours(q) if p in free and free[p] > 0),
            key=lambda p: (-free[p], m.order_of(p)),
        )
        if not origins:
            continue
        held = defence(state, q)
        if held == 0:
            attacks.append(Attack(origins[0], q, 1))
            free[origins[0]] -= 1
            continue
        chosen, chance = gather_force(state, nation, q, origins, free, used_leaders, enough)
        if chance < take:
            continue
        for p, n, here in chosen:
            attacks.append(Attack(p, q, n, here))
            free[p] -= n
            used_leaders.update(here)
    return attacks


Force = list[tuple[str, int, tuple[str, ...]]]
"""What each origin sends at a target: (origin, divisions, its generals)."""


def gather_force(
    state: GreatWarState,
    nation: str,
    target: str,
    origins: list[str],
    free: dict[str, int],
    used_leaders: set[str],
    enough: float,
) -> tuple[Force, float]:
    """The origins, in the order given, each sending all its free divisions with its
    generals not yet used, added until the capture chance reaches ``enough``: (what each
    sends, the chance of taking ``target`` with them)."""
    m = state.map
    held = defence(state, target)
    core = m.province(target).core
    d_mod = _defence_mod(state, target)
    chosen: Force = []
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
    return chosen, chance


def staging_province(state: GreatWarState, nation: str, provinces: list[str]) -> str | None:
    """Where new divisions help most: next to the weakest garrisoned hostile province,
    the own province there with most divisions."""
    m = state.map
    best: tuple[int, int, str] | None = None
    for p in provinces:
        for q in hostile_neighbours(state, nation, p):
            held = defence(state, q)
            if held == 0:
                continue
            key = (held, -state.divisions(p, nation), p)
            if best is None or key < best:
                best = key
    if best is None:
        return None
    p = best[2]
    return p if m.is_province(p) else None


def defence_needs(state: GreatWarState, nation: str, provinces: list[str]) -> list[tuple[str, int]]:
    """Provinces holding less than they should keep, with the divisions missing."""
    needs = []
    for p in provinces:
        gap = keep(state, nation, p) - state.divisions(p, nation)
        if gap > 0:
            needs.append((p, gap))
    return sorted(needs, key=lambda x: (-x[1], state.map.order_of(x[0])))
