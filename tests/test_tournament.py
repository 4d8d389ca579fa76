"""Tournaments between computer levels: seating, reporting, and the Classic ordering."""

from __future__ import annotations

import pytest

from engine.errors import OptionError
from engine.tournament import TournamentResult, format_result, run_tournament, seating


def test_seating_rotates_every_level_through_every_seat() -> None:
    """Over a block of len(levels) games each level sits in each seat once."""
    levels = ("a", "b", "c")
    for seat in range(4):
        assert sorted(seating(levels, 4, game)[seat] for game in range(3)) == ["a", "b", "c"]


def test_format_result_lines() -> None:
    """Shares over finished games, best first, then games and unfinished."""
    result = TournamentResult("classic", 2, ("easy", "good"), 10, 2, {"easy": 2, "good": 6})
    assert format_result(result) == ["good 0.750", "easy 0.250", "games 10", "unfinished 2"]


def test_unknown_level_is_refused() -> None:
    with pytest.raises(OptionError):
        run_tournament("classic", 2, "s", None, ["good", "grandmaster"])


def test_small_tournament_counts_every_game() -> None:
    """Every game is either won by a level or counted unfinished."""
    result = run_tournament("classic", 4, "count", 3, ["easy", "good"])
    assert result.games == 4
    assert sum(result.wins.values()) + result.unfinished == 4


def test_classic_levels_are_ordered() -> None:
    """Two players with neutral, fixed seed: Good beats Easy clearly and every level
    beats the baseline player."""
    good_easy = run_tournament("classic", 100, "order", None, ["good", "easy"])
    assert good_easy.share("good") > 0.55
    easy_base = run_tournament("classic", 40, "order", None, ["easy", "baseline"])
    assert easy_base.share("easy") > 0.6
