"""The command line: odds, simulate, and bad arguments."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main

ROOT = Path(__file__).resolve().parent.parent


def test_odds_last_line_is_the_probability(capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m engine odds A D`: the last line is the probability of conquest as a
    decimal with at least 9 digits."""
    assert main(["odds", "3", "2"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    whole, _, digits = last.partition(".")
    assert whole == "0" and len(digits) >= 9
    from engine.odds import win_probability

    assert abs(float(last) - win_probability(3, 2)) < 1e-9


def test_simulate_prints_one_line_per_turn_and_the_winner(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--ruleset", "classic", "--players", "3", "--seed", "7"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1].startswith("winner: ") and " after " in lines[-1]
    assert sum(1 for line in lines if line.startswith("turn ")) >= 3


def test_simulate_without_winner_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "6", "--seed", "1", "--max-turns", "3"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == "no winner after 3 turns"


@pytest.mark.parametrize(
    "argv",
    [
        ["odds", "x", "3"],
        ["odds", "0", "3"],
        ["simulate", "--ruleset", "chess"],
        ["simulate", "--players", "9"],
        ["simulate", "--option", "armies_limit=3"],
        ["simulate", "--option", "nonsense"],
        ["frobnicate"],
        [],
    ],
)
def test_bad_arguments_exit_2_with_one_line(argv: list[str]) -> None:
    """Bad arguments: exit status 2 and one line on stderr; never a traceback."""
    result = subprocess.run(
        [sys.executable, "-m", "engine", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "Traceback" not in result.stderr
