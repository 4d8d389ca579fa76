"""Issue 16 in the browser: the shell every ruleset shares — default seats for one
player, a question before a saved game is replaced, "How to play", the game record
(replay controls, charts, league), the phone layout and a Classic turn by keyboard."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import assert_clean, wait_ready
from playwright.sync_api import Page, expect

BODY = "document.body.dataset"
SIZES = {"laptop": (1366, 800), "small": (1280, 720), "phone": (390, 844)}


def shoot(page: Page, artifacts: Path, name: str) -> None:
    page.screenshot(path=str(artifacts / f"shell-{name}.png"))


def start_solo(page: Page, seed: str) -> None:
    """One click after the defaults (plus a seed, so the game is the same every run)."""
    page.locator("details.options summary").click()
    page.get_by_test_id("opt-seed").fill(seed)
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("turn")).to_be_visible()


def test_default_seats_are_one_human_against_two_expert_computers(
    page: Page, server_url: str, artifacts: Path
) -> None:
    """One click gives a solo game against the strongest Classic level, Expert (issue 31:
    the top level is the default opponent once it beats the level below), and Capital
    Risk's factions Expert too (shown with two, four and six factions)."""
    page.goto(server_url)
    wait_ready(page)
    assert page.get_by_test_id("seat0-name").input_value() == "Ada"
    assert page.get_by_test_id("seat0-control").input_value() == "human"
    for seat in (1, 2):
        assert page.get_by_test_id(f"seat{seat}-control").input_value() == "expert"
        expect(page.get_by_test_id(f"seat{seat}-on")).to_be_checked()
    expect(page.get_by_test_id("seat3-on")).not_to_be_checked()
    labels = page.locator('[data-testid="seat1-control"] option').all_inner_texts()
    assert labels == ["Human", "CPU · Easy", "CPU · Standard", "CPU · Good", "CPU · Expert"]
    assert page.get_by_test_id("opt-game_type").input_value() != "custom"
    assert page.get_by_test_id("cf1-kind").input_value() == "expert"
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        shoot(page, artifacts, f"form-{size}")
    page.get_by_test_id("start").click()  # one click: a solo game
    expect(page.get_by_test_id("turn")).to_be_visible()
    page.get_by_test_id("tab-players").click()
    names = page.locator('[data-testid="players-table"]').inner_text()
    assert "Ada" in names and "Boris" in names and "Chloe" in names
    assert_clean(page)


def test_a_saved_game_is_not_replaced_without_asking_and_rulesets_keep_their_own(
    page: Page, server_url: str, artifacts: Path
) -> None:
    page.goto(server_url)
    wait_ready(page)
    start_solo(page, "keep-1")
    seed_of = "JSON.parse(localStorage.getItem('risk-family.classic.v1')).state.rng[0]"
    assert page.evaluate(seed_of) == "keep-1"
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("confirm-new")).to_be_visible()
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        shoot(page, artifacts, f"confirm-{size}")
    page.set_viewport_size({"width": 1366, "height": 800})
    page.get_by_test_id("confirm-keep").click()
    expect(page.get_by_test_id("confirm-dialog")).to_be_hidden()
    assert page.evaluate(seed_of) == "keep-1"  # the saved game is still there
    # A Capital Risk game does not throw the Classic one away...
    page.get_by_test_id("opt-rules").select_option("capital")
    page.get_by_test_id("start").click()  # no Capital save yet: no question
    expect(page.get_by_test_id("capital")).to_be_visible()
    overlay = page.get_by_test_id("cap-overlay")
    if overlay.is_visible():  # Capital's hand-over screen comes first
        overlay.locator("button").first.click()
    assert page.evaluate("localStorage.getItem('risk-family.classic.v1')") is not None
    # ... and the form offers to resume it.
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("resume-classic").click()
    expect(page.get_by_test_id("turn")).to_be_visible()
    assert page.evaluate("localStorage.getItem('risk-family.capital.v1')") is not None
    # Confirmed, the new game replaces the saved one.
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("opt-rules").select_option("classic")
    page.get_by_test_id("opt-seed").fill("keep-2")
    page.get_by_test_id("start").click()
    page.get_by_test_id("confirm-start").click()
    expect(page.get_by_test_id("message")).to_contain_text("keep-2")
    assert page.evaluate(seed_of) == "keep-2"
    assert_clean(page)


def play_some_turns(page: Page, seed: str, turns: int) -> None:
    """Computers only, skipped, until ``turns`` turns are recorded."""
    page.get_by_test_id("seat0-control").select_option("easy")
    start_solo(page, seed)
    page.get_by_test_id("skip").click()
    page.wait_for_function(
        "(() => { const t = localStorage.getItem('risk-family.classic.timeline.v1');"
        f" return t && JSON.parse(t).frames.length >= {turns}; }})()",
        timeout=60_000,
    )


def test_replay_steps_back_and_forward_and_pauses(
    page: Page, server_url: str, artifacts: Path
) -> None:
    page.goto(server_url)
    wait_ready(page)
    play_some_turns(page, "replay-1", 6)
    # The computers play on to the end; the winner screen opens the record.
    expect(page.get_by_test_id("winner")).to_be_visible(timeout=120_000)
    page.get_by_test_id("winner-record").click()
    position = page.get_by_test_id("replay-pos")
    expect(position).to_be_visible()
    count = int(position.get_attribute("data-count") or 0)
    assert count >= 6
    assert int(position.get_attribute("data-index") or -1) == count - 1
    page.get_by_test_id("replay-back").click()
    expect(position).to_have_attribute("data-index", str(count - 2))
    page.get_by_test_id("replay-back").click()
    expect(position).to_have_attribute("data-index", str(count - 3))
    page.get_by_test_id("replay-forward").click()
    expect(position).to_have_attribute("data-index", str(count - 2))
    page.get_by_test_id("replay-first").click()
    expect(position).to_have_attribute("data-index", "0")
    expect(page.get_by_test_id("replay-back")).to_be_disabled()
    # Play, then pause: the position stops moving, and a step by hand is one step.
    page.get_by_test_id("replay-faster").click()
    page.get_by_test_id("replay-faster").click()
    page.get_by_test_id("replay-play").click()
    page.wait_for_function(
        "Number(document.querySelector('[data-testid=replay-pos]').dataset.index) >= 2"
    )
    page.get_by_test_id("replay-play").click()  # pause
    paused = int(position.get_attribute("data-index") or 0)
    page.wait_for_timeout(900)
    expect(position).to_have_attribute("data-index", str(paused))
    if paused < count - 1:
        page.get_by_test_id("replay-forward").click()
        page.wait_for_timeout(600)
        expect(position).to_have_attribute("data-index", str(paused + 1))
    expect(page.locator('[data-testid="replay-board"] path[data-territory]')).to_have_count(42)
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        shoot(page, artifacts, f"replay-{size}")
    # The charts: one line per player in each chart.
    page.get_by_test_id("record-tab-charts").click()
    for metric in ("territories", "armies", "income"):
        chart = page.get_by_test_id(f"chart-{metric}")
        expect(chart.locator("polyline.series")).to_have_count(3)
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        shoot(page, artifacts, f"charts-{size}")
    page.get_by_test_id("record-tab-league").click()
    expect(page.get_by_test_id("league-table").locator("tbody tr")).to_have_count(3)
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        shoot(page, artifacts, f"league-{size}")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("record-dialog")).to_be_hidden()
    assert_clean(page)


def test_how_to_play_shows_the_phase_and_the_full_rules(
    page: Page, server_url: str, artifacts: Path
) -> None:
    page.goto(server_url)
    wait_ready(page)
    start_solo(page, "help-1")
    page.wait_for_function(f"{BODY}.humanTurn === 'true'", timeout=30_000)
    phase = page.evaluate(f"{BODY}.phase")
    page.get_by_test_id("help").click()
    body = page.get_by_test_id("help-body")
    expect(page.get_by_test_id("help-card")).to_contain_text("How to play")
    if phase == "reinforce":
        expect(body).to_contain_text("Collect armies")
        expect(body).not_to_contain_text("Scoring and victory")
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        shoot(page, artifacts, f"help-{size}")
    page.get_by_test_id("help-full").click()
    expect(body).to_contain_text("Scoring and victory")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("help-dialog")).to_be_hidden()
    page.get_by_test_id("record-open").click()  # during the game too
    expect(page.get_by_test_id("replay-pos")).to_be_visible()
    page.get_by_test_id("close-record").click()
    assert_clean(page)


def test_phone_shows_every_territory_without_sideways_scrolling(
    page: Page, server_url: str, artifacts: Path
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server_url)
    wait_ready(page)
    start_solo(page, "phone-1")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # The phone opens framed on the player's land (issue 28); "Whole board" shows it all.
    page.get_by_test_id("zoom-fit").click()
    page.wait_for_timeout(400)
    board = page.evaluate(
        "(() => { const b = document.querySelector('#board').getBoundingClientRect();"
        " return [...document.querySelectorAll('#board path[data-territory]')].every(p => {"
        " const r = p.getBoundingClientRect();"
        " return r.left >= b.left - 1 && r.right <= b.right + 1 && r.width > 0; }); })()"
    )
    assert board, "a territory lies outside the board's frame"
    assert page.evaluate("document.querySelector('#board').scrollWidth") <= 392
    shoot(page, artifacts, "game-phone")
    # Zoomed in or not, every territory's tap target is at least 24 px wide.
    page.get_by_test_id("zoom").click()
    expect(page.get_by_test_id("zoom")).to_have_attribute("aria-pressed", "true")
    smallest = page.evaluate(
        "Math.min(...[...document.querySelectorAll('#board [data-hit]')]"
        ".map(c => c.getBoundingClientRect().width))"
    )
    assert smallest >= 24, f"smallest tap target {smallest:.1f} px"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the map scrolls
    shoot(page, artifacts, "game-phone-zoomed")


def test_laptop_tap_targets_are_24_px(page: Page, server_url: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 800})
    page.goto(server_url)
    wait_ready(page)
    iceland = page.evaluate(
        "(() => { const r = document.querySelector('#board [data-hit=\"iceland\"]')"
        ".getBoundingClientRect(); return [r.width, r.height]; })()"
    )
    assert min(iceland) >= 24, f"Iceland's tap target is {iceland}"
    assert_clean(page)


def test_a_whole_classic_turn_by_keyboard(page: Page, server_url: str, artifacts: Path) -> None:
    page.goto(server_url)
    wait_ready(page)
    start_solo(page, "keys-1")
    page.wait_for_function(
        f"{BODY}.humanTurn === 'true' && {BODY}.phase === 'reinforce'", timeout=60_000
    )
    me = page.evaluate(f"{BODY}.current")
    for _ in range(60):
        if page.evaluate(f"{BODY}.phase") != "reinforce":
            break
        page.locator("#board path.legal").first.focus()
        page.keyboard.press("Enter")
        page.wait_for_timeout(50)
    assert page.evaluate(f"{BODY}.phase") == "attack"
    end_attack = page.get_by_test_id("end-attack")
    end_attack.focus()
    outline = end_attack.evaluate("b => getComputedStyle(b).outlineStyle")
    assert outline != "none", "no visible focus ring on the focused button"
    page.keyboard.press("Enter")
    page.wait_for_function(f"{BODY}.phase === 'fortify'")
    page.get_by_test_id("end-turn").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"{BODY}.current !== '{me}' || {BODY}.humanTurn === 'false'")
    shoot(page, artifacts, "keyboard-turn")
    # Back after the computers' turns: "While you were away" says what Ada lost, if anything.
    owners = (
        "[...document.querySelectorAll('#board path[data-territory]')].map(p => p.dataset.owner)"
    )
    mine_before = page.evaluate(owners)
    page.wait_for_function(f"{BODY}.humanTurn === 'true'", timeout=60_000)
    mine_after = page.evaluate(owners)
    lost = any(b == me and a != me for b, a in zip(mine_before, mine_after, strict=True))
    if lost:
        expect(page.get_by_test_id("away")).to_contain_text("While you were away")
        shoot(page, artifacts, "away-laptop")
        page.get_by_test_id("away-close").click()
        expect(page.get_by_test_id("away-box")).to_be_hidden()
    assert_clean(page)


def test_place_the_rest_of_the_setup_armies_at_random(page: Page, server_url: str) -> None:
    """Without Special setup the armies go one at a time; one button places the rest."""
    page.goto(server_url)
    wait_ready(page)
    page.locator("details.options summary").click()
    page.get_by_test_id("opt-special_setup").set_checked(False)
    page.get_by_test_id("opt-seed").fill("rest-1")
    page.get_by_test_id("start").click()
    page.wait_for_function(
        f"{BODY}.humanTurn === 'true' && {BODY}.phase === 'setup'", timeout=60_000
    )
    page.get_by_test_id("random-rest").click()
    page.wait_for_function(f"{BODY}.phase !== 'setup'", timeout=90_000)
    assert_clean(page)


def test_a_move_flashes_briefly_unless_reduced_motion(page: Page, server_url: str) -> None:
    page.goto(server_url)
    wait_ready(page)
    start_solo(page, "flash-1")
    page.wait_for_function(
        f"{BODY}.humanTurn === 'true' && {BODY}.phase === 'reinforce'", timeout=60_000
    )
    first = page.locator("#board path.legal").first
    territory = first.get_attribute("data-territory")
    first.dispatch_event("click")
    placed = page.locator(f'#board path[data-territory="{territory}"]')
    expect(placed).to_have_class(re.compile(r"\bflash-moved\b"))
    assert placed.evaluate("p => getComputedStyle(p).animationName") == "flash-moved"
    page.emulate_media(reduced_motion="reduce")
    assert placed.evaluate("p => getComputedStyle(p).animationName") == "none"
    assert_clean(page)
