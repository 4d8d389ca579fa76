"""Tournaments between computer levels: seating, reporting, and the Classic ordering."""

from __future__ import annotations

import pytest

from engine.errors import OptionError
from engine.tournament import TournamentResult, format_result, run_tournament, seating

GAMES_2P = 120
GAMES_3P = 48
# Measured on seed 't' (the first 120 games of the 200-game runs, where the shares were
# 0.605 and 0.650 with the turn plans of classic_plan); a level swap, a broken level or a
# lost edge fails.
GOOD_OVER_STANDARD = 0.57  # measured 0.642 on these 120 games
STANDARD_OVER_EASY = 0.60  # measured 0.692 on these 120 games


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


def test_classic_levels_are_ordered_head_to_head() -> None:
    """Two players with neutral, fixed seed: Good beats Standard and Standard beats Easy
    by a measured margin (a coin-flip level pair would fall below the thresholds)."""
    good_standard = run_tournament("classic", GAMES_2P, "t", None, ["good", "standard"])
    assert good_standard.share("good") > GOOD_OVER_STANDARD
    standard_easy = run_tournament("classic", GAMES_2P, "t", None, ["standard", "easy"])
    assert standard_easy.share("standard") > STANDARD_OVER_EASY


def test_every_classic_level_beats_the_baseline() -> None:
    result = run_tournament("classic", 40, "order", None, ["easy", "baseline"])
    assert result.share("easy") > 0.6


def test_levels_are_ordered_with_three_players() -> None:
    """Three players, all levels rotated through the seats: Good wins most and Easy
    least (seed 't3': good 0.500, standard 0.375, easy 0.125; 120 games on seed 'v':
    0.492, 0.375, 0.133).  With four players Good leads clearly but Standard and Easy
    are close (0.25-0.30 each), so that is not asserted."""
    result = run_tournament("classic", GAMES_3P, "t3", 3, ["easy", "standard", "good"])
    assert result.share("good") > result.share("standard") > result.share("easy")
