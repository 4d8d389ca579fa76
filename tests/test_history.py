"""Statistics and the battle league computed from the positions a game went through
(engine/history.py), for Classic and Capital Risk alike."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from engine.core import SEATLESS, PlayerSpec, find_ruleset
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

    ruleset, before = classic_start()
    after = before.clone()
    mine = sorted(before.territories_of(0))[:2]
    for t in mine:
        after.owner[t] = 1
    theirs = sorted(before.territories_of(2))
    for t in theirs:
        after.owner[t] = 0 if t == theirs[0] else 1
    after.players[0].cards = [3]
    summary = away_summary(ruleset, before, after, 0)
    assert summary.lost == tuple(mine)
    assert summary.won == (theirs[0],)
    assert summary.cards == 1
    assert summary.eliminated == ("Chloe",)
    assert not summary.empty
    assert away_summary(ruleset, before, before.clone(), 0).empty


# ---------------------------------------------------------------- every ruleset's shape


def test_the_great_war_summary_counts_divisions_and_ships_by_nation() -> None:
    """The Great War keeps owners as nation names and units as divisions (standing, or
    aboard) and ships (docked or at sea); the board summary gives them per seat, with
    Neutral's provinces held by a holder without a seat."""
    from tests.greatwar1907.helpers import RULESET

    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        ire uk 3
        gla uk fleet=1
        nao uk=2/1
        """
    )
    summary = RULESET.board_summary(state)
    uk = state.seat_of("uk")
    assert summary.units[uk] == 3 + 2 + 1 + 1
    assert sum(summary.units) == summary.units[uk]
    assert summary.owners["ire"] == uk
    neutral = [p for p in state.owner if state.owner_of(p) == "neutral"]
    assert neutral and all(summary.owners[p] == SEATLESS for p in neutral)
    assert summary.names[uk].startswith("United Kingdom") and summary.colors[uk].startswith("#")
    assert summary.map_id == "greatwar1907"
    assert summary.units_at == {"ire": 3, "nao": 3, "gla": 1}  # where the motion flashes


def test_a_few_great_war_turns_give_charts_and_a_league() -> None:
    """Statistics for any ruleset: a line per nation and a value per recorded turn,
    income from its supply networks (R75), every conquest someone's loss (or
    Neutral's, which has no seat), and the league ranked by victory points first."""
    states: list[Any] = []
    nations = [PlayerSpec(f"Nation {i}", "easy") for i in range(8)]
    play("greatwar1907", nations, {}, "h16c-gw", max_turns=4, on_turn=lambda s, e: states.append(s))
    ruleset = find_ruleset("greatwar1907")
    assert len(states) >= 3
    for metric in ("territories", "armies", "income"):
        lines = series(ruleset, states, metric)
        assert len(lines) == 8 and all(len(line.values) == len(states) for line in lines)
    held = series(ruleset, states, "territories")
    neutral = len(states[-1].provinces_of("neutral"))
    assert sum(line.values[-1] for line in held) + neutral == len(states[-1].owner)
    incomes = {line.name: line.values[-1] for line in series(ruleset, states, "income")}
    assert incomes["German Empire"] > 0
    rows = league(ruleset, states)
    # every conquest is a seat's loss, except Neutral's provinces (Neutral has no seat)
    from_neutral = sum(
        1
        for before, after in pairwise(states)
        for p in after.owner
        if before.owner_of(p) == "neutral" and after.owner_of(p) != "neutral"
    )
    assert from_neutral > 0  # this game's nations take neutral provinces in its first turns
    assert sum(r.won for r in rows) == sum(r.lost for r in rows) + from_neutral
    # the Great War ranks by victory points first, then by territories held
    first = rows[0].vp or 0
    assert first == max(r.vp or 0 for r in rows)
    assert rows[0].territories == max(r.territories for r in rows if (r.vp or 0) == first)


def test_risk_paper_scissors_summary_counts_every_piece_and_the_hand() -> None:
    """RPS keeps garrisons of Elementals, Jaguars, Wolves and commanders: each counts
    as one unit; the cards are the hand; an empty territory is held by nobody."""
    from tests.risk_paper_scissors.helpers import BLUE, RED, RPS, position

    state = position(
        {"alaska": "Red 2E/1J+land"},
        no_reserve=[RED],
        hands={RED: ["land.death_trap", "diplomat.cease_fire"]},
    )
    summary = RPS.board_summary(state)
    assert summary.units[RED] == 2 + 1 + 1
    assert summary.owners["alaska"] == RED
    assert summary.cards[RED] == 2 and summary.cards[BLUE] == 0
    assert summary.units_at["alaska"] == 4
    empty = [t for t in state.board.order if state.owner.get(t) is None]
    assert empty and all(summary.owners[t] == -1 for t in empty)
    assert summary.map_id == "risk_paper_scissors"


def test_a_few_risk_paper_scissors_years_give_charts_and_a_league() -> None:
    states: list[Any] = []
    play("rps", PLAYERS, {}, "h16c-rps", max_turns=4, on_turn=lambda s, e: states.append(s))
    ruleset = find_ruleset("rps")
    assert len(states) >= 3
    income = series(ruleset, states, "income")
    assert [line.name for line in income] == ["Ada", "Boris", "Chloe"]
    # spec: 4 × max(3, territories ÷ 3) plus groups, so at least 12 for a living player
    assert all(v >= 12 for line in income for v in line.values)
    armies = series(ruleset, states, "armies")
    assert all(v > 0 for line in armies for v in line.values)
    rows = league(ruleset, states)
    assert sum(r.won for r in rows) == sum(r.lost for r in rows) > 0


def test_the_league_ranks_those_out_by_how_long_they_lasted() -> None:
    """Among players holding nothing, the one out later ranks higher, even if the one out
    first took more territories on the way."""
    ruleset, state = classic_start()
    positions = [state]

    def next_turn(move: Any) -> None:
        after = positions[-1].clone()
        after.turn += 1
        move(after)
        positions.append(after)

    def chloe_takes_five(s: Any) -> None:
        for t in sorted(s.territories_of(0))[:5]:
            s.owner[t] = 2

    def ada_takes_all_of(seat: int) -> Any:
        def move(s: Any) -> None:
            for t in s.territories_of(seat):
                s.owner[t] = 0

        return move

    next_turn(chloe_takes_five)
    next_turn(ada_takes_all_of(2))  # Chloe is out first...
    next_turn(ada_takes_all_of(1))  # ... Boris, who took nothing, later
    rows = league(ruleset, positions)
    assert [r.name for r in rows] == ["Ada", "Boris", "Chloe"]
    boris, chloe = rows[1], rows[2]
    assert chloe.won == 5 and boris.won == 0
    assert boris.out_at == positions[3].turn and chloe.out_at == positions[2].turn
