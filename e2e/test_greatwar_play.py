"""The Great War 1907 in the browser (issue 17): two full turns of pass-and-play against
computer nations (a build, an embark, a sail, a diplomacy change with its cost, a trade,
an amphibious strike), a reload mid-phase that keeps the orders written, the replay and
the report, screenshots of the whole map at laptop and phone width, and one phase by
sealed codes between two browser contexts."""

from __future__ import annotations

import json
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


def seal(page: Page) -> None:
    """Seal the orders; when the panel asks first (allowance left unspent), seal anyway."""
    page.get_by_test_id("gw-seal").click()
    page.wait_for_function(
        f"{BODY}.gwStage !== 'entry' || !!document.querySelector('[data-testid=warning-go]')"
    )
    if stage(page) == "entry":
        page.get_by_test_id("warning-go").click()


def finish_phase(page: Page) -> None:
    wait_stage(page, "replay", "report")
    if stage(page) == "replay":
        page.get_by_test_id("gw-replay-skip").click()
    wait_stage(page, "report")
    expect(page.get_by_test_id("gw-report")).to_contain_text("The Great War 1907")
    page.get_by_test_id("gw-next-phase").click()
    wait_stage(page, "entry")  # one human: never a hand-over screen


def test_two_turns_of_pass_and_play_against_computers(
    page: Page, server_url: str, artifacts: Path
) -> None:
    page.set_viewport_size({"width": 1366, "height": 800})
    page.goto(server_url)
    wait_ready(page)
    start_game(page, "e2e-gw", {i: "easy" for i in range(1, 8)})
    wait_stage(page, "entry")  # one human: never a hand-over screen
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
    seal(page)
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
    wait_stage(page, "entry")  # one human: never a hand-over screen
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
    seal(page)
    finish_phase(page)
    # turn 2, both phases
    page.get_by_test_id("gw-count").fill("1")
    tap(page, "mos")
    seal(page)
    finish_phase(page)
    seal(page)
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
    wait_stage(page, "entry")  # one human: never a hand-over screen
    # How to play: the part of the rules for the phase being played
    page.locator('.top-actions [data-action="help"]').click()
    expect(page.get_by_test_id("help-dialog")).to_contain_text("Deployment phase.")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("help-dialog")).to_be_hidden()
    page.locator('#board [data-territory="mos"]').first.click()
    # a blank count is "all": the network's 25.5 pp build 25 divisions
    expect(page.get_by_test_id("gw-review")).to_contain_text("Build 25 div in Moscow")
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
    expect(page.get_by_test_id("warning")).to_contain_text("pp will be lost: seal anyway?")
    page.get_by_test_id("warning-go").click()
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
            seal(p)
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


SHOTS = Path("/work/wt/gw-shots")
SIZES = {"1366": {"width": 1366, "height": 800}, "390": {"width": 390, "height": 844}}


def shoot(page: Page, name: str, testid: str) -> None:
    """Screenshots of one control at laptop and phone width (the panel scrolled to it),
    in the run's artifacts and in the shared folder the issue asks for."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.get_by_test_id(testid).first.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"{name}-{size}.png"))
    page.set_viewport_size(SIZES["1366"])


def test_the_new_order_controls_write_orders_the_engine_resolves(
    page: Page, server_url: str
) -> None:
    """Issue 27, against computers: a general's two-step move, a sail carrying part of
    the cargo, a passage grant, a trade bundle (what you get lists only the partner's
    land, and the computer's refusal is said at once), the leader placement note, then
    an amphibious strike with its ships into port; each order is found resolved in the
    report."""
    page.set_viewport_size(SIZES["1366"])
    page.goto(server_url)
    wait_ready(page)
    start_game(page, "e2e-gw-controls", {i: "easy" for i in range(1, 8)})
    wait_stage(page, "entry")  # one human: never a hand-over screen
    review = page.get_by_test_id("gw-review")
    # a general's extra step: Brusilov takes Zagreb's divisions two provinces on
    page.get_by_test_id("gw-mode-move").click()
    tap(page, "zag")
    expect(page.locator('#board [data-territory="lem"].target')).to_have_count(0)
    page.get_by_test_id("gw-leader-brusilov").click()
    expect(page.get_by_test_id("gw-reach")).to_contain_text("up to 2 steps")
    expect(page.locator('#board [data-territory="lem"].target')).not_to_have_count(0)
    shoot(page, "move-two-steps", "gw-reach")
    page.get_by_test_id("gw-count").fill("3")
    tap(page, "lem")
    expect(review).to_contain_text("Move 3 Zagreb → Budapest → Lemberg with Aleksei Brusilov")
    # a sail carrying 3 of the 4 divisions aboard on 2 of the 4 ships
    page.get_by_test_id("gw-mode-build").click()
    page.get_by_test_id("gw-count").fill("2")
    tap(page, "ode")
    page.get_by_test_id("gw-mode-embark").click()
    page.get_by_test_id("gw-count").fill("")
    tap(page, "ode")
    page.get_by_test_id("gw-mode-sail").click()
    tap(page, "ode")
    page.get_by_test_id("gw-count").fill("2")
    page.get_by_test_id("gw-cargo").fill("3")
    shoot(page, "sail-cargo", "gw-cargo")
    tap(page, "blk")
    expect(review).to_contain_text("Sail 2 ships carrying 3 div Odessa → Black Sea")
    # passage for Spain, at peace with Russia
    page.get_by_test_id("gw-mode-diplomacy").click()
    page.get_by_test_id("gw-passage-spain-grant").click()
    expect(review).to_contain_text("Grant passage to Spain")
    shoot(page, "passage", "gw-diplomacy")
    # a trade bundle: the partner's land only, several provinces and pp
    page.get_by_test_id("gw-mode-trade").click()
    page.get_by_test_id("gw-trade-with").select_option("germany")
    gets = page.get_by_test_id("gw-trade-get").locator("option")
    values = [v for v in gets.evaluate_all("els => els.map(e => e.value)") if v]
    assert values and "mos" not in values and "pra" in values
    page.get_by_test_id("gw-trade-give").select_option("war")
    page.get_by_test_id("gw-trade-give").select_option("bud")
    page.get_by_test_id("gw-trade-get").select_option("pra")
    page.get_by_test_id("gw-trade-give-pp").fill("0.5")
    expect(page.get_by_test_id("gw-trade-answer")).to_contain_text(
        "answers at the next Deployment phase"
    )
    # a computer never gives its own land away: asking for Prague is refused at once
    expect(page.get_by_test_id("gw-trade-check")).to_contain_text("it will refuse this trade")
    shoot(page, "trade", "gw-trade-give-side")
    page.get_by_test_id("gw-trade-add").click()
    expect(review).to_contain_text("Trade with German Empire: you give Warsaw + Budapest")
    expect(page.get_by_test_id("gw-warnings")).to_contain_text(
        "The trade with German Empire will not happen: the computer never gives away"
    )
    # nobody waits to be placed: the panel says so instead of an empty list
    page.get_by_test_id("gw-mode-place").click()
    expect(page.get_by_test_id("gw-no-leader")).to_contain_text("No leader of yours")
    shoot(page, "place-none", "gw-no-leader")
    page.get_by_test_id("gw-seal").click()
    expect(page.get_by_test_id("warning")).to_contain_text("23 pp will be lost: seal anyway?")
    shoot(page, "seal-unspent", "warning")
    page.get_by_test_id("warning-go").click()
    wait_stage(page, "replay", "report")
    if stage(page) == "replay":
        page.get_by_test_id("gw-replay-skip").click()
    report = page.get_by_test_id("gw-report")
    expect(report).to_contain_text("Russian Empire grants passage to Spain")
    expect(report).to_contain_text("Russian Empire: 3 div Zagreb → Lemberg")
    expect(report).to_contain_text("Russian Empire: 2 ships (3 div) to Black Sea")
    page.get_by_test_id("gw-next-phase").click()
    wait_stage(page, "entry")  # one human: never a hand-over screen
    # the grant stands: the Passage overlay outlines the land of the nation let through
    page.get_by_test_id("gw-overlay-passage").click()
    expect(page.locator('#board .passage-given-outline[data-mark="mad"]')).to_have_count(1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.locator("#board").screenshot(path=str(SHOTS / f"passage-map-{size}.png"))
    page.set_viewport_size(SIZES["1366"])
    page.get_by_test_id("gw-overlay-passage").click()
    # an amphibious strike that sends one ship into the port it takes
    page.get_by_test_id("gw-mode-strike").click()
    tap(page, "blk")
    page.get_by_test_id("gw-ships-in").fill("1")
    shoot(page, "strike-ships-in", "gw-ships-in")
    target = page.locator("#board .target").first.get_attribute("data-territory")
    assert target
    tap(page, target)
    expect(review).to_contain_text("1 ship into port if taken")
    seal(page)
    wait_stage(page, "replay", "report")
    if stage(page) == "replay":
        page.get_by_test_id("gw-replay-skip").click()
    expect(page.get_by_test_id("gw-report")).to_contain_text("Black Sea")
    assert_clean(page)


def _crafted_uk_save() -> str:
    """Turn 2, the UK writing: at war with France, whose fleet in the North Atlantic cuts
    Ireland off (two networks), and its allies Germany and Spain at war with each other
    (one must be dropped)."""
    import sys

    root = str(Path(__file__).resolve().parents[1])
    if root not in sys.path:
        sys.path.insert(0, root)
    from engine.core import PlayerSpec
    from engine.rulesets.greatwar1907.state import Fleet, pair
    from ui.greatwar1907.session import GreatWarSession

    specs = [PlayerSpec(f"C{i}", "easy") for i in range(3)] + [PlayerSpec("Una", "human")]
    specs += [PlayerSpec(f"C{i}", "easy") for i in range(3, 7)]
    session = GreatWarSession.new(specs, {}, "e2e-gw-uk")
    state = session.state
    state.turn = 2
    state.relations[pair("france", "uk")] = "war"
    state.relations[pair("germany", "spain")] = "war"
    state.at_sea["nao"] = {"france": Fleet(2, 0)}
    state.nations["uk"].drop_due = ("germany", "spain", "spain")
    return json.dumps(session.to_json())


def test_the_forced_drop_and_the_paying_network_in_a_real_page(
    browser: Browser, server_url: str
) -> None:
    """R85, R19, R75 in a restored game: the UK chooses the ally it drops, which of its
    two networks pays a declaration first, and the network that pays a trade's pp."""
    save = _crafted_uk_save()
    context = browser.new_context(viewport=SIZES["1366"])
    context.add_init_script(
        "try { if (!sessionStorage.getItem('seeded')) {"
        f" localStorage.setItem('risk-family.greatwar1907.v1', {json.dumps(save)});"
        " localStorage.setItem('risk-family.last', 'greatwar1907');"
        " sessionStorage.setItem('seeded', '1'); } } catch (e) {}"
    )
    page = context.new_page()
    monitor = guard(page, server_url)
    try:
        page.goto(server_url)
        wait_ready(page, 90_000)
        wait_stage(page, "handover", "entry")
        if stage(page) == "handover":
            page.get_by_test_id("gw-handover").click()
        wait_stage(page, "entry")
        expect(page.get_by_test_id("gw-drop")).to_contain_text("are at war with each other")
        page.get_by_test_id("gw-drop-germany").click()
        expect(page.get_by_test_id("gw-review")).to_contain_text(
            "Drop the alliance with German Empire"
        )
        shoot(page, "forced-drop", "gw-drop")
        page.get_by_test_id("gw-pay-first-1").click()
        expect(page.get_by_test_id("gw-review")).to_contain_text(
            "Diplomacy costs paid first by the network of Ireland"
        )
        shoot(page, "pay-first", "gw-network-1")
        page.get_by_test_id("gw-mode-trade").click()
        page.get_by_test_id("gw-trade-with").select_option("spain")
        page.get_by_test_id("gw-trade-give-pp").fill("1")
        page.get_by_test_id("gw-trade-pay-from").select_option("lon")
        expect(page.get_by_test_id("gw-trade-check")).to_contain_text("Route open")
        shoot(page, "trade-pay-from", "gw-trade-pay-from")
        page.get_by_test_id("gw-trade-add").click()
        expect(page.get_by_test_id("gw-review")).to_contain_text("paid by the network of London")
        seal(page)
        wait_stage(page, "replay", "report")
        if stage(page) == "replay":
            page.get_by_test_id("gw-replay-skip").click()
        expect(page.get_by_test_id("gw-report")).to_contain_text(
            "drops its alliance with German Empire"
        )
        monitor.assert_clean()
    finally:
        context.close()
