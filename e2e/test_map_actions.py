"""The map as the game's main control (issue 28), the part that plays: the phase's main
action on one screen with the map (on a phone, the action bar), the orders written this
phase drawn on the map as arrows and removed by a tap on them, a battle's result in a
callout where it happened. Every ruleset, at 1366x800 and 390x844; screenshots go to
../board2-shots/ (beside the worktree) and e2e/artifacts/."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import click_territory, legal, wait_ready
from playwright.sync_api import Page, expect
from test_map_board import RULESETS, SIZES, start

SHOTS = Path(__file__).resolve().parent.parent.parent / "board2-shots"
BODY = "document.body.dataset"
CLASSIC_SEED = "arrows-1"

# The phase's main button of each ruleset at its opening.
MAIN = {
    "classic": "end-turn",
    "capital": "cap-seal",
    "greatwar1907": "gw-seal",
    "risk_paper_scissors": "setup-place",
}

# Whether the main button (the original in the panels, or its copy in the action bar)
# and the map are both on the screen, uncovered, without scrolling.
ON_SCREEN_JS = """
(testid) => {
  const seen = (el) => {
    if (!el) return false;
    const r = el.getBoundingClientRect();
    if (!r.width || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth)
      return false;
    const e = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return !!e && (e === el || el.contains(e));
  };
  const original = document.querySelector(
    `section.game:not([hidden]) [data-testid="${testid}"]`);
  const copy = document.querySelector(`#action-bar:not([hidden]) [data-testid="bar-${testid}"]`);
  const b = document.querySelector('#board svg').getBoundingClientRect();
  const shown = Math.min(b.bottom, innerHeight) - Math.max(b.top, 0);
  const fit = document.querySelector('[data-testid="zoom-fit"]').getBoundingClientRect();
  return {original: seen(original), copy: seen(copy), map: shown / b.height,
          zoomInView: fit.bottom <= innerHeight,
          zoomUncovered: seen(document.querySelector('[data-testid="zoom-fit"]')),
          scrolled: scrollY};
}
"""


def shoot(page: Page, name: str, artifacts: Path) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    shutil.copy(path, artifacts / f"board2-{name}.png")


def place_all_classic(page: Page) -> None:
    """Classic's reinforcements: all on one territory (the count chooser's last)."""
    page.wait_for_function(f"{BODY}.humanTurn === 'true'")
    if page.evaluate(f"{BODY}.phase") == "reinforce":
        page.locator('[data-action="set-count"]').last.click()
        click_territory(page, legal(page)[0])
    page.wait_for_function(f"{BODY}.phase === 'attack'")


def opening(page: Page, ruleset: str) -> None:
    """The ruleset's first phase with its main button on the page."""
    if ruleset == "classic":
        place_all_classic(page)
    expect(
        page.locator(f'section.game:not([hidden]) [data-testid="{MAIN[ruleset]}"]')
    ).to_be_attached()
    page.evaluate("window.scrollTo(0, 0)")  # a click on a panel scrolled the page down
    page.wait_for_timeout(200)  # the action bar follows on the next frame


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_main_action_is_on_one_screen_with_the_map(
    page: Page, server_url: str, artifacts: Path, ruleset: str, size: str
) -> None:
    """Issue 28: "the map and the current phase's main action (place, attack, end turn,
    seal) are visible together without scrolling"; the bar covers neither the map's own
    controls nor a hand-over."""
    width, height = SIZES[size]
    open_at(page, server_url, width, height)
    start(page, ruleset)
    opening(page, ruleset)
    seen: dict[str, Any] = page.evaluate(ON_SCREEN_JS, MAIN[ruleset])
    shoot(page, f"{ruleset}-{width}-action", artifacts)
    assert seen["scrolled"] == 0
    assert seen["original"] or seen["copy"], f"the main action is off the screen: {seen}"
    assert seen["map"] > 0.95, f"the map is not all on the screen: {seen}"
    if seen["zoomInView"]:
        assert seen["zoomUncovered"], f"the action bar covers the map's controls: {seen}"
    if size == "phone":
        # The bar's button is the original's: one press, the same effect.
        bar = page.get_by_test_id(f"bar-{MAIN[ruleset]}")
        expect(bar).to_be_visible()
        # Scrolled to the panels, the original is in view: the bar steps aside.
        page.locator(
            f'section.game:not([hidden]) [data-testid="{MAIN[ruleset]}"]'
        ).scroll_into_view_if_needed()
        expect(page.get_by_test_id("action-bar")).to_be_hidden()
        page.evaluate("window.scrollTo(0, 0)")
        expect(bar).to_be_visible()
        if ruleset == "classic":
            bar.click()
            page.wait_for_function(f"{BODY}.phase !== 'attack' || {BODY}.humanTurn !== 'true'")
        elif ruleset == "risk_paper_scissors":
            bar.click()
            page.wait_for_function(f"{BODY}.phase !== 'setup'", timeout=60_000)


SHOOT: list[Any] = []
"""The running test's screenshot taker (name -> None)."""


def open_at(page: Page, server_url: str, width: int, height: int) -> None:
    """The page loaded and ready at ``width`` x ``height``."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(server_url)
    wait_ready(page)


def tap_off(page: Page, review: str, written: str, action: str, count: str) -> None:
    """The order just written (``written`` in the ``review`` list) is drawn as an arrow
    marked ``count``; a tap on the arrow takes the order and the arrow away."""
    expect(page.get_by_test_id(review)).to_contain_text(written)
    selector = f'.order-arrow[data-action="{action}"]'
    expect(page.locator(f"#board {selector}").first.locator("text.count")).to_have_text(count)
    tap_arrow(page, selector)
    expect(page.get_by_test_id(review)).not_to_contain_text(written)
    expect(page.locator("#board .order-arrow")).to_have_count(0)


def tap_arrow(page: Page, selector: str) -> None:
    """A real tap (a mouse click at the screen point) on the arrow's count, or its
    shaft's middle when it has no count; the board is photographed first."""
    arrow = page.locator(f"#board {selector}").first
    expect(arrow).to_be_attached()
    page.evaluate("window.scrollTo(0, 0)")  # the map at the top of the screen
    page.wait_for_timeout(400)  # the view follows the new order (an animated pan)
    SHOOT[-1]("arrow")
    point = page.evaluate(
        """(selector) => {
          const a = document.querySelector('#board ' + selector);
          const pill = a.querySelector('.order-count rect');
          if (pill) { const r = pill.getBoundingClientRect();
                      return [(r.left + r.right) / 2, (r.top + r.bottom) / 2]; }
          const shaft = a.querySelector('.arrow-shaft');
          const p = shaft.getPointAtLength(shaft.getTotalLength() / 2);
          const m = shaft.getScreenCTM();
          return [p.x * m.a + p.y * m.c + m.e, p.x * m.b + p.y * m.d + m.f];
        }""",
        selector,
    )
    reached = page.evaluate(
        "([x, y]) => { const e = document.elementFromPoint(x, y);"
        " const a = e && e.closest('.order-arrow'); return a ? a.dataset.action : null; }",
        point,
    )
    assert reached, f"a tap at {point} does not reach the arrow"
    page.mouse.click(point[0], point[1])


def classic_orders(page: Page) -> None:
    place_all_classic(page)
    # An attack: its dice in a callout at the attacked territory.
    armies = page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('#board path[data-territory]')]"
        ".map(p => [p.dataset.territory, +p.dataset.armies]))"
    )
    origin = max(legal(page), key=lambda t: armies[t])
    click_territory(page, origin)
    page.locator('[data-action="attack-target"]').first.click()
    callout = page.locator("#board .callout")
    expect(callout).to_contain_text("vs")
    if page.evaluate(f"{BODY}.phase") == "move-in":
        count = page.get_by_test_id("move-in-count")
        count.fill(count.get_attribute("min") or "1")  # the most stay for the free move
        page.get_by_test_id("move-in-confirm").click()
        page.wait_for_function(f"{BODY}.phase !== 'move-in'")
    # The free move being counted: its arrow, a tap on it cancels it.
    page.get_by_test_id("end-attack").click()
    page.wait_for_function(f"{BODY}.phase === 'fortify'")
    # the board is redrawn for the free move after the phase changes: wait for its glow
    page.wait_for_function("document.querySelectorAll('#board path.legal').length > 0")
    origins = legal(page)
    assert origins, "no free move to make"
    click_territory(page, origins[0])
    click_territory(page, legal(page)[0])
    expect(page.get_by_test_id("free-move-form")).to_be_visible()
    tap_arrow(page, '.order-arrow[data-action="cancel"]')
    expect(page.get_by_test_id("free-move-form")).to_have_count(0)
    expect(page.locator("#board .order-arrow")).to_have_count(0)


def capital_orders(page: Page) -> None:
    # Setup: a capital with 5 units, sealed; the computers' setups are replayed.
    capital = legal(page)[0]
    click_territory(page, capital)
    page.get_by_test_id("cap-mode-place").click()
    page.get_by_test_id("cap-count").fill("5")
    click_territory(page, capital)
    page.get_by_test_id("cap-seal").click()
    stage = f"{BODY}.capStage"
    page.wait_for_function(f"{stage} === 'replay' || {stage} === 'report'", timeout=30_000)
    if page.evaluate(stage) == "replay":
        page.get_by_test_id("cap-replay-skip").click()
    page.wait_for_function(f"{stage} === 'report'")
    page.get_by_test_id("cap-next-turn").click()
    page.wait_for_function(f"{stage} === 'handover' || {stage} === 'entry'")
    if page.evaluate(stage) == "handover":
        page.get_by_test_id("cap-handover-continue").click()
    page.wait_for_function(f"{stage} === 'entry'")
    # An attack written: its arrow with its count; a tap on it removes the order.
    page.get_by_test_id("cap-mode-attack").click()
    page.get_by_test_id("cap-count").fill("2")
    origins = legal(page)
    assert origins, "no territory to attack from"
    click_territory(page, origins[0])
    click_territory(page, legal(page)[0])
    tap_off(page, "cap-orders", "Attack", "cap-remove", "2")


def greatwar_orders(page: Page) -> None:
    page.get_by_test_id("gw-mode-move").click()
    page.get_by_test_id("gw-count").fill("1")
    for origin in legal(page):
        page.locator(f'#board [data-territory="{origin}"]').first.dispatch_event("click")
        targets = [t for t in legal(page) if t != origin]
        if targets:
            break
    else:
        pytest.fail("no move to write")
    page.locator(f'#board [data-territory="{targets[0]}"]').first.dispatch_event("click")
    tap_off(page, "gw-review", "Move 1", "gw-remove", "1")


def rps_orders(page: Page) -> None:
    def wait_phase(phase: str) -> None:
        page.wait_for_function(
            f"{BODY}.humanTurn === 'true' && {BODY}.phase === '{phase}'", timeout=60_000
        )

    page.get_by_test_id("setup-place").click()
    wait_phase("bid")
    page.get_by_test_id("bid-amount").fill("1")
    for n, slot in enumerate([1, 2], 1):
        page.get_by_test_id(f"bid-slot-{n}").select_option(str(slot))
    page.get_by_test_id("bid-submit").click()
    wait_phase("purchase")
    page.get_by_test_id("end-purchase").click()
    wait_phase("action")

    def owner(t: str) -> str:
        return page.locator(f'#board path[data-territory="{t}"]').get_attribute("data-owner") or ""

    def attack() -> str:
        for origin in legal(page):
            click_territory(page, origin)
            expect(page.get_by_test_id("origin")).to_be_visible()
            for target in legal(page):
                if owner(target) not in ("0", "-1"):
                    click_territory(page, target)
                    return target
            page.get_by_test_id("cancel").click()
        pytest.fail("no attack on an enemy garrison")

    attack()
    expect(page.get_by_test_id("commit")).to_be_visible()
    tap_arrow(page, '.order-arrow[data-action="rps-cancel"]')
    expect(page.locator("#board .order-arrow")).to_have_count(0)
    expect(page.get_by_test_id("commit")).to_have_count(0)
    # The attack made: its outcome in a callout at the territory.
    target = attack()
    page.get_by_test_id("commit").click()
    expect(page.get_by_test_id("battle-result")).to_be_visible()
    expect(page.locator(f'#board .callout[data-label="{target}"]')).to_be_attached()


ORDERS = {
    "classic": classic_orders,
    "capital": capital_orders,
    "greatwar1907": greatwar_orders,
    "risk_paper_scissors": rps_orders,
}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("ruleset", RULESETS)
def test_orders_are_drawn_on_the_map_and_removed_by_a_tap(
    page: Page, server_url: str, artifacts: Path, ruleset: str, size: str
) -> None:
    """Issue 28: "orders written this phase are drawn as arrows with their counts ...
    removable by tapping them"; "a battle's dice or rounds in a callout at the
    territory"."""
    width, height = SIZES[size]
    open_at(page, server_url, width, height)
    if ruleset == "classic":
        # a fixed game: its attack leaves a free move to make (an unseeded game may not)
        page.get_by_test_id("opt-rules").select_option(ruleset)
        page.locator("details.options summary").click()
        page.get_by_test_id("opt-seed").fill(CLASSIC_SEED)
    start(page, ruleset)
    SHOOT.append(lambda what: shoot(page, f"{ruleset}-{width}-{what}", artifacts))
    try:
        ORDERS[ruleset](page)
        page.wait_for_timeout(400)
        shoot(page, f"{ruleset}-{width}-after", artifacts)
    finally:
        SHOOT.pop()


def test_the_moon_inset_folds_away_from_the_ocean_when_zoomed(
    page: Page, server_url: str, artifacts: Path
) -> None:
    """Issue 28: "the Moon inset covers the Pacific when zoomed": zoomed in on the
    ocean beside it, the inset folds to its title (the sea under it is the sea's
    again) and opens with a tap on that tab; looking at the Moon itself opens it."""
    open_at(page, server_url, 390, 844)
    start(page, "risk_paper_scissors")
    fit = page.evaluate("window.boardView.get().fit")
    page.evaluate(f"window.boardView.set({{cx: 0, cy: 400, u: {fit / 2.5}}})")
    inset = page.locator("#board .moon-inset")
    expect(inset).to_have_class("moon-inset folded")
    covered = page.evaluate(
        """(() => {
          const svg = document.querySelector('#board svg');
          const p = new DOMPoint(150, 460).matrixTransform(svg.getScreenCTM());
          const e = document.elementFromPoint(p.x, p.y);
          return !!(e && e.closest('.moon-inset'));
        })()"""
    )
    assert not covered, "the folded inset still covers the ocean"
    lunar_labels = page.evaluate(
        """[...document.querySelectorAll('#board .moon-inset [data-territory]')]
          .map(t => t.dataset.territory)
          .filter(t => { const l = document.querySelector(`#board [data-label="${t}"]`);
                         return l && !l.closest('.label-hidden'); })"""
    )
    assert lunar_labels == [], f"labels of the folded Moon still shown: {lunar_labels}"
    shoot(page, "risk_paper_scissors-390-moon-folded", artifacts)
    tab = page.locator("#board .moon-inset .moon-frame")
    box = tab.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(inset).to_have_class("moon-inset")
    page.evaluate(f"window.boardView.set({{cx: 0, cy: 400, u: {fit / 2.5}}})")
    expect(inset).to_have_class("moon-inset")  # opened by the player: it stays open
    page.locator("#board .moon-inset .moon-title").dispatch_event("click")
    expect(inset).to_have_class("moon-inset folded")
    page.evaluate(f"window.boardView.set({{cx: 85, cy: 400, u: {fit / 6}}})")
    expect(inset).to_have_class("moon-inset")  # looking at the Moon: open
    shoot(page, "risk_paper_scissors-390-moon-open", artifacts)
