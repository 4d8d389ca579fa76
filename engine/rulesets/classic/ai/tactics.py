"""Classic computer levels, during the turn: attacks, re-rolls, moving in, free moves."""

from __future__ import annotations

from collections import deque
from functools import lru_cache

from engine import odds
from engine.rulesets.classic.ai.evaluate import View
from engine.rulesets.classic.legal import attack_options, move_options
from engine.rulesets.classic.orders import Attack, FreeMove

LOSS_WEIGHT = 0.3  # worth of one of our armies lost in battle, against a territory's worth
LOSS_CAP = 30  # expected losses beyond this size grow linearly; keeps the DP small


@lru_cache(maxsize=4096)
def battle_losses(attackers: int, defenders: int) -> tuple[float, float]:
    """Expected (attacking, defending) armies lost fighting to the end (cached)."""
    if attackers > LOSS_CAP or defenders > LOSS_CAP:
        scale = max(attackers, defenders) / LOSS_CAP
        lost_a, lost_d = battle_losses(
            max(1, round(attackers / scale)), max(1, round(defenders / scale))
        )
        return lost_a * scale, lost_d * scale
    return odds.expected_losses(attackers, defenders)


def attack_score(view: View, origin: str, target: str, extra: int = 0) -> tuple[float, float]:
    """(conquest probability, net worth) of attacking ``target`` from ``origin`` with
    ``extra`` more armies there, keeping the origin's reserve back.

    Armies lost count against the attack; armies a rival loses count for it, more so
    the fewer rivals are left to profit from the fight (neutral armies count nothing).
    """
    state = view.state
    armies = state.armies
    usable = armies[origin] + extra - 1 - view.keep_back(origin, target)
    if usable < 1:
        return 0.0, 0.0
    defenders = armies[target]
    p = view.chance(usable, defenders)
    lost_a, lost_d = battle_losses(usable, defenders)
    kill = 0.0
    if state.owner[target] != view.neutral:
        kill = LOSS_WEIGHT * view.profile.kill_weight / max(1, view.rivals)
    worth = p * view.target_value(target) - LOSS_WEIGHT * lost_a + kill * lost_d
    if view.profile.exposure > 0:
        worth -= view.profile.exposure * exposure_cost(view, origin, target, usable, lost_a, p)
    return p, worth


def exposure_cost(
    view: View, origin: str, target: str, usable: int, lost: float, p: float
) -> float:
    """Worth the attack leaves open to the enemy's reply: the origin thinned to what it
    keeps, and (if taken) the target held by the armies that arrive."""
    armies = view.state.armies
    left = armies[origin] - usable
    before = view.at_risk(origin, armies[origin])
    after = view.at_risk(origin, left, target) + p * view.at_risk(target, max(1.0, usable - lost))
    return max(0.0, after - before)


def best_attack(view: View) -> Attack | None:
    """The most worthwhile attack the level's odds allow, or None to stop attacking."""
    state, profile = view.state, view.profile
    battle = state.battle
    best: tuple[float, str, str] | None = None
    for origin, target in attack_options(state):
        ongoing = battle is not None and (battle["origin"], battle["target"]) == (origin, target)
        p, worth = attack_score(view, origin, target)
        if p < (profile.continue_win if ongoing else profile.min_win) or worth <= 0:
            continue
        key = (worth, origin, target)
        if best is None or key > best:
            best = key
    if best is None:
        return None
    _, origin, target = best
    return roll_on(view, origin, target)


def roll_on(view: View, origin: str, target: str) -> Attack:
    """Attack with every die the origin may roll."""
    # Roll on until a roll is lost, then judge again: cheap, and never throws a stack away.
    return Attack(origin, target, min(3, view.state.armies[origin] - 1), "continuous")


def accept_reroll(view: View, attack: list[int], defend: list[int]) -> bool:
    """Attack advantage: re-roll the lowest die when the expected swing is worth it."""

    def swing(dice: list[int]) -> int:
        lost = won = 0
        for a, d in zip(sorted(dice, reverse=True), sorted(defend, reverse=True), strict=False):
            if a > d:
                won += 1
            else:
                lost += 1
        return won - lost

    kept = swing(attack)
    lowest = attack.index(min(attack))
    rerolled = 0.0
    for face in range(1, 7):
        dice = list(attack)
        dice[lowest] = face
        rerolled += swing(dice) / 6
    return rerolled - kept >= view.profile.reroll_gain


def move_in_count(view: View, origin: str, target: str, least: int, most: int) -> int:
    """Armies to move into a conquered territory: the front gets what it needs."""
    if least >= most:
        return least
    state, info = view.state, view.info
    target_open = any(state.owner[n] != view.seat for n in info.neighbours[target])
    if not target_open:
        return least  # the new territory is interior: nothing to do there
    keep = int(view.danger.get(origin, 0.0) * view.profile.move_reserve)
    if keep == 0:
        return most
    origin_open = any(state.owner[n] != view.seat for n in info.neighbours[origin])
    if not origin_open:
        return most
    return max(least, most - keep)


def _front_distance(view: View) -> dict[str, int]:
    """Steps from each own territory to the nearest front, through own territories."""
    fronts = [t for t in view.own if view.is_front(t)]
    if not fronts:
        owner = view.state.owner
        fronts = [
            t for t in view.own if any(owner[n] != view.seat for n in view.info.neighbours[t])
        ]
    dist = dict.fromkeys(fronts, 0)
    queue = deque(fronts)
    while queue:
        here = queue.popleft()
        for n in view.info.neighbours[here]:
            if n in view.own_set and n not in dist:
                dist[n] = dist[here] + 1
                queue.append(n)
    return dist


def best_free_move(view: View) -> FreeMove | None:
    """The free move that strengthens the fronts most, or None."""
    state = view.state
    dist = _front_distance(view)
    best: tuple[float, str, str, int] | None = None
    for origin, target, most in move_options(state):
        here, there = dist.get(origin, 99), dist.get(target, 99)
        if here > 0:
            # Interior armies walk towards the front along the shortest supply line.
            if there >= here:
                continue
            count = most
            pull = max(0.0, view.deficit(target)) * view.importance(target) if there == 0 else 0.0
            gain = count * (1.0 + here) + (pull if view.profile.supply_smart else 0.0)
        else:
            if there != 0 or not view.profile.supply_smart:
                continue
            # Front to front: share a surplus with a neighbour that lacks armies.
            surplus = state.armies[origin] - 1 - max(0.0, view.danger[origin] * 1.2)
            need = view.deficit(target)
            count = min(most, int(min(surplus, need)))
            if count < 1:
                continue
            gain = count * (view.importance(target) - view.importance(origin) * 0.5)
            if gain <= 0:
                continue
        key = (gain, origin, target, count)
        if best is None or key > best:
            best = key
    if best is None:
        return None
    _, origin, target, count = best
    return FreeMove(origin, target, count)
