"""The Deployment phase, steps D1-D9 (spec §5.1)."""

from __future__ import annotations

from engine.rulesets.greatwar1907 import fleets
from engine.rulesets.greatwar1907.context import CUT, DROPPED, Context
from engine.rulesets.greatwar1907.diplomacy import run_diplomacy, run_passage
from engine.rulesets.greatwar1907.economy import Allowances, start_allowances
from engine.rulesets.greatwar1907.movement import disembark, embark, free_moves
from engine.rulesets.greatwar1907.options import (
    DIVISION_COST,
    SHIP_COST,
)
from engine.rulesets.greatwar1907.orders import SubmitDeployment
from engine.rulesets.greatwar1907.trades import run_trades
from engine.rulesets.greatwar1907.wording import quote
from engine.rulesets.greatwar1907.wording import ships as ships_word


def resolve_deployment(ctx: Context, orders: dict[str, SubmitDeployment]) -> dict[str, Allowances]:
    state = ctx.state
    # D1
    for p, count in list(state.hulls.items()):
        state.add_fleet(p, state.owner_of(p), count, 0)
        ctx.tally(state.owner_of(p), "hulls", -count, "R23")
        ctx.tally(state.owner_of(p), "ships", count, "R23")
    state.hulls.clear()
    pools = start_allowances(state)
    grants_at_start = set(state.grants)
    # D2
    run_diplomacy(
        ctx,
        {n: (o.diplomacy, o.drop_ally) for n, o in orders.items()},
        lambda nation, cost: pools[nation].spend_anywhere(state, cost, _pay_first(orders, nation)),
    )
    # D3
    run_passage(ctx, {n: o.passage for n, o in orders.items()})
    # D4
    run_trades(ctx, orders, pools, grants_at_start)
    # D5
    for nation, o in orders.items():
        _builds(ctx, nation, o, pools[nation])
    for nation, o in orders.items():
        _placements(ctx, nation, o)
    # D6
    for nation, o in orders.items():
        embark(ctx, nation, o)
    # D7
    free_moves(ctx, orders)
    groups = [g for nation, o in orders.items() for g in fleets.prepare(ctx, nation, o.sail)]
    fleets.sail_all(ctx, groups, attack_phase=False)
    # D8
    for nation, o in orders.items():
        disembark(ctx, nation, o)
    # D9
    for nation, allowance in pools.items():
        unspent = allowance.total()
        if state.options.bank_unspent and unspent:
            state.nations[nation].banked += unspent
    return pools


def _pay_first(orders: dict[str, SubmitDeployment], nation: str) -> str | None:
    o = orders.get(nation)
    return o.pay_first if o is not None else None


# ------------------------------------------------------------------ builds (R18, R22-R25)
def _builds(ctx: Context, nation: str, o: SubmitDeployment, pools: Allowances) -> None:
    state = ctx.state
    m = ctx.map
    for b in o.builds:
        text = quote(m, "builds", b)
        where = ctx.name(b.province)
        if state.owner_of(b.province) != nation:
            ctx.offense(nation, "build/not-owned", text, DROPPED, f"{where} is not yours")
            continue
        if b.ships and m.province(b.province).port is None:
            ctx.offense(nation, "build/no-port", text, DROPPED, f"{where} has no port")
            continue
        if state.nations[nation].owed > 0:
            ctx.offense(nation, "build/in-debt", text, DROPPED, "you still owe pp")
            continue
        pool = pools.pool_of(b.province)
        left = pool.remaining if pool is not None else 0
        divisions = min(b.divisions, left // DIVISION_COST)
        left -= divisions * DIVISION_COST
        ships = min(b.ships, left // SHIP_COST)
        if (divisions, ships) != (b.divisions, b.ships):
            ctx.offense(
                nation, "build/no-pp", text, CUT, f"cut to {divisions} div, {ships_word(ships)}"
            )
        if divisions:
            pools.spend_at(b.province, divisions * DIVISION_COST)
            state.add_divisions(b.province, nation, divisions)
            ctx.tally(nation, "divisions", divisions, "R22")
        if ships:
            pools.spend_at(b.province, ships * SHIP_COST)
            fast = any(
                m.leader(x.id).effects.get("fast_build")
                for x in state.leaders_at("province", b.province, nation)
            )
            if fast:
                state.add_fleet(b.province, nation, ships, 0)
                ctx.tally(nation, "ships", ships, "R72 fast_build")
            else:
                state.hulls[b.province] = state.hulls.get(b.province, 0) + ships
                ctx.tally(nation, "hulls", ships, "R23")
        if divisions or ships:
            ctx.log(
                "builds",
                f"{ctx.name(nation)}: {divisions} div, {ships_word(ships)} "
                f"in {ctx.name(b.province)}",
            )


def _placements(ctx: Context, nation: str, o: SubmitDeployment) -> None:
    """R67: an unplaced leader goes to an owned province (admirals: with a port), or an
    admiral to one of his nation's fleets at sea."""
    state = ctx.state
    m = ctx.map
    for p in o.place:
        text = quote(m, "place", p)
        leader = state.leaders.get(p.leader)
        if (
            leader is None
            or not leader.alive
            or leader.where is not None
            or leader.nation != nation
        ):
            ctx.offense(
                nation, "place/not-available", text, DROPPED, "already placed, dead or not yours"
            )
            continue
        admiral = m.leader(p.leader).kind == "admiral"
        if m.is_sea(p.at):
            ok = admiral and state.fleet_at_sea(p.at, nation) is not None
            spot = ("sea", p.at)
        else:
            ok = state.owner_of(p.at) == nation and (
                not admiral or m.province(p.at).port is not None
            )
            spot = ("province", p.at)
        if not ok:
            ctx.offense(
                nation, "place/bad-spot", text, DROPPED, f"{ctx.name(p.at)} is not a place for him"
            )
            continue
        leader.where, leader.place = spot
        ctx.log(
            "builds", f"{ctx.name(nation)}: {m.leader(p.leader).name} placed at {ctx.name(p.at)}"
        )
