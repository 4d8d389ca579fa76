"""Risk, Paper, Scissors in the browser (issue 18): a human plays a whole year against
computers (bid, buy, move, attack with the preview matching the result, play a card),
reload mid-turn restores everything, and screenshots at laptop and phone width."""

from __future__ import annotations

from pathlib import Path

from conftest import assert_clean, click_territory, legal, wait_ready
from playwright.sync_api import Page, expect

BODY = "document.body.dataset"
HUMAN = 0


def start_rps(page: Page, seed: str, players: int = 3, **controls: str) -> None:
    page.get_by_test_id("opt-rules").select_option("risk_paper_scissors")
    expect(page.get_by_test_id("rps-fields")).to_be_visible()
    for i in range(3, 5):
        page.get_by_test_id(f"rps{i}-on").set_checked(i < players)
    for seat, control in controls.items():
        page.get_by_test_id(f"rps{seat[-1]}-control").select_option(control)
    page.get_by_test_id("rps-seed").fill(seed)
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("rps")).to_be_visible()


def wait_human(page: Page, phase: str, timeout: float = 60_000) -> None:
    page.wait_for_function(
        f"{BODY}.humanTurn === 'true' && {BODY}.phase === '{phase}'", timeout=timeout
    )


def owner_of(page: Page, territory: str) -> int:
    return int(
        page.locator(f'#board path[data-territory="{territory}"]').get_attribute("data-owner")
        or "-1"
    )


def energy(page: Page) -> int:
    return int(page.get_by_test_id("energy").inner_text())


def bid(page: Page, amount: int, slots: list[int]) -> None:
    page.get_by_test_id("bid-amount").fill(str(amount))
    for n, slot in enumerate(slots, 1):
        page.get_by_test_id(f"bid-slot-{n}").select_option(str(slot))
    page.get_by_test_id("bid-submit").click()


def buy_units_on_first(page: Page) -> str:
    """Two Elementals on the first own territory, the cost shown before buying."""
    where = legal(page)[0]
    click_territory(page, where)
    expect(page.get_by_test_id("buy-at")).not_to_contain_text("tap one")
    before = energy(page)
    page.get_by_test_id("buy-e-plus").click()
    page.get_by_test_id("buy-e-plus").click()
    expect(page.get_by_test_id("buy-cost")).to_contain_text(f"2 unit(s): 6 energy; {before - 6}")
    page.get_by_test_id("buy-units").click()
    expect(page.get_by_test_id("energy")).to_have_text(str(before - 6))
    return where


def find_attack(page: Page) -> tuple[str, str] | None:
    """An own territory with a garrisoned enemy territory it may attack."""
    for origin in legal(page):
        click_territory(page, origin)
        expect(page.get_by_test_id("origin")).to_be_visible()
        for target in legal(page):
            if owner_of(page, target) not in (HUMAN, -1):
                return origin, target
        page.get_by_test_id("cancel").click()
    return None


def test_a_human_plays_a_whole_year_against_computers(
    page: Page, server_url: str, artifacts: Path
) -> None:
    page.set_viewport_size({"width": 1366, "height": 800})
    page.goto(server_url)
    wait_ready(page)
    start_rps(page, "e2e-year")
    wait_human(page, "setup")
    click_territory(page, legal(page)[0])
    page.get_by_test_id("place-w-plus").click()
    expect(page.get_by_test_id("setup-left")).to_contain_text("left")
    page.screenshot(path=str(artifacts / "rps-setup-1366.png"))
    page.get_by_test_id("setup-place").click()
    # a unit was placed by hand: "Place my units for me" asks before replacing it
    expect(page.get_by_test_id("warning-text")).to_contain_text("by hand")
    page.get_by_test_id("warning-go").click()

    wait_human(page, "bid")
    expect(page.get_by_test_id("rps-status")).to_contain_text("Year 1 of 5")
    bid(page, 1, [1, 2])
    wait_human(page, "purchase")
    order = page.get_by_test_id("turn-order")
    expect(order).to_be_visible()
    expect(order.locator("li").first).to_contain_text("Ada")  # 1 beats the computers' bids

    buy_units_on_first(page)
    page.get_by_test_id("buy-card-land.assemble").click()
    expect(page.get_by_test_id("cards-bought")).to_contain_text("1/2")
    expect(page.get_by_test_id("hand")).to_contain_text("Assemble")
    page.screenshot(path=str(artifacts / "rps-purchase-1366.png"))
    page.get_by_test_id("end-purchase").click()
    wait_human(page, "action")

    # Play the card: Land Assemble, its territory chosen on the map.
    page.get_by_test_id("card-land.assemble").click()
    land = legal(page)[0]
    click_territory(page, land)
    page.get_by_test_id("assemble-e").click()
    expect(page.get_by_test_id("rps-log")).to_contain_text("played Land Assemble")
    expect(page.get_by_test_id("hand")).not_to_contain_text("Assemble")

    # A move: the path and its cost shown before, the energy paid after.
    click_territory(page, legal(page)[0])
    moves = [t for t in legal(page) if owner_of(page, t) == HUMAN]
    if moves:
        click_territory(page, moves[0])
        expect(page.get_by_test_id("plan-steps")).to_be_visible()
        cost = int(page.get_by_test_id("plan-energy").inner_text())
        before = energy(page)
        page.get_by_test_id("commit").click()
        expect(page.get_by_test_id("energy")).to_have_text(str(before - cost))
        expect(page.get_by_test_id("rps-log")).to_contain_text("Ada moved")
    else:
        page.get_by_test_id("cancel").click()

    # An attack: the engine's exact battle before, and the same result after.
    found = find_attack(page)
    assert found is not None, "no attack on an enemy garrison found"
    _, target = found
    click_territory(page, target)
    preview = page.locator('[data-testid="battle-preview"] .rps-battle')
    expect(preview).to_be_visible()
    outcome = preview.get_attribute("data-outcome")
    attacker_left = preview.locator('td[data-side="attacker"]').inner_text()
    defender_left = preview.locator('td[data-side="defender"]').inner_text()
    page.screenshot(path=str(artifacts / "rps-attack-preview-1366.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(artifacts / "rps-attack-preview-390.png"), full_page=True)
    page.set_viewport_size({"width": 1366, "height": 800})
    page.get_by_test_id("commit").click()
    result = page.get_by_test_id("battle-result")
    expect(result).to_have_attribute("data-outcome", outcome or "")
    expect(page.get_by_test_id("result-attacker")).to_have_text(attacker_left)
    expect(page.get_by_test_id("result-defender")).to_have_text(defender_left)
    if outcome == "capture":
        assert owner_of(page, target) == HUMAN

    page.get_by_test_id("end-turn").click()
    page.wait_for_function(f"{BODY}.year === '2' && {BODY}.phase === 'bid'", timeout=90_000)
    wait_human(page, "bid")
    expect(page.get_by_test_id("rps-status")).to_contain_text("Year 2 of 5")
    page.screenshot(path=str(artifacts / "rps-board-1366.png"))

    # The shell's How to play shows the bid's part of the rules; the game record replays
    # this ruleset's board and charts its players.
    page.get_by_test_id("help").click()
    expect(page.get_by_test_id("help-dialog")).to_contain_text("Bid")
    page.keyboard.press("Escape")
    page.get_by_test_id("record-open").click()
    expect(page.locator('[data-testid="replay-board"] svg.rps-board')).to_be_visible()
    page.get_by_test_id("record-tab-charts").click()
    expect(page.get_by_test_id("chart-income")).to_be_visible()
    page.get_by_test_id("close-record").click()
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(artifacts / "rps-board-390.png"), full_page=True)
    assert_clean(page)


def test_reload_mid_turn_restores_everything(page: Page, server_url: str) -> None:
    """The autosave keeps the position, the purchase being written and the force
    selected: a reload shows the same screen."""
    page.goto(server_url)
    wait_ready(page)
    start_rps(page, "e2e-reload")
    wait_human(page, "setup")
    page.get_by_test_id("setup-place").click()
    wait_human(page, "bid")
    bid(page, 2, [1])
    wait_human(page, "purchase")
    where = legal(page)[0]
    click_territory(page, where)
    page.get_by_test_id("buy-j-plus").click()
    page.get_by_test_id("buy-w-plus").click()
    at = page.get_by_test_id("buy-at").inner_text()
    spent = energy(page)
    log = page.get_by_test_id("rps-log").inner_text()

    page.reload()
    wait_ready(page)
    wait_human(page, "purchase")
    expect(page.get_by_test_id("buy-at")).to_have_text(at)
    expect(page.get_by_test_id("buy-j")).to_have_text("1")
    expect(page.get_by_test_id("buy-w")).to_have_text("1")
    expect(page.get_by_test_id("energy")).to_have_text(str(spent))
    expect(page.get_by_test_id("turn-order")).to_be_visible()
    assert page.get_by_test_id("rps-log").inner_text() == log

    page.get_by_test_id("end-purchase").click()
    wait_human(page, "action")
    origin = legal(page)[0]
    click_territory(page, origin)
    page.reload()
    wait_ready(page)
    wait_human(page, "action")
    expect(page.get_by_test_id("origin")).to_be_visible()
    assert page.locator("#board path.selected").get_attribute("data-territory") == origin
    assert_clean(page)


def test_pass_and_play_hides_each_bid_and_hand_behind_the_hand_over(
    page: Page, server_url: str
) -> None:
    page.goto(server_url)
    wait_ready(page)
    start_rps(page, "e2e-two", rps1="human")
    wait_human(page, "setup")
    page.get_by_test_id("setup-place").click()
    handover = page.get_by_test_id("handover")
    expect(page.get_by_test_id("actor")).to_have_text("Boris")  # setup shows no secret
    expect(handover).to_be_hidden()
    page.get_by_test_id("setup-place").click()
    expect(handover).to_contain_text("Ada")  # the bid: a secret, so a hand-over
    expect(page.get_by_test_id("rps-hand")).to_contain_text("Hands are hidden")
    page.get_by_test_id("handover-continue").click()
    bid(page, 3, [1])
    expect(handover).to_contain_text("Boris")
    expect(page.get_by_test_id("rps-controls")).not_to_contain_text("Energy: 0")
    page.get_by_test_id("handover-continue").click()
    expect(page.get_by_test_id("bid-amount")).to_have_value("0")
    bid(page, 0, [])
    expect(handover).to_contain_text("Ada")  # slot 1: Ada's turn, her hand is secret
    page.get_by_test_id("handover-continue").click()
    wait_human(page, "purchase")
    expect(page.get_by_test_id("turn-order").locator("li").first).to_contain_text("Ada")
    assert_clean(page)


def test_the_last_year_ends_on_the_final_scoring(
    page: Page, server_url: str, artifacts: Path
) -> None:
    """A one-year game (the Years option): after the last turn the final scoring shows
    the breakdown; on a phone too."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server_url)
    wait_ready(page)
    page.get_by_test_id("opt-rules").select_option("risk_paper_scissors")
    page.get_by_test_id("rps-years").fill("1")
    start_rps(page, "e2e-last")
    wait_human(page, "setup")
    page.get_by_test_id("setup-place").click()
    wait_human(page, "bid")
    bid(page, 0, [])
    wait_human(page, "purchase")
    page.get_by_test_id("end-purchase").click()
    wait_human(page, "action")
    page.get_by_test_id("end-turn").click()
    page.wait_for_function(f"{BODY}.phase === 'game_over'", timeout=90_000)
    scoring = page.get_by_test_id("scoring")
    expect(scoring).to_be_visible()
    expect(scoring).to_contain_text("Ada")
    page.screenshot(path=str(artifacts / "rps-scoring-390.png"))
    page.get_by_test_id("close-scoring").click()
    expect(scoring).to_be_hidden()
    page.get_by_test_id("show-scoring").click()
    expect(page.get_by_test_id("scoring")).to_be_visible()
    assert_clean(page)
