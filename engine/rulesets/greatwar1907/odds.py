"""Exact chances of a Great War 1907 battle (R52, R53, R69, R70), for the page's order
panel: the same rules as :func:`engine.rulesets.greatwar1907.battle.fight`, counted
instead of rolled.

A round rolls ``dice_for(units, limit)`` dice a side, sorts them high to low and
compares them in pairs; an equal pair is rethrown one die each until it differs, so a
tied pair is a fair coin and every compared pair kills exactly one unit.  One round's
loss distribution is enumerated once over sorted rolls with their multiplicities; the
battle is then a Markov chain over (attackers, defenders), solved exactly (no cap on
the stacks, no scaling: the computer players' estimate is ``ai/odds.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

from engine.odds.models import sorted_rolls
from engine.rulesets.greatwar1907.battle import dice_for, leader_dice
from engine.rulesets.greatwar1907.options import DIE_FACES, LAND_DICE_ATTACK, LAND_DICE_DEFENCE
from engine.rulesets.greatwar1907.state import GreatWarState


@dataclass(frozen=True)
class BattleOdds:
    """The chances of one battle fought to the end."""

    attackers: int
    defenders: int
    attack_dice: int
    """The most dice the attacker rolls (2 plus its generals' modifiers)."""
    defence_dice: int
    win: float
    """P(every defender is destroyed)."""
    attackers_left: tuple[float, ...]
    """P(the battle ends with exactly k attacking divisions left), k = 0..attackers
    (k = 0: the attack failed)."""

    @property
    def expected_left(self) -> float:
        """The attacking divisions expected to survive a won battle, averaged over all."""
        return sum(k * p for k, p in enumerate(self.attackers_left))


@cache
def round_losses(a: int, d: int) -> tuple[Fraction, ...]:
    """P(the side rolling ``a`` dice loses i of the min(a, d) compared pairs)."""
    pairs = min(a, d)
    counts = [0] * (pairs + 1)
    scale = 1 << pairs  # each tie is a coin: count in halves to stay whole
    for att, att_ways in sorted_rolls(a, DIE_FACES):
        for dfn, dfn_ways in sorted_rolls(d, DIE_FACES):
            lost = sum(1 for x, y in zip(att, dfn, strict=False) if x < y)
            ties = sum(1 for x, y in zip(att, dfn, strict=False) if x == y)
            for k in range(ties + 1):
                counts[lost + k] += att_ways * dfn_ways * comb(ties, k) * (scale >> ties)
    total = DIE_FACES ** (a + d) * scale
    return tuple(Fraction(c, total) for c in counts)


@cache
def _round_floats(a: int, d: int) -> tuple[float, ...]:
    return tuple(float(p) for p in round_losses(a, d))


def battle_odds(
    attackers: int,
    defenders: int,
    attack_limit: int = LAND_DICE_ATTACK,
    defence_limit: int = LAND_DICE_DEFENCE,
) -> BattleOdds:
    """The exact chances of ``attackers`` against ``defenders`` with these dice limits.

    :raises ValueError: a negative stack.
    """
    if attackers < 0 or defenders < 0:
        raise ValueError("a battle needs counts of 0 or more")
    # left[a][d]: the distribution of the attacker's survivors from (a, d)
    left: dict[tuple[int, int], list[float]] = {}
    for total in range(attackers + defenders + 1):
        for a in range(max(0, total - defenders), min(attackers, total) + 1):
            d = total - a
            dist = [0.0] * (attackers + 1)
            if d == 0 or a == 0:
                dist[a] = 1.0
            else:
                ad = dice_for(a, attack_limit)
                dd = dice_for(d, defence_limit)
                pairs = min(ad, dd)
                for lost, p in enumerate(_round_floats(ad, dd)):
                    if p:
                        nxt = left[(a - min(lost, a), d - min(pairs - lost, d))]
                        for k, q in enumerate(nxt):
                            if q:
                                dist[k] += p * q
            left[(a, d)] = dist
    final = left[(attackers, defenders)]
    win = 1.0 if defenders == 0 else sum(final[1:], 0.0)
    return BattleOdds(attackers, defenders, attack_limit, defence_limit, win, tuple(final))


def defenders_in(state: GreatWarState, province: str) -> int:
    """The divisions that defend ``province`` (R56): every standing division and the
    owner's cargo in its port."""
    owner = state.owner_of(province)
    fleet = state.fleet_in_port(province, owner)
    return state.armies[province] + (fleet.cargo if fleet else 0)


def attack_odds(
    state: GreatWarState, target: str, divisions: int, leaders: tuple[str, ...] = ()
) -> BattleOdds:
    """The chances of ``divisions`` (with these leaders) against ``target`` as it stands
    now: its generals defend (R69), soil modifiers apply (R70)."""
    m = state.map
    core = m.province(target).core
    generals = [x for x in leaders if m.leader(x).kind == "general"]
    defending = [
        x.id for x in state.leaders_at("province", target) if m.leader(x.id).kind == "general"
    ]
    return battle_odds(
        divisions,
        defenders_in(state, target),
        LAND_DICE_ATTACK + leader_dice(m, generals, True, core),
        LAND_DICE_DEFENCE + leader_dice(m, defending, False, core),
    )
