"""Submissions (R1, R4, R6) and the resolution of a phase (R5, §5)."""

from __future__ import annotations

from engine.core import Event, copy_json
from engine.errors import IllegalOrderError
from engine.rulesets.greatwar1907.attack import resolve_attack
from engine.rulesets.greatwar1907.context import Context
from engine.rulesets.greatwar1907.deployment import resolve_deployment
from engine.rulesets.greatwar1907.economy import Allowances
from engine.rulesets.greatwar1907.orders import (
    SubmitAttack,
    SubmitDeployment,
    submission_from_json,
)
from engine.rulesets.greatwar1907.report import map_section, nations_block, new_report, production
from engine.rulesets.greatwar1907.state import GreatWarState, Phase
from engine.rulesets.greatwar1907.trades import OPEN_TRADES


def _unknown(what: str, value: str) -> IllegalOrderError:
    return IllegalOrderError("order/unknown-id", f"there is no {what} {value!r}")


def check_submission(state: GreatWarState, order: SubmitDeployment | SubmitAttack) -> None:
    """R6: malformed names are refused at once; everything else is checked when its
    step runs.

    :raises IllegalOrderError: naming the unknown id or the leader of another nation.
    """
    m = state.map
    nations = state.nation_ids
    if not 0 <= order.faction < len(nations):
        raise IllegalOrderError("order/bad-seat", f"there is no seat {order.faction}")
    if order.nation != nations[order.faction]:
        raise IllegalOrderError(
            "order/bad-seat",
            f"seat {order.faction} is {nations[order.faction]}, not {order.nation!r}",
        )
    if state.players[order.faction].kind == "idle":
        raise IllegalOrderError("order/idle-seat", f"{order.nation} is idle and gives no orders")

    def nation(value: str) -> None:
        if value not in nations:
            raise _unknown("nation", value)

    def province(value: str) -> None:
        if not m.is_province(value):
            raise _unknown("province", value)

    def place(value: str) -> None:
        if not m.is_province(value) and not m.is_sea(value):
            raise _unknown("province or sea", value)

    def leaders(ids: tuple[str, ...]) -> None:
        for lid in ids:
            if lid not in {c.id for c in m.leaders}:
                raise _unknown("leader", lid)
            leader = state.leaders.get(lid)
            if leader is None or leader.nation != order.nation:
                raise IllegalOrderError(
                    "order/not-yours", f"{lid} is not a leader of {order.nation}"
                )

    for d in order.diplomacy:
        nation(d.other)
    if order.drop_ally is not None:
        nation(order.drop_ally)
    for g in order.passage:
        nation(g.nation)
    for s in order.sail:
        place(s.origin)
        for step in s.path:
            place(step)
        leaders(s.leaders)
    if isinstance(order, SubmitDeployment):
        if order.pay_first is not None:
            province(order.pay_first)
        for t in order.trades:
            nation(t.other)
            for p in (*t.give.provinces, *t.get.provinces):
                province(p)
            for spot in (t.pay_from, t.receive_at):
                if spot is not None:
                    province(spot)
        for b in order.builds:
            province(b.province)
        for pl in order.place:
            leaders((pl.leader,))
            place(pl.at)
        for e in (*order.embark, *order.disembark):
            province(e.province)
        for mv in order.moves:
            province(mv.origin)
            for step in mv.path:
                province(step)
            leaders(mv.leaders)
    else:
        for st in order.strikes:
            if not m.is_sea(st.origin):
                raise _unknown("sea", st.origin)
            province(st.target)
            leaders(st.leaders)
        for a in order.attacks:
            province(a.origin)
            province(a.target)
            leaders(a.leaders)


def missing(state: GreatWarState) -> list[int]:
    """Seats that act and have not sent orders for this phase."""
    return [i for i, s in enumerate(state.players) if s.kind != "idle" and state.orders[i] is None]


def resolve_phase(state: GreatWarState, force: bool) -> list[Event]:
    """:raises IllegalOrderError: orders are missing and ``force`` is not set."""
    absent = missing(state)
    if absent and not force:
        names = ", ".join(state.players[i].nation for i in absent)
        raise IllegalOrderError("resolve/missing-orders", f"orders missing from {names}")
    report = new_report(state)
    ctx = Context(state, report)
    start_pp = {n: state.pp_of(n) for n in state.nation_ids}
    deployment = state.phase is Phase.DEPLOYMENT
    if not deployment and state.last_report and state.last_report.get(OPEN_TRADES):
        # this turn's trade offers stay readable until trades can next be ordered
        report[OPEN_TRADES] = copy_json(state.last_report[OPEN_TRADES])
    submissions: dict[str, SubmitDeployment | SubmitAttack] = {}
    for i, seat in enumerate(state.players):
        raw = state.orders[i]
        if seat.kind == "idle":
            continue
        if raw is None:
            ctx.log("comments", f"{state.map.name_of(seat.nation)} sent no orders")
            raw = {
                "kind": "submit-deployment" if deployment else "submit-attack",
                "faction": i,
                "nation": seat.nation,
            }
        submissions[seat.nation] = submission_from_json(raw)
    pools: dict[str, Allowances] | None = None
    if deployment:
        pools = resolve_deployment(
            ctx, {n: o for n, o in submissions.items() if isinstance(o, SubmitDeployment)}
        )
        report["production"] = production(state, pools)
        state.phase = Phase.ATTACK
    else:
        resolve_attack(ctx, {n: o for n, o in submissions.items() if isinstance(o, SubmitAttack)})
        if state.phase is not Phase.GAME_OVER:
            state.turn += 1
            state.phase = Phase.DEPLOYMENT
    for nation in state.nation_ids:
        due = state.nations[nation].drop_due
        if due is not None:
            ctx.log(
                "comments",
                f"{state.map.name_of(nation)} must drop its alliance with "
                f"{state.map.name_of(due[0])} or {state.map.name_of(due[1])} in its next orders",
            )
    for nation in state.nation_ids:
        gained = [
            f"+{n} {what}"
            for n, what in (
                (ctx.vp_gained.get(nation, 0), "VP"),
                (ctx.np_gained.get(nation, 0), "NP"),
            )
            if n
        ]
        if gained:
            ctx.log("awards", f"{state.map.name_of(nation)}: {', '.join(gained)} this phase")
    report["nations"] = nations_block(state, pools)
    report["map"] = map_section(state)
    report["offenses"] = [o.to_json() for o in ctx.offenses]
    state.orders = [None] * len(state.players)
    state.last_report = report
    events: list[Event] = [
        {
            "type": "resolved",
            "turn": report["turn"],
            "phase": report["phase"],
            "offenses": len(ctx.offenses),
        }
    ]
    events.append(_accounts(ctx, pools, start_pp))
    if state.phase is Phase.GAME_OVER:
        events.append({"type": "winner", "nations": list(state.winners)})
    return events


def _accounts(ctx: Context, pools: dict[str, Allowances] | None, start_pp: dict[str, int]) -> Event:
    """What the phase made and destroyed, and where every quarter went: the event the
    accounting properties read (not kept in the state)."""
    pp: dict[str, dict[str, object]] = {}
    for nation, allowance in (pools or {}).items():
        pp[nation] = {
            "province_pp": start_pp[nation],
            "credited": allowance.credited,
            "allowance": sum(p.allowance for p in allowance.pools),
            "spent": sum(p.spent for p in allowance.pools),
            "left": allowance.total(),
            "ledger": [list(x) for x in allowance.ledger],
        }
    return {
        "type": "accounts",
        "tallies": [list(t) for t in ctx.tallies],
        "pp": pp,
    }
