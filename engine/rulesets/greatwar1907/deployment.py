"""The Deployment phase, steps D1-D9 (spec §5.1)."""

from __future__ import annotations

from engine.rulesets.greatwar1907 import fleets
from engine.rulesets.greatwar1907.context import CUT, DROPPED, Context
from engine.rulesets.greatwar1907.diplomacy import displace_from, run_diplomacy, run_passage
from engine.rulesets.greatwar1907.economy import Allowances, start_allowances
from engine.rulesets.greatwar1907.options import (
    CARGO_PER_SHIP,
    DIVISION_COST,
    FREE_MOVE_STEPS,
    SHIP_COST,
)
from engine.rulesets.greatwar1907.orders import Bundle, Move, SubmitDeployment, Trade
from engine.rulesets.greatwar1907.state import GreatWarState
from engine.rulesets.greatwar1907.supply import has_route, linked_component


def resolve_deployment(ctx: Context, orders: dict[str, SubmitDeployment]) -> dict[str, Allowances]:
    state = ctx.state
    # D1
    for p, count in list(state.hulls.items()):
        state.add_fleet(p, state.owner[p], count, 0)
        ctx.tally(state.owner[p], "hulls", -count, "R23")
        ctx.tally(state.owner[p], "ships", count, "R23")
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
        _embark(ctx, nation, o)
    # D7
    _free_moves(ctx, orders)
    groups = [g for nation, o in orders.items() for g in fleets.prepare(ctx, nation, o.sail)]
    fleets.sail_all(ctx, groups, attack_phase=False)
    # D8
    for nation, o in orders.items():
        _disembark(ctx, nation, o)
    # D9
    for nation, allowance in pools.items():
        unspent = allowance.total()
        if state.options.bank_unspent and unspent:
            state.nations[nation].banked += unspent
    return pools


def _pay_first(orders: dict[str, SubmitDeployment], nation: str) -> str | None:
    o = orders.get(nation)
    return o.pay_first if o is not None else None


# ------------------------------------------------------------------ trades (R73-R78)
def _trade_text(t: Trade) -> str:
    def part(b: Bundle) -> str:
        items = list(b.provinces) + ([f"{b.pp / 4:g} pp"] if b.pp else [])
        return ", ".join(items) or "nothing"

    return f"trade with {t.other}: give {part(t.give)}, get {part(t.get)}"


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
                    _trade_text(t),
                    DROPPED,
                    f"{b} did not order the matching trade",
                )
                continue
            used[b].add(match)
            u = orders[b].trades[match]
            refusal = _trade_refusal(ctx, a, t, b, u, pools, grants)
            if refusal is not None:
                code, why = refusal
                ctx.offense(a, code, _trade_text(t), DROPPED, why)
                ctx.offense(b, code, _trade_text(u), DROPPED, why)
                continue
            _carry_out(ctx, a, t, b, u, pools)


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


def _province_refusal(
    state: GreatWarState, giver: str, recipient: str, p: str
) -> tuple[str, str] | None:
    if state.owner[p] != giver:
        return ("trade/not-owner", f"{giver} does not own {p}")
    own = state.provinces_of(recipient)
    if not own:
        return None  # a recipient with no land is exempt (R74)
    if any(state.owner[q] == recipient for q in state.map.neighbours(p)):
        return None
    if _ship_line(state, p, recipient):
        return None
    return (
        "trade/no-border",
        f"{recipient} has no province next to {p} and no line of ships to it",
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
    if (
        pay_from is not None
        and state.owner.get(pay_from) == giver
        and mine.pool_of(pay_from) is not None
    ):
        candidates = [mine.pool_of(pay_from)]
    else:
        candidates = list(mine.largest(state))
    routed = [
        p
        for p in candidates
        if p is not None and has_route(state, giver, recipient, p.provinces, grants)
    ]
    if not routed:
        return ("trade/no-route", f"no route for the pp from {giver} to {recipient}")
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
            refusal = _province_refusal(state, giver, recipient, p)
            if refusal is not None:
                return refusal
    for giver, recipient, bundle, half in ((a, b, t.give, t), (b, a, u.give, u)):
        if bundle.pp:
            found = _paying_pool(ctx, giver, recipient, bundle.pp, half.pay_from, pools, grants)
            if not isinstance(found, int):
                return found
    return None


def _carry_out(
    ctx: Context, a: str, t: Trade, b: str, u: Trade, pools: dict[str, Allowances]
) -> None:
    state = ctx.state
    for giver, recipient, bundle, half, other_half in ((a, b, t.give, t, u), (b, a, u.give, u, t)):
        for p in bundle.provinces:
            transfer(ctx, p, giver, recipient, pools[recipient])
        if bundle.pp:
            found = _paying_pool(
                ctx, giver, recipient, bundle.pp, half.pay_from, pools, set(state.grants)
            )
            index = found if isinstance(found, int) else 0
            pools[giver].pay_from(pools[giver].pools[index], bundle.pp, "trade")
            state.nations[recipient].credits.append((bundle.pp, other_half.receive_at))
    ctx.log("trades", f"{ctx.name(a)} and {ctx.name(b)}: {_trade_text(t)}")


def transfer(ctx: Context, p: str, giver: str, recipient: str, pools: Allowances) -> None:
    """R74: the province and the giver's units in it pass to the recipient."""
    state = ctx.state
    state.owner[p] = recipient
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
    part = linked_component(state, recipient, p)
    linked = [pool for pool in pools.pools if any(x in part for x in pool.provinces)]
    if linked:
        best = max(linked, key=lambda pool: pool.remaining)
        best.provinces.append(p)


# ------------------------------------------------------------------ builds (R18, R22-R25)
def _builds(ctx: Context, nation: str, o: SubmitDeployment, pools: Allowances) -> None:
    state = ctx.state
    m = ctx.map
    for b in o.builds:
        text = f"build {b.divisions} div, {b.ships} ships in {b.province}"
        if state.owner[b.province] != nation:
            ctx.offense(nation, "build/not-owned", text, DROPPED, f"{b.province} is not yours")
            continue
        if b.ships and m.province(b.province).port is None:
            ctx.offense(nation, "build/no-port", text, DROPPED, f"{b.province} has no port")
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
            ctx.offense(nation, "build/no-pp", text, CUT, f"cut to {divisions} div, {ships} ships")
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
                f"{ctx.name(nation)}: {divisions} div, {ships} ships in {ctx.name(b.province)}",
            )


def _placements(ctx: Context, nation: str, o: SubmitDeployment) -> None:
    """R67: an unplaced leader goes to an owned province (admirals: with a port), or an
    admiral to one of his nation's fleets at sea."""
    state = ctx.state
    m = ctx.map
    for p in o.place:
        text = f"place {p.leader} at {p.at}"
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
            ok = state.owner[p.at] == nation and (not admiral or m.province(p.at).port is not None)
            spot = ("province", p.at)
        if not ok:
            ctx.offense(nation, "place/bad-spot", text, DROPPED, f"{p.at} is not a place for him")
            continue
        leader.where, leader.place = spot
        ctx.log(
            "builds", f"{ctx.name(nation)}: {m.leader(p.leader).name} placed at {ctx.name(p.at)}"
        )


# ------------------------------------------------------------------ embark, moves, disembark
def _embark(ctx: Context, nation: str, o: SubmitDeployment) -> None:
    state = ctx.state
    for e in o.embark:
        text = f"embark {'all' if e.divisions is None else e.divisions} div in {e.province}"
        if not state.friendly(nation, e.province):
            ctx.offense(
                nation, "embark/not-friendly", text, DROPPED, f"{e.province} is not friendly"
            )
            continue
        fleet = state.fleet_in_port(e.province, nation)
        if fleet is None:
            ctx.offense(
                nation,
                "embark/no-ships",
                text,
                DROPPED,
                f"no ships of yours in {e.province}'s port",
            )
            continue
        standing = state.divisions(e.province, nation)
        room = CARGO_PER_SHIP * fleet.ships - fleet.cargo
        n = min(standing, room) if e.divisions is None else e.divisions
        if n > standing:
            ctx.offense(nation, "embark/too-many", text, CUT, f"cut to {standing}")
            n = standing
        if n > room:
            ctx.offense(nation, "embark/no-room", text, CUT, f"cut to {room}")
            n = room
        if n <= 0:
            continue
        state.add_divisions(e.province, nation, -n)
        state.add_fleet(e.province, nation, 0, n)
        key = (nation, e.province)
        ctx.fresh_cargo[key] = ctx.fresh_cargo.get(key, 0) + n
        ctx.embarked_in.add(key)
        ctx.log("moves", f"{ctx.name(nation)}: {n} div embark in {ctx.name(e.province)}")


def _move_text(mv: Move) -> str:
    count = "all" if mv.divisions is None else mv.divisions
    who = f" with {', '.join(mv.leaders)}" if mv.leaders else ""
    return f"move {count} div {mv.origin}→{'→'.join(mv.path)}{who}"


def _free_moves(ctx: Context, orders: dict[str, SubmitDeployment]) -> None:
    """R27-R31: every free move at once, from the divisions standing at the start."""
    state = ctx.state
    m = ctx.map
    left: dict[tuple[str, str], int] = {}
    arrivals: list[tuple[str, str, int, list[str]]] = []
    for nation, o in orders.items():
        for mv in o.moves:
            text = _move_text(mv)
            key = (nation, mv.origin)
            if key not in left:
                left[key] = state.divisions(mv.origin, nation)
            leaders = []
            for lid in mv.leaders:
                leader = state.leaders.get(lid)
                if (
                    leader is None
                    or not leader.alive
                    or leader.where != "province"
                    or leader.place != mv.origin
                    or lid in ctx.acted_leaders
                ):
                    ctx.offense(
                        nation,
                        "move/leader",
                        text,
                        CUT,
                        f"{lid} is not there or has acted: left out",
                    )
                    continue
                leaders.append(lid)
            steps = FREE_MOVE_STEPS + sum(
                int(m.leader(lid).effects.get("extra_free_moves", 0))
                for lid in leaders
                if m.leader(lid).kind == "general"
            )
            path: list[str] = []
            here = mv.origin
            refused = False
            for step in mv.path:
                if not m.is_province(step) or not m.adjacent(here, step):
                    ctx.offense(
                        nation, "move/not-adjacent", text, DROPPED, f"{step} does not border {here}"
                    )
                    refused = True
                    break
                if not state.friendly(nation, step):
                    if path:
                        ctx.offense(
                            nation,
                            "move/not-friendly",
                            text,
                            CUT,
                            f"cut before {step}, not friendly",
                        )
                    else:
                        ctx.offense(
                            nation, "move/not-friendly", text, DROPPED, f"{step} is not friendly"
                        )
                        refused = True
                    break
                path.append(step)
                here = step
            if refused or not path:
                continue
            if len(path) > steps:
                ctx.offense(nation, "move/too-far", text, CUT, f"cut to {'→'.join(path[:steps])}")
                path = path[:steps]
            free = left[key]
            n = free if mv.divisions is None else mv.divisions
            if n > free:
                ctx.offense(nation, "move/too-many", text, CUT, f"cut to {free}")
                n = free
            if state.needs_garrison(mv.origin, nation):
                cargo = state.garrison(mv.origin, nation) - state.divisions(mv.origin, nation)
                keep = free - n + cargo
                if keep < 1:
                    n = max(0, free - 1 + min(cargo, 1))
                    ctx.offense(
                        nation, "move/garrison", text, CUT, f"cut to {n} to keep a garrison"
                    )
            if n == 0 and not leaders:
                continue
            left[key] = free - n
            state.add_divisions(mv.origin, nation, -n)
            ctx.acted_leaders.update(leaders)
            arrivals.append((nation, path[-1], n, leaders))
            ctx.log(
                "moves", f"{ctx.name(nation)}: {n} div {ctx.name(mv.origin)} → {ctx.name(path[-1])}"
            )
    for nation, dest, n, leaders in arrivals:
        if n:
            state.add_divisions(dest, nation, n)
        for lid in leaders:
            state.leaders[lid].place = dest


def _disembark(ctx: Context, nation: str, o: SubmitDeployment) -> None:
    state = ctx.state
    for d in o.disembark:
        text = f"disembark {'all' if d.divisions is None else d.divisions} div in {d.province}"
        if not state.friendly(nation, d.province):
            ctx.offense(
                nation, "disembark/not-friendly", text, DROPPED, f"{d.province} is not friendly"
            )
            continue
        fleet = state.fleet_in_port(d.province, nation)
        aboard = fleet.cargo if fleet else 0
        fresh = min(aboard, ctx.fresh_cargo.get((nation, d.province), 0))
        free = aboard - fresh
        if free == 0 and (fresh > 0 or (nation, d.province) in ctx.embarked_in):
            ctx.offense(
                nation, "disembark/moved", text, DROPPED, "those divisions embarked this phase"
            )
            continue
        n = free if d.divisions is None else d.divisions
        if n > aboard:
            ctx.offense(nation, "disembark/too-many", text, CUT, f"cut to {aboard}")
            n = aboard
        if n > free:
            ctx.offense(
                nation, "disembark/moved", text, CUT, f"cut to {free}: the rest embarked this phase"
            )
            n = free
        if n <= 0:
            continue
        state.add_fleet(d.province, nation, 0, -n)
        state.add_divisions(d.province, nation, n)
        ctx.log("moves", f"{ctx.name(nation)}: {n} div disembark in {ctx.name(d.province)}")
