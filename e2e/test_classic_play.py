"""Playing Classic in the browser: the wiring from clicks to the engine and back.

The rules themselves are tested in tests/; these tests drive the page like a player:
a game with two humans and one computer (place, attack, conquer, move in, free move,
end turn, hand-over, reload), an all-computer game to the end, and the phone layout.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import assert_clean, click_territory, legal, wait_ready
from playwright.sync_api import Page, expect

BODY = "document.body.dataset"
GAME_TIMEOUT = 20_000


def start_game(page: Page, seats: list[tuple[str, str]], seed: str, **checks: bool) -> None:
    """Fill the new-game form (seats: name, control) and start."""
    for i in range(6):
        box = page.get_by_test_id(f"seat{i}-on")
        if i >= 2:
            box.set_checked(i < len(seats))
        if i < len(seats):
            page.get_by_test_id(f"seat{i}-name").fill(seats[i][0])
            page.get_by_test_id(f"seat{i}-control").select_option(seats[i][1])
    page.get_by_test_id("opt-game_type").select_option("custom")
    page.locator("details.options summary").click()
    page.get_by_test_id("opt-seed").fill(seed)
    for name, value in checks.items():
        page.get_by_test_id(f"opt-{name}").set_checked(value)
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("turn")).to_be_visible()


def data(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(f"({{...{BODY}}})")
    return result


def wait_human(page: Page, timeout: float = GAME_TIMEOUT) -> None:
    """Skip computer turns and accept hand-overs until a human may act."""
    page.wait_for_function(
        f"{BODY}.humanTurn === 'true' || !document.getElementById('handover').hidden"
        f" || {BODY}.phase === 'game-over'",
        timeout=timeout,
    )
    if page.get_by_test_id("handover").is_visible():
        page.get_by_test_id("handover-continue").click()
    page.wait_for_function(f"{BODY}.humanTurn === 'true'", timeout=timeout)


def board_snapshot(page: Page) -> list[tuple[str, str, str]]:
    rows: list[list[str]] = page.evaluate(
        "[...document.querySelectorAll('#board path[data-territory]')]"
        ".map(p => [p.dataset.territory, p.dataset.owner, p.dataset.armies])"
    )
    return [(a, b, c) for a, b, c in rows]


def test_two_humans_and_a_computer(page: Page, server_url: str, artifacts: Path) -> None:
    page.goto(server_url)
    wait_ready(page)
    start_game(page, [("Ann", "human"), ("Bob", "human"), ("Cy", "easy")], "e2e-7")
    page.get_by_test_id("skip").click() if page.get_by_test_id("skip").is_visible() else None
    wait_human(page)
    me = data(page)["current"]
    assert data(page)["phase"] == "reinforce"

    # An illegal click explains itself.
    enemy = next(t for t, owner, _ in board_snapshot(page) if owner != me)
    click_territory(page, enemy)
    expect(page.get_by_test_id("message")).to_contain_text("not yours")

    # Place one army, undo it, then place all the rest with the count chooser.
    target = legal(page)[0]
    before = dict((t, a) for t, _, a in board_snapshot(page))[target]
    click_territory(page, target)
    page.wait_for_function(
        f"document.querySelector('#board path[data-territory=\"{target}\"]').dataset.armies"
        f" === '{int(before) + 1}'"
    )
    page.get_by_test_id("undo").click()
    page.wait_for_function(
        f"document.querySelector('#board path[data-territory=\"{target}\"]').dataset.armies"
        f" === '{before}'"
    )
    page.locator('[data-action="set-count"]').last.click()
    click_territory(page, legal(page)[0])
    page.wait_for_function(f"{BODY}.phase === 'attack'")

    # Attack until something is conquered (do-or-die from the strongest origin).
    page.get_by_test_id("mode-do-or-die").click()
    name = page.locator("#turn .seat").inner_text().strip()
    conquered = False
    for _ in range(12):
        if data(page)["phase"] != "attack":
            break
        armies = {t: int(a) for t, _, a in board_snapshot(page)}
        origins = legal(page)
        if not origins:
            break
        origin = max(origins, key=lambda t: armies[t])
        click_territory(page, origin)
        expect(page.get_by_test_id("odds")).to_be_visible()
        rolls_before = page.locator("#tab-body li").count()
        page.locator('[data-action="attack-target"]').first.click()
        page.wait_for_function(f"document.querySelectorAll('#tab-body li').length > {rolls_before}")
        if data(page)["phase"] == "move-in":
            count = page.get_by_test_id("move-in-count")
            count.fill(count.get_attribute("min") or "1")  # the least the rules allow
            page.get_by_test_id("move-in-confirm").click()
            page.wait_for_function(f"{BODY}.phase !== 'move-in'")
        if f"{name} conquers" in page.get_by_test_id("log").inner_text():
            conquered = True
            break
    assert conquered, "no conquest in 12 attacks"
    expect(page.get_by_test_id("dice")).to_contain_text("defends")
    page.screenshot(path=str(artifacts / "classic-midgame.png"))

    # End attacks, then one free move (which ends the turn without supply lines).
    page.get_by_test_id("end-attack").click()
    page.wait_for_function(f"{BODY}.phase === 'fortify'")
    origins = legal(page)
    if origins:
        click_territory(page, origins[0])
        click_territory(page, legal(page)[0])
        expect(page.get_by_test_id("free-move-form")).to_be_visible()
        page.get_by_test_id("free-move-confirm").click()
    else:
        page.get_by_test_id("end-turn").click()
    page.wait_for_function(f"{BODY}.current !== '{me}' || {BODY}.phase === 'game-over'")

    # The next human gets a hand-over screen; nobody's cards show behind it.
    if page.get_by_test_id("skip").is_visible():
        page.get_by_test_id("skip").click()
    page.wait_for_function("!document.getElementById('handover').hidden", timeout=GAME_TIMEOUT)
    assert page.locator('#private [data-testid^="card-"]').count() == 0
    assert page.get_by_test_id("private").inner_text().strip() == ""
    page.get_by_test_id("handover-continue").click()
    page.wait_for_function(f"{BODY}.humanTurn === 'true'")
    assert data(page)["current"] != me

    # Reload restores exactly.
    board = board_snapshot(page)
    saved = page.evaluate("localStorage.getItem('risk-family.classic.v1')")
    log = page.get_by_test_id("log").inner_text()
    page.reload()
    wait_ready(page)
    assert board_snapshot(page) == board
    assert page.get_by_test_id("log").inner_text() == log
    assert json.loads(page.evaluate("localStorage.getItem('risk-family.classic.v1')")) == (
        json.loads(saved)
    )
    assert_clean(page)


def test_computers_play_to_a_winner(page: Page, server_url: str, artifacts: Path) -> None:
    page.goto(server_url)
    wait_ready(page)
    start_game(page, [("Hal", "easy"), ("Deep", "easy"), ("Blue", "easy")], "auto-1")
    page.get_by_test_id("skip").click()
    expect(page.get_by_test_id("winner")).to_be_visible(timeout=120_000)
    expect(page.get_by_test_id("winner")).to_contain_text("wins")
    page.screenshot(path=str(artifacts / "classic-winner.png"))
    assert_clean(page)


def test_phone_layout_and_form_before_ready(page: Page, server_url: str, artifacts: Path) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server_url)
    # The map and the form are there before Python is ready.
    expect(page.locator("#board svg path[data-territory]")).to_have_count(42)
    page.get_by_test_id("seat0-name").fill("Early")
    page.get_by_test_id("start").click()
    wait_ready(page)
    expect(page.get_by_test_id("turn")).to_be_visible()
    # One human by default (against two computers): no hand-over, maybe a wait for them.
    page.wait_for_function(f"{BODY}.humanTurn === 'true'", timeout=GAME_TIMEOUT * 3)
    # Keyboard: a highlighted territory is focusable and Enter places an army on it.
    first = page.locator("#board path.legal").first
    territory = first.get_attribute("data-territory")
    armies = int(first.get_attribute("data-armies") or 0)
    first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"document.querySelector('#board path[data-territory=\"{territory}\"]')"
        f".dataset.armies === '{armies + 1}'"
    )
    # The page itself does not scroll sideways (the map scrolls inside its frame).
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.evaluate("document.querySelector('#board').getBoundingClientRect().width") <= 390
    page.screenshot(path=str(artifacts / "classic-phone.png"), full_page=True)
    assert_clean(page)
