"""Tips on everything (issue 29): in each ruleset, at laptop (1366x800) and phone width
(390x844, a touch screen), the page is walked — the new-game form with that ruleset chosen
(all its options open), then a game screen with its tables, cards and order controls —
and no card, order, unit, form option or column head shown lacks a tip.  A tip shows on
hover and on focus (laptop) and on a tap (phone), as the one tooltip of the page, named by
its element's aria-describedby and kept inside the window; Escape and a tap elsewhere
close it.  A last case proves the walk can fail.  Screenshots of a tip per ruleset and
size go to /work/wt/tips-shots/ (e2e/artifacts/ elsewhere)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import wait_ready, watched
from playwright.sync_api import Browser, Page, expect

from engine.core import PlayerSpec, find_ruleset
from ui.shell.tips import NEEDS_TIP

SIZES = {"1366": {"width": 1366, "height": 800}, "390": {"width": 390, "height": 844}}
SHOTS = Path("/work/wt/tips-shots")
RULESETS = ("classic", "capital", "greatwar1907", "risk_paper_scissors")
FIELDS = {
    "capital": "capital-fields",
    "greatwar1907": "gw-fields",
    "risk_paper_scissors": "rps-fields",
}

WALK_JS = """(needs) => {
  const shown = (el) => el.getClientRects().length > 0
    && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[hidden]');
  const found = [];
  for (const [kind, selector] of Object.entries(needs)) {
    for (const el of document.querySelectorAll(selector)) {
      if (!shown(el) || el.closest('svg, .help-card, #tip')) continue;
      if (kind === 'column' && !el.textContent.trim()) continue;
      found.push({kind, tip: (el.getAttribute('data-tip') || '').trim(),
                  tag: el.outerHTML.slice(0, 160)});
    }
  }
  return found;
}"""
"""Every element shown that needs a tip (:data:`ui.shell.tips.NEEDS_TIP`), with its tip:
map marks (drawn and named by the board) and the rulebook's tables are left aside."""


def walk(page: Page) -> list[dict[str, str]]:
    found: list[dict[str, str]] = page.evaluate(WALK_JS, NEEDS_TIP)
    return found


def assert_walk(page: Page, *kinds: str) -> list[dict[str, str]]:
    """Nothing shown lacks a tip; at least one element of each of ``kinds`` is shown."""
    found = walk(page)
    bare = [f["tag"] for f in found if not f["tip"]]
    assert not bare, f"shown without a tip: {bare}"
    for kind in kinds:
        assert any(f["kind"] == kind for f in found), f"no {kind} shown"
    return found


# ---------------------------------------------------------------- the positions shown


def _deal(state: Any, seat: int, count: int = 3) -> None:
    """Give ``seat`` the top ``count`` cards of the deck (a wild one among them)."""
    wild = max(state.draw_pile)
    cards = [*[c for c in state.draw_pile if c != wild][: count - 1], wild]
    state.draw_pile = [c for c in state.draw_pile if c not in cards]
    state.players[seat].cards = cards


def classic_position() -> str:
    """Ada's reinforcements, three cards in hand (a set to trade)."""
    from ui.classic.controller import Session

    specs = [PlayerSpec("Ada", "human"), PlayerSpec("Boris", "easy"), PlayerSpec("Chloe", "easy")]
    session = Session.new(specs, {"game_type": "uk_full", "special_setup": True}, "tips")
    _deal(session.state, session.state.current)
    return find_ruleset("classic").position_text(session.state)


def capital_position() -> str:
    """Turn 1's orders, capitals chosen, three cards in Ada's hand."""
    from engine.rulesets.capital import Phase
    from ui.capital.session import CapitalSession

    session = CapitalSession.new(
        [PlayerSpec("Ada", "human"), PlayerSpec("Boris", "easy")], {}, "tips"
    )
    state = session.state
    state.phase, state.turn, state.capitals_revealed = Phase.ORDERS, 1, True
    state.setup = [None, None]
    for seat, player in enumerate(state.players):
        player.capital = next(t for t, o in state.owner.items() if o == seat)
    for territory in [t for t, o in state.owner.items() if o == 0][:6]:
        state.armies[territory] = 5
    _deal(state, 0)
    return find_ruleset("capital").position_text(state)


def greatwar_position() -> str:
    from ui.greatwar1907.session import GreatWarSession

    specs = [PlayerSpec("Ada", "human")] + [PlayerSpec(f"C{i}", "easy") for i in range(7)]
    return find_ruleset("greatwar1907").position_text(GreatWarSession.new(specs, {}, "tips").state)


def rps_position() -> str:
    """Red's purchase: the Nuclear, Space and Naval commanders, a hand of three cards and
    a Death Trap laid face down."""
    from engine.rulesets.risk_paper_scissors.orders import Phase
    from tests.risk_paper_scissors.helpers import RED, position

    state = position(
        {"siam": "Red 4E/1W+nuclear,space,naval", "indonesia": "Green 2E"},
        phase=Phase.PURCHASE,
        hands={RED: ["land.death_trap", "nuclear.rocket_strike", "space.colony_influence"]},
    )
    state.armed["siam"] = "land.death_trap"
    for player in state.players[1:]:
        player.control = "standard"
    return find_ruleset("rps").position_text(state)


POSITIONS = {
    "classic": classic_position,
    "capital": capital_position,
    "greatwar1907": greatwar_position,
    "risk_paper_scissors": rps_position,
}
SHOWN = {
    "classic": ("column", "card"),
    "capital": ("column", "card", "order"),
    "greatwar1907": ("column", "order", "unit"),
    "risk_paper_scissors": ("card", "unit"),
}
"""What each ruleset's game screen shows at least, over its steps."""


def press(page: Page, test_id: str) -> None:
    """A tap on a phone (a touch screen: no mouse left over a button), a click else."""
    button = page.get_by_test_id(test_id)
    if (page.viewport_size or {}).get("width") == SIZES["390"]["width"]:
        button.tap()
    else:
        button.click()


def classic_tabs(page: Page) -> None:
    press(page, "tab-players")
    expect(page.get_by_test_id("players-table")).to_be_visible()


def classic_battles(page: Page) -> None:
    press(page, "tab-battles")
    expect(page.get_by_test_id("battles-table")).to_be_visible()


def capital_surge(page: Page) -> None:
    press(page, "cap-mode-surge")
    expect(page.get_by_test_id("cap-mode-surge")).to_have_attribute("aria-pressed", "true")


def greatwar_diplomacy(page: Page) -> None:
    press(page, "gw-mode-diplomacy")
    expect(page.get_by_test_id("gw-relations")).to_be_visible()


def greatwar_leader(page: Page) -> None:
    """Free move from Brusilov's province: the general is offered beside the order."""
    press(page, "gw-mode-move")
    page.locator('#board [data-territory="zag"]').first.dispatch_event("click")
    expect(page.get_by_test_id("gw-leader-brusilov")).to_be_visible()


STEPS: dict[str, tuple[Callable[[Page], None], ...]] = {
    "classic": (classic_tabs, classic_battles),
    "capital": (capital_surge,),
    "greatwar1907": (greatwar_diplomacy, greatwar_leader),
    "risk_paper_scissors": (),
}
"""What to open on each game screen to show more of what needs tips (walked after each)."""


# ---------------------------------------------------------------- the page


@pytest.fixture
def phone_or_laptop(browser: Browser, server_url: str, request: Any) -> Iterator[Page]:
    size = request.param
    context = browser.new_context(
        viewport=SIZES[size], has_touch=size == "390", service_workers="block"
    )
    page, errors = watched(context)
    page.goto(server_url)
    wait_ready(page)
    yield page
    context.close()
    assert errors == []


def tip_box(page: Page) -> Any:
    return page.locator("#tip[role=tooltip]")


def assert_tip_of(page: Page, selector: str, width: int) -> None:
    """The tooltip shows the element's tip, describes it, and fits the window."""
    element = page.locator(selector).first
    tip = tip_box(page)
    expect(tip).to_be_visible()
    expect(tip).to_have_text(str(element.get_attribute("data-tip")))
    assert "tip" in str(element.get_attribute("aria-describedby")).split()
    box = tip.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    assert page.locator("[aria-describedby~=tip]").count() == 1  # one tip at a time


def show(page: Page, selector: str, size: str) -> None:
    """Hover (laptop) or tap (phone) an element with a tip; its tip shows."""
    element = page.locator(selector).first
    element.scroll_into_view_if_needed()
    if size == "390":
        element.tap()
    else:
        element.hover()
    assert_tip_of(page, selector, SIZES[size]["width"])


def shots() -> Path:
    folder = SHOTS if SHOTS.parent.is_dir() else Path(__file__).parent / "artifacts"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def start_position(page: Page, ruleset: str) -> None:
    page.get_by_test_id("position-open").click()
    page.get_by_test_id("position-paste").fill(POSITIONS[ruleset]())
    page.get_by_test_id("position-start").click()
    expect(page.get_by_test_id("position-mark")).to_be_visible(timeout=90_000)


# ---------------------------------------------------------------- the cases


@pytest.mark.parametrize("phone_or_laptop", list(SIZES), indirect=True)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_nothing_shown_lacks_a_tip(phone_or_laptop: Page, ruleset: str, request: Any) -> None:
    page = phone_or_laptop
    size = request.node.callspec.params["phone_or_laptop"]
    width = SIZES[size]["width"]
    # The new-game form, this ruleset chosen, every option open.
    page.get_by_test_id("opt-rules").select_option(ruleset)
    if ruleset in FIELDS:
        expect(page.get_by_test_id(FIELDS[ruleset])).to_be_visible()
    for summary in page.locator("#new-game-form details.options:visible > summary").all():
        summary.click()
    options = [f for f in assert_walk(page, "option") if f["kind"] == "option"]
    assert len(options) >= 8
    field = "[data-testid=opt-rules]"
    if size == "390":
        show(page, field, size)
        page.get_by_test_id("new-game-form").locator("legend:visible").first.tap()  # elsewhere
        expect(tip_box(page)).to_be_hidden()
    else:
        page.locator(field).focus()
        assert_tip_of(page, field, width)
        page.keyboard.press("Escape")
        expect(tip_box(page)).to_be_hidden()
        page.locator("h1, .title").first.hover()  # the pointer away from every tip

    # A game screen: its tables, cards and order controls, walked after each step that
    # shows more of them.
    start_position(page, ruleset)
    kinds = {f["kind"] for f in assert_walk(page)}
    for step in STEPS[ruleset]:
        step(page)
        kinds |= {f["kind"] for f in assert_walk(page)}
    assert set(SHOWN[ruleset]) <= kinds, kinds
    # a column head if the screen shows one, else a card: hover or tap it, then a second
    # element: the first tip closes (one at a time)
    first = "th[data-tip]:visible" if "column" in kinds else "[data-card][data-tip]:visible"
    show(page, first, size)
    page.screenshot(path=str(shots() / f"{ruleset}-{size}.png"))
    second = {
        "classic": "[data-card][data-tip]:visible",
        "capital": "[data-mode][data-tip]:visible",
        "greatwar1907": "[data-leader][data-tip]:visible",
        "risk_paper_scissors": "[data-unit][data-tip]:visible",
    }[ruleset]
    show(page, second, size)
    if size == "390":
        page.locator(second).first.tap()  # a second tap on it closes it
    else:
        page.keyboard.press("Escape")
    expect(tip_box(page)).to_be_hidden()
    assert page.locator("[aria-describedby~=tip]").count() == 0


@pytest.mark.parametrize("phone_or_laptop", ["1366"], indirect=True)
def test_the_walk_finds_an_element_without_a_tip(phone_or_laptop: Page) -> None:
    """The walk can fail: a column head, a card and an order button put on the page
    without a tip are each found."""
    page = phone_or_laptop
    assert [f for f in walk(page) if not f["tip"]] == []
    page.evaluate(
        """() => { const box = document.createElement('div');
        box.innerHTML = '<table><thead><tr><th>Bare</th></tr></thead></table>'
          + '<button class="btn" data-card="7">A card</button>'
          + '<button class="btn" data-mode="attack">Attack</button>';
        document.querySelector('main, body').prepend(box); }"""
    )
    bare = sorted(f["kind"] for f in walk(page) if not f["tip"])
    assert bare == ["card", "column", "order"]


@pytest.mark.parametrize("phone_or_laptop", ["390"], indirect=True)
def test_a_finger_held_on_a_market_card_reads_its_tip_without_buying(
    phone_or_laptop: Page,
) -> None:
    """On a phone a tap on a button acts; a finger held on it shows its tip instead, and
    the card is not bought."""
    page = phone_or_laptop
    start_position(page, "risk_paper_scissors")
    card = page.locator("[data-testid=market] [data-card][data-tip]").first
    card.scroll_into_view_if_needed()
    energy = page.get_by_test_id("energy").inner_text()
    bought = page.get_by_test_id("cards-bought").inner_text()
    box = card.bounding_box()
    assert box is not None
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    page.wait_for_timeout(900)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert_tip_of(page, "[data-testid=market] [data-card][data-tip]", SIZES["390"]["width"])
    page.wait_for_timeout(300)
    assert page.get_by_test_id("energy").inner_text() == energy
    assert page.get_by_test_id("cards-bought").inner_text() == bought
    page.screenshot(path=str(shots() / "risk_paper_scissors-390-held.png"))
    page.get_by_test_id("energy").tap()  # a tap elsewhere closes it
    expect(tip_box(page)).to_be_hidden()
