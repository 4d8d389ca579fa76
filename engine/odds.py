"""Exact battle odds for Risk-family dice systems, by Markov-chain recursion.

A battle is an absorbing Markov chain over states ``(a, d)``: ``a`` attacking
units that can still be lost, ``d`` defending units.  A *round model* (see
:class:`RoundModel`) says, for one state, the exact probability distribution of
the losses of ONE round; every outcome must cost at least one unit, so
``a + d`` strictly decreases and the chain is acyclic.  The odds are then
solved by dynamic programming, bottom-up and iteratively (Pyodide's stack is
small, so no recursion):

* the conquest probability ``V(a, d)`` by a *backward* pass
  ``V(a, d) = sum(p * V(a - la, d - ld))`` over a table cached per model
  instance and grown on demand, so later queries of smaller battles are
  look-ups;
* the distribution of terminal states by a *forward* pass pushing probability
  mass from the starting state down to the absorbing states.

Probabilities are floats.  Single-round tables are exact ratios of integer
counts rounded once, and every DP step is a sum of non-negative terms, so the
relative error stays within a few hundred ulps (about 1e-14) even for
100-vs-100 battles; ``fractions.Fraction`` would be exact but its
denominators grow to hundreds of digits, far too slow for the 50 ms budget.

Cost: a plain model solves ``A x D`` cells with a few transitions each
(classic 100 v 100 cold, dice tables included, takes about 20 ms in CPython
3.11); the attack advantage evaluates up to 23 roll classes per cell (about
0.5 s for 100 v 100).  Mass invasions are documented at
:func:`mass_invasion_odds`.

Terminal states: ``(a, 0)`` with ``a > 0`` is a conquest; ``(0, d)`` a repulse;
``(0, 0)`` (only possible when a tie costs both sides, see :class:`ColourD12`)
counts as no conquest — the territory is not taken when nobody is left to
move in.

Three dice systems are provided: :class:`ClassicDice` (1990 Computer RISK,
with the optional once-per-battle attack advantage), :class:`ColourD12`
(Capital Risk's coloured twelve-sided dice, including mass invasions, see
:func:`mass_invasion_odds`) and :class:`GreatWarLand` (The Great War 1907).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import combinations_with_replacement, pairwise
from math import factorial
from types import MappingProxyType
from typing import Protocol, runtime_checkable

__all__ = [
    "CLASSIC",
    "DEFAULT_COLOURS",
    "BattleOdds",
    "ClassicDice",
    "Colour",
    "ColourD12",
    "GreatWarLand",
    "Outcome",
    "RoundModel",
    "battle_odds",
    "expected_losses",
    "mass_invasion_odds",
    "mass_invasion_win_probability",
    "outcome_distribution",
    "win_probability",
]

Outcome = tuple[float, int, int]
"""One round outcome: (probability, attacker losses, defender losses)."""

Roll = tuple[int, ...]
"""A roll of several dice, sorted from highest to lowest."""

# Re-rolling must beat keeping by more than float noise before the advantage
# is spent, so mathematically equal choices resolve the same way (keep)
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
def _sorted_rolls(n_dice: int, faces: int) -> tuple[tuple[Roll, int], ...]:
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
    for attack, w_a in _sorted_rolls(n_att, 6):
        for defence, w_d in _sorted_rolls(n_def, 6):
            counts[_classic_losses(attack, defence)] += w_a * w_d
    return _to_outcomes(counts)


@dataclass(frozen=True)
class _AdvantageClass:
    """Raw rolls that present the attacker with the same keep-or-re-roll choice.

    Both fields index the plain outcome table ``_classic_table(n_att,
    n_def)``: keeping the roll leads to outcome ``keep`` (advantage saved);
    re-rolling the lowest attacker die leads to outcome ``i`` with
    probability ``reroll[i]`` (advantage spent).  ``weight`` is the total
    probability of the class's raw rolls.
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
    for attack, w_a in _sorted_rolls(n_att, 6):
        kept_dice = attack[:-1]  # the single lowest die is the one re-rolled
        for defence, w_d in _sorted_rolls(n_def, 6):
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

    With ``advantage`` the attacker may, once per battle and after seeing a
    roll, re-roll their single lowest die before the comparison.  The odds
    then assume the attacker plays this optimally, i.e. maximises the
    conquest probability (see :func:`win_probability`); :meth:`round_outcomes`
    always describes a plain round, as after the advantage is spent.
    """

    advantage: bool = False

    def round_outcomes(self, a: int, d: int) -> Sequence[Outcome]:
        """Exact loss distribution of one plain roll (no re-roll)."""
        return _classic_table(min(3, a), min(2, d))


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
    for attack, w_a in _sorted_rolls(n_att, 6):
        for defence, w_d in _sorted_rolls(n_def, 6):
            counts[_great_war_losses(attack, defence)] += w_a * w_d
    return _to_outcomes(counts)


@cache
def _great_war_table(n_att: int, n_def: int) -> tuple[Outcome, ...]:
    """One decisive throw: the raw table conditioned on at least one loss."""
    counts: Counter[tuple[int, int]] = Counter()
    for attack, w_a in _sorted_rolls(n_att, 6):
        for defence, w_d in _sorted_rolls(n_def, 6):
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

    def raw_round_outcomes(self, a: int, d: int) -> Sequence[Outcome]:
        """Loss distribution of a single throw, including ``(p, 0, 0)`` for all ties."""
        return _great_war_raw(min(2, a), min(3, d))


# --------------------------------------------------------------------------
# Backward pass: conquest probability tables
# --------------------------------------------------------------------------


def _check_sizes(attackers: int, defenders: int) -> None:
    """Reject negative unit counts."""
    if attackers < 0 or defenders < 0:
        raise ValueError(f"unit counts must be non-negative, got {attackers} v {defenders}")


class _CellFn(Protocol):
    """Computes ``V(a, d)`` from already-solved smaller cells."""

    def __call__(self, rows: list[list[float]], a: int, d: int) -> float:
        """Value of one non-terminal cell."""
        ...


def _extend(rows: list[list[float]], attackers: int, defenders: int, cell: _CellFn) -> None:
    """Grow a ``V[a][d]`` table in place to cover ``attackers`` x ``defenders``.

    Row-major ascending order is a topological order: every transition goes
    to a smaller ``a``, or to the same ``a`` with a smaller ``d``.
    """
    if rows and len(rows) > attackers and len(rows[0]) > defenders:
        return
    width = max(defenders, len(rows[0]) - 1 if rows else 0) + 1
    for a in range(max(attackers + 1, len(rows))):
        if a == len(rows):
            rows.append([])
        row = rows[a]
        for d in range(len(row), width):
            if a == 0 or d == 0:
                # Absorbing: conquest iff defenders gone and someone to move in.
                row.append(1.0 if d == 0 and a > 0 else 0.0)
            else:
                row.append(cell(rows, a, d))


def _transition(model: RoundModel, a: int, d: int) -> Sequence[Outcome]:
    """The model's round outcomes at ``(a, d)``, validated against the contract."""
    outcomes = model.round_outcomes(a, d)
    for _, la, ld in outcomes:
        if la + ld < 1 or la > a or ld > d or la < 0 or ld < 0:
            raise ValueError(f"{model!r} gives impossible losses ({la}, {ld}) at {a} v {d}")
    return outcomes


def _plain_cell(model: RoundModel) -> _CellFn:
    """Cell function of a plain round model."""

    def cell(rows: list[list[float]], a: int, d: int) -> float:
        return sum(p * rows[a - la][d - ld] for p, la, ld in _transition(model, a, d))

    return cell


def _advantage_choices(
    plain: list[list[float]], adv: list[list[float]], a: int, d: int
) -> list[tuple[_AdvantageClass, bool, float]]:
    """The optimal attacker's move for each roll class at ``(a, d)``, advantage unused.

    Returns ``(class, rerolled, value)`` per class.  After keeping, the
    advantage is still available (``adv`` table); after re-rolling it is
    spent (``plain`` table).  Re-rolling must beat keeping by more than
    float noise, so mathematically equal choices always keep the advantage.
    """
    outcomes = _classic_table(min(3, a), min(2, d))
    after_keep = [adv[a - la][d - ld] for _, la, ld in outcomes]
    after_reroll = [plain[a - la][d - ld] for _, la, ld in outcomes]
    choices = []
    for cls in _advantage_classes(min(3, a), min(2, d)):
        keep_value = after_keep[cls.keep]
        reroll_value = sum(q * v for q, v in zip(cls.reroll, after_reroll, strict=True))
        if reroll_value > keep_value + _DECISION_SLACK:
            choices.append((cls, True, reroll_value))
        else:
            choices.append((cls, False, keep_value))
    return choices


@dataclass
class _Tables:
    """Solved conquest probabilities of one model, grown on demand."""

    plain: list[list[float]] = field(default_factory=list)
    advantage: list[list[float]] = field(default_factory=list)


_TABLES: dict[RoundModel, _Tables] = {}


def _advantage_cell(plain: list[list[float]]) -> _CellFn:
    """Cell function of classic dice with the attack advantage still available."""

    def cell(rows: list[list[float]], a: int, d: int) -> float:
        choices = _advantage_choices(plain, rows, a, d)
        return sum(cls.weight * value for cls, _, value in choices)

    return cell


def _uses_advantage(model: RoundModel) -> bool:
    """Whether ``model`` is classic dice with the once-per-battle re-roll."""
    return isinstance(model, ClassicDice) and model.advantage


def _solve(model: RoundModel, attackers: int, defenders: int) -> _Tables:
    """Conquest tables of ``model`` covering at least ``attackers`` x ``defenders``."""
    tables = _TABLES.setdefault(model, _Tables())
    if _uses_advantage(model):
        # Once the advantage is spent the battle is plain classic dice.
        tables.plain = _solve(CLASSIC, attackers, defenders).plain
        _extend(tables.advantage, attackers, defenders, _advantage_cell(tables.plain))
    else:
        _extend(tables.plain, attackers, defenders, _plain_cell(model))
    return tables


# --------------------------------------------------------------------------
# Forward pass: distribution of terminal states
# --------------------------------------------------------------------------


def _grid(attackers: int, defenders: int) -> list[list[float]]:
    """A zeroed ``(attackers + 1) x (defenders + 1)`` mass table."""
    return [[0.0] * (defenders + 1) for _ in range(attackers + 1)]


@lru_cache(maxsize=256)
def _distribution(
    model: RoundModel, attackers: int, defenders: int
) -> tuple[tuple[tuple[int, int], float], ...]:
    """Terminal-state probabilities, pushed forward from ``(attackers, defenders)``.

    Cells are visited in descending row-major order, the reverse of the
    backward pass, so each cell has received all its mass before it is
    spread.  With the advantage, two layers (advantage unused / spent) are
    carried, the optimal choices coming from the solved backward tables.
    """
    unused = _grid(attackers, defenders)  # advantage still available
    spent = _grid(attackers, defenders) if _uses_advantage(model) else unused
    tables = _solve(model, attackers, defenders) if spent is not unused else None
    unused[attackers][defenders] = 1.0
    result: dict[tuple[int, int], float] = {}
    for a in range(attackers, -1, -1):
        for d in range(defenders, -1, -1):
            if a == 0 or d == 0:
                mass = unused[a][d] + (spent[a][d] if tables is not None else 0.0)
                if mass:
                    result[(a, d)] = mass
                continue
            if tables is not None and unused[a][d]:
                mass = unused[a][d]
                outcomes = _classic_table(min(3, a), min(2, d))
                choices = _advantage_choices(tables.plain, tables.advantage, a, d)
                for cls, rerolled, _ in choices:
                    if rerolled:
                        for q, (_, la, ld) in zip(cls.reroll, outcomes, strict=True):
                            spent[a - la][d - ld] += mass * cls.weight * q
                    else:
                        _, la, ld = outcomes[cls.keep]
                        unused[a - la][d - ld] += mass * cls.weight
            mass = spent[a][d]  # the plain layer when there is no advantage
            if mass:
                for p, la, ld in _transition(model, a, d):
                    spent[a - la][d - ld] += mass * p
    return tuple(sorted(result.items()))


# --------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class BattleOdds:
    """Exact odds of one battle fought to the end.

    ``distribution`` maps each terminal ``(attacker survivors, defender
    survivors)`` to its probability; ``expected_survivors_if_win`` is the
    expected number of attacking survivors given a conquest (0 when a
    conquest is impossible).
    """

    attackers: int
    defenders: int
    win_probability: float
    distribution: Mapping[tuple[int, int], float] = field(hash=False)
    expected_attacker_losses: float
    expected_defender_losses: float
    expected_survivors_if_win: float


def _summarise(
    attackers: int,
    defenders: int,
    distribution: Sequence[tuple[tuple[int, int], float]],
    win: float,
) -> BattleOdds:
    """Bundle a terminal distribution into :class:`BattleOdds`."""
    lost_a = sum(p * (attackers - a) for (a, _), p in distribution)
    lost_d = sum(p * (defenders - d) for (_, d), p in distribution)
    won = sum(p * a for (a, d), p in distribution if d == 0 and a > 0)
    return BattleOdds(
        attackers=attackers,
        defenders=defenders,
        win_probability=win,
        distribution=MappingProxyType(dict(distribution)),
        expected_attacker_losses=lost_a,
        expected_defender_losses=lost_d,
        expected_survivors_if_win=won / win if win > 0 else 0.0,
    )


def _with_advantage(model: RoundModel, advantage: bool) -> RoundModel:
    """``model`` with the attack advantage switched on when asked (classic dice only)."""
    if not advantage:
        return model
    if not isinstance(model, ClassicDice):
        raise ValueError(f"attack advantage only exists for classic dice, not {model!r}")
    return ClassicDice(advantage=True)


def win_probability(
    attackers: int, defenders: int, model: RoundModel = CLASSIC, *, advantage: bool = False
) -> float:
    """Probability that ``attackers`` conquer ``defenders`` fighting to the end.

    ``advantage=True`` is shorthand for ``model=ClassicDice(advantage=True)``.

    For :class:`ClassicDice` with ``advantage`` the attacker re-rolls
    optimally: after each roll, while the advantage is unused, they compare
    the conquest probability of keeping the roll (advantage saved) with the
    expected conquest probability of re-rolling their lowest die (advantage
    spent) and take the larger, keeping on (near-)equality.
    """
    _check_sizes(attackers, defenders)
    model = _with_advantage(model, advantage)
    tables = _solve(model, attackers, defenders)
    rows = tables.advantage if _uses_advantage(model) else tables.plain
    return rows[attackers][defenders]


def outcome_distribution(
    attackers: int, defenders: int, model: RoundModel = CLASSIC
) -> dict[tuple[int, int], float]:
    """Probability of each terminal ``(attacker survivors, defender survivors)`` state."""
    _check_sizes(attackers, defenders)
    return dict(_distribution(model, attackers, defenders))


def expected_losses(
    attackers: int, defenders: int, model: RoundModel = CLASSIC
) -> tuple[float, float]:
    """Expected ``(attacker losses, defender losses)`` of a battle fought to the end."""
    odds = battle_odds(attackers, defenders, model)
    return odds.expected_attacker_losses, odds.expected_defender_losses


def battle_odds(attackers: int, defenders: int, model: RoundModel = CLASSIC) -> BattleOdds:
    """Win probability, terminal distribution and expected losses in one bundle."""
    _check_sizes(attackers, defenders)
    return _summarise(
        attackers,
        defenders,
        _distribution(model, attackers, defenders),
        win_probability(attackers, defenders, model),
    )


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
