"""Learn by playing (issue 29, "A guided first game"): each ruleset's guide is played to
its end on the real page (what to tap is marked, a tap the step does not ask for is
turned down, each step explains what happened), its end offers a real game; a guide is
left and resumed after a reload.  Screenshots of one step per ruleset at laptop and phone
width go to /work/wt/guide-shots/ (or e2e/artifacts/ elsewhere)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import assert_clean, click_territory, legal, wait_ready
from playwright.sync_api import Page, expect

SIZES = {"1366": {"width": 1366, "height": 800}, "390": {"width": 390, "height": 844}}
SHOTS = Path("/work/wt/guide-shots")
BODY = "document.body.dataset"
WAIT = 60_000


def shots(artifacts: Path) -> Path:
    folder = SHOTS if SHOTS.parent.is_dir() else artifacts
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def open_guide(page: Page, ruleset: str, size: str) -> None:
    page.set_viewport_size(SIZES[size])
    wait_ready(page)
    page.get_by_test_id("game-speed").select_option("instant")
    page.get_by_test_id("opt-rules").select_option(ruleset)
    page.get_by_test_id("guide-open").click()
    expect(page.get_by_test_id("guide-say")).to_contain_text("Step 1 of", timeout=WAIT)


def on_step(page: Page, number: int) -> None:
    expect(page.get_by_test_id("guide-say")).to_have_attribute(
        "data-step", str(number), timeout=WAIT
    )


def shot(page: Page, artifacts: Path, name: str) -> None:
    """A screenshot from the top of the page (the step's card and the map)."""
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(200)
    page.screenshot(path=str(shots(artifacts) / f"{name}.png"))


def not_covered(page: Page, territory: str) -> None:
    """The step's card covers neither the territory to tap nor the phone's action bar."""
    card = page.get_by_test_id("guide").bounding_box()
    land = page.locator(f'#board path[data-territory="{territory}"]').bounding_box()
    assert card is not None and land is not None
    centre_y = land["y"] + land["height"] / 2
    assert not card["y"] <= centre_y <= card["y"] + card["height"], (card, land)
    bar = page.get_by_test_id("action-bar")
    if bar.is_visible():
        box = bar.bounding_box()
        assert box is not None and card["y"] + card["height"] <= box["y"]


def classic_to_the_end(page: Page, artifacts: Path, size: str) -> None:
    on_step(page, 1)
    expect(page.locator('[data-testid="trade"].guide-target')).to_have_count(1)
    for card in ("card-0", "card-1", "card-2"):
        page.get_by_test_id(card).click()
    page.get_by_test_id("trade").click()
    on_step(page, 2)
    expect(page.get_by_test_id("guide-told")).to_contain_text("gave you 4 armies")
    expect(page.locator('#board path[data-territory="alaska"].guide-target')).to_have_count(1)
    # a territory the step does not ask for is turned down, the game untouched
    click_territory(page, "alberta")
    expect(page.get_by_test_id("guide-note")).to_contain_text("Not Alberta")
    page.locator('[data-action="set-count"]').last.click()
    for _ in range(20):
        if page.evaluate(f"{BODY}.phase") != "reinforce":
            break
        click_territory(page, "alaska")
        page.wait_for_timeout(150)
    on_step(page, 3)
    expect(page.get_by_test_id("guide-told")).to_contain_text("for your 9 territories")
    not_covered(page, "kamchatka")
    shot(page, artifacts, f"classic-attack-{size}")
    click_territory(page, "alaska")
    page.get_by_test_id("target-kamchatka").click()
    on_step(page, 4)
    told = page.get_by_test_id("guide-told")
    expect(told).to_contain_text("You rolled")
    expect(told).to_contain_text("of the time")
    page.get_by_test_id("move-in-confirm").click()
    on_step(page, 5)
    page.get_by_test_id("end-attack").click()
    on_step(page, 6)
    click_territory(page, "kamchatka")
    click_territory(page, "alaska")
    page.get_by_test_id("free-move-confirm").click()
    expect(page.get_by_test_id("guide-end")).to_be_visible(timeout=WAIT)
    expect(page.get_by_test_id("guide-told")).to_contain_text("The Computer played its turn")
    page.get_by_test_id("guide-real").click()
    expect(page.get_by_test_id("guide")).to_be_hidden(timeout=WAIT)
    expect(page.get_by_test_id("turn")).to_be_visible(timeout=WAIT)


@pytest.mark.parametrize("size", list(SIZES))
def test_classic_guide_played_to_its_end(
    page: Page, server_url: str, artifacts: Path, size: str
) -> None:
    page.goto(server_url)
    open_guide(page, "classic", size)
    classic_to_the_end(page, artifacts, size)
    assert page.evaluate("localStorage.getItem('risk-family.guide')") is None
    assert_clean(page)


def test_a_guide_is_left_and_resumed(page: Page, server_url: str) -> None:
    page.goto(server_url)
    open_guide(page, "classic", "1366")
    for card in ("card-0", "card-1", "card-2"):
        page.get_by_test_id(card).click()
    page.get_by_test_id("trade").click()
    on_step(page, 2)
    page.reload()
    wait_ready(page)
    on_step(page, 2)
    expect(page.get_by_test_id("guide-title")).to_contain_text("Classic")
    page.get_by_test_id("guide-leave").click()
    expect(page.get_by_test_id("guide")).to_be_hidden()
    expect(page.locator("#setup")).to_be_visible()
    page.reload()
    wait_ready(page)
    expect(page.get_by_test_id("guide")).to_be_hidden()
    assert_clean(page)


def capital_to_the_end(page: Page, artifacts: Path, size: str) -> None:
    on_step(page, 1)
    page.wait_for_function(f"{BODY}.capStage === 'entry'", timeout=WAIT)
    page.get_by_test_id("cap-mode-place").click()
    page.get_by_test_id("cap-count").fill("3")
    click_territory(page, "alaska")
    expect(page.get_by_test_id("cap-orders")).to_contain_text("Place 3")
    page.get_by_test_id("cap-count").fill("99")  # cut to each territory's limit
    for territory in legal(page):
        if "not placed" not in page.get_by_test_id("cap-offenses").inner_text():
            break
        click_territory(page, territory)
        page.wait_for_timeout(100)
    expect(page.get_by_test_id("cap-offenses")).not_to_contain_text("not placed")
    page.get_by_test_id("cap-mode-attack").click()
    page.get_by_test_id("cap-count").fill("7")
    click_territory(page, "alaska")
    click_territory(page, "kamchatka")
    expect(page.get_by_test_id("cap-orders")).to_contain_text("7")
    not_covered(page, "kamchatka")
    shot(page, artifacts, f"capital-orders-{size}")
    page.get_by_test_id("cap-seal").click()
    on_step(page, 2)
    told = page.get_by_test_id("guide-told")
    expect(told).to_contain_text("Ada attacked Kamchatka from Alaska with 7")
    expect(told).to_contain_text("twelve-sided die")
    page.wait_for_function(
        f"{BODY}.capStage === 'replay' || {BODY}.capStage === 'report'", timeout=WAIT
    )
    if page.get_by_test_id("cap-replay-skip").is_visible():
        page.get_by_test_id("cap-replay-skip").click()
    page.get_by_test_id("cap-next-turn").click()
    expect(page.get_by_test_id("guide-end")).to_be_visible(timeout=WAIT)
    expect(page.get_by_test_id("guide-told")).to_contain_text("receive")
    page.get_by_test_id("guide-real").click()
    expect(page.get_by_test_id("guide")).to_be_hidden(timeout=WAIT)
    expect(page.get_by_test_id("cap-status")).to_be_visible(timeout=WAIT)


def rps_to_the_end(page: Page, artifacts: Path, size: str) -> None:
    on_step(page, 1)
    page.wait_for_function(f"{BODY}.humanTurn === 'true'", timeout=WAIT)
    click_territory(page, "ukraine")
    page.get_by_test_id("buy-j-plus").click()
    page.get_by_test_id("buy-units").click()
    on_step(page, 2)
    expect(page.get_by_test_id("guide-told")).to_contain_text("That Jaguar cost 3 energy")
    page.get_by_test_id("buy-card-land.assemble").click()
    on_step(page, 3)
    page.get_by_test_id("end-purchase").click()
    on_step(page, 4)
    click_territory(page, "ukraine")
    click_territory(page, "northern_europe")
    expect(page.locator('[data-testid="battle-preview"] .rps-battle')).to_be_visible()
    not_covered(page, "northern_europe")
    shot(page, artifacts, f"risk_paper_scissors-attack-{size}")
    page.get_by_test_id("commit").click()
    on_step(page, 5)
    told = page.get_by_test_id("guide-told")
    expect(told).to_contain_text("round 1: yours killed 1 Wolf")
    expect(told).to_contain_text("Northern Europe is yours")
    page.get_by_test_id("end-turn").click()
    overlay = page.locator('[data-testid="warning-overlay"]:not([hidden])')
    if overlay.count():
        overlay.get_by_test_id("warning-go").click()
    expect(page.get_by_test_id("guide-end")).to_be_visible(timeout=WAIT)
    page.get_by_test_id("guide-real").click()
    expect(page.get_by_test_id("guide")).to_be_hidden(timeout=WAIT)
    expect(page.get_by_test_id("rps")).to_be_visible(timeout=WAIT)


def gw_seal(page: Page) -> None:
    """Seal; when the page asks first (allowance left unspent), go on."""
    page.get_by_test_id("gw-seal").click()
    page.wait_for_function(
        f"{BODY}.gwStage !== 'entry' || !!document.querySelector('[data-testid=warning-go]')",
        timeout=WAIT,
    )
    if page.evaluate(f"{BODY}.gwStage") == "entry":
        page.get_by_test_id("warning-go").click()


def gw_tap(page: Page, place: str) -> None:
    page.locator(f'#board [data-territory="{place}"]').first.dispatch_event("click")


def greatwar_to_the_end(page: Page, artifacts: Path, size: str) -> None:
    on_step(page, 1)
    page.wait_for_function(f"{BODY}.gwStage === 'entry'", timeout=WAIT)
    page.get_by_test_id("gw-count").fill("2")
    gw_tap(page, "war")
    expect(page.get_by_test_id("gw-review")).to_contain_text("Build 2 div in Warsaw")
    shot(page, artifacts, f"greatwar1907-build-{size}")
    gw_seal(page)
    on_step(page, 2)
    expect(page.get_by_test_id("guide-told")).to_contain_text("supply network")
    page.wait_for_function(
        f"{BODY}.gwStage === 'replay' || {BODY}.gwStage === 'report'", timeout=WAIT
    )
    if page.evaluate(f"{BODY}.gwStage") == "replay":
        page.get_by_test_id("gw-replay-skip").click()
    page.get_by_test_id("gw-next-phase").click()
    page.wait_for_function(f"{BODY}.gwStage === 'entry'", timeout=WAIT)
    page.get_by_test_id("gw-mode-attack").click()
    page.get_by_test_id("gw-count").fill("")
    gw_tap(page, "war")
    gw_tap(page, "kbg")
    expect(page.get_by_test_id("gw-odds-kbg")).to_contain_text("%")
    gw_seal(page)
    expect(page.get_by_test_id("guide-end")).to_be_visible(timeout=WAIT)
    expect(page.get_by_test_id("guide-told")).to_contain_text("chance")
    page.get_by_test_id("guide-real").click()
    expect(page.get_by_test_id("guide")).to_be_hidden(timeout=WAIT)
    expect(page.get_by_test_id("gw-status")).to_be_visible(timeout=WAIT)


PLAYS = {
    "capital": capital_to_the_end,
    "risk_paper_scissors": rps_to_the_end,
    "greatwar1907": greatwar_to_the_end,
}


@pytest.mark.parametrize("ruleset", list(PLAYS))
def test_each_rulesets_guide_played_to_its_end(
    page: Page, server_url: str, artifacts: Path, ruleset: str
) -> None:
    """Each guide to its end at laptop size, then one step's card at phone size."""
    page.goto(server_url)
    open_guide(page, ruleset, "390")
    shot(page, artifacts, f"{ruleset}-step1-390")
    page.set_viewport_size(SIZES["1366"])
    shot(page, artifacts, f"{ruleset}-step1-1366")
    PLAYS[ruleset](page, artifacts, "1366")
    assert_clean(page)
