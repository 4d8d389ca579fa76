"""The same fault, the same words, in every ruleset's paste box; Copy and Share beside
every code (issue 30).

Issue 30: "The same faults give the same words in every ruleset: a code cut off, a code
altered or forged, a code of another game or ruleset ... keeps what was pasted, and says
what to do next", and "Copy and Share (the Web Share API where the browser has it; a
``mailto:`` otherwise) beside every code and invitation; an invitation is a button that
copies a ready-to-send message".  One browser page, with clipboard permissions: the Load
a code dialog (Classic; a Risk, Paper, Scissors code in it), then the forum cards of a
Capital Risk and a Great War game, each given the same faults.
"""

from __future__ import annotations

from pathlib import Path

from conftest import assert_clean, guard, wait_ready
from playwright.sync_api import Browser, Page, expect

from engine.fault_words import Fault, words
from tests.test_code_mutations import cases

SHOTS = Path("/work/wt/faults-shots")
PLAIN = "Hi all, my orders are in: attack at dawn!"


def code_of(ruleset: str) -> str:
    return next(c.code for c in cases() if c.ruleset == ruleset)


def altered(code: str) -> str:
    body, signature = code.rsplit(".", 1)
    return f"{body}.{signature[:10]}{'A' if signature[10] != 'A' else 'B'}{signature[11:]}"


def faults(ruleset: str) -> dict[str, tuple[str, str]]:
    """(pasted text, the words the page must show) of each fault, with codes of
    ``ruleset``; the words are :mod:`engine.fault_words`' own (no name: the codes here
    are of another game than the page's, so they name nobody of it)."""
    code = code_of(ruleset)
    return {
        "cut off": (code[: len(code) * 2 // 3], words(Fault.CUT_OFF, what="code")),
        "altered": (altered(code), "was changed after it was signed"),
        "no code": (PLAIN, words(Fault.NOT_A_CODE)),
    }


def show(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, (width, height) in (("wide", (1366, 800)), ("narrow", (390, 844))):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SHOTS / f"{name}-{label}.png"))
    page.set_viewport_size({"width": 1366, "height": 800})


def check_load_dialog(page: Page, ruleset: str) -> None:
    """The Load a code dialog: each fault's words, the pasted text kept in the box."""
    for name, (text, expected) in faults(ruleset).items():
        page.get_by_test_id("load-code").click()
        box = page.get_by_test_id("load-input")
        box.fill(text)
        page.get_by_test_id("load-submit").click()
        error = page.get_by_test_id("load-error")
        expect(error).to_contain_text(expected[:60])
        assert "JSON" not in error.inner_text() and "base64" not in error.inner_text()
        expect(box).to_have_value(text)  # a failed paste keeps what was pasted
        if name == "cut off" and ruleset == "classic":
            show(page, "load-dialog-cut-off")
        page.get_by_test_id("pbem-close").first.click()
        expect(page.get_by_test_id("pbem-dialog")).to_be_hidden()


def check_forum_paste(page: Page, p: str, other: str) -> None:
    """A forum card's paste box: each fault's words in the message, the paste kept; a
    save of another ruleset says so."""
    own = {"cap": "capital", "gw": "greatwar1907"}[p]
    cases_ = faults(own)
    cases_["another ruleset"] = (code_of(other), "is from a Classic game")
    for name, (text, expected) in cases_.items():
        box = page.get_by_test_id(f"{p}-paste")
        box.fill(text)
        page.get_by_test_id(f"{p}-load").click()
        message = page.get_by_test_id("message")
        expect(message).to_contain_text(expected[:60])
        assert "JSON" not in message.inner_text() and "base64" not in message.inner_text()
        expect(page.get_by_test_id(f"{p}-paste")).to_have_value(text)
        if name == "altered":
            page.get_by_test_id(f"{p}-paste").scroll_into_view_if_needed()
            show(page, f"{p}-forum-fault-altered")
        box.fill("")


def check_copy_and_share(page: Page, p: str) -> None:
    """Copy puts the save code on the clipboard and says so; Share, in a Chromium without
    Web Share, is a mailto: link with the code as the mail's body; each invitation is a
    button that copies a ready-to-send message with the link."""
    code = page.get_by_test_id(f"{p}-save-code").input_value()
    page.get_by_test_id(f"{p}-save-copy").click()
    expect(page.get_by_test_id(f"{p}-save-note")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == code
    assert not page.evaluate("'share' in navigator")  # this Chromium has no Web Share
    # The click goes on to the mail program: stopped here, after the page's handler.
    page.evaluate(
        "window.addEventListener('click', e => { if (e.target.closest('[data-share=share]'))"
        " e.preventDefault(); })"
    )
    share = page.get_by_test_id(f"{p}-save-share")
    share.click()
    href = share.get_attribute("href") or ""
    assert href.startswith("mailto:?subject=") and code[:40] in href
    invite = page.get_by_test_id(f"{p}-invite-1-copy")
    expect(invite).to_contain_text("Copy invitation for")
    invite.click()
    expect(page.get_by_test_id(f"{p}-invite-1-note")).to_have_text("Copied.")
    message = page.evaluate("navigator.clipboard.readText()")
    link = page.get_by_test_id(f"{p}-invite-link-1").get_attribute("href") or ""
    assert message.startswith("Hi ") and link in message and "yours alone" in message
    page.get_by_test_id(f"{p}-invitations").scroll_into_view_if_needed()
    show(page, f"{p}-copy-share-buttons")


def test_each_fault_in_each_ruleset_and_copy_and_share(browser: Browser, server_url: str) -> None:
    context = browser.new_context(
        viewport={"width": 1366, "height": 800},
        permissions=["clipboard-read", "clipboard-write"],
    )
    page = context.new_page()
    guard(page, server_url)
    try:
        page.goto(server_url)
        wait_ready(page, 90_000)
        # Classic's Load a code, with Classic and Risk, Paper, Scissors codes.
        check_load_dialog(page, "classic")
        check_load_dialog(page, "risk_paper_scissors")

        # Capital Risk by forum: the host's card.
        page.get_by_test_id("opt-rules").select_option("capital")
        for i in range(2, 8):
            page.get_by_test_id(f"cf{i}-on").set_checked(False)
        page.get_by_test_id("cf1-kind").select_option("human")
        page.get_by_test_id("cap-where").select_option("forum")
        page.get_by_test_id("cap-seat").select_option("0")
        page.get_by_test_id("start").click()
        expect(page.get_by_test_id("cap-save-code")).to_be_visible()
        check_forum_paste(page, "cap", "classic")
        check_copy_and_share(page, "cap")

        # The Great War by forum, in the same page.
        page.get_by_test_id("new-game").click()
        page.get_by_test_id("opt-rules").select_option("greatwar1907")
        expect(page.get_by_test_id("gw-fields")).to_be_visible()
        page.get_by_test_id("gw1-kind").select_option("human")
        for i in range(2, 8):
            page.get_by_test_id(f"gw{i}-kind").select_option("idle")
        page.get_by_test_id("gw-where").select_option("forum")
        page.get_by_test_id("gw-seat").select_option("0")
        page.get_by_test_id("start").click()
        expect(page.get_by_test_id("gw-save-code")).to_be_visible()
        check_forum_paste(page, "gw", "classic")
        check_copy_and_share(page, "gw")
        assert_clean(page)
    finally:
        context.close()
