"""The odds shown before a Classic attack, the warning before a bad one, and the blitz
(pure; no browser imports).

The odds are those of the attack the player is about to make: the dice and the mode
chosen, the attack advantage counted when the game has it (engine.odds.attack).  One
setting, the player's *warning threshold*, kept per device, drives both the warning
("This attack has only 20% to take Ural: attack anyway?") and the blitz's stop on bad
odds; off (0%) by default.  The measure compared with it is always the chance of taking
the territory fought to the end with the chosen dice, whatever the mode: a single roll
cannot take three defenders, yet it is not a bad attack for that.

A blitz is the page's quick attack: ordinary one-roll ``Attack`` orders, played one
after another through the engine (so the log, the dice panel, saves, undo and games by
email see nothing new) until :func:`blitz_step` says stop.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from engine.core import Order
from engine.odds import AttackOdds, classic_attack_odds, conquest_chance
from engine.rulesets.classic.orders import Attack
from engine.rulesets.classic.state import ClassicState, Phase
from ui.shell.odds_setting import AttackSettings, percent

__all__ = [
    "AttackSettings",
    "Blitz",
    "attack_odds",
    "blitz_step",
    "percent",
    "start_blitz",
    "warning",
]

LARGEST = 200  # armies beyond this are counted as this many (the odds barely move)


class Session(Protocol):
    """What the attack panel reads of a Classic game's session (ui.classic.controller's
    Session, which imports this module: a protocol keeps the import one way)."""

    state: ClassicState
    dice: int
    mode: str

    def name(self, territory: str) -> str: ...

    def legal(self) -> list[Order]: ...


def _sizes(session: Session, origin: str, target: str) -> tuple[int, int, int]:
    """(attacking armies, defenders, dice of the first roll) of an attack now."""
    state = session.state
    attackers = max(0, state.armies[origin] - 1)
    dice = max(1, min(session.dice, attackers, 3))
    return min(attackers, LARGEST), min(state.armies[target], LARGEST), dice


def advantage(session: Session) -> bool:
    """The human attacker's re-roll of the lowest die is on in this game."""
    return bool(session.state.options.attack_advantage)


def fought_to_the_end(session: Session, origin: str, target: str) -> float:
    """The chance of taking ``target`` from ``origin`` fought to the end with the dice
    chosen: what the warning threshold and the blitz's odds stop are compared with."""
    attackers, defenders, dice = _sizes(session, origin, target)
    return conquest_chance(attackers, defenders, dice, advantage(session))


def attack_odds(session: Session, origin: str, target: str, settings: AttackSettings) -> AttackOdds:
    """The odds of the attack a click on ``target`` would make now, in the session's
    mode (a blitz: do-or-die with the blitz's stops; its odds stop is off when the odds
    are below it from the start, as the player then attacks anyway or not at all)."""
    attackers, defenders, dice = _sizes(session, origin, target)
    adv = advantage(session)
    if session.mode != "blitz":
        return classic_attack_odds(attackers, defenders, dice, session.mode, advantage=adv)
    below = settings.warn_below / 100
    if below and conquest_chance(attackers, defenders, dice, adv) < below:
        below = 0.0
    return classic_attack_odds(
        attackers,
        defenders,
        dice,
        "do-or-die",
        advantage=adv,
        stop_below=below,
        stop_at=settings.blitz_keep - 1,
    )


def roll_outcomes(odds: AttackOdds) -> str:
    """One roll's outcomes in words, best for the attacker first."""
    parts = []
    for (a, d), p in sorted(odds.outcomes.items(), key=lambda item: item[0][1]):
        lost, killed = odds.attackers - a, odds.defenders - d
        if d == 0:
            what = "you take it"
        elif lost and killed:
            what = "each loses 1" if lost == killed == 1 else f"you lose {lost}, they lose {killed}"
        elif killed:
            what = f"they lose {killed}"
        else:
            what = f"you lose {lost}"
        share = round(p * 100)  # rounded to the nearest: the shares add up to about 100
        parts.append(f"{what}: {share}%" if share else f"{what}: <1%")
    return " · ".join(parts)


def odds_detail(
    odds: AttackOdds, mode: str, settings: AttackSettings, below_from_start: bool = False
) -> str:
    """The line under a target: what the number means for this mode
    (``below_from_start``: the odds are below the warning threshold already)."""
    if mode == "once":
        return "This roll: " + roll_outcomes(odds)
    survivors = f"about {odds.expected_survivors_if_win:.1f} armies left to move in if it falls"
    if odds.win_probability <= 0:
        survivors = "it cannot fall in this attack"
    if mode == "continuous":
        return f"Stops at the first roll you lose; {survivors}."
    if mode == "blitz":
        stops = [f"at {settings.blitz_keep} armies"] if settings.blitz_keep > 1 else []
        if settings.warn_below and not below_from_start:
            stops.append(f"if the odds fall below {settings.warn_below}%")
        if below_from_start:
            then = ("stops " + stops[0] + "; " if stops else "") + survivors
            return f"Below your {settings.warn_below}%: you will be asked first. {_cap(then)}."
        return ("Stops " + " or ".join(stops) + "; " if stops else "") + survivors + "."
    return _cap(survivors) + "."


def _cap(text: str) -> str:
    """``text`` with its first letter capitalised (a sentence's start)."""
    return text[:1].upper() + text[1:]


def warning(session: Session, origin: str, target: str, settings: AttackSettings) -> str:
    """The question to ask before this attack ("" when its odds are not below the
    player's threshold, or the threshold is off)."""
    if not settings.warn_below:
        return ""
    chance = fought_to_the_end(session, origin, target)
    if chance >= settings.warn_below / 100:
        return ""
    name = session.name(target)
    ahead = "" if session.mode in ("do-or-die", "blitz") else "Fought to the end, "
    has = "this attack has" if ahead else "This attack has"
    return f"{ahead}{has} only {percent(chance)} to take {name}: attack anyway?"


@dataclass(frozen=True)
class Blitz:
    """A blitz under way: one-roll attacks from ``origin`` on ``target`` with ``dice``
    until it falls, the odds fought to the end drop below ``stop_below`` (0: never), or
    ``origin`` is down to ``keep`` armies."""

    origin: str
    target: str
    dice: int
    stop_below: float
    keep: int
    rolls: int = 0


def start_blitz(session: Session, origin: str, target: str, settings: AttackSettings) -> Blitz:
    """The blitz a click starts (its odds stop off when the attack starts below the
    threshold: the player chose to attack anyway)."""
    below = settings.warn_below / 100
    if below and fought_to_the_end(session, origin, target) < below:
        below = 0.0
    return Blitz(origin, target, session.dice, below, settings.blitz_keep)


def blitz_step(session: Session, blitz: Blitz) -> Attack | str:
    """The blitz's next order, or why it stops (the line to show)."""
    state = session.state
    name, origin_name = session.name(blitz.target), session.name(blitz.origin)
    rolls = f" after {blitz.rolls} roll{'s' if blitz.rolls != 1 else ''}"
    if state.owner.get(blitz.target) == state.current or state.phase is Phase.MOVE_IN:
        return f"{name} taken{rolls}."
    if state.phase is not Phase.ATTACK or state.owner.get(blitz.origin) != state.current:
        return f"Blitz over{rolls}."
    armies = state.armies[blitz.origin]
    if armies <= max(1, blitz.keep):
        if armies <= 1:
            return f"Blitz stopped{rolls}: {origin_name} has no army left to attack with."
        return f"Blitz stopped{rolls}: {origin_name} is down to {armies} armies, as you asked."
    if blitz.stop_below:
        chance = conquest_chance(
            min(armies - 1, LARGEST),
            min(state.armies[blitz.target], LARGEST),
            max(1, min(blitz.dice, armies - 1, 3)),
            advantage(session),
        )
        if chance < blitz.stop_below:
            return (
                f"Blitz stopped{rolls}: the odds to take {name} fell to {percent(chance)}, "
                f"below your {round(blitz.stop_below * 100)}%."
            )
    order = Attack(blitz.origin, blitz.target, max(1, min(blitz.dice, armies - 1, 3)), "once")
    if order not in session.legal():
        return f"Blitz over{rolls}."
    return order
