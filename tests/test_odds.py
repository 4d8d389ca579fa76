"""Tests for engine.odds: exact battle odds checked against independent brute force.

The brute-force helpers below deliberately share no code with the engine:
they enumerate ordered dice with ``itertools.product`` and recurse with
``functools.lru_cache`` over exact ``Fraction`` probabilities.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from engine import odds
from engine.odds import (
    CAPITAL,
    CLASSIC,
    BattleOdds,
    ClassicDice,
    Colour,
    ColourD12,
    GreatWarLand,
    RoundModel,
    battle_odds,
    expected_losses,
    mass_invasion_odds,
    mass_invasion_win_probability,
    outcome_distribution,
    win_probability,
)

Table = dict[tuple[int, int], Fraction]
BruteTable = Callable[[int, int], Table]

TOL = 1e-12
COLOUR_REPRESENTATIVES = (1, 6, 11, 19, 30)  # one unit count per default colour


# --------------------------------------------------------------------------
# Independent brute force
# --------------------------------------------------------------------------


@cache
def enumerate_classic(n_att: int, n_def: int) -> Table:
    """Exact classic loss table by enumerating all ordered rolls."""
    counts: dict[tuple[int, int], int] = {}
    for dice in product(range(1, 7), repeat=n_att + n_def):
        att = sorted(dice[:n_att], reverse=True)
        dfn = sorted(dice[n_att:], reverse=True)
        la = sum(1 for i in range(min(n_att, n_def)) if att[i] <= dfn[i])
        ld = min(n_att, n_def) - la
        counts[(la, ld)] = counts.get((la, ld), 0) + 1
    return {k: Fraction(v, 6 ** (n_att + n_def)) for k, v in counts.items()}


@cache
def enumerate_great_war(n_att: int, n_def: int, *, conditioned: bool) -> Table:
    """Great War loss table; equal dice kill nobody; optionally drop all-tie throws."""
    counts: dict[tuple[int, int], int] = {}
    for dice in product(range(1, 7), repeat=n_att + n_def):
        att = sorted(dice[:n_att], reverse=True)
        dfn = sorted(dice[n_att:], reverse=True)
        pairs = list(zip(att, dfn, strict=False))
        key = (sum(x < y for x, y in pairs), sum(x > y for x, y in pairs))
        if conditioned and key == (0, 0):
            continue
        counts[key] = counts.get(key, 0) + 1
    total = sum(counts.values())
    return {k: Fraction(v, total) for k, v in counts.items()}


def d12_bonus(units: int, table: Sequence[tuple[int, int]]) -> int:
    """Bonus for ``units`` from (min_units, bonus) rows."""
    return max((row for row in table if row[0] <= units), key=lambda row: row[0])[1]


DEFAULT_ROWS = ((1, 0), (6, 1), (11, 2), (19, 3), (30, 4))


def enumerate_d12(bonus_a: int, bonus_d: int, clash: bool) -> Table:
    """Coloured d12 duel table by enumerating both dice."""
    counts: dict[tuple[int, int], int] = {}
    for x, y in product(range(1, 13), repeat=2):
        if x + bonus_a > y + bonus_d:
            key = (0, 1)
        elif x + bonus_a < y + bonus_d:
            key = (1, 0)
        else:
            key = (1, 1) if clash else (0, 1)
        counts[key] = counts.get(key, 0) + 1
    return {k: Fraction(v, 144) for k, v in counts.items()}


def as_table(outcomes: Sequence[tuple[float, int, int]]) -> dict[tuple[int, int], float]:
    """An engine outcome list as a dict."""
    return {(la, ld): p for p, la, ld in outcomes}


def assert_table(got: dict[tuple[int, int], float], want: Table) -> None:
    """Same outcomes, probabilities equal to float rounding."""
    assert set(got) == set(want)
    for key, p in want.items():
        assert got[key] == pytest.approx(float(p), abs=TOL)


def brute_distribution(table: BruteTable) -> Callable[[int, int], Table]:
    """Terminal distribution by plain memoised recursion over ``(a, d)``."""

    @cache
    def dist(a: int, d: int) -> Table:
        if a == 0 or d == 0:
            return {(a, d): Fraction(1)}
        result: Table = {}
        for (la, ld), p in table(a, d).items():
            for end, q in dist(a - la, d - ld).items():
                result[end] = result.get(end, Fraction(0)) + p * q
        return result

    return dist


def brute_win(dist: Table) -> Fraction:
    """Conquest probability of a terminal distribution."""
    return sum((p for (a, d), p in dist.items() if d == 0 and a > 0), Fraction(0))


def classic_brute(a: int, d: int) -> Table:
    """Classic dice count rule: min(3, a) against min(2, d)."""
    return enumerate_classic(min(3, a), min(2, d))


def great_war_brute(a: int, d: int) -> Table:
    """Great War dice count rule: min(2, a) against min(3, d), all-tie throws redone."""
    return enumerate_great_war(min(2, a), min(3, d), conditioned=True)


def d12_brute(clash: bool) -> BruteTable:
    """Coloured d12 duels with the default colours."""

    def table(a: int, d: int) -> Table:
        return enumerate_d12(d12_bonus(a, DEFAULT_ROWS), d12_bonus(d, DEFAULT_ROWS), clash)

    return table


BRUTE_CASES: list[tuple[RoundModel, BruteTable]] = [
    (CLASSIC, classic_brute),
    (GreatWarLand(), great_war_brute),
    (ColourD12(), d12_brute(False)),
    (ColourD12(clash=True), d12_brute(True)),
]


# --------------------------------------------------------------------------
# Single-round tables
# --------------------------------------------------------------------------


@pytest.mark.parametrize("n_att", [1, 2, 3])
@pytest.mark.parametrize("n_def", [1, 2])
def test_classic_tables_match_enumeration(n_att: int, n_def: int) -> None:
    """Classic: sort both descending, compare pairwise, ties go to the DEFENDER."""
    assert_table(as_table(CLASSIC.round_outcomes(n_att, n_def)), enumerate_classic(n_att, n_def))


def test_classic_reference_values() -> None:
    """1 v 1 wins with 15/36; 3 v 2 splits 2611/7776 and the two double losses are
    2890/7776 (defender loses 2) and 2275/7776 (attacker loses 2)."""
    one = as_table(CLASSIC.round_outcomes(1, 1))
    assert one[(0, 1)] == pytest.approx(15 / 36, abs=TOL)
    three = as_table(CLASSIC.round_outcomes(5, 7))  # dice capped at 3 and 2
    assert three[(0, 2)] == pytest.approx(2890 / 7776, abs=TOL)
    assert three[(1, 1)] == pytest.approx(2611 / 7776, abs=TOL)
    assert three[(2, 0)] == pytest.approx(2275 / 7776, abs=TOL)


@pytest.mark.parametrize("clash", [False, True])
@pytest.mark.parametrize("units_a", COLOUR_REPRESENTATIVES)
@pytest.mark.parametrize("units_d", COLOUR_REPRESENTATIVES)
def test_d12_tables_match_enumeration(units_a: int, units_d: int, clash: bool) -> None:
    """Capital Risk: 1..12 plus the colour bonus of the CURRENT unit count; higher wins;
    a tie goes to the attacker, or in clash mode costs each side one unit."""
    model = ColourD12(clash=clash)
    want = enumerate_d12(d12_bonus(units_a, DEFAULT_ROWS), d12_bonus(units_d, DEFAULT_ROWS), clash)
    assert_table(as_table(model.round_outcomes(units_a, units_d)), want)


def test_d12_colour_thresholds() -> None:
    """1–5 White +0, 6–10 Yellow +1, 11–18 Orange +2, 19–29 Red +3, 30+ Black +4."""
    model = ColourD12()
    names = {n: model.colour(n).name for n in (1, 5, 6, 10, 11, 18, 19, 29, 30, 99)}
    assert names == {
        1: "White", 5: "White", 6: "Yellow", 10: "Yellow", 11: "Orange",
        18: "Orange", 19: "Red", 29: "Red", 30: "Black", 99: "Black",
    }  # fmt: skip
    assert [model.bonus(n) for n in (5, 6, 11, 19, 30)] == [0, 1, 2, 3, 4]


@pytest.mark.parametrize("n_att", [1, 2])
@pytest.mark.parametrize("n_def", [1, 2, 3])
def test_great_war_tables_match_enumeration(n_att: int, n_def: int) -> None:
    """Great War: compare highest with highest, second with second; the lower loses one
    division, EQUAL values kill nobody and are re-thrown (so a round is conditioned on
    at least one decisive comparison)."""
    model = GreatWarLand()
    raw = enumerate_great_war(n_att, n_def, conditioned=False)
    assert_table(as_table(model.raw_round_outcomes(n_att, n_def)), raw)
    decisive = enumerate_great_war(n_att, n_def, conditioned=True)
    assert_table(as_table(model.round_outcomes(n_att, n_def)), decisive)
    # Conditioning is exactly division by the chance of a decisive throw.
    for key, p in decisive.items():
        assert p == raw[key] / (1 - raw.get((0, 0), Fraction(0)))


@pytest.mark.parametrize(("model", "_brute"), BRUTE_CASES)
def test_round_contract(model: RoundModel, _brute: BruteTable) -> None:
    """Every round outcome costs at least one unit and never more than a side has."""
    for a in range(1, 8):
        for d in range(1, 8):
            outcomes = model.round_outcomes(a, d)
            assert sum(p for p, _, _ in outcomes) == pytest.approx(1.0, abs=TOL)
            assert all(la + ld >= 1 and la <= a and ld <= d for _, la, ld in outcomes)


# --------------------------------------------------------------------------
# Whole battles
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("model", "brute"), BRUTE_CASES)
def test_battles_match_brute_force(model: RoundModel, brute: BruteTable) -> None:
    """The battle is an absorbing Markov chain: its terminal distribution, win
    probability and expected losses equal a memoised recursion over (a, d)."""
    dist = brute_distribution(brute)
    for a in range(0, 7):
        for d in range(0, 7):
            want = dist(a, d)
            got = outcome_distribution(a, d, model)
            assert_table(got, want)
            assert sum(got.values()) == pytest.approx(1.0, abs=TOL)
            assert win_probability(a, d, model) == pytest.approx(float(brute_win(want)), abs=TOL)
            lost_a = sum(p * (a - x) for (x, _), p in want.items())
            lost_d = sum(p * (d - y) for (_, y), p in want.items())
            assert expected_losses(a, d, model) == pytest.approx(
                (float(lost_a), float(lost_d)), abs=TOL
            )


def test_two_attackers_against_one_defender() -> None:
    """Classic 2 v 1: the attacker rolls 2 dice against 1 until someone is out.
    By hand: win first roll w = 125/216, else lose one and fight 1 v 1 at 15/36."""
    w = Fraction(125, 216)
    want = w + (1 - w) * Fraction(15, 36)
    assert win_probability(2, 1) == pytest.approx(float(want), abs=TOL)


def test_large_battle_is_exact() -> None:
    """Floats stay within 1e-12 of exact Fraction arithmetic on a 40 v 40 battle."""
    exact: dict[tuple[int, int], Fraction] = {}
    tables = {(i, j): enumerate_classic(i, j) for i in (1, 2, 3) for j in (1, 2)}
    for a in range(41):
        for d in range(41):
            if a == 0 or d == 0:
                exact[(a, d)] = Fraction(1 if d == 0 and a > 0 else 0)
                continue
            table = tables[(min(3, a), min(2, d))]
            exact[(a, d)] = sum(
                (p * exact[(a - la, d - ld)] for (la, ld), p in table.items()), Fraction(0)
            )
    for a, d in [(40, 40), (40, 13), (7, 40)]:
        assert abs(win_probability(a, d) - float(exact[(a, d)])) < TOL


def test_battle_odds_bundle() -> None:
    """BattleOdds bundles the same numbers as the separate functions."""
    bundle = battle_odds(12, 9)
    assert isinstance(bundle, BattleOdds)
    assert bundle.win_probability == win_probability(12, 9)
    assert dict(bundle.distribution) == outcome_distribution(12, 9)
    assert (bundle.expected_attacker_losses, bundle.expected_defender_losses) == expected_losses(
        12, 9
    )
    wins = {k: p for k, p in bundle.distribution.items() if k[1] == 0}
    mean = sum(a * p for (a, _), p in wins.items()) / sum(wins.values())
    assert bundle.expected_survivors_if_win == pytest.approx(mean, abs=TOL)


def test_trivial_and_invalid_sizes() -> None:
    """No defenders is a conquest, no attackers is not; negative sizes are errors."""
    assert win_probability(3, 0) == 1.0
    assert win_probability(0, 3) == 0.0
    assert outcome_distribution(0, 0) == {(0, 0): 1.0}
    with pytest.raises(ValueError):
        win_probability(-1, 2)
    with pytest.raises(ValueError):
        mass_invasion_odds([2, -1], 3)


def test_model_breaking_contract_is_rejected() -> None:
    """A round outcome that costs nobody anything would make the chain cyclic."""

    class Stalemate:
        def round_outcomes(self, a: int, d: int) -> Sequence[tuple[float, int, int]]:
            return ((0.5, 0, 0), (0.5, 1, 0))

    with pytest.raises(ValueError):
        win_probability(2, 2, Stalemate())


@pytest.mark.parametrize(
    "model", [CLASSIC, ClassicDice(advantage=True), GreatWarLand(), CAPITAL, ColourD12(clash=True)]
)
def test_monotonicity(model: RoundModel) -> None:
    """More attackers never lowers the win probability; more defenders never raises it."""
    n = 15
    grid = [[win_probability(a, d, model) for d in range(n)] for a in range(n)]
    for a in range(n - 1):
        for d in range(n - 1):
            assert grid[a + 1][d] >= grid[a][d] - TOL
            assert grid[a][d + 1] <= grid[a][d] + TOL


# --------------------------------------------------------------------------
# Attack advantage
# --------------------------------------------------------------------------


def brute_advantage() -> Callable[[int, int, bool], Fraction]:
    """Optimal-policy conquest probability by exhaustive enumeration of raw rolls.

    State ``(a, d, available)``; after each raw roll the attacker either keeps
    it or re-rolls the single lowest die, and (RULINGS §1: offered after every
    roll) the advantage is available again on the next roll.
    """

    def losses(att: Sequence[int], dfn: Sequence[int]) -> tuple[int, int]:
        att, dfn = sorted(att, reverse=True), sorted(dfn, reverse=True)
        la = sum(1 for x, y in zip(att, dfn, strict=False) if x <= y)
        return la, min(len(att), len(dfn)) - la

    @cache
    def value(a: int, d: int, available: bool) -> Fraction:
        if d == 0:
            return Fraction(1 if a > 0 else 0)
        if a == 0:
            return Fraction(0)
        n_att, n_def = min(3, a), min(2, d)
        total = Fraction(0)
        for dice in product(range(1, 7), repeat=n_att + n_def):
            att, dfn = list(dice[:n_att]), dice[n_att:]
            la, ld = losses(att, dfn)
            keep = value(a - la, d - ld, available)
            if available:
                rest = sorted(att)[1:]  # drop the single lowest die
                reroll = Fraction(0)
                for face in range(1, 7):
                    ra, rd = losses([*rest, face], dfn)
                    reroll += value(a - ra, d - rd, True)
                keep = max(keep, reroll / 6)
            total += keep
        return total / Fraction(6 ** (n_att + n_def))

    return value


def test_advantage_matches_optimal_brute_force() -> None:
    """RULINGS §1: after every roll the attacker may re-roll their single lowest die;
    odds assume the attacker maximises the conquest probability. (Changed by the
    ruling: the re-roll was once per battle.)"""
    value = brute_advantage()
    model = ClassicDice(advantage=True)
    for a in range(1, 4):
        for d in range(1, 4):
            assert win_probability(a, d, model) == pytest.approx(float(value(a, d, True)), abs=TOL)


def test_advantage_one_die() -> None:
    """1 v 1 with advantage: re-roll a losing die, so P = sum_y (6-y)/6 * (1 + y/6) / 6."""
    assert win_probability(1, 1, ClassicDice(advantage=True)) == pytest.approx(125 / 216, abs=TOL)


def test_advantage_never_hurts() -> None:
    """The re-roll is optional, so having it never lowers the win probability."""
    model = ClassicDice(advantage=True)
    for a in range(0, 25, 3):
        for d in range(0, 25, 2):
            assert win_probability(a, d, model) >= win_probability(a, d) - TOL


def test_advantage_distribution_is_consistent() -> None:
    """Under the optimal policy the terminal distribution sums to 1 and its
    conquest mass equals the solved win probability."""
    model = ClassicDice(advantage=True)
    for a, d in [(1, 1), (3, 2), (8, 5), (20, 20)]:
        dist = outcome_distribution(a, d, model)
        assert sum(dist.values()) == pytest.approx(1.0, abs=TOL)
        won = sum(p for (x, y), p in dist.items() if y == 0 and x > 0)
        assert won == pytest.approx(win_probability(a, d, model), abs=TOL)


# --------------------------------------------------------------------------
# Capital Risk mass invasion and colour tables
# --------------------------------------------------------------------------


@pytest.mark.parametrize("clash", [False, True])
def test_mass_round_matches_enumeration(clash: bool) -> None:
    """Mass invasion: each attacking army rolls its own coloured die against the
    defender's single roll; each comparison costs its loser one unit."""
    model = ColourD12(clash=clash)
    armies, d = (12, 3), 7
    bonuses = [d12_bonus(n, DEFAULT_ROWS) for n in armies]
    bonus_d = d12_bonus(d, DEFAULT_ROWS)
    counts: dict[tuple[tuple[int, ...], int], int] = {}
    for dice in product(range(1, 13), repeat=len(armies) + 1):
        y = dice[-1] + bonus_d
        losses, lost_d = [], 0
        for x, bonus in zip(dice[:-1], bonuses, strict=True):
            if x + bonus > y or (x + bonus == y and not clash):
                losses.append(0)
                lost_d += 1
            elif x + bonus < y:
                losses.append(1)
            else:
                losses.append(1)
                lost_d += 1
        key = (tuple(losses), lost_d)
        counts[key] = counts.get(key, 0) + 1
    got = {(losses, ld): p for p, losses, ld in model.mass_round_outcomes(armies, d)}
    assert set(got) == set(counts)
    for key, n in counts.items():
        assert got[key] == pytest.approx(n / 12**3, abs=TOL)


@pytest.mark.parametrize("model", [CAPITAL, ColourD12(clash=True)])
def test_mass_invasion_with_one_army_is_a_duel(model: ColourD12) -> None:
    """A mass invasion by a single army is the ordinary one-die-each duel."""
    for a in (1, 4, 7, 12, 20):
        for d in (1, 5, 9, 19):
            mass = mass_invasion_odds([a], d, model)
            assert mass.win_probability == pytest.approx(win_probability(a, d, model), abs=TOL)
            assert_table(dict(mass.distribution), {k: Fraction(v) for k, v in
                         outcome_distribution(a, d, model).items()})  # fmt: skip


def test_mass_invasion_matches_brute_force() -> None:
    """Mass invasion odds equal a memoised recursion over the tuple of unit counts."""

    @cache
    def win(armies: tuple[int, ...], d: int) -> Fraction:
        if d == 0:
            return Fraction(1 if armies else 0)
        if not armies:
            return Fraction(0)
        bonuses = [d12_bonus(n, DEFAULT_ROWS) for n in armies]
        bonus_d = d12_bonus(d, DEFAULT_ROWS)
        total = Fraction(0)
        for dice in product(range(1, 13), repeat=len(armies) + 1):
            y = dice[-1] + bonus_d
            beaten = [x + b < y for x, b in zip(dice[:-1], bonuses, strict=True)]
            after = tuple(n - lost for n, lost in zip(armies, beaten, strict=True) if n - lost)
            total += win(after, max(0, d - beaten.count(False)))
        return total / Fraction(12 ** (len(armies) + 1))

    for armies, d in [((1, 1), 2), ((2, 1), 3), ((3, 2), 4), ((6, 1), 2)]:
        got = mass_invasion_win_probability(armies, d)
        assert got == pytest.approx(float(win(armies, d)), abs=TOL)
    odds_ = mass_invasion_odds([7, 6, 2], 12)
    assert sum(odds_.distribution.values()) == pytest.approx(1.0, abs=TOL)


def test_two_small_armies_beat_one_double_army_against_big_defenders() -> None:
    """Seed's advice: two attackers of 1 unit beat a defender more often than one
    attacker with 2 units — true from 4 defending units up, because the defender
    can then lose two units a round.  Against 1 defender it is FALSE: both small
    armies face the SAME defender roll, so P(both lose) = E[q(y)^2] >= E[q(y)]^2
    (Jensen), which is what the single 2-unit army faces in two separate rolls."""
    for d in range(4, 11):
        assert mass_invasion_win_probability([1, 1], d) > win_probability(2, d, CAPITAL)
    assert mass_invasion_win_probability([1, 1], 1) < win_probability(2, 1, CAPITAL)


def test_custom_colour_table_changes_results() -> None:
    """The colour table is data: a flat table makes every duel a fair d12 duel, and a
    table rewarding big armies favours the bigger side."""
    flat = ColourD12(colours=(Colour(1, "Grey", 0),))
    assert win_probability(10, 3, flat) < win_probability(10, 3, CAPITAL)  # default: Yellow +1
    assert as_table(flat.round_outcomes(30, 1)) == as_table(CAPITAL.round_outcomes(1, 1))
    generous = ColourD12(colours=(Colour(1, "Pale", 0), Colour(4, "Gold", 6)))
    assert generous.bonus(4) == 6
    assert win_probability(4, 3, generous) > win_probability(4, 3, CAPITAL)
    assert win_probability(3, 4, generous) < win_probability(3, 4, CAPITAL)
    # Equal sides stay symmetric whatever the table, in clash mode.
    clash = ColourD12(colours=generous.colours, clash=True)
    dist = outcome_distribution(5, 5, clash)
    assert dist[(0, 1)] == pytest.approx(dist[(1, 0)], abs=TOL)


def test_invalid_colour_tables() -> None:
    """A colour table must cover 1 unit and have strictly increasing thresholds."""
    with pytest.raises(ValueError):
        ColourD12(colours=(Colour(2, "Late", 0),))
    with pytest.raises(ValueError):
        ColourD12(colours=(Colour(1, "A", 0), Colour(1, "B", 1)))
    with pytest.raises(ValueError):
        ColourD12(colours=())


def test_models_are_cache_keys() -> None:
    """Solved tables are cached per model instance; equal models share them."""
    win_probability(5, 5, ColourD12(clash=True))
    assert ColourD12(clash=True) in odds.chain._TABLES


def test_advantage_keyword() -> None:
    """``advantage=True`` is shorthand for classic dice with attack advantage (CLI use)."""
    assert win_probability(4, 3, advantage=True) == win_probability(
        4, 3, ClassicDice(advantage=True)
    )
    with pytest.raises(ValueError):
        win_probability(4, 3, GreatWarLand(), advantage=True)
