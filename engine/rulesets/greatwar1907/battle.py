"""Dice (R44, R52, R53), leader modifiers (R69, R70) and survival (R71).

In each round both sides roll, the first side first; sorted high to low, the dice are
compared in pairs; an equal pair is rethrown one die each until they differ, so every
compared pair kills exactly one unit.  Rounds go on until one side has none left.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engine.rulesets.greatwar1907.context import Context
from engine.rulesets.greatwar1907.mapdata import ScenarioMap
from engine.rulesets.greatwar1907.state import GreatWarState, Leader


@dataclass(frozen=True)
class BattleResult:
    first_left: int
    second_left: int
    rounds: tuple[str, ...]


def dice_for(units: int, limit: int) -> int:
    """Never more dice than units, never fewer than 1."""
    return max(1, min(units, limit))


def fight(
    ctx: Context, first: int, second: int, first_limit: int, second_limit: int
) -> BattleResult:
    """Fight to the end: ``first`` rolls first each round (the attacker; in a fleet
    battle the earlier nation)."""
    rounds = []
    number = 0
    while first > 0 and second > 0:
        number += 1
        a = sorted((ctx.die() for _ in range(dice_for(first, first_limit))), reverse=True)
        d = sorted((ctx.die() for _ in range(dice_for(second, second_limit))), reverse=True)
        lost_a = lost_d = 0
        ties = []
        for x, y in zip(a, d, strict=False):
            while x == y:
                x, y = ctx.die(), ctx.die()
                ties.append(f"tie {x} v {y}")
            if x > y:
                lost_d += 1
            else:
                lost_a += 1
        lost_a = min(lost_a, first)
        lost_d = min(lost_d, second)
        first -= lost_a
        second -= lost_d
        text = f"r{number} {' '.join(map(str, a))} v {' '.join(map(str, d))}"
        if ties:
            text += ", " + ", ".join(ties)
        rounds.append(f"{text}: -{lost_a}/-{lost_d}")
    return BattleResult(first, second, tuple(rounds))


def leader_dice(m: ScenarioMap, leaders: Iterable[str], attacking: bool, core: str | None) -> int:
    """The summed modifiers of one side's leaders (R70: no cap; ``soil_dice`` replaces
    that leader's own value in a province of that core)."""
    key = "attack_dice" if attacking else "defence_dice"
    soil_key = "attack" if attacking else "defence"
    total = 0
    for lid in leaders:
        effects = m.leader(lid).effects
        value = int(effects.get(key, 0))
        soil = effects.get("soil_dice")
        if (
            isinstance(soil, dict)
            and core is not None
            and soil.get("nation") == core
            and soil_key in soil
        ):
            value = int(soil[soil_key])
        total += value
    return total


def survive(
    ctx: Context,
    leader: Leader,
    where: str,
    choose: Callable[[GreatWarState, Leader], tuple[str, str] | None],
    what: str,
) -> None:
    """R71: a leader who suffers a loss survives with ``survive_loss``; a survivor goes
    where ``choose`` says ((where, place)), else he dies."""
    state = ctx.state
    chance = float(ctx.map.leader(leader.id).effects.get("survive_loss", 0))
    name = ctx.map.leader(leader.id).name
    if chance > 0 and ctx.chance(chance):
        spot = choose(state, leader)
        if spot is not None:
            leader.where, leader.place = spot
            ctx.log(
                "awards",
                f"{name} survives {what} at {ctx.name(where)} and goes to {ctx.name(spot[1])}",
            )
            return
    leader.alive = False
    leader.where = leader.place = None
    ctx.log("awards", f"{name} is lost ({what} at {ctx.name(where)})")


def retreat_by_land(
    battle_province: str,
) -> Callable[[GreatWarState, Leader], tuple[str, str] | None]:
    """A general's retreat: the adjacent province of his nation with most of its
    divisions, then map order."""

    def choose(state: GreatWarState, leader: Leader) -> tuple[str, str] | None:
        options = [
            q for q in state.map.neighbours(battle_province) if state.owner_of(q) == leader.nation
        ]
        if not options:
            return None
        best = max(
            options, key=lambda q: (state.divisions(q, leader.nation), -state.map.order_of(q))
        )
        return ("province", best)

    return choose


def retreat_to_port(sea: str) -> Callable[[GreatWarState, Leader], tuple[str, str] | None]:
    """From a sunk fleet (or an admiral's captured port): a province of his nation with
    a port on that district; generals prefer most divisions, admirals most ships."""

    def choose(state: GreatWarState, leader: Leader) -> tuple[str, str] | None:
        options = [p for p in state.map.ports_on(sea) if state.owner_of(p) == leader.nation]
        if not options:
            return None
        admiral = state.map.leader(leader.id).kind == "admiral"

        def weight(p: str) -> tuple[int, int]:
            fleet = state.fleet_in_port(p, leader.nation)
            count = (fleet.ships if fleet else 0) if admiral else state.divisions(p, leader.nation)
            return (count, -state.map.order_of(p))

        return ("province", max(options, key=weight))

    return choose
