"""Trades of provinces and pp (R73-R78), one at a time at step D4."""

from __future__ import annotations

from engine.rulesets.greatwar1907.context import DROPPED, Context
from engine.rulesets.greatwar1907.diplomacy import displace_from
from engine.rulesets.greatwar1907.economy import Allowances
from engine.rulesets.greatwar1907.orders import SubmitDeployment, Trade
from engine.rulesets.greatwar1907.state import GreatWarState
from engine.rulesets.greatwar1907.supply import has_route, linked_component
from engine.rulesets.greatwar1907.wording import bundle as bundle_text
from engine.rulesets.greatwar1907.wording import part_json, quote

OPEN_TRADES = "open_trades"
"""The report's list of this turn's unmatched trade bundles, as written with the
offering nation (``from``): public once resolved, kept into the Attack phase's report so
that a nation (a computer one) can answer an offer at the next Deployment phase, where
trades can next be ordered (R73).  Not a report section: it is never rendered."""


# ------------------------------------------------------------------ trades (R73-R78)
def _trade_text(ctx: Context, t: Trade) -> str:
    return quote(ctx.map, "trades", t)


def run_trades(
    ctx: Context,
    orders: dict[str, SubmitDeployment],
    pools: dict[str, Allowances],
    grants: set[tuple[str, str]],
) -> None:
    state = ctx.state
    used: dict[str, set[int]] = {n: set() for n in state.nation_ids}
    for a in state.nation_ids:
        if a not in orders:
            continue
        for i, t in enumerate(orders[a].trades):
            if i in used[a]:
                continue
            used[a].add(i)
            b = t.other
            match = None
            if b in orders and b != a:
                for j, u in enumerate(orders[b].trades):
                    if j not in used[b] and u.other == a and u.give == t.get and u.get == t.give:
                        match = j
                        break
            if match is None:
                ctx.offense(
                    a,
                    "trade/unmatched",
                    _trade_text(ctx, t),
                    DROPPED,
                    f"{ctx.name(b)} did not order the matching trade",
                )
                ctx.report.setdefault(OPEN_TRADES, []).append({"from": a, **part_json("trades", t)})
                continue
            used[b].add(match)
            u = orders[b].trades[match]
            refusal = _trade_refusal(ctx, a, t, b, u, pools, grants)
            if refusal is not None:
                code, why = refusal
                ctx.offense(a, code, _trade_text(ctx, t), DROPPED, why)
                ctx.offense(b, code, _trade_text(ctx, u), DROPPED, why)
                continue
            _carry_out(ctx, a, t, b, u, pools, grants)


def _ship_line(state: GreatWarState, province: str, recipient: str) -> bool:
    """R74: districts from the province's port to a recipient province's port, each
    holding a recipient ship at sea."""
    m = state.map
    start = m.province(province).port
    held = {s for s, per in state.at_sea.items() if recipient in per}
    if start is None or start not in held:
        return False
    seen = {start}
    todo = [start]
    while todo:
        sea = todo.pop()
        for nxt in m.sea(sea).adjacent:
            if nxt in held and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return any(m.province(p).port in seen for p in state.provinces_of(recipient))


def province_refusal(
    state: GreatWarState, giver: str, recipient: str, p: str
) -> tuple[str, str] | None:
    if state.owner_of(p) != giver:
        name = state.map.name_of
        return ("trade/not-owner", f"{name(giver)} does not own {name(p)}")
    own = state.provinces_of(recipient)
    if not own:
        return None  # a recipient with no land is exempt (R74)
    if any(state.owner_of(q) == recipient for q in state.map.neighbours(p)):
        return None
    if _ship_line(state, p, recipient):
        return None
    return (
        "trade/no-border",
        f"{state.map.name_of(recipient)} has no province next to {state.map.name_of(p)} "
        "and no line of ships to it",
    )


def _paying_pool(
    ctx: Context,
    giver: str,
    recipient: str,
    amount: int,
    pay_from: str | None,
    pools: dict[str, Allowances],
    grants: set[tuple[str, str]],
) -> tuple[str, str] | int:
    """The index of the paying pool, or a refusal (R75)."""
    state = ctx.state
    if not state.provinces_of(giver) or not state.provinces_of(recipient):
        return ("trade/no-land", "pp go only between nations that own a province")
    mine = pools[giver]
    if pay_from is not None and state.owns(giver, pay_from) and mine.pool_of(pay_from) is not None:
        candidates = [mine.pool_of(pay_from)]
    else:
        candidates = list(mine.largest(state))
    routed = [
        p
        for p in candidates
        if p is not None and has_route(state, giver, recipient, p.provinces, grants)
    ]
    if not routed:
        return (
            "trade/no-route",
            f"no route for the pp from {ctx.name(giver)} to {ctx.name(recipient)}",
        )
    pool = routed[0]
    if pool.remaining < amount:
        return ("trade/no-pp", f"the paying network has {pool.remaining / 4:g} pp left")
    return mine.pools.index(pool)


def _trade_refusal(
    ctx: Context,
    a: str,
    t: Trade,
    b: str,
    u: Trade,
    pools: dict[str, Allowances],
    grants: set[tuple[str, str]],
) -> tuple[str, str] | None:
    state = ctx.state
    for giver, recipient, bundle in ((a, b, t.give), (b, a, u.give)):
        for p in bundle.provinces:
            refusal = province_refusal(state, giver, recipient, p)
            if refusal is not None:
                return refusal
    for giver, recipient, bundle, half in ((a, b, t.give, t), (b, a, u.give, u)):
        if bundle.pp:
            found = _paying_pool(ctx, giver, recipient, bundle.pp, half.pay_from, pools, grants)
            if not isinstance(found, int):
                return found
    return None


def _carry_out(
    ctx: Context,
    a: str,
    t: Trade,
    b: str,
    u: Trade,
    pools: dict[str, Allowances],
    grants: set[tuple[str, str]],
) -> None:
    """Carry out a checked trade; pp are paid by the network the check found, over the
    grants in force at the start of the phase (R17: this phase's grants count from the
    next one)."""
    state = ctx.state
    for giver, recipient, bundle, half, other_half in ((a, b, t.give, t, u), (b, a, u.give, u, t)):
        for p in bundle.provinces:
            transfer(ctx, p, giver, recipient, pools[recipient], grants)
        if bundle.pp:
            found = _paying_pool(ctx, giver, recipient, bundle.pp, half.pay_from, pools, grants)
            index = found if isinstance(found, int) else 0
            pools[giver].pay_from(pools[giver].pools[index], bundle.pp, "trade")
            state.nations[recipient].credits.append((bundle.pp, other_half.receive_at))
    given = bundle_text(ctx.map, part_json("trades", t)["give"])
    got = bundle_text(ctx.map, part_json("trades", t)["get"])
    ctx.log("trades", f"{ctx.name(a)} gives {given} to {ctx.name(b)} and gets {got}")


def transfer(
    ctx: Context,
    p: str,
    giver: str,
    recipient: str,
    pools: Allowances,
    grants: set[tuple[str, str]],
) -> None:
    """R74: the province and the giver's units in it pass to the recipient; it joins a
    network over the ``grants`` in force at the start of the phase (R17, R18)."""
    state = ctx.state
    state.set_owner(p, recipient)
    state.conquered.discard(p)
    count = state.divisions(p, giver)
    fleet = state.fleet_in_port(p, giver)
    ships, cargo = (fleet.ships, fleet.cargo) if fleet is not None else (0, 0)
    if count:
        state.add_divisions(p, giver, -count)
        state.add_divisions(p, recipient, count)
    if ships:
        state.add_fleet(p, giver, -ships, -cargo)
        state.add_fleet(p, recipient, ships, cargo)
    for nation, sign in ((giver, -1), (recipient, 1)):
        ctx.tally(nation, "divisions", sign * (count + cargo), "R74 (units pass with the province)")
        ctx.tally(nation, "ships", sign * ships, "R74 (units pass with the province)")
    ctx.tally(giver, "hulls", -state.hulls.pop(p, 0), "R25")
    displace_from(ctx, p, lambda n: n != recipient and state.relation(n, recipient) != "alliance")
    displace_from(ctx, p, lambda n: n == giver)
    # R18: the province joins the recipient's network it links to now (largest)
    part = linked_component(state, recipient, p, grants)
    linked = [pool for pool in pools.pools if any(x in part for x in pool.provinces)]
    if linked:
        best = max(linked, key=lambda pool: pool.remaining)
        best.provinces.append(p)
