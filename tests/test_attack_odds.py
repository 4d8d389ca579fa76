"""The odds of one Classic attack as the rules play it (engine.odds.attack), checked
against an independent brute force: ordered dice enumerated with ``itertools.product``
and exact ``Fraction`` recursion over the attack's own stop rules
(docs/rules-classic.md, "A turn", 3)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from engine.odds import (
    ClassicDice,
    battle_odds,
    classic_attack_odds,
    conquest_chance,
    win_probability,
)

TOL = 1e-12
Ends = dict[tuple[int, int], Fraction]


@cache
def one_roll(n_att: int, n_def: int) -> dict[tuple[int, int], Fraction]:
    """Losses of one roll: highest against highest, ties to the defender."""
    counts: dict[tuple[int, int], int] = {}
    for dice in product(range(1, 7), repeat=n_att + n_def):
        att = sorted(dice[:n_att], reverse=True)
        dfn = sorted(dice[n_att:], reverse=True)
        la = sum(1 for x, y in zip(att, dfn, strict=False) if x <= y)
        ld = min(n_att, n_def) - la
        counts[(la, ld)] = counts.get((la, ld), 0) + 1
    return {k: Fraction(v, 6 ** (n_att + n_def)) for k, v in counts.items()}


@cache
def brute_ends(
    a: int, d: int, dice: int, mode: str
) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    """Where the attack stops, by recursion: ``once`` rolls one time, ``continuous``
    stops after a lost roll, ``do-or-die`` goes on while both sides have armies."""
    ends: Ends = {}
    for (la, ld), p in one_roll(min(dice, a), min(2, d)).items():
        after = (a - la, d - ld)
        stop = (
            mode == "once" or after[0] == 0 or after[1] == 0 or (mode == "continuous" and la > ld)
        )
        if stop:
            ends[after] = ends.get(after, Fraction(0)) + p
        else:
            for state, q in brute_ends(*after, dice, mode):
                ends[state] = ends.get(state, Fraction(0)) + p * q
    return tuple(sorted(ends.items()))


@pytest.mark.parametrize("mode", ["once", "continuous", "do-or-die"])
@pytest.mark.parametrize("dice", [1, 2, 3])
@pytest.mark.parametrize(("a", "d"), [(1, 1), (2, 1), (3, 2), (4, 3), (5, 4), (2, 5)])
def test_every_mode_and_dice_count_matches_brute_force(
    a: int, d: int, dice: int, mode: str
) -> None:
    """Rules: "1-3 dice"; continuous "repeats the roll until the attacker loses a roll
    ... or wins"; do-or-die "until the defender is gone or the attacker has one army
    left". Each end of the attack has exactly the brute force's probability."""
    odds = classic_attack_odds(a, d, dice, mode)
    expected = dict(brute_ends(a, d, dice, mode))
    assert set(odds.outcomes) == {k for k, v in expected.items() if v}
    for state, p in expected.items():
        assert odds.outcomes[state] == pytest.approx(float(p), abs=TOL)
    win = sum((p for (x, y), p in expected.items() if y == 0 and x > 0), Fraction(0))
    assert odds.win_probability == pytest.approx(float(win), abs=TOL)


def test_one_roll_cannot_take_three_defenders() -> None:
    """Issue 30: "6 against 3 shows 77% under Roll once, where one roll cannot conquer".
    Six armies attack with five; one roll kills at most two defenders."""
    odds = classic_attack_odds(5, 3, 3, "once")
    assert odds.win_probability == 0.0
    assert sum(odds.outcomes.values()) == pytest.approx(1.0, abs=TOL)
    assert set(odds.outcomes) == {(5, 1), (4, 2), (3, 3)}


def test_one_die_rolled_once_against_four() -> None:
    """Issue 30: "12 against 4 shows 97% under Roll once with one die": one die against
    two kills one defender with probability 55/216, else the attacker loses one."""
    odds = classic_attack_odds(11, 4, 1, "once")
    assert odds.win_probability == 0.0
    assert odds.outcomes[(11, 3)] == pytest.approx(55 / 216, abs=TOL)
    assert odds.outcomes[(10, 4)] == pytest.approx(161 / 216, abs=TOL)


def test_fewer_dice_lower_the_odds_fought_to_the_end() -> None:
    """The dice chosen are the dice of every roll: 11 against 4 with one die is far
    from the 97% of three dice."""
    three, one = conquest_chance(11, 4, 3), conquest_chance(11, 4, 1)
    assert three == pytest.approx(win_probability(11, 4), abs=TOL)
    assert one < three - 0.3


def test_do_or_die_with_three_dice_is_the_battle_odds() -> None:
    """A do-or-die attack with three dice is the battle of engine.odds fought to the end."""
    for advantage in (False, True):
        model = ClassicDice(advantage=advantage)
        odds = classic_attack_odds(7, 5, 3, "do-or-die", advantage=advantage)
        battle = battle_odds(7, 5, model)
        assert odds.win_probability == pytest.approx(battle.win_probability, abs=1e-10)
        assert odds.expected_survivors_if_win == pytest.approx(
            battle.expected_survivors_if_win, abs=1e-10
        )


def test_advantage_is_counted_in_every_mode() -> None:
    """Attack advantage: after every roll the attacker may re-roll their lowest die; the
    odds count it (never lower than without, and higher where a die can be lost)."""
    for mode in ("once", "continuous", "do-or-die"):
        for dice in (1, 2, 3):
            plain = classic_attack_odds(4, 2, dice, mode)
            better = classic_attack_odds(4, 2, dice, mode, advantage=True)
            assert sum(better.outcomes.values()) == pytest.approx(1.0, abs=1e-12)
            assert better.expected_defender_losses > plain.expected_defender_losses
            assert better.win_probability >= plain.win_probability - 1e-12
    # One die against one, re-rolled when it loses: the defender's die y stays, so the
    # attacker wins with sum over y of (6-y)/6 + (y/6) * (6-y)/6, over 6: 125/216.
    assert classic_attack_odds(1, 1, 1, "once", advantage=True).win_probability == (
        pytest.approx(125 / 216, abs=TOL)
    )


def test_blitz_stops_at_the_armies_asked() -> None:
    """A blitz stops when the attackers are down to the number set: with ``stop_at=3``
    no end has fewer than 3 attackers unless the defender is gone."""
    odds = classic_attack_odds(8, 6, 3, "do-or-die", stop_at=3)
    assert all(a >= 1 for a, _ in odds.outcomes)
    assert all(a <= 3 for a, d in odds.outcomes if d > 0)
    assert odds.win_probability < conquest_chance(8, 6)


def test_blitz_stops_when_the_odds_drop_below_the_threshold() -> None:
    """A blitz stops before a roll whose fought-to-the-end odds are below the threshold:
    every end short of the conquest is such a position."""
    odds = classic_attack_odds(10, 8, 3, "do-or-die", stop_below=0.5)
    for (a, d), p in odds.outcomes.items():
        if d > 0 and a > 0:
            assert conquest_chance(a, d) < 0.5, (a, d, p)
    assert odds.win_probability < conquest_chance(10, 8)
    assert classic_attack_odds(10, 8, 3, "do-or-die", stop_below=0.0) == classic_attack_odds(
        10, 8, 3, "do-or-die"
    )


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="1 to 3 dice"):
        classic_attack_odds(3, 3, 4, "once")
    with pytest.raises(ValueError, match="attack mode"):
        classic_attack_odds(3, 3, 3, "blitz")
    with pytest.raises(ValueError, match="non-negative"):
        classic_attack_odds(-1, 3, 3, "once")
    with pytest.raises(ValueError, match="1 to 3 dice"):
        ClassicDice(max_dice=0)
