"""Issue 16's remainder in the browser, as a newcomer meets it: every top-bar action on a
phone, Capital Risk's phase hint and Offenses explained, its resolution replay stepped by
hand without the timer fighting the clicks, "While you were away" after a reload, the
dice paired and cleared, no stale message after Skip, and the headquarters question.
Screenshots of each screen at the three sizes go to e2e/artifacts/audit-*.png."""

from __future__ import annotations

from pathlib import Path

from conftest import assert_clean, wait_ready
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from test_capital_play import go_on_if_warned

BODY = "document.body.dataset"
SIZES = {"laptop": (1366, 800), "small": (1280, 720), "phone": (390, 844)}
TOP_ACTIONS = ("new-game", "help", "record-open", "load-code", "key-settings")


def shoot_sizes(page: Page, artifacts: Path, name: str) -> None:
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(100)
        page.screenshot(path=str(artifacts / f"audit-{name}-{size}.png"))
    page.set_viewport_size({"width": 1366, "height": 800})


def start_classic(page: Page, seed: str, **options: str) -> None:
    page.locator("details.options summary").click()
    for name, value in options.items():
        page.get_by_test_id(f"opt-{name}").select_option(value)
    page.get_by_test_id("opt-seed").fill(seed)
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("turn")).to_be_visible()


def start_capital(page: Page, seed: str) -> None:
    page.get_by_test_id("opt-rules").select_option("capital")
    page.get_by_test_id("cap-seed").fill(seed)
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("capital")).to_be_visible()
    # one human: no hand-over screen, the orders at once
    expect(page.get_by_test_id("cap-hint")).to_be_visible()


def click_legal(page: Page) -> None:
    page.locator("#board path.legal").first.dispatch_event("click")


def test_every_top_bar_action_is_on_a_phone_screen(page: Page, server_url: str) -> None:
    """Seen on a 390 px phone: the top bar showed only "Load a code" and "Key". Every
    action is inside the screen, in both rulesets, and opens what it names."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server_url)
    wait_ready(page)
    for ruleset in ("classic", "capital"):
        if ruleset == "classic":
            start_classic(page, "top-1")
        else:
            page.get_by_test_id("new-game").click()
            start_capital(page, "top-2")
        for action in TOP_ACTIONS:
            box = page.get_by_test_id(action).bounding_box()
            assert box is not None, action
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (action, box)
            assert box["y"] >= 0 and box["y"] + box["height"] <= 844, (action, box)
            assert box["height"] >= 24, (action, box)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        # A phone opens framed on the player's land; "Whole board" shows every territory.
        page.get_by_test_id("zoom-fit").click()
        all_inside = (
            "(() => { const b = document.querySelector('#board').getBoundingClientRect();"
            " return [...document.querySelectorAll('#board path[data-territory]')].every(p => {"
            " const r = p.getBoundingClientRect();"
            " return r.left >= b.left - 1 && r.right <= b.right + 1 && r.width > 0; }); })()"
        )
        try:  # the view glides to the whole board unless motion is reduced
            page.wait_for_function(all_inside, timeout=5_000)
            inside = True
        except PlaywrightTimeoutError:
            inside = False
        assert inside, f"{ruleset}: a territory lies outside the phone's map"
        page.get_by_test_id("help").click()
        expect(page.get_by_test_id("help-card")).to_be_visible()
        page.keyboard.press("Escape")
    page.get_by_test_id("record-open").click()
    expect(page.get_by_test_id("record")).to_be_visible()
    page.keyboard.press("Escape")
    assert_clean(page)


def test_capital_says_what_to_do_next_and_what_an_offense_is(
    page: Page, server_url: str, artifacts: Path
) -> None:
    page.goto(server_url)
    wait_ready(page)
    start_capital(page, "hint-1")
    hint = page.get_by_test_id("cap-hint")
    expect(hint).to_contain_text("Next: choose your secret capital")
    # an instruction is not dressed as a warning
    colour = hint.evaluate("e => getComputedStyle(e).backgroundColor")
    assert colour != "rgb(255, 248, 225)", "the hint looks like the offenses warning"
    offenses = page.get_by_test_id("cap-offenses")
    expect(offenses).to_contain_text("no capital chosen yet")
    page.get_by_test_id("cap-offenses-help").locator("summary").click()
    expect(page.get_by_test_id("cap-offenses-help")).to_contain_text("under Offenses")
    shoot_sizes(page, artifacts, "capital-offenses")
    click_legal(page)  # the capital
    expect(hint).to_contain_text("Next: place your starting units")
    page.get_by_test_id("cap-mode-place").click()
    page.get_by_test_id("cap-count").fill("99")
    click_legal(page)
    expect(hint).to_contain_text("Ready: Seal setup")
    expect(offenses).to_contain_text("No offenses")
    assert_clean(page)


def test_capital_setup_by_keyboard_beside_the_map_with_its_guide(
    page: Page, server_url: str
) -> None:
    """Every action by keyboard, with a visible focus ring; the order list beside the
    map (not under the status table); How to play opens on the phase being played."""
    page.goto(server_url)
    wait_ready(page)
    start_capital(page, "keys-cap")
    board = page.get_by_test_id("board").bounding_box()
    orders = page.get_by_test_id("cap-orders").bounding_box()
    status = page.get_by_test_id("cap-status").bounding_box()
    assert board and orders and status
    assert orders["x"] >= board["x"] + board["width"] and orders["y"] < board["y"] + board["height"]
    assert orders["y"] < status["y"], "the order list is under the status table"
    page.locator("#board path.legal").first.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("cap-hint")).to_contain_text("place your starting units")
    place = page.get_by_test_id("cap-mode-place")
    place.focus()
    assert place.evaluate("b => getComputedStyle(b).outlineStyle") != "none"
    page.keyboard.press("Enter")
    page.get_by_test_id("cap-count").fill("99")
    page.locator("#board path.legal").first.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("cap-hint")).to_contain_text("Ready: Seal setup")
    page.get_by_test_id("help").click()
    expect(page.get_by_test_id("help-body")).to_contain_text("capital")
    page.keyboard.press("Escape")
    page.get_by_test_id("cap-seal").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("cap-replay")).to_be_visible()
    assert_clean(page)


def test_capital_resolution_replay_steps_by_hand_without_the_timer(
    page: Page, server_url: str, artifacts: Path
) -> None:
    """Clicks on "Next step" went 1→5→7→8→9→11: the timer moved too. A step by hand
    pauses the replay; Back, First and the speed work; Play resumes."""
    page.goto(server_url)
    wait_ready(page)
    start_capital(page, "replay-cap")
    click_legal(page)
    page.get_by_test_id("cap-mode-place").click()
    page.get_by_test_id("cap-count").fill("99")
    click_legal(page)
    page.get_by_test_id("cap-seal").click()
    expect(page.get_by_test_id("cap-replay")).to_be_visible()
    page.get_by_test_id("cap-replay-skip").click()
    page.get_by_test_id("cap-next-turn").click()
    expect(page.get_by_test_id("cap-marks")).to_contain_text("0/3")  # the marks explained
    page.get_by_test_id("cap-mode-attack").click()
    click_legal(page)
    click_legal(page)
    go_on_if_warned(page, "to take")  # an attack out of a thin capital asks first
    expect(page.get_by_test_id("cap-orders")).to_contain_text("to take it")  # the odds
    page.get_by_test_id("cap-seal").click()
    title = page.get_by_test_id("cap-replay-title")
    expect(title).to_be_visible()
    label = page.locator('[data-testid="cap-replay"] .label')
    page.get_by_test_id("cap-replay-next").click()
    expect(label).to_contain_text("step 2 of")
    expect(page.get_by_test_id("cap-replay-pause")).to_contain_text("Play")  # paused
    for step in (3, 4):
        page.get_by_test_id("cap-replay-next").click()
        expect(label).to_contain_text(f"step {step} of")
    # battle lines for people: who rolls what on which die
    expect(page.locator('[data-testid="cap-replay"] .rounds').first).to_contain_text(" die")
    page.wait_for_timeout(2_000)  # longer than a timer step (1.3 s)
    expect(label).to_contain_text("step 4 of")
    page.get_by_test_id("cap-replay-back").click()
    expect(label).to_contain_text("step 3 of")
    shoot_sizes(page, artifacts, "capital-replay")
    page.get_by_test_id("cap-replay-first").click()
    expect(label).to_contain_text("step 1 of")
    expect(page.get_by_test_id("cap-replay-back")).to_be_disabled()
    page.get_by_test_id("cap-replay-faster").click()
    page.get_by_test_id("cap-replay-faster").click()
    expect(page.get_by_test_id("cap-replay-speed")).to_have_text("4×")
    page.get_by_test_id("cap-replay-pause").click()  # play at 4×: a step in 0.33 s
    expect(label).not_to_contain_text("step 1 of", timeout=3_000)
    expect(page.get_by_test_id("message")).to_contain_text("resolved: the replay shows it")
    # the shell's game record holds Capital's turns too: a replay and three series a chart
    page.get_by_test_id("record-open").click()
    expect(page.get_by_test_id("replay-pos")).to_have_attribute("data-count", "3")
    page.get_by_test_id("record-tab-charts").click()
    expect(page.get_by_test_id("chart-territories").locator("polyline.series")).to_have_count(3)
    page.keyboard.press("Escape")
    assert_clean(page)


def play_a_human_turn(page: Page) -> None:
    """Place every army, attack nothing, end the turn."""
    for _ in range(60):
        if page.evaluate(f"{BODY}.phase") != "reinforce":
            break
        click_legal(page)
        page.wait_for_timeout(30)
    page.get_by_test_id("end-attack").click()
    page.get_by_test_id("end-turn").click()


def test_while_you_were_away_survives_a_reload_until_dismissed(
    page: Page, server_url: str, artifacts: Path
) -> None:
    page.goto(server_url)
    wait_ready(page)
    start_classic(page, "away-1")
    away = page.get_by_test_id("away-box")
    for _ in range(8):  # two Standard computers take something from Ada soon
        page.wait_for_function(
            f"{BODY}.humanTurn === 'true' && {BODY}.phase === 'reinforce'", timeout=60_000
        )
        if away.is_visible():
            break
        play_a_human_turn(page)
    expect(away).to_contain_text("While you were away")
    told = away.inner_text()
    shoot_sizes(page, artifacts, "away")
    page.reload()
    wait_ready(page)
    expect(away).to_be_visible()
    assert away.inner_text() == told
    page.get_by_test_id("away-close").click()
    expect(away).to_be_hidden()
    page.reload()
    wait_ready(page)
    expect(page.get_by_test_id("turn")).to_be_visible()
    page.wait_for_timeout(300)
    expect(away).to_be_hidden()
    assert_clean(page)


def test_dice_are_paired_labelled_and_cleared_and_skip_leaves_no_stale_message(
    page: Page, server_url: str, artifacts: Path
) -> None:
    page.goto(server_url)
    wait_ready(page)
    start_classic(page, "h16c-dice")
    page.wait_for_function(
        f"{BODY}.humanTurn === 'true' && {BODY}.phase === 'reinforce'", timeout=60_000
    )
    # the reinforcement breakdown: territories ÷ 3, continents, cards
    expect(page.get_by_test_id("reinforcement-why")).to_contain_text("÷ 3")
    expect(page.get_by_test_id("reinforcement-why")).to_contain_text("continents")
    for _ in range(60):
        if page.evaluate(f"{BODY}.phase") != "reinforce":
            break
        click_legal(page)
        page.wait_for_timeout(30)
    for _ in range(2):  # an origin, then an enemy neighbour: one roll
        click_legal(page)
    pairs = page.get_by_test_id("dice-pairs")
    page.wait_for_timeout(100)
    expect(pairs).to_be_visible()
    dice = page.get_by_test_id("dice")
    expect(dice).to_contain_text("Ada attacks")
    expect(dice).to_contain_text("defends")
    expect(dice).to_contain_text("ties go to the defender")
    shoot_sizes(page, artifacts, "dice")
    if page.get_by_test_id("move-in-confirm").is_visible():
        page.get_by_test_id("move-in-confirm").click()
    page.get_by_test_id("end-attack").click()
    page.get_by_test_id("end-turn").click()
    page.get_by_test_id("skip").click()
    page.wait_for_function(f"{BODY}.humanTurn === 'true'", timeout=60_000)
    expect(dice).to_be_empty()  # cleared when a new turn starts
    # Skip made the speed Instant: the line says what the computers did, nothing stale
    expect(page.get_by_test_id("message")).to_contain_text("While the computers played:")
    assert_clean(page)


def test_us_setup_places_the_rest_at_random_and_a_headquarters_pick_asks_first(
    page: Page, server_url: str, artifacts: Path
) -> None:
    page.goto(server_url)
    wait_ready(page)
    start_classic(page, "hq-1", game_type="us_short", selection="random")
    page.wait_for_function(f"{BODY}.humanTurn === 'true' && {BODY}.phase === 'setup'")
    page.get_by_test_id("random-rest").click()
    page.wait_for_function(
        f"{BODY}.humanTurn === 'true' && {BODY}.phase === 'headquarters'", timeout=60_000
    )
    first = page.locator("#board path.legal").first
    territory = first.get_attribute("data-territory")
    first.dispatch_event("click")
    message = page.get_by_test_id("message")
    expect(message).to_contain_text("as your headquarters? Click it again to confirm.")
    assert "warn" not in (message.get_attribute("class") or "")  # a question, not a warning
    shoot_sizes(page, artifacts, "headquarters")
    assert page.evaluate(f"{BODY}.phase") == "headquarters"
    page.locator(f'#board path[data-territory="{territory}"]').dispatch_event("click")
    page.wait_for_function(
        f"{BODY}.phase !== 'headquarters' || {BODY}.current !== '0'", timeout=60_000
    )
    page.get_by_test_id("tab-log").click()
    expect(page.get_by_test_id("log")).to_contain_text("headquarters")
    assert_clean(page)
