"""Capital Risk in the browser (issue 5): pass-and-play behind hand-over screens, the
replay and the report with its exports, and one turn by sealed codes between two
separate browser contexts (two players, each with its own key)."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import unquote

from conftest import PageMonitor, assert_clean, click_territory, guard, legal, wait_ready
from playwright.sync_api import Browser, Page, expect

BODY = "document.body.dataset"
SECTIONS = (
    "reinforcement",
    "attacks",
    "surge-attacks",
    "resolved",
    "final",
    "reinforcements",
    "offenses",
)


def choose_capital_rules(page: Page, factions: list[tuple[str, str]], seed: str, **extra: str):
    page.get_by_test_id("opt-rules").select_option("capital")
    expect(page.get_by_test_id("capital-fields")).to_be_visible()
    for i in range(8):
        box = page.get_by_test_id(f"cf{i}-on")
        if i >= 2:
            box.set_checked(i < len(factions))
        if i < len(factions):
            page.get_by_test_id(f"cf{i}-name").fill(factions[i][0])
            page.get_by_test_id(f"cf{i}-kind").select_option(factions[i][1])
    page.get_by_test_id("cap-seed").fill(seed)
    page.get_by_test_id("cap-deadline").fill(extra.get("deadline", "Sunday 20:00 UTC"))
    if "where" in extra:
        page.get_by_test_id("cap-where").select_option(extra["where"])
        page.get_by_test_id("cap-seat").select_option(extra.get("seat", "0"))
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("cap-status")).to_be_visible()


def stage(page: Page) -> str:
    value: str = page.evaluate(f"{BODY}.capStage || ''")
    return value


def wait_stage(page: Page, *stages: str, timeout: float = 15_000) -> None:
    cond = " || ".join(f"{BODY}.capStage === '{s}'" for s in stages)
    page.wait_for_function(cond, timeout=timeout)


def owned(page: Page, faction: int) -> list[tuple[str, int]]:
    rows: list[list[Any]] = page.evaluate(
        "[...document.querySelectorAll('#board path[data-territory]')]"
        f".filter(p => p.dataset.owner === '{faction}')"
        ".map(p => [p.dataset.territory, +p.dataset.armies])"
    )
    return [(t, n) for t, n in rows]


def go_on_if_warned(page: Page, written: str = "max") -> None:
    """An attack out of the capital that leaves it with 1 unit beside a stronger enemy
    asks first (the shared warning): this test means it, so it goes on anyway."""
    page.wait_for_function(
        "written => !!document.querySelector('[data-testid=warning-overlay]:not([hidden])')"
        " || document.querySelector('[data-testid=cap-orders]').textContent.includes(written)",
        arg=written,
    )
    overlay = page.locator('[data-testid="warning-overlay"]:not([hidden])')
    if overlay.count():
        overlay.get_by_test_id("warning-go").click()
        expect(overlay).to_have_count(0)


def enter_setup(page: Page) -> None:
    """Choose the first legal territory as capital, put 5 units on it, seal."""
    capital = legal(page)[0]
    click_territory(page, capital)
    expect(page.get_by_test_id("cap-orders")).to_contain_text("Capital:")
    page.get_by_test_id("cap-mode-place").click()
    page.get_by_test_id("cap-count").fill("5")
    click_territory(page, capital)
    expect(page.get_by_test_id("cap-orders")).to_contain_text("Place 5")
    page.get_by_test_id("cap-seal").click()


def enter_orders(page: Page, faction: int, screenshot: Path | None = None) -> None:
    """Place up to the limit on the first legal territory, attack with a blank count,
    add and remove an order, then seal."""
    page.get_by_test_id("cap-mode-place").click()
    targets = legal(page)
    assert targets, "no territory to place on"
    page.get_by_test_id("cap-count").fill("99")
    click_territory(page, targets[0])
    expect(page.locator(f'#board [data-note="{targets[0]}"]')).to_be_visible()
    note = page.locator(f'#board [data-note="{targets[0]}"]').text_content() or ""
    placed, limit = note.lstrip("+").split("/")
    assert placed == limit, note  # cut to the placement limit
    page.get_by_test_id("cap-mode-attack").click()
    page.get_by_test_id("cap-count").fill("")
    origins = legal(page)
    if origins:
        click_territory(page, origins[0])
        target = legal(page)[0]
        click_territory(page, target)
        go_on_if_warned(page)
        expect(page.get_by_test_id("cap-orders")).to_contain_text("max")
    # a placement added and removed again
    page.get_by_test_id("cap-mode-place").click()
    more = legal(page)
    if more:
        page.get_by_test_id("cap-count").fill("1")
        click_territory(page, more[-1])
        rows = page.locator('[data-testid="cap-orders"] li[data-kind="placement"]')
        count = rows.count()
        page.get_by_test_id(f"cap-remove-placement-{count - 1}").click()
        expect(rows).to_have_count(count - 1)
    expect(page.get_by_test_id("cap-offenses")).to_be_visible()
    if screenshot is not None:
        page.screenshot(path=str(screenshot))
    page.get_by_test_id("cap-seal").click()


def test_pass_and_play_turn_replay_and_report(page: Page, server_url: str, artifacts: Path):
    page.goto(server_url)
    wait_ready(page)
    choose_capital_rules(page, [("Ann", "human"), ("Bob", "human"), ("Cyd", "easy")], "e2e-capital")
    # setup: each human behind a hand-over screen; the computer has sealed already
    finish_setup(page, humans=2)

    # turn 1: the first human's orders are secret from the second
    wait_stage(page, "handover")
    page.get_by_test_id("cap-handover-continue").click()
    wait_stage(page, "entry")
    enter_orders(page, 0, artifacts / "capital-order-entry.png")
    wait_stage(page, "handover")
    expect(page.get_by_test_id("cap-overlay")).to_contain_text("Pass the device to Bob")
    page.get_by_test_id("cap-handover-continue").click()
    wait_stage(page, "entry")
    expect(page.get_by_test_id("cap-orders")).to_contain_text("No orders yet")
    # reload in the middle of entering orders: the draft comes back
    page.get_by_test_id("cap-mode-place").click()
    page.get_by_test_id("cap-count").fill("1")
    first = legal(page)[0]
    click_territory(page, first)
    before = page.get_by_test_id("cap-orders").inner_text()
    page.reload()
    wait_ready(page)
    wait_stage(page, "entry")
    expect(page.get_by_test_id("cap-orders")).to_have_text(before)
    enter_orders(page, 1)

    # resolution: the replay runs, is skipped, the report has every section
    wait_stage(page, "replay")
    expect(page.get_by_test_id("cap-replay-title")).to_contain_text("Reinforcement")
    page.get_by_test_id("cap-replay-pause").click()  # paused: only clicks move it
    expect(page.get_by_test_id("cap-replay-pause")).to_have_attribute("aria-pressed", "true")
    page.get_by_test_id("cap-replay-next").click()
    expect(page.get_by_test_id("cap-replay-title")).not_to_contain_text("Reinforcement")
    page.get_by_test_id("cap-replay-back").click()
    expect(page.get_by_test_id("cap-replay-title")).to_contain_text("Reinforcement")
    page.screenshot(path=str(artifacts / "capital-replay-paused.png"))
    page.get_by_test_id("cap-replay-skip").click()
    wait_stage(page, "report")
    expect(page.get_by_test_id("summary")).to_be_visible()  # what happened, first
    page.get_by_test_id("cap-moderator-open").click()  # the moderator's report, one click away
    report = page.get_by_test_id("cap-report")
    for section in SECTIONS:
        expect(report.locator(f'[data-section="{section}"]')).to_be_visible()
    expect(report).to_contain_text("Sunday 20:00 UTC")
    page.get_by_test_id("cap-copy-bbcode").click()
    bb = page.get_by_test_id("cap-export-text").input_value()
    assert "[b][u]Reinforcement[/u][/b]" in bb and "[b][u]Deadline[/u][/b]" in bb
    page.get_by_test_id("cap-copy-markdown").click()
    md = page.get_by_test_id("cap-export-text").input_value()
    assert "## Attacks" in md and "## Final" in md
    href = page.get_by_test_id("cap-download-svg").get_attribute("href") or ""
    assert href.startswith("data:image/svg+xml")
    svg = unquote(href.split(",", 1)[1])
    assert svg.startswith("<svg") and svg.count("data-territory=") == 42
    page.screenshot(path=str(artifacts / "capital-report.png"))
    assert_clean(page)


def finish_setup(page: Page, humans: int) -> None:
    """Each human, behind a hand-over screen, places its setup; the setup report is
    skipped through and the first turn begins."""
    for _ in range(humans):
        wait_stage(page, "handover")
        expect(page.get_by_test_id("cap-handover")).to_be_visible()
        page.get_by_test_id("cap-handover-continue").click()
        wait_stage(page, "entry")
        enter_setup(page)
    wait_stage(page, "replay", "report")
    if stage(page) == "replay":
        page.get_by_test_id("cap-replay-skip").click()
    wait_stage(page, "report")
    page.get_by_test_id("cap-next-turn").click()


def guarded(browser: Browser, server_url: str) -> tuple[Any, Page, PageMonitor]:
    """A separate browser context (its own storage, so its own key), guarded like `page`."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    return context, page, guard(page, server_url)


def text_of(page: Page, test_id: str) -> str:
    return page.get_by_test_id(test_id).input_value().strip()


def test_one_turn_by_sealed_codes_between_two_browsers(
    browser: Browser, server_url: str, artifacts: Path
) -> None:
    ctx_a, a, mon_a = guarded(browser, server_url)
    ctx_b, b, mon_b = guarded(browser, server_url)
    try:
        for p in (a, b):  # one after the other: two cold Pyodide starts at once are slow
            p.goto(server_url)
            wait_ready(p, 90_000)
        choose_capital_rules(
            a, [("Ann", "human"), ("Bob", "human")], "forum-1", where="forum", seat="0"
        )
        game_id = a.get_by_test_id("cap-game-id").inner_text()
        base = text_of(a, "cap-save-code")
        # Bob's faction is kept for him: the host's forum card lists his private link.
        invite = a.get_by_test_id("cap-invite-link-1").get_attribute("href") or ""
        assert f"#game={base}&invite=1." in invite
        for label, size in (("wide", (1366, 800)), ("narrow", (390, 844))):
            a.set_viewport_size({"width": size[0], "height": size[1]})
            a.get_by_test_id("cap-invitations").scroll_into_view_if_needed()
            a.screenshot(path=str(artifacts / f"capital-forum-invitations-{label}.png"))
        a.set_viewport_size({"width": 1366, "height": 800})
        # The base code alone lets B watch, not take Bob's faction.
        b.get_by_test_id("opt-rules").select_option("capital")
        b.locator("details.join summary").click()
        b.get_by_test_id("cap-join-code").fill(base)
        b.get_by_test_id("cap-join").click()
        wait_stage(b, "claim")
        expect(b.get_by_test_id("cap-no-seat")).to_be_visible()
        expect(b.get_by_test_id("cap-claim-1")).to_have_count(0)
        # B opens Bob's invitation link and claims Bob by signing.
        b.goto(invite)
        wait_ready(b, 90_000)
        wait_stage(b, "claim")
        assert b.get_by_test_id("cap-game-id").inner_text() == game_id
        b.get_by_test_id("cap-claim-1").click()
        wait_stage(b, "entry")
        claimed = text_of(b, "cap-save-code")
        a.get_by_test_id("cap-paste").fill(claimed)
        a.get_by_test_id("cap-load").click()
        expect(a.get_by_test_id("message")).to_contain_text("claimed: Ann, Bob")

        # setup turn by sealed codes, each in its own browser
        for p in (a, b):
            wait_stage(p, "entry")
            enter_setup(p)
            wait_stage(p, "sealed")
        sealed = [text_of(a, "cap-sealed-code"), text_of(b, "cap-sealed-code")]
        a.get_by_test_id("cap-seen-seals").fill("\n".join(sealed))
        for label, size in (("wide", (1366, 800)), ("narrow", (390, 844))):
            a.set_viewport_size({"width": size[0], "height": size[1]})
            a.get_by_test_id("cap-seen-seals").scroll_into_view_if_needed()
            a.screenshot(path=str(artifacts / f"capital-forum-seen-seals-{label}.png"))
        a.set_viewport_size({"width": 1366, "height": 800})
        for p in (a, b):
            p.get_by_test_id("cap-seen-seals").fill("\n".join(sealed))
            p.get_by_test_id("cap-confirm-sealed").click()
        reveals = [text_of(a, "cap-reveal-code"), text_of(b, "cap-reveal-code")]
        a.screenshot(path=str(artifacts / "capital-forum-sealed.png"))

        # a reveal that does not match its commitment is refused
        a.locator('[data-testid="cap-resolve-box"] summary').click()
        a.get_by_test_id("cap-resolve-sealed").fill("\n".join(sealed))
        a.get_by_test_id("cap-resolve-reveals").fill(reveals[0] + "\n" + reveals[0][:-3] + "abc")
        a.get_by_test_id("cap-resolve").click()
        expect(a.get_by_test_id("message")).to_have_class("message warn")
        assert stage(a) == "sealed"

        a.locator('[data-testid="cap-resolve-box"] summary').click()
        for label, size in (("wide", (1366, 800)), ("narrow", (390, 844))):
            a.set_viewport_size({"width": size[0], "height": size[1]})
            a.get_by_test_id("cap-sign-deadline").scroll_into_view_if_needed()
            a.screenshot(path=str(artifacts / f"capital-forum-resolve-box-{label}.png"))
        a.set_viewport_size({"width": 1366, "height": 800})
        a.get_by_test_id("cap-resolve-sealed").fill("\n\n".join(sealed))
        a.get_by_test_id("cap-resolve-reveals").fill("\n\n".join(reveals))
        a.get_by_test_id("cap-resolve").click()
        wait_stage(a, "replay", "report")
        if stage(a) == "replay":
            a.get_by_test_id("cap-replay-skip").click()
        wait_stage(a, "report")
        next_code = text_of(a, "cap-save-code")
        a.get_by_test_id("cap-moderator-open").click()
        report_a = a.get_by_test_id("cap-report").inner_text()

        b.get_by_test_id("cap-paste").fill(next_code)
        b.get_by_test_id("cap-load").click()
        wait_stage(b, "replay", "report")
        if stage(b) == "replay":
            b.get_by_test_id("cap-replay-skip").click()
        wait_stage(b, "report")
        b.get_by_test_id("cap-moderator-open").click()
        assert b.get_by_test_id("cap-report").inner_text() == report_a
        for section in SECTIONS:
            expect(b.locator(f'[data-section="{section}"]')).to_be_visible()
        b.screenshot(path=str(artifacts / "capital-forum-report.png"))

        # the same save code again is refused with the engine's message
        b.get_by_test_id("cap-paste").fill(next_code)
        b.get_by_test_id("cap-load").click()
        expect(b.get_by_test_id("message")).to_contain_text("already loaded")
        mon_a.assert_clean()
        mon_b.assert_clean()
    finally:
        ctx_a.close()
        ctx_b.close()


def test_trading_a_card_set_in_the_page(page: Page, server_url: str):
    """Seed: "3 Infantry Cards: 4 Reinforcements". The hand shows only to its faction,
    behind the hand-over screen; picking three cards and trading adds the set to the
    orders, and its cards cannot be picked again."""
    page.goto(server_url)
    wait_ready(page)
    choose_capital_rules(page, [("Ann", "human"), ("Bob", "human")], "e2e-cards")
    finish_setup(page, humans=2)
    wait_stage(page, "handover")
    # Ann has earned three infantry cards (edited into the autosave, as after conquests).
    page.evaluate(
        """() => {
          const key = 'risk-family.capital.v1';
          const save = JSON.parse(localStorage.getItem(key));
          save.state.players[0].cards = [0, 3, 6];
          localStorage.setItem(key, JSON.stringify(save));
        }"""
    )
    page.reload()
    wait_ready(page)
    wait_stage(page, "handover")
    expect(page.get_by_test_id("cap-cards")).to_have_count(0)  # hidden before hand-over
    page.get_by_test_id("cap-handover-continue").click()
    wait_stage(page, "entry")
    expect(page.get_by_test_id("cap-cards")).to_be_visible()
    for card in (0, 3, 6):
        page.get_by_test_id(f"cap-card-{card}").click()
    expect(page.get_by_test_id("cap-set")).to_contain_text("4")
    page.get_by_test_id("cap-trade").click()
    expect(page.get_by_test_id("cap-orders")).to_contain_text("4 units")
    expect(page.get_by_test_id("cap-card-0")).to_be_disabled()
    assert_clean(page)


def test_the_order_list_comes_before_the_status_table(page: Page, server_url: str) -> None:
    """Issue 16: Capital's order list next to the map, not below the status table."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server_url)
    wait_ready(page)
    choose_capital_rules(page, [("Ann", "human"), ("Cyd", "easy")], "e2e-order")
    main_top = page.get_by_test_id("cap-main").bounding_box()
    status_top = page.get_by_test_id("cap-status").bounding_box()
    assert main_top is not None and status_top is not None
    assert main_top["y"] < status_top["y"]


def test_surge_condition_and_why_a_territory_cannot_attack(
    page: Page, server_url: str, artifacts: Path
) -> None:
    """RULINGS §2: a surge may carry "only if U holds at most M units after placements",
    entered in the surge dialog and shown in the orders and in the report's own "Surge
    attacks" section; a territory that cannot attack says the real reason."""
    page.set_viewport_size({"width": 1366, "height": 800})
    page.goto(server_url)
    wait_ready(page)
    choose_capital_rules(page, [("Ann", "human"), ("Bob", "human")], "e2e-surge")
    finish_setup(page, humans=2)
    wait_stage(page, "handover")
    # One of Ann's border territories is down to a single unit (edited into the autosave).
    thin = page.evaluate(
        """() => {
          const key = 'risk-family.capital.v1';
          const save = JSON.parse(localStorage.getItem(key));
          const owner = save.state.owner;
          const capital = save.state.players[0].capital;
          const mine = Object.keys(owner).filter(t => owner[t] === 0 && t !== capital);
          save.state.armies[mine[0]] = 1;
          localStorage.setItem(key, JSON.stringify(save));
          return mine[0];
        }"""
    )
    page.reload()
    wait_ready(page)
    wait_stage(page, "handover")
    page.get_by_test_id("cap-handover-continue").click()
    wait_stage(page, "entry")
    page.get_by_test_id("cap-mode-attack").click()
    click_territory(page, thin)
    expect(page.get_by_test_id("message")).to_contain_text("cannot attack")
    expect(page.get_by_test_id("message")).not_to_contain_text("needs 2+ units")
    origin = legal(page)[0]
    click_territory(page, origin)
    via = legal(page)[0]
    click_territory(page, via)
    go_on_if_warned(page, "Attack ")
    page.get_by_test_id("cap-mode-surge").click()
    click_territory(page, via)
    onward = legal(page)
    assert onward, "nothing to surge into"
    page.get_by_test_id("cap-surge-max").fill("3")
    click_territory(page, onward[0])
    expect(page.get_by_test_id("cap-orders")).to_contain_text("holds at most 3 after placements")
    page.screenshot(path=str(artifacts / "capital-surge-desktop.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.get_by_test_id("cap-surge-max").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "capital-surge-phone.png"))
    page.set_viewport_size({"width": 1366, "height": 800})
    page.get_by_test_id("cap-seal").click()
    wait_stage(page, "handover")
    page.get_by_test_id("cap-handover-continue").click()
    wait_stage(page, "entry")
    page.get_by_test_id("cap-seal").click()
    wait_stage(page, "replay", "report")
    if stage(page) == "replay":
        page.get_by_test_id("cap-replay-skip").click()
    wait_stage(page, "report")
    page.get_by_test_id("cap-moderator-open").click()
    report = page.get_by_test_id("cap-report")
    expect(report.locator('[data-section="surge-attacks"]')).to_be_visible()
    page.screenshot(path=str(artifacts / "capital-report-surges-desktop.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    report.locator('[data-section="surge-attacks"]').scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "capital-report-surges-phone.png"))
    assert_clean(page)


def test_five_computers_write_their_orders_in_slices(page: Page, server_url: str):
    """One player against five computers: after the set-up is sealed, the computers write
    their orders a step at a time with the browser answering between the steps (the page
    says so in its console line), and the page comes back to the player's orders.  How
    long the slices take is measured by ``make bench``, not here."""
    lines: list[str] = []
    page.on("console", lambda msg: lines.append(msg.text))
    page.goto(server_url)
    wait_ready(page)
    factions = [("Ann", "human")] + [(f"C{i}", "good") for i in range(5)]
    choose_capital_rules(page, factions, "e2e-capital-slices")
    enter_setup(page)
    wait_stage(page, "replay", "report", timeout=30_000)
    if stage(page) == "replay":
        page.get_by_test_id("cap-replay-skip").click()
    wait_stage(page, "report")
    page.get_by_test_id("cap-next-turn").click()
    wait_stage(page, "entry", timeout=30_000)
    played = [line for line in lines if "played in" in line and "slices" in line]
    assert played, lines
    slices = int(played[-1].split("played in ")[1].split(" slices")[0])
    assert slices >= 2, played[-1]  # the tap's own drawing, then the computers' steps
    expect(page.get_by_test_id("cap-seal")).to_be_visible()
