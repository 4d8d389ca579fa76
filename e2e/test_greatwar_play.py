"""The Great War 1907 in the browser (issue 17): two full turns of pass-and-play against
computer nations (a build, an embark, a sail, a diplomacy change with its cost, a trade,
an amphibious strike), a reload mid-phase that keeps the orders written, the replay and
the report, screenshots of the whole map at laptop and phone width, and one phase by
sealed codes between two browser contexts."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from conftest import PageMonitor, assert_clean, guard, wait_ready
from playwright.sync_api import Browser, Page, expect

BODY = "document.body.dataset"


def tap(page: Page, place: str) -> None:
    page.locator(f'#board [data-territory="{place}"]').first.dispatch_event("click")


def wait_stage(page: Page, *stages: str, timeout: float = 30_000) -> None:
    cond = " || ".join(f"{BODY}.gwStage === '{s}'" for s in stages)
    page.wait_for_function(cond, timeout=timeout)


def stage(page: Page) -> str:
    value: str = page.evaluate(f"{BODY}.gwStage || ''")
    return value


def start_game(page: Page, seed: str, kinds: dict[int, str], **extra: str) -> None:
    page.get_by_test_id("opt-rules").select_option("greatwar1907")
    expect(page.get_by_test_id("gw-fields")).to_be_visible()
    for i, kind in kinds.items():
        page.get_by_test_id(f"gw{i}-kind").select_option(kind)
    page.get_by_test_id("gw-seed").fill(seed)
    if "where" in extra:
        page.get_by_test_id("gw-where").select_option(extra["where"])
        page.get_by_test_id("gw-seat").select_option(extra.get("seat", "0"))
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("gw-status")).to_be_visible()


def finish_phase(page: Page) -> None:
    wait_stage(page, "replay", "report")
    if stage(page) == "replay":
        page.get_by_test_id("gw-replay-skip").click()
    wait_stage(page, "report")
    expect(page.get_by_test_id("gw-report")).to_contain_text("The Great War 1907")
    page.get_by_test_id("gw-next-phase").click()
    wait_stage(page, "handover")
    page.get_by_test_id("gw-handover").click()
    wait_stage(page, "entry")


def test_two_turns_of_pass_and_play_against_computers(
    page: Page, server_url: str, artifacts: Path
) -> None:
    page.set_viewport_size({"width": 1366, "height": 800})
    page.goto(server_url)
    wait_ready(page)
    start_game(page, "e2e-gw", {i: "easy" for i in range(1, 8)})
    wait_stage(page, "handover")
    page.get_by_test_id("gw-handover").click()
    wait_stage(page, "entry")
    # Deployment: a build with the network's allowance shown and updated
    before = page.get_by_test_id("gw-network-0").inner_text()
    page.get_by_test_id("gw-count").fill("2")
    tap(page, "mos")
    expect(page.get_by_test_id("gw-review")).to_contain_text("Build 2 div in Moscow")
    assert page.get_by_test_id("gw-network-0").inner_text() != before
    # embark in Odessa and sail to the Black Sea
    page.get_by_test_id("gw-mode-embark").click()
    page.get_by_test_id("gw-count").fill("")
    tap(page, "ode")
    expect(page.get_by_test_id("gw-review")).to_contain_text("Embark")
    page.get_by_test_id("gw-mode-sail").click()
    tap(page, "ode")
    expect(page.locator("#board .target").first).to_be_attached()
    tap(page, "blk")
    expect(page.get_by_test_id("gw-review")).to_contain_text("Sail all ships Odessa → Black Sea")
    # a diplomacy change with its cost shown before it is ordered
    page.get_by_test_id("gw-mode-diplomacy").click()
    war = page.get_by_test_id("gw-dip-france-war")
    expect(war).to_contain_text("3 pp")
    war.click()
    expect(page.get_by_test_id("gw-review")).to_contain_text("War with French Third Republic")
    # a trade offer, its route checked as it is written
    page.get_by_test_id("gw-mode-trade").click()
    page.get_by_test_id("gw-trade-with").select_option("germany")
    page.get_by_test_id("gw-trade-give-pp").fill("1")
    page.get_by_test_id("gw-trade-add").click()
    expect(page.get_by_test_id("gw-review")).to_contain_text("Trade with German Empire")
    # reload mid-phase: the orders written so far are restored
    page.reload()
    wait_ready(page)
    wait_stage(page, "entry")
    review = page.get_by_test_id("gw-review")
    for text in ("Build 2 div in Moscow", "Embark", "Sail all ships", "War with", "Trade with"):
        expect(review).to_contain_text(text)
    page.screenshot(path=str(artifacts / "greatwar-deployment-1366.png"), full_page=False)
    page.get_by_test_id("gw-seal").click()
    # the replay on the map, with the shell's controls; then the report and its exports
    wait_stage(page, "replay")
    expect(page.get_by_test_id("gw-replay-title")).to_have_text("Before")
    page.get_by_test_id("gw-replay-forward").click()
    expect(page.get_by_test_id("gw-replay-title")).not_to_have_text("Before")
    page.get_by_test_id("gw-replay-last").click()
    expect(page.get_by_test_id("gw-replay-title")).to_have_text("After")
    page.get_by_test_id("gw-replay-skip").click()
    wait_stage(page, "report")
    page.get_by_test_id("gw-copy-markdown").click()
    expect(page.get_by_test_id("gw-export-text")).to_have_value(re.compile("Great War 1907"))
    page.get_by_test_id("gw-next-phase").click()
    wait_stage(page, "handover")
    page.get_by_test_id("gw-handover").click()
    wait_stage(page, "entry")
    # Attack: an amphibious strike from the Black Sea with its exact odds, the target
    # chosen with the keyboard (a legal destination takes focus; Enter taps it)
    page.get_by_test_id("gw-mode-strike").click()
    tap(page, "blk")
    first = page.locator("#board .target").first
    target = first.get_attribute("data-territory")
    assert target
    first.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id(f"gw-odds-{target}")).to_contain_text("%")
    page.screenshot(path=str(artifacts / "greatwar-attack-1366.png"), full_page=False)
    page.get_by_test_id("gw-seal").click()
    finish_phase(page)
    # turn 2, both phases
    page.get_by_test_id("gw-count").fill("1")
    tap(page, "mos")
    page.get_by_test_id("gw-seal").click()
    finish_phase(page)
    page.get_by_test_id("gw-seal").click()
    wait_stage(page, "replay", "report")
    assert page.evaluate(f"{BODY}.gwTurn") == "3"
    page.locator("#board").screenshot(path=str(artifacts / "greatwar-map-1366.png"))
    # the shell's game record: this ruleset's map in its replay, the league, the charts
    page.locator('[data-action="record"]').click()
    expect(page.get_by_test_id("replay-board").locator('[data-territory="mos"]')).to_have_count(1)
    page.get_by_test_id("record-tab-league").click()
    expect(page.get_by_test_id("record-body")).to_contain_text("Russian Empire")
    page.get_by_test_id("record-tab-charts").click()
    expect(page.get_by_test_id("record-body").locator("svg").first).to_be_visible()
    page.get_by_test_id("close-record").click()
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(artifacts / "greatwar-page-390.png"), full_page=True)
    page.locator("#board").screenshot(path=str(artifacts / "greatwar-map-390.png"))
    assert_clean(page)


def test_orders_on_a_phone(page: Page, server_url: str, artifacts: Path) -> None:
    """At 390 px the order panel sits below the map, before the nations' table: a tap on
    the map writes the order, the review list and the seal button are reachable."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server_url)
    wait_ready(page)
    start_game(page, "e2e-gw-phone", {i: "easy" for i in range(1, 8)})
    wait_stage(page, "handover")
    page.get_by_test_id("gw-handover").click()
    wait_stage(page, "entry")
    # How to play: the part of the rules for the phase being played
    page.locator('.top-actions [data-action="help"]').click()
    expect(page.get_by_test_id("help-dialog")).to_contain_text("Deployment phase.")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("help-dialog")).to_be_hidden()
    page.locator('#board [data-territory="mos"]').first.click()
    expect(page.get_by_test_id("gw-review")).to_contain_text("Build 1 div in Moscow")
    main = page.get_by_test_id("gw-main").bounding_box()
    status = page.get_by_test_id("gw-status").bounding_box()
    assert main is not None and status is not None and main["y"] < status["y"]
    seal = page.get_by_test_id("gw-seal")
    seal.scroll_into_view_if_needed()
    expect(seal).to_be_in_viewport()
    box = page.locator("body").bounding_box()
    assert box is not None and box["width"] <= 390  # nothing wider than the phone
    page.screenshot(path=str(artifacts / "greatwar-orders-390.png"), full_page=True)
    seal.click()
    wait_stage(page, "replay", "report")
    assert_clean(page)


def guarded(browser: Browser, server_url: str) -> tuple[Any, Page, PageMonitor]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    return context, page, guard(page, server_url)


def test_one_phase_by_sealed_codes_between_two_browsers(browser: Browser, server_url: str) -> None:
    ctx_a, a, mon_a = guarded(browser, server_url)
    ctx_b, b, mon_b = guarded(browser, server_url)
    try:
        for p in (a, b):
            p.goto(server_url)
            wait_ready(p, 90_000)
        kinds = {1: "human"} | {i: "idle" for i in range(2, 8)}
        start_game(a, "gw-forum", kinds, where="forum", seat="0")
        link = a.get_by_test_id("gw-invite-link-1").get_attribute("href")
        assert link
        b.get_by_test_id("opt-rules").select_option("greatwar1907")
        b.locator("details.join-gw summary").click()
        b.get_by_test_id("gw-join-code").fill(link)
        b.get_by_test_id("gw-join").click()
        b.get_by_test_id("gw-claim-1").click()
        a.get_by_test_id("gw-paste").fill(b.get_by_test_id("gw-save-code").input_value())
        a.get_by_test_id("gw-load").click()
        tap(a, "mos")
        for p in (a, b):
            p.get_by_test_id("gw-seal").click()
            wait_stage(p, "sealed")
        seals = (
            a.get_by_test_id("gw-sealed-code").input_value()
            + "\n"
            + b.get_by_test_id("gw-sealed-code").input_value()
        )
        for p in (a, b):
            p.get_by_test_id("gw-seen-seals").fill(seals)
            p.get_by_test_id("gw-confirm-sealed").click()
        reveals = (
            a.get_by_test_id("gw-reveal-code").input_value()
            + "\n"
            + b.get_by_test_id("gw-reveal-code").input_value()
        )
        a.get_by_test_id("gw-resolve-box").locator("summary").click()
        a.get_by_test_id("gw-resolve-sealed").fill(seals)
        a.get_by_test_id("gw-resolve-reveals").fill(reveals)
        a.get_by_test_id("gw-resolve").click()
        wait_stage(a, "replay", "report")
        assert a.evaluate(f"{BODY}.gwPhase") == "attack"
        b.get_by_test_id("gw-paste").fill(a.get_by_test_id("gw-save-code").input_value())
        b.get_by_test_id("gw-load").click()
        wait_stage(b, "replay", "report")
        assert b.evaluate(f"{BODY}.gwPhase") == "attack"
        mon_a.assert_clean()
        mon_b.assert_clean()
    finally:
        ctx_a.close()
        ctx_b.close()
