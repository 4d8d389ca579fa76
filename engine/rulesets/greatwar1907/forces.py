"""Attack-phase orders become forces (A4 and the start of A5): strikes and land
attacks checked and cut, every attacking division leaves its origin at once (R47-R49,
R54, R55, R62)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.rulesets.greatwar1907.context import CUT, DROPPED, Context, named_twice
from engine.rulesets.greatwar1907.orders import SubmitAttack
from engine.rulesets.greatwar1907.wording import leader_name, quote


@dataclass
class Contingent:
    """Divisions of a force from one origin: a province (land attack) or a district."""

    origin: str
    count: int
    from_sea: bool
    ships_in: int | None = None
    strike_count: int = 0
    text: str = ""  # the order as written, for the Offenses (spec §6)


@dataclass
class Force:
    nation: str
    target: str
    parts: list[Contingent] = field(default_factory=list)
    leaders: list[str] = field(default_factory=list)
    size: int = 0  # divisions at the start of the battle step
    alive: int = 0
    stood_down: bool = False


# ------------------------------------------------------------------ orders -> forces
def gather_forces(ctx: Context, orders: dict[str, SubmitAttack]) -> list[Force]:
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
            text = quote(m, "strikes", s)
            target, sea = m.name_of(s.target), m.name_of(s.origin)
            if m.province(s.target).port != s.origin:
                ctx.offense(
                    nation,
                    "strike/no-port-here",
                    text,
                    DROPPED,
                    f"the port of {target} is not on {sea}",
                )
                continue
            if not state.hostile_target(nation, s.target):
                ctx.offense(
                    nation,
                    "strike/not-hostile",
                    text,
                    DROPPED,
                    f"{target} is neither an enemy's nor Neutral",
                )
                continue
            fleet = state.fleet_at_sea(s.origin, nation)
            if fleet is None:
                ctx.offense(nation, "strike/no-fleet", text, DROPPED, f"no ships of yours in {sea}")
                continue
            if any(state.at_war(nation, n) for n in state.at_sea.get(s.origin, {})):
                ctx.offense(
                    nation, "strike/enemy-ships", text, DROPPED, f"enemy ships remain in {sea}"
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
            force.parts.append(Contingent(s.origin, k, True, s.ships_in, k, text))
            for i, lid in enumerate(s.leaders):
                if lid in s.leaders[:i]:
                    ctx.offense(nation, "move/leader", text, CUT, named_twice(m, lid))
                    continue
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
                        f"{leader_name(m, lid)} is not aboard there or has acted: left out",
                    )
                    continue
                ctx.acted_leaders.add(lid)
                force.leaders.append(lid)
        used: dict[str, int] = {}
        for a in o.attacks:
            text = quote(m, "attacks", a)
            if not m.adjacent(a.origin, a.target):
                ctx.offense(
                    nation,
                    "attack/not-adjacent",
                    text,
                    DROPPED,
                    f"{m.name_of(a.target)} does not border {m.name_of(a.origin)}",
                )
                continue
            if not state.hostile_target(nation, a.target):
                ctx.offense(
                    nation,
                    "attack/not-hostile",
                    text,
                    DROPPED,
                    f"{m.name_of(a.target)} is neither an enemy's nor Neutral",
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
                    if a.divisions is not None:  # R7: null already means "all but the garrison"
                        ctx.offense(
                            nation, "attack/garrison", text, CUT, f"cut to {k} to keep a garrison"
                        )
            leaders = ctx.leaders_present(nation, text, a.leaders, a.origin)
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
