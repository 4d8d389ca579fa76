"""Sailing (R35-R38) and fleet battles (R41-R46), in either phase.

Every sail order is checked when sailing starts (ships, cargo, admirals, garrison);
then the orders move one step at a time, all at once, with the fleet battles of every
district after each step.  Ships lost in a battle go no further: a moving group keeps
at most the ships its nation still has where it stands (decision: the losses of a
district fall on the ships that were there and the groups that arrived in order).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.rulesets.greatwar1907.battle import fight, leader_dice, retreat_to_port, survive
from engine.rulesets.greatwar1907.context import ADJUSTED, CUT, DROPPED, Context, named_twice
from engine.rulesets.greatwar1907.options import CARGO_PER_SHIP, FLEET_DICE, SAILING_STEPS
from engine.rulesets.greatwar1907.orders import Sail
from engine.rulesets.greatwar1907.state import Fleet, GreatWarState, Leader
from engine.rulesets.greatwar1907.wording import leader_name, quote
from engine.rulesets.greatwar1907.wording import ships as ships_word


@dataclass
class Group:
    """Ships of one sail order under way."""

    nation: str
    text: str
    location: str
    path: list[str]
    ships: int
    cargo: int
    fresh: int
    leaders: list[str] = field(default_factory=list)
    active: bool = True


def admirals_aboard(state: GreatWarState, sea: str, nation: str) -> list[Leader]:
    return [x for x in state.leaders_at("sea", sea, nation)]


def prepare(ctx: Context, nation: str, orders: tuple[Sail, ...]) -> list[Group]:
    """Check one nation's sail orders against the state at the start of sailing and
    take their ships out of the places they leave (R35-R37, R62)."""
    state = ctx.state
    m = ctx.map
    groups: list[Group] = []
    claimed: dict[str, list[int]] = {}  # origin -> [ships, cargo, fresh] already taken
    for sail in orders:
        text = quote(m, "sail", sail)
        fleet = state.fleet_at(sail.origin, nation)
        taken = claimed.setdefault(sail.origin, [0, 0, 0])
        have_ships = (fleet.ships if fleet else 0) - taken[0]
        have_cargo = (fleet.cargo if fleet else 0) - taken[1]
        have_fresh = ctx.fresh_cargo.get((nation, sail.origin), 0) - taken[2]
        if have_ships <= 0:
            ctx.offense(
                nation,
                "sail/no-ships",
                text,
                DROPPED,
                f"no ships of yours at {ctx.name(sail.origin)}",
            )
            continue
        ships = have_ships if sail.ships is None else sail.ships
        if ships > have_ships:
            ctx.offense(nation, "sail/too-many", text, CUT, f"cut to {ships_word(have_ships)}")
            ships = have_ships
        if ships == 0:
            continue
        at_sea = m.is_sea(sail.origin)
        leaders = []
        for lid in sail.leaders:
            if lid in leaders:
                ctx.offense(nation, "move/leader", text, CUT, named_twice(m, lid))
                continue
            leader = state.leaders.get(lid)
            here = (
                leader is not None
                and leader.alive
                and (
                    (at_sea and leader.where == "sea" and leader.place == sail.origin)
                    or (not at_sea and leader.where == "province" and leader.place == sail.origin)
                )
            )
            if not here or lid in ctx.acted_leaders or any(lid in g.leaders for g in groups):
                ctx.offense(
                    nation,
                    "move/leader",
                    text,
                    CUT,
                    f"{leader_name(m, lid)} is not there or has acted: left out",
                )
                continue
            leaders.append(lid)
        steps = SAILING_STEPS + sum(
            int(m.leader(lid).effects.get("extra_sea_moves", 0))
            for lid in leaders
            if m.leader(lid).kind == "admiral"
        )
        path = list(sail.path)
        if len(path) > steps:
            cut_to = " → ".join(m.name_of(x) for x in (sail.origin, *path[:steps]))
            ctx.offense(nation, "sail/too-far", text, CUT, f"cut to {cut_to}")
            path = path[:steps]
        high = min(have_cargo, CARGO_PER_SHIP * ships)
        low = max(0, have_cargo - CARGO_PER_SHIP * (have_ships - ships))
        cargo = high if sail.divisions is None else sail.divisions
        if not low <= cargo <= high:
            fitted = min(max(cargo, low), high)
            ctx.offense(nation, "sail/cargo", text, ADJUSTED, f"cargo {cargo} adjusted to {fitted}")
            cargo = fitted
        if not at_sea and state.needs_garrison(sail.origin, nation):
            keep = state.divisions(sail.origin, nation) + have_cargo - cargo
            if keep < 1 and have_cargo > 0:
                asked = ships
                cargo = have_cargo - 1
                while ships > 0 and have_cargo - cargo > CARGO_PER_SHIP * (have_ships - ships):
                    ships -= 1
                # R7: a null count already means "all but the garrison"; only a count
                # the player wrote is cut
                if sail.divisions is not None or (sail.ships is not None and ships < asked):
                    ctx.offense(
                        nation,
                        "sail/garrison",
                        text,
                        CUT,
                        f"cargo cut to {cargo} to keep a garrison"
                        if ships == asked
                        else f"cut to {ships_word(ships)} carrying "
                        f"{min(cargo, CARGO_PER_SHIP * ships)} div to keep a garrison",
                    )
                if ships == 0:
                    continue
                cargo = min(cargo, CARGO_PER_SHIP * ships)
        fresh = min(cargo, have_fresh)
        taken[0] += ships
        taken[1] += cargo
        taken[2] += fresh
        groups.append(Group(nation, text, sail.origin, path, ships, cargo, fresh, leaders))
    for group in groups:
        if not m.is_sea(group.location):
            ctx.acted_leaders.update(group.leaders)
    _leaders_left_alone(state, nation, groups, claimed)
    return groups


def _leaders_left_alone(
    state: GreatWarState, nation: str, groups: list[Group], claimed: dict[str, list[int]]
) -> None:
    """R37: a leader aboard listed in no order stays, unless no ships stay, in which
    case he goes with the first order from that place."""
    for origin, (ships, _, _) in claimed.items():
        fleet = state.fleet_at_sea(origin, nation) if state.map.is_sea(origin) else None
        if fleet is None or ships < fleet.ships:
            continue
        first = next((g for g in groups if g.location == origin), None)
        if first is None:
            continue
        listed = {lid for g in groups for lid in g.leaders}
        first.leaders += [
            x.id for x in state.leaders_at("sea", origin, nation) if x.id not in listed
        ]


def sail_all(ctx: Context, groups: list[Group], attack_phase: bool) -> None:
    """Move the groups step by step, all at once; fleet battles after each step (R38).
    Step 1 always happens, so fleets that already share a district with an enemy
    (after a declaration of war, R82) fight even when nobody sails (case 40)."""
    state = ctx.state
    m = ctx.map
    step = 0
    while step == 0 or any(g.active and step < len(g.path) for g in groups):
        start_sea = {sea: set(per) for sea, per in state.at_sea.items()}
        moving = [g for g in groups if g.active and step < len(g.path)]
        arrivals: list[tuple[Group, str]] = []
        for g in moving:
            dest = g.path[step]
            reason = _step_refusal(ctx, g, dest, attack_phase, start_sea)
            if reason is not None:
                code, why = reason
                ctx.offense(
                    g.nation, code, g.text, DROPPED, f"step {step + 1} to {m.name_of(dest)}: {why}"
                )
                g.active = False
                continue
            state.add_fleet(g.location, g.nation, -g.ships, -g.cargo)
            _move_fresh(ctx, g, None)
            arrivals.append((g, dest))
        entered: set[tuple[str, str]] = set()
        for g, dest in arrivals:
            state.add_fleet(dest, g.nation, g.ships, g.cargo)
            g.location = dest
            _move_fresh(ctx, g, dest)
            if m.is_sea(dest):
                entered.add((g.nation, dest))
                for lid in g.leaders:
                    state.leaders[lid].where, state.leaders[lid].place = "sea", dest
            else:
                g.active = False  # entering a port is the last step
                if step + 1 < len(g.path):
                    ctx.offense(
                        g.nation,
                        "sail/not-adjacent",
                        g.text,
                        DROPPED,
                        "no step after entering a port",
                    )
                for lid in g.leaders:
                    state.leaders[lid].where, state.leaders[lid].place = "province", dest
            ctx.log(
                "moves",
                f"{ctx.name(g.nation)}: {ships_word(g.ships)} ({g.cargo} div) to {ctx.name(dest)}",
            )
        all_battles(ctx, entered)
        _shrink_groups(state, groups)
        step += 1


def _move_fresh(ctx: Context, g: Group, dest: str | None) -> None:
    if not g.fresh:
        return
    if dest is None:
        key = (g.nation, g.location)
        ctx.fresh_cargo[key] = ctx.fresh_cargo.get(key, 0) - g.fresh
    else:
        key = (g.nation, dest)
        ctx.fresh_cargo[key] = ctx.fresh_cargo.get(key, 0) + g.fresh


def _step_refusal(
    ctx: Context, g: Group, dest: str, attack_phase: bool, start_sea: dict[str, set[str]]
) -> tuple[str, str] | None:
    state = ctx.state
    m = ctx.map
    here_is_sea = m.is_sea(g.location)
    name = m.name_of
    if attack_phase:
        if not here_is_sea or not m.is_sea(dest):
            return ("sail/port", "ships may not leave or enter a port in the Attack phase")
        if dest not in m.sea(g.location).adjacent:
            return ("sail/not-adjacent", f"{name(dest)} is not next to {name(g.location)}")
        there = start_sea.get(dest, set())
        others = [  # in nation order: the set's own order would vary from run to run
            n
            for n in state.nation_ids
            if n in there and n != g.nation and not state.at_war(g.nation, n)
        ]
        if others:
            holders = ", ".join(name(n) for n in others)
            return ("sail/blocked", f"{name(dest)} holds ships of {holders}")
        return None
    if not here_is_sea:
        if m.province(g.location).port != dest:
            return (
                "sail/not-adjacent",
                f"the port of {name(g.location)} opens on "
                f"{name(m.province(g.location).port or '')}",
            )
        return None
    if m.is_sea(dest):
        if dest not in m.sea(g.location).adjacent:
            return ("sail/not-adjacent", f"{name(dest)} is not next to {name(g.location)}")
        return None
    if m.province(dest).port != g.location:
        return (
            "sail/not-adjacent",
            f"the port of {name(dest)} does not open on {name(g.location)}",
        )
    if not state.friendly(g.nation, dest):
        return ("sail/port-not-friendly", f"{name(dest)} is not friendly")
    return None


def _shrink_groups(state: GreatWarState, groups: list[Group]) -> None:
    """After battles, groups keep at most what their nation still has where they are."""
    left: dict[tuple[str, str], list[int]] = {}
    for g in groups:
        if not g.active:
            continue
        fleet = state.fleet_at(g.location, g.nation)
        key = (g.nation, g.location)
        if key not in left:
            left[key] = [fleet.ships if fleet else 0, fleet.cargo if fleet else 0]
        have = left[key]
        g.ships = min(g.ships, have[0])
        g.cargo = min(g.cargo, have[1], CARGO_PER_SHIP * g.ships)
        g.fresh = min(g.fresh, g.cargo)
        have[0] -= g.ships
        have[1] -= g.cargo
        if g.ships == 0:
            g.active = False


def all_battles(ctx: Context, entered: set[tuple[str, str]]) -> None:
    """R41: a battle in every district (map order) holding ships at sea of two nations
    at war."""
    for sea in ctx.map.seas:
        if sea.id in ctx.state.at_sea:
            district_battles(ctx, sea.id, entered)


def district_battles(ctx: Context, sea: str, entered: set[tuple[str, str]]) -> None:
    """R42: each warring pair is its own battle, earlier nation of the pair first."""
    state = ctx.state
    present = [n for n in state.nation_ids if n in state.at_sea.get(sea, {})]
    pairs = [(a, b) for i, a in enumerate(present) for b in present[i + 1 :] if state.at_war(a, b)]
    for a, b in pairs:
        if state.fleet_at_sea(sea, a) is None or state.fleet_at_sea(sea, b) is None:
            continue
        if not state.at_war(a, b):
            continue
        if _evades(ctx, sea, a) or _evades(ctx, sea, b):
            ctx.log(
                "fleet_battles",
                f"{ctx.name(sea)}: {ctx.name(a)} v {ctx.name(b)}: the battle is evaded",
            )
            continue
        _pair_battle(ctx, sea, a, b, (a, sea) in entered, (b, sea) in entered)


def _evades(ctx: Context, sea: str, nation: str) -> bool:
    chances = [
        float(ctx.map.leader(x.id).effects.get("evade_chance", 0))
        for x in admirals_aboard(ctx.state, sea, nation)
        if ctx.map.leader(x.id).kind == "admiral"
    ]
    best = max(chances, default=0.0)
    return best > 0 and ctx.chance(best)


def _pair_battle(ctx: Context, sea: str, a: str, b: str, a_entered: bool, b_entered: bool) -> None:
    state = ctx.state
    m = ctx.map
    fa = state.fleet_at_sea(sea, a)
    fb = state.fleet_at_sea(sea, b)
    assert fa is not None and fb is not None
    if a_entered != b_entered:
        a_attacks, b_attacks = a_entered, b_entered
    else:
        a_attacks = b_attacks = a_entered

    def limit(nation: str, attacks: bool) -> int:
        admirals = [
            x.id for x in admirals_aboard(state, sea, nation) if m.leader(x.id).kind == "admiral"
        ]
        return FLEET_DICE + leader_dice(m, admirals, attacks, None)

    def side(nation: str, fleet: Fleet, attacks: bool) -> str:
        role = "attacking" if attacks else "defending"
        return f"{ctx.name(nation)} {ships_word(fleet.ships)} ({fleet.cargo} div, {role})"

    before = f"{side(a, fa, a_attacks)} v {side(b, fb, b_attacks)}"
    result = fight(ctx, fa.ships, fb.ships, limit(a, a_attacks), limit(b, b_attacks))
    lines = [f"{ctx.name(sea)}: {before}: " + "; ".join(result.rounds)]
    for nation, fleet, left in ((a, fa, result.first_left), (b, fb, result.second_left)):
        lost = fleet.ships - left
        if left == 0:
            ctx.tally(nation, "ships", -fleet.ships, "R44")
            ctx.tally(nation, "divisions", -fleet.cargo, "R45")
            state.add_fleet(sea, nation, -fleet.ships, -fleet.cargo)
            lines.append(f"{ctx.name(nation)}'s fleet is destroyed")
        else:
            drowned = max(0, fleet.cargo - CARGO_PER_SHIP * left)
            state.add_fleet(sea, nation, -lost, -drowned)
            ctx.tally(nation, "ships", -lost, "R44")
            ctx.tally(nation, "divisions", -drowned, "R45")
            if drowned:
                lines.append(f"{ctx.name(nation)}: {drowned} div drowned")
    winner, loser = (a, b) if result.second_left == 0 else (b, a)
    state.nations[winner].np += 1
    ctx.np_gained[winner] = ctx.np_gained.get(winner, 0) + 1
    lines.append(f"{ctx.name(winner)} +1 NP")
    ctx.log("fleet_battles", "; ".join(lines))
    for leader in state.leaders_at("sea", sea, loser):
        survive(ctx, leader, sea, retreat_to_port(sea), "the loss of his fleet")


def push_out(ctx: Context, province: str, captor: str) -> None:
    """R60.5: other nations' ships in a captured port go out to its district, with cargo
    and leaders, and fight there at once if enemies are present."""
    state = ctx.state
    sea = ctx.map.province(province).port
    if sea is None:
        return
    entered: set[tuple[str, str]] = set()
    for nation, fleet in list(state.docked.get(province, {}).items()):
        if nation == captor:
            continue
        ships, cargo = fleet.ships, fleet.cargo
        state.add_fleet(province, nation, -ships, -cargo)
        state.add_fleet(sea, nation, ships, cargo)
        entered.add((nation, sea))
        ctx.log(
            "moves",
            f"{ctx.name(nation)}: {ships_word(ships)} pushed out of {ctx.name(province)} to "
            f"{ctx.name(sea)}",
        )
    if entered:
        district_battles(ctx, sea, entered)
