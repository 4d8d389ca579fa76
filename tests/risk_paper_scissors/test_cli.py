"""The command line for Risk, Paper, Scissors: simulate, battle, inspect, report, tournament."""

from __future__ import annotations

import json

import pytest

from engine.cli import main


def test_simulate_plays_five_years_and_prints_the_winner_last(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 15: `simulate --ruleset rps --players 4 --seed S` "plays to the final scoring
    and prints `winner: ...` last (with the scores)"."""
    assert main(["simulate", "--ruleset", "rps", "--players", "4", "--seed", "S"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1].startswith(("winner: ", "winners (shared): ")) and "scores:" in lines[-1]
    assert "in year 5" in lines[-1]


def test_battle_round_by_round(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 15: `battle --ruleset rps 3E2J1W 1E1J2W` ends with
    `attacker 1E/1J/0W defender 0E/0J/0W captured`."""
    assert main(["battle", "--ruleset", "rps", "3E2J1W", "1E1J2W"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("round 1: ")
    assert lines[-1] == "attacker 1E/1J/0W defender 0E/0J/0W captured"


def test_bad_battle_army_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["battle", "--ruleset", "rps", "3Q", "1E"]) == 2
    assert "rps/bad-army" in capsys.readouterr().err


def test_inspect_and_report_read_the_code(capsys: pytest.CaptureFixture[str]) -> None:
    """`inspect` and `report` work on its codes."""
    main(["simulate", "--ruleset", "rps", "--players", "3", "--seed", "c", "--save-code"])
    code = capsys.readouterr().out.strip().splitlines()[-1]
    assert main(["inspect", code]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ruleset"] == "risk_paper_scissors" and data["state"]["phase"] == "game_over"
    assert main(["report", code]) == 0
    assert "Game over:" in capsys.readouterr().out


def test_tournament_accepts_the_alias(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--ruleset", "rps", "--games", "2", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "standard" in out and "games 2" in out
