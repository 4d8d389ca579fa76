"""Play by email in the browser: two browsers with separate storage pass save codes.

Ann (browser A) creates a game by email with Bob (browser B) and a computer, plays a turn
and sends; Bob opens the ``#game=`` link, claims his seat, plays (the computer's turn is
played in his browser) and sends; Ann pastes his code (after a tampered copy is refused),
plays and sends; Bob's page takes it through ``hashchange``. An old code and a code sent
twice are refused, and the page's codes equal what CPython makes from the same orders
with the same key, byte for byte.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import assert_clean, click_territory, guard, legal, wait_ready
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.keys import PlayerKey  # noqa: E402
from engine.savecode import canonical_json, decode_code  # noqa: E402
from engine.saves import make_save, read_save  # noqa: E402
from ui.classic.controller import Session  # noqa: E402
from ui.classic.form import read_form  # noqa: E402

BODY = "document.body.dataset"
TIMEOUT = 30_000
SEATS = [("Ann", "human"), ("Bob", "human"), ("Cy", "easy")]
# The new-game form as the test fills it (everything else at its default).
FORM = {
    "seat0-name": "Ann",
    "seat0-control": "human",
    "seat0-color": "#D55E00",
    "seat1-name": "Bob",
    "seat1-control": "human",
    "seat1-color": "#0072B2",
    "seat2-name": "Cy",
    "seat2-control": "easy",
    "seat2-color": "#F0E442",
    "game_type": "custom",
    "neutral": "auto",
    "enemy_hqs": "0",
    "army_limit": "0",
}
CHECKED = {"seat0-on", "seat1-on", "seat2-on", "special_setup"}


def form_game(seed: str) -> Session:
    players, options, _ = read_form(lambda n: FORM.get(n, ""), lambda n: n in CHECKED)
    return Session.new(players, options, seed)


def ann_first_seed() -> str:
    return next(f"mail{i}" for i in range(200) if form_game(f"mail{i}").actor == 0)


@pytest.fixture
def page_b(browser: Browser, server_url: str) -> Iterator[Page]:
    """A second browser (its own storage), guarded like the `page` fixture."""
    context = browser.new_context()
    page = context.new_page()
    guard(page, server_url)
    yield page
    context.close()


def data(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(f"({{...{BODY}}})")
    return result


def board(page: Page) -> list[list[str]]:
    rows: list[list[str]] = page.evaluate(
        "[...document.querySelectorAll('#board path[data-territory]')]"
        ".map(p => [p.dataset.territory, p.dataset.owner, p.dataset.armies])"
    )
    return rows


def create_email_game(page: Page, seed: str) -> None:
    for i, (name, control) in enumerate(SEATS):
        page.get_by_test_id(f"seat{i}-name").fill(name)
        page.get_by_test_id(f"seat{i}-control").select_option(control)
    page.get_by_test_id("opt-game_type").select_option("custom")
    page.get_by_test_id("opt-where").select_option("email")
    page.get_by_text("All options", exact=True).click()
    page.get_by_test_id("opt-seed").fill(seed)
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("turn")).to_be_visible()


def play_turn(page: Page, attack: bool) -> None:
    """Place every army on the first legal territory, attack once if asked, end the turn;
    computers that follow are skipped through; ends when the send dialog shows."""
    page.wait_for_function(f"{BODY}.humanTurn === 'true'", timeout=TIMEOUT)
    assert data(page)["phase"] == "reinforce"
    page.locator('[data-action="set-count"]').last.click()
    click_territory(page, legal(page)[0])
    page.wait_for_function(f"{BODY}.phase === 'attack'")
    if attack:
        armies = {t: int(a) for t, _, a in board(page)}
        origin = max(legal(page), key=lambda t: armies[t])
        click_territory(page, origin)
        expect(page.get_by_test_id("odds")).to_be_visible()
        page.locator('[data-action="attack-target"]').first.click()
        expect(page.get_by_test_id("dice")).to_contain_text("defends")
        if data(page)["phase"] == "move-in":
            page.get_by_test_id("move-in-confirm").click()
        page.wait_for_function(f"{BODY}.phase === 'attack'")
    page.get_by_test_id("end-turn").click()
    dialog = page.get_by_test_id("send-dialog")
    for _ in range(60):
        if dialog.is_visible():
            break
        skip = page.get_by_test_id("skip")
        if skip.is_visible():
            with contextlib.suppress(PlaywrightTimeoutError):  # gone when computers are done
                skip.click(timeout=1_000)
        page.wait_for_timeout(250)
    expect(dialog).to_be_visible(timeout=TIMEOUT)


def sent_code(page: Page) -> tuple[str, str, str]:
    """The code, link and mailto URL of the send dialog."""
    code = page.get_by_test_id("send-code").input_value()
    link = page.get_by_test_id("send-link").get_attribute("href") or ""
    mailto = page.get_by_test_id("send-mailto").get_attribute("href") or ""
    return code, link, mailto


def load(page: Page, code: str) -> None:
    page.get_by_test_id("load-code").click()
    page.get_by_test_id("load-input").fill(code)
    page.get_by_test_id("load-submit").click()


def expect_refused(page: Page, code: str, words: str, shot: Path | None = None) -> None:
    before, seq = board(page), data(page)["pbemSeq"]
    load(page, code)
    error = page.get_by_test_id("load-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text(words)
    if shot is not None:
        page.screenshot(path=str(shot))
    assert "Traceback" not in page.get_by_test_id("pbem-dialog").inner_text()
    assert board(page) == before and data(page)["pbemSeq"] == seq
    page.get_by_test_id("pbem-close").first.click()
    expect(page.get_by_test_id("pbem-dialog")).to_be_hidden()


def test_three_turns_by_email(page: Page, page_b: Page, server_url: str, artifacts: Path) -> None:
    seed = ann_first_seed()
    a = page
    a.goto(server_url)
    wait_ready(a)
    create_email_game(a, seed)
    expect(a.get_by_test_id("pbem-status")).to_contain_text("you play Ann")

    # Turn 1: Ann plays and sends.
    play_turn(a, attack=True)
    code1, link1, mailto1 = sent_code(a)
    assert code1.startswith("RK1.") and link1.endswith(f"index.html#game={code1}")
    assert mailto1.startswith("mailto:?subject=") and code1 in mailto1
    # Bob's seat is kept for him: his own invitation link (the code alone lets others watch).
    invite1 = a.get_by_test_id("invite-link-0").get_attribute("href") or ""
    assert invite1.startswith(link1 + "&invite=1.")
    a.get_by_test_id("send-copy").click()
    expect(a.get_by_test_id("send-note")).not_to_be_empty()
    a.screenshot(path=str(artifacts / "pbem-send.png"))
    sizes = {"save 1 (Ann)": len(code1)}
    a.get_by_test_id("pbem-close").click()
    expect(a.get_by_test_id("waiting")).to_contain_text("Waiting for Bob's turn — paste their code")
    assert data(a)["waiting"] == "true"

    # The page's code is what CPython makes from the same orders with the same key.
    a.get_by_test_id("key-settings").click()
    a.get_by_test_id("key-show").click()
    backup = a.get_by_test_id("key-backup").input_value()
    a.get_by_test_id("pbem-close").click()
    key = PlayerKey.from_backup(backup)
    record1 = read_save(code1)
    assert any(act["kind"] == "attack" for act in record1.actions)
    session = form_game(seed)
    rs = session.ruleset
    zero = make_save(
        rs,
        session.state,
        game_id=record1.game_id,
        keys=[key.public_key_text, None, None],
        signer=key,
        seat=0,
        invitations=record1.invitations,
    )
    state = session.state
    for raw in record1.actions:
        state = rs.apply(state, rs.parse_order(raw)).state
    again = make_save(
        rs,
        state,
        game_id=record1.game_id,
        keys=list(record1.keys),
        signer=key,
        seat=0,
        previous=read_save(zero),
        actions=[rs.parse_order(raw) for raw in record1.actions],
    )
    assert canonical_json(decode_code(again).payload) == canonical_json(decode_code(code1).payload)
    assert again == code1

    # Turn 2: Bob opens his invitation link, claims seat 2, plays; Cy's turn is played in
    # his browser.
    b = page_b
    b.goto(invite1)
    wait_ready(b)
    join = b.get_by_test_id("load-join")
    expect(join).to_be_visible()
    expect(b.get_by_test_id("claim-seat-0")).to_have_count(0)  # Ann's seat
    expect(b.get_by_test_id("claim-seat-2")).to_have_count(0)  # the computer's
    b.screenshot(path=str(artifacts / "pbem-join.png"))
    b.get_by_test_id("claim-seat-1").click()
    expect(b.get_by_test_id("pbem-status")).to_contain_text("you play Bob")
    assert "#game=" not in b.url
    play_turn(b, attack=False)
    code2, _, _ = sent_code(b)
    sizes["save 2 (Bob + Cy)"] = len(code2)
    b.get_by_test_id("pbem-close").click()
    assert read_save(code2).keys[1] is not None

    # Ann: a tampered code is refused and changes nothing; the real one is accepted.
    body, signature = code2.rsplit(".", 1)
    flipped = signature[:20] + ("A" if signature[20] != "A" else "B") + signature[21:]
    expect_refused(a, f"{body}.{flipped}", "altered, forged", artifacts / "pbem-refused.png")
    expect_refused(a, code2[: len(code2) - 30], "cut off")
    load(a, code2)
    expect(a.get_by_test_id("pbem-dialog")).to_be_hidden()
    expect(a.get_by_test_id("message")).to_contain_text("Turn loaded")
    assert data(a)["pbemSeq"] == "2"
    expect_refused(a, code1, "old turn")

    # Turn 3: Ann plays and sends; Bob's page takes the link through hashchange.
    play_turn(a, attack=False)
    code3, link3, _ = sent_code(a)
    sizes["save 3 (Ann)"] = len(code3)
    b.evaluate("code => { location.hash = '#game=' + code }", code3)
    b.wait_for_function(f"{BODY}.pbemSeq === '3'", timeout=TIMEOUT)
    expect(b.get_by_test_id("message")).to_contain_text("Turn loaded")
    b.wait_for_function(f"{BODY}.humanTurn === 'true'")
    expect_refused(b, code3, "already loaded")
    expect_refused(b, link3.replace("#game=RK1.", "#game=RK2."), "newer version")

    # A reload keeps the email game (the last save, the outbox, the seat).
    saved = a.evaluate("localStorage.getItem('risk-family.classic.v1')")
    a.reload()
    wait_ready(a)
    assert data(a)["pbemSeq"] == "3" and data(a)["waiting"] == "true"
    assert a.evaluate("localStorage.getItem('risk-family.classic.v1')") == saved
    a.get_by_test_id("waiting-send").click()
    assert a.get_by_test_id("send-code").input_value() == code3

    (artifacts / "pbem-sizes.txt").write_text(
        "".join(f"{name}: {size} characters\n" for name, size in sizes.items())
    )
    assert_clean(a)
    assert_clean(b)
