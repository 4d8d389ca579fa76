"""pytest-playwright setup for the browser tests (run as ``python -m pytest e2e``).

* Debian's Chromium at /usr/bin/chromium (Playwright cannot download its own browsers here).
* ``server_url``: the repo served by tools/serve.py on a free port, once per session.
* ``page``: pytest-playwright's page with a guard: every request to a host other than the
  test server is aborted and recorded; console errors and uncaught page errors are recorded.
  ``page_monitor`` gives access to what was recorded.
* Helpers (``from conftest import wait_ready, assert_clean``):
  ``wait_ready(page)`` waits for ``document.body.dataset.ready == "true"``;
  ``assert_clean(page)`` fails if anything was blocked or logged as an error.
* ``artifacts``: e2e/artifacts/ (git-ignored) for screenshots.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import weakref
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    BrowserContext,
    ConsoleMessage,
    Error,
    Page,
    Request,
    Response,
    Route,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = os.environ.get("E2E_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS: list[str] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
READY_JS = 'document.body && document.body.dataset.ready === "true"'
# The Python snapshot made after a first visit (loader/snapshot.mjs) is settled either way.
SNAPSHOT_SETTLED_JS = (
    "['stored', 'unavailable', 'refused'].includes(document.documentElement.dataset.snapshot)"
)


def watched(context: BrowserContext) -> tuple[Page, list[str]]:
    """A new page of the context, and the page errors and console errors it will show (for
    tests whose contexts do not go through the fixtures' routing and error checks)."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return page, errors


def _load_tool(name: str) -> ModuleType:
    """Import tools/<name>.py (tools/ is not a package)."""
    tools = str(ROOT / "tools")
    if tools not in sys.path:
        sys.path.insert(0, tools)
    spec = importlib.util.spec_from_file_location(f"_e2e_{name}", ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass
class PageMonitor:
    """What a page did that a test should know about."""

    allowed_netloc: str
    blocked: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)

    def on_route(self, route: Route) -> None:
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in {"http", "https", "ws", "wss"} and parts.netloc != self.allowed_netloc:
            self.blocked.append(url)
            route.abort("blockedbyclient")
        else:
            route.continue_()

    def on_console(self, msg: ConsoleMessage) -> None:
        if msg.type == "error":
            loc = msg.location
            where = f" ({loc.get('url')}:{loc.get('lineNumber')})" if loc.get("url") else ""
            self.console_errors.append(f"{msg.text}{where}")

    def on_page_error(self, error: Error) -> None:
        self.page_errors.append(f"{error.name}: {error.message}")

    def on_response(self, response: Response) -> None:
        if response.status >= 400:
            self.failed_requests.append(f"{response.status} {response.url}")

    def on_request_failed(self, request: Request) -> None:
        if request.url not in self.blocked:
            self.failed_requests.append(f"{request.failure} {request.url}")

    def report(self) -> str:
        lines: list[str] = []
        for title, items in (
            ("blocked off-host requests", self.blocked),
            ("console errors", self.console_errors),
            ("page errors", self.page_errors),
            ("failed requests", self.failed_requests),
        ):
            if items:
                lines.append(f"{title}:")
                lines.extend(f"  {item}" for item in items)
        return "\n".join(lines)

    def assert_clean(self) -> None:
        """Fail on a blocked or failed request or on any console/page error."""
        report = self.report()
        assert not report, report


_MONITORS: weakref.WeakKeyDictionary[Page, PageMonitor] = weakref.WeakKeyDictionary()


def monitor_of(page: Page) -> PageMonitor:
    try:
        return _MONITORS[page]
    except KeyError:
        raise LookupError("page is not guarded: use the `page` fixture of e2e/conftest") from None


def wait_ready(page: Page, timeout_ms: float = 60_000) -> float:
    """Wait until Python set ``document.body.dataset.ready = "true"``.

    Returns ``performance.now()`` at that point (ms since navigation start, approximately).
    On timeout, fails with what the page logged.
    """
    try:
        page.wait_for_function(READY_JS, timeout=timeout_ms, polling=50)
    except PlaywrightTimeoutError:
        monitor = _MONITORS.get(page)
        details = monitor.report() if monitor else ""
        pytest.fail(f"page not ready after {timeout_ms / 1000:.0f} s\n{details}".rstrip())
    elapsed: float = page.evaluate("performance.now()")
    return elapsed


def assert_clean(page: Page) -> None:
    """No blocked or failed requests, no console errors, no uncaught page errors."""
    monitor_of(page).assert_clean()


def pytest_configure(config: pytest.Config) -> None:
    # pytest-base-url (pulled in by pytest-playwright) trips a pytest deprecation warning.
    config.addinivalue_line(
        "filterwarnings",
        "ignore:(?s)Session-scoped fixtures defined as instance methods.*'base_url'",
    )


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not Path(CHROMIUM).is_file():
        pytest.exit(f"{CHROMIUM} not found: run `make chromium` (tools/ensure_chromium.sh)", 2)
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    # The page registers sw.js once ready, which then downloads the whole build (~20 MB):
    # only e2e/test_offline.py (its own contexts) needs that; the other tests block it.
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    """Serve the repo root on a free port for the whole session; yields the base URL."""
    serve = _load_tool("serve")
    serve.rebuild_app_zip(ROOT)
    if not (ROOT / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        pytest.exit("vendor/ is incomplete: run `make vendor`", 2)
    server, url = serve.start_background(host="127.0.0.1", port=0, root=ROOT)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


def guard(page: Page, server_url: str) -> PageMonitor:
    """Block ``page``'s off-host requests and record its errors (see ``assert_clean``)."""
    monitor = PageMonitor(allowed_netloc=urlsplit(server_url).netloc)
    page.route("**/*", monitor.on_route)
    page.on("console", monitor.on_console)
    page.on("pageerror", monitor.on_page_error)
    page.on("response", monitor.on_response)
    page.on("requestfailed", monitor.on_request_failed)
    _MONITORS[page] = monitor
    return monitor


@pytest.fixture
def page(page: Page, server_url: str) -> Page:
    """pytest-playwright's page, with off-host requests blocked and errors recorded."""
    guard(page, server_url)
    return page


@pytest.fixture
def page_monitor(page: Page) -> PageMonitor:
    return monitor_of(page)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


def legal(page: Page) -> list[str]:
    """The territories the board highlights as legal for the next click."""
    result: list[str] = page.evaluate(
        "[...document.querySelectorAll('#board path.legal')].map(p => p.dataset.territory)"
    )
    return result


def click_territory(page: Page, territory: str) -> None:
    page.locator(f'#board path[data-territory="{territory}"]').dispatch_event("click")
