"""The shell's game record reads a ruleset whose owners are nations (The Great War
1907): territories by seat, conquests of Neutral counted, nobody's land claimed not."""

from __future__ import annotations

from engine.core import find_ruleset
from engine.history import SEATLESS, away_summary, league, seat_owners
from tests.greatwar1907.helpers import start


def test_provinces_are_read_by_seat_and_neutral_is_seatless() -> None:
    state = start()
    owners = seat_owners(state)
    assert owners["mos"] == state.seat_of("russia")
    assert owners["sof"] == SEATLESS  # Bulgaria: Neutral at the start


def test_taking_a_neutral_or_a_nations_province_is_a_conquest() -> None:
    """The battle league: Russia takes Sofia from Neutral and Berlin from Germany."""
    before = start()
    after = before.clone()
    after.owner["sof"] = "russia"
    after.owner["ber"] = "russia"
    rows = {r.name: r for r in league(find_ruleset("greatwar1907"), [before, after])}
    russia, germany = rows["russia"], rows["germany"]
    assert (russia.won, russia.lost) == (2, 0)
    assert (germany.won, germany.lost) == (0, 1)
    away = away_summary(before, after, before.seat_of("germany"))
    assert away.lost == ("ber",)
