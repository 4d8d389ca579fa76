"""Input typed while Python starts is not lost.

The main thread is busy for a few hundred ms while Pyodide starts (WebAssembly
instantiation and CPython's start-up are one task each); keys typed meanwhile wait in the
browser's queue and reach the form once that task ends. Python must not reset the form
when it takes over.
"""

from __future__ import annotations

from conftest import READY_JS, assert_clean
from playwright.sync_api import Page

TIMES_JS = """
window.__typed = {keys: [], ready: null};
document.addEventListener("keydown", (e) => window.__typed.keys.push(e.timeStamp), true);
new MutationObserver(() => {
  if (window.__typed.ready === null && document.body && document.body.dataset.ready === "true")
    window.__typed.ready = performance.now();
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
"""


def test_a_name_typed_during_load_is_kept(page: Page, server_url: str) -> None:
    """Typed into the first seat's name before Python is ready; still there after."""
    page.add_init_script(TIMES_JS)
    page.goto(server_url, wait_until="commit")
    name = page.get_by_test_id("seat0-name")
    name.wait_for(state="visible")
    name.focus()
    page.keyboard.press("End")
    page.keyboard.type("Zed")
    page.wait_for_function(READY_JS, timeout=60_000, polling=50)
    times = page.evaluate("window.__typed")
    assert times["keys"], "no key reached the page"
    assert min(times["keys"]) < times["ready"], "typed too late to test anything"
    assert name.input_value().endswith("Zed")
    assert_clean(page)
