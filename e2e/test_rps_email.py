"""Risk, Paper, Scissors by email (issue 18): two browsers, each with its own key, play the
setup as save codes, then one year's bids by sealed codes (commit, reveal, resolve), the
third seat a computer (which bids nothing by email: nobody may sign for it)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import assert_clean, guard, wait_ready
from playwright.sync_api import Browser, Page, expect

BODY = "document.body.dataset"
TIMEOUT = 60_000


@pytest.fixture
def page_b(browser: Browser, server_url: str) -> Iterator[Page]:
    """A second browser (its own storage and key), guarded like the `page` fixture."""
    context = browser.new_context()
    page = context.new_page()
    guard(page, server_url)
    yield page
    context.close()


def sent(page: Page) -> str:
    dialog = page.get_by_test_id("send-dialog")
    expect(dialog).to_be_visible(timeout=TIMEOUT)
    code = page.get_by_test_id("send-code").input_value()
    return code


def close_dialog(page: Page) -> None:
    page.get_by_test_id("pbem-close").first.click()
    expect(page.get_by_test_id("pbem-dialog")).to_be_hidden()


def load(page: Page, code: str) -> None:
    page.get_by_test_id("load-code").click()
    page.get_by_test_id("load-input").fill(code)
    page.get_by_test_id("load-submit").click()
    expect(page.get_by_test_id("pbem-dialog")).to_be_hidden()


def seal_bid(page: Page, amount: int, slot: int) -> str:
    page.get_by_test_id("bid-amount").fill(str(amount))
    page.get_by_test_id("bid-slot-1").select_option(str(slot))
    page.get_by_test_id("bid-submit").click()
    return page.get_by_test_id("bid-sealed-code").input_value()


def test_one_year_of_bids_by_sealed_codes_between_two_browsers(
    page: Page, page_b: Page, server_url: str, artifacts: Path
) -> None:
    a, b = page, page_b
    a.goto(server_url)
    wait_ready(a)
    a.get_by_test_id("opt-rules").select_option("risk_paper_scissors")
    a.get_by_test_id("rps1-control").select_option("human")
    a.get_by_test_id("rps-where").select_option("email")
    a.get_by_test_id("rps-seed").fill("e2e-mail")
    a.get_by_test_id("start").click()

    # Setup, as sequential save codes: Ada, then Boris (who joins by his invitation
    # link and plays the computer's setup too), then Ada loads his code.
    a.wait_for_function(f"{BODY}.humanTurn === 'true' && {BODY}.phase === 'setup'")
    a.get_by_test_id("setup-place").click()
    sent(a)
    invite = a.get_by_test_id("invite-link-0").get_attribute("href") or ""
    close_dialog(a)
    expect(a.get_by_test_id("waiting")).to_be_visible()

    b.goto(invite)
    wait_ready(b)
    b.get_by_test_id("claim-seat-1").click()
    b.wait_for_function(f"{BODY}.humanTurn === 'true' && {BODY}.phase === 'setup'")
    b.get_by_test_id("setup-place").click()
    b.wait_for_function(f"{BODY}.phase === 'bid'", timeout=TIMEOUT)
    setup_code = sent(b)
    close_dialog(b)
    load(a, setup_code)
    a.wait_for_function(f"{BODY}.phase === 'bid'")

    # The sealed bid: each seals, each reveals having seen both seals, Ada resolves.
    seal_a = seal_bid(a, 2, 1)
    seal_b = seal_bid(b, 1, 1)
    both = f"{seal_a}\n{seal_b}"
    a.get_by_test_id("bid-codes").fill(both)
    a.get_by_test_id("bid-reveal").click()
    b.get_by_test_id("bid-codes").fill(both)
    b.get_by_test_id("bid-reveal").click()
    reveal_a = a.get_by_test_id("bid-reveal-code").input_value()
    reveal_b = b.get_by_test_id("bid-reveal-code").input_value()
    expect(b.get_by_test_id("rps-controls")).to_contain_text("Ada resolves the bids")
    a.screenshot(path=str(artifacts / "rps-email-bid-1366.png"))

    # A reveal that does not open its seal is refused, the game untouched.
    a.get_by_test_id("bid-codes").fill(reveal_a)
    a.get_by_test_id("bid-resolve").click()
    expect(a.get_by_test_id("message")).to_contain_text("reveal codes missing from Boris")
    assert a.evaluate(f"{BODY}.phase") == "bid"

    a.get_by_test_id("bid-codes").fill(f"{reveal_b}\n{reveal_a}")
    a.get_by_test_id("bid-resolve").click()
    resolved = sent(a)
    close_dialog(a)
    a.wait_for_function(f"{BODY}.phase === 'purchase'")
    order_a = a.get_by_test_id("turn-order").inner_text()
    assert order_a.index("Ada") < order_a.index("Boris")  # 2 beats 1 for slot 1
    assert "Chloe" in order_a  # the computer bid nothing

    load(b, resolved)
    b.wait_for_function(f"{BODY}.phase === 'purchase'")
    assert b.get_by_test_id("turn-order").inner_text() == order_a
    expect(b.get_by_test_id("waiting")).to_be_visible()  # Ada's turn, in her browser

    # Ada's turn goes to Boris as a save code (with the resolution before it, which his
    # page already holds and skips); then it is his turn.
    a.wait_for_function(f"{BODY}.humanTurn === 'true'")
    a.get_by_test_id("end-purchase").click()
    a.wait_for_function(f"{BODY}.phase === 'action'")
    a.get_by_test_id("end-turn").click()
    turn = sent(a)
    assert turn.startswith(resolved) and len(turn) > len(resolved)
    close_dialog(a)
    load(b, turn)
    b.wait_for_function(f"{BODY}.humanTurn === 'true' && {BODY}.phase === 'purchase'")
    assert_clean(a)
    assert_clean(b)
