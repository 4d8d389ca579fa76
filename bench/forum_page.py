"""A whole forum thread pasted in the page (issue 30), in headless Chromium: the bench
page's ``?forum`` task (``bench/page/main.py``, ``bench_tasks.forum_page_times``), one
cold load each time.

* ``cold``: a fresh page's first paste (the graph library not yet loaded, nothing drawn
  first): the page's way, in slices (``sliced``), and the old way in one call
  (``one_call``, ``?forum&oneshot``);
* ``as_met``: as a player meets it, after the page has drawn the game's screen and
  loaded the graph library at idle, in slices (and ``one_shot_ms``, the same paste in one
  call, for comparison);

each with the paste's time to its end (``total_ms``) and the longest main-thread task
during it (``longest_task_ms``, PerformanceObserver ``longtask``; target ≤ 300 ms), and
the longest Python slice.  The machine's load average is taken before and after.

    python -m bench.forum_page [--runs N] [--one-call-runs N]   # prints the figures
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from bench.browser import BENCH_PATH, CHROMIUM, CHROMIUM_ARGS, Server
from bench.stats import summarize


def load_forum_page(browser: Any, url: str) -> dict[str, Any]:
    """One cold load of the bench page's forum task: its JSON results."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(url, wait_until="commit")
        page.wait_for_function(
            "() => document.body && document.body.dataset.ready === 'true'", timeout=300_000
        )
        text = page.get_by_test_id("bench-results").text_content() or "{}"
        results: dict[str, Any] = json.loads(text)
    finally:
        context.close()
    if "error" in results:
        raise RuntimeError(results["error"])
    return dict(results["forum_page"])


def run_forum_page(runs: int, one_call_runs: int, chromium: str = CHROMIUM) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    loads: dict[str, list[dict[str, Any]]] = {"sliced": [], "one_call": []}
    load_before = os.getloadavg()
    with Server() as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            for run in range(max(runs, one_call_runs)):
                base = server.url + BENCH_PATH
                if run < runs:
                    loads["sliced"].append(load_forum_page(browser, base + "?forum"))
                if run < one_call_runs:
                    loads["one_call"].append(load_forum_page(browser, base + "?forum&oneshot"))
        finally:
            browser.close()
    load_after = os.getloadavg()

    def cold(kind: str, name: str) -> dict[str, Any]:
        return summarize(r["cold"][name] for r in loads[kind])

    def as_met(name: str) -> dict[str, Any]:
        return summarize(r["as_met"][name]["median"] for r in loads["sliced"])

    every = loads["sliced"] + loads["one_call"]
    return {
        "factions": every[0]["factions"],
        "chars": every[0]["chars"],
        "resolved": all(r["resolved"] for r in every),
        "same_outcome": all(r["same_outcome"] for r in every),
        "cold": {
            kind: {name: cold(kind, name) for name in ("total_ms", "longest_task_ms")}
            | {"loads": len(loads[kind])}
            for kind in loads
            if loads[kind]
        },
        "as_met": {
            name: as_met(name)
            for name in ("screen_ms", "total_ms", "longest_task_ms", "slice_ms", "one_shot_ms")
        },
        "as_met_worst_task_ms": max(r["as_met"]["longest_task_ms"]["max"] for r in loads["sliced"]),
        "load_average": {"before": load_before, "after": load_after},
        "loads": loads,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.forum_page", description=__doc__)
    parser.add_argument("--runs", type=int, default=3, help="loads pasting in slices")
    parser.add_argument("--one-call-runs", type=int, default=3, help="loads pasting in one call")
    parser.add_argument("--chromium", default=CHROMIUM)
    args = parser.parse_args(argv)
    print(json.dumps(run_forum_page(args.runs, args.one_call_runs, args.chromium), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
