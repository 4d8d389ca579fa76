"""Classic computer levels, turn plans: a chain of conquests judged as a whole.

A plan is a set of territories to take this turn (or over two turns, when the
reinforcements are staged first): every territory of a weak rival (elimination, their
cards come to us), the missing part of a continent (a push), or one territory of a
rival's held continent (a break).  A chain is judged by one pooled battle: the armies
that can reach it against all its defenders, less one army left behind per conquest.

Plans are recomputed from the state at every decision, so they need no memory: once a
push is under way the remaining targets form a smaller plan from the advanced stack.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rulesets.classic.ai.evaluate import View
from engine.rulesets.classic.ai.tactics import LOSS_WEIGHT, battle_losses, roll_on
from engine.rulesets.classic.cards import rising_value
from engine.rulesets.classic.orders import Attack

PUSH_MAX = 5  # a continent missing more territories than this is not a 1-2 turn push
HUNT_MAX = 6  # a rival with more territories than this is not hunted down in one turn
WIN_WORTH = 200.0  # eliminating the last rival wins the game
BORDER_COST = 0.12  # share of a continent's worth lost per border it must hold


@dataclass(frozen=True)
class Plan:
    kind: str  # "hunt", "push" or "break"
    targets: frozenset[str]
    origin: str  # the own territory where the stack stands (and reinforcements go)
    chance: float  # probability of taking every target
    score: float  # expected worth, net of expected losses


def _reach(view: View, targets: frozenset[str]) -> list[str] | None:
    """Own territories with armies next to ``targets``, biggest first; None when some
    target cannot be reached through the others from them."""
    state, info = view.state, view.info
    origins = sorted(
        {o for t in targets for o in info.neighbours[t] if o in view.own_set},
        key=lambda o: (-state.armies[o], o),
    )
    if not origins:
        return None
    seen = {t for t in targets if any(o in view.own_set for o in info.neighbours[t])}
    frontier = list(seen)
    while frontier:
        here = frontier.pop()
        for n in info.neighbours[here]:
            if n in targets and n not in seen:
                seen.add(n)
                frontier.append(n)
    return origins if len(seen) == len(targets) else None


def _judge(view: View, kind: str, targets: frozenset[str], worth: float, extra: int) -> Plan | None:
    origins = _reach(view, targets)
    if origins is None:
        return None
    armies = view.state.armies
    main = origins[0]
    pool = armies[main] - 1 + extra + 0.5 * sum(armies[o] - 1 for o in origins[1:])
    usable = int(pool) - (len(targets) - 1) - view.keep_back(main, "")
    if usable < 1:
        return None
    defenders = sum(armies[t] for t in targets)
    chance = view.chance(usable, defenders)
    lost, _ = battle_losses(usable, defenders)
    score = chance * worth - LOSS_WEIGHT * lost
    return Plan(kind, targets, main, chance, score)


def _hunts(view: View, extra: int) -> list[Plan]:
    state = view.state
    plans = []
    own_cards = len(state.players[view.seat].cards)
    for rival, player in enumerate(state.players):
        if rival == view.seat or not player.alive or player.is_neutral:
            continue
        count = view.counts.get(rival, 0)
        if count == 0 or count > HUNT_MAX:
            continue
        targets = frozenset(t for t, o in state.owner.items() if o == rival)
        cards = len(player.cards)
        worth = sum(view.target_value(t) for t in targets) + 1.5 * cards
        if own_cards + cards >= 6 and state.options.card_sets != "fixed":
            sets = (own_cards + cards) // 3 - 1
            worth += sum(
                rising_value(state.sets_traded + i, state.options.low_exchange) for i in range(sets)
            )
        elif own_cards + cards >= 6:
            worth += 8.0 * ((own_cards + cards) // 3 - 1)
        if view.rivals == 1:
            worth += WIN_WORTH
        plan = _judge(view, "hunt", targets, worth, extra)
        if plan is not None:
            plans.append(plan)
    return plans


def _pushes(view: View, extra: int) -> list[Plan]:
    state, info = view.state, view.info
    plans = []
    for cid, members in info.members.items():
        missing = frozenset(t for t in members if state.owner[t] != view.seat)
        if not missing or len(missing) > PUSH_MAX:
            continue
        worth = 2.0 * info.bonus[cid] * view.profile.continent_weight * view.mission_factor(cid)
        worth /= 1 + BORDER_COST * info.borders[cid]
        holder = view.held.get(cid)
        if holder is not None and holder != view.neutral:
            worth += info.bonus[cid] * view.profile.break_weight
        worth += sum(1.0 for _ in missing)
        plan = _judge(view, "push", missing, worth, extra)
        if plan is not None:
            plans.append(plan)
    return plans


def _breaks(view: View, extra: int) -> list[Plan]:
    info = view.info
    plans = []
    for cid, holder in view.held.items():
        if holder in (view.seat, view.neutral):
            continue
        worth = 1.0 + 2.0 * info.bonus[cid] * view.profile.break_weight
        for t in info.members[cid]:
            plan = _judge(view, "break", frozenset((t,)), worth, extra)
            if plan is not None:
                plans.append(plan)
    return plans


def best_plan(view: View, extra: int = 0) -> Plan | None:
    """The best plan of the kinds the level makes, with ``extra`` reinforcements."""
    kinds = view.profile.plans
    if not kinds:
        return None
    plans: list[Plan] = []
    if "hunt" in kinds:
        plans += _hunts(view, extra)
    if "push" in kinds and min(view.rivals, 3) in view.profile.push_rivals:
        plans += _pushes(view, extra)
    if "break" in kinds:
        plans += _breaks(view, extra)
    plans = [p for p in plans if p.score > 0]
    if not plans:
        return None
    return max(plans, key=lambda p: (p.score, p.kind, sorted(p.targets)))


def plan_attack(view: View, plan: Plan) -> Attack | None:
    """The next conquest of ``plan``: the target the strongest neighbour stack takes best,
    preferring one that leads on to the rest of the plan."""
    state, info = view.state, view.info
    best: tuple[float, str, str] | None = None
    for target in sorted(plan.targets):
        for origin in info.neighbours[target]:
            if origin not in view.own_set or state.armies[origin] < 2:
                continue
            usable = state.armies[origin] - 1
            onward = sum(1 for n in info.neighbours[target] if n in plan.targets)
            key = (view.chance(usable, state.armies[target]) + 0.05 * onward, origin, target)
            if best is None or key > best:
                best = key
    if best is None:
        return None
    _, origin, target = best
    return roll_on(view, origin, target)


def plan_keep(view: View, plan: Plan, origin: str, target: str) -> int:
    """Armies ``origin`` keeps after a plan conquest of ``target`` for the plan targets
    only it can reach."""
    info, armies = view.info, view.state.armies
    left = [
        t
        for t in info.neighbours[origin]
        if t in plan.targets and t != target and target not in info.neighbours[t]
    ]
    return sum(armies[t] + 2 for t in left)
