"""The Attack phase, steps A1-A9 (spec §5.2): sailing, strikes, land battles,
captures, stand-downs, spawning, awards and the victory check."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.rulesets.greatwar1907 import fleets
from engine.rulesets.greatwar1907.battle import (
    fight,
    leader_dice,
    retreat_by_land,
    retreat_to_port,
    survive,
)
from engine.rulesets.greatwar1907.context import ADJUSTED, CUT, DROPPED, Context
from engine.rulesets.greatwar1907.diplomacy import run_diplomacy, run_passage
from engine.rulesets.greatwar1907.mapdata import NEUTRAL
from engine.rulesets.greatwar1907.options import (
    CARGO_PER_SHIP,
    LAND_DICE_ATTACK,
    LAND_DICE_DEFENCE,
    award_threshold,
)
from engine.rulesets.greatwar1907.orders import SubmitAttack
from engine.rulesets.greatwar1907.state import GreatWarState, Leader, Phase


@dataclass
class Contingent:
    """Divisions of a force from one origin: a province (land attack) or a district."""

    origin: str
    count: int
    from_sea: bool
    ships_in: int | None = None
    strike_count: int = 0


@dataclass
class Force:
    nation: str
    target: str
    parts: list[Contingent] = field(default_factory=list)
    leaders: list[str] = field(default_factory=list)
    size: int = 0  # divisions at the start of the battle step
    alive: int = 0
    stood_down: bool = False


def resolve_attack(ctx: Context, orders: dict[str, SubmitAttack]) -> None:
    state = ctx.state

    def owe(nation: str, cost: int) -> bool:
        state.nations[nation].owed += cost
        return True

    # A1, A2
    run_diplomacy(ctx, {n: (o.diplomacy, o.drop_ally) for n, o in orders.items()}, owe)
    run_passage(ctx, {n: o.passage for n, o in orders.items()})
    # A3
    groups = [g for nation, o in orders.items() for g in fleets.prepare(ctx, nation, o.sail)]
    fleets.sail_all(ctx, groups, attack_phase=True)
    # A4 + A5
    forces = _gather(ctx, orders)
    for p in ctx.map.provinces:
        here = [f for f in forces if f.target == p.id]
        if here:
            _battle_for(ctx, p.id, here)
    # A6
    for force in forces:
        if force.stood_down:
            _stand_down(ctx, force)
    # A7
    _spawn(ctx)
    # A8
    award(ctx)
    # A9
    check_victory(ctx)


# ------------------------------------------------------------------ orders -> forces
def _gather(ctx: Context, orders: dict[str, SubmitAttack]) -> list[Force]:
    """A4 and the start of A5: strikes and attacks checked and cut, every attacking
    division leaves its origin at once (R47-R49, R54, R55, R62)."""
    state = ctx.state
    m = ctx.map
    forces: dict[tuple[str, str], Force] = {}

    def force_for(nation: str, target: str) -> Force:
        return forces.setdefault((nation, target), Force(nation, target))

    for nation, o in orders.items():
        cargo_left: dict[str, int] = {}
        for s in o.strikes:
            text = (
                f"strike {s.target} from {s.origin} with "
                f"{'all' if s.divisions is None else s.divisions}"
            )
            if m.province(s.target).port != s.origin:
                ctx.offense(
                    nation,
                    "strike/no-port-here",
                    text,
                    DROPPED,
                    f"{s.target}'s port is not on {s.origin}",
                )
                continue
            if not state.hostile_target(nation, s.target):
                ctx.offense(
                    nation,
                    "strike/not-hostile",
                    text,
                    DROPPED,
                    f"{s.target} is not an enemy's or Neutral",
                )
                continue
            fleet = state.fleet_at_sea(s.origin, nation)
            if fleet is None:
                ctx.offense(
                    nation, "strike/no-fleet", text, DROPPED, f"no ships of yours in {s.origin}"
                )
                continue
            if any(state.at_war(nation, n) for n in state.at_sea.get(s.origin, {})):
                ctx.offense(
                    nation, "strike/enemy-ships", text, DROPPED, f"enemy ships remain in {s.origin}"
                )
                continue
            have = cargo_left.setdefault(s.origin, fleet.cargo)
            k = have if s.divisions is None else s.divisions
            if k > have:
                ctx.offense(nation, "strike/too-many", text, CUT, f"cut to {have}")
                k = have
            if k <= 0:
                continue
            cargo_left[s.origin] = have - k
            force = force_for(nation, s.target)
            force.parts.append(Contingent(s.origin, k, True, s.ships_in, k))
            for lid in s.leaders:
                leader = state.leaders.get(lid)
                if (
                    leader is None
                    or not leader.alive
                    or leader.where != "sea"
                    or leader.place != s.origin
                    or lid in ctx.acted_leaders
                    or m.leader(lid).kind != "general"
                ):
                    ctx.offense(
                        nation,
                        "move/leader",
                        text,
                        CUT,
                        f"{lid} is not aboard there or has acted: left out",
                    )
                    continue
                ctx.acted_leaders.add(lid)
                force.leaders.append(lid)
        used: dict[str, int] = {}
        for a in o.attacks:
            text = (
                f"attack {a.target} from {a.origin} with "
                f"{'all' if a.divisions is None else a.divisions}"
            )
            if not m.adjacent(a.origin, a.target):
                ctx.offense(
                    nation,
                    "attack/not-adjacent",
                    text,
                    DROPPED,
                    f"{a.target} does not border {a.origin}",
                )
                continue
            if not state.hostile_target(nation, a.target):
                ctx.offense(
                    nation,
                    "attack/not-hostile",
                    text,
                    DROPPED,
                    f"{a.target} is not an enemy's or Neutral",
                )
                continue
            free = state.divisions(a.origin, nation) - used.get(a.origin, 0)
            k = free if a.divisions is None else a.divisions
            if k > free:
                ctx.offense(nation, "attack/too-many", text, CUT, f"cut to {max(free, 0)}")
                k = max(free, 0)
            if state.needs_garrison(a.origin, nation):
                fleet = state.fleet_in_port(a.origin, nation)
                cargo = fleet.cargo if fleet else 0
                if free - k + cargo < 1:
                    k = max(0, free - 1)
                    ctx.offense(
                        nation, "attack/garrison", text, CUT, f"cut to {k} to keep a garrison"
                    )
            leaders = []
            for lid in a.leaders:
                leader = state.leaders.get(lid)
                if (
                    leader is None
                    or not leader.alive
                    or leader.where != "province"
                    or leader.place != a.origin
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
            if k <= 0:
                continue
            used[a.origin] = used.get(a.origin, 0) + k
            force = force_for(nation, a.target)
            force.parts.append(Contingent(a.origin, k, False))
            for lid in leaders:
                ctx.acted_leaders.add(lid)
                force.leaders.append(lid)
    # R55: all attacking divisions leave their origins at once
    for force in forces.values():
        for part in force.parts:
            if part.from_sea:
                state.add_fleet(part.origin, force.nation, 0, -part.count)
            else:
                state.add_divisions(part.origin, force.nation, -part.count)
        for lid in force.leaders:
            state.leaders[lid].where = None  # with the force, off the board for now
        force.size = force.alive = sum(part.count for part in force.parts)
    return list(forces.values())


# ------------------------------------------------------------------ battles (R56-R61)
def _defenders(state: GreatWarState, p: str) -> int:
    owner = state.owner[p]
    fleet = state.fleet_in_port(p, owner)
    return sum(state.standing.get(p, {}).values()) + (fleet.cargo if fleet else 0)


def _take_losses(ctx: Context, p: str, losses: int) -> None:
    """R56: the owner's standing divisions first, then its cargo in port, then guests
    in nation order."""
    state = ctx.state
    owner = state.owner[p]
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


def _battle_for(ctx: Context, p: str, forces: list[Force]) -> None:
    """R57, R58: the largest force first (ties: nation order); each later force fights
    the holder if the holder is Neutral or at war with it, else stands down."""
    state = ctx.state
    m = ctx.map
    order = {n: i for i, n in enumerate(state.nation_ids)}
    forces.sort(key=lambda f: (-f.size, order[f.nation]))
    core = m.province(p).core
    for force in forces:
        holder = state.owner[p]
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
            ctx.log(
                "attacks",
                f"{head}: {rounds} => {ctx.name(force.nation)} takes it with {force.alive}",
            )
            garrisoned = holder != NEUTRAL or state.options.neutral_garrison_vp
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
    former = state.owner[p]
    losers = [x for x in state.leaders_at("province", p) if x.nation != nation]
    state.owner[p] = nation
    if nation == m.province(p).owner:
        state.conquered.discard(p)
    else:
        state.conquered.add(p)
    if state.standing.get(p):
        raise AssertionError(f"{p} taken with defenders left: {state.standing[p]}")
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
                f"strike {p} from {part.origin}",
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


def _stand_down(ctx: Context, force: Force) -> None:
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


# ------------------------------------------------------------------ A7-A9
def _spawn(ctx: Context) -> None:
    """R64: generals with ``spawn_division`` add one division where they stand."""
    state = ctx.state
    for nation in state.nation_ids:
        for leader in sorted(
            (
                x
                for x in state.leaders.values()
                if x.nation == nation and x.alive and x.where == "province"
            ),
            key=lambda x: x.received,
        ):
            kind = ctx.map.leader(leader.id).effects.get("spawn_division")
            p = str(leader.place)
            if (kind == "current" and state.owner[p] == nation) or (
                kind == "captured"
                and p in ctx.captured.get(nation, set())
                and state.owner[p] == nation
            ):
                state.add_divisions(p, nation, 1)
                ctx.tally(nation, "divisions", 1, "R64")
                ctx.log(
                    "awards", f"{ctx.map.leader(leader.id).name} raises a division in {ctx.name(p)}"
                )


def award(ctx: Context) -> None:
    """R65: the n-th general at base * n(n+1)/2 VP, the n-th admiral at the same NP."""
    state = ctx.state
    base = ctx.map.award_base
    for nation in state.nation_ids:
        record = state.nations[nation]
        for kind in ("general", "admiral"):
            pile = state.general_pile if kind == "general" else state.admiral_pile
            while True:
                points = record.vp if kind == "general" else record.np
                count = record.generals_awarded if kind == "general" else record.admirals_awarded
                if points < award_threshold(base, count + 1):
                    break
                if kind == "general":
                    record.generals_awarded += 1
                else:
                    record.admirals_awarded += 1
                if not pile:
                    ctx.log("awards", f"{ctx.name(nation)} earns a {kind}, but the pile is empty")
                    continue
                lid = pile.pop(state.rng.below(len(pile)))
                received = 1 + max((x.received for x in state.leaders.values()), default=0)
                state.leaders[lid] = Leader(lid, nation, None, None, True, received)
                card = ctx.map.leader(lid)
                ctx.log("awards", f"{ctx.name(nation)} draws the {kind} {card.name} (not placed)")


def check_victory(ctx: Context) -> None:
    """R88-R91."""
    state = ctx.state
    opts = state.options
    vp = {n: state.nations[n].vp for n in state.nation_ids}
    reached = [n for n in state.nation_ids if vp[n] >= opts.victory_vp]
    if reached:
        pool = reached
    elif state.turn >= opts.turn_limit:
        pool = list(state.nation_ids)
    else:
        return

    def rank(n: str) -> tuple[int, int, int]:
        return (vp[n], len(state.provinces_of(n)), state.pp_of(n))

    best = max(rank(n) for n in pool)
    state.winners = [n for n in pool if rank(n) == best]
    state.phase = Phase.GAME_OVER
    names = " and ".join(ctx.name(n) for n in state.winners)
    ctx.log("comments", f"{names} {'wins' if len(state.winners) == 1 else 'share the win'}")
