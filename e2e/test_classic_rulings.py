"""The Classic rulings of issue 11 as a player meets them in the page: the new-game form
offers Special setup only with random territory selection, the army limit's tick box
gives 12, and the attack-advantage prompt shows the roll before asking."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import assert_clean, click_territory, legal, wait_ready
from playwright.sync_api import Page, expect

BODY = "document.body.dataset"
GAME_TIMEOUT = 20_000
SIZES = {"desktop": (1366, 800), "phone": (390, 844)}


def saved_state(page: Page) -> dict[str, Any]:
    saved = page.evaluate("localStorage.getItem('risk-family.classic.v1')")
    state: dict[str, Any] = json.loads(saved)["state"]
    return state


def seats(page: Page, players: list[tuple[str, str]]) -> None:
    for i in range(6):
        if i >= 2:
            page.get_by_test_id(f"seat{i}-on").set_checked(i < len(players))
        if i < len(players):
            page.get_by_test_id(f"seat{i}-name").fill(players[i][0])
            page.get_by_test_id(f"seat{i}-control").select_option(players[i][1])


def custom_game_form(page: Page, server_url: str) -> None:
    """A fresh page at 1366x800: Ann and Bob (human) and Cy (computer), a custom game,
    all options open."""
    page.set_viewport_size({"width": 1366, "height": 800})
    page.goto(server_url)
    wait_ready(page)
    seats(page, [("Ann", "human"), ("Bob", "human"), ("Cy", "easy")])
    page.get_by_test_id("opt-game_type").select_option("custom")
    page.locator("details.options summary").click()


def test_form_offers_special_setup_only_with_random_selection(
    page: Page, server_url: str, artifacts: Path
) -> None:
    """RULINGS §1: special setup is refused with manual selection; the form does not
    offer it (US game types claim territories by hand)."""
    for label, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.goto(server_url)
        wait_ready(page)
        seats(page, [("Ann", "human"), ("Bob", "human"), ("Cy", "easy")])
        page.locator("details.options summary").click()
        box = page.get_by_test_id("opt-special_setup")
        page.get_by_test_id("opt-game_type").select_option("custom")
        expect(box).to_be_enabled()
        expect(box).to_be_checked()
        page.get_by_test_id("opt-game_type").select_option("us_full")
        expect(box).to_be_disabled()
        expect(box).not_to_be_checked()
        expect(page.get_by_test_id("special-setup-note")).to_be_visible()
        page.get_by_test_id("special-setup-note").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"classic-form-special-setup-{label}.png"))
        page.get_by_test_id("opt-selection").select_option("random")
        expect(box).to_be_enabled()
        expect(page.get_by_test_id("special-setup-note")).to_be_hidden()
        page.get_by_test_id("opt-selection").select_option("manual")
        expect(box).to_be_disabled()
    # A US game started from the form now begins with the claim round, as it should.
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("turn")).to_be_visible()
    assert saved_state(page)["options"]["special_setup"] is False
    assert_clean(page)


def test_army_limit_on_gives_twelve(page: Page, server_url: str, artifacts: Path) -> None:
    """RULINGS §1: switching the army limit on without a number gives 12."""
    custom_game_form(page, server_url)
    page.get_by_test_id("opt-army_limit_on").check()
    page.get_by_test_id("opt-army_limit").fill("")
    for label, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.get_by_test_id("opt-army_limit").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"classic-form-army-limit-{label}.png"))
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("turn")).to_be_visible()
    assert saved_state(page)["options"]["army_limit"] == 12
    assert_clean(page)


def wait_human(page: Page) -> None:
    page.wait_for_function(
        f"{BODY}.humanTurn === 'true' || !document.getElementById('handover').hidden",
        timeout=GAME_TIMEOUT,
    )
    if page.get_by_test_id("handover").is_visible():
        page.get_by_test_id("handover-continue").click()
    page.wait_for_function(f"{BODY}.humanTurn === 'true'", timeout=GAME_TIMEOUT)


def test_advantage_prompt_shows_the_roll_first(
    page: Page, server_url: str, artifacts: Path
) -> None:
    """RULINGS §1: after every roll a human attacker "is shown that roll and offered to
    re-roll their single lowest die" — the dice area holds the roll while the page asks."""
    custom_game_form(page, server_url)
    page.get_by_test_id("opt-seed").fill("advantage-1")
    page.get_by_test_id("opt-attack_advantage").check()
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("turn")).to_be_visible()
    if page.get_by_test_id("skip").is_visible():
        page.get_by_test_id("skip").click()
    wait_human(page)
    page.locator('[data-action="set-count"]').last.click()
    click_territory(page, legal(page)[0])
    page.wait_for_function(f"{BODY}.phase === 'attack'")
    offered = False
    for _ in range(30):
        phase = page.evaluate(f"{BODY}.phase")
        if phase == "advantage":
            offered = True
            break
        if phase == "move-in":
            page.get_by_test_id("move-in-confirm").click()
            page.wait_for_function(f"{BODY}.phase !== 'move-in'")
            continue
        origins = legal(page)
        if phase != "attack" or not origins:
            break
        armies = {
            t: int(a)
            for t, a in page.evaluate(
                "[...document.querySelectorAll('#board path[data-territory]')]"
                ".map(p => [p.dataset.territory, p.dataset.armies])"
            )
        }
        click_territory(page, max(origins, key=lambda t: armies[t]))
        before = page.locator("#tab-body li").count()
        page.locator('[data-action="attack-target"]').first.click()
        page.wait_for_function(
            f"document.querySelectorAll('#tab-body li').length > {before}"
            f" || {BODY}.phase === 'advantage'"
        )
    assert offered, "no roll in 30 attacks offered the attack advantage"
    roll = page.get_by_test_id("offered-roll")
    expect(roll).to_be_visible()
    assert roll.locator(".die.red").count() >= 1 and roll.locator(".die.white").count() >= 1
    expect(page.get_by_test_id("prompt")).to_contain_text("you rolled")
    expect(page.get_by_test_id("reroll-yes")).to_be_visible()
    page.screenshot(path=str(artifacts / "classic-advantage-desktop.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    expect(roll).to_be_visible()
    page.screenshot(path=str(artifacts / "classic-advantage-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1366, "height": 800})
    page.get_by_test_id("reroll-yes").click()
    page.wait_for_function(f"{BODY}.phase !== 'advantage'")
    expect(page.get_by_test_id("log")).to_contain_text("re-rolls a")
    assert_clean(page)
