"""Card trades, the surge and the tactical move of the Capital Risk levels.

All three are chosen so that the engine never has to cut them: trades only while the
extra units fit the placement capacity (unless five cards force a trade), the surge
only through a territory the faction attacks, and the tactical move only from a
territory no enemy touches into territories unlikely to fall this turn.
"""

from __future__ import annotations

from engine.rulesets.capital.ai.odds import duel, mass
from engine.rulesets.capital.ai.plan import Planner
from engine.rulesets.capital.ai.view import View
from engine.rulesets.capital.options import MAX_SETS_PER_TURN, MUST_TRADE_AT, TWO_SETS_FROM
from engine.rulesets.capital.orders import Surge, Tactical
from engine.rulesets.capital.reinforce import capacity, reinforcements, set_value, valid_sets

SAFE_MOVE = 0.15  # a tactical destination must fall with at most this probability


def plan_trades(view: View) -> tuple[list[tuple[int, int, int]], int, dict[str, int]]:
    """Sets to trade (best first), the units they give, and the +2 card bonuses."""
    hand = list(view.state.players[view.seat].cards)
    allowed = MAX_SETS_PER_TURN if len(hand) >= TWO_SETS_FROM else 1
    room = capacity(view.state, view.seat) - reinforcements(view.state, view.seat)
    trades: list[tuple[int, int, int]] = []
    units = 0
    bonus: dict[str, int] = {}
    while len(trades) < allowed:
        sets = valid_sets(view.the_map, hand)
        if not sets:
            break
        worth = set_value(view.the_map, sets[0]) or 0
        # Units beyond the capacity would be cut (an offense); trade only when forced.
        if units + worth > room and len(hand) < MUST_TRADE_AT:
            break
        trades.append(sets[0])
        units += worth
        for card in sets[0]:
            hand.remove(card)
            territory = view.the_map.deck[card].territory
            if territory is not None and view.state.owner[territory] == view.seat:
                # The bonus counts against the placement limit (RULINGS §2).
                fits = min(bonus.get(territory, 0) + 2, view.limit(territory))
                room -= fits - bonus.get(territory, 0)
                bonus[territory] = fits
    return trades, min(units, max(room, 0)), {t: n for t, n in bonus.items() if n}


def plan_surge(plan: Planner, least: float) -> Surge | None:
    """ "If T falls to me, attack U from T": the best follow-up whose combined odds
    (T falls, then the survivors less one take U) reach ``least``."""
    view = plan.view
    best: tuple[float, str, str] | None = None
    for via in sorted(plan.won, key=view.order.__getitem__):
        p_via, units = plan.won[via]
        survivors = units - view.defence(via, plan.profile.enemy_place)
        if survivors < 3:
            continue
        for target in view.neighbours(via):
            if view.state.owner[target] == view.seat or target in plan.won:
                continue
            p = p_via * duel(survivors - 1, view.defence(target, plan.profile.enemy_place))
            score = p * plan.value(target)
            if p >= least and (best is None or score > best[0]):
                best = (score, via, target)
    return None if best is None else Surge(best[1], best[2], None)


def _safe(plan: Planner, dest: str) -> bool:
    """Whether ``dest`` is unlikely to be conquered this turn (so a move into it stands)."""
    view = plan.view
    threat = view.threat(dest, max(plan.profile.enemy_place, 0.5))
    if not threat:
        return True
    staying = plan.after(dest) - sum(a.units or 0 for a in plan.attacks if a.origin == dest)
    return mass(threat, max(staying, 1)) <= SAFE_MOVE


def plan_tactical(plan: Planner) -> Tactical | None:
    """Move the biggest idle stack that no enemy touches toward the front: into the
    capital first when it is short of its guard, then into the most useful closer
    territories (next to an enemy capital, then the most threatened)."""
    view = plan.view
    dist = view.front_distance
    idle = [
        t for t in view.own if t not in plan.used and not view.enemies_of(t) and plan.after(t) > 2
    ]
    if not idle:
        return None
    origin = max(idle, key=lambda t: (plan.after(t), -view.order[t]))
    free = plan.after(origin) - 1
    cap = view.capital
    wanted: list[tuple[float, str]] = []
    for dest in view.neighbours(origin):
        if view.state.owner[dest] != view.seat or not _safe(plan, dest):
            continue
        short = dest == cap and plan.after(dest) < plan.keep.get(dest, 0)
        if dest != cap and dist[dest] >= dist[origin] and not short:
            continue
        near_capital = any(n in view.enemy_capitals for n in view.neighbours(dest))
        pressure = sum(view.threat(dest, plan.profile.enemy_place))
        wanted.append((10.0 * short + 5.0 * near_capital + 0.1 * pressure - dist[dest], dest))
    moves: list[tuple[str, int | None]] = []
    for _, dest in sorted(wanted, key=lambda w: (-w[0], view.order[w[1]])):
        n = min(free, view.limit(dest))
        if n > 0:
            moves.append((dest, n))
            free -= n
    return Tactical(origin, tuple(moves)) if moves else None
