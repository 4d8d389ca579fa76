"""Diplomacy (R79-R87), passage grants (R17) and displacement (R77).

The step runs (a) forced drops due, (b) one-sided changes nation by nation, (c) two-
sided changes pair by pair, (d) new forced-drop duties.  Costs are paid through a
``pay`` callback: from this phase's allowance in the Deployment phase (refused when it
cannot be covered), into ``owed`` in the Attack phase.
"""

from __future__ import annotations

from collections.abc import Callable

import networkx as nx

from engine.rulesets.greatwar1907.context import DROPPED, Context
from engine.rulesets.greatwar1907.options import CHANGES, ONE_SIDED
from engine.rulesets.greatwar1907.orders import Diplomacy, Passage
from engine.rulesets.greatwar1907.state import GreatWarState, pair
from engine.rulesets.greatwar1907.wording import drop_text, quote, reason_text
from engine.rulesets.greatwar1907.wording import ships as ships_word

Pay = Callable[[str, int], bool]
"""Charge a nation a cost in quarters; False when it cannot be paid (Deployment)."""


def _set_relation(state: GreatWarState, a: str, b: str, status: str) -> None:
    key = pair(a, b)
    if status == "peace":
        state.relations.pop(key, None)
    else:
        state.relations[key] = status
        state.grants.discard((a, b))  # R17: a grant lapses when the pair leaves peace
        state.grants.discard((b, a))


def run_diplomacy(
    ctx: Context,
    orders: dict[str, tuple[tuple[Diplomacy, ...], str | None]],
    pay: Pay,
) -> None:
    """One diplomacy step; ``orders`` maps nation to (changes, drop_ally)."""
    state = ctx.state
    nations = state.nation_ids
    changed: dict[
        tuple[str, str], tuple[str, str, int]
    ] = {}  # pair -> (status, by, one-sided cost or -1)
    declared: dict[tuple[str, str], list[str]] = {}
    # (a) forced drops due from the previous phase
    for x in nations:
        due = state.nations[x].drop_due
        if due is None:
            continue
        state.nations[x].drop_due = None
        one, two, default = due
        if not (state.relation(x, one) == "alliance" and state.relation(x, two) == "alliance"):
            continue
        named = orders.get(x, ((), None))[1]
        drop = default
        if named is not None and named in (one, two):
            drop = named
        elif named is not None:
            ctx.offense(
                x,
                "dip/bad-drop",
                drop_text(ctx.map, named),
                DROPPED,
                f"not one of {ctx.name(one)} and {ctx.name(two)}: {ctx.name(default)} dropped",
            )
        _set_relation(state, x, drop, "peace")
        changed[pair(x, drop)] = ("peace", x, -1)
        ctx.log(
            "diplomacy", f"{ctx.name(x)} drops its alliance with {ctx.name(drop)} (forced, no cost)"
        )
        displace_between(ctx, x, drop)
        displace_between(ctx, drop, x)
    # (b) one-sided changes, nation by nation
    two_sided: dict[tuple[str, str], dict[str, Diplomacy]] = {}
    for x in nations:
        for d in orders.get(x, ((), None))[0]:
            text = quote(ctx.map, "diplomacy", d)
            if d.other == x or d.other not in nations:
                ctx.offense(x, "dip/no-such-change", text, DROPPED, "not another nation")
                continue
            key = pair(x, d.other)
            current = state.relation(x, d.other)
            done = changed.get(key)
            if done is not None:
                status, by, cost = done
                if status == d.to and by != x and cost >= 0:
                    # R80: both ordered the same one-sided change: both pay
                    if pay(x, cost):
                        if d.to == "war":
                            # R85: both declared; the default drop is the later one
                            declared.setdefault(key, []).append(x)
                        ctx.log(
                            "diplomacy",
                            f"{ctx.name(x)} also orders {d.to} with {ctx.name(d.other)}: "
                            f"pays {cost / 4:g} pp",
                        )
                    else:
                        ctx.offense(
                            x, "dip/cannot-afford", text, DROPPED, f"{cost / 4:g} pp not available"
                        )
                    continue
                ctx.offense(
                    x, "dip/already-changed", text, DROPPED, "the pair already changed this phase"
                )
                continue
            rule = CHANGES.get((current, d.to))
            if rule is None:
                ctx.offense(
                    x,
                    "dip/no-such-change",
                    text,
                    DROPPED,
                    f"from {current} to {d.to} is not a change",
                )
                continue
            sides, cost = rule
            if sides != ONE_SIDED:
                two_sided.setdefault(key, {})[x] = d
                continue
            if current == "alliance" and units_in_land_of(state, x, d.other):
                ctx.offense(
                    x,
                    "dip/units-in-ally-land",
                    text,
                    DROPPED,
                    f"you have units in the land of {ctx.name(d.other)}",
                )
                continue
            if not pay(x, cost):
                ctx.offense(x, "dip/cannot-afford", text, DROPPED, f"{cost / 4:g} pp not available")
                continue
            _set_relation(state, x, d.other, d.to)
            changed[key] = (d.to, x, cost)
            if d.to == "war":
                declared.setdefault(key, []).append(x)
            ctx.log(
                "diplomacy",
                f"{ctx.name(x)}: {current} to {d.to} with {ctx.name(d.other)}, cost "
                f"{cost / 4:g} pp{_because(ctx, x, d)}",
            )
            if current == "alliance":
                displace_between(ctx, d.other, x)
    # (c) two-sided changes, pair by pair in nation order
    for i, a in enumerate(nations):
        for b in nations[i + 1 :]:
            key = pair(a, b)
            asked = two_sided.get(key)
            if not asked:
                continue
            if len(asked) == 1 or asked[a].to != asked[b].to:
                for x, d in asked.items():
                    ctx.offense(
                        x,
                        "dip/unmatched",
                        quote(ctx.map, "diplomacy", d),
                        DROPPED,
                        "the other nation did not order it",
                    )
                continue
            to = asked[a].to
            if key in changed:
                for x in (a, b):
                    ctx.offense(
                        x,
                        "dip/already-changed",
                        quote(ctx.map, "diplomacy", asked[x]),
                        DROPPED,
                        "the pair already changed",
                    )
                continue
            if state.relation(a, b) == to or CHANGES.get((state.relation(a, b), to)) is None:
                for x in (a, b):
                    ctx.offense(
                        x,
                        "dip/no-such-change",
                        quote(ctx.map, "diplomacy", asked[x]),
                        DROPPED,
                        "no such change now",
                    )
                continue
            if to == "alliance" and _ally_at_war(state, a, b):
                for x in (a, b):
                    ctx.offense(
                        x,
                        "dip/ally-at-war",
                        quote(ctx.map, "diplomacy", asked[x]),
                        DROPPED,
                        "one is at war with an ally of the other",
                    )
                continue
            before = state.relation(a, b)
            _set_relation(state, a, b, to)
            changed[key] = (to, a, -1)
            reasons = "".join(_because(ctx, x, asked[x]) for x in (a, b))
            ctx.log("diplomacy", f"{ctx.name(a)} and {ctx.name(b)}: {before} to {to}{reasons}")
    # (d) new forced-drop duties
    for x in nations:
        allies = state.allies(x)
        for i, one in enumerate(allies):
            for two in allies[i + 1 :]:
                if state.at_war(one, two) and state.nations[x].drop_due is None:
                    who = declared.get(pair(one, two), [])
                    default = two if not who else max(who, key=nations.index)
                    state.nations[x].drop_due = (one, two, default)
                    ctx.log(
                        "comments",
                        f"{ctx.name(x)} is allied to {ctx.name(one)} and {ctx.name(two)}, "
                        f"now at war with each other: it must drop one of the two alliances",
                    )


def _because(ctx: Context, x: str, d: Diplomacy) -> str:
    """The reason ``x`` gave for the change, as the end of its report line."""
    text = reason_text(ctx.map, d.reason, d.other)
    return f". {ctx.name(x)}'s reason: {text}" if text else ""


def _ally_at_war(state: GreatWarState, a: str, b: str) -> bool:
    """R86: either nation is at war with an ally of the other."""
    return any(state.at_war(a, x) for x in state.allies(b)) or any(
        state.at_war(b, x) for x in state.allies(a)
    )


def units_in_land_of(state: GreatWarState, nation: str, other: str) -> bool:
    """R84: any division, leader or ship of ``nation`` in a province or port of ``other``."""
    for p in state.provinces_of(other):
        if state.divisions(p, nation) or state.fleet_in_port(p, nation):
            return True
        if state.leaders_at("province", p, nation):
            return True
    return False


def displace_between(ctx: Context, guest: str, host: str) -> None:
    """Displace ``guest``'s units from ``host``'s provinces and ports (R77, R84, R85)."""
    for p in ctx.state.provinces_of(host):
        displace_from(ctx, p, lambda n: n == guest)


def displace_from(ctx: Context, province: str, who: Callable[[str], bool]) -> None:
    """R77: ships go out to the port's district with cargo; divisions and leaders go to
    the nearest province of their own nation by land/ferry steps (ties: most of their
    divisions, then map order), or are destroyed."""
    state = ctx.state
    m = ctx.map
    sea = m.province(province).port
    for nation, fleet in list(state.docked.get(province, {}).items()):
        if who(nation) and sea is not None:
            # read the counts first: removing them empties this very Fleet object
            ships, cargo = fleet.ships, fleet.cargo
            state.add_fleet(province, nation, -ships, -cargo)
            state.add_fleet(sea, nation, ships, cargo)
            aboard = f" carrying {cargo} div" if cargo else ""
            ctx.log(
                "moves",
                f"{ctx.name(nation)}: {ships_word(ships)}{aboard} displaced from "
                f"{ctx.name(province)} to {ctx.name(sea)}",
            )
    for nation, count in list(state.divisions_at(province).items()):
        if not who(nation):
            continue
        state.add_divisions(province, nation, -count)
        dest = nearest_own(state, province, nation)
        if dest is None:
            ctx.tally(nation, "divisions", -count, "R77")
            ctx.log(
                "moves",
                f"{ctx.name(nation)}: {count} div in {ctx.name(province)} destroyed "
                f"(nowhere to go)",
            )
        else:
            state.add_divisions(dest, nation, count)
            ctx.log(
                "moves",
                f"{ctx.name(nation)}: {count} div displaced from {ctx.name(province)} to "
                f"{ctx.name(dest)}",
            )
    for leader in state.leaders_at("province", province):
        if not who(leader.nation):
            continue
        dest = nearest_own(state, province, leader.nation)
        if dest is None:
            leader.alive = False
            leader.where = leader.place = None
        else:
            leader.place = dest


def nearest_own(state: GreatWarState, province: str, nation: str) -> str | None:
    mine = set(state.provinces_of(nation)) - {province}
    if not mine:
        return None
    lengths = nx.single_source_shortest_path_length(state.map.land, province)
    reachable = [p for p in mine if p in lengths]
    if not reachable:
        return None
    return min(
        reachable, key=lambda p: (lengths[p], -state.divisions(p, nation), state.map.order_of(p))
    )


def run_passage(ctx: Context, orders: dict[str, tuple[Passage, ...]]) -> None:
    """R17: grants and revocations, recorded now, counted from the next networks."""
    state = ctx.state
    for x in state.nation_ids:
        for g in orders.get(x, ()):
            if g.grant:
                if state.relation(x, g.nation) != "peace":
                    ctx.offense(
                        x,
                        "pass/not-at-peace",
                        quote(ctx.map, "passage", g),
                        DROPPED,
                        "not at peace",
                    )
                    continue
                if (x, g.nation) not in state.grants:
                    state.grants.add((x, g.nation))
                    ctx.log("diplomacy", f"{ctx.name(x)} grants passage to {ctx.name(g.nation)}")
            elif (x, g.nation) in state.grants:
                state.grants.discard((x, g.nation))
                ctx.log("diplomacy", f"{ctx.name(x)} revokes passage of {ctx.name(g.nation)}")
