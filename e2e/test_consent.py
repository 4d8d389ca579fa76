"""Issue 25, 1 in the browser: in a Capital Risk game of two by forum, one faction cannot
force a turn past the other; the resolve box says why and offers a forfeit claim, which
the other browser sees as disputed until it concedes, and then both show the game over."""

from __future__ import annotations

from pathlib import Path

from conftest import wait_ready
from playwright.sync_api import Browser, expect
from test_capital_play import choose_capital_rules, enter_setup, guarded, text_of, wait_stage


def test_a_silent_rival_cannot_be_passed_over_and_a_forfeit_is_disputed_until_conceded(
    browser: Browser, server_url: str, artifacts: Path
) -> None:
    ctx_a, a, mon_a = guarded(browser, server_url)
    ctx_b, b, mon_b = guarded(browser, server_url)
    try:
        # Bob's browser opens only his invitation: a page left while its first load's
        # background fetches run reports them as aborted requests.
        a.goto(server_url)
        wait_ready(a, 90_000)
        choose_capital_rules(
            a, [("Ann", "human"), ("Bob", "human")], "consent-1", where="forum", seat="0"
        )
        invite = a.get_by_test_id("cap-invite-link-1").get_attribute("href") or ""
        b.goto(invite)
        wait_ready(b, 90_000)
        wait_stage(b, "claim")
        b.get_by_test_id("cap-claim-1").click()
        wait_stage(b, "entry")
        a.get_by_test_id("cap-paste").fill(text_of(b, "cap-save-code"))
        a.get_by_test_id("cap-load").click()
        expect(a.get_by_test_id("message")).to_contain_text("claimed: Ann, Bob")
        for p in (a, b):
            wait_stage(p, "entry")
            enter_setup(p)
            wait_stage(p, "sealed")
        sealed = text_of(a, "cap-sealed-code") + "\n" + text_of(b, "cap-sealed-code")
        a.get_by_test_id("cap-seen-seals").fill(sealed)
        a.get_by_test_id("cap-confirm-sealed").click()
        reveal = text_of(a, "cap-reveal-code")

        # Ann alone: her reveal and her own deadline code cannot force Bob's turn.
        a.locator('[data-testid="cap-resolve-box"] summary').click()
        expect(a.get_by_test_id("cap-two")).to_be_visible()
        a.get_by_test_id("cap-resolve-reveals").fill(reveal)
        a.get_by_test_id("cap-sign-deadline").click()
        expect(a.get_by_test_id("message")).to_contain_text("Deadline code signed")
        a.locator('[data-testid="cap-resolve-box"] summary').click()  # redrawn closed
        a.get_by_test_id("cap-resolve-sealed").fill(sealed)
        a.get_by_test_id("cap-resolve-reveals").fill(reveal)
        a.get_by_test_id("cap-resolve-deadlines").fill(text_of(a, "cap-deadline-code"))
        a.get_by_test_id("cap-resolve").click()
        expect(a.get_by_test_id("message")).to_contain_text("nobody resolves a turn alone")
        a.locator('[data-testid="cap-resolve-box"] summary').click()
        expect(a.get_by_test_id("cap-stuck")).to_contain_text("Bob has neither revealed")
        expect(a.get_by_test_id("cap-abandon")).to_be_visible()
        a.get_by_test_id("cap-remedies").screenshot(path=str(artifacts / "consent-stuck.png"))

        # Ann claims a forfeit: disputed on both pages until Bob concedes.
        a.get_by_test_id("cap-claim-forfeit").click()
        disputed = "Disputed: Ann claims Bob forfeited; Bob has not agreed"
        expect(a.get_by_test_id("cap-disputed")).to_contain_text(disputed)
        b.get_by_test_id("cap-paste").fill(text_of(a, "cap-forfeit-code"))
        b.get_by_test_id("cap-load").click()
        expect(b.get_by_test_id("cap-disputed")).to_contain_text(disputed)
        b.get_by_test_id("cap-concede").click()
        over = "Bob conceded: Ann wins by forfeit"
        expect(b.get_by_test_id("cap-forfeit-over")).to_contain_text(over)
        a.get_by_test_id("cap-paste").fill(text_of(b, "cap-save-code"))
        a.get_by_test_id("cap-load").click()
        expect(a.get_by_test_id("cap-forfeit-over")).to_contain_text(over)
        a.screenshot(path=str(artifacts / "consent-forfeit-over.png"))
        mon_a.assert_clean()
        mon_b.assert_clean()
    finally:
        ctx_a.close()
        ctx_b.close()
