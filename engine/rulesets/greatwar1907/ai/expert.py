"""The ``expert`` Great War nation: Standard's orders, its attacks checked by looking
ahead (issue 31).

Expert negotiates, builds, moves, sails and trades exactly as Standard does (the same
standing answers, offers, passage grants and alliance breaks, :mod:`.negotiation`).
What it weighs is the Attack phase, where the dice decide: it lists Standard's attack
plan and the plans made with bolder and with more careful thresholds (attack at 45% or
75% instead of 60%; add origins until 75% or 95% instead of 85%), and one that takes
only the empty provinces.  Each plan is resolved on a copy of the game together with
the orders the other nations' own computer levels would seal (a human or an Expert
nation is played as Standard; their sealed orders are never read), with dice from a
private generator seeded from the public position, never the game's generator, so
Expert foresees nothing the game will roll and changes none of it.  It keeps the plan
whose resolved positions are worth most on average:

* the game won above anything, lost below;
* otherwise its Victory Points (what decides the game), production and divisions, less
  what its provinces stand to lose to the enemy stacks next door (exact battle odds),
  compared with the best rival's.

The search is bounded by a count of resolved phases (:data:`SAMPLES` per plan, at most
:data:`PLANS` plans), never by the clock, so the same position always gives the same
orders.  Ties go to the plan listed first: Standard's.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace

from engine.ai import register_player
from engine.core import Order
from engine.errors import EngineError
from engine.rng import Rng
from engine.rulesets.greatwar1907 import turn
from engine.rulesets.greatwar1907.ai import endgame, negotiation, plans
from engine.rulesets.greatwar1907.ai.levels import (
    EASY,
    STANDARD,
    Profile,
    attack_orders,
    choose,
    deployment_orders,
)
from engine.rulesets.greatwar1907.ai.odds import win_chance
from engine.rulesets.greatwar1907.mapdata import NEUTRAL
from engine.rulesets.greatwar1907.orders import Attack, SubmitAttack, SubmitDeployment
from engine.rulesets.greatwar1907.state import GreatWarState, Phase

SAMPLES = 4
"""Dice samples per attack plan."""
THRESHOLDS = ((0.6, 0.85), (0.6, 0.95))
"""(attack at, add origins until) of the plans weighed: Standard's first, then the same
targets with origins added until the force wins 95% of the time.  Bolder plans (attack
at 45%) lost: Expert nations won 3 of 15 games against Standard nations (8 nations,
seed gw2); with more careful ones (attack at 75%, or take only empty provinces) too,
2 of 20 (seed gw3)."""
PLANS = len(THRESHOLDS)

VP_WEIGHT = 6.0
"""A Victory Point against one division (VP decide the game)."""
PP_WEIGHT = 1.5
"""A production point a turn against one division."""
RISK_WEIGHT = 0.2
"""Share of the exposed provinces' worth counted as lost (not every enemy strikes)."""
WIN_VALUE = 10_000.0


# ---------------------------------------------------------------- evaluation


def _divisions(state: GreatWarState, nation: str) -> int:
    standing = sum(per.get(nation, 0) for per in state.units.values())
    docked = sum(f.cargo for per in state.docked.values() for n, f in per.items() if n == nation)
    afloat = sum(f.cargo for per in state.at_sea.values() for n, f in per.items() if n == nation)
    return standing + docked + afloat


def _at_risk(state: GreatWarState, nation: str) -> float:
    """Worth ``nation`` stands to lose next to enemy stacks: for each province, the
    chance that the largest enemy stack next door takes it, times a VP (the taker's)
    and its production."""
    m = state.map
    total = 0.0
    for p in state.provinces_of(nation):
        danger = plans.threat(state, nation, p)
        if danger == 0:
            continue
        held = max(1, plans.defence(state, p))
        chance = win_chance(danger, held)
        total += chance * (VP_WEIGHT + PP_WEIGHT * m.province(p).pp + held)
    return total * RISK_WEIGHT


def _worth(state: GreatWarState, nation: str) -> float:
    record = state.nations[nation]
    return (
        VP_WEIGHT * record.vp
        + PP_WEIGHT * state.pp_of(nation)
        + _divisions(state, nation)
        - _at_risk(state, nation)
    )


def position_value(state: GreatWarState, nation: str) -> float:
    """A won game above all; else ``nation``'s worth less the best rival's."""
    if state.phase is Phase.GAME_OVER:
        if nation in state.winners:
            return WIN_VALUE / len(state.winners)
        return -WIN_VALUE
    rivals = [n for n in state.nation_ids if n not in (nation, NEUTRAL)]
    best = max((_worth(state, n) for n in rivals), default=0.0)
    return _worth(state, nation) - best


# ---------------------------------------------------------------- simulation


def _position_key(state: GreatWarState, seat: int) -> str:
    """A digest of the public position (owners, armies, fleets, relations, VP): the
    private generator's seed."""
    parts = [
        str(state.turn),
        str(seat),
        state.phase.value,
        repr(sorted(state.owner.items())),
        repr(sorted((p, sorted(per.items())) for p, per in state.units.items())),
        repr(
            sorted(
                (p, sorted((n, f.ships, f.cargo) for n, f in per.items()))
                for p, per in state.docked.items()
            )
        ),
        repr(
            sorted(
                (s, sorted((n, f.ships, f.cargo) for n, f in per.items()))
                for s, per in state.at_sea.items()
            )
        ),
        repr(sorted(state.relations.items())),
        repr([(n, r.vp) for n, r in sorted(state.nations.items())]),
    ]
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:24]


def _profile(state: GreatWarState, seat: int) -> Profile:
    """The game's own level that plays a nation in a simulated future."""
    return EASY if state.players[seat].control == "easy" else STANDARD


def rival_orders(state: GreatWarState, seat: int) -> dict[int, SubmitAttack | SubmitDeployment]:
    """What every other acting nation's level would seal now (not what it sealed)."""
    orders: dict[int, SubmitAttack | SubmitDeployment] = {}
    for other, player in enumerate(state.players):
        if other == seat or player.kind == "idle":
            continue
        profile = _profile(state, other)
        if state.phase is Phase.DEPLOYMENT:
            orders[other] = deployment_orders(state, other, profile)
        else:
            orders[other] = attack_orders(state, other, profile)
    return orders


def resolve_with(
    state: GreatWarState,
    seat: int,
    mine: SubmitAttack | SubmitDeployment,
    others: dict[int, SubmitAttack | SubmitDeployment],
    seed: str,
) -> float | None:
    """The value to ``seat`` of the phase resolved on a copy with these orders and the
    private dice of ``seed``; None when the rules refuse them."""
    sim = state.clone()
    sim.rng = Rng(seed)
    sim.orders = [None] * len(sim.players)
    for other, order in others.items():
        sim.orders[other] = order.to_json()
    sim.orders[seat] = mine.to_json()
    try:
        turn.resolve_phase(sim, True)
    except EngineError:
        return None
    return position_value(sim, state.nation_ids[seat])


def attack_plans(state: GreatWarState, seat: int) -> list[SubmitAttack]:
    """Standard's attack orders, then those made with the other thresholds (distinct
    attacks only; a peace offer to a nation a plan attacks is withdrawn, as Standard
    withdraws it)."""
    listed: list[SubmitAttack] = []
    seen: set[tuple[Attack, ...]] = set()
    for thresholds in THRESHOLDS:
        plan = attack_orders(state, seat, STANDARD, thresholds)
        if plan.attacks in seen:
            continue
        seen.add(plan.attacks)
        listed.append(plan)
    return listed[:PLANS]


def _offense_free(
    state: GreatWarState,
    seat: int,
    mine: SubmitAttack,
    others: dict[int, SubmitAttack | SubmitDeployment],
) -> bool:
    """Whether the phase resolved on a copy with these orders lists no offense."""
    sim = state.clone()
    sim.rng = Rng(f"expert-check:{_position_key(state, seat)}")
    sim.orders = [None] * len(sim.players)
    for other, order in others.items():
        sim.orders[other] = order.to_json()
    sim.orders[seat] = mine.to_json()
    try:
        turn.resolve_phase(sim, True)
    except EngineError:
        return False
    return not (sim.last_report or {}).get("offenses")


def last_turn_orders(state: GreatWarState, seat: int) -> SubmitAttack:
    """The last Attack phase: wars on weak neighbours and every spare division on the
    garrisons next door (:mod:`.endgame`)."""
    nation = state.nation_ids[seat]
    base = attack_orders(state, seat, STANDARD)
    partner = negotiation.alliance_partner(negotiation.View(state), nation)
    others = rival_orders(state, seat)
    spared = frozenset(
        d.other
        for d in base.diplomacy
        if d.to == "peace" and state.players[state.seat_of(d.other)].kind == "computer"
    )
    victims = endgame.war_victims(state, nation, partner)
    for attempt in (victims, []):
        planned = endgame.with_wars(state, nation, attempt)
        attacks = endgame.all_out_attacks(planned, nation, spared)
        wars = endgame.declared(attacks, state, attempt)
        if set(wars) != set(attempt):
            planned = endgame.with_wars(state, nation, wars)
            attacks = endgame.all_out_attacks(planned, nation, spared)
        diplomacy = [d for d in base.diplomacy if d.other not in wars]
        diplomacy += endgame.war_orders(wars)
        attacked = {state.owner_of(a.target) for a in attacks}
        diplomacy = [d for d in diplomacy if not (d.to == "peace" and d.other in attacked)]
        orders = SubmitAttack(
            seat,
            nation,
            state.players[seat].name,
            diplomacy=tuple(diplomacy),
            drop_ally=base.drop_ally,
            passage=tuple(p for p in base.passage if p.nation not in wars),
            attacks=tuple(attacks),
            strikes=base.strikes,
        )
        if not wars or _offense_free(state, seat, orders, others):
            return orders
    return base


def harvest_orders(state: GreatWarState, seat: int) -> SubmitAttack | None:
    """A surprise war on the neighbour at peace whose garrisons it can take now."""
    nation = state.nation_ids[seat]
    base = attack_orders(state, seat, STANDARD)
    partner = negotiation.alliance_partner(negotiation.View(state), nation)
    spared = frozenset(
        d.other
        for d in base.diplomacy
        if d.to == "peace" and state.players[state.seat_of(d.other)].kind == "computer"
    )
    found = endgame.harvest_victim(state, nation, partner, spared)
    if found is None:
        return None
    victim, attacks = found
    attacked = {state.owner_of(a.target) for a in attacks}
    diplomacy = [d for d in base.diplomacy if d.other != victim]
    diplomacy = [d for d in diplomacy if not (d.to == "peace" and d.other in attacked)]
    diplomacy += endgame.war_orders([victim])
    orders = SubmitAttack(
        seat,
        nation,
        state.players[seat].name,
        diplomacy=tuple(diplomacy),
        drop_ally=base.drop_ally,
        passage=tuple(p for p in base.passage if p.nation != victim),
        attacks=tuple(attacks),
        strikes=base.strikes,
    )
    if _offense_free(state, seat, orders, rival_orders(state, seat)):
        return orders
    return None


MARCH_TURNS = 3
"""From this many turns before the limit, idle divisions march toward the garrisons
next door, for the last turn's attacks."""


def expert_deployment(state: GreatWarState, seat: int) -> SubmitDeployment:
    """Standard's Deployment orders; near the turn limit the idle divisions away from
    every garrison march toward the nearest one."""
    orders = deployment_orders(state, seat, STANDARD)
    if state.turn <= state.options.turn_limit - MARCH_TURNS:
        return orders
    nation = state.nation_ids[seat]
    added = {b.province: b.divisions for b in orders.builds}
    busy = {mv.origin for mv in orders.moves} | {e.province for e in orders.embark}
    busy |= {sl.origin for sl in orders.sail}
    march = endgame.march_moves(state, nation, added, busy)
    if not march:
        return orders
    return replace(orders, moves=orders.moves + tuple(march))


def choose_expert(state: GreatWarState, seat: int) -> Order:
    if state.orders[seat] is not None or state.phase is Phase.GAME_OVER:
        return choose(state, seat, STANDARD)
    if state.phase is Phase.DEPLOYMENT:
        return expert_deployment(state, seat)
    if endgame.last_turn(state):
        return last_turn_orders(state, seat)
    harvest = harvest_orders(state, seat)
    if harvest is not None:
        return harvest
    candidates = attack_plans(state, seat)
    if len(candidates) == 1:
        return candidates[0]
    others = rival_orders(state, seat)
    key = _position_key(state, seat)
    best: tuple[float, SubmitAttack] | None = None
    for plan in candidates:
        values = [
            resolve_with(state, seat, plan, others, f"expert:{key}:{sample}")
            for sample in range(SAMPLES)
        ]
        if any(v is None for v in values):
            continue
        mean = sum(v for v in values if v is not None) / SAMPLES
        if best is None or mean > best[0]:
            best = (mean, plan)
    return candidates[0] if best is None else best[1]


register_player("greatwar1907", "expert", choose_expert)
