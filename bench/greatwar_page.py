"""The Great War 1907 in the page (issue 17): cold loads of the game with a Great War
autosave in the browser's storage (the page resumes it, so this ruleset is the one
shown), and one Deployment phase resolved in the page.

Per run, in a fresh context (HTTP cache disabled):
* ``map_paint_ms``: the first Great War province (``#board [data-territory="mos"]``,
  an id Classic's board does not have) attached and visible, after the next frame;
* ``ready_ms``: ``document.body.dataset.ready`` is ``"true"``;
* ``resolution_ms``: from the click on "Seal my orders" of the one human nation (the
  seven computer nations sealed theirs when the phase began) until the replay is drawn
  (``data-gw-stage`` left ``entry``, then the next frame): the engine's resolution of
  eight nations' Deployment orders plus the page's redraw.
All are ``performance.now()`` milliseconds taken in the page.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bench.browser import CHROMIUM, CHROMIUM_ARGS, GAME_PATH, ROOT, Server
from bench.stats import summarize

SAVE_KEY = "risk-family.greatwar1907.v1"
LAST_KEY = "risk-family.last"
PAINT_JS = r"""
(() => {
  if (window.__gw) return;
  const G = window.__gw = {map_paint: null, ready: null};
  const now = () => performance.now();
  let pending = false;
  const check = () => {
    const t = document.querySelector('#board [data-territory="mos"]');
    if (G.map_paint === null && !pending && t && t.getBoundingClientRect().width > 0) {
      pending = true;
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => { G.map_paint = now(); };
        ch.port2.postMessage(0);
      });
    }
    if (G.ready === null && document.body && document.body.dataset.ready === "true") {
      G.ready = now();
    }
  };
  new MutationObserver(check).observe(document, {childList: true, subtree: true, attributes: true});
})();
"""
RESOLVE_JS = """() => new Promise((done) => {
  const t0 = performance.now();
  document.querySelector('[data-testid="gw-seal"]').click();
  // the pp left unspent: the shared warning asks "seal anyway?"
  const anyway = document.querySelector(
    '[data-testid="warning-overlay"]:not([hidden]) [data-testid="warning-go"]');
  if (anyway) anyway.click();
  const wait = () => {
    if (document.body.dataset.gwStage !== "entry") {
      requestAnimationFrame(() => done(performance.now() - t0));
    } else {
      setTimeout(wait, 5);
    }
  };
  wait();
})"""


def autosave(seed: str = "bench-gw") -> str:
    """A game waiting for its one human nation (Russia); the other seven are Standard
    computers that have sealed their Deployment orders."""
    from engine.core import PlayerSpec
    from ui.greatwar1907.session import GreatWarSession

    specs = [PlayerSpec("Ada", "human")] + [PlayerSpec(f"C{i}", "standard") for i in range(7)]
    return json.dumps(GreatWarSession.new(specs, {}, seed).to_json())


def one_run(browser: Any, base_url: str, save: str, timeout_s: float = 180.0) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1366, "height": 800})
    seed_storage = (
        f"try {{ if (!sessionStorage.getItem('bench-seeded')) {{"
        f" localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(save)});"
        f" localStorage.setItem({json.dumps(LAST_KEY)}, 'greatwar1907');"
        f" sessionStorage.setItem('bench-seeded', '1'); }} }} catch (e) {{}}"
    )
    context.add_init_script(seed_storage)
    context.add_init_script(PAINT_JS)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        page.goto(base_url + GAME_PATH, wait_until="commit", timeout=timeout_s * 1000)
        page.wait_for_function(
            "() => window.__gw && window.__gw.ready !== null && window.__gw.map_paint !== null",
            timeout=timeout_s * 1000,
            polling=50,
        )
        paint, ready = page.evaluate("() => [window.__gw.map_paint, window.__gw.ready]")
        page.wait_for_function("() => document.body.dataset.gwStage === 'entry'")
        resolution = float(page.evaluate(RESOLVE_JS))
        return {
            "map_paint_ms": paint,
            "ready_ms": ready,
            "resolution_ms": resolution,
            "errors": errors,
        }
    finally:
        context.close()


def run_greatwar_page(
    runs: int, *, chromium: str = CHROMIUM, log: Callable[[str], None] = print
) -> dict[str, Any]:
    """``runs`` cold loads with the Great War autosave, each resolving one phase."""
    from playwright.sync_api import sync_playwright

    save = autosave()
    results: list[dict[str, Any]] = []
    with Server(ROOT) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            for index in range(runs):
                result = one_run(browser, server.url, save)
                results.append(result)
                log(
                    f"bench: run {index + 1}/{runs} greatwar page: map {result['map_paint_ms']:.0f}"
                    f" ms, ready {result['ready_ms']:.0f} ms, one phase resolved in "
                    f"{result['resolution_ms']:.0f} ms"
                )
        finally:
            browser.close()
    errors = [e for r in results for e in r["errors"]]
    return {
        key: summarize(r[key] for r in results)
        for key in ("map_paint_ms", "ready_ms", "resolution_ms")
    } | {"errors": errors}
