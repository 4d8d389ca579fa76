"""A resumed game's first board paint, per ruleset (issue 28: first paint ≤ 500 ms), in
headless Chromium at 1366x800.

Per ruleset and run: a game is started in the page and left (so ui/board.js keeps its
board with the autosave, as when a player closes the tab); then a cold load of the game
in a fresh context (HTTP cache disabled) with that browser storage:

* ``paint_ms``: navigation start until the frame after that game's board is on screen:
  the kept board (``#board[data-kept]``, drawn by index.html's kept-board script before
  Python has loaded) or, when there is none, the board Python drew (``body[data-playing]``);
* ``kept``: how many of the loads painted the kept board (the others painted Python's);
* ``live_ms``: until the board is Python's and playable (``body[data-playing]``, no
  ``data-kept``), then the next frame;
* ``ready_ms``: ``document.body.dataset.ready`` is ``"true"``.

All are ``performance.now()`` milliseconds taken in the page.

    python -m bench.resume_page [--runs N]     # only this task; prints the figures
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from bench.browser import CHROMIUM, CHROMIUM_ARGS, GAME_PATH, Server
from bench.stats import summarize

RULESETS = ("classic", "capital", "greatwar1907", "risk_paper_scissors")

PROBE_JS = r"""
(() => {
  if (window.__resume) return;
  const R = window.__resume = {paint: null, kept: null, live: null, ready: null};
  const frame = (set) => requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => set(performance.now());
    ch.port2.postMessage(0);
  });
  let painting = false, living = false;
  const check = () => {
    const board = document.getElementById("board");
    if (!board || !document.body) return;
    const kept = board.dataset.kept !== undefined;
    const live = !kept && document.body.dataset.playing !== undefined;
    const svg = board.querySelector(":scope > svg [data-territory]");
    const seen = svg && svg.getBoundingClientRect().width > 0;
    if (!painting && seen && (kept || live)) {
      painting = true;
      R.kept = kept;
      frame((t) => { R.paint = t; });
    }
    if (!living && seen && live) {
      living = true;
      frame((t) => { R.live = t; });
    }
    if (R.ready === null && document.body.dataset.ready === "true") R.ready = performance.now();
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true,
    attributes: true});
  document.addEventListener("DOMContentLoaded", check);
})();
"""

SEED_JS = """
try {
  if (!sessionStorage.getItem("bench-seeded")) {
    const items = %s;
    localStorage.clear();
    for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
    sessionStorage.setItem("bench-seeded", "1");
  }
} catch (e) {}
"""


def left_storage(browser: Any, base_url: str, ruleset: str) -> dict[str, str]:
    """The browser storage after a game of ``ruleset`` was started and the page left."""
    context = browser.new_context(viewport={"width": 1366, "height": 800})
    try:
        page = context.new_page()
        page.goto(base_url + GAME_PATH)
        page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=180_000)
        page.get_by_test_id("opt-rules").select_option(ruleset)
        page.get_by_test_id("start").click()
        page.wait_for_function(
            "() => document.querySelectorAll('#board .legal').length > 0", timeout=120_000
        )
        page.wait_for_timeout(500)
        # Leaving for another page of the same site: the page keeps its board (pagehide).
        page.goto(base_url + "/ui/style.css")
        items: dict[str, str] = page.evaluate(
            "() => Object.fromEntries(Object.entries(localStorage))"
        )
        return items
    finally:
        context.close()


def one_load(browser: Any, base_url: str, items: dict[str, str]) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1366, "height": 800})
    context.add_init_script(SEED_JS % json.dumps(items))
    context.add_init_script(PROBE_JS)
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        page.goto(base_url + GAME_PATH, wait_until="commit")
        page.wait_for_function(
            "() => window.__resume && window.__resume.ready !== null"
            " && window.__resume.live !== null && window.__resume.paint !== null",
            timeout=180_000,
            polling=50,
        )
        result: dict[str, Any] = page.evaluate("() => ({...window.__resume})")
        return result
    finally:
        context.close()


def run_resume_page(runs: int, chromium: str = CHROMIUM) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    out: dict[str, Any] = {}
    with Server() as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            for ruleset in RULESETS:
                items = left_storage(browser, server.url, ruleset)
                without = {k: v for k, v in items.items() if k != "risk-family.board"}
                loads = [one_load(browser, server.url, items) for _ in range(runs)]
                bare = [one_load(browser, server.url, without) for _ in range(runs)]
                kept_board = items.get("risk-family.board", "")
                out[ruleset] = {
                    "paint_ms": summarize(float(load["paint"]) for load in loads),
                    "kept": sum(1 for load in loads if load["kept"]),
                    "live_ms": summarize(float(load["live"]) for load in loads),
                    "ready_ms": summarize(float(load["ready"]) for load in loads),
                    "paint_without_kept_ms": summarize(float(load["paint"]) for load in bare),
                    "kept_chars": len(kept_board),
                    "save_chars": len(items.get(f"risk-family.{ruleset}.v1", "")),
                }
        finally:
            browser.close()
    return {"rulesets": out, "viewport": "1366x800", "loads": runs}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.resume_page", description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--chromium", default=CHROMIUM)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    result = run_resume_page(args.runs, args.chromium)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    for ruleset, row in result["rulesets"].items():
        print(
            f"{ruleset}: first paint {row['paint_ms']['median']:.0f} ms"
            f" (kept board {row['kept']}/{args.runs} loads; without it"
            f" {row['paint_without_kept_ms']['median']:.0f} ms), live"
            f" {row['live_ms']['median']:.0f} ms, ready {row['ready_ms']['median']:.0f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
