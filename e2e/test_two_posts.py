"""Email and forum in two posts a phase (issue 30), between three browser contexts (three
players, each with its own key): a Capital Risk turn and a Great War phase where each
player posts twice (sealed orders, then reveal) and pastes twice (each paste a whole
simulated forum page, with quotes and wrapped lines), and all three pages reach the same
position with nobody resolving for the others."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from conftest import PageMonitor, guard, wait_ready
from playwright.sync_api import Browser, Page, expect
from test_capital_play import choose_capital_rules, enter_setup

SHOTS = Path("/work/wt/twoposts-shots")
SIZES = {"wide": (1366, 800), "narrow": (390, 844)}
NAMES = ["Ann", "Bob", "Cy"]


def forum_page(posts: Sequence[tuple[str, str]], width: int = 72) -> str:
    """A forum thread as copied from the browser: each post quotes the one before it
    (``>`` prefixes inside ``[quote]``), every code wrapped at ``width`` columns."""
    lines = ["Risk-family club › Capital night", "Page 1 of 1", ""]
    previous = ""
    for n, (who, code) in enumerate(posts):
        wrapped = "\n".join(code[i : i + width] for i in range(0, len(code), width))
        lines.append(f"Post #{n + 1} by {who} » Fri Dec 04, 2026 23:{10 + n} pm")
        if previous:
            lines += ["[quote]", *["> " + line for line in previous.splitlines()], "[/quote]"]
        lines += ["my code for this phase:", f"[code]{wrapped}[/code]", "-- " + who, ""]
        previous = wrapped
    return "\n".join(lines)


def contexts(
    browser: Browser, server_url: str, count: int = 3
) -> list[tuple[Any, Page, PageMonitor]]:
    made = []
    for _ in range(count):
        context = browser.new_context(viewport={"width": 1366, "height": 800})
        page = context.new_page()
        made.append((context, page, guard(page, server_url)))
    for _, page, _ in made:  # one after the other: cold Pyodide starts at once are slow
        page.goto(server_url)
        wait_ready(page, 120_000)
    return made


def wait_stage(page: Page, key: str, *stages: str, timeout: float = 30_000) -> None:
    cond = " || ".join(f"document.body.dataset.{key}Stage === '{s}'" for s in stages)
    page.wait_for_function(cond, timeout=timeout)


def value(page: Page, test_id: str) -> str:
    return page.get_by_test_id(test_id).input_value().strip()


def read(page: Page, p: str, box: str, button: str, text: str) -> None:
    page.get_by_test_id(f"{p}-{box}").fill(text)
    page.get_by_test_id(f"{p}-{button}").click()


def saved_state(page: Page, ruleset: str) -> str:
    """The position this page holds (its autosave's state), as canonical JSON."""
    raw: str = page.evaluate(f"localStorage.getItem('risk-family.{ruleset}.v1')")
    return json.dumps(json.loads(raw)["state"], sort_keys=True, separators=(",", ":"))


def shoot(page: Page, name: str, test_id: str) -> None:
    for label, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        page.get_by_test_id(test_id).scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"{name}-{label}.png"))
    page.set_viewport_size({"width": 1366, "height": 800})


def seat_everyone(pages: list[Page], p: str, key: str, seats: Sequence[int] | None = None) -> None:
    """Bob (and Cy) open their invitation links and claim (setup, before any phase);
    each pastes the page with the claims made before.  ``seats``: the seats they claim,
    in the order of ``pages[1:]`` (seats 1, 2, … by default)."""
    host = pages[0]
    seats = seats if seats is not None else range(1, len(pages))
    links = [host.get_by_test_id(f"{p}-invite-link-{s}").get_attribute("href") for s in seats]
    claims: list[tuple[str, str]] = []
    for n, (seat, link) in enumerate(zip(seats, links, strict=True), start=1):
        page = pages[n]
        assert link
        page.goto(link)
        wait_ready(page, 120_000)
        wait_stage(page, key, "claim")
        if claims:
            read(page, p, "paste", "load", forum_page(claims))
            expect(page.get_by_test_id("message")).to_contain_text("claimed")
        page.get_by_test_id(f"{p}-claim-{seat}").click()
        wait_stage(page, key, "entry")
        claims.append((NAMES[n], value(page, f"{p}-save-code")))
    for page in pages[:-1]:
        read(page, p, "paste", "load", forum_page(claims))
        expect(page.get_by_test_id("message")).to_contain_text("claimed:")


def two_posts(pages: list[Page], p: str, key: str, shots: str) -> None:
    """Post 1 (sealed), paste 1 (the page), post 2 (reveal), paste 2 (the page)."""
    for page in pages:
        wait_stage(page, key, "sealed")
    post1 = [(NAMES[i], value(page, f"{p}-sealed-code")) for i, page in enumerate(pages)]
    page1 = forum_page(post1)
    for page in pages:
        read(page, p, "seen-seals", "confirm-sealed", page1)
        expect(page.get_by_test_id(f"{p}-reveal-code")).to_be_visible()
        expect(page.get_by_test_id(f"{p}-page-note")).to_contain_text(f"{len(pages)} sealed orders")
    shoot(pages[1], f"{shots}-paste-1", f"{p}-page-note")
    post2 = [(NAMES[i], value(page, f"{p}-reveal-code")) for i, page in enumerate(pages)]
    page2 = forum_page(post1 + post2[::-1])
    for page in pages:
        read(page, p, "reveals-page", "read-reveals", page2)
        wait_stage(page, key, "replay", "report")
        expect(page.get_by_test_id("message")).to_contain_text("resolved here")


def test_a_capital_turn_in_two_posts_and_two_pastes_between_three_browsers(
    browser: Browser, server_url: str
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    made = contexts(browser, server_url)
    pages = [page for _, page, _ in made]
    try:
        choose_capital_rules(
            pages[0], [(n, "human") for n in NAMES], "two-posts", where="forum", seat="0"
        )
        seat_everyone(pages, "cap", "cap")
        for page in pages:
            wait_stage(page, "cap", "entry")
            enter_setup(page)
        two_posts(pages, "cap", "cap", "capital")
        states = {saved_state(page, "capital") for page in pages}
        assert len(states) == 1
        for page in pages:
            if page.evaluate("document.body.dataset.capStage") == "replay":
                page.get_by_test_id("cap-replay-skip").click()
            wait_stage(page, "cap", "report")
        reports = {page.get_by_test_id("cap-report").inner_text() for page in pages}
        assert len(reports) == 1
        expect(pages[2].get_by_test_id("cap-save-code")).to_be_visible()
        shoot(pages[2], "capital-missed-posts", "cap-save-code")
        for _, _, monitor in made:
            monitor.assert_clean()
    finally:
        for context, _, _ in made:
            context.close()


def test_a_great_war_phase_in_two_posts_and_two_pastes_between_three_browsers(
    browser: Browser, server_url: str
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    made = contexts(browser, server_url)
    pages = [page for _, page, _ in made]
    try:
        host = pages[0]
        host.get_by_test_id("opt-rules").select_option("greatwar1907")
        expect(host.get_by_test_id("gw-fields")).to_be_visible()
        for i in range(8):
            host.get_by_test_id(f"gw{i}-kind").select_option("human" if i < 3 else "idle")
        host.get_by_test_id("gw-seed").fill("two-posts")
        host.get_by_test_id("gw-where").select_option("forum")
        host.get_by_test_id("gw-seat").select_option("0")
        host.get_by_test_id("start").click()
        expect(host.get_by_test_id("gw-status")).to_be_visible()
        seat_everyone(pages, "gw", "gw")
        for page in pages:
            wait_stage(page, "gw", "entry")
            page.get_by_test_id("gw-seal").click()
            page.wait_for_function(
                "document.body.dataset.gwStage !== 'entry' || "
                "!!document.querySelector('[data-testid=warning-go]')"
            )
            if page.evaluate("document.body.dataset.gwStage") == "entry":
                page.get_by_test_id("warning-go").click()
        two_posts(pages, "gw", "gw", "greatwar")
        states = {saved_state(page, "greatwar1907") for page in pages}
        assert len(states) == 1
        phases = {page.evaluate("document.body.dataset.gwPhase") for page in pages}
        assert phases == {"attack"}
        for _, _, monitor in made:
            monitor.assert_clean()
    finally:
        for context, _, _ in made:
            context.close()
