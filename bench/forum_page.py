"""A whole forum thread pasted in the page (issue 30), in headless Chromium: the bench
page's ``?forum`` task (``bench/page/main.py``, ``bench_tasks.forum_page_times``), one
cold load each, in three ways; each load's first paste is the one measured (it first
runs the resolution's code in that page):

* ``as_met``: as a player meets it, the game's screen drawn before, pasted the page's
  way, in slices (``?forum``);
* ``cold``: nothing drawn before, in slices (``?forum&cold``);
* ``cold_one_call``: nothing drawn before, in one call, the old way
  (``?forum&cold&oneshot``);

each with the paste's time to its end (``total_ms``), the longest main-thread task
during it (``longest_task_ms``, PerformanceObserver ``longtask``; target ≤ 300 ms) and
the longest Python slice.  ``again``: the pastes after the first (warm), in slices and
in one call.  The machine's load average is taken before and after.

    python -m bench.forum_page [--runs N] [--one-call-runs N]   # prints the figures
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from bench.browser import BENCH_PATH, CHROMIUM, CHROMIUM_ARGS, Server, bench_results
from bench.stats import summarize


def load_forum_page(browser: Any, url: str) -> dict[str, Any]:
    """One cold load of the bench page's forum task: its JSON results."""
    results = bench_results(browser, url, timeout_ms=300_000)
    return dict(results["forum_page"])


MODES = {"as_met": "?forum", "cold": "?forum&cold", "cold_one_call": "?forum&cold&oneshot"}


def run_forum_page(runs: int, one_call_runs: int, chromium: str = CHROMIUM) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    wanted = {"as_met": runs, "cold": runs, "cold_one_call": one_call_runs}
    loads: dict[str, list[dict[str, Any]]] = {mode: [] for mode in MODES}
    load_before = os.getloadavg()
    with Server() as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            for run in range(max(wanted.values())):
                for mode, query in MODES.items():  # interleaved: a busy spell hits each
                    if run < wanted[mode]:
                        url = server.url + BENCH_PATH + query
                        loads[mode].append(load_forum_page(browser, url))
        finally:
            browser.close()
    load_after = os.getloadavg()
    every = [r for mode in loads.values() for r in mode]
    first_figures = ("total_ms", "longest_task_ms", "longest_slice_ms")
    return {
        "factions": every[0]["factions"],
        "chars": every[0]["chars"],
        "resolved": all(r["resolved"] for r in every),
        "same_outcome": all(r["same_outcome"] for r in every),
        "graph_library_loaded": any(r["graph_library_loaded"] for r in every),
        "first": {
            mode: {name: summarize(r["first"][name] for r in done) for name in first_figures}
            | {"loads": len(done)}
            for mode, done in loads.items()
            if done
        },
        "again": {
            name: summarize(r["again"][name]["median"] for r in every)
            for name in ("total_ms", "longest_task_ms", "slice_ms", "one_shot_ms")
        },
        "again_worst_task_ms": max(r["again"]["longest_task_ms"]["max"] for r in every),
        "load_average": {"before": load_before, "after": load_after},
        "loads": loads,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.forum_page", description=__doc__)
    parser.add_argument("--runs", type=int, default=3, help="loads of each way in slices")
    parser.add_argument("--one-call-runs", type=int, default=2, help="cold loads in one call")
    parser.add_argument("--chromium", default=CHROMIUM)
    args = parser.parse_args(argv)
    print(json.dumps(run_forum_page(args.runs, args.one_call_runs, args.chromium), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
