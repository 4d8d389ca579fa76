"""The page boots offline: PyScript + local Pyodide + vendored wheels + app.zip."""

from __future__ import annotations

from pathlib import Path

from conftest import assert_clean, wait_ready
from playwright.sync_api import Page, expect


def test_boot(page: Page, server_url: str, artifacts: Path) -> None:
    page.goto(server_url)
    ready_ms = wait_ready(page)
    print(f"ready after {ready_ms:.0f} ms")
    page.screenshot(path=str(artifacts / "boot.png"), full_page=True)
    assert_clean(page)


def test_the_first_screen_fetches_only_the_core(page: Page, server_url: str) -> None:
    """Issue 19: the page is ready with the core archive only; the wheels and another
    ruleset's archive come when a game of it starts (the shell awaits them)."""
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url.removeprefix(server_url)))
    page.goto(server_url)
    wait_ready(page)
    assert "vendor/app.zip" in asked and "vendor/bytecode/app-pyc.zip" in asked
    later = [u for u in asked if u.startswith("vendor/rulesets/") or "wheels-pyc" in u]
    assert later == []
    page.get_by_test_id("opt-rules").select_option("capital")
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("cap-status")).to_be_visible()
    assert "vendor/bytecode/wheels-pyc.zip" in asked
    assert "vendor/rulesets/capital.zip" in asked
    assert "vendor/bytecode/ruleset-capital-pyc.zip" in asked
    assert not any("greatwar1907" in u or "risk_paper_scissors" in u for u in asked)
    assert_clean(page)
