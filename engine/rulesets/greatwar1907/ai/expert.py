"""The ``expert`` Great War nation (issue 31): Standard's negotiation and an offensive
for Victory Points, each plan checked on a copy of the game before it is played.

Expert negotiates, builds, sails and trades as Standard does (the same standing
answers, offers, passage grants and alliance breaks, :mod:`.negotiation`; other computer
nations read an Expert nation as Standard).  On top of that (:mod:`.offensive`):

* Deployment: its idle divisions away from every garrison march through its own land
  toward the nearest garrison of another nation.
* Attack: it lists three plans: the offensive (war on the neighbours whose garrisons
  stand next to it, every spare division on the garrisons next door), the same attacks
  on the nations already at war and Neutral only, and Standard's plan.  It plays the
  first whose phase, resolved on a copy of the game with the orders the other nations'
  own levels would seal (a human or an Expert nation is played as Standard; sealed
  orders are never read) and dice from a private generator seeded from the public
  position (never the game's generator), lists no offense that Standard's plan
  resolved the same way does not: a war that would leave somebody's order dropped is
  not declared.

One resolved phase per plan at most (and one for Standard's), counted, never timed: the
same position always gives the same orders.  Weighing the plans by the worth of their
resolved positions (4 dice samples each: VP, production, divisions and exposure against
the best rival's) was tried and did not beat this plain choice
(docs/rules-greatwar1907.md).
"""

from __future__ import annotations

import hashlib
from dataclasses import replace

from engine.ai import register_player
from engine.core import Order
from engine.errors import EngineError
from engine.rng import Rng
from engine.rulesets.greatwar1907 import turn
from engine.rulesets.greatwar1907.ai import negotiation, offensive
from engine.rulesets.greatwar1907.ai.levels import (
    EASY,
    STANDARD,
    Profile,
    attack_orders,
    choose,
    deployment_orders,
)
from engine.rulesets.greatwar1907.orders import Attack, SubmitAttack, SubmitDeployment
from engine.rulesets.greatwar1907.state import GreatWarState, Phase

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


def _spared(state: GreatWarState, base: SubmitAttack) -> frozenset[str]:
    """Computer nations a peace is ordered with by both sides this phase: never
    attacked (R82 would void the attack; dropping the peace would leave theirs
    unmatched)."""
    return frozenset(
        d.other
        for d in base.diplomacy
        if d.to == "peace" and state.players[state.seat_of(d.other)].kind == "computer"
    )


def _with_attacks(
    state: GreatWarState, base: SubmitAttack, attacks: list[Attack], wars: list[str]
) -> SubmitAttack:
    """``base`` (Standard's negotiation) with these attacks and war declarations: no
    other change of a pair at war now, no peace with a nation attacked, no passage
    granted to a new enemy (R81, R17)."""
    attacked = {state.owner_of(a.target) for a in attacks}
    diplomacy = [d for d in base.diplomacy if d.other not in wars]
    diplomacy = [d for d in diplomacy if not (d.to == "peace" and d.other in attacked)]
    diplomacy += offensive.war_orders(wars)
    return replace(
        base,
        diplomacy=tuple(diplomacy),
        passage=tuple(p for p in base.passage if p.nation not in wars),
        attacks=tuple(attacks),
    )


def attack_plans(state: GreatWarState, seat: int) -> list[SubmitAttack]:
    """The plans in the order tried: the offensive (wars on the weak neighbours,
    :func:`offensive.war_victims`, and every spare division on the garrisons next door),
    the same attacks on the nations already at war and Neutral only, and Standard's
    plan.  Distinct plans only."""
    nation = state.nation_ids[seat]
    base = attack_orders(state, seat, STANDARD)
    spared = _spared(state, base)
    partner = negotiation.alliance_partner(negotiation.View(state), nation)
    victims = offensive.war_victims(state, nation, partner)
    listed: list[SubmitAttack] = []
    if victims:
        planned = offensive.with_wars(state, nation, victims)
        attacks = offensive.all_out_attacks(planned, nation, spared)
        wars = offensive.declared(attacks, state, victims)
        if wars and set(wars) != set(victims):
            planned = offensive.with_wars(state, nation, wars)
            attacks = offensive.all_out_attacks(planned, nation, spared)
        if wars:
            listed.append(_with_attacks(state, base, attacks, wars))
    listed.append(_with_attacks(state, base, offensive.all_out_attacks(state, nation, spared), []))
    listed.append(base)
    distinct: list[SubmitAttack] = []
    for plan in listed:
        if all((plan.attacks, plan.diplomacy) != (x.attacks, x.diplomacy) for x in distinct):
            distinct.append(plan)
    return distinct


def _resolved(
    state: GreatWarState,
    seat: int,
    mine: SubmitAttack,
    others: dict[int, SubmitAttack | SubmitDeployment],
    seed: str,
) -> GreatWarState | None:
    """The phase resolved on a copy with these orders and the private dice of ``seed``;
    None when the rules refuse them."""
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
    return sim


def _offenses(sim: GreatWarState | None) -> set[tuple[str, str, str]] | None:
    """The offenses a resolved copy lists (None: the rules refused the orders)."""
    if sim is None:
        return None
    return {
        (o["nation"], o["code"], o["order"]) for o in (sim.last_report or {}).get("offenses", [])
    }


def choose_attack(state: GreatWarState, seat: int) -> SubmitAttack:
    """The first plan of :func:`attack_plans` whose phase, resolved on a copy with the
    orders the other nations' levels would seal and private dice, lists no offense that
    Standard's plan resolved the same way does not (a war that would leave somebody's
    order dropped); Standard's plan when every other is dropped."""
    candidates = attack_plans(state, seat)
    if len(candidates) == 1:
        return candidates[0]
    others = rival_orders(state, seat)
    seed = f"expert:{_position_key(state, seat)}"
    baseline = _offenses(_resolved(state, seat, candidates[-1], others, seed)) or set()
    for plan in candidates[:-1]:
        found = _offenses(_resolved(state, seat, plan, others, seed))
        if found is not None and found <= baseline:
            return plan
    return candidates[-1]


def expert_deployment(state: GreatWarState, seat: int) -> SubmitDeployment:
    """Standard's Deployment orders, and the idle divisions away from every garrison
    march toward the nearest one (:func:`offensive.march_moves`)."""
    orders = deployment_orders(state, seat, STANDARD)
    nation = state.nation_ids[seat]
    added = {b.province: b.divisions for b in orders.builds}
    busy = {mv.origin for mv in orders.moves} | {e.province for e in orders.embark}
    busy |= {sl.origin for sl in orders.sail}
    march = offensive.march_moves(state, nation, added, busy)
    if not march:
        return orders
    return replace(orders, moves=orders.moves + tuple(march))


def choose_expert(state: GreatWarState, seat: int) -> Order:
    if state.orders[seat] is not None or state.phase is Phase.GAME_OVER:
        return choose(state, seat, STANDARD)
    if state.phase is Phase.DEPLOYMENT:
        return expert_deployment(state, seat)
    return choose_attack(state, seat)


register_player("greatwar1907", "expert", choose_expert)
