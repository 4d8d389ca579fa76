"""Tips on the guided game's buttons (issue 29, "Tips on everything"): "Learn by playing"
on the new-game form and the guide's "Leave the guide" show their tips on hover, like
every other control, though the code that draws them does not write them (the shell's
table, put on them by ui/tips.js whenever they are drawn)."""

from __future__ import annotations

from conftest import assert_clean, wait_ready
from playwright.sync_api import Page, expect

from ui.shell.tips import ACTION_TIPS


def test_learn_by_playing_and_leave_the_guide_show_their_tips(page: Page, server_url: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 800})
    page.goto(server_url)
    wait_ready(page)
    tip = page.get_by_test_id("tip")
    learn = page.get_by_test_id("guide-open")
    expect(learn).to_have_attribute("data-tip", ACTION_TIPS["guide-open"])
    assert learn.get_attribute("title") is None  # one tip, not the browser's as well
    learn.hover()
    expect(tip).to_be_visible()
    expect(tip).to_have_text(ACTION_TIPS["guide-open"])
    learn.click()
    expect(page.get_by_test_id("guide-say")).to_contain_text("Step 1 of", timeout=60_000)
    leave = page.get_by_test_id("guide-leave")
    expect(leave).to_have_attribute("data-tip", ACTION_TIPS["guide-leave"])
    leave.hover()
    expect(tip).to_have_text(ACTION_TIPS["guide-leave"])
    leave.focus()
    expect(leave).to_have_attribute("aria-describedby", "tip")
    assert_clean(page)
