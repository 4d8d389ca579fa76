"""Risk, Paper, Scissors by email (issue 18): two browsers, each with its own key, play the
setup as save codes, then one year's bids by sealed codes in two posts and two pastes each
(issue 30: the sealed code; the reveal, which the page makes from the pasted thread; the
page resolves from the thread pasted again, on both pages alike), the third seat a
computer (which bids nothing by email: nobody may sign for it)."""

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


def forum_page(*posts: str) -> str:
    """A forum thread as copied: each post quoted, in BBCode, wrapped at 60 characters."""
    lines = ["Year 1 bids", ""]
    for index, post in enumerate(posts):
        wrapped = [post[i : i + 60] for i in range(0, len(post), 60)]
        lines += [f"Player {index + 1} wrote:", "[quote][code]", *wrapped, "[/code][/quote]", ""]
    return "\n".join(lines)


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

    # The sealed bid in two posts each: each posts a sealed code; each pastes the thread
    # (a forum page: quoted, wrapped, BBCode) and its page makes the reveal; each pastes
    # the thread again and its page resolves the bids itself.
    seal_a = seal_bid(a, 2, 1)
    # A thread with only Ada's seal: the page says whose is missing and waits.
    a.get_by_test_id("bid-codes").fill(forum_page(seal_a))
    a.get_by_test_id("bid-paste").click()
    expect(a.get_by_test_id("message")).to_contain_text("missing from Boris")
    assert a.get_by_test_id("bid-reveal-code").count() == 0
    seal_b = seal_bid(b, 1, 1)
    thread = forum_page(seal_a, seal_b)
    for page_ in (a, b):
        page_.get_by_test_id("bid-codes").fill(thread)
        page_.get_by_test_id("bid-paste").click()
        expect(page_.get_by_test_id("message")).to_contain_text("post your reveal code")
    reveal_a = a.get_by_test_id("bid-reveal-code").input_value()
    reveal_b = b.get_by_test_id("bid-reveal-code").input_value()
    a.screenshot(path=str(artifacts / "rps-email-bid-1366.png"))

    thread = forum_page(seal_a, seal_b, reveal_a, reveal_b)
    for page_ in (a, b):
        page_.get_by_test_id("bid-codes").fill(thread)
        page_.get_by_test_id("bid-paste").click()
        page_.wait_for_function(f"{BODY}.phase === 'purchase'", timeout=TIMEOUT)
        expect(page_.get_by_test_id("message")).to_contain_text("resolved here")
    order_a = a.get_by_test_id("turn-order").inner_text()
    assert order_a.index("Ada") < order_a.index("Boris")  # 2 beats 1 for slot 1
    assert "Chloe" in order_a  # the computer bid nothing
    assert b.get_by_test_id("turn-order").inner_text() == order_a
    expect(b.get_by_test_id("waiting")).to_be_visible()  # Ada's turn, in her browser
    a.screenshot(path=str(artifacts / "rps-email-resolved-1366.png"))

    # Ada's turn goes to Boris as a save code (with her page's save of the bids before
    # it: his page resolved the same save itself and skips it); then it is his turn.
    a.wait_for_function(f"{BODY}.humanTurn === 'true'")
    a.get_by_test_id("end-purchase").click()
    a.wait_for_function(f"{BODY}.phase === 'action'")
    a.get_by_test_id("end-turn").click()
    turn = sent(a)
    assert turn.count("RK1.") == 2  # her page's save of the bids, then her turn
    close_dialog(a)
    load(b, turn)
    b.wait_for_function(f"{BODY}.humanTurn === 'true' && {BODY}.phase === 'purchase'")
    assert_clean(a)
    assert_clean(b)
