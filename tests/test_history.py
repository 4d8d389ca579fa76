"""Statistics and the battle league computed from the positions a game went through
(engine/history.py), for Classic and Capital Risk alike."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import PlayerSpec, find_ruleset
from engine.history import league, series, turn_point
from engine.simulate import play

PLAYERS = [PlayerSpec("Ada", "easy"), PlayerSpec("Boris", "easy"), PlayerSpec("Chloe", "easy")]


def classic_start() -> tuple[Any, Any]:
    ruleset = find_ruleset("classic")
    state = ruleset.new_game(PLAYERS, {"game_type": "uk_full", "special_setup": True}, "h16")
    return ruleset, state


def test_turn_point_counts_what_each_seat_holds() -> None:
    """Territories, armies and income per player: Classic's income is max(3, territories
    ÷ 3) plus whole continents (docs/rules-classic.md, A turn, 1)."""
    ruleset, state = classic_start()
    for t in state.owner:
        state.owner[t] = 0
        state.armies[t] = 2
    state.owner["alaska"] = 1
    point = turn_point(ruleset, state)
    assert point.seats[0].territories == 41
    assert point.seats[0].armies == 82
    assert point.seats[1].territories == 1
    # 41 // 3 = 13, plus every continent but North America (2+5+3+7+2)
    assert point.seats[0].income == 13 + 19
    assert point.seats[1].income == 3
    assert point.seats[2].income == 0  # holds nothing


def test_series_has_one_line_per_player_and_a_value_per_position() -> None:
    ruleset, state = classic_start()
    later = state.clone()
    taken = next(t for t, o in later.owner.items() if o == 1)
    later.owner[taken] = 0
    lines = series(ruleset, [state, later], "territories")
    assert [line.name for line in lines] == ["Ada", "Boris", "Chloe"]
    assert lines[0].values[1] == lines[0].values[0] + 1
    assert lines[1].values[1] == lines[1].values[0] - 1
    with pytest.raises(ValueError, match="unknown metric"):
        series(ruleset, [state], "gold")


def test_league_counts_each_change_of_owner_as_a_conquest_and_a_loss() -> None:
    """The league (the 1990 manual's INFO menu): territories taken and lost between
    positions; a player holding nothing is out from that turn."""
    ruleset, state = classic_start()
    later = state.clone()
    later.turn = state.turn + 1
    for t, o in list(later.owner.items()):
        if o == 2:
            later.owner[t] = 0
    chloe_had = len(state.territories_of(2))
    rows = {row.name: row for row in league(ruleset, [state, later])}
    assert rows["Ada"].won == chloe_had
    assert rows["Chloe"].lost == chloe_had
    assert rows["Chloe"].out_at == later.turn
    assert rows["Ada"].out_at is None
    assert league(ruleset, [state, later])[0].name == "Ada"  # most territories first
    assert set(rows["Ada"].battles) >= {"battles_won", "conquests"}  # Classic's counters


def test_capital_risk_has_the_same_statistics() -> None:
    """A ruleset gets charts and league from the shared board and its income hook:
    Capital Risk's income is (territories + largest group) ÷ 3, at least 3."""
    states: list[Any] = []
    play("capital", PLAYERS, {}, "h16-cap", max_turns=4, on_turn=lambda s, e: states.append(s))
    ruleset = find_ruleset("capital")
    lines = series(ruleset, states, "income")
    assert len(lines) == 3 and all(len(line.values) == len(states) for line in lines)
    assert all(v >= 1 for line in lines for v in line.values if v)
    rows = league(ruleset, states)
    assert len(rows) == 3
    assert sum(r.won for r in rows) == sum(r.lost for r in rows)  # every conquest is a loss


def test_a_whole_classic_game_balances_conquests_and_losses() -> None:
    states: list[Any] = []
    options = {"game_type": "uk_full", "special_setup": True}
    play("classic", PLAYERS, options, "h16-c", max_turns=30, on_turn=lambda s, e: states.append(s))
    rows = league(find_ruleset("classic"), states)
    assert sum(r.won for r in rows) == sum(r.lost for r in rows) > 0
    assert sum(r.territories for r in rows) == 42


def test_while_you_were_away_lists_what_changed_for_that_player() -> None:
    """Issue 16: after computer turns, a short summary for this player: territories lost
    and won, cards, eliminations."""
    from engine.history import away_summary

    _, before = classic_start()
    after = before.clone()
    mine = sorted(before.territories_of(0))[:2]
    for t in mine:
        after.owner[t] = 1
    theirs = sorted(before.territories_of(2))
    for t in theirs:
        after.owner[t] = 0 if t == theirs[0] else 1
    after.players[0].cards = [3]
    summary = away_summary(before, after, 0)
    assert summary.lost == tuple(mine)
    assert summary.won == (theirs[0],)
    assert summary.cards == 1
    assert summary.eliminated == ("Chloe",)
    assert not summary.empty
    assert away_summary(before, before.clone(), 0).empty
