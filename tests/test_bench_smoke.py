"""`make bench` (bench/): the engine-side measurements run at tiny sizes and give the JSON
shape the report expects; the report renders and checks targets.  No browser here."""

from __future__ import annotations

import json
import math
from typing import Any

from bench import engine_bench, tasks
from bench.__main__ import summarize_browser
from bench.browser import LoadResult, page_config_text
from bench.machine import machine_info
from bench.report import check_targets, render_markdown, summarize_page_runs
from bench.stats import summarize


def is_summary(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and {"median", "min", "max", "runs", "values"} <= set(value)
        and value["runs"] >= 1
        and value["min"] <= value["median"] <= value["max"]
    )


def test_summarize_median_min_max_and_failed_runs() -> None:
    assert summarize([3.0, 1.0, 2.0, None, math.nan]) == {
        "median": 2.0,
        "min": 1.0,
        "max": 3.0,
        "runs": 3,
        "failed": 2,
        "values": [3.0, 1.0, 2.0],
    }
    assert summarize([])["median"] is None


def test_engine_measurements_at_tiny_sizes() -> None:
    games = engine_bench.measure_games_per_second(1, players=(2,), seeds=("x",), max_turns=5)
    assert is_summary(games["2"]["games_per_s"])
    turns = engine_bench.measure_turns_per_level(1, "classic", 3, ("x",), max_turns=3)
    assert set(turns) >= {"baseline"} and is_summary(turns["baseline"]["turn_ms"])
    capital = engine_bench.measure_turns_per_level(1, "capital", 3, ("x",), max_turns=2)
    assert is_summary(capital["baseline"]["turn_ms"])
    resolution = engine_bench.measure_capital_resolution(1, factions=3, seeds=("x",), turns=2)
    assert is_summary(resolution["resolution_ms"]) and resolution["resolutions"] >= 1
    odds = engine_bench.measure_odds(1, cases=((3, 2),))
    assert is_summary(odds["3_2"]["call_ms"]) and is_summary(odds["3_2"]["process_ms"])
    assert 0 < float(odds["3_2"]["probability"]) < 1
    sizes = engine_bench.classic_save_sizes(3, (1, 3), ("x",))
    assert sizes["3"]["turn"] == 3 and sizes["3"]["chained_chars"] > sizes["3"]["alone_chars"]
    capital_size = engine_bench.capital_save_size(3, 2)
    assert capital_size["alone_chars"] > 0
    json.dumps([games, turns, capital, resolution, odds, sizes, capital_size])


def test_page_suite_runs_in_cpython() -> None:
    suite = tasks.page_suite(quick=True)
    assert {"python", "import_ms", "classic_turn_ms", "capital_resolution_ms", "save_code"} <= set(
        suite
    )
    assert suite["classic_turn_ms"]["baseline"]["n"] > 0
    assert suite["save_code"]["code_chars"] > 0
    # the pasted forum thread: every seal and reveal found, and the phase resolved
    assert suite["forum_paste"]["codes"] == 2 * suite["forum_paste"]["factions"]
    assert suite["forum_paste"]["resolved"]
    assert suite["forum_paste"]["same_outcome"]  # in slices as in one call
    json.dumps(suite)


def test_report_from_fake_runs() -> None:
    suite = tasks.page_suite(quick=True)

    def load(page: str, ready: float, **timings: Any) -> LoadResult:
        return LoadResult(page, True, {"ready": ready, **timings}, 1000, 3)

    class Runs:
        chromium_version = "0"
        order = [["game", "bare", "bench_page"]] * 2
        game = [load("g", 500.0, map_paint=100.0, form_enabled=200.0, key_kept=True)] * 2
        bare = [load("b", 1000.0)] * 2
        bench_page = [LoadResult("p", True, {"ready": 5.0}, 10, 1, page_results=suite)] * 2
        game_return = [load("g", 250.0)] * 2
        bare_return = [load("b", 600.0)] * 2

    browser, notes = summarize_browser(Runs)
    assert browser["ready_ratio"]["median"] == 0.5 and not notes
    assert browser["return_ratio"]["median"] == 0.25
    assert browser["game"]["keys_kept"] == "2 of 2"
    results: dict[str, Any] = {
        "meta": {"machine": machine_info(), "runs": 2, "notes": []},
        "browser": browser,
        "page": summarize_page_runs([suite, suite]),
        "engine": {"odds": engine_bench.measure_odds(1, cases=((100, 100),))},
    }
    results["targets"] = check_targets(results)
    by_key = {row["key"]: row for row in results["targets"]}
    assert by_key["map_paint"]["status"] == "met" and by_key["ready_ratio"]["status"] == "met"
    assert by_key["return_ready"]["status"] == "met" and by_key["return_ratio"]["status"] == "met"
    assert by_key["page_classic_turn_baseline"]["median"] is not None
    assert by_key["odds_100_100"]["status"] in {"met", "missed"}
    text = render_markdown(results)
    assert "First map paint" in text and "| target |" in text
    json.dumps(results)


def test_page_config_follows_the_game_config() -> None:
    text = page_config_text()
    assert 'interpreter = "../../loader/pyodide.mjs"' in text
    assert '"../../vendor/app.zip" = "./*"' in text
    assert '"../tasks.py" = "./bench_tasks.py"' in text


def test_rps_worst_cases_are_measured() -> None:
    """Issue 25 §3: `make bench` has a figure for legal_orders at its worst (a bid at
    10**6 energy, 42 territories) and for a pasted megabyte (here a small one)."""
    from bench.paste import rps_paste_times

    legal = tasks.rps_legal_orders_times(1)
    assert legal["bid"]["orders"] < 100 and legal["action"]["orders"] > 1000
    assert legal["slowest_ms"] >= legal["bid"]["ms"]["median"]
    paste = rps_paste_times(1, 20_000)
    assert paste["interpret_outcome"] == "accepted" and paste["chars"] > 15_000
    assert is_summary(paste["interpret_ms"]) and is_summary(paste["resolve_once_ms"])
    results: dict[str, Any] = {
        "meta": {"machine": machine_info(), "runs": 1, "notes": []},
        "page": summarize_page_runs([{"rps_legal_orders": legal}]),
        "engine": {"rps_paste": paste},
    }
    by_key = {row["key"]: row for row in check_targets(results)}
    for key in ("rps_paste_interpret", "rps_paste_resolve", "page_rps_legal_orders"):
        assert by_key[key]["median"] is not None, key
    assert "legal orders, worst case" in render_markdown(results)
    json.dumps(results)


def test_the_speed_task_starts_at_adas_free_move_before_two_computers() -> None:
    """bench/speed_page.py: the autosave it resumes is Ada's free move (her "End turn"
    is the click measured), two Standard computers after her; and its report row."""
    from bench.speed_page import round_save

    save, orders = round_save()
    assert save["state"]["phase"] == "fortify" and save["state"]["current"] == 0
    assert orders > 2
    fake = {"median": 900.0, "min": 800.0, "max": 1000.0, "runs": 1, "failed": 0}
    results: dict[str, Any] = {
        "meta": {"runs": 1},
        "speed_page": {
            "round_ms": {"watch": fake, "fast": fake, "instant": fake},
            "first_round_ms": {"watch": fake, "fast": fake, "instant": fake},
            "longest_task_ms": {"watch": fake, "fast": fake, "instant": fake},
            "orders": orders,
        },
    }
    row = next(t for t in check_targets(results) if t["key"] == "speed_fast_round")
    assert (row["status"], row["limit"]) == ("met", 2000)
    assert "The game speed in the page" in render_markdown(results)


def test_computer_turns_count_each_seat_once_a_phase_and_no_resolution() -> None:
    """Every level's computer turns in the page (issue 31): in the Great War each of the 8
    nations writes its orders once a phase, so a turn of two phases is 16 decisions and 16
    whole turns, and the call for the resolution is not counted; in Classic a whole turn
    is the run of one seat's decisions (several orders)."""
    turns, decisions = tasks.computer_turn_times("greatwar1907", "easy", 8, "ct1", 1)
    assert len(decisions) == len(turns) == 16
    classic_turns, classic_decisions = tasks.computer_turn_times("classic", "baseline", 6, "ct1", 2)
    assert classic_turns and len(classic_decisions) > len(classic_turns)
    figures = tasks.computer_turns(
        quick=True, levels_of={r: ["easy"] for r in tasks.COMPUTER_TABLES}
    )
    assert set(figures["tables"]) == set(tasks.COMPUTER_TABLES)
    for ruleset, levels in figures["tables"].items():
        assert levels["easy"]["players"] == tasks.COMPUTER_TABLES[ruleset]
        assert levels["easy"]["decision_ms"]["n"] >= levels["easy"]["turn_ms"]["n"] > 0
