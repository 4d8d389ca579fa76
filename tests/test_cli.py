"""The command line: odds, simulate, and bad arguments."""

from __future__ import annotations

import json
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


def _chain_codes() -> list[str]:
    from tests.test_saves import chain

    return [code for code, _ in chain(3)]


def test_inspect_reads_the_codes_from_standard_input() -> None:
    """`inspect -` reads the codes from standard input (an argument is capped at 128 KiB,
    a code may reach 1 MB): a chain wrapped over lines, padded past 128 KiB, is replayed."""
    codes = _chain_codes()
    wrapped = "\n".join(code[i : i + 76] for code in codes for i in range(0, len(code), 76))
    text = wrapped + "\n" * 140_000
    result = subprocess.run(
        [sys.executable, "-m", "engine", "inspect", "-"],
        cwd=ROOT,
        input=text,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert [link["save"] for link in data["chain"]] == [1, 2, 3]
    assert data["chain"][-1]["verified"] and data["checked"] == "orders replayed from save 0"


def test_inspect_and_report_read_the_codes_from_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`inspect --file PATH` reads the chain from a file, as the arguments would give it;
    `report --file PATH` its one code."""
    codes = _chain_codes()
    path = tmp_path / "codes.txt"
    path.write_text("\n\n".join(codes), encoding="utf-8")
    assert main(["inspect", *codes]) == 0
    from_arguments = json.loads(capsys.readouterr().out)
    assert main(["inspect", "--file", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == from_arguments
    main(["simulate", "--ruleset", "rps", "--players", "3", "--seed", "f", "--save-code"])
    rps_code = capsys.readouterr().out.strip().splitlines()[-1]
    assert main(["report", rps_code]) == 0
    from_argument = capsys.readouterr().out
    path.write_text(rps_code, encoding="utf-8")
    assert main(["report", "--file", str(path)]) == 0
    assert capsys.readouterr().out == from_argument


@pytest.mark.parametrize(
    "argv",
    [
        ["inspect"],
        ["inspect", "--file", "/nonexistent/codes.txt"],
        ["inspect", "RK1.x", "--file", "codes.txt"],
        ["inspect", "RK1.x", "-"],
        ["report", "--file", "/nonexistent/codes.txt"],
    ],
)
def test_bad_code_sources_are_usage_errors(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """No code, an unreadable file, or a file and arguments at once: exit status 2 and one
    line naming the problem."""
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: ")
