"""Issue 12 in the page: a forged fork is shown as unverified and the verified game kept;
an autosave that cannot be drawn does not leave a dead page.

Screenshots of the changed dialogs go to e2e/artifacts at 1366x800 and 390x844.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from conftest import wait_ready
from playwright.sync_api import Page, expect
from test_pbem import board, create_email_game, data, form_game, play_turn, sent_code

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.core import find_ruleset  # noqa: E402
from engine.keys import PlayerKey  # noqa: E402
from engine.savecode import decode_code, encode_code  # noqa: E402
from engine.saves import read_save  # noqa: E402

SIZES = {"wide": (1366, 800), "narrow": (390, 844)}
CLASSIC_SAVE_KEY = "risk-family.classic.v1"


def shots(page: Page, artifacts: Path, name: str) -> None:
    for label, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        page.screenshot(path=str(artifacts / f"{name}-{label}.png"), full_page=True)
    page.set_viewport_size({"width": 1366, "height": 800})


def test_a_forged_fork_is_unverified_and_the_verified_game_kept(
    page: Page, server_url: str, artifacts: Path
) -> None:
    """A seated player signs {seq: prev+1, prev: '0'*32, st: every territory theirs}: the
    page says its position is not verified, lists what it changes and keeps the game."""
    ann = PlayerKey.generate(hashlib.sha256(b"e2e-ann").digest())
    page.goto(server_url + "/index.html")
    wait_ready(page)
    page.get_by_test_id("key-settings").click()
    page.get_by_test_id("key-import-input").fill(ann.export_backup())
    page.get_by_test_id("key-import").click()
    expect(page.get_by_test_id("key-note")).to_contain_text("Key imported")
    page.get_by_test_id("pbem-close").first.click()
    seed = next(f"mail{i}" for i in range(200) if form_game(f"mail{i}").actor == 0)
    create_email_game(page, seed)
    play_turn(page, attack=False)
    code, _, _ = sent_code(page)
    expect(page.get_by_test_id("send-invitations")).to_contain_text("Bob")
    shots(page, artifacts, "trust-send-invitations")
    page.get_by_test_id("pbem-close").first.click()
    record = read_save(code)
    state = record.state.clone()
    for territory in state.owner:
        state.owner[territory] = 0
    payload = dict(decode_code(code).payload)
    payload |= {"seq": record.seq + 1, "prev": "0" * 32, "acts": []}
    payload |= {"st": find_ruleset("classic").to_compact(state)}
    payload["rolls"] = [state.rng.counter, state.rng.counter]
    forged = encode_code(payload, ann, record.seat)
    before, seq = board(page), data(page)["pbemSeq"]

    page.get_by_test_id("load-code").click()
    page.get_by_test_id("load-input").fill(forged)
    page.get_by_test_id("load-submit").click()
    warning = page.get_by_test_id("load-warning")
    expect(warning).to_contain_text("NOT verified")
    expect(page.get_by_test_id("load-differences")).to_contain_text("territories")
    shots(page, artifacts, "trust-fork-dialog")
    page.get_by_test_id("load-reject").click()
    expect(page.get_by_test_id("pbem-dialog")).to_be_hidden()
    assert board(page) == before and data(page)["pbemSeq"] == seq


def test_an_autosave_that_cannot_be_drawn_is_offered_to_be_set_aside(
    page: Page, server_url: str, artifacts: Path
) -> None:
    """ "A colour of 'not-a-colour' ... the autosave brings it back, so the page stays
    stuck until storage is cleared" -- the page says so and offers to set it aside."""
    saved = form_game("stuck").to_json()
    saved["state"]["players"][0]["color"] = "not-a-colour"
    page.goto(server_url + "/index.html")
    wait_ready(page)
    page.evaluate(
        "([key, text]) => localStorage.setItem(key, text)",
        [CLASSIC_SAVE_KEY, json.dumps(saved)],
    )
    page.reload()
    wait_ready(page)
    error = page.get_by_test_id("setup-error")
    expect(error).to_contain_text("could not be restored")
    expect(error).to_contain_text("colour")
    expect(page.get_by_test_id("start")).to_be_enabled()
    shots(page, artifacts, "trust-stuck-autosave")
    page.get_by_test_id("set-aside-autosave").click()
    expect(error).to_contain_text("set aside")
    kept = page.evaluate(f"localStorage.getItem('{CLASSIC_SAVE_KEY}.set-aside')")
    assert kept is not None and "not-a-colour" in kept
    page.reload()
    wait_ready(page)
    expect(page.get_by_test_id("setup-error")).to_have_text("")
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("turn")).to_be_visible()
