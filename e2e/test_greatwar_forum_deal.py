"""Issue 27's forum phase between two browsers: Ann (Germany) and Bob (Spain), at peace
with a border between them, play a Great War game by forum, the other nations idle.
In the first Deployment phase Ann grants Spain passage and offers a trade bundle (Lille
and 1 pp for Le Havre and Lyon); Bob writes the mirror offer.  Each posts twice
(sealed orders, then the reveal) and pastes twice (each paste a whole forum page, see
:mod:`test_two_posts`); both pages reach the same position with the trade carried out
and the passage on the map.  Screenshots of the trade and of the passage at 1366x800
and 390x844 go to /work/wt/gw27-shots (or e2e/artifacts elsewhere)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect
from test_greatwar_three_turns import shoot, shoot_board, shots
from test_two_posts import SHOTS, contexts, saved_state, seat_everyone, two_posts

BODY = "document.body.dataset"
GERMANY, SPAIN = 1, 6
"""Seats in nation order: at peace, with a border (a province may change hands)."""


def seal_anyway(page: Page) -> None:
    """Seal; with allowance left unspent the page asks first: seal anyway."""
    page.get_by_test_id("gw-seal").click()
    page.wait_for_function(
        f"{BODY}.gwStage !== 'entry' || !!document.querySelector('[data-testid=warning-go]')"
    )
    if page.evaluate(f"{BODY}.gwStage") == "entry":
        page.get_by_test_id("warning-go").click()


def offer(page: Page, partner: str, give: list[str], get: list[str], give_pp: str) -> None:
    page.get_by_test_id("gw-mode-trade").click()
    page.get_by_test_id("gw-trade-with").select_option(partner)
    for province in give:
        page.get_by_test_id("gw-trade-give").select_option(province)
    for province in get:
        page.get_by_test_id("gw-trade-get").select_option(province)
    if give_pp:
        page.get_by_test_id("gw-trade-give-pp").fill(give_pp)
    else:
        page.get_by_test_id("gw-trade-get-pp").fill("1")
    expect(page.get_by_test_id("gw-trade-check")).to_contain_text("Route open")
    expect(page.get_by_test_id("gw-trade-answer")).to_contain_text("must write the mirror offer")


def test_a_forum_phase_carries_a_passage_grant_and_a_trade_bundle(
    browser: Browser, server_url: str, artifacts: Path
) -> None:
    folder = shots(artifacts)
    SHOTS.mkdir(parents=True, exist_ok=True)  # the two-post steps' own screenshots
    made = contexts(browser, server_url, 2)
    ann, bob = pages = [page for _, page, _ in made]
    try:
        ann.get_by_test_id("opt-rules").select_option("greatwar1907")
        expect(ann.get_by_test_id("gw-fields")).to_be_visible()
        for i in range(8):
            kind = "human" if i in (GERMANY, SPAIN) else "idle"
            ann.get_by_test_id(f"gw{i}-kind").select_option(kind)
        ann.get_by_test_id("gw-seed").fill("forum-deal")
        ann.get_by_test_id("gw-where").select_option("forum")
        ann.get_by_test_id("gw-seat").select_option(str(GERMANY))
        ann.get_by_test_id("start").click()
        expect(ann.get_by_test_id("gw-status")).to_be_visible()
        seat_everyone(pages, "gw", "gw", [SPAIN])
        # Ann (Germany): passage for Spain, and the bundle
        ann.get_by_test_id("gw-mode-diplomacy").click()
        ann.get_by_test_id("gw-passage-spain-grant").click()
        review = ann.get_by_test_id("gw-review")
        expect(review).to_contain_text("Grant passage to Spain")
        offer(ann, "spain", ["lil"], ["hav", "lyo"], "1")
        shoot(ann, folder, "forum-trade", "gw-trade-give-side")
        ann.get_by_test_id("gw-trade-add").click()
        expect(review).to_contain_text("you give Lille + 1 pp, you get")
        # Bob (Spain): the mirror offer
        offer(bob, "germany", ["hav", "lyo"], ["lil"], "")
        bob.get_by_test_id("gw-trade-add").click()
        expect(bob.get_by_test_id("gw-review")).to_contain_text("you get Lille + 1 pp")
        for page in pages:
            seal_anyway(page)
        two_posts(pages, "gw", "gw", "gw27-deal")
        assert len({saved_state(page, "greatwar1907") for page in pages}) == 1
        for page in pages:
            if page.evaluate(f"{BODY}.gwStage") == "replay":
                page.get_by_test_id("gw-replay-skip").click()
            page.get_by_test_id("summary-full-open").click()
            report = page.get_by_test_id("gw-report")
            expect(report).to_contain_text("German Empire grants passage to Spain")
            expect(report).to_contain_text("German Empire gives Lille + 1 pp to Spain and gets")
            expect(report).not_to_contain_text("trade/")  # no offense: matched and done
            assert page.evaluate(f"{BODY}.gwPhase") == "attack"
        expect(bob.get_by_test_id("summary-you")).to_contain_text("You took Lille")
        expect(ann.get_by_test_id("summary-you")).to_contain_text("You took")
        # the passage on each map: Ann's grant outlined for her, the way open for Bob
        for page, outline, mark in (
            (ann, "passage-given-outline", "mad"),
            (bob, "passage-outline", "ber"),
        ):
            page.get_by_test_id("gw-overlay-passage").click()
            expect(page.locator(f'#board .{outline}[data-mark="{mark}"]')).to_have_count(1)
            shoot_board(page, folder, f"forum-{outline}")
        for _, _, monitor in made:
            monitor.assert_clean()
    finally:
        for context, _, _ in made:
            context.close()
