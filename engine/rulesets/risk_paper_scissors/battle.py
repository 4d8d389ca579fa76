"""Combat (spec section 11, RULINGS §4): deterministic rock-paper-scissors rounds.

Wolves kill Elementals, Elementals kill Jaguar-types (Jaguars and commanders), and
Jaguar-types kill Wolves, all kills of a round computed from the same state and removed
together; rounds repeat until one kills nothing.  :func:`battle` is pure, so the page can
show the exact result of an attack before the player commits it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from engine.errors import InvalidOrderError
from engine.rulesets.risk_paper_scissors.options import COMMANDER_TYPES

DEFAULT_LOSS_ORDER = ("diplomat", "nuclear", "land", "naval", "space")


@dataclass(frozen=True)
class Side:
    """One side's pieces in a battle: counts of E, J and W, and the commanders present."""

    e: int = 0
    j: int = 0
    w: int = 0
    commanders: frozenset[str] = frozenset()

    @property
    def jaguar_types(self) -> int:
        return self.j + len(self.commanders)

    @property
    def units(self) -> int:
        return self.e + self.j + self.w + len(self.commanders)

    def __str__(self) -> str:
        text = f"{self.e}E/{self.j}J/{self.w}W"
        if self.commanders:
            text += "+" + ",".join(c for c in COMMANDER_TYPES if c in self.commanders)
        return text


@dataclass(frozen=True)
class Kills:
    """What one side kills on the other in one round: Elementals, Jaguar-types, Wolves."""

    e: int
    jaguar_types: int
    w: int

    @property
    def any(self) -> bool:
        return bool(self.e or self.jaguar_types or self.w)


class Outcome(StrEnum):
    CAPTURE = "capture"
    EMPTY = "empty"
    HOLD = "hold"
    STALEMATE = "stalemate"


@dataclass(frozen=True)
class Round:
    """One kill round: the sides before it and what each side killed."""

    attacker: Side
    defender: Side
    attacker_kills: Kills
    defender_kills: Kills


@dataclass(frozen=True)
class BattleResult:
    attacker: Side
    defender: Side
    outcome: Outcome
    rounds: tuple[Round, ...]


def kills(killer: Side, victim: Side) -> Kills:
    return Kills(
        min(killer.w, victim.e),
        min(killer.e, victim.jaguar_types),
        min(killer.jaguar_types, victim.w),
    )


def remove(side: Side, losses: Kills, loss_order: tuple[str, ...] = DEFAULT_LOSS_ORDER) -> Side:
    """``side`` after ``losses``: plain Jaguars die before commanders, and commanders in
    ``loss_order`` (spec 11.2)."""
    plain = min(losses.jaguar_types, side.j)
    dying = losses.jaguar_types - plain
    present = [c for c in loss_order if c in side.commanders]
    return Side(
        side.e - losses.e,
        side.j - plain,
        side.w - losses.w,
        frozenset(present[dying:]),
    )


def battle(
    attacker: Side, defender: Side, loss_order: tuple[str, ...] = DEFAULT_LOSS_ORDER
) -> BattleResult:
    """The exact result of ``attacker`` fighting ``defender`` (spec 11.1)."""
    rounds: list[Round] = []
    while True:
        by_attacker = kills(attacker, defender)
        by_defender = kills(defender, attacker)
        if not (by_attacker.any or by_defender.any):
            break
        rounds.append(Round(attacker, defender, by_attacker, by_defender))
        attacker, defender = (
            remove(attacker, by_defender, loss_order),
            remove(defender, by_attacker, loss_order),
        )
    if defender.units == 0:
        outcome = Outcome.CAPTURE if attacker.units else Outcome.EMPTY
    else:
        outcome = Outcome.STALEMATE if attacker.units else Outcome.HOLD
    return BattleResult(attacker, defender, outcome, tuple(rounds))


_SIDE_TEXT = re.compile(r"^(?:(\d+)[Ee])?/?(?:(\d+)[Jj])?/?(?:(\d+)[Ww])?(?:\+([a-z,]+))?$")


def parse_side(text: str) -> Side:
    """A side from ``3E2J1W``, ``3E/2J/1W`` or ``1J+land,naval``.

    :raises InvalidOrderError: ``rps/bad-army`` naming the text.
    """
    match = _SIDE_TEXT.match(text.strip())
    if not text.strip() or match is None:
        raise InvalidOrderError(
            "rps/bad-army", f"cannot read the army {text!r}; write it like 3E2J1W or 1J+land"
        )
    e, j, w, named = match.groups()
    commanders = [c for c in (named or "").split(",") if c]
    unknown = [c for c in commanders if c not in COMMANDER_TYPES]
    if unknown or len(set(commanders)) != len(commanders):
        raise InvalidOrderError(
            "rps/bad-army",
            f"the army {text!r} names unknown or repeated commanders; "
            f"known: {', '.join(COMMANDER_TYPES)}",
        )
    return Side(int(e or 0), int(j or 0), int(w or 0), frozenset(commanders))


def describe(result: BattleResult) -> list[str]:
    """The battle round by round, then one line with both survivors and the outcome."""
    lines = []
    for number, r in enumerate(result.rounds, 1):
        ak, dk = r.attacker_kills, r.defender_kills
        lines.append(
            f"round {number}: attacker {r.attacker} kills {ak.e}E {ak.jaguar_types}Jt {ak.w}W; "
            f"defender {r.defender} kills {dk.e}E {dk.jaguar_types}Jt {dk.w}W"
        )
    lines.append(f"no kill possible after {len(result.rounds)} kill round(s)")
    lines.append(f"attacker {result.attacker} defender {result.defender} {_verb(result.outcome)}")
    return lines


def _verb(outcome: Outcome) -> str:
    return {
        Outcome.CAPTURE: "captured",
        Outcome.EMPTY: "emptied",
        Outcome.HOLD: "held",
        Outcome.STALEMATE: "stalemate",
    }[outcome]
