"""Every computer level of every ruleset in the page (issue 31: "the computer-turn
figures in make bench for every level of every ruleset, in the page; no level over 1 s
for a whole turn in the page at 6 players (8 nations in the Great War)"), in headless
Chromium: the bench page's ``?computers`` task (``bench/page/main.py``,
``bench_tasks.computer_turns``), beside the same task in CPython in the same run.

For each ruleset at its largest table (Classic and Capital Risk 6, the Great War 8,
Risk, Paper, Scissors 5; Classic and Capital Risk Expert at 2 too, where they look
further), each level playing every seat from the start: the whole turns
(median, p90, longest; target ≤ 1,000 ms) and the single decisions, each one
main-thread task in the page (longest; target ≤ 300 ms).

    python -m bench.computer_page [--runs N]     # only this task; prints the figures
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from bench.browser import BENCH_PATH, CHROMIUM, CHROMIUM_ARGS, Server, bench_results


def load_computer_page(browser: Any, url: str) -> dict[str, Any]:
    """One cold load of the bench page's computer task: its figures per ruleset and level."""
    results = bench_results(browser, url, timeout_ms=900_000)
    return dict(results["computer_turns"]["tables"])


def worst(loads: list[dict[str, Any]]) -> dict[str, Any]:
    """Per ruleset and level, over the loads: the largest median, p90 and longest turn and
    the longest decision (each load plays the same games)."""
    out: dict[str, Any] = {}
    for ruleset, levels in loads[0].items():
        out[ruleset] = {}
        for level, first in levels.items():
            runs = [load[ruleset][level] for load in loads]
            out[ruleset][level] = {
                "players": first["players"],
                "turns": first["turns"],
                "turn_median_ms": max(r["turn_ms"]["median"] for r in runs),
                "turn_p90_ms": max(r["turn_ms"]["p90"] for r in runs),
                "turn_max_ms": max(r["turn_ms"]["max"] for r in runs),
                "decision_max_ms": max(r["decision_ms"]["max"] for r in runs),
                "whole_turns": first["turn_ms"]["n"],
                "decisions": first["decision_ms"]["n"],
            }
    return out


def run_computer_page(
    runs: int = 1, chromium: str = CHROMIUM, quick: bool = False
) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    from bench.tasks import computer_turns

    load_before = os.getloadavg()
    cpython = worst([computer_turns(quick=quick)["tables"]])
    loads: list[dict[str, Any]] = []
    with Server() as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            query = "?computers&quick" if quick else "?computers"
            for _ in range(runs):
                loads.append(load_computer_page(browser, server.url + BENCH_PATH + query))
        finally:
            browser.close()
    return {
        "page": worst(loads),
        "cpython": cpython,
        "loads": len(loads),
        "load_average": {"before": load_before, "after": os.getloadavg()},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.computer_page", description=__doc__)
    parser.add_argument("--runs", type=int, default=1, help="loads of the bench page")
    parser.add_argument("--quick", action="store_true", help="fewer turns, for a try-out")
    parser.add_argument("--chromium", default=CHROMIUM)
    args = parser.parse_args(argv)
    print(json.dumps(run_computer_page(args.runs, args.chromium, args.quick), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
