"""The Python memory snapshot of return visits (loader/snapshot.mjs, tools/snapshot.py).

After a first visit, once the service worker has cached the build, the page makes a
Pyodide memory snapshot in a worker and keeps it in Cache Storage under the build's
recipe key (vendor/snapshot.json); a return visit restores it instead of starting CPython.
These tests use their own browser contexts with the service worker allowed and follow
``<html data-snapshot>``, which the loader keeps up to date.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from conftest import READY_JS, ROOT, SNAPSHOT_SETTLED_JS, watched
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_capital_play import choose_capital_rules, wait_stage
from test_classic_play import board_snapshot, start_game

# Every state the loader reports during one load, in order.
STATES_JS = """
window.__snapshotStates = [];
new MutationObserver(() => {
  const state = document.documentElement && document.documentElement.dataset.snapshot;
  const seen = window.__snapshotStates;
  if (state && seen[seen.length - 1] !== state) seen.push(state);
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-snapshot"]});
"""
CACHE = "risk-family.snapshot"
ENTRY_JS = "new URL('vendor/python.snapshot', location.href).href"
SEATS = [("Hal", "easy"), ("Deep", "easy"), ("Blue", "easy")]


def recipe_key() -> str:
    key: str = json.loads((ROOT / "vendor" / "snapshot.json").read_text())["key"]
    return key


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context()
    context.add_init_script(STATES_JS)
    try:
        yield context
    finally:
        context.close()


def first_visit(page: Page, url: str) -> None:
    """Visit until the snapshot of this build is stored."""
    page.goto(url)
    page.wait_for_function(READY_JS, timeout=60_000, polling=50)
    page.wait_for_function(SNAPSHOT_SETTLED_JS, timeout=120_000, polling=100)
    assert page.evaluate("document.documentElement.dataset.snapshot") == "stored", page.evaluate(
        "document.documentElement.dataset.snapshotWhy"
    )


def states(page: Page) -> list[str]:
    seen: list[str] = page.evaluate("window.__snapshotStates")
    return seen


def stored_key(page: Page) -> str | None:
    key: str | None = page.evaluate(
        f"caches.open('{CACHE}').then(c => c.match({ENTRY_JS}))"
        ".then(r => r ? r.headers.get('x-snapshot-key') : null)"
    )
    return key


def replace_entry(page: Page, key: str, body_js: str) -> None:
    """Put another entry where the snapshot is kept (the key header and the body given)."""
    page.evaluate(
        f"""async () => {{
          const cache = await caches.open('{CACHE}');
          const old = await cache.match({ENTRY_JS});
          const body = {body_js};
          const headers = {{'x-snapshot-key': '{key}'}};
          await cache.put({ENTRY_JS}, new Response(body, {{headers}}));
        }}"""
    )


def play_to_the_end(page: Page, seed: str) -> tuple[str, str, list[tuple[str, str, str]]]:
    """A game of three computer players from ``seed``, skipped to its winner."""
    start_game(page, SEATS, seed)
    page.get_by_test_id("skip").click()
    expect(page.get_by_test_id("winner")).to_be_visible(timeout=120_000)
    return (
        page.get_by_test_id("winner").inner_text(),
        page.get_by_test_id("log").inner_text(),
        board_snapshot(page),
    )


def test_a_return_visit_restores_the_snapshot_offline_and_plays_the_same_game(
    browser: Browser, context: BrowserContext, server_url: str
) -> None:
    """A return visit restores Python from this device's snapshot, with the network off,
    and the game it plays is the game a cold start plays: the same seed gives the same
    dice, the same log and the same winner."""
    page, errors = watched(context)
    first_visit(page, server_url)
    assert stored_key(page) == recipe_key()
    context.set_offline(True)
    page.reload()
    page.wait_for_function(READY_JS, timeout=60_000, polling=50)
    assert states(page) == ["restored"]
    restored = play_to_the_end(page, "snapshot-same")

    cold = browser.new_context(service_workers="block")
    try:
        fresh, fresh_errors = watched(cold)
        fresh.goto(server_url)
        fresh.wait_for_function(READY_JS, timeout=60_000, polling=50)
        assert fresh.evaluate("document.documentElement.dataset.snapshot") == "none"
        assert play_to_the_end(fresh, "snapshot-same") == restored
        assert not fresh_errors, fresh_errors
    finally:
        cold.close()
    assert not errors, errors


def test_a_snapshot_of_another_build_is_deleted_never_restored_and_made_again(
    context: BrowserContext, server_url: str
) -> None:
    """A stored snapshot whose key is not this build's recipe key is deleted without being
    restored; the page starts CPython as on a first visit and stores a new snapshot."""
    page, errors = watched(context)
    first_visit(page, server_url)
    replace_entry(page, "0123456789abcdef0123", "await old.arrayBuffer()")
    page.reload()
    page.wait_for_function(READY_JS, timeout=60_000, polling=50)
    page.wait_for_function(SNAPSHOT_SETTLED_JS, timeout=120_000, polling=100)
    assert states(page) == ["stale", "making", "stored"]
    assert "restored" not in states(page)
    assert stored_key(page) == recipe_key()
    page.reload()
    page.wait_for_function(READY_JS, timeout=60_000, polling=50)
    assert states(page) == ["restored"]
    assert not errors, errors


def test_a_snapshot_that_cannot_be_restored_is_refused_and_the_page_plays(
    context: BrowserContext, server_url: str
) -> None:
    """A snapshot with this build's key that Pyodide cannot restore (here: garbage bytes)
    is refused, the page starts afresh and plays, and it is not made again."""
    page, _ = watched(context)
    first_visit(page, server_url)
    replace_entry(page, recipe_key(), "new Uint8Array(4096)")
    page.reload()
    page.wait_for_function(READY_JS, timeout=60_000, polling=50)
    assert states(page) == ["refused"]
    assert "magic" in page.evaluate("document.documentElement.dataset.snapshotWhy")
    start_game(page, [("Ann", "human"), ("Bob", "easy")], "after-refusal")
    expect(page.get_by_test_id("turn")).to_contain_text("Ann")
    page.reload()
    page.wait_for_function(READY_JS, timeout=60_000, polling=50)
    page.wait_for_timeout(2_000)  # time enough to start making one, if it wrongly did
    assert states(page) == ["refused"]


def test_a_restored_page_resumes_its_game_and_starts_the_other_rulesets(
    context: BrowserContext, server_url: str
) -> None:
    """The snapshot holds the engine of the core archive and the wheels, not the other
    rulesets nor the page's own files: a Classic game autosaved on the first visit resumes
    on a restored page as it was left, and games of the rulesets fetched on first use
    (Capital Risk, the Great War 1907, Risk, Paper, Scissors) start there."""
    page, errors = watched(context)
    first_visit(page, server_url)
    start_game(page, [("Ann", "human"), ("Bob", "easy"), ("Cy", "easy")], "resumed-restored")
    page.wait_for_function("document.body.dataset.humanTurn === 'true'", timeout=60_000)
    board = board_snapshot(page)
    log = page.get_by_test_id("log").inner_text()
    page.reload()
    page.wait_for_function(READY_JS, timeout=60_000, polling=50)
    assert states(page) == ["restored"]
    assert board_snapshot(page) == board
    assert page.get_by_test_id("log").inner_text() == log

    page.get_by_test_id("new-game").click()
    choose_capital_rules(page, [("Ann", "human"), ("Bob", "easy")], "capital-restored")
    wait_stage(page, "handover", "entry")
    for rules, panel in (("greatwar1907", "greatwar1907"), ("risk_paper_scissors", "rps")):
        for overlay in page.locator(".overlay:visible").all():  # a hand-over screen
            overlay.locator("button").first.click()
        page.get_by_test_id("new-game").click()
        page.get_by_test_id("opt-rules").select_option(rules)
        page.get_by_test_id("start").click()
        confirm = page.get_by_test_id("confirm-start")
        if confirm.is_visible():
            confirm.click()
        expect(page.get_by_test_id(panel)).to_be_visible(timeout=30_000)
    assert not errors, errors
