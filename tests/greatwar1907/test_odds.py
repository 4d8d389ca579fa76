"""The page's exact battle odds (engine/rulesets/greatwar1907/odds.py) against the
engine's own battle (battle.fight) rolled many times with a fixed seed."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from engine.rng import Rng
from engine.rulesets.greatwar1907.battle import fight
from engine.rulesets.greatwar1907.odds import attack_odds, battle_odds, round_losses
from tests.greatwar1907.helpers import start


@dataclass
class _Dice:
    """What fight() asks of its context: dice from a seeded generator."""

    rng: Rng

    def die(self) -> int:
        return self.rng.die(6)


def _monte_carlo(a: int, d: int, a_limit: int, d_limit: int, n: int) -> tuple[float, float]:
    ctx = _Dice(Rng("odds-check"))
    wins = survivors = 0
    for _ in range(n):
        result = fight(ctx, a, d, a_limit, d_limit)  # type: ignore[arg-type]
        if result.second_left == 0:
            wins += 1
            survivors += result.first_left
    return wins / n, survivors / n


def test_one_die_each_is_a_coin_because_ties_are_rethrown() -> None:
    """R52: "an equal pair is rethrown until they differ": one die against one die wins
    exactly half the time."""
    assert float(round_losses(1, 1)[0]) == pytest.approx(0.5)
    assert battle_odds(1, 1, 1, 1).win == pytest.approx(0.5)


def test_two_against_three_dice_round_is_a_distribution() -> None:
    """R53: the attacker rolls 2 dice, the defender 3; two pairs are compared, each pair
    kills one unit: the round's losses 0, 1, 2 sum to 1."""
    losses = round_losses(2, 3)
    assert len(losses) == 3
    assert sum(losses) == 1


@pytest.mark.parametrize(
    ("a", "d", "a_limit", "d_limit"),
    [(3, 2, 2, 3), (5, 4, 2, 3), (6, 6, 3, 3), (4, 5, 4, 2), (8, 3, 2, 4)],
)
def test_exact_odds_match_the_engines_battle(a: int, d: int, a_limit: int, d_limit: int) -> None:
    """R52, R53, R69, R70: the odds shown before you commit are those of the battle the
    engine fights: 20 000 battles with a fixed seed land within 0.015 of them."""
    odds = battle_odds(a, d, a_limit, d_limit)
    win, survivors = _monte_carlo(a, d, a_limit, d_limit, 20_000)
    assert odds.win == pytest.approx(win, abs=0.015)
    assert odds.expected_left == pytest.approx(survivors, abs=0.05)
    assert sum(odds.attackers_left) == pytest.approx(1.0)


def test_no_defenders_is_a_sure_capture() -> None:
    """R57: an empty province falls without a battle."""
    odds = battle_odds(3, 0)
    assert odds.win == 1.0
    assert odds.expected_left == 3


def test_a_generals_attack_die_is_counted() -> None:
    """R69: a general's ``attack_dice`` adds to the attacker's 2 dice: Montojo (+1)
    attacking Marseilles gives 3 dice, and better odds than without him."""
    state = start(phase="attack")
    with_him = attack_odds(state, "mar", 4, ("montojo",))
    without = attack_odds(state, "mar", 4)
    assert with_him.attack_dice == 3
    assert without.attack_dice == 2
    assert with_him.win > without.win
