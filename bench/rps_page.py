"""Risk, Paper, Scissors in the page (issue 18): cold loads of the game with an RPS game
autosaved, in headless Chromium.

* ``board_paint``: the RPS board (``svg.rps-board`` with a territory) is in the DOM, taken
  after the next frame; the page starts on Classic's prerendered board, so this is when
  the restored game is first drawn.
* ``ready``: ``document.body.dataset.ready`` became ``"true"``.
* ``computer_turn``: from the Skip click at ready (computers play without their pacing)
  until the seat on turn changes: one computer turn (Standard level, 4 players, year 1),
  every order chosen, applied, autosaved and the board redrawn.  ``orders`` is how many
  orders that turn has (the same position replayed in CPython).

    python -m bench.rps_page [--runs N]     # only this task; prints the figures
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from bench.browser import CHROMIUM, CHROMIUM_ARGS, GAME_PATH, Server
from bench.stats import summarize

SAVE_KEY = "risk-family.risk_paper_scissors.v1"
LAST_KEY = "risk-family.last"

PROBE_JS = r"""
(() => {
  if (window.__rps) return;
  const R = window.__rps = {board: null, ready: null};
  localStorage.setItem(%(key)s, %(save)s);
  localStorage.setItem(%(last)s, "risk_paper_scissors");
  const check = () => {
    if (R.board === null && R.pending !== true
        && document.querySelector("svg.rps-board [data-territory]")) {
      R.pending = true;
      requestAnimationFrame(() => { R.board = performance.now(); });
    }
    if (R.ready === null && document.body && document.body.dataset.ready === "true") {
      R.ready = performance.now();
    }
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true,
    attributes: true, attributeFilter: ["data-ready"]});
})();
"""


def computer_turn_save() -> tuple[dict[str, Any], int, int]:
    """(the session's autosave at the start of a Standard computer's turn, that seat, the
    number of orders of its turn)."""
    from engine.core import PlayerSpec
    from engine.rulesets.risk_paper_scissors.orders import Bid, Phase
    from ui.risk_paper_scissors import entry
    from ui.risk_paper_scissors.session import Session

    specs = [PlayerSpec("Ada")] + [PlayerSpec(n, "standard") for n in ("Boris", "Chloe", "Dmitri")]
    session = Session.new(specs, {}, "bench-rps")
    while not (session.state.phase is Phase.PURCHASE and not session.human_turn):
        if not session.human_turn:
            session.play_computer()
        elif session.state.phase is Phase.SETUP:
            session.play(entry.setup_order(session))
        else:
            session.play(Bid(0, 0, ()))
    seat = session.actor
    assert seat is not None
    save = session.to_json()
    orders = 0
    while session.actor == seat and not session.over:
        session.play_computer()
        orders += 1
    return save, seat, orders


def run_rps_page(runs: int, chromium: str = CHROMIUM) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    save, seat, orders = computer_turn_save()
    script = PROBE_JS % {
        "key": json.dumps(SAVE_KEY),
        "save": json.dumps(json.dumps(save)),
        "last": json.dumps(LAST_KEY),
    }
    boards: list[float] = []
    readies: list[float] = []
    turns: list[float] = []
    with Server() as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            for _ in range(runs):
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                context.add_init_script(script)
                page = context.new_page()
                page.goto(server.url + GAME_PATH, wait_until="commit")
                page.wait_for_function(
                    "() => window.__rps.ready !== null && window.__rps.board !== null",
                    timeout=180_000,
                )
                timings = page.evaluate("() => ({...window.__rps})")
                boards.append(float(timings["board"]))
                readies.append(float(timings["ready"]))
                started = page.evaluate("() => performance.now()")
                # The computer's paced turn redraws the panel, replacing the button
                # between Playwright's checks on a busy machine: click it in the page.
                page.wait_for_function(
                    "() => { const b = document.querySelector('[data-testid=skip]');"
                    " if (b && !b.disabled) { b.click(); return true; } return false; }",
                    timeout=120_000,
                )
                page.wait_for_function(
                    f"() => document.body.dataset.current !== '{seat}'", timeout=120_000
                )
                turns.append(page.evaluate("() => performance.now()") - started)
                context.close()
        finally:
            browser.close()
    return {
        "board_paint_ms": summarize(boards),
        "ready_ms": summarize(readies),
        "computer_turn_ms": summarize(turns),
        "computer_turn_orders": orders,
        "level": "standard",
        "players": 4,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.rps_page", description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--chromium", default=CHROMIUM)
    args = parser.parse_args(argv)
    print(json.dumps(run_rps_page(args.runs, args.chromium), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
