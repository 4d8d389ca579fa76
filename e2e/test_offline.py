"""Offline after one visit, clean replacement by a new build, `make dist` on a plain server.

The service worker (sw.js) is registered once Python is ready and keeps the build listed
in vendor/site-build.js. These tests use their own browser contexts (no request routing:
Playwright's routes would see the worker's requests) and check the console themselves.
"""

from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import READY_JS, ROOT, SNAPSHOT_SETTLED_JS, _load_tool, watched
from playwright.sync_api import Browser, Page, expect
from test_capital_play import choose_capital_rules, wait_stage
from test_classic_play import start_game

CONTROLLED_JS = "navigator.serviceWorker && navigator.serviceWorker.controller !== null"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def dist_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """`tools/dist.py` output served by Python's plain ``http.server`` (no special
    headers, no MIME table of ours): what any static host does."""
    out = tmp_path_factory.mktemp("dist") / "site"
    subprocess.run([sys.executable, str(ROOT / "tools" / "dist.py"), "--out", str(out)], check=True)
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=out,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            break
        except OSError:
            time.sleep(0.1)
    try:
        yield out, url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


# update() joins the registration's job queue: it resolves once the page's own update check
# (index.html: register, then update) has run.
UPDATE_CHECKED_JS = (
    "async () => { await (await navigator.serviceWorker.getRegistration()).update(); }"
)
REGISTRATION_JS = """async () => {
  const r = await navigator.serviceWorker.getRegistration();
  const state = (w) => (w ? w.state : null);
  return {installing: state(r.installing), waiting: state(r.waiting), active: state(r.active)};
}"""


def visit_until_cached(page: Page, url: str) -> None:
    """One visit, over: the page ready and controlled by the worker, which has nothing left
    to do for it (its update check has run, the snapshot is made). A build written while
    that check was still queued would be installed from this visit, racing the next one."""
    page.goto(url)
    page.wait_for_function(READY_JS, timeout=60_000, polling=50)
    page.wait_for_function(CONTROLLED_JS, timeout=60_000, polling=100)
    page.evaluate(UPDATE_CHECKED_JS)
    page.wait_for_function(SNAPSHOT_SETTLED_JS, timeout=60_000, polling=100)


def cache_names(page: Page) -> list[str]:
    """The service worker's caches (not the Python snapshot's: e2e/test_snapshot.py)."""
    names: list[str] = page.evaluate("caches.keys()")
    return [name for name in names if name != "risk-family.snapshot"]


def wait_for_caches(page: Page, expected: list[str], timeout_s: float = 60.0) -> None:
    """Until the page's origin holds exactly these caches (the new worker activated)."""
    deadline = time.monotonic() + timeout_s
    while cache_names(page) != expected:
        if time.monotonic() > deadline:
            registration = page.evaluate(REGISTRATION_JS)
            pytest.fail(f"caches {cache_names(page)}, expected {expected}; {registration}")
        time.sleep(0.2)


def build_in_style(page: Page) -> str:
    value: str = page.evaluate("getComputedStyle(document.body).getPropertyValue('--build')")
    return value.strip()


def build_version(site: Path) -> str:
    version: str = json.loads((site / "vendor" / "site-build.json").read_text())["version"]
    return version


def test_offline_reload_and_an_offline_game(browser: Browser, dist_site: tuple[Path, str]) -> None:
    """After one visit the page reloads with the network off and a new game starts."""
    site, url = dist_site
    context = browser.new_context()
    try:
        page, errors = watched(context)
        visit_until_cached(page, url)
        assert cache_names(page) == [f"risk-family-{build_version(site)}"]
        context.set_offline(True)
        page.reload()
        page.wait_for_function(READY_JS, timeout=60_000, polling=50)
        start_game(page, [("Ann", "human"), ("Bob", "easy"), ("Cy", "easy")], "offline")
        expect(page.get_by_test_id("turn")).to_contain_text("Ann")
        owners = page.evaluate(
            "new Set([...document.querySelectorAll('#board path[data-territory]')]"
            ".map(p => p.dataset.owner)).size"
        )
        assert owners >= 3
        assert not errors, errors
    finally:
        context.close()


def test_a_ruleset_fetched_on_first_use_plays_offline(
    browser: Browser, dist_site: tuple[Path, str]
) -> None:
    """Capital Risk is not in the archive the page starts with: it is fetched when its first
    game starts, and after one visit that works offline too (the worker cached it)."""
    _, url = dist_site
    context = browser.new_context()
    try:
        page, errors = watched(context)
        asked: list[str] = []
        page.on("request", lambda r: asked.append(r.url.removeprefix(url)))
        visit_until_cached(page, url)
        assert "vendor/rulesets/capital.zip" not in asked  # not at start
        context.set_offline(True)
        page.reload()
        page.wait_for_function(READY_JS, timeout=60_000, polling=50)
        choose_capital_rules(page, [("Ann", "human"), ("Bob", "easy")], "offline-capital")
        wait_stage(page, "handover", "entry")
        assert "vendor/rulesets/capital.zip" in asked
        assert not errors, errors
    finally:
        context.close()


def test_a_ruleset_that_cannot_be_fetched_says_so_and_the_page_stays_usable(
    browser: Browser, dist_site: tuple[Path, str]
) -> None:
    """Offline on a first visit (no worker yet): starting a Capital Risk game says which
    file could not be fetched; the form stays, and once online the same click starts it."""
    _, url = dist_site
    context = browser.new_context(service_workers="block")
    try:
        page, _ = watched(context)
        page.goto(url)
        page.wait_for_function(READY_JS, timeout=60_000, polling=50)
        context.set_offline(True)
        page.get_by_test_id("opt-rules").select_option("capital")
        page.get_by_test_id("start").click()
        error = page.get_by_test_id("setup-error")
        expect(error).to_contain_text("Capital Risk could not be loaded")
        expect(error).to_contain_text(re.compile(r"vendor/\S+\.zip could not be fetched"))
        expect(page.get_by_test_id("loading")).to_be_hidden()
        expect(page.locator("#setup")).to_be_visible()
        context.set_offline(False)
        page.get_by_test_id("start").click()
        expect(page.get_by_test_id("cap-status")).to_be_visible()
        expect(error).to_be_empty()
    finally:
        context.close()


def test_a_new_build_replaces_the_cached_one_whole(
    browser: Browser, dist_site: tuple[Path, str], tmp_path: Path
) -> None:
    """The next online visit after a new build shows the new build, never a mixture;
    then the new build is what plays offline, and the old cache is gone."""
    site, url = dist_site
    dist = _load_tool("dist")
    offline = _load_tool("offline")
    index, style = site / "index.html", site / "ui" / "style.css"
    original, original_style = index.read_text(encoding="utf-8"), style.read_text(encoding="utf-8")
    context = browser.new_context()
    try:
        page, errors = watched(context)
        visit_until_cached(page, url)
        old = build_version(site)
        # A new build: the page and its style sheet change (the record follows).
        index.write_text(original.replace("<title>", '<meta name="build" content="B"><title>'))
        style.write_text(original_style + '\nbody { --build: "B"; }\n')
        offline.write_build(site, dist.site_files(site))
        new = build_version(site)
        assert new != old
        page.goto(url)
        page.wait_for_function(READY_JS, timeout=60_000, polling=50)
        assert page.locator('meta[name="build"]').count() == 1
        assert build_in_style(page) == '"B"'
        wait_for_caches(page, [f"risk-family-{new}"])
        context.set_offline(True)
        page.reload()
        page.wait_for_function(READY_JS, timeout=60_000, polling=50)
        assert page.locator('meta[name="build"]').count() == 1
        assert build_in_style(page) == '"B"'
        assert not errors, errors
    finally:
        context.close()
        index.write_text(original, encoding="utf-8")
        style.write_text(original_style, encoding="utf-8")
        offline.write_build(site, dist.site_files(site))


def test_the_service_worker_refuses_a_build_changed_while_caching(
    browser: Browser, dist_site: tuple[Path, str]
) -> None:
    """A file whose hash is not the record's (the host was half-way through an upload)
    fails the install: nothing is cached, the page itself still runs from the network."""
    site, url = dist_site
    record = site / "vendor" / "site-build.js"
    original = record.read_text(encoding="utf-8")
    record.write_text(re.sub(r'("index.html": ")[0-9a-f]+', r"\g<1>" + "0" * 64, original))
    context = browser.new_context()
    try:
        page, _ = watched(context)
        page.goto(url)
        page.wait_for_function(READY_JS, timeout=60_000, polling=50)
        state: dict[str, Any] = page.evaluate(
            """async () => {
              let reg = await navigator.serviceWorker.getRegistration();
              for (let i = 0; i < 100 && !reg; i++) {
                await new Promise((r) => setTimeout(r, 100));
                reg = await navigator.serviceWorker.getRegistration();
              }
              // the failed install deletes its half-filled cache before it ends; a
              // registration can be seen before its worker starts installing, so wait
              // (up to 10 s) for the install to be over and that deletion done
              let names = await caches.keys();
              for (let i = 0; i < 100 && reg && (reg.installing || names.length); i++) {
                await new Promise((r) => setTimeout(r, 100));
                names = await caches.keys();
              }
              return {active: !!(reg && reg.active), caches: names};
            }"""
        )
        assert state == {"active": False, "caches": []}
    finally:
        context.close()
        record.write_text(original, encoding="utf-8")


def test_bytecode_for_another_pyodide_is_refused(
    browser: Browser, dist_site: tuple[Path, str], tmp_path: Path
) -> None:
    """loader/pyodide.mjs boots from Pyodide's source stdlib, and says so, when
    vendor/bytecode/build.json names another Pyodide version."""
    site, _ = dist_site
    other = tmp_path / "site"
    shutil.copytree(site, other)
    build = other / "vendor" / "bytecode" / "build.json"
    record = json.loads(build.read_text())
    record["pyodide"] = "0.0.1"
    build.write_text(json.dumps(record))
    serve = _load_tool("serve")
    server, other_url = serve.start_background(root=other)
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        warnings: list[str] = []
        page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
        requested: list[str] = []
        page.on("request", lambda r: requested.append(r.url.removeprefix(other_url)))
        page.goto(other_url)
        page.wait_for_function(READY_JS, timeout=90_000, polling=50)
        assert "vendor/pyodide/python_stdlib.zip" in requested
        assert "vendor/bytecode/python_stdlib.zip" not in requested
        assert any("built for Pyodide 0.0.1" in w for w in warnings), warnings
    finally:
        context.close()
        server.shutdown()
        server.server_close()
