"""Simultaneous-move foresight for the Good level of Capital Risk.

Orders are sealed and resolved together, and "units sent out to attack have left their
territory, and the defender fights with what stayed".  A territory the enemy attacks
from is therefore weak this turn, and an attack across a border the enemy attacks
across meets the enemy's army first (a border clash).  Good reads the enemy's likely
orders by planning them with a sensible model of play (the shared planner under a
given profile, from the enemy's seat, with only what is public: its hidden cards are
left out) and takes them into account:

* the expected defence of an enemy territory is what the model places there, less
  what the model sends out of it (never below one);
* an attack from a territory the model attacks meets that army first, so its size is
  added to the defence the attack must beat.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.rulesets.capital.ai.odds import duel
from engine.rulesets.capital.ai.plan import LevelProfile, Planner
from engine.rulesets.capital.ai.view import View
from engine.rulesets.capital.orders import Surge
from engine.rulesets.capital.reinforce import capacity, reinforcements
from engine.rulesets.capital.state import CapitalState


@dataclass(frozen=True)
class Forecast:
    """The enemy's expected defenders per territory and its expected border attacks."""

    defenders: dict[str, int]  # enemy territory: units left in it after its orders
    clashes: dict[tuple[str, str], int]  # (enemy origin, own target): units sent


def forecast(view: View, model: Callable[[CapitalState, int], LevelProfile]) -> Forecast:
    """Plan every living enemy's orders under ``model(state, foe)`` and read what they
    leave."""
    state = view.state
    defenders: dict[str, int] = {}
    clashes: dict[tuple[str, str], int] = {}
    for foe, player in enumerate(state.players):
        if foe == view.seat or not player.alive:
            continue
        theirs = View(state, foe)
        pool = min(reinforcements(state, foe), capacity(state, foe))
        plan = Planner(theirs, model(state, foe), pool, {})
        plan.guard_capital()
        plan.plan_attacks()
        plan.place_rest()
        out: dict[str, int] = {}
        for a in plan.attacks:
            n = a.units or 0
            out[a.origin] = out.get(a.origin, 0) + n
            if state.owner[a.target] == view.seat:
                clashes[(a.origin, a.target)] = n
        for t in theirs.own:
            defenders[t] = max(1, plan.after(t) - out.get(t, 0))
    return Forecast(defenders, clashes)


def foresight_surge(plan: Planner, least: float) -> Surge | None:
    """The surge read with foresight: the follow-up target holds only what the enemy
    keeps in it (its own attacks empty it), so a surge goes deeper, and most readily
    toward a capital (worth more in :meth:`Planner.value`)."""
    view = plan.view
    best: tuple[float, str, str] | None = None
    for via in sorted(plan.won, key=view.order.__getitem__):
        p_via, units = plan.won[via]
        survivors = units - plan.expected.get(via, view.state.armies[via])
        if survivors < 3:
            continue
        for target in view.neighbours(via):
            if view.state.owner[target] == view.seat or target in plan.won:
                continue
            held = plan.expected.get(target, view.state.armies[target])
            p = p_via * duel(survivors - 1, held)
            score = p * plan.value(target)
            if p >= least and (best is None or score > best[0]):
                best = (score, via, target)
    return None if best is None else Surge(best[1], best[2], None)
