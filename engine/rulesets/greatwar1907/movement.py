"""Embarking (D6), free moves (D7) and disembarking (D8): R27-R34, R62."""

from __future__ import annotations

from engine.rulesets.greatwar1907.context import CUT, DROPPED, Context
from engine.rulesets.greatwar1907.options import (
    CARGO_PER_SHIP,
    FREE_MOVE_STEPS,
)
from engine.rulesets.greatwar1907.orders import SubmitDeployment
from engine.rulesets.greatwar1907.wording import quote


# ------------------------------------------------------------------ embark, moves, disembark
def embark(ctx: Context, nation: str, o: SubmitDeployment) -> None:
    state = ctx.state
    for e in o.embark:
        text = quote(ctx.map, "embark", e)
        if not state.friendly(nation, e.province):
            ctx.offense(
                nation,
                "embark/not-friendly",
                text,
                DROPPED,
                f"{ctx.name(e.province)} is not friendly",
            )
            continue
        fleet = state.fleet_in_port(e.province, nation)
        if fleet is None:
            ctx.offense(
                nation,
                "embark/no-ships",
                text,
                DROPPED,
                f"no ships of yours in the port of {ctx.name(e.province)}",
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


def free_moves(ctx: Context, orders: dict[str, SubmitDeployment]) -> None:
    """R27-R31: every free move at once, from the divisions standing at the start."""
    state = ctx.state
    m = ctx.map
    left: dict[tuple[str, str], int] = {}
    arrivals: list[tuple[str, str, int, list[str]]] = []
    for nation, o in orders.items():
        for mv in o.moves:
            text = quote(m, "moves", mv)
            key = (nation, mv.origin)
            if key not in left:
                left[key] = state.divisions(mv.origin, nation)
            leaders = ctx.leaders_present(nation, text, mv.leaders, mv.origin)
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
                        nation,
                        "move/not-adjacent",
                        text,
                        DROPPED,
                        f"{m.name_of(step)} does not border {m.name_of(here)}",
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
                            f"cut before {m.name_of(step)}, not friendly",
                        )
                    else:
                        ctx.offense(
                            nation,
                            "move/not-friendly",
                            text,
                            DROPPED,
                            f"{m.name_of(step)} is not friendly",
                        )
                        refused = True
                    break
                path.append(step)
                here = step
            if refused or not path:
                continue
            if len(path) > steps:
                cut_to = " → ".join(m.name_of(x) for x in (mv.origin, *path[:steps]))
                ctx.offense(nation, "move/too-far", text, CUT, f"cut to {cut_to}")
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
                    if mv.divisions is not None:  # R7: null already means "all but the garrison"
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


def disembark(ctx: Context, nation: str, o: SubmitDeployment) -> None:
    state = ctx.state
    for d in o.disembark:
        text = quote(ctx.map, "disembark", d)
        if not state.friendly(nation, d.province):
            ctx.offense(
                nation,
                "disembark/not-friendly",
                text,
                DROPPED,
                f"{ctx.name(d.province)} is not friendly",
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
