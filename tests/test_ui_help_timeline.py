"""The page's "How to play" (ui/shell/help.py, from ui/rulebooks/*.md) and the timeline of
positions the replay and the charts read (ui/shell/timeline.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core import PlayerSpec, find_ruleset
from engine.rulesets.capital.state import Phase as CapitalPhase
from engine.rulesets.classic.state import Phase as ClassicPhase
from engine.rulesets.greatwar1907.state import Phase as GreatWarPhase
from tests.tool_loader import load_tool
from ui.pages import PAGES
from ui.shell.help import help_html, load_rules, markdown_html, rulebook_path, rules_path
from ui.shell.timeline import Timeline, storage_key


@pytest.mark.parametrize(
    ("ruleset", "phases"),
    [("classic", ClassicPhase), ("capital", CapitalPhase), ("greatwar1907", GreatWarPhase)],
)
def test_every_phase_has_a_guide_from_the_rules_docs(ruleset: str, phases: Any) -> None:
    """Issue 16: "a one-screen guide to each phase" from the players' rulebook."""
    rules = load_rules(ruleset)
    for phase in phases:
        assert rules.guide(phase.value), f"the {ruleset} rulebook has no part for {phase}"


def test_every_ruleset_page_has_a_rulebook_and_adjudication_notes() -> None:
    for entry in PAGES:
        assert rulebook_path(entry.ruleset).is_file()
        assert rules_path(entry.ruleset).is_file()  # the developers' notes stay in docs/


def test_the_guide_shows_one_phase_and_the_full_rules_are_a_click_away() -> None:
    guide = help_html("classic", "attack", full=False)
    assert "<strong>Attack.</strong>" in guide and "Fixed values" not in guide
    assert 'data-action="help-full"' in guide and "The whole rulebook" in guide
    full = help_html("classic", "attack", full=True)
    assert "Units and cards" in full and 'data-action="help-guide"' in full


def test_markdown_subset() -> None:
    html = markdown_html("## A\n1. **b** `c`\n   d\n2. e\n\n| x | y |\n| --- | --- |\n| 1 | 2 |")
    assert "<h3>A</h3>" in html
    assert "<ol><li><strong>b</strong> <code>c</code> d</li><li>e</li></ol>" in html
    assert "<th>x</th>" in html and "<td>2</td>" in html
    assert "&lt;script&gt;" in markdown_html("<script>")


def storage() -> tuple[dict[str, str], Timeline]:
    store: dict[str, str] = {}
    return store, Timeline(store.get, store.__setitem__)


def test_a_frame_per_turn_is_kept_beside_the_autosave() -> None:
    ruleset = find_ruleset("classic")
    players = [PlayerSpec("Ada", "human"), PlayerSpec("Boris", "easy")]
    state = ruleset.new_game(players, {"game_type": "uk_full", "special_setup": True}, "t")
    store, timeline = storage()
    timeline.note("classic", state)
    timeline.note("classic", state)  # same turn: nothing new
    later = state.clone()
    later.turn += 1
    timeline.note("classic", later)
    assert timeline.track("classic").turns() == [state.turn, state.turn + 1]
    saved = json.loads(store[storage_key("classic")])
    assert len(saved["frames"]) == 2
    again = Timeline(store.get, store.__setitem__)  # a reload reads it back
    assert [s.turn for s in again.track("classic").states()] == [state.turn, later.turn]
    timeline.note("classic", state)  # back to an earlier turn: the later frame goes
    assert timeline.track("classic").turns() == [state.turn]
    other = ruleset.new_game(
        [PlayerSpec("Chloe", "human"), PlayerSpec("Boris", "easy")],
        {"game_type": "uk_full"},
        "u",
    )
    timeline.note("classic", other)  # another cast: another game
    assert len(timeline.track("classic").frames) == 1
    timeline.restart("classic", state)
    assert timeline.track("classic").turns() == [state.turn]
    assert storage_key("capital") not in store  # each ruleset apart


def test_the_page_build_ships_every_rules_file() -> None:
    """app.zip (tools/vendor.py) carries ui/rulebooks/*.md, found by name, for the help."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    vendor = load_tool("vendor")
    shipped = {p.relative_to(root).as_posix() for p in vendor.app_files(root)}
    for entry in PAGES:
        assert rulebook_path(entry.ruleset).relative_to(root).as_posix() in shipped


@pytest.mark.parametrize("name", ["greatwar1907", "risk_paper_scissors"])
def test_the_new_rulesets_keep_a_timeline_too(name: str) -> None:
    """The record takes any ruleset's state: a frame per turn of a game played by the
    computer players, read back after a reload as the same positions."""
    from engine.simulate import play

    count = 8 if name == "greatwar1907" else 3
    seats = [PlayerSpec(f"Seat {i}", "easy") for i in range(count)]
    store, timeline = storage()
    seen: list[Any] = []

    def keep(state: Any, events: Any) -> None:
        seen.append(state)
        timeline.note(name, state)

    play(name, seats, {}, "h16c-tl", max_turns=3, on_turn=keep)
    again = Timeline(store.get, store.__setitem__).track(name)
    ruleset = find_ruleset(name)
    assert again.turns() == [ruleset.record_point(s)[0] for s in seen] and len(seen) >= 3
    assert [ruleset.to_compact(s) for s in again.states()] == [ruleset.to_compact(s) for s in seen]


def test_a_risk_paper_scissors_record_keeps_every_players_turn() -> None:
    """Issue 16: step through the game turn by turn.  In Risk, Paper, Scissors the turn
    number counts years, so the record keeps a position for the year's bid and one for
    each player's turn in the year's order, named by year and player."""
    from engine.simulate import play

    ruleset = find_ruleset("risk_paper_scissors")
    seats = [PlayerSpec(name, "easy") for name in ("Ada", "Bo", "Cy")]
    record = play("risk_paper_scissors", seats, {}, "tl-rps", max_turns=1, record_orders=True)
    store, timeline = storage()
    state = ruleset.new_game(seats, {}, "tl-rps")
    timeline.note("risk_paper_scissors", state)
    for order in record.orders:
        state = ruleset.apply(state, order).state
        timeline.note("risk_paper_scissors", state)  # the page notes every position it draws
    track = Timeline(store.get, store.__setitem__).track("risk_paper_scissors")
    labels = [ruleset.record_point(s)[1] for s in track.states()]
    year_one = [label for label in labels if label.startswith("Year 1")]
    assert year_one[0] == "Year 1, the bid"
    turns = year_one[1:4]
    assert len(turns) == 3 and all(label.endswith("'s turn") for label in turns)
    assert {label.split(", ")[1].removesuffix("'s turn") for label in turns} == {"Ada", "Bo", "Cy"}
    assert track.turns() == sorted(track.turns())
