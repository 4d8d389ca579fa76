"""The Attack phase, steps A1-A9 (spec §5.2): sailing, strikes, land battles,
captures, stand-downs, spawning, awards and the victory check."""

from __future__ import annotations

from engine.rulesets.greatwar1907 import fleets
from engine.rulesets.greatwar1907.captures import battle_for, stand_down
from engine.rulesets.greatwar1907.context import Context
from engine.rulesets.greatwar1907.diplomacy import run_diplomacy, run_passage
from engine.rulesets.greatwar1907.forces import gather_forces
from engine.rulesets.greatwar1907.options import award_threshold
from engine.rulesets.greatwar1907.orders import SubmitAttack
from engine.rulesets.greatwar1907.state import Leader, Phase


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
    forces = gather_forces(ctx, orders)
    for p in ctx.map.provinces:
        here = [f for f in forces if f.target == p.id]
        if here:
            battle_for(ctx, p.id, here)
    # A6
    for force in forces:
        if force.stood_down:
            stand_down(ctx, force)
    # A7
    _spawn(ctx)
    # A8
    award(ctx)
    # A9
    check_victory(ctx)


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
            if (kind == "current" and state.owner_of(p) == nation) or (
                kind == "captured"
                and p in ctx.captured.get(nation, set())
                and state.owner_of(p) == nation
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
                lid = state.rng.choice(pile)  # a rule case names the leader drawn
                pile.remove(lid)
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
