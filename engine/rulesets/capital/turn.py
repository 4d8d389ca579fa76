"""One resolution (RULINGS §2): placements; battles in the seed's priority; surge
attacks; tactical moves; cards; eliminations, capitals and victory; the update."""

from __future__ import annotations

from typing import Any

from engine.core import Event
from engine.errors import IllegalOrderError
from engine.rulesets.capital import report as reports
from engine.rulesets.capital.legal import Offense, Plan, default_orders, plan_orders
from engine.rulesets.capital.options import STRUCK_OUT_COMPUTER
from engine.rulesets.capital.orders import SubmitOrders
from engine.rulesets.capital.reinforce import game_map, limit_for, reinforcements
from engine.rulesets.capital.resolve import Army, Battles, fight_all
from engine.rulesets.capital.setup import resolve_setup
from engine.rulesets.capital.state import NEUTRAL_CONTROL, CapitalState, Faction, Phase


def check_ready(state: CapitalState, force: bool) -> None:
    """:raises IllegalOrderError: when orders are missing and the resolution is not forced."""
    missing = state.missing()
    if missing and not force:
        names = ", ".join(state.players[i].name for i in missing)
        raise IllegalOrderError("resolve/missing-orders", f"orders missing from {names}")


def resolve_setup_phase(state: CapitalState, force: bool) -> list[Event]:
    check_ready(state, force)
    report = reports.new_report(state, "Setup")
    parts = resolve_setup(state)
    report.update(parts)
    layout = reports.positions(state)
    report["reinforcement"] = report["resolved"] = report["final"] = layout
    state.last_report = report
    _check_victory(state, report)
    return [{"type": "setup-resolved", "capitals": [p.capital for p in state.players]}]


def resolve_turn(state: CapitalState, force: bool = False) -> list[Event]:
    """Resolve the turn in place, with the state's dice (a rule case scripts them through
    ``Ruleset.apply(state, Resolve(...), dice=...)``).

    :raises IllegalOrderError: orders are missing and ``force`` is not set.
    """
    check_ready(state, force)
    the_map = game_map(state)
    report = reports.new_report(state, f"Turn {state.turn}")
    start_owner = dict(state.owner)
    plans: dict[int, Plan] = {}
    for f, record in enumerate(state.players):
        if not record.acts:
            continue
        raw = state.orders[f]
        if raw is None:
            orders = default_orders(state, f)
            report["comments"].append(f"{record.name} sent no orders: default orders used")
            _strike(state, record, report)
        else:
            record.strikes = 0
            orders = SubmitOrders.from_json(raw)
        plans[f] = plan_orders(state, f, orders)
        if raw is not None:  # the default orders' spreading is said once, above
            report["comments"] += [f"{record.name}: {c}" for c in plans[f].comments]
    offenses: list[Offense] = [o for p in plans.values() for o in p.offenses]

    # Placements and card trades (spent cards go under the pile).
    for f, plan in plans.items():
        for trio in plan.orders.trades:
            for card in trio:
                state.players[f].cards.remove(card)
                state.draw_pile.append(card)
        for t, n in plan.orders.placements:
            state.armies[t] += n or 0
        for t, n in plan.bonus.items():
            state.armies[t] += n
    report["reinforcement"] = reports.positions(state)
    after_placements = dict(state.armies)

    # Battles: the attacking units leave their origins at once.
    armies: list[Army] = []
    for f, plan in plans.items():
        for a in plan.orders.attacks:
            armies.append(Army(f, a.origin, a.target, a.units or 0))
            state.armies[a.origin] -= a.units or 0
    ctx = Battles(state, the_map, state.options.dice)
    fight_all(ctx, armies)
    ctx.surge = True
    fight_all(ctx, _surges(state, plans, ctx, after_placements, report, offenses))
    report["attacks"] = [b for b in ctx.records if not b["surge"]]
    report["surges"] = [b for b in ctx.records if b["surge"]]
    report["resolved"] = reports.positions(state)

    for f, plan in plans.items():
        _tactical(state, f, plan, start_owner, offenses)
    report["final"] = reports.positions(state)

    _award_cards(state, ctx.conquered, report)
    _eliminate(state, report)
    _capitals(state, start_owner, report)
    report["offenses"] = [o.to_json() for o in offenses]
    report["reinforcements"] = [
        {"faction": i, "units": reinforcements(state, i)}
        for i, p in enumerate(state.players)
        if p.acts
    ]
    state.orders = [None] * len(state.players)
    state.turn += 1
    state.last_report = report
    _check_victory(state, report)
    return [
        {"type": "resolved", "turn": state.turn - 1, "battles": len(ctx.records)},
        *([{"type": "winner", "seat": state.winner}] if state.winner is not None else []),
    ]


def _strike(state: CapitalState, record: Faction, report: dict[str, Any]) -> None:
    """RULINGS §2, "two strikes and you're out": ``strikes_out`` silent turns in a row put
    the faction out; the Standard computer takes its seat, or it turns neutral."""
    record.strikes += 1
    limit = state.options.strikes_out
    if not limit or record.strikes < limit:
        return
    if state.options.struck_out == "neutral":
        record.control = NEUTRAL_CONTROL
        fate = "its territories turn neutral (they keep their units and never act)"
    else:
        record.control = STRUCK_OUT_COMPUTER
        fate = "the Standard computer takes its seat"
    report["comments"].append(
        f"{record.name} sent no orders {record.strikes} turns in a row and is out: {fate}"
    )


def _surges(
    state: CapitalState,
    plans: dict[int, Plan],
    ctx: Battles,
    after_placements: dict[str, int],
    report: dict[str, Any],
    offenses: list[Offense],
) -> list[Army]:
    """Each faction's one surge whose conditions hold: its territory fell to it this turn,
    and (if the orders say so) the target held at most M units after placements."""
    the_map = game_map(state)
    armies = []
    for f, plan in plans.items():
        surge = plan.orders.surge
        if surge is None:
            continue
        who = state.players[f].name
        if surge.via not in ctx.conquered.get(f, []) or state.owner[surge.via] != f:
            report["comments"].append(f"{who}: surge from {surge.via} not made: it did not fall")
            continue
        if state.owner[surge.target] == f:
            report["comments"].append(f"{who}: surge on {surge.target} not made: already yours")
            continue
        held = after_placements[surge.target]
        if surge.at_most is not None and held > surge.at_most:
            report["comments"].append(
                f"{who}: surge on {the_map.name_of(surge.target)} not made: it held {held} "
                f"units after placements, more than the {surge.at_most} the condition allows"
            )
            continue
        free = state.armies[surge.via] - 1
        n = free if surge.units is None else min(surge.units, free)
        if surge.units is not None and surge.units > free:
            offenses.append(
                Offense(f, "surge/too-many", f"surge cut from {surge.units} to {max(free, 0)}")
            )
        if n < 1:
            report["comments"].append(f"{who}: surge from {surge.via} not made: no units")
            continue
        state.armies[surge.via] -= n
        armies.append(Army(f, surge.via, surge.target, n))
    return armies


def _tactical(
    state: CapitalState,
    f: int,
    plan: Plan,
    start_owner: dict[str, int],
    offenses: list[Offense],
) -> None:
    """The one tactical move, cut to what is still legal after the battles."""
    move = plan.orders.tactical
    if move is None:
        return
    the_map = game_map(state)
    if state.owner[move.origin] != f:
        offenses.append(Offense(f, "move/origin-lost", f"tactical move: {move.origin} was lost"))
        return
    free = state.armies[move.origin] - 1
    for dest, count in move.moves:
        if state.owner[dest] != f:
            offenses.append(Offense(f, "move/not-owned", f"tactical move: {dest} is not yours"))
            continue
        # The limit counts the neighbours owned at the start of the turn (RULINGS §2).
        limit = limit_for(the_map, start_owner, f, dest)
        n = min(limit, free) if count is None else count
        if n > free:
            offenses.append(Offense(f, "move/too-many", f"move to {dest} cut from {n} to {free}"))
            n = free
        if n <= 0:
            continue
        state.armies[move.origin] -= n
        state.armies[dest] += n
        free -= n


def _award_cards(
    state: CapitalState, conquered: dict[int, list[str]], report: dict[str, Any]
) -> None:
    """One card per turn to each faction that conquered at least one territory."""
    for f in sorted(conquered):
        if conquered[f] and state.draw_pile and state.territories_of(f):
            state.players[f].cards.append(state.draw_pile.pop(0))


def _eliminate(state: CapitalState, report: dict[str, Any]) -> None:
    """A faction with no territory is out; its cards go under the pile (no single
    conqueror exists in a simultaneous turn)."""
    held = set(state.owner.values())
    for f, record in enumerate(state.players):
        if record.alive and f not in held:
            record.alive = False
            state.draw_pile += record.cards
            record.cards = []
            report["comments"].append(f"{record.name} has no territory left and is out")


def _capitals(state: CapitalState, start_owner: dict[str, int], report: dict[str, Any]) -> None:
    the_map = game_map(state)
    for record in state.players:
        cap = record.capital
        if cap is not None and state.owner[cap] != start_owner[cap]:
            taker = state.players[state.owner[cap]].name
            report["comments"].append(
                f"{record.name}'s capital {the_map.name_of(cap)} captured by {taker}"
            )


def capitals_needed(state: CapitalState) -> int:
    """Other capitals a faction must hold besides its own: floor(n/2), at least 1."""
    return max(1, state.start_factions // 2)


def _check_victory(state: CapitalState, report: dict[str, Any]) -> None:
    """Own capital plus floor(n/2) others at the end of a resolution wins; so does being
    the last faction with territory."""
    need = capitals_needed(state)
    # A neutral (struck-out) faction holds territory but is nobody's rival.
    alive = [i for i, p in enumerate(state.players) if p.acts]
    for f in alive:
        own = state.players[f].capital
        others = sum(
            1
            for i, p in enumerate(state.players)
            if i != f and p.capital is not None and state.owner[p.capital] == f
        )
        if (own is not None and state.owner[own] == f and others >= need) or alive == [f]:
            state.winner = f
            state.phase = Phase.GAME_OVER
            report["comments"].append(f"{state.players[f].name} wins the game")
            return
