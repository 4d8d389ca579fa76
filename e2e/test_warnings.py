"""Warnings before mistakes in the page (issue 29 "Warnings before mistakes", issue 27's
unspent-pp question, issue 30's threshold): each warning raised in a real page, in the
one shared dialog, and both answers honoured -- "Go back" leaves the game as it was,
"Go on anyway" does the action.  The dialog is kept by the keyboard (Tab goes round its
two buttons, Escape is "Go back"); screenshots of each at 1366x800 and 390x844 go to
/work/wt/warnings-shots/.

Positions are built with the engine in this process and put in the browser's autosave
(the page resumes them), except the setup placement, played from the new-game form.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import assert_clean, click_territory, legal, wait_ready
from playwright.sync_api import Locator, Page, expect
from test_classic_odds import attack_position, open_game
from test_greatwar_play import stage, wait_stage
from test_rps_play import start_rps, wait_human

BODY = "document.body.dataset"
SHOTS = Path("/work/wt/warnings-shots")
SIZES = {"1366": (1366, 800), "390": (390, 844)}
SETTINGS_KEY = "risk-family.attack-odds"


def shoot(page: Page, name: str) -> None:
    """The open warning at laptop and phone size; the page ends at laptop size."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        expect(page.get_by_test_id("warning")).to_be_in_viewport()
        page.screenshot(path=str(SHOTS / f"{name}-{size}.png"))


def resume(page: Page, ruleset: str, save: dict[str, Any], settings: str | None = None) -> None:
    """The page with ``save`` as ``ruleset``'s autosave (and the attack setting)."""
    page.evaluate(
        "([key, save, settings, skey, ruleset]) => { localStorage.setItem(key, save);"
        " localStorage.setItem('risk-family.last', ruleset);"
        " if (settings) localStorage.setItem(skey, settings); }",
        [f"risk-family.{ruleset}.v1", json.dumps(save), settings, SETTINGS_KEY, ruleset],
    )
    page.reload()
    wait_ready(page, 90_000)


def focused(page: Page) -> str:
    value: str = page.evaluate("document.activeElement?.dataset?.testid || ''")
    return value


def open_page(page: Page, server_url: str, size: str = "1366") -> None:
    """The page at ``size`` (a key of :data:`SIZES`), loaded and ready."""
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(server_url)
    wait_ready(page)


def warned(page: Page, case: str, *says: str) -> Locator:
    """The warning dialog, open on ``case`` and saying each of ``says``."""
    dialog = page.get_by_test_id("warning")
    for text in says:
        expect(dialog).to_contain_text(text)
    assert dialog.get_attribute("data-case") == case
    return dialog


def go_back(page: Page) -> None:
    """Answer "Go back": the dialog closes."""
    page.get_by_test_id("warning-back").click()
    expect(page.get_by_test_id("warning-overlay")).to_be_hidden()


def test_classic_odds_warning_by_keyboard(page: Page, server_url: str) -> None:
    """Issue 30: "The same threshold drives the warning before a bad attack".  The dialog
    opens on "Go back"; Tab and Shift+Tab stay on its two buttons; Escape goes back (the
    attack is not rolled); Enter on "Go on anyway" rolls it."""
    session, origin, targets = attack_position("warn-keys", 4, 6)
    open_game(page, server_url, session, json.dumps({"warn_below": 50, "blitz_keep": 1}))
    page.get_by_test_id("mode-do-or-die").click()
    click_territory(page, origin)
    page.get_by_test_id(f"target-{targets[0]}").click()
    dialog = warned(page, "odds", "This attack has only", "attack anyway?")
    assert focused(page) == "warning-back"
    page.keyboard.press("Tab")
    assert focused(page) == "warning-go"
    page.keyboard.press("Tab")
    assert focused(page) == "warning-back"  # the focus stays in the dialog
    page.keyboard.press("Shift+Tab")
    assert focused(page) == "warning-go"
    shoot(page, "classic-odds")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("warning-overlay")).to_be_hidden()
    expect(page.get_by_test_id("message")).to_have_text("Attack cancelled.")
    board = f'#board path[data-territory="{origin}"]'
    assert page.locator(board).get_attribute("data-armies") == "4"
    assert page.get_by_test_id("dice").inner_text().strip() == ""
    page.get_by_test_id(f"target-{targets[0]}").click()
    expect(dialog).to_be_visible()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("warning-overlay")).to_be_hidden()
    expect(page.get_by_test_id("dice-pairs")).to_be_visible()
    assert_clean(page)


def capital_save() -> tuple[dict[str, Any], str, str, str]:
    """Capital Risk, turn 1's orders, F1 at the screen: its capital holds 4 units, one
    neighbour is F2's with 5 (the other neighbours F1's own)."""
    from engine.core import PlayerSpec
    from engine.rulesets.capital.reinforce import game_map
    from ui.capital.session import CapitalSession

    session = CapitalSession.new(
        [PlayerSpec("F1", "human"), PlayerSpec("F2", "human")], {}, "warn-capital"
    )
    for _ in range(2):
        session.acknowledge_handover()
        session.click(session.highlight()[0])
        session.seal()
    session.skip_replay()
    session.next_turn()
    state = session.state
    f = 0 if session.viewer is None else session.viewer
    capital = state.players[f].capital
    assert capital is not None
    neighbours = sorted(game_map(state).neighbours(capital))
    for n in neighbours:
        state.owner[n], state.armies[n] = f, 1
    enemy = neighbours[0]
    state.owner[enemy], state.armies[enemy] = 1 - f, 5
    state.armies[capital] = 4
    session.selected = None
    return session.to_json(), capital, enemy, state.players[1 - f].name


def test_capital_asks_before_leaving_the_capital_exposed(page: Page, server_url: str) -> None:
    """Issue 29: "leaving your capital (Capital Risk) ... with 1 unit beside a stronger
    enemy": a "max" attack from a capital of 4 beside an enemy 5 is asked first."""
    save, capital, enemy, rival = capital_save()
    open_page(page, server_url, "390")
    resume(page, "capital", save)
    page.wait_for_function(f"{BODY}.capStage === 'entry' || {BODY}.capStage === 'handover'")
    if page.get_by_test_id("cap-handover-continue").is_visible():
        page.get_by_test_id("cap-handover-continue").click()
    page.wait_for_function(f"{BODY}.capStage === 'entry'")
    page.get_by_test_id("cap-mode-attack").click()
    page.get_by_test_id("cap-count").fill("")
    click_territory(page, capital)
    click_territory(page, enemy)
    dialog = warned(page, "capital", "This leaves your capital", f"with 1 unit beside {rival}'s 5")
    shoot(page, "capital-exposed")
    go_back(page)
    expect(page.get_by_test_id("cap-orders")).to_contain_text("No orders yet.")
    expect(page.get_by_test_id("message")).to_contain_text("Attack not written.")
    click_territory(page, enemy)
    expect(dialog).to_be_visible()
    page.get_by_test_id("warning-go").click()
    expect(page.get_by_test_id("cap-orders")).to_contain_text("Attack")
    assert_clean(page)


def greatwar_save() -> tuple[dict[str, Any], str, str]:
    """The Great War, turn 1's Deployment, Germany (the only human) writing, at war with
    Russia: a Russian province beside Germany was taken (conquered) and holds 2 German
    divisions; a Russian neighbour of it holds 3."""
    from engine.core import PlayerSpec
    from engine.rulesets.greatwar1907.records import pair, seat_numbers
    from ui.greatwar1907.session import GreatWarSession

    specs = [PlayerSpec("C0", "easy"), PlayerSpec("Gus", "human")]
    specs += [PlayerSpec(f"C{i}", "easy") for i in range(1, 7)]
    session = GreatWarSession.new(specs, {}, "warn-gw")
    state = session.state
    state.relations[pair("germany", "russia")] = "war"
    for home in state.provinces_of("germany"):
        for taken in state.map.neighbours(home):
            russian = [n for n in state.map.neighbours(taken) if state.owner_of(n) == "russia"]
            if state.owner_of(taken) == "russia" and russian:
                state.owner[taken] = seat_numbers()["germany"]
                state.conquered.add(taken)
                state.units[taken], state.armies[taken] = {"germany": 2}, 2
                state.units[russian[0]], state.armies[russian[0]] = {"russia": 3}, 3
                return session.to_json(), taken, home
    raise AssertionError("no Russian province next to Germany")


def test_greatwar_asks_before_leaving_a_taken_province_and_before_losing_pp(
    page: Page, server_url: str
) -> None:
    """Issue 29: "leaving ... a province you just took (the Great War) with 1 unit beside
    a stronger enemy"; issue 27: "Sealing with unspent allowance asks first ("19.5 pp
    will be lost: seal anyway?")"."""
    save, taken, home = greatwar_save()
    open_page(page, server_url)
    resume(page, "greatwar1907", save)
    wait_stage(page, "handover", "entry")
    if stage(page) == "handover":
        page.get_by_test_id("gw-handover").click()
    wait_stage(page, "entry")
    page.get_by_test_id("gw-mode-move").click()
    page.get_by_test_id("gw-count").fill("")
    page.locator(f'#board [data-territory="{taken}"]').first.click()
    page.locator(f'#board [data-territory="{home}"]').first.click()
    warned(page, "took", "which you took, with 1 division beside 3 enemy divisions")
    shoot(page, "greatwar-taken")
    go_back(page)
    expect(page.get_by_test_id("gw-review")).not_to_contain_text("Move")
    page.locator(f'#board [data-territory="{home}"]').first.click()
    page.get_by_test_id("warning-go").click()
    expect(page.get_by_test_id("gw-review")).to_contain_text("Move")
    # sealing with the whole allowance unspent
    page.get_by_test_id("gw-seal").click()
    warned(page, "unspent", "pp will be lost: seal anyway?")
    shoot(page, "greatwar-unspent")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("warning-overlay")).to_be_hidden()
    assert stage(page) == "entry"
    page.get_by_test_id("gw-seal").click()
    page.get_by_test_id("warning-go").click()
    page.wait_for_function(f"{BODY}.gwStage !== 'entry'")
    assert_clean(page)


def rps_card_save() -> dict[str, Any]:
    """Risk, Paper, Scissors, Red's action phase with Energy Crisis in hand and its
    Diplomat in play; Blue and Green (computers) have no energy."""
    from tests.risk_paper_scissors.helpers import BLUE, GREEN, RED, position
    from ui.risk_paper_scissors.session import Session

    state = position(
        energy={BLUE: 0, GREEN: 0},
        hands={RED: ["diplomat.energy_crisis"]},
        controls={BLUE: "standard", GREEN: "standard"},
    )
    return Session(state).to_json()


def test_rps_asks_before_a_card_that_yields_nothing(page: Page, server_url: str) -> None:
    """Issue 29: "playing a card that yields nothing now (Risk, Paper, Scissors: Energy
    Crisis with nothing to collect)"."""
    open_page(page, server_url, "390")
    resume(page, "risk_paper_scissors", rps_card_save())
    wait_human(page, "action")
    card = page.get_by_test_id("card-diplomat.energy_crisis")
    card.click()
    warned(page, "card", "Energy Crisis would collect nothing")
    shoot(page, "rps-card")
    go_back(page)
    expect(
        page.locator('[data-testid="hand-card"][data-card="diplomat.energy_crisis"]')
    ).to_have_count(1)
    card.click()
    page.get_by_test_id("warning-go").click()
    expect(
        page.locator('[data-testid="hand-card"][data-card="diplomat.energy_crisis"]')
    ).to_have_count(0)
    assert_clean(page)


def test_rps_asks_before_placing_for_me_over_a_hand_placement(page: Page, server_url: str) -> None:
    """Issue 29: "replacing a placement made by hand with "Place my units for me" (today
    it silently throws the hand placement away)"."""
    open_page(page, server_url)
    start_rps(page, "warn-setup")
    wait_human(page, "setup")
    left = page.get_by_test_id("setup-left").inner_text()
    click_territory(page, legal(page)[0])
    page.get_by_test_id("place-e-plus").click()
    expect(page.get_by_test_id("setup-left")).not_to_have_text(left)
    placed = page.get_by_test_id("setup-left").inner_text()
    page.get_by_test_id("setup-place").click()
    warned(page, "placement", "You placed 1 point of units by hand on 1 territory")
    shoot(page, "rps-placement")
    go_back(page)
    expect(page.get_by_test_id("setup-left")).to_have_text(placed)
    page.get_by_test_id("setup-place").click()
    page.get_by_test_id("warning-go").click()
    page.wait_for_function(f"{BODY}.phase !== 'setup' || {BODY}.humanTurn !== 'true'")
    assert_clean(page)
