"""Cached Capital Risk battle odds for the computer levels.

Exact single-army odds are cheap (one shared DP table), so they are always exact.
Mass invasions are exact while their state space is small; above that they are
approximated by letting the armies attack one after another, the defender carrying
its survivor distribution from one duel to the next.  Both are pure functions of
their arguments, so caching them keeps a faction's orders fast without affecting
determinism.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from engine.odds import (
    CAPITAL,
    mass_invasion_win_probability,
    outcome_distribution,
    win_probability,
)

EXACT_MASS_WORK = 15000  # largest mass-invasion DP (states x round outcomes) solved exactly
MAX_EXACT_ARMIES = 3
SEQUENTIAL_SHADE = 1.25
MAX_UNITS = 120  # battles are clipped to this size; the odds are ~certain well before


@lru_cache(maxsize=65536)
def duel(attackers: int, defenders: int) -> float:
    """Probability that one army of ``attackers`` conquers ``defenders`` (ties to it)."""
    if attackers <= 0:
        return 0.0
    if defenders <= 0:
        return 1.0
    return win_probability(min(attackers, MAX_UNITS), min(defenders, MAX_UNITS), CAPITAL)


@lru_cache(maxsize=4096)
def _survivors(attackers: int, defenders: int) -> tuple[tuple[int, float], ...]:
    """Distribution of the defender's survivors after one duel (0: conquered)."""
    dist: dict[int, float] = {}
    a, d = min(attackers, MAX_UNITS), min(defenders, MAX_UNITS)
    for (_, left), p in outcome_distribution(a, d, CAPITAL).items():
        dist[left] = dist.get(left, 0.0) + p
    return tuple(sorted(dist.items()))


@lru_cache(maxsize=65536)
def _sequential(armies: tuple[int, ...], defenders: int) -> float:
    """The armies attacking one after another: an estimate of the mass invasion."""
    if defenders <= 0:
        return 1.0
    if not armies:
        return 0.0
    if len(armies) == 1:
        return duel(armies[0], defenders)
    total = 0.0
    for left, p in _survivors(armies[0], defenders):
        total += p * (1.0 if left == 0 else _sequential(armies[1:], left))
    return total


@lru_cache(maxsize=65536)
def _mass_cached(armies: tuple[int, ...], defenders: int) -> float:
    if len(armies) == 1:
        return duel(armies[0], defenders)
    k = len(armies)
    work = comb(max(armies) + k, k) * (defenders + 1) * 2**k
    if k <= MAX_EXACT_ARMIES and work <= EXACT_MASS_WORK:
        return mass_invasion_win_probability(list(armies), defenders, CAPITAL)
    # One after another overrates the attack a little (the defender's die would have
    # faced every army at once); the measured gap is about a quarter of the failure.
    return max(0.0, 1.0 - SEQUENTIAL_SHADE * (1.0 - _sequential(armies, defenders)))


def mass(armies: list[int] | tuple[int, ...], defenders: int) -> float:
    """Probability that ``armies`` (one or several, attacking together) conquer
    ``defenders``; exact for small battles, estimated for large ones."""
    canon = tuple(sorted((a for a in armies if a > 0), reverse=True))
    if not canon:
        return 0.0
    if defenders <= 0:
        return 1.0
    return _mass_cached(canon, min(defenders, MAX_UNITS))


def defenders_needed(attack: list[int] | tuple[int, ...], risk: float, most: int = 80) -> int:
    """The fewest defenders that hold against ``attack`` with probability ``1 - risk``."""
    d = 1
    while d < most and mass(attack, d) > risk:
        d += 1 if d < 10 else 2
    return d
