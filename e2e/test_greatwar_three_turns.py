"""Issue 27's three whole turns (issue 31's peace too): one human nation, Russia, plays
Deployment and Attack three times against seven computer nations at 1366x800 and
writes every order kind the page has a control for; each is then found resolved in
the report as it was written:

- turn 1, Deployment: the forced drop (R85: its allies Germany and Italy are at war),
  peace offered to the Ottoman Empire (at war; a computer's standing answer accepts
  it), a passage grant to Spain, a trade bundle with Germany (two provinces and pp
  each way, pp credited at Kiev; "you get" lists only Germany's land), a sail carrying
  3 of the 4 divisions aboard, and placing a leader;
- turn 1, Attack: an amphibious strike that sends one ship into the port it takes;
  the passage then stands on the map's Passage overlay;
- turn 2, Deployment: encircled (a British fleet cuts Ireland off), Ireland's network
  pays the war declared on France first (R19); the trade is written again, paid by
  the main network, and Germany's answer closes it; the grant is withdrawn; a
  general's extra step (Brusilov, Moscow → Kiev → Odessa);
- turn 3, Deployment: an admiral's extra sea move (Beatty, Riga → Baltic → Gulf of
  Finland).

The game starts from a position text ("Start from a position") so that every special
situation is there at once.  Screenshots of each control at 1366x800 and 390x844 go to
/work/wt/gw27-shots (or e2e/artifacts elsewhere)."""

from __future__ import annotations

from pathlib import Path

from conftest import assert_clean, wait_ready
from playwright.sync_api import Page, expect
from test_greatwar_play import seal, stage, tap, wait_stage

SIZES = {"1366": {"width": 1366, "height": 800}, "390": {"width": 390, "height": 844}}
SHOTS = Path("/work/wt/gw27-shots")

POSITION = """ruleset greatwar1907
seat russia Nina human
seat germany Germany easy
seat france France easy
seat uk Britain easy
seat austria_hungary Austria easy
seat ottoman Turkey easy
seat spain Spain easy
seat italy Italy easy
relation russia germany alliance
relation russia italy alliance
relation germany italy war
relation russia ottoman war
relation russia uk war
nation russia drop=["germany","italy","italy"]
mos russia 6
kiev russia 4
ode russia 1 fleet=3/4
war russia 3
ire russia 2
rig russia 2 fleet=2
nao uk=2
leader brusilov russia mos
leader beatty russia rig
leader putnik russia -
"""
"""Russia allied with two nations at war with each other, at war with the Ottoman
Empire and the United Kingdom (whose fleet will cut Ireland off), a fleet in Odessa
with cargo aboard, a general and an admiral who add a step, a general to place."""


def shots(artifacts: Path) -> Path:
    folder = SHOTS if SHOTS.parent.is_dir() else artifacts
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def shoot(page: Page, folder: Path, name: str, test_id: str) -> None:
    """The page scrolled to one control, at laptop and at phone width."""
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.get_by_test_id(test_id).first.scroll_into_view_if_needed()
        page.screenshot(path=str(folder / f"{name}-{size}.png"))
    page.set_viewport_size(SIZES["1366"])


def shoot_board(page: Page, folder: Path, name: str) -> None:
    """The map alone, at laptop and at phone width."""
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.locator("#board").screenshot(path=str(folder / f"{name}-{size}.png"))
    page.set_viewport_size(SIZES["1366"])


def start_from_position(page: Page, text: str) -> None:
    page.get_by_test_id("position-open").click()
    page.get_by_test_id("position-paste").fill(text)
    page.get_by_test_id("position-start").click()
    expect(page.get_by_test_id("position-mark")).to_be_visible(timeout=60_000)
    wait_stage(page, "handover", "entry", timeout=60_000)
    assert stage(page) == "entry"  # one human: never a hand-over screen


def resolved(page: Page) -> str:
    """Seal, skip the replay, open the full report (one click below what happened to
    you): the resolved phase's report, as the player reads it."""
    seal(page)
    wait_stage(page, "replay", "report", timeout=60_000)
    if stage(page) == "replay":
        page.get_by_test_id("gw-replay-skip").click()
    wait_stage(page, "report")
    page.get_by_test_id("summary-full-open").click()
    report = page.get_by_test_id("gw-report")
    expect(report).to_be_visible()
    expect(report).to_contain_text("The Great War 1907")
    return report.inner_text()


def to_you(page: Page) -> str:
    """The top of the resolved phase: what happened to the player."""
    return page.get_by_test_id("summary-you").inner_text()


def next_phase(page: Page) -> None:
    page.get_by_test_id("gw-next-phase").click()
    wait_stage(page, "entry")


def test_three_turns_against_seven_computers_use_every_control(
    page: Page, server_url: str, artifacts: Path
) -> None:
    folder = shots(artifacts)
    page.set_viewport_size(SIZES["1366"])
    page.goto(server_url)
    wait_ready(page)
    start_from_position(page, POSITION)
    review = page.get_by_test_id("gw-review")

    # ---- turn 1, Deployment
    page.get_by_test_id("gw-mode-diplomacy").click()
    expect(page.get_by_test_id("gw-drop")).to_contain_text("are at war with each other")
    page.get_by_test_id("gw-drop-germany").click()
    expect(review).to_contain_text("Drop the alliance with German Empire")
    expect(page.get_by_test_id("gw-dip-germany-peace")).to_be_disabled()  # free already
    shoot(page, folder, "forced-drop", "gw-drop")
    page.get_by_test_id("gw-dip-ottoman-peace").click()
    expect(review).to_contain_text("Peace with Ottoman Empire")
    page.get_by_test_id("gw-passage-spain-grant").click()
    expect(review).to_contain_text("Grant passage to Spain")
    shoot(page, folder, "passage-grant", "gw-diplomacy")
    page.get_by_test_id("gw-mode-trade").click()
    page.get_by_test_id("gw-trade-with").select_option("germany")
    gets = page.get_by_test_id("gw-trade-get").locator("option")
    offered = {v for v in gets.evaluate_all("els => els.map(e => e.value)") if v}
    assert offered and "pra" in offered and not offered & {"mos", "war", "mad", "lon"}
    write_trade(page)
    expect(page.get_by_test_id("gw-trade-answer")).to_contain_text(
        "answers at the next Deployment phase"
    )
    shoot(page, folder, "trade-bundle", "gw-trade-give-side")
    page.get_by_test_id("gw-trade-add").click()
    expect(review).to_contain_text(
        "Trade with German Empire: you give Warsaw + Lemberg + 0.5 pp, you get 3 pp; "
        "credited to the network of Kiev"
    )
    page.get_by_test_id("gw-mode-sail").click()
    tap(page, "ode")
    page.get_by_test_id("gw-count").fill("2")
    page.get_by_test_id("gw-cargo").fill("3")
    shoot(page, folder, "sail-cargo", "gw-cargo")
    tap(page, "blk")
    expect(review).to_contain_text("Sail 2 ships carrying 3 div Odessa → Black Sea")
    page.get_by_test_id("gw-mode-place").click()
    page.get_by_test_id("gw-leader-putnik").click()
    shoot(page, folder, "place-leader", "gw-leader-putnik")
    tap(page, "mos")
    expect(review).to_contain_text("Place Radomir Putnik at Moscow")
    report = resolved(page)
    assert "Russian Empire drops its alliance with German Empire (forced, no cost)" in report
    assert "Russian Empire and Ottoman Empire: war to peace" in report
    assert "Russian Empire grants passage to Spain" in report
    assert "Russian Empire: Radomir Putnik placed at Moscow" in report
    assert "Russian Empire: 2 ships (3 div) to Black Sea" in report
    assert "Odessa 1 div, 1 ship carrying 1 div" in report  # the rest stayed in port
    assert "German Empire did not order the matching trade" in report  # it answers next
    next_phase(page)

    # ---- turn 1, Attack: the grant stands on the map; a strike sends a ship into port
    page.get_by_test_id("gw-overlay-passage").click()
    expect(page.locator('#board .passage-given-outline[data-mark="mad"]')).to_have_count(1)
    shoot_board(page, folder, "passage-map")
    page.get_by_test_id("gw-overlay-passage").click()
    page.get_by_test_id("gw-mode-strike").click()
    tap(page, "blk")
    page.get_by_test_id("gw-ships-in").fill("1")
    shoot(page, folder, "strike-ships-in", "gw-ships-in")
    tap(page, "buc")
    expect(review).to_contain_text(
        "Strike Bucharest from Black Sea with all, 1 ship into port if taken"
    )
    report = resolved(page)
    assert "Russian Empire from Black Sea 3 v Neutral 0" in report
    assert "Bucharest 3 div, 1 ship" in report  # one ship went in, one stayed at sea
    assert "Black Sea: Russian Empire 1 ship carrying 0 div" in report
    assert "You took Bucharest." in to_you(page)
    next_phase(page)

    # ---- turn 2, Deployment: encircled; the trade closed; the grant withdrawn
    expect(page.get_by_test_id("gw-network-1")).to_contain_text("Ireland")
    page.get_by_test_id("gw-pay-first-1").click()
    expect(review).to_contain_text("Diplomacy costs paid first by the network of Ireland")
    shoot(page, folder, "pay-first", "gw-network-1")
    page.get_by_test_id("gw-mode-diplomacy").click()
    page.get_by_test_id("gw-dip-france-war").click()
    expect(review).to_contain_text("War with French Third Republic")
    page.get_by_test_id("gw-passage-spain-revoke").click()
    expect(review).to_contain_text("Revoke passage of Spain")
    shoot(page, folder, "passage-revoke", "gw-diplomacy")
    page.get_by_test_id("gw-mode-trade").click()
    page.get_by_test_id("gw-trade-with").select_option("germany")
    write_trade(page)
    pay_from = page.get_by_test_id("gw-trade-pay-from")
    main = [v for v in pay_from.locator("option").evaluate_all("e => e.map(o => o.value)") if v]
    main = [v for v in main if v != "ire"]
    pay_from.select_option(main[0])
    shoot(page, folder, "trade-pay-from", "gw-trade-pay-from")
    page.get_by_test_id("gw-trade-add").click()
    expect(review).to_contain_text("you get 3 pp; paid by the network of")
    page.get_by_test_id("gw-mode-move").click()
    tap(page, "mos")
    page.get_by_test_id("gw-leader-brusilov").click()
    expect(page.get_by_test_id("gw-reach")).to_contain_text("up to 2 steps")
    shoot(page, folder, "move-two-steps", "gw-reach")
    page.get_by_test_id("gw-count").fill("3")
    tap(page, "ode")
    expect(review).to_contain_text("Move 3 Moscow → Kiev → Odessa with Aleksei Brusilov")
    report = resolved(page)
    assert "Encircled: Ireland" in report
    assert "{Ireland} allowance 3, spent 3" in report  # Ireland paid the war first
    assert "Russian Empire: peace to war with French Third Republic, cost 3 pp" in report
    assert "Russian Empire revokes passage of Spain" in report
    assert "Russian Empire gives Warsaw + Lemberg + 0.5 pp to German Empire and gets 3 pp" in (
        report
    )
    assert "Russian Empire: 3 div Moscow → Odessa" in report
    mine = to_you(page)
    assert "You declared war on French Third Republic." in mine
    assert "You lost Warsaw and Lemberg to German Empire." in mine
    next_phase(page)

    # ---- turn 2, Attack: nothing to write
    resolved(page)
    next_phase(page)

    # ---- turn 3, Deployment: the admiral's extra sea move
    page.get_by_test_id("gw-mode-sail").click()
    tap(page, "rig")
    page.get_by_test_id("gw-leader-beatty").click()
    expect(page.get_by_test_id("gw-reach")).to_contain_text("up to 2 steps")
    shoot(page, folder, "sail-two-steps", "gw-reach")
    tap(page, "gof")
    expect(review).to_contain_text("Riga → Baltic Sea → Gulf of Finland with David Beatty")
    report = resolved(page)
    assert "Russian Empire: 2 ships (0 div) to Gulf of Finland" in report
    next_phase(page)

    # ---- turn 3, Attack
    resolved(page)
    assert page.evaluate("document.body.dataset.gwTurn") == "4"
    assert_clean(page)


def write_trade(page: Page) -> None:
    """Warsaw and Lemberg and 0.5 pp for 3 pp credited at Kiev (a bundle a forgiving
    computer takes: it never gives land away)."""
    page.get_by_test_id("gw-trade-give").select_option("war")
    page.get_by_test_id("gw-trade-give").select_option("lem")
    page.get_by_test_id("gw-trade-give-pp").fill("0.5")
    page.get_by_test_id("gw-trade-get-pp").fill("3")
    page.get_by_test_id("gw-trade-receive-at").select_option("kiev")


FITS = """() => {
  const select = document.querySelector('[data-testid=opt-rules]');
  const style = getComputedStyle(select);
  const pen = document.createElement('canvas').getContext('2d');
  pen.font = style.font;
  const room = select.clientWidth - parseFloat(style.paddingLeft)
    - parseFloat(style.paddingRight) - 16;  // the arrow
  return [...select.options].filter(o => pen.measureText(o.text).width > room).map(o => o.text);
}"""
"""The rules choices whose text would be cut at the picker's edge (room for the arrow)."""


def test_the_rules_picker_shows_whole_names_on_a_phone(
    page: Page, server_url: str, artifacts: Path
) -> None:
    """Issue 27: at 390 px the new-game form's rules picker cut "The Great War 1907
    (8 nations, two phases a turn)" at the box edge; every choice now fits."""
    page.set_viewport_size(SIZES["390"])
    page.goto(server_url)
    wait_ready(page)
    page.get_by_test_id("opt-rules").select_option("greatwar1907")
    assert page.evaluate(FITS) == []
    page.get_by_test_id("new-game-form").screenshot(path=str(shots(artifacts) / "rules-390.png"))
    assert_clean(page)
