"""The replay's controls (ui/shell/replay.py): stepping pauses play, so a click never
fights the timer; the caption says who took what."""

from __future__ import annotations

import pytest

from engine.core import SEATLESS, PlayerSpec, find_ruleset
from ui.shell.replay import Replay, caption, changed, controls_html


def test_a_step_by_hand_pauses_play_and_moves_exactly_one_position() -> None:
    """Issue 16: "Next step" fought the timer (clicks went 1→5→7); each click is one step."""
    replay = Replay(5, playing=True)
    replay.step("forward")
    assert (replay.index, replay.playing) == (1, False)
    replay.step("forward")
    assert replay.index == 2
    replay.step("back")
    assert replay.index == 1
    replay.step("last")
    assert replay.at_end
    replay.step("forward")
    assert replay.index == 4  # stays on the last position
    replay.step("first")
    assert replay.index == 0


def test_play_runs_to_the_end_then_stops_and_starts_again_from_the_first() -> None:
    replay = Replay(3)
    replay.step("play")
    assert replay.tick() and replay.tick()
    assert replay.at_end and not replay.playing
    assert not replay.tick()
    replay.step("play")
    assert replay.index == 0 and replay.playing


def test_speed_has_bounds_and_bad_input_is_named() -> None:
    replay = Replay(2)
    for _ in range(5):
        replay.step("faster")
    assert replay.speed == 4.0 and replay.delay == 0.25
    with pytest.raises(ValueError, match="unknown replay control 'rewind'"):
        replay.step("rewind")
    with pytest.raises(ValueError, match="at least one"):
        Replay(0)


def test_controls_show_pause_while_playing_and_disable_what_cannot_move() -> None:
    replay = Replay(3)
    html = controls_html(replay, "Turn 1")
    assert 'title="Previous position" disabled' in html
    replay.step("play")
    assert 'aria-label="Pause"' in controls_html(replay, "Turn 1")


def test_caption_names_who_took_territories() -> None:
    ruleset = find_ruleset("classic")
    players = [PlayerSpec("Ada", "human"), PlayerSpec("Boris", "easy")]
    before = ruleset.new_game(players, {"game_type": "uk_full", "special_setup": True}, "cap")
    after = before.clone()
    taken = [t for t, o in after.owner.items() if o == 1][:2]
    for t in taken:
        after.owner[t] = 0
    assert set(changed(ruleset, before, after)) == set(taken)
    # the turn is the position's own (the ruleset's record_point), not the caller's
    assert caption(ruleset, before, after, False) == f"Turn {after.turn}: Ada took 2 territories."
    assert caption(ruleset, None, before, False).endswith("the first recorded position.")


def test_the_caption_reads_any_ruleset_through_its_board_summary() -> None:
    """The Great War's owners are nation names: the caption names the nation that took
    provinces, from a nation or from Neutral (a holder without a seat)."""
    from tests.greatwar1907.helpers import RULESET, give, start

    before = start()
    after = before.clone()
    german = next(p for p in before.owner if before.owner_of(p) == "germany")
    neutral = next(p for p in before.owner if before.owner_of(p) == "neutral")
    give(after, german, "russia", 1)
    give(after, neutral, "russia", 1)
    russia = before.seat_of("russia")
    assert changed(RULESET, before, after) == {
        german: (before.seat_of("germany"), russia),
        neutral: (SEATLESS, russia),
    }
    # the Great War names its positions by phase (its record_point)
    assert caption(RULESET, before, after, False) == (
        "Turn 1 (1907), the start: Russian Empire took 2 territories."
    )
