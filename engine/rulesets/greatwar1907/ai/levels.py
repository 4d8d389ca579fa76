"""Computer nations, ``easy`` and ``standard``: deterministic given the state, and
every order they give is one the rules allow as written (no drop, cut or
adjustment), whatever the other nations order in the same phase.

That is why they only move into their own provinces (a guest can be displaced by
another nation's diplomacy), only embark on ships in their own ports, never give land
away in a trade, and order a peace or an alliance with another computer nation only
where both sides' computers would order it.  How they negotiate (standing answers to
offers, trades answered at the next Deployment phase, reasons in the report) is
:mod:`.negotiation`.

- ``easy``: builds divisions spread over its threatened provinces, attacks Neutral and
  enemy provinces only from one province at four to one, declares war as ``standard``
  does but keeps no ships; forgiving toward humans (peace whenever offered, alliances
  against a common enemy, passage returned).
- ``standard``: spends on the provinces that face enemies, also builds ships where a
  fleet can carry a strike, goes with its generals, declares war on a weak neighbour at
  peace when it can afford the cost and has nothing left to take, makes peace in wars it
  cannot fight or win, allies against common enemies, breaks an alliance with an ally
  massing armies on its border, and strikes from the sea when no enemy fleet can reach
  the district.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.ai import register_player
from engine.core import Order
from engine.rulesets.greatwar1907.ai import negotiation, plans
from engine.rulesets.greatwar1907.economy import start_allowances
from engine.rulesets.greatwar1907.mapdata import NEUTRAL
from engine.rulesets.greatwar1907.options import (
    CARGO_PER_SHIP,
    CHANGES,
    DIVISION_COST,
    SHIP_COST,
)
from engine.rulesets.greatwar1907.orders import (
    Attack,
    Build,
    Diplomacy,
    Load,
    Move,
    Place,
    Resolve,
    Sail,
    Strike,
    SubmitAttack,
    SubmitDeployment,
)
from engine.rulesets.greatwar1907.state import GreatWarState, Phase


@dataclass(frozen=True)
class Profile:
    name: str
    attack_ratio: float  # attack when attackers >= ratio * defenders
    neutral_ratio: float
    declares_war: bool
    makes_peace: bool
    uses_ships: bool
    plans: bool  # exact battle chances, joined attacks, staged builds (.plans)


EASY = Profile("easy", 4.0, 4.0, True, False, False, False)
"""Easy declares Standard's wars on a weak neighbour (VP come only from captured garrisons,
R63: a nation that never goes to war never wins) but attacks only from one province at
four to one, and keeps no ships: Standard beats it in most games, not in all."""
STANDARD = Profile("standard", 1.5, 1.75, True, True, True, True)


def choose(
    state: GreatWarState, seat: int, profile: Profile
) -> SubmitDeployment | SubmitAttack | Resolve:
    if state.orders[seat] is not None or state.phase is Phase.GAME_OVER:
        return Resolve(force=True)
    if state.phase is Phase.DEPLOYMENT:
        return deployment_orders(state, seat, profile)
    return attack_orders(state, seat, profile)


# ------------------------------------------------------------------ reading the board
def _enemy_pressure(state: GreatWarState, nation: str, p: str) -> int:
    """Divisions of nations at war with ``nation`` next to ``p`` (Neutral never attacks)."""
    total = 0
    for q in state.map.neighbours(p):
        owner = state.owner_of(q)
        if owner != NEUTRAL and state.at_war(nation, owner):
            total += state.divisions(q, owner)
    return total


def _targets(state: GreatWarState, nation: str, p: str) -> list[str]:
    return [q for q in state.map.neighbours(p) if state.hostile_target(nation, q)]


def _defence(state: GreatWarState, q: str) -> int:
    owner = state.owner_of(q)
    fleet = state.fleet_in_port(q, owner)
    return state.armies[q] + (fleet.cargo if fleet else 0)


def _drop(state: GreatWarState, nation: str) -> str | None:
    """Answer a forced drop with the default choice (never a ``dip/bad-drop``)."""
    due = state.nations[nation].drop_due
    return due[2] if due is not None else None


# ------------------------------------------------------------------ Deployment
def deployment_orders(state: GreatWarState, seat: int, profile: Profile) -> SubmitDeployment:
    nation = state.nation_ids[seat]
    m = state.map
    preview = state.clone()
    for p, count in list(preview.hulls.items()):
        preview.add_fleet(p, preview.owner_of(p), count, 0)
    preview.hulls.clear()
    pools = start_allowances(preview)[nation]
    in_debt = preview.nations[nation].owed > 0
    mine = state.provinces_of(nation)
    has_targets = any(_targets(state, nation, p) for p in mine)
    diplomacy, passage = negotiation.diplomacy_orders(state, nation, profile.name)
    if profile.declares_war and not has_targets and not in_debt and mine:
        victim = _war_choice(state, nation)
        cost = CHANGES[("peace", "war")][1]
        if victim is not None and pools.total() >= cost + 4 * DIVISION_COST:
            pools.spend_anywhere(preview, cost, None)
            diplomacy.append(Diplomacy(victim, "war", "weak-neighbour"))
    if not in_debt and mine and not any(d.to == "war" for d in diplomacy):
        diplomacy += negotiation.breaks(state, nation, profile.name, pools)
    trades = negotiation.trade_orders(state, nation, profile.name, pools, in_debt)
    drop = _drop(state, nation)
    builds: list[Build] = []
    added: dict[str, int] = {}
    ships_added: dict[str, int] = {}
    if not in_debt:
        for pool in pools.pools:
            budget = pool.remaining
            spots = sorted(
                pool.provinces,
                key=lambda p: (
                    -_enemy_pressure(state, nation, p) - 2 * len(_targets(state, nation, p)),
                    m.order_of(p),
                ),
            )
            if profile.uses_ships and budget >= 8 * SHIP_COST:
                port = _strike_port(state, nation, pool.provinces)
                if port is not None:
                    ships_added[port] = 1
                    budget -= SHIP_COST
            count = budget // DIVISION_COST
            if profile.plans:
                _plan_builds(state, nation, pool.provinces, count, added)
                continue
            front = [
                p for p in spots if _enemy_pressure(state, nation, p) or _targets(state, nation, p)
            ]
            spots = front or spots
            share = spots[: max(1, len(spots) // 2)]
            for i in range(count):
                p = share[i % len(share)]
                added[p] = added.get(p, 0) + 1
        for p in mine:
            if added.get(p) or ships_added.get(p):
                builds.append(Build(p, added.get(p, 0), ships_added.get(p, 0)))
    place = []
    for leader in sorted(state.leaders.values(), key=lambda x: x.received):
        if leader.nation != nation or not leader.alive or leader.where is not None or not mine:
            continue
        card = m.leader(leader.id)
        if card.kind == "general":
            at = max(
                mine,
                key=lambda p: (
                    _enemy_pressure(state, nation, p) + len(_targets(state, nation, p)),
                    -m.order_of(p),
                ),
            )
        else:
            ports = [p for p in mine if m.province(p).port is not None]
            if not ports:
                continue
            at = max(ports, key=lambda p: (_ships_in_port(preview, p, nation), -m.order_of(p)))
        place.append(Place(leader.id, at))
    embark: list[Load] = []
    sail: list[Sail] = []
    moves = _free_moves(state, nation, added)
    if profile.uses_ships:
        embark, sail = _ship_plan(state, preview, nation, added, moves)
        sail += _fleet_moves(state, preview, nation, added, {e.province for e in embark})
    return SubmitDeployment(
        seat,
        nation,
        state.players[seat].name,
        diplomacy=tuple(diplomacy),
        drop_ally=drop,
        passage=tuple(passage),
        trades=tuple(trades),
        builds=tuple(builds),
        place=tuple(place),
        embark=tuple(embark),
        moves=tuple(moves),
        sail=tuple(sail),
    )


def _ships_in_port(state: GreatWarState, p: str, nation: str) -> int:
    fleet = state.fleet_in_port(p, nation)
    return fleet.ships if fleet else 0


def _plan_builds(
    state: GreatWarState, nation: str, provinces: list[str], count: int, added: dict[str, int]
) -> None:
    """``standard``: first where enemies outnumber us, then all on the staging province
    next to the weakest garrison (else the most threatened province)."""
    for p, need in plans.defence_needs(state, nation, provinces):
        n = min(need, count)
        if n:
            added[p] = added.get(p, 0) + n
            count -= n
    if count <= 0:
        return
    stage = plans.staging_province(state, nation, provinces)
    if stage is None:
        stage = max(
            provinces,
            key=lambda p: (_enemy_pressure(state, nation, p), -state.map.order_of(p)),
        )
    added[stage] = added.get(stage, 0) + count


def _army(state: GreatWarState, nation: str) -> int:
    """All of a nation's divisions, standing and aboard."""
    total = sum(per.get(nation, 0) for per in state.units.values())
    for table in (state.docked, state.at_sea):
        total += sum(per[nation].cargo for per in table.values() if nation in per)
    return total


def _war_choice(state: GreatWarState, nation: str) -> str | None:
    """A war worth its 3 pp: only while at war with no land neighbour, on a neighbour
    at peace that has at most half our divisions and a border province we outnumber
    three to one."""
    mine = state.provinces_of(nation)
    neighbours = {state.owner_of(q) for p in mine for q in state.map.neighbours(p)}
    if any(n != NEUTRAL and state.at_war(nation, n) for n in neighbours):
        return None
    strength = _army(state, nation)
    best: tuple[int, str] | None = None
    for p in mine:
        for q in state.map.neighbours(p):
            other = state.owner_of(q)
            if other in (NEUTRAL, nation) or state.relation(nation, other) != "peace":
                continue
            if 3 * _army(state, other) > 2 * strength:
                continue
            margin = state.divisions(p, nation) - 2 * _defence(state, q)
            if margin > 0 and (best is None or margin > best[0]):
                best = (margin, other)
    return None if best is None else best[1]


def _strike_port(state: GreatWarState, nation: str, provinces: list[str]) -> str | None:
    """An own port whose district also holds the port of a hostile province."""
    m = state.map
    for p in provinces:
        sea = m.province(p).port
        if sea is None:
            continue
        if any(
            state.hostile_target(nation, q) and _defence(state, q) <= 2 for q in m.ports_on(sea)
        ):
            return p
    return None


def _free_moves(state: GreatWarState, nation: str, added: dict[str, int]) -> list[Move]:
    """Idle divisions step toward the front, into own provinces only."""
    m = state.map
    moves = []
    for p in state.provinces_of(nation):
        here = state.divisions(p, nation) + added.get(p, 0)
        if _enemy_pressure(state, nation, p) or _targets(state, nation, p):
            continue
        spare = here - (1 if state.needs_garrison(p, nation) else 0)
        if spare <= 0:
            continue
        dests = [
            q
            for q in m.neighbours(p)
            if state.owner_of(q) == nation
            and (_enemy_pressure(state, nation, q) or _targets(state, nation, q))
        ]
        if dests:
            dest = max(dests, key=lambda q: (_enemy_pressure(state, nation, q), -m.order_of(q)))
            moves.append(Move(p, (dest,), spare))
    return moves


def _ship_plan(
    state: GreatWarState,
    preview: GreatWarState,
    nation: str,
    added: dict[str, int],
    moves: list[Move],
) -> tuple[list[Load], list[Sail]]:
    """Embark in an own port whose district reaches a weak hostile port, and sail out."""
    m = state.map
    moved_from = {mv.origin for mv in moves}
    embark: list[Load] = []
    sail: list[Sail] = []
    for p in state.provinces_of(nation):
        sea = m.province(p).port
        fleet = preview.fleet_in_port(p, nation)
        if sea is None or fleet is None or p in moved_from:
            continue
        if any(state.at_war(nation, n) for n in state.at_sea.get(sea, {})):
            continue
        weak = [
            q
            for q in m.ports_on(sea)
            if state.hostile_target(nation, q) and _defence(state, q) <= 2
        ]
        if not weak:
            continue
        standing = state.divisions(p, nation) + added.get(p, 0)
        keep = 1 if (_enemy_pressure(state, nation, p) or state.needs_garrison(p, nation)) else 0
        room = CARGO_PER_SHIP * fleet.ships - fleet.cargo
        n = min(standing - keep, room)
        if n >= 3:
            embark.append(Load(p, n))
            cargo = fleet.cargo + n
            if (
                state.needs_garrison(p, nation)
                and state.divisions(p, nation) + added.get(p, 0) - n < 1
            ):
                continue
            sail.append(Sail(p, (sea,), fleet.ships, cargo))
    return embark, sail


def _fleet_moves(
    state: GreatWarState,
    preview: GreatWarState,
    nation: str,
    added: dict[str, int],
    busy: set[str],
) -> list[Sail]:
    """Idle fleets in port go out to break a blockade of their own district (an enemy
    fleet there cuts the port off, R14) when they outnumber it, or to blockade enemy
    ports that open on the same district.  Leaving port is always allowed in the
    Deployment phase; the whole fleet sails with all its cargo."""
    m = state.map
    orders = []
    for p in state.provinces_of(nation):
        sea = m.province(p).port
        fleet = preview.fleet_in_port(p, nation)
        if sea is None or fleet is None or p in busy:
            continue
        if state.needs_garrison(p, nation) and state.divisions(p, nation) + added.get(p, 0) < 1:
            continue  # its cargo is the garrison (R62)
        enemies = sum(
            f.ships for n, f in state.at_sea.get(sea, {}).items() if state.at_war(nation, n)
        )
        if enemies:
            if fleet.ships > enemies:
                orders.append(Sail(p, (sea,), fleet.ships, fleet.cargo))
            continue
        if any(
            state.owner_of(q) != NEUTRAL and state.at_war(nation, state.owner_of(q))
            for q in m.ports_on(sea)
        ):
            orders.append(Sail(p, (sea,), fleet.ships, fleet.cargo))
    return orders


# ------------------------------------------------------------------ Attack
def attack_orders(
    state: GreatWarState,
    seat: int,
    profile: Profile,
    thresholds: tuple[float, float] = (plans.TAKE_CHANCE, plans.ENOUGH),
) -> SubmitAttack:
    """``thresholds``: the planned attacks' (attack at, add origins until) chances (the
    ``expert`` level weighs others)."""
    nation = state.nation_ids[seat]
    diplomacy, passage = negotiation.diplomacy_orders(state, nation, profile.name)
    # A peace signed at the start of the phase (R82) would void attacks on that nation:
    # a computer nation's peace is certain (both sides order it), so it is not attacked;
    # a human's is not, so the offer to a human is withdrawn where an attack is planned.
    spared = frozenset(
        d.other
        for d in diplomacy
        if d.to == "peace" and state.players[state.seat_of(d.other)].kind == "computer"
    )
    attacks = (
        plans.plan_attacks(state, nation, spared, *thresholds)
        if profile.plans
        else _ratio_attacks(state, nation, profile, spared)
    )
    strikes: list[Strike] = []
    if profile.uses_ships:
        strikes = _strikes(state, nation, profile, spared)
    attacked = {state.owner_of(a.target) for a in attacks} | {
        state.owner_of(x.target) for x in strikes
    }
    diplomacy = [d for d in diplomacy if not (d.to == "peace" and d.other in attacked)]
    return SubmitAttack(
        seat,
        nation,
        state.players[seat].name,
        diplomacy=tuple(diplomacy),
        drop_ally=_drop(state, nation),
        passage=tuple(passage),
        attacks=tuple(attacks),
        strikes=tuple(strikes),
    )


def _ratio_attacks(
    state: GreatWarState, nation: str, profile: Profile, spared: frozenset[str] = frozenset()
) -> list[Attack]:
    """``easy``: from each province alone, when it outnumbers the target by the ratio."""
    m = state.map
    attacks: list[Attack] = []
    for p in state.provinces_of(nation):
        free = state.divisions(p, nation)
        if state.needs_garrison(p, nation):
            fleet = state.fleet_in_port(p, nation)
            if not (fleet and fleet.cargo):
                free -= 1
        free -= 1 if _enemy_pressure(state, nation, p) else 0
        targets = sorted(
            (q for q in _targets(state, nation, p) if state.owner_of(q) not in spared),
            key=lambda q: (_defence(state, q), m.order_of(q)),
        )
        for q in targets:
            if free <= 0:
                break
            held = _defence(state, q)
            ratio = profile.neutral_ratio if state.owner_of(q) == NEUTRAL else profile.attack_ratio
            if (free >= max(1, ratio * held) and free >= 2) or held == 0:
                n = free if held else 1
                attacks.append(Attack(p, q, n))
                free -= n
    return attacks


def _strikes(
    state: GreatWarState, nation: str, profile: Profile, spared: frozenset[str] = frozenset()
) -> list[Strike]:
    """From fleets at sea with cargo, where no enemy fleet is in or next to the district
    (so the strike cannot be dropped by their sailing)."""
    m = state.map
    strikes = []
    for sea, per in state.at_sea.items():
        fleet = per.get(nation)
        if fleet is None or fleet.cargo == 0:
            continue
        near = {sea, *m.sea(sea).adjacent}
        if any(state.at_war(nation, n) for s in near for n in state.at_sea.get(s, {})):
            continue
        targets = [
            q
            for q in m.ports_on(sea)
            if state.hostile_target(nation, q) and state.owner_of(q) not in spared
        ]
        targets.sort(key=lambda q: (_defence(state, q), m.order_of(q)))
        if targets and fleet.cargo >= profile.attack_ratio * max(1, _defence(state, targets[0])):
            strikes.append(Strike(sea, targets[0], fleet.cargo, 0))
    return strikes


def _chooser(profile: Profile) -> Callable[[GreatWarState, int], Order]:
    def chooser(state: GreatWarState, seat: int) -> Order:
        return choose(state, seat, profile)

    return chooser


for _profile in (EASY, STANDARD):
    register_player("greatwar1907", _profile.name, _chooser(_profile))
