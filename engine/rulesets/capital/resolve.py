"""Battles: border clashes, mass invasions, invasions and spoils of war (RULINGS §2).

Each army rolls one coloured D12 per round (colour from its CURRENT unit count); the
lower total loses one unit.  Ties go to the attacker, except in border clashes and spoils
of war, where a tie costs each side one unit.  Rounds go on until one side is gone.

Dice come from the state's :class:`~engine.rng.Rng`, one raw face (1..12) per throw; a
rule case scripts them through ``Ruleset.apply(..., dice=...)`` as in every ruleset.  In
each round the defender rolls first, then the attacking armies in their listed order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.maps import GameMap
from engine.odds import ColourD12
from engine.rulesets.capital.options import DIE_FACES
from engine.rulesets.capital.state import CapitalState

BORDER_CLASH = "border-clash"
MASS_INVASION = "mass-invasion"
INVASION = "invasion"
SPOILS_OF_WAR = "spoils-of-war"


@dataclass
class Army:
    """Units on the move: they have left ``origin`` and fight for ``target``."""

    faction: int
    origin: str
    target: str
    units: int


@dataclass
class Battles:
    """The shared context of one resolution's battles."""

    state: CapitalState
    the_map: GameMap
    dice: ColourD12
    surge: bool = False
    records: list[dict[str, Any]] = field(default_factory=list)
    conquered: dict[int, list[str]] = field(default_factory=dict)

    def throw(self, units: int) -> list[Any]:
        """One die for a side of ``units``: [colour, face, total]."""
        colour = self.dice.colour(units)
        face = self.state.rng.die(DIE_FACES)
        return [colour.name, face, face + colour.bonus]

    def record(self, kind: str, target: str, sides: list[dict[str, Any]]) -> dict[str, Any]:
        rec: dict[str, Any] = {
            "kind": kind,
            "surge": self.surge,
            "target": target,
            "sides": sides,
            "rounds": [],
            "result": {},
        }
        self.records.append(rec)
        return rec


@dataclass
class Spoils:
    """A territory a mass invasion emptied with several factions left in it."""

    target: str
    defender: int
    survivors: dict[int, int]


def fight_all(ctx: Battles, armies: list[Army]) -> None:
    """Every battle of one wave, in the seed's priority: border clashes, mass invasions,
    invasions, then every spoils of war (RULINGS §2: "All spoils battles are fought
    after every invasion")."""
    _border_clashes(ctx, armies)
    by_target: dict[str, list[Army]] = {}
    for army in armies:
        if army.units > 0:
            by_target.setdefault(army.target, []).append(army)
    order = {t: i for i, t in enumerate(ctx.the_map.territory_ids)}
    targets = sorted(by_target, key=order.__getitem__)
    spoils: list[Spoils] = []
    for target in [t for t in targets if len(by_target[t]) > 1]:
        spoils += _invade(ctx, target, by_target[target], MASS_INVASION)
    for target in [t for t in targets if len(by_target[t]) == 1]:
        spoils += _invade(ctx, target, by_target[target], INVASION)
    for pending in spoils:
        _fight_spoils(ctx, pending)


def _side(army: Army) -> dict[str, Any]:
    return {"faction": army.faction, "territory": army.origin, "units": army.units}


def _border_clashes(ctx: Battles, armies: list[Army]) -> None:
    """A attacks B's territory while B attacks A's across the same border: the two moving
    forces meet first; the survivors go on to their own target."""
    done: set[int] = set()
    for i, a in enumerate(armies):
        for j, b in enumerate(armies):
            if j <= i or i in done or j in done:
                continue
            if a.origin == b.target and a.target == b.origin and a.faction != b.faction:
                done.update((i, j))
                rec = ctx.record(BORDER_CLASH, a.target, [_side(a), _side(b)])
                _duel(ctx, rec, [a, b], clash=True)
                rec["result"] = {"survivors": [a.units, b.units]}


def _duel(ctx: Battles, rec: dict[str, Any], pair: list[Army], clash: bool) -> None:
    """Two forces, one die each per round; ``pair[1]`` is the defending side unless
    ``clash``.  A tie costs both sides (clash) or the second side (attacker wins)."""
    first, second = pair
    while first.units > 0 and second.units > 0:
        r1, r2 = ctx.throw(first.units), ctx.throw(second.units)
        lost = [0, 0]
        if r1[2] > r2[2]:
            lost[1] = 1
        elif r1[2] < r2[2]:
            lost[0] = 1
        elif clash:
            lost = [1, 1]
        else:
            lost[1] = 1
        first.units -= lost[0]
        second.units -= lost[1]
        rec["rounds"].append({"rolls": [r1, r2], "losses": lost})


def _invade(ctx: Battles, target: str, armies: list[Army], kind: str) -> list[Spoils]:
    """One invasion; an emptied territory with several factions left in it is returned,
    to be fought for once every invasion is done."""
    state = ctx.state
    defender = state.owner[target]
    defence = Army(defender, target, target, state.armies[target])
    rec = ctx.record(kind, target, [_side(defence)] + [_side(a) for a in armies])
    if len(armies) == 1:
        # Single invasion: the defender's die is thrown first, like in a mass invasion.
        attacker = armies[0]
        while attacker.units > 0 and defence.units > 0:
            rd, ra = ctx.throw(defence.units), ctx.throw(attacker.units)
            lost = [0, 1] if rd[2] > ra[2] else [1, 0]
            defence.units -= lost[0]
            attacker.units -= lost[1]
            rec["rounds"].append({"rolls": [rd, ra], "losses": lost})
    else:
        _mass_rounds(ctx, rec, defence, armies)
    state.armies[target] = defence.units
    if defence.units > 0:
        rec["result"] = {"owner": defender, "units": defence.units, "conquered": False}
        return []
    survivors: dict[int, int] = {}
    for a in armies:
        if a.units > 0:
            survivors[a.faction] = survivors.get(a.faction, 0) + a.units
    if len(survivors) > 1:
        rec["result"] = {"owner": None, "units": 0, "conquered": False, "spoils": True}
        return [Spoils(target, defender, survivors)]
    ((winner, units),) = survivors.items()
    _take(ctx, rec, target, winner, units)
    return []


def _fight_spoils(ctx: Battles, pending: Spoils) -> None:
    rec = ctx.record(SPOILS_OF_WAR, pending.target, [])
    winner, units = _spoils(ctx, rec, pending.target, pending.survivors)
    if winner is None:
        # Nobody is left after the spoils of war: the old owner keeps the territory with
        # one unit so that no territory is ever empty (a decision; the seed is silent).
        ctx.state.armies[pending.target] = 1
        rec["result"] = {"owner": pending.defender, "units": 1, "conquered": False}
        return
    _take(ctx, rec, pending.target, winner, units)


def _take(ctx: Battles, rec: dict[str, Any], target: str, winner: int, units: int) -> None:
    ctx.state.owner[target] = winner
    ctx.state.armies[target] = units
    ctx.conquered.setdefault(winner, []).append(target)
    rec["result"] = {"owner": winner, "units": units, "conquered": True}


def _mass_rounds(ctx: Battles, rec: dict[str, Any], defence: Army, armies: list[Army]) -> None:
    """Each army's die against the defender's one die per round; each comparison costs its
    loser one unit, ties to the attacker; the defender's losses stop at zero."""
    while defence.units > 0 and any(a.units > 0 for a in armies):
        rd = ctx.throw(defence.units)
        rolls: list[Any] = [rd]
        lost = [0] * (len(armies) + 1)
        for i, a in enumerate(armies, start=1):
            if a.units <= 0:
                rolls.append(None)
                continue
            ra = ctx.throw(a.units)
            rolls.append(ra)
            if rd[2] > ra[2]:
                lost[i] = 1
            else:
                lost[0] += 1
        lost[0] = min(lost[0], defence.units)
        defence.units -= lost[0]
        for i, a in enumerate(armies, start=1):
            a.units -= lost[i]
        rec["rounds"].append({"rolls": rolls, "losses": lost})


def _spoils(
    ctx: Battles, rec: dict[str, Any], target: str, survivors: dict[int, int]
) -> tuple[int | None, int]:
    """Spoils of war: the factions left in an emptied territory fight for it.  Each round
    every faction rolls; all below the highest total lose one unit, and if all totals are
    equal every faction loses one (with two factions: exactly the border-clash rule)."""
    factions = sorted(survivors)
    units = [survivors[f] for f in factions]
    rec["sides"] = [
        {"faction": f, "territory": target, "units": n}
        for f, n in zip(factions, units, strict=True)
    ]
    while sum(1 for n in units if n > 0) > 1:
        rolls: list[Any] = [ctx.throw(n) if n > 0 else None for n in units]
        best = max(r[2] for r in rolls if r is not None)
        alive = [i for i, r in enumerate(rolls) if r is not None]
        all_equal = all(rolls[i][2] == best for i in alive)
        lost = [0] * len(units)
        for i in alive:
            if all_equal or rolls[i][2] < best:
                lost[i] = 1
                units[i] -= 1
        rec["rounds"].append({"rolls": rolls, "losses": lost})
    left = [(f, n) for f, n in zip(factions, units, strict=True) if n > 0]
    return left[0] if left else (None, 0)
