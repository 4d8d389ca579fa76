"""Codes made before the layout of issue 13 (commit a0d2869, by the engine as it was) still
load and verify: a Classic save followed by a chained save with one human turn of orders,
and the final position of a Capital Risk game between computers."""

from __future__ import annotations

from pathlib import Path

from engine.core import find_ruleset
from engine.save_chain import continue_game
from engine.saves import read_save

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def test_a_pre_layout_classic_chain_still_verifies() -> None:
    first_code, second_code = (FIXTURES / "chain-classic-pre-layout.txt").read_text().split()
    first = read_save(first_code)
    accepted = continue_game(first, second_code)
    assert accepted.verified and accepted.warnings == ()
    assert (first.state.turn, first.state.current, accepted.record.state.current) == (5, 0, 1)
    assert len(accepted.record.actions) > 1


def test_a_pre_layout_capital_code_loads_and_reads_back_the_same() -> None:
    """`simulate --ruleset capital --players 6 --seed layout --save-code`, run before the
    change: the code loads and verifies, and today's state reads it back to the very
    position it signed (its compact form, and its JSON form round trip).  (That the same
    seed still reached the same position was checked before issue 11's rule changes to
    the Capital computer players were merged; they play differently since.)"""
    record = read_save((FIXTURES / "final-capital-pre-layout.txt").read_text().strip())
    assert record.ruleset == "capital"
    capital = find_ruleset("capital")
    assert capital.to_compact(record.state) == record.payload["st"]
    data = record.state.to_json()
    assert capital.state_from_json(data).to_json() == data
    assert capital.winner(record.state) is not None
