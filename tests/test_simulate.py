"""Whole games between baseline computer players end, in every game type."""

from __future__ import annotations

import pytest

from engine.simulate import computer_seats, play

GAME_TYPES = ["us_full", "uk_full", "us_short", "uk_short", "custom"]
VARIANTS = [
    {},
    {"army_limit": 12, "supply_lines": True},
    {"attack_advantage": True, "computer_advantage": True},
    {"low_exchange": True},
]
MAX_TURNS = 600


def _options(game_type: str, variant: dict[str, object]) -> dict[str, object]:
    options: dict[str, object] = {"game_type": game_type, **variant}
    if variant.get("low_exchange") and game_type.startswith("uk"):
        options["card_sets"] = "rising"
    return options


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_games_end_with_a_winner(players: int, game_type: str) -> None:
    """The game always ends under every game type within a bounded number of turns with
    the baseline player (2 to 6 players; 8 games per cell, 200 games in all)."""
    for index in range(8):
        variant = VARIANTS[index % len(VARIANTS)]
        seed = f"{game_type}-{players}-{index}"
        record = play(
            "classic", computer_seats(players), _options(game_type, variant), seed, MAX_TURNS
        )
        assert record.winner is not None, (seed, variant)
        winner = record.state.players[record.winner]
        assert winner.alive and winner.control != "neutral"


def test_same_seed_same_game() -> None:
    """Same seed and same orders give the same game."""
    first = play("classic", computer_seats(4), {}, "repeat", record_orders=True)
    second = play("classic", computer_seats(4), {}, "repeat", record_orders=True)
    assert first.orders == second.orders
    assert first.state.to_json() == second.state.to_json()
    other = play("classic", computer_seats(4), {}, "other")
    assert other.state.to_json() != first.state.to_json()
