"""Issue 27's page items for The Great War 1907 in the browser: a solo game with no
hand-over screen, the standings ranked by victory points, "resolved" and the replay's
phase after a phase resolves, the count field's "blank = all", earlier reports reopened
from the log, an offer to a computer nation, an attack an ally may pre-empt, the
new-game form with the Great War's title and map, and "Load a code" and "Key" in a
forum game.  Screenshots at 1366x800 and 390x844 go to e2e/artifacts/gwpage-*.png (and
to GWPAGE_SHOTS when set)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from conftest import assert_clean, wait_ready
from playwright.sync_api import Page, expect
from test_greatwar_play import seal

BODY = "document.body.dataset"
SIZES = {"1366": (1366, 800), "390": (390, 844)}


def wait_stage(page: Page, *stages: str, timeout: float = 60_000) -> None:
    cond = " || ".join(f"{BODY}.gwStage === '{s}'" for s in stages)
    page.wait_for_function(cond, timeout=timeout)


def stage(page: Page) -> str:
    value: str = page.evaluate(f"{BODY}.gwStage || ''")
    return value


def tap(page: Page, place: str) -> None:
    page.locator(f'#board [data-territory="{place}"]').first.dispatch_event("click")


def shoot(page: Page, artifacts: Path, name: str, test_id: str = "") -> None:
    """The screen at both sizes, scrolled to ``test_id`` when given."""
    extra = os.environ.get("GWPAGE_SHOTS")
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        if test_id:
            page.get_by_test_id(test_id).first.scroll_into_view_if_needed()
        page.wait_for_timeout(150)
        path = artifacts / f"gwpage-{name}-{size}.png"
        page.screenshot(path=str(path))
        if extra:
            Path(extra).mkdir(parents=True, exist_ok=True)
            shutil.copy(path, Path(extra) / path.name)
    page.set_viewport_size({"width": 1366, "height": 800})


def choose_great_war(page: Page) -> None:
    page.get_by_test_id("opt-rules").select_option("greatwar1907")
    expect(page.get_by_test_id("gw-fields")).to_be_visible()


def start_solo(page: Page, seed: str) -> None:
    choose_great_war(page)
    for i in range(1, 8):
        page.get_by_test_id(f"gw{i}-kind").select_option("easy")
    page.get_by_test_id("gw-seed").fill(seed)
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("gw-status")).to_be_visible()


def test_the_new_game_form_shows_the_great_wars_title_map_and_whole_names(
    page: Page, server_url: str, artifacts: Path
) -> None:
    """Choosing The Great War 1907 names it in the top bar and draws its map; the
    nation and name columns do not overlap and no name is cut, at 1366 and 390 px."""
    page.set_viewport_size({"width": 1366, "height": 800})
    page.goto(server_url)
    wait_ready(page)
    choose_great_war(page)
    expect(page.locator(".title .sub")).to_have_text("The Great War 1907")
    expect(page.locator('#board [data-territory="mos"]').first).to_be_attached(timeout=60_000)
    assert page.title().endswith("The Great War 1907")
    shoot(page, artifacts, "form", "gw-fields")
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(150)
        for i in range(8):
            row = page.locator(f'.gw-row:has([data-testid="gw{i}-name"])')
            nation = row.locator(".gw-nation").bounding_box()
            name = page.get_by_test_id(f"gw{i}-name").bounding_box()
            kind = page.get_by_test_id(f"gw{i}-kind").bounding_box()
            assert nation and name and kind, (size, i)
            assert nation["x"] + nation["width"] <= name["x"] + 0.5, (size, i, nation, name)
            assert name["x"] + name["width"] <= kind["x"] + 0.5, (size, i, name, kind)
            cut = row.locator(".gw-nation").evaluate("e => e.scrollWidth > e.clientWidth + 1")
            assert not cut, (size, i)
            names_cut = page.get_by_test_id(f"gw{i}-name").evaluate(
                "e => e.scrollWidth > e.clientWidth + 1"
            )
            assert not names_cut, (size, i)
    page.set_viewport_size({"width": 1366, "height": 800})
    # back to Classic: its own title and map again
    page.get_by_test_id("opt-rules").select_option("classic")
    expect(page.locator(".title .sub")).to_have_text("Classic")
    expect(page.locator('#board [data-territory="mos"]')).to_have_count(0)
    assert_clean(page)


def test_a_solo_game_standings_counts_reports_offers_and_pre_emption(
    page: Page, server_url: str, artifacts: Path
) -> None:
    page.set_viewport_size({"width": 1366, "height": 800})
    page.goto(server_url)
    wait_ready(page)
    start_solo(page, "e2e-gw-page")
    # one human against computers: straight to the orders, no "Pass the device"
    wait_stage(page, "entry")
    expect(page.locator(".handover-card:visible")).to_have_count(0)
    # the standings: ranked by victory points, the most first
    standings = page.get_by_test_id("gw-standings")
    expect(standings).to_contain_text("Ranked by victory points")
    vps = page.eval_on_selector_all(
        '[data-testid="gw-standings"] tr[data-place]',
        "rows => rows.map(r => +r.cells[3].innerText)",
    )
    assert vps == sorted(vps, reverse=True) and len(vps) == 8
    # the count says what blank means, in every mode, and empties when the mode changes
    expect(page.get_by_test_id("gw-count-blank")).to_have_text("blank = all you can pay for")
    page.get_by_test_id("gw-count").fill("2")
    page.get_by_test_id("gw-mode-move").click()
    expect(page.get_by_test_id("gw-count")).to_have_value("")
    expect(page.get_by_test_id("gw-count-blank")).to_have_text("blank = all")
    page.get_by_test_id("gw-mode-build").click()
    page.get_by_test_id("gw-count").fill("2")
    tap(page, "mos")
    expect(page.get_by_test_id("gw-review")).to_contain_text("Build 2 div in Moscow")
    shoot(page, artifacts, "count", "gw-count")
    # an offer to a computer nation says when it is answered, as it is written
    page.get_by_test_id("gw-mode-trade").click()
    page.get_by_test_id("gw-trade-with").select_option("germany")
    expect(page.get_by_test_id("gw-trade-answer")).to_contain_text(
        "answers at the next Deployment phase"
    )
    page.get_by_test_id("gw-trade-give-pp").fill("1")
    page.get_by_test_id("gw-trade-add").click()
    expect(page.get_by_test_id("message")).to_contain_text("at the next Deployment phase")
    shoot(page, artifacts, "offer", "gw-trade-answer")
    seal(page)
    # resolved: the replay names the phase, the standings say "resolved"
    wait_stage(page, "replay", "report")
    if stage(page) == "replay":
        expect(page.get_by_test_id("gw-replay-phase")).to_contain_text("Deployment of turn 1")
        shoot(page, artifacts, "replay", "gw-replay-phase")
        page.get_by_test_id("gw-replay-skip").click()
    wait_stage(page, "report")
    orders = page.eval_on_selector_all(
        '[data-testid="gw-standings"] tr[data-place]', "rows => rows.map(r => r.cells[5].innerText)"
    )
    assert set(orders) == {"resolved"}, orders
    shoot(page, artifacts, "resolved", "gw-standings")
    page.get_by_test_id("gw-next-phase").click()
    wait_stage(page, "entry")  # no hand-over in the next phase either
    # the Attack: Russia on Belgrade from Zagreb, its Ottoman ally beside it
    page.get_by_test_id("gw-mode-attack").click()
    expect(page.get_by_test_id("gw-count")).to_have_value("")  # the phase ended: emptied
    tap(page, "zag")
    tap(page, "bel")
    expect(page.get_by_test_id("gw-preempt-bel")).to_contain_text("Ottoman Empire (ally")
    expect(page.get_by_test_id("message")).to_contain_text("May be pre-empted")
    shoot(page, artifacts, "preempt", "gw-preempt-bel")
    # the Deployment's report reopens from the log
    past = page.get_by_test_id("gw-past-reports")
    expect(past).to_contain_text("Deployment of turn 1")
    page.get_by_test_id("gw-past-report-0").click()
    body = page.get_by_test_id("gw-past-report-body")
    expect(body).to_contain_text("Moscow")
    shoot(page, artifacts, "past-report", "gw-past-report-0")
    page.get_by_test_id("gw-past-report-0").click()
    expect(body).to_have_count(0)
    assert_clean(page)


def test_load_a_code_and_key_open_in_a_great_war_forum_game(page: Page, server_url: str) -> None:
    """Issue 27: "Load a code" and "Key" open their dialogs in a Great War game by forum
    (pass and play: e2e/test_speed.py)."""
    page.set_viewport_size({"width": 1366, "height": 800})
    page.goto(server_url)
    wait_ready(page)
    choose_great_war(page)
    page.get_by_test_id("gw1-kind").select_option("human")
    page.get_by_test_id("gw-seed").fill("gw-forum-dialogs")
    page.get_by_test_id("gw-where").select_option("forum")
    page.get_by_test_id("gw-seat").select_option("0")
    page.get_by_test_id("start").click()
    wait_stage(page, "entry")
    page.get_by_test_id("load-code").click()
    expect(page.get_by_test_id("load-dialog")).to_be_visible()
    page.get_by_test_id("pbem-close").click()
    expect(page.get_by_test_id("pbem-dialog")).to_be_hidden()
    page.get_by_test_id("key-settings").click()
    expect(page.get_by_test_id("key-public")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("pbem-dialog")).to_be_hidden()
    expect(page.get_by_test_id("greatwar1907")).to_be_visible()
    assert_clean(page)
