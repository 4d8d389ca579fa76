"""Spec 19 cases 73-75: final scoring, tie-breaks and the last player standing."""

from __future__ import annotations

from engine.rulesets.risk_paper_scissors.common import final_scoring
from engine.rulesets.risk_paper_scissors.orders import Attack, EndTurn, Phase
from tests.risk_paper_scissors.helpers import BLUE, GREEN, RED, RPS, owning, play, position


def test_73_final_score() -> None:
    """15.1: territories + group bonuses + 3 per Colony Influence card whose commander is
    in play: 16 + 4 + 3 = 23."""
    mine = [
        *("indonesia", "new_guinea", "western_australia", "eastern_australia"),
        *("arabian_deep", "mascarene_basin", "java_trench"),
        *("alaska", "alberta", "ontario", "quebec", "greenland", "iceland", "peru", "egypt"),
        "ural",
    ]
    s = owning(
        mine,
        {"eastern_australia": "Red 1E+land"},
        hands={RED: ["land.colony_influence", "naval.colony_influence"]},
    )
    final_scoring(s)
    assert s.result is not None and s.result["scores"][str(RED)] == 23


def _scored(red_energy: int, blue_energy: int, red_units: int = 1, blue_units: int = 1) -> object:
    """Red on alaska and Blue on peru, 1 point each; Green already out."""
    s = RPS.from_position_text(
        f"""
        ruleset risk_paper_scissors
        seat 0 Red human energy={red_energy}
        seat 1 Blue human energy={blue_energy}
        seat 2 Green human energy=10 alive=false
        phase action
        year 2
        order 0 1 2
        last_slots 1 2 3
        alaska 0 {red_units}E
        peru 1 {blue_units}E
        """
    )
    final_scoring(s)
    return s


def test_74_tie_breaks() -> None:
    """15.1: "Ties go to the player with more energy left ..., then to the one with more
    units on the board. If they are still tied, they share the win"."""
    s = _scored(5, 3)
    assert s.result["winners"] == [RED] and RPS.winner(s) == RED  # type: ignore[attr-defined]
    s = _scored(4, 4, red_units=1, blue_units=2)
    assert s.result["winners"] == [BLUE]  # type: ignore[attr-defined]
    s = _scored(4, 4)
    assert s.result["winners"] == [RED, BLUE] and RPS.winner(s) is None  # type: ignore[attr-defined]
    assert RPS.actor(s) is None  # type: ignore[arg-type]


def test_75_last_player_standing() -> None:
    """15.2: "If only one player is left at any moment, the game ends at once and that
    player wins"."""
    s = position(
        {"iceland": "Blue 1E", "greenland": "Red 2W"},
        no_reserve=[BLUE, GREEN],
        rest=RED,
        more=["seat 2 Green energy=10 alive=false"],
    )
    s = play(s, Attack("greenland", "iceland", w=1))
    assert s.phase is Phase.GAME_OVER and RPS.winner(s) == RED and RPS.actor(s) is None
    assert s.result is not None and s.result["scores"][str(RED)] >= 42


def test_final_scoring_after_the_last_year() -> None:
    """6.1: "after the last turn of year `years`: final scoring"."""
    s = position(more=["year 5", "order 1 2 0", "slot 2"])
    s = play(s, EndTurn())
    assert s.phase is Phase.GAME_OVER and s.result is not None
