"""Exact chances of a land battle under R52/R53 for the computer nations.

One round with ``a`` attacker dice and ``d`` defender dice is enumerated once, over
sorted rolls with their multiplicities; a tied pair is rethrown until it differs,
which by symmetry is a coin flip.  The battle is a Markov chain over (attackers,
defenders); large stacks are scaled down to :data:`CAP` units (the chance then
depends on the ratio) so the table stays small.
"""

from __future__ import annotations

from functools import cache
from math import comb

from engine.odds.models import sorted_rolls
from engine.rulesets.greatwar1907.options import DIE_FACES, LAND_DICE_ATTACK, LAND_DICE_DEFENCE

CAP = 40
MAX_DICE = 3  # rounds with more dice are estimated as 3 (keeps the table small)


@cache
def round_losses(a: int, d: int) -> tuple[float, ...]:
    """P(attacker loses i of the min(a, d) compared pairs), i = 0..min(a, d)."""
    pairs = min(a, d)
    dist = [0.0] * (pairs + 1)
    total = DIE_FACES ** (a + d)
    defence_rolls = sorted_rolls(d, DIE_FACES)
    for att, att_ways in sorted_rolls(a, DIE_FACES):
        for dfn, dfn_ways in defence_rolls:
            lost = ties = 0
            for x, y in zip(att, dfn, strict=False):
                if x == y:
                    ties += 1
                elif x < y:
                    lost += 1
            weight = att_ways * dfn_ways / total
            # each tie is a fair coin: binomial over the tied pairs
            for k in range(ties + 1):
                dist[lost + k] += weight * _binomial(ties, k)
    return tuple(dist)


def _binomial(n: int, k: int) -> float:
    return comb(n, k) / float(1 << n)


@cache
def win_chance(attackers: int, defenders: int, attack_mod: int = 0, defence_mod: int = 0) -> float:
    """P(the attackers destroy every defender)."""
    if defenders <= 0:
        return 1.0
    if attackers <= 0:
        return 0.0
    if attackers > CAP or defenders > CAP:
        scale = max(attackers, defenders) / CAP
        smaller = (max(1, round(attackers / scale)), max(1, round(defenders / scale)))
        scaled: float = win_chance(*smaller, attack_mod, defence_mod)
        return scaled
    a = max(1, min(attackers, LAND_DICE_ATTACK + attack_mod, MAX_DICE))
    d = max(1, min(defenders, LAND_DICE_DEFENCE + defence_mod, MAX_DICE))
    pairs = min(a, d)
    chance = 0.0
    for lost, p in enumerate(round_losses(a, d)):
        if p:
            chance += p * win_chance(
                attackers - lost, defenders - (pairs - lost), attack_mod, defence_mod
            )
    return chance
