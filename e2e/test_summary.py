"""What happened, at the top of a resolved report (issues 27 and 29): a Great War game in
which a computer nation declares war on the human shows it first thing after the phase
("German Empire declared war on you."), the full report one click away; a Capital Risk
game in which the human takes a computer's capital says so at the top of the turn's
report, the battles in plain sentences, the attacker first.  Screenshots at laptop and
phone size go to /work/wt/summary-shots/ (or e2e/artifacts/ elsewhere)."""

from __future__ import annotations

from pathlib import Path

from conftest import assert_clean, wait_ready
from playwright.sync_api import Locator, Page, expect

from engine.ai import choose_for
from engine.core import PlayerSpec, find_ruleset
from engine.rulesets.greatwar1907.mapdata import NEUTRAL
from tests.greatwar1907.helpers import position, start_text

SIZES = {"1366": {"width": 1366, "height": 800}, "390": {"width": 390, "height": 844}}
SHOTS = Path("/work/wt/summary-shots")
NATIONS = ("russia", "germany", "france", "uk", "austria_hungary", "ottoman", "spain", "italy")


def shots(artifacts: Path) -> Path:
    folder = SHOTS if SHOTS.parent.is_dir() else artifacts
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def war_on_spain() -> str:
    """The 1907 position with Spain the only human, the German Empire ringed by French
    provinces (no Neutral land left to take) and France thin everywhere: a standard
    computer then looks for a war worth its cost, and (checked here) picks Spain."""
    start = position()
    ringed = {q for p in start.provinces_of("germany") for q in start.map.neighbours(p)}
    french = [*start.provinces_of("france"), *(q for q in ringed if start.owner_of(q) == NEUTRAL)]
    # a seat written with its nation's id shows the nation's name ("Austria-Hungary")
    lines = [f"seat {n} {n} {'human' if n == 'spain' else 'standard'}" for n in NATIONS]
    lines += ["rng war 0", *(f"{p} france 1" for p in french)]
    text = start_text("\n".join(lines))
    s = find_ruleset("greatwar1907").from_position_text(text)
    assert s.players[NATIONS.index("austria_hungary")].name == "Austria-Hungary"
    germany = choose_for(s, NATIONS.index("germany"))
    assert [(d.other, d.to) for d in germany.diplomacy] == [("spain", "war")]
    return text


def start_from(page: Page, server_url: str, text: str) -> None:
    """A fresh page started from the position ``text``, its hand-over card (if any) passed."""
    page.set_viewport_size(SIZES["1366"])
    page.goto(server_url)
    wait_ready(page)
    page.get_by_test_id("position-open").click()
    page.get_by_test_id("position-paste").fill(text)
    page.get_by_test_id("position-start").click()
    expect(page.get_by_test_id("position-mark")).to_be_visible(timeout=60_000)
    card = page.locator(".handover-card:visible")
    if card.count():
        card.locator("button").first.click()


def seal_to_report(page: Page, stage: str, prefix: str) -> None:
    """Seal the orders (going on past a warning, if one asks) and skip the replay to the
    report; ``stage`` is the page's stage key (``gwStage``), ``prefix`` its test ids'."""
    page.get_by_test_id(f"{prefix}-seal").click()
    page.wait_for_function(
        f"document.body.dataset.{stage} !== 'entry'"
        " || !!document.querySelector('[data-testid=warning-go]')"
    )
    ask = page.get_by_test_id("warning-go")
    if page.evaluate(f"document.body.dataset.{stage}") == "entry" and ask.count():
        ask.click()
    page.wait_for_function(f"['replay', 'report'].includes(document.body.dataset.{stage})")
    if page.evaluate(f"document.body.dataset.{stage}") == "replay":
        page.get_by_test_id(f"{prefix}-replay-skip").click()
    page.wait_for_function(f"document.body.dataset.{stage} === 'report'", timeout=30_000)


def shoot(page: Page, target: Locator, artifacts: Path, name: str) -> None:
    """``target`` at every size, then the page back at 1366 wide."""
    folder = shots(artifacts)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        target.scroll_into_view_if_needed()
        page.screenshot(path=str(folder / f"{name}-{size}.png"))
    page.set_viewport_size(SIZES["1366"])


def test_a_war_declared_on_you_is_the_first_thing_you_read(
    page: Page, server_url: str, artifacts: Path
) -> None:
    start_from(page, server_url, war_on_spain())
    page.wait_for_function("document.body.dataset.gwStage === 'entry'")
    seal_to_report(page, "gwStage", "gw")
    summary = page.get_by_test_id("summary")
    expect(summary).to_be_visible()
    mine = page.get_by_test_id("summary-you")
    expect(mine.locator("li").first).to_have_text("German Empire declared war on you.")
    expect(mine).to_contain_text("pp of unspent allowance")  # Spain built nothing
    report = page.get_by_test_id("gw-report")
    expect(report).to_be_hidden()  # the full report is one click away
    shoot(page, summary, artifacts, "greatwar-war-on-you")
    page.get_by_test_id("summary-full-open").click()
    expect(report).to_be_visible()
    expect(report).to_contain_text("German Empire: peace to war with Spain")
    assert_clean(page)


CAPITAL_TAKEN = """ruleset capital
seat 0 Ann human capital=alaska
seat 1 Bot baseline capital=kamchatka
phase orders
turn 1
capitals_revealed true
"""


def test_a_capital_taken_is_told_at_the_top_of_the_turn(
    page: Page, server_url: str, artifacts: Path
) -> None:
    """Ann's twenty units beside the computer's one-unit capital: she takes it, and the
    report opens with it; the battle reads with Ann first."""
    rs = find_ruleset("capital")
    ids = rs.new_game([PlayerSpec("A"), PlayerSpec("B")], {}, "x").owner
    layout = {t: "1 1" for t in ids}
    layout.update(alaska="0 20", kamchatka="1 1")
    text = CAPITAL_TAKEN + "".join(f"{t} {v}\n" for t, v in layout.items())
    rs.from_position_text(text)  # the position is well written (else the test is wrong)
    start_from(page, server_url, text)
    page.wait_for_function("document.body.dataset.capStage === 'entry'")
    page.get_by_test_id("cap-mode-attack").click()
    for place in ("alaska", "kamchatka"):
        page.locator(f'#board [data-territory="{place}"]').first.dispatch_event("click")
    expect(page.get_by_test_id("cap-orders")).to_contain_text("Kamchatka")
    seal_to_report(page, "capStage", "cap")
    summary = page.get_by_test_id("summary")
    expect(summary).to_be_visible()
    expect(page.get_by_test_id("summary-winner")).to_have_text("♛ You win the game!")
    mine = page.get_by_test_id("summary-you")
    expect(mine).to_contain_text("You took Kamchatka.")
    expect(mine).to_contain_text("Kamchatka was Bot's capital.")
    plain = page.get_by_test_id("cap-plain-report")
    expect(plain).to_contain_text("Ann attacked Kamchatka from Alaska with ")
    expect(page.get_by_test_id("cap-report")).to_be_hidden()
    shoot(page, summary, artifacts, "capital-capital-taken")
    page.get_by_test_id("cap-moderator-open").click()
    expect(page.get_by_test_id("cap-report")).to_be_visible()
    assert_clean(page)
