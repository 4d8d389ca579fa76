"""The page boots offline: PyScript + local Pyodide + vendored wheels + app.zip."""

from __future__ import annotations

from pathlib import Path

from conftest import assert_clean, wait_ready
from playwright.sync_api import Page


def test_boot(page: Page, server_url: str, artifacts: Path) -> None:
    page.goto(server_url)
    ready_ms = wait_ready(page)
    print(f"ready after {ready_ms:.0f} ms")
    page.screenshot(path=str(artifacts / "boot.png"), full_page=True)
    assert_clean(page)
