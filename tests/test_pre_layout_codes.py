"""Codes made before the layout of issue 13 (commit a0d2869, by the engine as it was) still
load and verify: a Classic save followed by a chained save with one human turn of orders,
and the final position of a Capital Risk game between computers."""

from __future__ import annotations

from pathlib import Path

from engine.core import find_ruleset
from engine.saves import continue_game, read_save
from engine.simulate import computer_seats, play

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def test_a_pre_layout_classic_chain_still_verifies() -> None:
    first_code, second_code = (FIXTURES / "chain-classic-pre-layout.txt").read_text().split()
    first = read_save(first_code)
    accepted = continue_game(first, second_code)
    assert accepted.verified and accepted.warnings == ()
    assert (first.state.turn, first.state.current, accepted.record.state.current) == (5, 0, 1)
    assert len(accepted.record.actions) > 1


def test_a_pre_layout_capital_code_loads_as_the_same_position() -> None:
    """`simulate --ruleset capital --players 6 --seed layout --save-code`, run before the
    change: the code loads, and today's engine reaches the same position."""
    record = read_save((FIXTURES / "final-capital-pre-layout.txt").read_text().strip())
    assert record.ruleset == "capital"
    game = play("capital", computer_seats(6), {}, "layout")
    capital = find_ruleset("capital")
    assert capital.to_compact(game.state) == capital.to_compact(record.state)
    assert record.state.to_json() == game.state.to_json()
