"""Round models: the loss distribution of one round for each dice system (Classic d6,
Capital Risk's colour D12, The Great War's 2 v 3 d6)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations_with_replacement, pairwise
from math import factorial
from typing import Protocol, runtime_checkable

Outcome = tuple[float, int, int]
"""One round outcome: (probability, attacker losses, defender losses)."""

Roll = tuple[int, ...]
"""A roll of several dice, sorted from highest to lowest."""

# Re-rolling must beat keeping by more than float noise before the die is
# re-rolled, so mathematically equal choices resolve the same way (keep)
# whatever the rounding; the conquest probability moves by at most this much.
_DECISION_SLACK = 1e-13


@runtime_checkable
class RoundModel(Protocol):
    """A dice system seen as the loss distribution of one round of a battle.

    Implementations must be hashable (frozen dataclasses) because solved
    tables are cached per model instance.
    """

    def round_outcomes(self, a: int, d: int) -> Sequence[Outcome]:
        """Distribution of one round's losses with ``a`` attackers, ``d`` defenders.

        Both ``a`` and ``d`` are at least 1.  Each entry is ``(probability,
        attacker_losses, defender_losses)``; probabilities sum to 1, every
        entry costs at least one unit in total, and no side loses more units
        than it has.
        """
        ...

    def __hash__(self) -> int:
        """Models key the solved-table caches."""
        ...


# --------------------------------------------------------------------------
# Dice enumeration helpers
# --------------------------------------------------------------------------


@cache
def sorted_rolls(n_dice: int, faces: int) -> tuple[tuple[Roll, int], ...]:
    """Every roll of ``n_dice`` fair dice as (descending roll, number of orderings).

    Enumerating multisets with their multinomial weights instead of all
    ``faces ** n_dice`` ordered rolls keeps the cold start cheap (56 instead
    of 216 rolls for three d6) while staying an exhaustive enumeration.
    """
    rolls = []
    for combo in combinations_with_replacement(range(faces, 0, -1), n_dice):
        weight = factorial(n_dice)
        for count in Counter(combo).values():
            weight //= factorial(count)
        rolls.append((combo, weight))
    return tuple(rolls)


def _to_outcomes(counts: Mapping[tuple[int, int], int]) -> tuple[Outcome, ...]:
    """Turn integer outcome counts into a sorted probability table (zeros dropped)."""
    total = sum(counts.values())
    return tuple((count / total, la, ld) for (la, ld), count in sorted(counts.items()) if count)


def _classic_losses(attack: Roll, defence: Roll) -> tuple[int, int]:
    """Losses of one classic comparison: pairwise high-vs-high, ties to the defender."""
    lost_a = lost_d = 0
    for x, y in zip(attack, defence, strict=False):  # only the shorter roll's dice pair up
        if x > y:
            lost_d += 1
        else:
            lost_a += 1
    return lost_a, lost_d


# --------------------------------------------------------------------------
# Classic Risk dice
# --------------------------------------------------------------------------


@cache
def _classic_table(n_att: int, n_def: int) -> tuple[Outcome, ...]:
    """Exact one-roll loss distribution for ``n_att`` d6 against ``n_def`` d6."""
    counts: Counter[tuple[int, int]] = Counter()
    for attack, w_a in sorted_rolls(n_att, 6):
        for defence, w_d in sorted_rolls(n_def, 6):
            counts[_classic_losses(attack, defence)] += w_a * w_d
    return _to_outcomes(counts)


@dataclass(frozen=True)
class _AdvantageClass:
    """Raw rolls that present the attacker with the same keep-or-re-roll choice.

    Both fields index the plain outcome table ``_classic_table(n_att,
    n_def)``: keeping the roll leads to outcome ``keep``; re-rolling the
    lowest attacker die leads to outcome ``i`` with probability ``reroll[i]``.
    ``weight`` is the total probability of the class's raw rolls.
    """

    weight: float
    keep: int
    reroll: tuple[float, ...]


@cache
def _advantage_classes(n_att: int, n_def: int) -> tuple[_AdvantageClass, ...]:
    """Group every raw roll of ``n_att`` vs ``n_def`` d6 by its decision problem.

    The attacker's choice only depends on the losses if kept and on the loss
    distribution after re-rolling the lowest die, so rolls sharing both are
    merged: at most 23 classes replace 7776 raw rolls per DP state.
    """
    index = {(la, ld): i for i, (_, la, ld) in enumerate(_classic_table(n_att, n_def))}
    grouped: Counter[tuple[int, tuple[int, ...]]] = Counter()
    for attack, w_a in sorted_rolls(n_att, 6):
        kept_dice = attack[:-1]  # the single lowest die is the one re-rolled
        for defence, w_d in sorted_rolls(n_def, 6):
            rerolled = [0] * len(index)
            for face in range(1, 7):
                new_roll = tuple(sorted((*kept_dice, face), reverse=True))
                rerolled[index[_classic_losses(new_roll, defence)]] += 1
            key = (index[_classic_losses(attack, defence)], tuple(rerolled))
            grouped[key] += w_a * w_d
    total = 6 ** (n_att + n_def)
    return tuple(
        _AdvantageClass(weight=count / total, keep=keep, reroll=tuple(n / 6 for n in reroll))
        for (keep, reroll), count in sorted(grouped.items())
    )


@dataclass(frozen=True)
class ClassicDice:
    """1990 Computer RISK dice.

    The attacker with ``a`` attacking armies (the origin holds ``a + 1``, one
    must stay behind) rolls ``min(3, a)`` d6, the defender ``min(2, d)`` d6.
    Both rolls are sorted descending and compared pairwise, highest with
    highest, second with second; a tie goes to the DEFENDER, and each
    comparison costs its loser one army.

    With ``advantage`` the attacker may, after seeing each roll (RULINGS §1),
    re-roll their single lowest die before the comparison.  The odds
    then assume the attacker plays this optimally, i.e. maximises the
    conquest probability (see :func:`win_probability`); :meth:`round_outcomes`
    always describes a plain round, without the re-roll.

    ``max_dice`` is the number of dice the attacker chose (1 to 3): every roll
    of the attack uses that many, or fewer when fewer armies can attack
    (``min(max_dice, a)``), as the rules roll a continuous or do-or-die attack.
    """

    advantage: bool = False
    max_dice: int = 3

    def __post_init__(self) -> None:
        """Reject a dice count the rules do not allow."""
        if not 1 <= self.max_dice <= 3:
            raise ValueError(f"the attacker rolls 1 to 3 dice, not {self.max_dice}")

    def round_outcomes(self, a: int, d: int) -> Sequence[Outcome]:
        """Exact loss distribution of one plain roll (no re-roll)."""
        return _classic_table(*self.round_key(a, d))

    def round_key(self, a: int, d: int) -> tuple[int, int]:
        """States with equal keys have the same round outcomes (the dice counts)."""
        return min(self.max_dice, a), min(2, d)


CLASSIC = ClassicDice()
"""The default model: classic dice without attack advantage."""


# --------------------------------------------------------------------------
# Capital Risk coloured d12
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Colour:
    """A die colour used by any side with at least ``min_units`` units."""

    min_units: int
    name: str
    bonus: int


DEFAULT_COLOURS: tuple[Colour, ...] = (
    Colour(1, "White", 0),
    Colour(6, "Yellow", 1),
    Colour(11, "Orange", 2),
    Colour(19, "Red", 3),
    Colour(30, "Black", 4),
)
"""Capital Risk: 1–5 units White +0, 6–10 Yellow +1, 11–18 Orange +2, 19–29 Red +3, 30+ Black +4."""


@lru_cache(maxsize=4096)
def _colour_bonus(colours: tuple[Colour, ...], units: int) -> int:
    """Bonus of the colour a side with ``units`` units rolls (cached: called per DP state)."""
    bonus = colours[0].bonus
    for colour in colours:
        if colour.min_units <= units:
            bonus = colour.bonus
    return bonus


@cache
def _d12_duel(faces: int, bonus_a: int, bonus_d: int, clash: bool) -> tuple[Outcome, ...]:
    """One attacker die against one defender die, both ``1..faces`` plus a bonus."""
    counts: Counter[tuple[int, int]] = Counter()
    for x in range(1, faces + 1):
        for y in range(1, faces + 1):
            att, dfn = x + bonus_a, y + bonus_d
            if att > dfn or (att == dfn and not clash):
                counts[(0, 1)] += 1
            elif att < dfn:
                counts[(1, 0)] += 1
            else:
                counts[(1, 1)] += 1
    return _to_outcomes(counts)


MassOutcome = tuple[float, tuple[int, ...], int]
"""One mass-invasion round: (probability, losses of each attacking army, defender losses)."""


@lru_cache(maxsize=4096)
def _mass_table(
    faces: int, bonuses: tuple[int, ...], bonus_d: int, clash: bool
) -> tuple[MassOutcome, ...]:
    """Exact round distribution of several attacker dice against ONE defender die.

    The attackers' dice are independent only given the defender's roll, so
    the joint distribution is built per defender face and then summed, in
    integer counts out of ``faces ** (k + 1)``.
    """
    counts: Counter[tuple[tuple[int, ...], int]] = Counter()
    for y in range(1, faces + 1):
        dfn = y + bonus_d
        partial: Counter[tuple[tuple[int, ...], int]] = Counter({((), 0): 1})
        for bonus in bonuses:
            above = sum(1 for x in range(1, faces + 1) if x + bonus > dfn)
            equal = sum(1 for x in range(1, faces + 1) if x + bonus == dfn)
            below = faces - above - equal
            # (ways, army loss, defender loss) for this army's comparison
            options = [(above, 0, 1), (below, 1, 0)]
            options.append((equal, 1, 1) if clash else (equal, 0, 1))
            step: Counter[tuple[tuple[int, ...], int]] = Counter()
            for (losses, lost_d), ways in partial.items():
                for n, la, ld in options:
                    if n:
                        step[((*losses, la), lost_d + ld)] += ways * n
            partial = step
        counts.update(partial)
    total = faces ** (len(bonuses) + 1)
    return tuple(
        (count / total, losses, lost_d) for (losses, lost_d), count in sorted(counts.items())
    )


@dataclass(frozen=True)
class ColourD12:
    """Capital Risk: one coloured twelve-sided die per side and round.

    Each side rolls ``1..faces`` plus the bonus of the colour picked from its
    CURRENT unit count via ``colours`` (ascending ``min_units``; the default
    is :data:`DEFAULT_COLOURS`).  The higher total wins and the lower loses
    one unit.  A tie goes to the attacker (normal invasion) or, with
    ``clash`` (border clash, spoils of war), costs EACH side one unit.  The
    battle goes on until one side has no units.

    Mass invasions (several attacking armies against one defender) are
    solved by :func:`mass_invasion_odds` using :meth:`mass_round_outcomes`.
    """

    colours: tuple[Colour, ...] = DEFAULT_COLOURS
    clash: bool = False
    faces: int = 12

    def __post_init__(self) -> None:
        """Reject colour tables that leave some unit count without a colour."""
        if not self.colours or self.colours[0].min_units > 1:
            raise ValueError("colour table must start at 1 unit or fewer")
        thresholds = [colour.min_units for colour in self.colours]
        if any(lo >= hi for lo, hi in pairwise(thresholds)):
            raise ValueError("colour thresholds must be strictly increasing")
        if self.faces < 1:
            raise ValueError("a die needs at least one face")

    def bonus(self, units: int) -> int:
        """Bonus added to the die of a side with ``units`` units."""
        return _colour_bonus(self.colours, units)

    def colour(self, units: int) -> Colour:
        """The colour a side with ``units`` units rolls."""
        chosen = self.colours[0]
        for colour in self.colours:
            if colour.min_units <= units:
                chosen = colour
        return chosen

    def round_outcomes(self, a: int, d: int) -> Sequence[Outcome]:
        """Exact loss distribution of one duel roll."""
        return _d12_duel(self.faces, self.bonus(a), self.bonus(d), self.clash)

    def round_key(self, a: int, d: int) -> tuple[int, int]:
        """States with equal keys have the same round outcomes (the colours' bonuses)."""
        return self.bonus(a), self.bonus(d)

    def mass_round_outcomes(self, armies: Sequence[int], d: int) -> tuple[MassOutcome, ...]:
        """One mass-invasion round: each army's die against the defender's single die.

        Every comparison costs its loser one unit (ties as in a duel), so the
        defender may lose several units; the caller caps them at ``d``.
        Losses are listed per army, in the order of ``armies``.
        """
        bonuses = tuple(self.bonus(units) for units in armies)
        return _mass_table(self.faces, bonuses, self.bonus(d), self.clash)


# --------------------------------------------------------------------------
# The Great War 1907
# --------------------------------------------------------------------------


def _great_war_losses(attack: Roll, defence: Roll) -> tuple[int, int]:
    """Losses of one Great War comparison: the lower die loses, equal dice kill nobody."""
    lost_a = lost_d = 0
    for x, y in zip(attack, defence, strict=False):
        if x > y:
            lost_d += 1
        elif x < y:
            lost_a += 1
    return lost_a, lost_d


@cache
def _great_war_raw(n_att: int, n_def: int) -> tuple[Outcome, ...]:
    """One throw of ``n_att`` vs ``n_def`` d6, including the no-loss outcome."""
    counts: Counter[tuple[int, int]] = Counter()
    for attack, w_a in sorted_rolls(n_att, 6):
        for defence, w_d in sorted_rolls(n_def, 6):
            counts[_great_war_losses(attack, defence)] += w_a * w_d
    return _to_outcomes(counts)


@cache
def _great_war_table(n_att: int, n_def: int) -> tuple[Outcome, ...]:
    """One decisive throw: the raw table conditioned on at least one loss."""
    counts: Counter[tuple[int, int]] = Counter()
    for attack, w_a in sorted_rolls(n_att, 6):
        for defence, w_d in sorted_rolls(n_def, 6):
            losses = _great_war_losses(attack, defence)
            if losses != (0, 0):
                counts[losses] += w_a * w_d
    return _to_outcomes(counts)


@dataclass(frozen=True)
class GreatWarLand:
    """The Great War 1907, land combat.

    The attacker throws ``min(2, a)`` d6, the defender ``min(3, d)`` d6; both
    are sorted descending and compared highest with highest, second with
    second (the defender's third die only helps by raising the two it
    keeps).  The lower die of a pair costs its side one division; EQUAL dice
    kill nobody and are thrown again.

    Modelling of ties: a throw in which every pair ties changes nothing and
    is simply thrown again, so a *round* here is "throw until at least one
    pair is decisive", i.e. the raw throw distribution conditioned on at
    least one loss (``P(o) / (1 - P(all pairs tie))``).  In a throw where one
    pair ties and the other is decisive, the decisive loss is applied and
    the tied pair's re-throw is the battle's next throw with all dice, which
    is how a battle that goes on anyway proceeds; we do not model a separate
    one-die-against-one-die re-throw of the tied pair.  Because the odds
    only depend on the sequence of decisive losses, "re-throw everything
    until decisive" and "ignore all-tie throws" give identical battle odds.
    """

    def round_outcomes(self, a: int, d: int) -> Sequence[Outcome]:
        """Loss distribution of one decisive throw (all-tie throws conditioned away)."""
        return _great_war_table(min(2, a), min(3, d))

    def round_key(self, a: int, d: int) -> tuple[int, int]:
        """States with equal keys have the same round outcomes (the dice counts)."""
        return min(2, a), min(3, d)

    def raw_round_outcomes(self, a: int, d: int) -> Sequence[Outcome]:
        """Loss distribution of a single throw, including ``(p, 0, 0)`` for all ties."""
        return _great_war_raw(min(2, a), min(3, d))
