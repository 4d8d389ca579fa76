"""The computers write their orders in slices (issue 31: "a time budget per decision that
keeps the page responsive (≤ 300 ms of main-thread work at a time in the page; yield
between chunks)").  A pass-and-play seal and the next phase run as steps: a pause may
come before each computer writes, and before the resolution.  Stepped or in one call, the
game comes out the same."""

from __future__ import annotations

from typing import Any

from engine.core import PlayerSpec
from ui.capital.session import CapitalSession
from ui.greatwar1907.session import GreatWarSession


def _steps_to_the_end(steps: Any) -> tuple[int, Any]:
    """(how many pauses the steps offered, their result)."""
    pauses = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return pauses, done.value
        pauses += 1


def _capital_human_at_the_screen() -> CapitalSession:
    """One human and five Expert factions, past the set-up, the human writing turn 1."""
    specs = [PlayerSpec("Ada", "human")] + [PlayerSpec(f"C{i}", "expert") for i in range(5)]
    session = CapitalSession.new(specs, {}, "steps")
    while session.stage != "entry":
        if session.stage == "replay":
            session.skip_replay()
        session.next_turn()
    session.click(session.highlight()[0])
    return session


def test_a_capital_seal_pauses_before_each_computer_and_the_resolution() -> None:
    """Ada seals: the five computers write their orders a step each, then the turn is
    resolved in a step of its own; the game is the same as when sealed in one call, and
    the page says the same."""
    session = _capital_human_at_the_screen()
    twin = CapitalSession.from_json(session.to_json())
    said_at_once = twin.seal()
    pauses, said = _steps_to_the_end(session.seal_steps())
    assert said == said_at_once
    assert session.to_json() == twin.to_json()
    assert pauses >= 1  # at least the resolution's own step


def test_the_next_capital_turn_pauses_before_each_computer() -> None:
    """After the report, "Next turn": a pause before each of the five computers' orders;
    the same game as in one call."""
    session = _capital_human_at_the_screen()
    session.seal()
    if session.stage == "replay":
        session.skip_replay()
    assert session.stage == "report"
    twin = CapitalSession.from_json(session.to_json())
    twin.next_phase()
    pauses, _ = _steps_to_the_end(session.next_phase_steps())
    assert pauses == 5
    assert session.to_json() == twin.to_json()
    assert session.stage == "entry" and session.viewer == 0


def test_a_great_war_phase_pauses_before_each_of_seven_computer_nations() -> None:
    """The Great War with one human nation and seven Standard ones: after the report,
    the next phase offers a pause before each computer nation writes; the same game as
    in one call."""
    specs = [PlayerSpec("Ada", "human")] + [PlayerSpec(f"C{i}", "standard") for i in range(7)]
    session = GreatWarSession.new(specs, {}, "steps")
    assert session.stage == "entry"
    session.seal()
    if session.stage == "replay":
        session.skip_replay()
    assert session.stage == "report"
    twin = GreatWarSession.from_json(session.to_json())
    twin.next_phase()
    pauses, _ = _steps_to_the_end(session.next_phase_steps())
    assert pauses == 7
    assert session.to_json() == twin.to_json()
