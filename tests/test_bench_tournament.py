"""bench.ai_tournament: the Wilson interval and the tournament's figures (tiny sizes)."""

from __future__ import annotations

import pytest

from bench.ai_tournament import describe, run, wilson


def test_wilson_interval_known_values() -> None:
    """Wilson 95% intervals: 0 of 10 is 0–0.278, 5 of 10 is 0.237–0.763."""
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_run_counts_every_game_and_seats_both_levels() -> None:
    """Two short games (a turn limit leaves them unfinished): every game is counted, the
    shares are of finished games only."""
    result = run("classic", ("easy", "baseline"), 2, 2, "tiny", max_turns=2)
    assert result["games"] == 2
    assert result["unfinished"] == 2
    assert {lv: f["wins"] for lv, f in result["levels"].items()} == {"easy": 0, "baseline": 0}
    assert describe(result)[-1].startswith("2 players, seed tiny: 2 games, 2 unfinished")


def test_turn_costs_count_each_turn_after_setup() -> None:
    """--turn-costs: one figure per whole turn after set-up (turns 1 to 3 here), decisions
    counted apart, and a level without a search spends no simulated orders."""
    from bench.ai_tournament import turn_costs

    costs = turn_costs("baseline", 2, ("tiny",), max_turns=3)
    assert costs["turns"] == 3
    assert costs["turn_ms"]["max"] >= costs["turn_ms"]["median"] >= 0.0
    assert costs["simulated_orders"] == {"median": 0.0, "p90": 0.0, "max": 0.0}
