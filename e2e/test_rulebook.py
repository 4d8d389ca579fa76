"""The players' rulebooks in the page (issue 29): "How to play" in each ruleset's first
phase shows that phase's part and a link to the whole rulebook; the new-game form opens
the chosen ruleset's whole rulebook before any game, offline too; no path, module name,
option key or rule id in anything shown; laptop and phone width, with screenshots of each
rulebook's first page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import assert_clean, wait_ready
from playwright.sync_api import Page, expect

from tests.rulebook_scan import findings

SHOTS = Path("/work/wt/rulebook-shots")
SIZES = {"1366": (1366, 800), "390": (390, 844)}
TITLES = {
    "classic": "Classic: the rulebook",
    "capital": "Capital Risk: the rulebook",
    "greatwar1907": "The Great War 1907: the rulebook",
    "risk_paper_scissors": "Risk, Paper, Scissors: the rulebook",
}
FIELDS = {
    "capital": "capital-fields",
    "greatwar1907": "gw-fields",
    "risk_paper_scissors": "rps-fields",
}


def shown(page: Page) -> str:
    """The help's words as the player reads them (the drawings' own labels left aside:
    territory names and counts, which the scan would pass anyway)."""
    text: str = page.get_by_test_id("help-body").evaluate(
        "body => { const c = body.cloneNode(true);"
        " c.querySelectorAll('svg').forEach(s => s.remove()); return c.innerText; }"
    )
    return text


def scan(page: Page) -> None:
    text = shown(page) + " " + page.locator("#help-title").inner_text()
    assert findings(text) == [], findings(text)
    assert len(text) > 200


def choose(page: Page, ruleset: str) -> None:
    page.get_by_test_id("opt-rules").select_option(ruleset)
    if ruleset in FIELDS:
        expect(page.get_by_test_id(FIELDS[ruleset])).to_be_visible()


def fits_the_width(page: Page, width: int) -> None:
    """Nothing of the dialog runs off the screen: the card fits, tables scroll inside."""
    box = page.get_by_test_id("help-card").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1
    overflow = page.get_by_test_id("help-body").evaluate("b => b.scrollWidth - b.clientWidth")
    assert overflow <= 1, f"the rulebook is {overflow}px wider than its dialog"


@pytest.mark.parametrize("size", SIZES)
def test_the_new_game_form_opens_each_rulebook(page: Page, server_url: str, size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(server_url)
    wait_ready(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    # offline: opening a rulebook fetches nothing (it is in the page's own files)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.get_by_test_id("form-rulebook").click()
    expect(page.locator("#help-title")).to_have_text(TITLES["classic"])
    page.get_by_test_id("close-help").click()
    assert [url for url in requests if "rulebook" in url or url.endswith(".md")] == []
    for ruleset, title in TITLES.items():
        choose(page, ruleset)
        page.get_by_test_id("form-rulebook").click()
        card = page.get_by_test_id("help-card")
        expect(card).to_be_visible()
        expect(page.locator("#help-title")).to_have_text(title)
        expect(card).to_have_attribute("data-view", "rulebook")
        expect(card).to_have_attribute("data-rulebook", ruleset)
        body = page.get_by_test_id("help-body")
        for section in ("What you are trying to do", "A turn, step by step", "Every order"):
            expect(body).to_contain_text(section)
        expect(body.locator(".rulebook-figure svg").first).to_be_attached()
        scan(page)
        fits_the_width(page, width)
        page.screenshot(path=str(SHOTS / f"rulebook-{ruleset}-{size}.png"))
        body.locator(".rulebook-figure").first.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"rulebook-{ruleset}-{size}-example.png"))
        page.keyboard.press("Escape")
        expect(card).to_be_hidden()
    assert_clean(page)


def start(page: Page, ruleset: str) -> None:
    """A game with one human seat (the computer plays the others), up to its first phase
    the human plays."""
    body = "document.body.dataset"
    choose(page, ruleset)
    if ruleset == "greatwar1907":
        for i in range(1, 8):
            page.get_by_test_id(f"gw{i}-kind").select_option("easy")
        page.get_by_test_id("gw-seed").fill("e2e-rulebook")
    elif ruleset == "capital":
        for i in range(2):
            page.get_by_test_id(f"cf{i}-kind").select_option("human" if i == 0 else "easy")
        page.get_by_test_id("cap-seed").fill("e2e-rulebook")
    elif ruleset == "risk_paper_scissors":
        page.get_by_test_id("rps-seed").fill("e2e-rulebook")
    page.get_by_test_id("start").click()
    if ruleset == "greatwar1907":
        page.wait_for_function(f"['handover', 'entry'].includes({body}.gwStage)")
        if page.evaluate(f"{body}.gwStage") == "handover":
            page.get_by_test_id("gw-handover").click()
    elif ruleset == "capital":
        page.wait_for_function(f"!!{body}.capStage")
        if page.evaluate(f"{body}.capStage") == "handover":
            page.get_by_test_id("cap-handover-continue").click()
    elif ruleset == "risk_paper_scissors":
        page.wait_for_function(f"{body}.humanTurn === 'true'", timeout=60_000)
    else:
        expect(page.get_by_test_id("turn")).to_be_visible()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("ruleset", TITLES)
def test_how_to_play_shows_the_first_phase_and_links_the_whole_rulebook(
    page: Page, server_url: str, ruleset: str, size: str
) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(server_url)
    wait_ready(page)
    start(page, ruleset)
    page.locator('.top-actions [data-action="help"]').click()
    card = page.get_by_test_id("help-card")
    expect(card).to_have_attribute("data-view", "phase")
    phase = card.get_attribute("data-phase") or ""
    assert phase, "the help does not know the phase being played"
    words = re.sub(r"[-_]+", " ", phase)
    expect(page.locator("#help-title")).to_have_text(f"How to play: {words[:1].upper()}{words[1:]}")
    scan(page)
    fits_the_width(page, width)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"phase-{ruleset}-{phase}-{size}.png"))
    # the whole rulebook is one click away, and back again
    page.get_by_test_id("help-full").click()
    expect(page.locator("#help-title")).to_have_text(TITLES[ruleset])
    scan(page)
    page.get_by_test_id("help-guide").click()
    expect(card).to_have_attribute("data-view", "phase")
    page.get_by_test_id("close-help").click()
    expect(card).to_be_hidden()
    assert_clean(page)
