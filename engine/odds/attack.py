"""The odds of one Classic attack as the rules play it: the dice the attacker chose and
the attack's mode, not a fight to the end with three dice.

A Classic ``Attack`` order (docs/rules-classic.md, "A turn", 3) rolls
``min(dice, a)`` attacking dice against ``min(2, d)`` defending dice, where ``a`` is
the number of armies that may attack (the origin's armies less the one that stays),
and goes on as its mode says:

* ``once``: one roll;
* ``continuous``: until the attacker loses a roll (loses more armies than the defender
  in it), takes the territory, or has no army left to attack with;
* ``do-or-die``: until the territory falls or no army is left to attack with.

A *blitz* (the page's quick attack: a do-or-die fought one roll at a time) adds two
stop rules checked before every roll: stop when the attackers are down to
``stop_at`` or fewer, or when the chance of taking the territory fought to the end
from here (with the same dice) is below ``stop_below``.

With the attack advantage the attacker may re-roll their lowest die after every roll;
the odds assume they do so exactly when it raises the chance of taking the territory
fought to the end (the policy of :func:`engine.odds.win_probability`), whatever the
mode: one policy, so the odds of the modes can be compared.

The distribution is pushed forward over the states ``(a, d)`` as in
:mod:`engine.odds.chain`; every roll costs at least one army, so visiting the states
in descending order sees each one after all the mass that reaches it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType

from engine.odds.chain import _played_round, _solve, _Tables, win_probability
from engine.odds.models import ClassicDice, Outcome

MODES = ("once", "continuous", "do-or-die")


@dataclass(frozen=True)
class AttackOdds:
    """Where one attack stops, and how likely each end is.

    ``outcomes`` maps each ``(attackers left, defenders left)`` at which the attack
    stops to its probability (``defenders left == 0``: the territory is taken);
    ``expected_survivors_if_win`` is the expected number of attackers left, i.e. the
    armies that may move in, given that the territory falls (0 when it cannot).
    """

    attackers: int
    defenders: int
    dice: int
    mode: str
    win_probability: float
    outcomes: Mapping[tuple[int, int], float] = field(hash=False)
    expected_attacker_losses: float
    expected_defender_losses: float
    expected_survivors_if_win: float


def _check(attackers: int, defenders: int, dice: int, mode: str) -> None:
    if attackers < 0 or defenders < 0:
        raise ValueError(f"unit counts must be non-negative, got {attackers} v {defenders}")
    if not 1 <= dice <= 3:
        raise ValueError(f"the attacker rolls 1 to 3 dice, not {dice}")
    if mode not in MODES:
        raise ValueError(f"attack mode must be one of {', '.join(MODES)}, not {mode!r}")


_ROUNDS: dict[tuple[ClassicDice, int, int], list[Outcome]] = {}
_ROUNDS_KEPT = 60_000  # about 100 v 100 with each of the three dice counts


def _round(model: ClassicDice, tables: _Tables, a: int, d: int) -> list[Outcome]:
    """One roll at ``(a, d)`` as played (the optimal re-roll with the advantage), looked
    up: without the advantage it depends on the dice counts only, with it on the state
    (the advantage's choices cost about 0.1 ms a state, a page asks again and again)."""
    key = (model, a, d) if model.advantage else (model, min(model.max_dice, a), min(2, d))
    played = _ROUNDS.get(key)
    if played is None:
        if len(_ROUNDS) > _ROUNDS_KEPT:
            _ROUNDS.clear()
        played = _ROUNDS[key] = _played_round(model, tables, a, d)
    return played


def _stops(model: ClassicDice, a: int, d: int, stop_below: float, stop_at: int) -> bool:
    """A blitz's stop rules at ``(a, d)``, before the next roll."""
    return bool(stop_at and a <= stop_at) or bool(
        stop_below and win_probability(a, d, model) < stop_below
    )


def conquest_chance(
    attackers: int, defenders: int, dice: int = 3, advantage: bool = False
) -> float:
    """The chance of taking the territory fought to the end (do-or-die) with ``dice``."""
    _check(attackers, defenders, dice, "do-or-die")
    return win_probability(attackers, defenders, ClassicDice(advantage=advantage, max_dice=dice))


@lru_cache(maxsize=512)  # the page asks again for every target at every redraw
def classic_attack_odds(
    attackers: int,
    defenders: int,
    dice: int = 3,
    mode: str = "do-or-die",
    *,
    advantage: bool = False,
    stop_below: float = 0.0,
    stop_at: int = 0,
) -> AttackOdds:
    """Exact odds of one Classic attack of ``attackers`` (armies that may attack)
    against ``defenders``, rolling ``dice`` in ``mode`` (see the module's docstring).

    ``stop_below`` and ``stop_at`` are a blitz's stop rules, checked before each roll
    (including the first) of a continuous or do-or-die attack: 0 leaves them off.

    :raises ValueError: negative sizes, a dice count other than 1-3, an unknown mode.
    """
    _check(attackers, defenders, dice, mode)
    model = ClassicDice(advantage=advantage, max_dice=dice)
    tables: _Tables = _solve(model, attackers, defenders) if advantage else _Tables()
    mass = [[0.0] * (defenders + 1) for _ in range(attackers + 1)]
    mass[attackers][defenders] = 1.0
    ends: dict[tuple[int, int], float] = {}
    once, continuous = mode == "once", mode == "continuous"
    blitz = not once and bool(stop_below or stop_at)
    for a in range(attackers, 0, -1):
        row = mass[a]
        for d in range(defenders, 0, -1):
            here = row[d]
            if not here:
                continue
            if blitz and _stops(model, a, d, stop_below, stop_at):
                ends[(a, d)] = ends.get((a, d), 0.0) + here
                continue
            for p, la, ld in _round(model, tables, a, d):
                if once or (continuous and la > ld):
                    after = (a - la, d - ld)
                    ends[after] = ends.get(after, 0.0) + here * p
                else:
                    mass[a - la][d - ld] += here * p
            if once:
                break
        if once:
            break
    # Every roll ends with both sides still there (above) or one of them gone (here).
    for a in range(attackers + 1):
        for d in range(defenders + 1):
            if (a == 0 or d == 0) and mass[a][d]:
                ends[(a, d)] = ends.get((a, d), 0.0) + mass[a][d]
    win = sum((p for (a, d), p in ends.items() if d == 0 and a > 0), 0.0)
    survivors = sum((p * a for (a, d), p in ends.items() if d == 0 and a > 0), 0.0)
    return AttackOdds(
        attackers=attackers,
        defenders=defenders,
        dice=dice,
        mode=mode,
        win_probability=win,
        outcomes=MappingProxyType(dict(sorted(ends.items()))),
        expected_attacker_losses=sum(p * (attackers - a) for (a, _), p in ends.items()),
        expected_defender_losses=sum(p * (defenders - d) for (_, d), p in ends.items()),
        expected_survivors_if_win=survivors / win if win > 0 else 0.0,
    )
