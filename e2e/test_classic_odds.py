"""Honest odds, the blitz and the warning before a bad attack, in the Classic page
(issue 30 "Honest odds and quick attacks"; issue 29 "Warnings before mistakes").

Each test starts from a position built with the engine in this process (two humans, Ann
to attack, armies set by hand) and put in the browser's autosave; the page resumes it.
The odds on screen are compared with engine.odds's exact odds; the blitz is replayed in
this process with the same seed (same seed and orders, same game) to know where it
must stop.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import assert_clean, click_territory, wait_ready
from playwright.sync_api import Page, expect

from engine.core import PlayerSpec
from engine.odds import classic_attack_odds, conquest_chance
from engine.rulesets.classic.orders import Attack
from engine.rulesets.classic.state import Phase
from ui.classic.attack import Blitz, blitz_step, percent
from ui.classic.controller import Session

BODY = "document.body.dataset"
SHOTS = Path("/work/wt/odds-shots")
SIZES = {"desktop": (1366, 800), "phone": (390, 844)}
SETTINGS_KEY = "risk-family.attack-odds"


def attack_position(seed: str, attackers: int, defenders: int) -> tuple[Session, str, list[str]]:
    """Ann's attack phase: ``attackers`` armies on one territory, ``defenders`` on each of
    its enemy neighbours."""
    players = [PlayerSpec("Ann", "human", "#D55E00"), PlayerSpec("Bob", "human", "#0072B2")]
    session = Session.new(players, {"game_type": "custom", "special_setup": True}, seed)
    session.acknowledge_handover()
    while session.state.phase is Phase.REINFORCE:
        mine = session.state.territories_of(session.state.current)
        session.place_count = 99
        click = session.click(mine[0])
        assert click.order is not None
        session.play(click.order)
    origin = next(o.origin for o in session.legal() if isinstance(o, Attack))
    targets = sorted(
        {o.target for o in session.legal() if isinstance(o, Attack) and o.origin == origin}
    )
    session.state.armies[origin] = attackers
    for t in targets:
        session.state.armies[t] = defenders
    session._legal = None
    return session, origin, targets


def open_game(page: Page, server_url: str, session: Session, settings: str | None = None) -> None:
    """The page with ``session`` as Classic's autosave (and the warning setting, if any)."""
    page.goto(server_url)
    wait_ready(page)
    save = json.dumps(session.to_json())
    page.evaluate(
        "([save, settings, key]) => { localStorage.setItem('risk-family.classic.v1', save);"
        " localStorage.setItem('risk-family.last', 'classic');"
        " if (settings) localStorage.setItem(key, settings); else localStorage.removeItem(key); }",
        [save, settings, SETTINGS_KEY],
    )
    page.reload()
    wait_ready(page)
    page.wait_for_function(f"{BODY}.phase === 'attack' && {BODY}.humanTurn === 'true'")


def shown_odds(page: Page, target: str) -> float:
    return float(page.get_by_test_id(f"target-{target}").get_attribute("data-odds") or "nan")


def test_odds_for_each_dice_count_and_mode_are_the_engines(page: Page, server_url: str) -> None:
    """Issue 30: "odds for 1/2/3 dice under both modes compared with the engine's exact
    odds" -- twelve armies against four, every dice count under roll once, continuous and
    do or die; roll once shows that roll's outcomes and cannot take four."""
    page.set_viewport_size({"width": 1366, "height": 800})
    session, origin, targets = attack_position("odds-1", 12, 4)
    open_game(page, server_url, session)
    click_territory(page, origin)
    expect(page.get_by_test_id("odds")).to_be_visible()
    for mode in ("once", "continuous", "do-or-die"):
        page.get_by_test_id(f"mode-{mode}").click()
        for dice in (1, 2, 3):
            page.get_by_test_id(f"dice-{dice}").click()
            expected = classic_attack_odds(11, 4, dice, mode)
            for t in targets:
                assert shown_odds(page, t) == pytest.approx(expected.win_probability, abs=1e-12)
                expect(page.get_by_test_id(f"target-{t}").locator(".odds")).to_have_text(
                    percent(expected.win_probability)
                )
            if mode == "once":
                expect(page.get_by_test_id(f"odds-detail-{targets[0]}")).to_contain_text(
                    "This roll:"
                )
                assert expected.win_probability == 0.0
    page.get_by_test_id("mode-once").click()
    page.get_by_test_id("dice-1").click()
    expect(page.get_by_test_id("odds")).to_contain_text("1 die, one roll")
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.get_by_test_id("controls").scroll_into_view_if_needed()
        page.get_by_test_id("controls").screenshot(path=str(SHOTS / f"odds-once-{label}.png"))
    page.get_by_test_id("mode-do-or-die").click()
    page.get_by_test_id("dice-3").click()
    page.get_by_test_id("controls").screenshot(path=str(SHOTS / "odds-do-or-die-phone.png"))
    assert_clean(page)


def expected_blitz(session: Session, blitz: Blitz) -> tuple[str, dict[str, int], int]:
    """The blitz played in this process: its last line, the armies after it, its rolls."""
    while True:
        step = blitz_step(session, blitz)
        if isinstance(step, str):
            return step, dict(session.state.armies), blitz.rolls
        session.play(step, more_rolls=True)
        blitz = Blitz(
            blitz.origin, blitz.target, blitz.dice, blitz.stop_below, blitz.keep, blitz.rolls + 1
        )


def test_blitz_stops_at_its_threshold(page: Page, server_url: str) -> None:
    """Issue 30: "a blitz stopping at its threshold" -- one action, each roll an ordinary
    order in the log and the dice panel, stopped before the first roll whose odds are
    below the player's 40%."""
    page.set_viewport_size({"width": 1366, "height": 800})
    for n in range(40):
        session, origin, targets = attack_position(f"blitz-{n}", 10, 9)
        target = targets[0]
        if conquest_chance(9, 9) < 0.4:
            pytest.fail("the position must start above the threshold")
        copy = Session.from_json(json.loads(json.dumps(session.to_json())))
        line, armies, rolls = expected_blitz(copy, Blitz(origin, target, 3, 0.4, 1))
        if "fell to" in line and rolls >= 2:
            break
    else:
        pytest.fail("no seed where the blitz stops at its threshold")
    open_game(page, server_url, session, json.dumps({"warn_below": 40, "blitz_keep": 1}))
    log_before = page.get_by_test_id("log").locator("li").count()
    page.get_by_test_id("mode-blitz").click()
    click_territory(page, origin)
    expect(page.get_by_test_id("warn-below")).to_have_value("40")
    expect(page.get_by_test_id(f"odds-detail-{target}")).to_contain_text("below 40%")
    page.get_by_test_id(f"target-{target}").click()
    expect(page.get_by_test_id("message")).to_have_text(line, timeout=15_000)
    board = {
        t: int(a)
        for t, a in page.evaluate(
            "[...document.querySelectorAll('#board path[data-territory]')]"
            ".map(p => [p.dataset.territory, p.dataset.armies])"
        )
    }
    assert board[origin] == armies[origin] and board[target] == armies[target]
    assert conquest_chance(armies[origin] - 1, armies[target]) < 0.4
    expect(page.get_by_test_id("dice")).to_contain_text(f"{rolls} rolls")
    assert page.get_by_test_id("log").locator("li").count() - log_before >= rolls
    page.get_by_test_id("controls").screenshot(path=str(SHOTS / "blitz-stopped-desktop.png"))
    page.screenshot(path=str(SHOTS / "blitz-stopped-page-desktop.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.get_by_test_id("dice").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "blitz-stopped-page-phone.png"))
    assert_clean(page)


def test_warning_before_a_bad_attack_both_answers(page: Page, server_url: str) -> None:
    """Issue 29: "an attack below the odds a player chose as their warning threshold"
    asks first, and "both answers honoured (go on anyway / cancel)"; the threshold is kept
    on the device (set here with the page's own select)."""
    page.set_viewport_size({"width": 390, "height": 844})
    session, origin, targets = attack_position("warn-1", 4, 6)
    target = targets[0]
    open_game(page, server_url, session)
    page.get_by_test_id("mode-do-or-die").click()
    page.get_by_test_id("warn-below").select_option("50")
    expect(page.get_by_test_id("message")).to_contain_text("below 50%")
    stored: Any = page.evaluate(f"localStorage.getItem('{SETTINGS_KEY}')")
    assert json.loads(stored)["warn_below"] == 50
    click_territory(page, origin)
    chance = conquest_chance(3, 6)
    question = f"This attack has only {percent(chance)} to take"
    page.get_by_test_id(f"target-{target}").click()
    expect(page.get_by_test_id("warning")).to_contain_text(question)
    page.get_by_test_id("warning").screenshot(path=str(SHOTS / "warning-phone.png"))
    page.get_by_test_id("warning-back").click()
    expect(page.get_by_test_id("warning")).to_be_hidden()
    expect(page.get_by_test_id("message")).to_have_text("Attack cancelled.")
    assert (
        page.locator(f'#board path[data-territory="{origin}"]').get_attribute("data-armies") == "4"
    )
    assert page.get_by_test_id("dice").inner_text().strip() == ""
    # Again (the origin stays selected), and this time attack anyway: it is rolled.
    page.get_by_test_id(f"target-{target}").click()
    expect(page.get_by_test_id("warning")).to_be_visible()
    page.set_viewport_size({"width": 1366, "height": 800})
    page.screenshot(path=str(SHOTS / "warning-desktop.png"))
    page.get_by_test_id("warning-go").click()
    expect(page.get_by_test_id("dice-pairs")).to_be_visible()
    page.wait_for_function(
        f"{BODY}.phase === 'move-in' || "
        f"document.querySelector('#board path[data-territory=\"{origin}\"]').dataset.armies === '1'"
    )
    assert_clean(page)


def test_capital_warning_before_writing_a_bad_attack(page: Page, server_url: str) -> None:
    """Issue 29: the same threshold warns in Capital Risk when an attack is written whose
    odds (the colour dice's, as the orders list shows them) are below it; Cancel leaves
    the orders as they were, "Attack anyway" writes the attack."""
    from engine.core import PlayerSpec as Spec
    from ui.capital import entry
    from ui.capital.session import CapitalSession

    session = CapitalSession.new([Spec("F1", "human"), Spec("F2", "human")], {}, "warn-cap")
    for _ in range(2):
        session.acknowledge_handover()
        session.click(session.highlight()[0])
        session.seal()
    session.skip_replay()
    session.next_turn()
    assert session.stage in ("entry", "handover")
    f = 0 if session.viewer is None else session.viewer
    state = session.state
    origin = target = ""
    for candidate in sorted(state.territories_of(f)):
        near = entry.attack_targets(state, f, candidate)
        if near:
            origin, target = candidate, near[0]
            state.armies[origin], state.armies[target] = 2, 9
            break
    assert origin and target
    session.selected = None
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server_url)
    wait_ready(page)
    page.evaluate(
        "([save, key]) => { localStorage.setItem('risk-family.capital.v1', save);"
        " localStorage.setItem('risk-family.last', 'capital');"
        " localStorage.setItem(key, JSON.stringify({warn_below: 30, blitz_keep: 1})); }",
        [json.dumps(session.to_json()), SETTINGS_KEY],
    )
    page.reload()
    wait_ready(page)
    page.wait_for_function(f"{BODY}.capStage === 'entry' || {BODY}.capStage === 'handover'")
    if page.get_by_test_id("cap-handover-continue").is_visible():
        page.get_by_test_id("cap-handover-continue").click()
    page.wait_for_function(f"{BODY}.capStage === 'entry'")
    page.get_by_test_id("cap-mode-attack").click()
    expect(page.get_by_test_id("cap-warn-below")).to_have_value("30")
    page.get_by_test_id("cap-count").fill("")
    click_territory(page, origin)
    click_territory(page, target)
    expect(page.get_by_test_id("warning")).to_contain_text("This attack has only")
    page.screenshot(path=str(SHOTS / "capital-warning-phone.png"))
    page.get_by_test_id("warning-back").click()
    expect(page.get_by_test_id("warning")).to_be_hidden()
    expect(page.get_by_test_id("cap-orders")).to_contain_text("No orders yet.")
    click_territory(page, target)
    expect(page.get_by_test_id("warning")).to_be_visible()
    page.set_viewport_size({"width": 1366, "height": 800})
    page.screenshot(path=str(SHOTS / "capital-warning-desktop.png"))
    page.get_by_test_id("warning-go").click()
    expect(page.get_by_test_id("cap-orders")).to_contain_text("Attack")
    expect(page.get_by_test_id("cap-orders")).to_contain_text("to take it from 9")
    assert_clean(page)
