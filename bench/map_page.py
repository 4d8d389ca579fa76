"""The board in the page (issue 28), per ruleset, in headless Chromium at 1366x800.

* ``first_map_ms``: from the navigation's start until the first frame after the board's
  viewport (ui/board.js) took in the page's first board (the prerendered Classic map);
  target: at most 500 ms.
* ``redraw_ms`` per ruleset: from a tap on a legal territory (one order: an army placed,
  a unit bought, a division built) until the frame after the page showed its effect (the
  board drawn again by Python and taken in by the viewport, or the message line changed);
  median and p90 over the taps.
* ``pan_frame_ms`` per ruleset: one zoom-and-pan frame of the viewport (viewBox, tap
  discs, label sizes and collisions), no Python: median and p90 over 40 frames.

    python -m bench.map_page [--runs N]     # only this task; prints the figures
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from bench.browser import CHROMIUM, CHROMIUM_ARGS, GAME_PATH, Server
from bench.stats import summarize

RULESETS = ("classic", "capital", "greatwar1907", "risk_paper_scissors")
TAPS = 6

FIRST_MAP_JS = r"""
(() => {
  window.__map = {first: null};
  const check = () => {
    if (window.__map.first === null && window.boardView && window.boardView.get()) {
      window.__map.first = 0;
      requestAnimationFrame(() => { window.__map.first = performance.now(); });
    }
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true,
    attributes: true});
})();
"""

TAP_JS = r"""
() => new Promise((done) => {
  const legal = [...document.querySelectorAll('#board svg [data-territory].legal')];
  if (!legal.length) return done(null);
  const target = legal[Math.floor(legal.length / 2)];
  const message = document.querySelector('#message').textContent;
  const adopted = window.boardView.adopted();
  const started = performance.now();
  target.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));
  const wait = () => {
    if (window.boardView.adopted() !== adopted
        || document.querySelector('#message').textContent !== message) {
      requestAnimationFrame(() => done(performance.now() - started));
    } else if (performance.now() - started > 10000) {
      done(null);
    } else {
      setTimeout(wait, 0);
    }
  };
  wait();
})
"""

PAN_JS = r"""
() => {
  const v = window.boardView.get();
  const costs = [];
  for (let i = 0; i < 40; i++) {
    const zoom = 1 + 3 * (i / 40);
    costs.push(window.boardView.frame({cx: v.cx + 2 * i, cy: v.cy + i, u: v.fit / zoom}));
  }
  window.boardView.fit();
  return costs;
}
"""


def spread(values: list[float]) -> dict[str, Any]:
    """:func:`bench.stats.summarize` and the 90th percentile (nearest rank)."""
    out: dict[str, Any] = dict(summarize(values))
    ordered = sorted(values)
    if ordered:
        out["p90"] = round(ordered[min(len(ordered) - 1, math.ceil(0.9 * len(ordered)) - 1)], 3)
    return out


def run_map_page(runs: int, chromium: str = CHROMIUM) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    first: list[float] = []
    redraw: dict[str, list[float]] = {r: [] for r in RULESETS}
    pan: dict[str, list[float]] = {r: [] for r in RULESETS}
    with Server() as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            for _ in range(runs):
                for ruleset in RULESETS:
                    context = browser.new_context(viewport={"width": 1366, "height": 800})
                    context.add_init_script(FIRST_MAP_JS)
                    page = context.new_page()
                    page.goto(server.url + GAME_PATH)
                    page.wait_for_function("() => window.__map.first > 0", timeout=60_000)
                    if ruleset == RULESETS[0]:
                        first.append(float(page.evaluate("() => window.__map.first")))
                    page.wait_for_function(
                        "() => document.body.dataset.ready === 'true'", timeout=180_000
                    )
                    page.get_by_test_id("opt-rules").select_option(ruleset)
                    page.get_by_test_id("start").click()
                    page.wait_for_function(
                        "() => document.querySelectorAll('#board .legal').length > 0",
                        timeout=120_000,
                    )
                    page.wait_for_timeout(300)
                    pan[ruleset] += [float(c) for c in page.evaluate(PAN_JS)]
                    for _ in range(TAPS):
                        cost = page.evaluate(TAP_JS)
                        if cost is None:
                            break
                        redraw[ruleset].append(float(cost))
                        page.wait_for_timeout(150)
                    context.close()
        finally:
            browser.close()
    return {
        "first_map_ms": spread(first),
        "redraw_ms": {r: spread(v) for r, v in redraw.items()},
        "pan_frame_ms": {r: spread(v) for r, v in pan.items()},
        "viewport": "1366x800",
        "taps_per_run": TAPS,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.map_page", description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--chromium", default=CHROMIUM)
    args = parser.parse_args(argv)
    print(json.dumps(run_map_page(args.runs, args.chromium), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
