"""Mass invasions: several attacking armies, each rolling against the one defender."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.odds.chain import BattleOdds, _check_sizes, _summarise
from engine.odds.models import ColourD12

# --------------------------------------------------------------------------
# Capital Risk mass invasion
# --------------------------------------------------------------------------

CAPITAL = ColourD12()
"""The default mass-invasion model: Capital Risk colours, ties to the attacker."""

MassState = tuple[tuple[int, ...], int]
"""Attacking armies' unit counts (descending, no empty army) and defender units."""


def _canonical(armies: Sequence[int]) -> tuple[int, ...]:
    """Armies as a descending tuple without empty armies.

    Armies with equal unit counts are interchangeable (same colour, same
    dice), so sorting merges symmetric states.
    """
    return tuple(sorted((units for units in armies if units > 0), reverse=True))


@lru_cache(maxsize=64)
def _mass_distribution(
    model: ColourD12, armies: tuple[int, ...], defenders: int
) -> tuple[tuple[MassState, float], ...]:
    """Terminal states of a mass invasion, by forward DP over canonical states.

    Every round costs at least one unit, so states are bucketed by total
    units and the buckets processed from the largest total down.

    Complexity: with ``k`` armies of at most ``n`` units and ``d``
    defenders there are at most ``C(n + k, k) * (d + 1)`` canonical states
    (sorted tuples), each with ``2 ** k`` round outcomes (``3 ** k`` in clash
    mode); three armies of 30 against 30 is about 170 000 states, a few
    seconds in CPython.
    """
    buckets: list[dict[MassState, float]] = [{} for _ in range(sum(armies) + defenders + 1)]
    buckets[-1][(armies, defenders)] = 1.0
    terminal: dict[MassState, float] = {}
    for bucket in reversed(buckets):
        for (state, d), mass in bucket.items():
            if not state or d == 0:
                terminal[(state, d)] = terminal.get((state, d), 0.0) + mass
                continue
            for p, losses, lost_d in model.mass_round_outcomes(state, d):
                after = _canonical(
                    [units - lost for units, lost in zip(state, losses, strict=True)]
                )
                left = max(d - lost_d, 0)
                target = buckets[sum(after) + left]
                key = (after, left)
                target[key] = target.get(key, 0.0) + mass * p
    return tuple(sorted(terminal.items()))


def mass_invasion_odds(
    armies: Sequence[int], defenders: int, model: ColourD12 = CAPITAL
) -> BattleOdds:
    """Exact odds of several attacking armies invading one defending army together.

    Each round every attacking army rolls its own coloured die (colour from
    its own unit count) against the defender's single die; each comparison
    costs its loser one unit.  The battle ends when the defender or every
    attacking army is wiped out.  The distribution is keyed by (total
    attacking survivors, defender survivors).
    """
    if any(units < 0 for units in armies):
        raise ValueError(f"unit counts must be non-negative, got {list(armies)}")
    _check_sizes(0, defenders)
    start = _canonical(armies)
    by_total: dict[tuple[int, int], float] = {}
    for (state, d), p in _mass_distribution(model, start, defenders):
        key = (sum(state), d)
        by_total[key] = by_total.get(key, 0.0) + p
    distribution = sorted(by_total.items())
    win = sum(p for (a, d), p in distribution if d == 0 and a > 0)
    return _summarise(sum(start), defenders, distribution, win)


def mass_invasion_win_probability(
    armies: Sequence[int], defenders: int, model: ColourD12 = CAPITAL
) -> float:
    """Probability that a mass invasion by ``armies`` conquers ``defenders``."""
    return mass_invasion_odds(armies, defenders, model).win_probability
