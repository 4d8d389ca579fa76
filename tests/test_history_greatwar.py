"""The shell's game record reads a ruleset whose owners are nations (The Great War
1907): territories by seat, conquests of Neutral counted, nobody's land claimed not."""

from __future__ import annotations

from engine.core import SEATLESS, find_ruleset
from engine.history import away_summary, league
from tests.greatwar1907.helpers import start

RULESET = find_ruleset("greatwar1907")


def test_provinces_are_read_by_seat_and_neutral_is_seatless() -> None:
    state = start()
    owners = RULESET.board_summary(state).owners
    assert owners["mos"] == state.seat_of("russia")
    assert owners["sof"] == SEATLESS  # Bulgaria: Neutral at the start


def test_taking_a_neutral_or_a_nations_province_is_a_conquest() -> None:
    """The battle league: Russia takes Sofia from Neutral and Berlin from Germany."""
    before = start()
    after = before.clone()
    after.set_owner("sof", "russia")
    after.set_owner("ber", "russia")
    rows = {r.seat: r for r in league(RULESET, [before, after])}
    russia, germany = rows[before.seat_of("russia")], rows[before.seat_of("germany")]
    assert (russia.won, russia.lost) == (2, 0)
    assert (germany.won, germany.lost) == (0, 1)
    away = away_summary(RULESET, before, after, before.seat_of("germany"))
    assert away.lost == ("ber",)


def test_a_nation_that_starts_without_land_is_not_out() -> None:
    """No elimination in the Great War (R13): France starts 1907 with no province, so the
    league never says it went out; Russia, losing its last province, would."""
    before = start()
    after = before.clone()
    for province in before.provinces_of("russia"):
        after.set_owner(province, "germany")
    rows = {r.seat: r for r in league(RULESET, [before, after])}
    assert rows[before.seat_of("france")].out_at is None
    assert rows[before.seat_of("russia")].out_at == after.turn
