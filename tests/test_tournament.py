"""Tournaments between computer levels: seating, reporting, and the Classic ordering."""

from __future__ import annotations

import pytest

from engine.errors import OptionError
from engine.tournament import TournamentResult, format_result, run_tournament, seating

GAMES_2P = 80
GAMES_4P = 60
GOOD_OVER_STANDARD = 0.5  # measured on seed 'order': 0.55 (200 games, seed 't': 0.655)
STANDARD_OVER_EASY = 0.5  # 200 games, seed 't': 0.61


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
    (measured on this seed with margin to spare; a level swap or a broken level fails)."""
    good_standard = run_tournament("classic", GAMES_2P, "order", None, ["good", "standard"])
    assert good_standard.share("good") > GOOD_OVER_STANDARD
    standard_easy = run_tournament("classic", GAMES_2P, "order", None, ["standard", "easy"])
    assert standard_easy.share("standard") > STANDARD_OVER_EASY


def test_every_classic_level_beats_the_baseline() -> None:
    result = run_tournament("classic", 40, "order", None, ["easy", "baseline"])
    assert result.share("easy") > 0.6


def test_classic_levels_are_ordered_with_four_players() -> None:
    """Four players, all three levels rotated through the seats: Easy comes last.
    (Good > Standard is not yet reached at four players; see issue #6.)"""
    result = run_tournament("classic", GAMES_4P, "order4", 4, ["easy", "standard", "good"])
    assert min(result.share("good"), result.share("standard")) > result.share("easy")
