"""Combat (spec 11): every worked example of 11.4 with its exact result and rounds."""

from __future__ import annotations

import pytest

from engine.errors import InvalidOrderError
from engine.rulesets.risk_paper_scissors import battle, parse_side
from engine.rulesets.risk_paper_scissors.battle import describe

EXAMPLES = [
    ("A", "3E/2J/1W", "1E/1J/2W", "1E/1J/0W", "0E/0J/0W", "capture", 1),
    ("B", "0E/1J/0W+land", "0E/0J/3W", "0E/1J/0W+land", "0E/0J/0W", "capture", 2),
    ("C", "1E/0J/0W", "0E/1J/0W+diplomat", "1E/0J/0W", "0E/0J/0W", "capture", 2),
    ("D", "4E/0J/0W", "0E/1J/1W+diplomat", "0E/0J/0W", "0E/0J/1W", "hold", 4),
    ("E", "0E/0J/3W", "0E/0J/5W", "0E/0J/3W", "0E/0J/5W", "stalemate", 0),
    ("F", "1E/0J/2W", "1E/0J/2W", "0E/0J/2W", "0E/0J/2W", "stalemate", 1),
    ("G", "1E/1J/1W", "1E/1J/1W", "0E/0J/0W", "0E/0J/0W", "empty", 1),
    ("H", "0E/1J/1W", "1E/0J/1W", "0E/0J/1W", "0E/0J/0W", "capture", 1),
    ("I", "5E/2J/1W+space", "2E/3J/2W+naval", "3E/0J/0W", "1E/0J/0W", "stalemate", 2),
    (
        "J",
        "0E/4J/0W+diplomat,nuclear,land,naval",
        "1E/0J/0W",
        "0E/0J/0W",
        "1E/0J/0W",
        "hold",
        8,
    ),
    ("K", "2E/0J/0W", "0E/0J/0W+land,naval,space", "2E/0J/0W", "0E/0J/0W", "capture", 2),
    ("L1", "0E/2J/2W", "3E/0J/0W", "0E/0J/2W", "0E/0J/0W", "capture", 2),
    ("L2", "0E/0J/2W", "3E/0J/0W", "0E/0J/2W", "0E/0J/0W", "capture", 2),
    ("L3", "0E/2J/0W", "3E/0J/0W", "0E/0J/0W", "3E/0J/0W", "hold", 1),
]


@pytest.mark.parametrize(
    ("name", "att", "dfn", "att_left", "dfn_left", "outcome", "rounds"), EXAMPLES
)
def test_worked_example(
    name: str, att: str, dfn: str, att_left: str, dfn_left: str, outcome: str, rounds: int
) -> None:
    """Spec 11.4: "The table below is read and re-run by check_map.py" — each example's
    survivors, outcome and number of kill rounds, exactly."""
    result = battle(parse_side(att), parse_side(dfn))
    assert (str(result.attacker), str(result.defender)) == (att_left, dfn_left), name
    assert result.outcome.value == outcome
    assert len(result.rounds) == rounds


def test_seed_example_round_by_round() -> None:
    """Seed: "3E/2J/1W vs 1E/1J/2W = 1E/1J/0W vs. 0E/0J/0W" (RULINGS §4's check)."""
    result = battle(parse_side("3E2J1W"), parse_side("1E1J2W"))
    (first,) = result.rounds
    assert (first.attacker_kills.e, first.attacker_kills.jaguar_types, first.attacker_kills.w) == (
        1,
        1,
        2,
    )
    assert (first.defender_kills.e, first.defender_kills.jaguar_types, first.defender_kills.w) == (
        2,
        1,
        1,
    )
    assert describe(result)[-1] == "attacker 1E/1J/0W defender 0E/0J/0W captured"


def test_loss_order_among_jaguar_types() -> None:
    """Spec 11.2: "plain Jaguars die first. Then commanders die in commander_loss_order:
    diplomat, nuclear, land, naval, space" (example I: the Naval dies in round 1)."""
    result = battle(parse_side("5E2J1W+space"), parse_side("2E3J2W+naval"))
    assert result.rounds[1].defender.commanders == frozenset()
    assert result.rounds[1].attacker.commanders == frozenset({"space"})


@pytest.mark.parametrize("text", ["", "3X", "1J+admiral", "1J+land,land", "E3"])
def test_bad_army_text(text: str) -> None:
    """A malformed army names what is wrong, with a typed error."""
    with pytest.raises(InvalidOrderError) as info:
        parse_side(text)
    assert info.value.code == "rps/bad-army"
