"""The game speed and the shell's code dialogs in the browser (issue 30).

* The game speed is one setting kept per device: chosen in the new-game form, it is the
  game's own control after a reload; "Skip ▸▸" switches it to Instant, and at Instant two
  computers play a round at once, the map marking what changed and the message line
  saying who took what.  (How long a round takes at each speed is measured by
  ``make bench``, bench/speed_page.py, never asserted here.)
* "Load a code" no longer gets stuck: a Capital Risk save pasted in a Classic game opens
  that game and the dialog goes; Cancel and Escape close it, and the page is usable.
* In Capital Risk and Great War games "Load a code" and "Key" open their dialogs.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from conftest import assert_clean, wait_ready
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from test_capital_play import choose_capital_rules  # noqa: E402
from test_classic_play import start_game, wait_human  # noqa: E402
from test_greatwar_play import start_game as start_greatwar  # noqa: E402

from engine.core import PlayerSpec  # noqa: E402
from engine.keys import PlayerKey  # noqa: E402

BODY = "document.body.dataset"


def capital_save_code() -> str:
    """The save code of a two-faction Capital Risk forum game, as its host posts it."""
    from ui.capital.session import CapitalSession

    key = PlayerKey.generate(hashlib.sha256(b"e2e-speed-capital").digest())
    specs = [PlayerSpec("Vera", "human"), PlayerSpec("Bo", "human")]
    return str(CapitalSession.new_forum(specs, {}, "e2e-speed", key, 0).code)


def test_the_speed_stays_after_a_reload(page: Page, server_url: str) -> None:
    page.goto(server_url)
    wait_ready(page)
    expect(page.get_by_test_id("opt-speed")).to_have_value("watch")
    page.get_by_test_id("opt-speed").select_option("fast")
    expect(page.get_by_test_id("game-speed")).to_have_value("fast")  # one setting
    start_game(page, [("Ada", "human"), ("Boris", "standard"), ("Chloe", "standard")], "speed-1")
    page.reload()
    wait_ready(page)
    expect(page.get_by_test_id("game-speed")).to_have_value("fast")
    expect(page.get_by_test_id("opt-speed")).to_have_value("fast")
    assert page.evaluate(f"{BODY}.speed") == "fast"
    assert_clean(page)


def test_skip_stays_on_and_instant_marks_what_the_computers_changed(
    page: Page, server_url: str
) -> None:
    """Two Standard computers before the human: "Skip ▸▸" makes the speed Instant (kept
    after a reload, until switched off); the round ends at once with what changed marked
    on the map and said on the message line."""
    page.goto(server_url)
    wait_ready(page)
    seats = [("Boris", "standard"), ("Chloe", "standard"), ("Ada", "human")]
    start_game(page, seats, "speed-2")
    page.get_by_test_id("skip").click()
    expect(page.get_by_test_id("game-speed")).to_have_value("instant")
    wait_human(page)
    message = page.get_by_test_id("message")
    expect(message).to_contain_text("While the computers played:")
    expect(message).to_contain_text("took")
    marked = page.locator("#board path.changed")
    assert marked.count() >= 1
    assert page.locator("#board .changed-outline").count() == marked.count()
    taken = page.evaluate(
        "[...document.querySelectorAll('#board path.changed')].map(p => p.dataset.owner)"
    )
    assert set(taken) <= {"0", "1"}  # the computers' conquests
    page.reload()
    wait_ready(page)
    expect(page.get_by_test_id("game-speed")).to_have_value("instant")
    page.get_by_test_id("game-speed").select_option("watch")  # switched off
    assert page.evaluate("localStorage.getItem('risk-family.speed.v1')") == "watch"
    assert_clean(page)


def test_a_capital_save_pasted_in_a_classic_game_does_not_leave_the_dialog_stuck(
    page: Page, server_url: str
) -> None:
    page.goto(server_url)
    wait_ready(page)
    start_game(page, [("Ada", "human"), ("Boris", "standard")], "stuck-1")
    wait_human(page)
    page.get_by_test_id("load-code").click()
    page.get_by_test_id("load-input").fill(capital_save_code())
    page.get_by_test_id("load-submit").click()
    expect(page.get_by_test_id("capital")).to_be_visible()  # the code's own game opens
    expect(page.get_by_test_id("pbem-dialog")).to_be_hidden()
    # and the dialog opens and closes again, by Cancel and by Escape
    page.get_by_test_id("load-code").click()
    expect(page.get_by_test_id("load-dialog")).to_be_visible()
    page.get_by_test_id("pbem-close").click()
    expect(page.get_by_test_id("pbem-dialog")).to_be_hidden()
    page.get_by_test_id("load-code").click()
    expect(page.get_by_test_id("load-input")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("pbem-dialog")).to_be_hidden()
    page.get_by_test_id("help").click()  # the page answers
    expect(page.get_by_test_id("help-dialog")).to_be_visible()
    assert_clean(page)


def open_and_close_the_code_dialogs(page: Page, prefix: str) -> None:
    page.wait_for_function(f"{BODY}.{prefix}Stage === 'entry'")  # one human: no hand-over
    page.get_by_test_id("load-code").click()
    expect(page.get_by_test_id("load-dialog")).to_be_visible()
    page.get_by_test_id("pbem-close").click()
    expect(page.get_by_test_id("pbem-dialog")).to_be_hidden()
    page.get_by_test_id("key-settings").click()
    expect(page.get_by_test_id("key-public")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("pbem-dialog")).to_be_hidden()


def test_load_and_key_open_in_capital_and_great_war_games(page: Page, server_url: str) -> None:
    page.goto(server_url)
    wait_ready(page)
    choose_capital_rules(page, [("Vera", "human"), ("Bo", "standard")], "dialogs-1")
    open_and_close_the_code_dialogs(page, "cap")
    expect(page.get_by_test_id("capital")).to_be_visible()  # the game stays
    page.get_by_test_id("new-game").click()
    start_greatwar(page, "dialogs-2", {0: "human"})
    open_and_close_the_code_dialogs(page, "gw")
    expect(page.get_by_test_id("greatwar1907")).to_be_visible()
    assert_clean(page)
