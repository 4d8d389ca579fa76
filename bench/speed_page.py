"""The game speed in the page (issue 30): how long two Standard computers make the human
wait in Classic, at each game speed, in headless Chromium.

A Classic game (Ada, human; Boris and Chloe, Standard computers) is autosaved at Ada's
free move with the speed stored; the page resumes it, and the measure runs from Ada's
"End turn" click (a capturing listener's ``performance.now()``) until Ada is on turn
again (``<body data-current="0" data-human-turn="true" data-phase="reinforce">``, seen by a
MutationObserver): the whole round of the two computers, drawn.  Also the longest
main-thread task during the round (a PerformanceObserver of ``longtask``): Instant must
not freeze the page.

* ``first_round_ms`` per speed: the first round after the page loaded (it includes
  importing the computer players' modules).
* ``round_ms`` per speed: the next round (Ada's armies placed, then "End turn"):
  Watch (today's pace), Fast (target: the round within 2 s), Instant.
* ``longest_task_ms`` per speed, during that next round.
* ``orders``: the computer orders of the first round (the same position replayed in
  CPython).

    python -m bench.speed_page [--runs N]     # only this task; prints the figures
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from bench.browser import CHROMIUM, CHROMIUM_ARGS, GAME_PATH, Server
from bench.stats import summarize

SAVE_KEY = "risk-family.classic.v1"
LAST_KEY = "risk-family.last"
SPEED_KEY = "risk-family.speed.v1"  # ui/shell/speed.py STORAGE_KEY
SPEEDS = ("watch", "fast", "instant")

PROBE_JS = r"""
(() => {
  if (window.__speed) return;
  const S = window.__speed = {clicked: null, back: null, longest: 0, tasks: []};
  localStorage.setItem(%(key)s, %(save)s);
  localStorage.setItem(%(last)s, "classic");
  localStorage.setItem(%(speed_key)s, %(speed)s);
  document.addEventListener("click", (event) => {
    if (S.clicked === null && event.target.closest('[data-testid="end-turn"]')) {
      S.clicked = performance.now();
    }
  }, true);
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) S.tasks.push([entry.startTime, entry.duration]);
    }).observe({type: "longtask", buffered: true});
  } catch (e) {}
  const check = () => {
    const d = document.body && document.body.dataset;
    if (S.clicked !== null && S.back === null && d && d.current === "0"
        && d.humanTurn === "true" && d.phase === "reinforce") {
      S.back = performance.now();
      S.longest = Math.max(0, ...S.tasks.filter(([start, length]) =>
        start + length > S.clicked && start < S.back).map(([, length]) => length));
    }
  };
  new MutationObserver(check).observe(document, {subtree: true, attributes: true,
    attributeFilter: ["data-current", "data-human-turn", "data-phase"]});
})();
"""


def round_save() -> tuple[dict[str, Any], int]:
    """(the Classic autosave at Ada's free move, the number of computer orders of the
    round that follows her "End turn")."""
    from engine.core import PlayerSpec
    from engine.rulesets.classic.state import Phase
    from ui.classic.controller import Session

    specs = [PlayerSpec("Ada"), PlayerSpec("Boris", "standard"), PlayerSpec("Chloe", "standard")]
    session = Session.new(specs, {}, "bench-speed")
    while not (session.human_turn and session.state.phase is Phase.FORTIFY):
        if not session.human_turn:
            session.play_computer()
            continue
        legal = session.legal()
        session.play(next((o for o in legal if o.KIND in ("end-attack", "end-turn")), legal[0]))
    save = session.to_json()
    session.play(next(o for o in session.legal() if o.KIND == "end-turn"))
    orders = 0
    while not session.human_turn:
        session.play_computer()
        orders += 1
    return save, orders


def place_armies(page: Any) -> None:
    """Ada places her reinforcements, a click at a time on a territory she may place on,
    until her attacks begin."""
    for _ in range(100):
        if page.evaluate("() => document.body.dataset.phase") != "reinforce":
            return
        page.evaluate(
            "() => { const land = document.querySelector('#board path.territory.legal');"
            " if (land) land.dispatchEvent(new MouseEvent('click', {bubbles: true})); }"
        )
        page.wait_for_timeout(100)
    raise RuntimeError("Ada's reinforcements were not all placed")


def run_speed_page(runs: int, chromium: str = CHROMIUM) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    save, orders = round_save()
    firsts: dict[str, list[float]] = {speed: [] for speed in SPEEDS}
    rounds: dict[str, list[float]] = {speed: [] for speed in SPEEDS}
    longest: dict[str, list[float]] = {speed: [] for speed in SPEEDS}
    with Server() as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            for _ in range(runs):
                for speed in SPEEDS:
                    script = PROBE_JS % {
                        "key": json.dumps(SAVE_KEY),
                        "save": json.dumps(json.dumps(save)),
                        "last": json.dumps(LAST_KEY),
                        "speed_key": json.dumps(SPEED_KEY),
                        "speed": json.dumps(speed),
                    }
                    context = browser.new_context(viewport={"width": 1366, "height": 800})
                    context.add_init_script(script)
                    page = context.new_page()
                    page.goto(server.url + GAME_PATH, wait_until="commit")
                    page.wait_for_function(
                        "() => document.body && document.body.dataset.ready === 'true'"
                        " && document.body.dataset.humanTurn === 'true'",
                        timeout=180_000,
                    )
                    for measured in (firsts, rounds):
                        page.get_by_test_id("end-turn").click()
                        page.wait_for_function(
                            "() => window.__speed.back !== null", timeout=120_000
                        )
                        timings = page.evaluate("() => ({...window.__speed})")
                        measured[speed].append(float(timings["back"]) - float(timings["clicked"]))
                        if measured is rounds:
                            longest[speed].append(float(timings["longest"]))
                            break
                        # Ada's next turn: her armies placed, then "End turn"
                        page.evaluate(
                            "() => { window.__speed.clicked = null; window.__speed.back = null;"
                            " window.__speed.tasks = []; }"
                        )
                        place_armies(page)
                    context.close()
        finally:
            browser.close()
    return {
        "round_ms": {speed: summarize(values) for speed, values in rounds.items()},
        "first_round_ms": {speed: summarize(values) for speed, values in firsts.items()},
        "longest_task_ms": {speed: summarize(values) for speed, values in longest.items()},
        "orders": orders,
        "players": "1 human, 2 standard computers",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.speed_page", description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--chromium", default=CHROMIUM)
    args = parser.parse_args(argv)
    print(json.dumps(run_speed_page(args.runs, args.chromium), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
