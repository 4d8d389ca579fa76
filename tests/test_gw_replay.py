"""The replay of a resolved Great War 1907 phase (ui/greatwar1907/replay.py): one frame
per report line between the position before and the position after, captions that
name nations and provinces, highlights for the map, and frames that step back and
forth through the shell's controls unchanged."""

from __future__ import annotations

import pytest

from engine.core import Event
from engine.rulesets.greatwar1907.state import GreatWarState
from engine.rulesets.greatwar1907.turn import resolve_phase
from tests.greatwar1907.helpers import give, order, set_relation, start
from ui.greatwar1907.render import render_board
from ui.greatwar1907.replay import REPLAYED, Frame, frames, nations_in, places_in
from ui.shell.replay import Replay


def _resolve(
    state: GreatWarState, dice: list[int] | None = None
) -> tuple[GreatWarState, list[Event]]:
    """The position before, and the events, of resolving ``state`` in place."""
    before = state.clone()
    if dice is not None:
        state.rng = state.rng.with_script(dice)
    return before, resolve_phase(state, force=True)


def _york_takes_edinburgh() -> tuple[GreatWarState, GreatWarState, list[Frame]]:
    state = start(phase="attack")
    set_relation(state, "germany", "uk", "war")
    give(state, "yor", "germany", 6)
    order(state, "germany", attacks=[{"from": "yor", "target": "edi", "divisions": 6}])
    before, events = _resolve(state, dice=[6, 6, 1] * 3)
    return before, state, frames(before, state, events)


def test_one_frame_per_report_line_between_before_and_after() -> None:
    """The steps follow the report: Before, every line of diplomacy, trades, builds,
    moves, fleet battles, attacks and awards, then After."""
    before, after, steps = _york_takes_edinburgh()
    report = after.last_report
    assert report is not None
    lines = [line for key, _, _ in REPLAYED for line in report[key]]
    assert len(steps) == 2 + len(lines)
    assert steps[0].title == "Before" and steps[-1].title == "After"
    assert steps[0].state is before and steps[-1].state is after


def test_an_attack_frame_names_the_sides_shows_the_capture_and_its_dice() -> None:
    """R52/R60: "Attack on Edinburgh": Germany's 6 divisions from York beat the
    defenders; the frame highlights Edinburgh as conquered and York as the origin, and
    draws Edinburgh German from this frame on."""
    _before, after, steps = _york_takes_edinburgh()
    (attack,) = [s for s in steps if s.title.startswith("Attack")]
    assert attack.title == "Attack 1 of 1"
    for name in ("Edinburgh", "German Empire", "York", "United Kingdom"):
        assert name in attack.caption
    assert "r1" not in attack.caption and "=>" not in attack.caption
    assert "takes it" in attack.caption
    assert dict(attack.highlights) == {"edi": "conquered", "yor": "moved"}
    assert attack.rounds and all(r.startswith("Round ") for r in attack.rounds)
    assert "the attacker loses" in attack.rounds[0]
    assert steps[0].state.owner_of("edi") == "uk"
    assert attack.state.owner_of("edi") == "germany"
    assert attack.state.divisions("edi", "germany") == after.divisions("edi", "germany")
    assert dict(steps[-1].highlights) == {"edi": "conquered"}
    assert "German Empire took Edinburgh" in steps[-1].caption
    assert "divisions" in steps[-1].caption  # the accounts event: losses


def test_a_build_frame_shows_the_new_divisions_from_its_line_on() -> None:
    """R19/R20 in the Deployment phase: "United Kingdom: 5 div ... in Ireland" adds
    the divisions at its frame, not before."""
    state = start()
    order(state, "uk", builds=[{"province": "ire", "divisions": 5}])
    before, events = _resolve(state)
    steps = frames(before, state, events)
    (build,) = [s for s in steps if s.title.startswith("Builds")]
    assert "Ireland" in build.caption and "United Kingdom" in build.caption
    assert dict(build.highlights) == {"ire": "built"}
    assert steps[0].state.divisions("ire", "uk") == 2
    assert build.state.divisions("ire", "uk") == 7 == state.divisions("ire", "uk")


def test_stepping_back_and_forward_gives_the_same_frames() -> None:
    _, _, steps = _york_takes_edinburgh()
    replay = Replay(len(steps))
    seen = []
    for _ in range(len(steps)):
        frame = steps[replay.index]
        seen.append(render_board(frame.state, highlights=frame.highlights))
        replay.step("forward")
    assert replay.at_end
    for index in reversed(range(len(steps))):
        frame = steps[replay.index]
        assert replay.index == index
        assert render_board(frame.state, highlights=frame.highlights) == seen[index]
        replay.step("back")
    replay.step("play")
    while replay.tick():
        pass
    assert replay.at_end and not replay.playing


def test_without_the_position_before_every_frame_draws_after() -> None:
    _, after, _ = _york_takes_edinburgh()
    events = [{"type": "resolved", "turn": 1, "phase": "attack", "offenses": 0}]
    steps = frames(None, after, events)
    assert all(s.state is after for s in steps)
    assert any(s.highlights.get("edi") == "battle" for s in steps)  # no change known


def test_the_last_frame_names_the_winner() -> None:
    before, after, _ = _york_takes_edinburgh()
    events = [
        {"type": "resolved", "turn": 1, "phase": "attack", "offenses": 0},
        {"type": "winner", "nations": ["germany"]},
    ]
    assert "Game over: German Empire wins" in frames(before, after, events)[-1].caption


def test_a_replay_needs_a_resolved_phase() -> None:
    state = start()
    with pytest.raises(ValueError, match="resolved phase"):
        frames(None, state, [{"type": "orders-sealed", "faction": 0, "player": "x"}])


def test_every_place_name_is_found_and_nation_names_are_not_places() -> None:
    """A report line names places by their short names; "United Kingdom of Great
    Britain and Ireland" names a nation, not Ireland."""
    m = start().map
    for p in m.provinces:
        assert places_in(f"x {m.name_of(p.id)} y") == [p.id]
    for s in m.seas:
        assert places_in(f"{s.name}: 2 ships") == [s.id]
    assert places_in("United Kingdom of Great Britain and Ireland: 1 ship in York") == ["yor"]
    assert places_in("Otto Liman von Sanders raises a division in Lamia") == ["lam"]


def test_frames_neither_change_nor_alias_the_positions_they_come_from() -> None:
    """A frame is a copy for drawing: building the frames leaves the position before as
    it was, and a later change to either position does not reach a frame."""
    state = start(phase="attack")
    set_relation(state, "germany", "uk", "war")
    give(state, "yor", "germany", 6)
    order(state, "germany", attacks=[{"from": "yor", "target": "edi", "divisions": 6}])
    before, events = _resolve(state, dice=[6, 6, 1] * 3)
    snapshot = before.to_json()
    steps = frames(before, state, events)
    assert before.to_json() == snapshot
    attack = next(s for s in steps if s.title.startswith("Attack"))
    drawn = render_board(attack.state)
    state.add_divisions("edi", "germany", 40)
    before.add_divisions("lon", "uk", 40)
    assert render_board(attack.state) == drawn


def test_a_diplomacy_frame_marks_the_land_of_both_nations() -> None:
    """R79/R82 (a declaration, "peace to war", takes effect at once): the frame
    outlines the land of the two nations, and draws the new relation from it on."""
    state = start()
    order(state, "germany", diplomacy=[{"with": "uk", "to": "war"}])
    before, events = _resolve(state)
    steps = frames(before, state, events)
    (change,) = [s for s in steps if s.title.startswith("Diplomacy")]
    assert "German Empire" in change.caption and "United Kingdom" in change.caption
    expected = set(before.provinces_of("germany")) | set(before.provinces_of("uk"))
    assert set(change.highlights) == expected
    assert set(change.highlights.values()) == {"diplomacy"}
    assert change.state.at_war("germany", "uk") and not steps[0].state.at_war("germany", "uk")
    assert nations_in("Russian Empire and Austria-Hungary: war to peace") == [
        "russia",
        "austria_hungary",
    ]
