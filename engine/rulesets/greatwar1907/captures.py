"""The battle step (A5) and stand-downs (A6): defenders, several attackers on one
province, captures with their ships, hulls and leaders, VP (R56-R61, R63)."""

from __future__ import annotations

from engine.rulesets.greatwar1907 import fleets
from engine.rulesets.greatwar1907.battle import (
    fight,
    leader_dice,
    retreat_by_land,
    retreat_to_port,
    survive,
)
from engine.rulesets.greatwar1907.context import ADJUSTED, Context
from engine.rulesets.greatwar1907.forces import Force
from engine.rulesets.greatwar1907.mapdata import NEUTRAL
from engine.rulesets.greatwar1907.options import (
    CARGO_PER_SHIP,
    LAND_DICE_ATTACK,
    LAND_DICE_DEFENCE,
)
from engine.rulesets.greatwar1907.state import GreatWarState, Leader


# ------------------------------------------------------------------ battles (R56-R61)
def _defenders(state: GreatWarState, p: str) -> int:
    owner = state.owner_of(p)
    fleet = state.fleet_in_port(p, owner)
    return state.armies[p] + (fleet.cargo if fleet else 0)


def _take_losses(ctx: Context, p: str, losses: int) -> None:
    """R56: the owner's standing divisions first, then its cargo in port, then guests
    in nation order."""
    state = ctx.state
    owner = state.owner_of(p)
    take = min(losses, state.divisions(p, owner))
    if take:
        state.add_divisions(p, owner, -take)
        ctx.tally(owner, "divisions", -take, "R52")
    losses -= take
    fleet = state.fleet_in_port(p, owner)
    if losses and fleet is not None and fleet.cargo:
        take = min(losses, fleet.cargo)
        state.add_fleet(p, owner, 0, -take)
        ctx.tally(owner, "divisions", -take, "R52, R56 (cargo in port)")
        losses -= take
    for nation in state.nation_ids:
        if not losses:
            break
        take = min(losses, state.divisions(p, nation))
        if take:
            state.add_divisions(p, nation, -take)
            ctx.tally(nation, "divisions", -take, "R52, R56 (guests)")
            losses -= take


def battle_for(ctx: Context, p: str, forces: list[Force]) -> None:
    """R57, R58: the largest force first (ties: nation order); each later force fights
    the holder if the holder is Neutral or at war with it, else stands down."""
    state = ctx.state
    m = ctx.map
    order = {n: i for i, n in enumerate(state.nation_ids)}
    forces.sort(key=lambda f: (-f.size, order[f.nation]))
    core = m.province(p).core
    for force in forces:
        holder = state.owner_of(p)
        if not state.hostile_target(force.nation, p):
            force.stood_down = True
            ctx.log(
                "attacks",
                f"{_force_text(ctx, force)} stands down ({ctx.name(p)} is held by "
                f"{ctx.name(holder)})",
            )
            continue
        defenders = _defenders(state, p)
        def_leaders = [
            x.id for x in state.leaders_at("province", p) if m.leader(x.id).kind == "general"
        ]
        head = (
            f"Attack on {ctx.name(p)}: {_force_text(ctx, force)} v {ctx.name(holder)} {defenders}"
        )
        if defenders == 0:
            ctx.log(
                "attacks",
                f"{head}: no defenders => {ctx.name(force.nation)} takes it with {force.alive}",
            )
            _capture(ctx, p, force, garrisoned=False)
            continue
        generals = [x for x in force.leaders if m.leader(x).kind == "general"]  # R69
        a_limit = LAND_DICE_ATTACK + leader_dice(m, generals, True, core)
        d_limit = LAND_DICE_DEFENCE + leader_dice(m, def_leaders, False, core)
        result = fight(ctx, force.alive, defenders, a_limit, d_limit)
        _take_losses(ctx, p, defenders - result.second_left)
        ctx.tally(force.nation, "divisions", result.first_left - force.alive, "R52")
        force.alive = result.first_left
        rounds = "; ".join(result.rounds)
        if result.second_left == 0:
            garrisoned = holder != NEUTRAL or state.options.neutral_garrison_vp
            vp = " (+1 VP)" if garrisoned else ""
            ctx.log(
                "attacks",
                f"{head}: {rounds} => {ctx.name(force.nation)} takes it with {force.alive}{vp}",
            )
            _capture(ctx, p, force, garrisoned=garrisoned)
        else:
            ctx.log("attacks", f"{head}: {rounds} => holds")
            _force_destroyed(ctx, force, p)


def _force_text(ctx: Context, force: Force) -> str:
    origins = ", ".join(ctx.name(part.origin) for part in force.parts)
    who = (
        f" ({', '.join(ctx.map.leader(x).name.split()[-1] for x in force.leaders)})"
        if force.leaders
        else ""
    )
    return f"{ctx.name(force.nation)} from {origins} {force.size}{who}"


def _force_destroyed(ctx: Context, force: Force, p: str) -> None:
    """R51, R71: the force's generals roll to survive; strike generals go back aboard."""
    state = ctx.state
    strike_seas = [part.origin for part in force.parts if part.from_sea]
    sea = next((s for s in strike_seas if state.fleet_at_sea(s, force.nation)), None)

    def choose(st: GreatWarState, leader: Leader) -> tuple[str, str] | None:
        if sea is not None:
            return ("sea", sea)
        if strike_seas:  # R71: "if none, as the next row" (general, fleet sunk)
            return retreat_to_port(strike_seas[0])(st, leader)
        return retreat_by_land(p)(st, leader)

    for lid in list(force.leaders):
        survive(ctx, state.leaders[lid], p, choose, "the defeat of his force")
    force.leaders = []


def _capture(ctx: Context, p: str, force: Force, garrisoned: bool) -> None:
    """R60, R61, R63."""
    state = ctx.state
    m = ctx.map
    nation = force.nation
    former = state.owner_of(p)
    losers = [x for x in state.leaders_at("province", p) if x.nation != nation]
    state.set_owner(p, nation)
    if nation == m.province(p).owner:
        state.conquered.discard(p)
    else:
        state.conquered.add(p)
    if state.divisions_at(p):
        raise AssertionError(f"{p} taken with defenders left: {state.divisions_at(p)}")
    state.add_divisions(p, nation, force.alive)
    for lid in force.leaders:
        state.leaders[lid].where, state.leaders[lid].place = "province", p
    force.leaders = []
    old = state.fleet_in_port(p, former)
    if old is not None:
        ships = old.ships
        state.add_fleet(p, former, -ships, -old.cargo)
        state.add_fleet(p, nation, ships, 0)
        ctx.tally(former, "ships", -ships, "R60 (ships in port change hands)")
        ctx.tally(nation, "ships", ships, "R60 (ships in port change hands)")
    ctx.tally(former, "hulls", -state.hulls.pop(p, 0), "R25")
    fleets.push_out(ctx, p, nation)
    # R50: ships of the striking fleet enter the port
    for part in force.parts:
        if not part.from_sea:
            continue
        fleet = state.fleet_at_sea(part.origin, nation)
        if fleet is None:
            continue
        wanted = -(-part.strike_count // 2) if part.ships_in is None else part.ships_in
        room = fleet.ships - -(-fleet.cargo // CARGO_PER_SHIP)
        n = min(wanted, room, fleet.ships)
        if n < wanted and part.ships_in is not None:
            ctx.offense(
                nation,
                "strike/ships-in",
                part.text,
                ADJUSTED,
                f"ships_in lowered to {n}",
            )
        if n > 0:
            state.add_fleet(part.origin, nation, -n, 0)
            state.add_fleet(p, nation, n, 0)
            if state.fleet_at_sea(part.origin, nation) is None:
                for x in state.leaders_at("sea", part.origin, nation):
                    x.where, x.place = "province", p
    if garrisoned:
        state.nations[nation].vp += 1
        ctx.vp_gained[nation] = ctx.vp_gained.get(nation, 0) + 1
        ctx.log("awards", f"{ctx.name(nation)} takes {ctx.name(p)}: +1 VP")
    ctx.captured.setdefault(nation, set()).add(p)
    sea = m.province(p).port
    for leader in losers:
        is_admiral = m.leader(leader.id).kind == "admiral"
        if is_admiral and sea is not None:
            survive(ctx, leader, p, retreat_to_port(sea), "the capture of his port")
        else:
            survive(ctx, leader, p, retreat_by_land(p), "the capture of his province")


def stand_down(ctx: Context, force: Force) -> None:
    """R59: back to the origin if still friendly, else to the friendly neighbour of the
    target with most of the nation's divisions, else destroyed; strike divisions back
    aboard their fleet."""
    state = ctx.state
    m = ctx.map
    nation = force.nation
    leaders_home: str | None = None
    for part in force.parts:
        if part.from_sea:
            fleet = state.fleet_at_sea(part.origin, nation)
            if fleet is None:
                ctx.tally(nation, "divisions", -part.count, "R59")
                ctx.log(
                    "attacks",
                    f"{ctx.name(nation)}: {part.count} div lost (their fleet in "
                    f"{ctx.name(part.origin)} is gone)",
                )
                continue
            room = CARGO_PER_SHIP * fleet.ships - fleet.cargo
            state.add_fleet(part.origin, nation, 0, min(room, part.count))
            ctx.tally(
                nation, "divisions", min(room, part.count) - part.count, "R45 (no room aboard)"
            )
            continue
        dest: str | None = part.origin
        if not state.friendly(nation, part.origin):
            near = [q for q in m.neighbours(force.target) if state.friendly(nation, q)]
            dest = (
                max(near, key=lambda q: (state.divisions(q, nation), -m.order_of(q)))
                if near
                else None
            )
        if dest is None:
            ctx.tally(nation, "divisions", -part.count, "R59")
            ctx.log("attacks", f"{ctx.name(nation)}: {part.count} div destroyed, nowhere to return")
            continue
        state.add_divisions(dest, nation, part.count)
        leaders_home = leaders_home or dest
    for lid in force.leaders:
        leader = state.leaders[lid]
        if leaders_home is not None:
            leader.where, leader.place = "province", leaders_home
        else:
            sea = next(
                (
                    pt.origin
                    for pt in force.parts
                    if pt.from_sea and state.fleet_at_sea(pt.origin, nation)
                ),
                None,
            )
            if sea is not None:
                leader.where, leader.place = "sea", sea
            else:
                leader.alive = False
                leader.where = leader.place = None
