"""Counts in the Great War 1907 report and orders as players write them (issue 29, small
things players saw): "1 ship", never "1 ships"; "0 ships" and "2 ships" stay plural."""

from __future__ import annotations

from engine.rulesets.greatwar1907.report import map_section, report_text
from engine.rulesets.greatwar1907.wording import divisions, ships, written
from tests.greatwar1907.helpers import RULESET, order, resolve


def test_one_ship_is_written_in_the_singular() -> None:
    assert [ships(n) for n in (0, 1, 2)] == ["0 ships", "1 ship", "2 ships"]
    assert [divisions(n) for n in (0, 1, 2)] == ["0 divisions", "1 division", "2 divisions"]


def test_a_single_displaced_ship_reads_one_ship() -> None:
    """R84/R77: the United Kingdom breaks its alliance with Spain into war; Spain's one
    ship in London, with 2 divisions aboard, goes out to the English Channel. The report
    reads "Spain: 1 ship carrying 2 div displaced from London to English Channel", and
    its list of units at sea "Spain 1 ship carrying 2 div"."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        relation spain uk alliance
        lon uk 3 fleet=1 fleet:spain=1/2
        """
    )
    order(state, "uk", diplomacy=[{"with": "spain", "to": "war"}])
    resolve(state)
    moves = (state.last_report or {}).get("moves", [])
    assert "Spain: 1 ship carrying 2 div displaced from London to English Channel" in moves
    assert "English Channel: Spain 1 ship carrying 2 div" in map_section(state)[-1]
    london = next(line for line in map_section(state) if line.startswith("United Kingdom"))
    assert "London 3 div, 1 ship;" in london or london.endswith("London 3 div, 1 ship")
    assert "1 ships" not in report_text(state)


def test_orders_for_one_ship_read_one_ship() -> None:
    """A sail of one ship and a strike sending one ship into the port taken, as the
    review and the report's Offenses quote them."""
    m = RULESET.from_position_text("ruleset greatwar1907\n").map
    sail = {"from": "lon", "path": ["eng"], "ships": 1, "divisions": None, "leaders": []}
    assert written(m, "sail", sail).startswith("Sail 1 ship London")
    strike = {"from": "blk", "target": "ank", "divisions": 2, "ships_in": 1, "leaders": []}
    assert ", 1 ship into port if taken" in written(m, "strikes", strike)


def test_a_code_saved_when_the_report_wrote_1_ships_still_verifies() -> None:
    """A code's report saved before the singular ("1 ships") is compared in today's words
    when its orders are replayed; "11 ships" and "2.1 ships" are not touched."""
    from engine.rulesets.greatwar1907.compact import written_now

    old = {"owner": [], "last_report": {"moves": ["Spain: 1 ships (0 div) to Black Sea"]}}
    old["last_report"]["map"] = ["Italy: Genoa 11 ships; Venice 2.1 ships"]
    now = written_now(old)["last_report"]
    assert now["moves"] == ["Spain: 1 ship (0 div) to Black Sea"]
    assert now["map"] == ["Italy: Genoa 11 ships; Venice 2.1 ships"]
