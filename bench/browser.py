"""Browser measurements: cold loads of the game page, the bare Pyodide page and the
in-page bench page in headless Chromium, interleaved within each run.

Each load gets a fresh browser context (empty cache, HTTP cache disabled through CDP as
well).  Timestamps are taken inside the page by an init script (``INIT_JS``), as
``performance.now()``, i.e. milliseconds from navigation start:

* ``map_paint``: the first ``[data-territory]`` element is attached and has a box; the
  time is taken after the next frame (requestAnimationFrame, then a message-channel task),
  i.e. once that frame was produced.  ``map_attached`` is when it entered the DOM.
* ``form_enabled``: the new-game form's first control (input/select/textarea) that is
  enabled, visible, not inert and takes focus (the init script focuses it): the form
  "accepts input" in the DOM sense.
* ``key_handled``: Playwright types a key (Shift) ``KEY_AT_MS`` after navigation, as a
  player would, into that focused control; this is when the page's keydown handler ran
  (``key_sent``: the event's timestamp, i.e. when the browser received it).  While Python
  starts up the main thread is busy, so the key may wait: this is the "input delay".
* ``ready``: ``document.body.dataset.ready`` became ``"true"`` (a MutationObserver).
* Bytes: the sum of CDP ``Network.loadingFinished`` ``encodedDataLength`` (bytes on the
  wire, headers included) over every request of the load.
"""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
PAGE_DIR = Path(__file__).resolve().parent / "page"
CHROMIUM = "/usr/bin/chromium"
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
GAME_PATH = "index.html"
BARE_PATH = "tools/bare/index.html"
BENCH_PATH = "bench/page/index.html"
KEY_AT_MS = 1000.0  # when the probe key is typed: the "accepts input" target

INIT_JS = r"""
(() => {
  if (window.__bench) return;
  const B = window.__bench = {
    map_attached: null, map_paint: null, form_enabled: null, form_control: null,
    key_sent: null, key_handled: null, key_in_form: null, ready: null, fcp: null,
    long_tasks: [],
  };
  const now = () => performance.now();
  const CONTROLS = 'input:not([type="hidden"]), select, textarea';
  let formEl = null;
  const visible = (el) => {
    if (!el.isConnected || el.getClientRects().length === 0) return false;
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== "hidden" && style.display !== "none";
  };
  const findForm = () =>
    document.querySelector('[data-testid="new-game-form"]') ||
    document.getElementById("new-game-form");
  const firstControl = () => {
    const form = findForm();
    if (!form) return null;
    for (const el of form.querySelectorAll(CONTROLS)) {
      if (el.disabled || el.matches(":disabled") || el.closest("[inert]")) continue;
      if (visible(el)) return el;
    }
    return null;
  };
  const afterFrame = (done) => requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => done(now());
    ch.port2.postMessage(0);
  });
  let mapPending = false;
  const check = () => {
    if (B.map_paint === null && !mapPending) {
      const t = document.querySelector("[data-territory]");
      if (t) {
        if (B.map_attached === null) B.map_attached = now();
        if (visible(t)) {
          mapPending = true;
          afterFrame((time) => { B.map_paint = time; });
        }
      }
    }
    if (B.form_enabled === null && document.body) {
      const el = firstControl();
      if (el) {
        el.focus({preventScroll: true});
        if (document.activeElement === el) {
          B.form_enabled = now();
          formEl = el;
          B.form_control = (el.name || el.id || el.tagName).toString();
        }
      }
    }
    if (B.ready === null && document.body && document.body.dataset.ready === "true") {
      B.ready = now();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, {childList: true, subtree: true, attributes: true});
  const frame = () => {
    check();
    if (B.ready === null || B.map_paint === null || B.form_enabled === null) {
      requestAnimationFrame(frame);
    }
  };
  requestAnimationFrame(frame);
  document.addEventListener("keydown", (e) => {
    if (B.key_handled === null) {
      B.key_handled = now();
      B.key_sent = e.timeStamp;
      B.key_in_form = formEl !== null && e.target === formEl;
    }
  }, true);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.name === "first-contentful-paint" && B.fcp === null) B.fcp = e.startTime;
      }
    }).observe({type: "paint", buffered: true});
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) B.long_tasks.push([e.startTime, e.duration]);
    }).observe({type: "longtask", buffered: true});
  } catch (e) { /* older browsers: no paint/longtask entries */ }
})();
"""

SNAPSHOT_SETTLED_JS = (
    "() => ['stored', 'unavailable', 'refused'].includes(document.documentElement.dataset.snapshot)"
)
SNAPSHOT_MADE_JS = """() => {
  const d = document.documentElement.dataset;
  return {snapshot_bytes: Number(d.snapshotBytes || 0) || null,
          snapshot_make_ms: Number(d.snapshotMs || 0) || null};
}"""

FIELDS_JS = """() => {
  const B = window.__bench || {};
  const out = {};
  for (const k of ["map_attached", "map_paint", "form_enabled", "form_control", "key_sent",
                   "key_handled", "key_in_form", "ready", "fcp", "long_tasks"]) {
    out[k] = B[k] ?? null;
  }
  out.input_delay = B.key_handled !== null ? B.key_handled - B.key_sent : null;
  out.resource_transfer = performance.getEntriesByType("resource")
    .reduce((s, e) => s + (e.transferSize || 0), 0);
  const nav = performance.getEntriesByType("navigation")[0];
  out.document_transfer = nav ? nav.transferSize : null;
  out.dom_content_loaded = nav ? nav.domContentLoadedEventEnd : null;
  out.snapshot = document.documentElement.dataset.snapshot || null;
  return out;
}"""


@dataclass
class LoadResult:
    """One cold load of one page."""

    page: str
    ok: bool
    timings: dict[str, Any] = field(default_factory=dict)
    bytes_on_wire: int = 0
    requests: int = 0
    biggest: list[tuple[str, int]] = field(default_factory=list)
    off_host: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    wall_s: float = 0.0
    page_results: dict[str, Any] | None = None
    bytes_uncompressed: int = 0
    bytes_gzip: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "page": self.page,
            "ok": self.ok,
            "timings": self.timings,
            "bytes_on_wire": self.bytes_on_wire,
            "bytes_uncompressed": self.bytes_uncompressed,
            "bytes_gzip": self.bytes_gzip,
            "requests": self.requests,
            "biggest": self.biggest,
            "off_host": self.off_host,
            "errors": self.errors,
            "wall_s": round(self.wall_s, 2),
            "page_results": self.page_results,
        }


# -- the bench page's PyScript config, derived from the game's ------------------------------


def page_config_text(root: Path = ROOT) -> str:
    """bench/page/pyscript.toml for the game's pyscript.toml: same interpreter, same wheels
    and app.zip (paths rebased from the repo root to bench/page/), plus bench/tasks.py."""
    import tomllib

    game = tomllib.loads((root / "pyscript.toml").read_text(encoding="utf-8"))

    def rebase(path: str) -> str:
        return "../../" + path.removeprefix("./")

    lines = [
        "# Generated by bench/browser.py from the game's pyscript.toml (same Pyodide, wheels",
        "# and app.zip); `make bench` rewrites it when the game's config changes.",
        "# `interpreter` resolves against the page URL, [files] against this file's URL.",
        'name = "Risk-family bench"',
        f"interpreter = {json.dumps(rebase(str(game['interpreter'])))}",
        "",
        "[files]",
    ]
    for source, target in dict(game.get("files", {})).items():
        lines.append(f"{json.dumps(rebase(source))} = {json.dumps(target)}")
    # The game fetches the wheels and the other rulesets on first use (ui/shell/archives.py);
    # the task suite plays every ruleset, so its page unpacks all those archives at start.
    manifest = root / "vendor" / "rulesets.json"
    listed = json.loads(manifest.read_text(encoding="utf-8")) if manifest.is_file() else {}
    every = [*dict(listed.get("shared", {})).values(), *dict(listed.get("rulesets", {})).values()]
    for entry in every:
        for file in entry["files"]:
            lines.append(f'{json.dumps(rebase(file["url"]))} = "./*"')
    lines.append('"../tasks.py" = "./bench_tasks.py"')
    return "\n".join(lines) + "\n"


def sync_page_config(root: Path = ROOT) -> bool:
    """Rewrite bench/page/pyscript.toml if it no longer matches the game's; True if it did."""
    path = root / "bench" / "page" / "pyscript.toml"
    text = page_config_text(root)
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    path.write_text(text, encoding="utf-8")
    return True


# -- server -------------------------------------------------------------------------------


class Server:
    """tools/serve.py in a subprocess (so serving files does not share our GIL)."""

    def __init__(self, root: Path = ROOT) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(root / "tools" / "serve.py"), "--port", "0"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            cwd=root,
        )
        assert self.proc.stdout is not None
        line = ""
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line or "Serving" in line:
                break
        match = re.search(r"(http://[\d.]+:\d+/)", line)
        if not match:
            self.close()
            raise RuntimeError(f"tools/serve.py did not start: {line!r}")
        self.url = match.group(1)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# -- one load -----------------------------------------------------------------------------


def new_context(browser: Any) -> Any:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(INIT_JS)
    return context


def bench_results(browser: Any, url: str, timeout_ms: int) -> dict[str, Any]:
    """One cold load of a bench page task (``?forum``, ``?computers``...): the JSON its page
    writes once ready.

    :raises RuntimeError: the page reported an error of its own.
    """
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(url, wait_until="commit")
        page.wait_for_function(
            "() => document.body && document.body.dataset.ready === 'true'", timeout=timeout_ms
        )
        text = page.get_by_test_id("bench-results").text_content() or "{}"
        results: dict[str, Any] = json.loads(text)
    finally:
        context.close()
    if "error" in results:
        raise RuntimeError(results["error"])
    return results


def load_page(
    browser: Any,
    base_url: str,
    path: str,
    *,
    probe_input: bool = False,
    results_selector: str | None = None,
    timeout_s: float = 180.0,
    context: Any = None,
) -> LoadResult:
    """Load ``base_url + path`` and take its timings: cold in a fresh context (HTTP cache
    disabled too), or, given the ``context`` of an earlier visit, as a return visit (its
    HTTP cache and service worker as they are)."""
    from playwright.sync_api import Error as PlaywrightError

    name = path
    result = LoadResult(page=name, ok=False)
    host = urlsplit(base_url).netloc
    cold = context is None
    if context is None:
        context = new_context(browser)
    started = time.perf_counter()
    page: Any = None
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        urls: dict[str, str] = {}
        sizes: dict[str, int] = {}

        def on_response(params: dict[str, Any]) -> None:
            urls[params["requestId"]] = params["response"]["url"]

        def on_finished(params: dict[str, Any]) -> None:
            sizes[params["requestId"]] = int(params.get("encodedDataLength", 0))

        cdp.on("Network.responseReceived", on_response)
        cdp.on("Network.loadingFinished", on_finished)
        cdp.send("Network.enable")
        if cold:
            cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})

        def on_request(request: Any) -> None:
            parts = urlsplit(request.url)
            if parts.scheme in {"http", "https", "ws", "wss"} and parts.netloc != host:
                result.off_host.append(request.url)

        page.on("request", on_request)
        page.on("pageerror", lambda error: result.errors.append(f"pageerror: {error}"))
        page.on(
            "console",
            lambda msg: (
                result.errors.append(f"console: {msg.text}") if msg.type == "error" else None
            ),
        )
        navigation_started = time.perf_counter()
        page.goto(base_url + path, wait_until="commit", timeout=timeout_s * 1000)
        if probe_input:
            _type_key_at(page, navigation_started, KEY_AT_MS)
        page.wait_for_function(
            "() => window.__bench && window.__bench.ready !== null",
            timeout=timeout_s * 1000,
            polling=50,
        )
        result.wall_s = time.perf_counter() - started
        if probe_input:  # the map should be painted long before ready; allow a moment
            try:
                page.wait_for_function(
                    "() => window.__bench.map_paint !== null", timeout=3000, polling=50
                )
            except PlaywrightError:
                result.errors.append("no [data-territory] element was painted")
        page.wait_for_timeout(300)  # let the last CDP network events arrive
        timings: dict[str, Any] = page.evaluate(FIELDS_JS)
        long_tasks = timings.pop("long_tasks") or []
        ready = timings.get("ready") or 0.0
        before_ready = [(s, d) for s, d in long_tasks if s < ready]
        timings["long_tasks_before_ready"] = len(before_ready)
        timings["blocking_ms_before_ready"] = round(
            sum(max(0.0, d - 50) for _, d in before_ready), 1
        )
        longest = max(long_tasks, key=lambda task: task[1], default=(None, 0.0))
        timings["longest_task_ms"] = round(longest[1], 1)
        painted = timings.get("fcp") or timings.get("map_paint")
        after_paint = [d for s, d in long_tasks if painted is not None and s + d > painted]
        timings["longest_task_after_paint_ms"] = round(max(after_paint, default=0.0), 1)
        timings["key_kept"] = (
            None
            if not probe_input
            else bool(timings.get("key_handled") and timings.get("key_in_form"))
        )
        timings["longest_task_start"] = None if longest[0] is None else round(longest[0], 1)
        result.timings = timings
        if results_selector:
            text = page.locator(results_selector).text_content(timeout=5000) or ""
            result.page_results = json.loads(text) if text.strip() else {"error": "no results"}
        result.bytes_on_wire = sum(sizes.values())
        result.requests = len(sizes)
        result.bytes_uncompressed, result.bytes_gzip = _file_sizes(urls.values(), base_url)
        ranked = sorted(sizes.items(), key=lambda item: -item[1])[:5]
        result.biggest = [(_short(urls.get(rid, rid), base_url), size) for rid, size in ranked]
        result.ok = True
    except PlaywrightError as exc:
        result.errors.append(f"{type(exc).__name__}: {str(exc).splitlines()[0]}")
        result.wall_s = time.perf_counter() - started
    finally:
        if cold:
            context.close()
        elif page is not None:
            page.close()
    return result


def return_visit(browser: Any, base_url: str, path: str, *, game: bool) -> LoadResult:
    """A first visit (not measured), then the measured second visit in the same context:
    warm HTTP cache, and for the game its service worker once it has cached the build."""
    context = new_context(browser)
    try:
        first = context.new_page()
        first.goto(base_url + path, wait_until="commit")
        first.wait_for_function(
            "() => document.body && document.body.dataset.ready", timeout=180_000
        )
        made: dict[str, Any] = {}
        if game:
            first.wait_for_function(
                "() => navigator.serviceWorker.controller !== null", timeout=120_000, polling=100
            )
            # The Python snapshot this device makes for return visits (loader/snapshot.mjs).
            first.wait_for_function(SNAPSHOT_SETTLED_JS, timeout=120_000, polling=100)
            made = first.evaluate(SNAPSHOT_MADE_JS)
        first.close()
        result = load_page(browser, base_url, path, probe_input=game, context=context)
        result.timings.update(made)
        return result
    finally:
        context.close()


_GZIP_CACHE: dict[Path, int] = {}


def _file_sizes(urls: Any, base_url: str, root: Path = ROOT) -> tuple[int, int]:
    """Bytes of the site's files a load fetched, as stored and gzip-compressed (level 6, what
    a static host that compresses would send; tools/serve.py sends them as stored)."""
    plain = packed = 0
    for url in set(urls):
        if not url.startswith(base_url):
            continue
        path = root / unquote(urlsplit(url).path.lstrip("/"))
        if not path.is_file():
            if url.rstrip("/") + "/" == base_url:
                path = root / "index.html"
            else:
                continue
        data = path.read_bytes()
        plain += len(data)
        if path not in _GZIP_CACHE:
            _GZIP_CACHE[path] = len(gzip.compress(data, 6))
        packed += _GZIP_CACHE[path]
    return plain, packed


def _type_key_at(page: Any, navigation_started: float, at_ms: float) -> None:
    """Type a key ``at_ms`` after navigation start (measured on our clock from just before
    ``goto``), without asking the page anything first (that would wait for a busy page)."""
    delay = navigation_started + at_ms / 1000.0 - time.perf_counter()
    if delay > 0:
        time.sleep(delay)
    page.keyboard.press("Shift")


def _short(url: str, base_url: str) -> str:
    return url.removeprefix(base_url)


# -- the runs -----------------------------------------------------------------------------


KINDS: tuple[str, ...] = ("game", "bare", "bench_page", "game_return", "bare_return")


@dataclass
class BrowserRuns:
    chromium_version: str
    game: list[LoadResult]
    bare: list[LoadResult]
    bench_page: list[LoadResult]
    order: list[list[str]]
    game_return: list[LoadResult] = field(default_factory=list)
    bare_return: list[LoadResult] = field(default_factory=list)


def run_browser(
    runs: int,
    *,
    root: Path = ROOT,
    chromium: str = CHROMIUM,
    quick_page: bool = False,
    log: Callable[[str], None] = print,
) -> BrowserRuns:
    """``runs`` rounds; each round loads the game, the bare page and the bench page once
    cold, in an order rotated from round to round, then measures a return visit to the game
    and to the bare page (in alternating order)."""
    from playwright.sync_api import sync_playwright

    if sync_page_config(root):
        log("bench: rewrote bench/page/pyscript.toml to match the game's pyscript.toml")
    kinds = ["game", "bare", "bench_page"]
    loads: dict[str, list[LoadResult]] = {kind: [] for kind in KINDS}
    order: list[list[str]] = []
    bench_path = BENCH_PATH + ("?quick" if quick_page else "")
    with Server(root) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            version = browser.version
            # A warm-up load, not counted: the first load after the browser starts is slower.
            load_page(browser, server.url, BARE_PATH)
            for index in range(runs):
                rotated = kinds[index % 3 :] + kinds[: index % 3]
                order.append(rotated)
                for kind in rotated:
                    if kind == "game":
                        result = load_page(browser, server.url, GAME_PATH, probe_input=True)
                    elif kind == "bare":
                        result = load_page(browser, server.url, BARE_PATH)
                    else:
                        result = load_page(
                            browser,
                            server.url,
                            bench_path,
                            results_selector="#results",
                            timeout_s=600,
                        )
                    loads[kind].append(result)
                    log(f"bench: run {index + 1}/{runs} {kind}: {_brief(result)}")
                returns = ["game_return", "bare_return"][:: 1 if index % 2 == 0 else -1]
                for kind in returns:
                    game = kind == "game_return"
                    path = GAME_PATH if game else BARE_PATH
                    result = return_visit(browser, server.url, path, game=game)
                    loads[kind].append(result)
                    log(f"bench: run {index + 1}/{runs} {kind}: {_brief(result)}")
        finally:
            browser.close()
    return BrowserRuns(
        version,
        loads["game"],
        loads["bare"],
        loads["bench_page"],
        order,
        loads["game_return"],
        loads["bare_return"],
    )


def _brief(result: LoadResult) -> str:
    if not result.ok:
        return "FAILED " + "; ".join(result.errors[:2])
    t = result.timings
    parts = [f"ready {t.get('ready') or 0:.0f} ms"]
    if t.get("map_paint") is not None:
        parts.append(f"map {t['map_paint']:.0f} ms")
    if t.get("form_enabled") is not None:
        parts.append(f"form {t['form_enabled']:.0f} ms")
    if t.get("key_handled") is not None:
        parts.append(f"key at {t['key_sent']:.0f} handled {t['key_handled']:.0f} ms")
    parts.append(f"{result.bytes_on_wire / 1e6:.1f} MB")
    if result.page_results and "error" in result.page_results:
        parts.append("page error: " + str(result.page_results["error"]).splitlines()[-1])
    return ", ".join(parts)
