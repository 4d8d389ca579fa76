"""Position texts in the page (issue 26): in every ruleset a game's position is copied,
and a fresh browser starts a new local game from it, marked "Started from a position"
(across a reload too) whose position is the copied one; a bad paste says which line is
wrong, keeps the text and leaves the game shown untouched.  Screenshots of the dialog
and of the marked game at laptop and phone width go to /work/wt/posui-shots/ (or
e2e/artifacts/ elsewhere)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import assert_clean, wait_ready, watched
from playwright.sync_api import Page, expect

SIZES = {"1366": {"width": 1366, "height": 800}, "390": {"width": 390, "height": 844}}
COPIED = re.compile("cop", re.IGNORECASE)
"""The copy note: copied, or how to copy by hand."""
SHOTS = Path("/work/wt/posui-shots")
EVERY_SEAT_HUMAN = {
    "classic": {"seat1-control": "human", "seat2-control": "human"},
    "capital": {"cf1-kind": "human", "cf2-kind": "human"},
    "greatwar1907": {f"gw{i}-kind": "human" for i in range(1, 8)},
    "risk_paper_scissors": {"rps1-control": "human", "rps2-control": "human"},
}
"""Form controls that make every seat human: no computer moves while a position is
compared."""


def shots(artifacts: Path) -> Path:
    folder = SHOTS if SHOTS.parent.is_dir() else artifacts
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def start(page: Page, ruleset: str) -> None:
    page.get_by_test_id("opt-rules").select_option(ruleset)
    for test_id, value in EVERY_SEAT_HUMAN[ruleset].items():
        page.get_by_test_id(test_id).select_option(value)
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("position-copy")).to_be_visible(timeout=60_000)


def past_handover(page: Page) -> None:
    """Every seat is human: the device is handed to the player to act first."""
    card = page.locator(".handover-card:visible")
    if card.count():
        card.locator("button").first.click()
        expect(page.locator(".handover-card:visible")).to_have_count(0)


def copy_position(page: Page) -> str:
    """The text "Copy position" shows (and copies), the dialog closed again."""
    past_handover(page)
    page.get_by_test_id("position-copy").click()
    box = page.get_by_test_id("position-text")
    expect(box).to_be_visible()
    expect(page.get_by_test_id("position-note")).to_contain_text(COPIED)
    text = box.input_value()
    page.get_by_test_id("position-done").click()
    expect(page.get_by_test_id("position-dialog")).to_be_hidden()
    return text


def paste(page: Page, text: str) -> None:
    page.get_by_test_id("position-paste").fill(text)
    page.get_by_test_id("position-start").click()


@pytest.mark.parametrize("ruleset", list(EVERY_SEAT_HUMAN))
def test_a_copied_position_starts_the_same_game_in_a_fresh_browser(
    page: Page, browser: Any, server_url: str, artifacts: Path, ruleset: str
) -> None:
    page.set_viewport_size(SIZES["1366"])
    page.goto(server_url)
    wait_ready(page)
    start(page, ruleset)
    expect(page.get_by_test_id("position-mark")).to_be_hidden()
    text = copy_position(page)
    assert text.startswith(f"ruleset {ruleset}\n")
    assert_clean(page)
    # Two whole Pythons in one browser: free the first before the fresh one loads.
    page.goto("about:blank")

    context = browser.new_context(viewport=SIZES["1366"], service_workers="block")
    try:
        fresh, errors = watched(context)
        fresh.goto(server_url)
        wait_ready(fresh)
        fresh.get_by_test_id("position-open").click()
        expect(fresh.get_by_test_id("position-local-only")).to_contain_text("this device only")
        paste(fresh, text)
        mark = fresh.get_by_test_id("position-mark")
        expect(mark).to_be_visible(timeout=60_000)
        past_handover(fresh)
        expect(mark).to_have_text("Started from a position")
        assert copy_position(fresh) == text
        if ruleset == "classic":
            folder = shots(artifacts)
            for size, viewport in SIZES.items():
                fresh.set_viewport_size(viewport)
                fresh.screenshot(path=str(folder / f"marked-game-{size}.png"))
                fresh.get_by_test_id("position-copy").click()
                expect(fresh.get_by_test_id("position-note")).to_contain_text(
                    re.compile("cop", re.IGNORECASE)
                )
                fresh.screenshot(path=str(folder / f"copy-dialog-{size}.png"))
                fresh.get_by_test_id("position-done").click()
        fresh.reload()
        wait_ready(fresh)
        expect(fresh.get_by_test_id("position-mark")).to_be_visible(timeout=60_000)
        assert copy_position(fresh) == text
        assert errors == []
    finally:
        context.close()


def test_a_bad_paste_names_its_line_and_keeps_the_game(
    page: Page, server_url: str, artifacts: Path
) -> None:
    page.set_viewport_size(SIZES["1366"])
    page.goto(server_url)
    wait_ready(page)
    start(page, "classic")
    before = copy_position(page)
    bad = "ruleset classic\nseat 0 Ada human\nseat 1 Boris human\nalaska 7 3\n"
    page.get_by_test_id("position-open-game").click()
    paste(page, bad)
    # a Classic game is saved here: the first Start asks before replacing it
    expect(page.get_by_test_id("position-error")).to_contain_text("replaces it")
    expect(page.get_by_test_id("position-start")).to_have_text("Replace my Classic game")
    page.get_by_test_id("position-start").click()
    error = page.get_by_test_id("position-error")
    expect(error).to_contain_text("Line 4 does not fit")
    expect(error).to_contain_text("7 is not a seat")
    expect(error).to_contain_text("the game you had is unchanged")
    assert page.get_by_test_id("position-paste").input_value() == bad
    folder = shots(artifacts)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=str(folder / f"bad-paste-{size}.png"))
    page.get_by_test_id("position-cancel").click()
    expect(page.get_by_test_id("position-mark")).to_be_hidden()
    assert copy_position(page) == before
    page.keyboard.press("Escape")
    assert_clean(page)
