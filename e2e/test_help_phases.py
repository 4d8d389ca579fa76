"""The help for every phase of every ruleset (issue 29, "Tests": "the help for every phase
of every ruleset opened and scanned (no path, module name, option key or rule id)").

Each phase is reached on the real page through "Start from a position": the test plays
computer games with the engine until it has seen every phase the ruleset has, writes the
first position of each phase as its position text (every seat then human, so nothing moves
while the help is read) and pastes it into the page.  Risk, Paper, Scissors' losses phase
comes only from a Death Trap firing, which computer games hardly ever set off: its position
is the rule case's (a trap in North Africa, Red's attack that fires it).  "How to play" must
then show that phase's part, its words free of anything a player should not read, inside
the phone's width."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

import pytest
from conftest import assert_clean, wait_ready
from playwright.sync_api import Page, ViewportSize, expect
from test_rulebook import fits_the_width, scan

from engine.ai import choose_order
from engine.core import PlayerSpec, find_ruleset
from engine.rulesets.capital.state import Phase as CapitalPhase
from engine.rulesets.classic.state import Phase as ClassicPhase
from engine.rulesets.greatwar1907.state import Phase as GreatWarPhase
from engine.rulesets.risk_paper_scissors.orders import Attack
from engine.rulesets.risk_paper_scissors.orders import Phase as RpsPhase
from ui.shell.help import phase_title

PHONE: ViewportSize = {"width": 390, "height": 844}
GAMES: dict[str, tuple[int, Mapping[str, Any]]] = {
    # three seats: no neutral, so territories are claimed; the short game has headquarters;
    # the attack advantage gives its phase to every seat
    "classic": (3, {"game_type": "us_short", "attack_advantage": True, "computer_advantage": True}),
    "capital": (2, {}),
    "greatwar1907": (7, {}),
    "risk_paper_scissors": (3, {"selection": "manual"}),
}
"""Each ruleset's seat count and options for a game that passes every one of its phases."""
PHASES: dict[str, Any] = {
    "classic": ClassicPhase,
    "capital": CapitalPhase,
    "greatwar1907": GreatWarPhase,
    "risk_paper_scissors": RpsPhase,
}
MAX_ORDERS = 5000


def every_seat_human(text: str) -> str:
    """``text`` with the computer seats the test played handed to people (the untaken
    Great War nations stay as they are)."""
    return re.sub(r"^(seat .*) easy\b", r"\1 human", text, flags=re.M)


def _phase(state: Any) -> str:
    return str(getattr(state.phase, "value", state.phase))


def losses_position() -> str:
    """Spec 19's case 63: Blue's Death Trap in North Africa fires at Red's attack from
    Brazil; Red now chooses which 2 units it loses."""
    from tests.risk_paper_scissors.helpers import RPS, play
    from tests.risk_paper_scissors.test_cards import trapped

    state = play(trapped(), Attack("brazil", "north_africa", j=2, w=2))
    assert state.phase is RpsPhase.LOSSES
    return RPS.position_text(state)


@cache
def phase_positions(ruleset_name: str) -> dict[str, str]:
    """The position text of the first position of each phase, in the order played."""
    ruleset = find_ruleset(ruleset_name)
    seats, options = GAMES[ruleset_name]
    players = [PlayerSpec(f"Player {i + 1}", "easy") for i in range(seats)]
    state = ruleset.new_game(players, options, "e2e-help-phases")
    found: dict[str, str] = {}
    for _ in range(MAX_ORDERS):
        found.setdefault(_phase(state), every_seat_human(ruleset.position_text(state)))
        if ruleset.actor(state) is None:
            break
        state = ruleset.apply(state, choose_order(state)).state
    if ruleset_name == "risk_paper_scissors":
        found["losses"] = losses_position()
    return found


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_the_positions_pass_every_phase_the_engine_has(ruleset: str) -> None:
    """No phase of the engine's is left out of the walk through the page."""
    assert set(phase_positions(ruleset)) == {phase.value for phase in PHASES[ruleset]}


def paste_position(page: Page, text: str) -> None:
    """Start a local game from ``text`` (replacing the game shown, if any), and hand the
    device to the seat that acts first (or, the game being over, close its last card)."""
    if page.get_by_test_id("position-open-game").is_visible():
        page.get_by_test_id("position-open-game").click()
    else:
        page.get_by_test_id("position-open").click()
    page.get_by_test_id("position-paste").fill(text)
    start = page.get_by_test_id("position-start")
    start.click()
    if start.is_visible() and (start.text_content() or "").startswith("Replace"):
        start.click()
    expect(page.get_by_test_id("position-mark")).to_be_visible(timeout=60_000)
    card = page.locator(".handover-card:visible")
    if card.count():
        card.locator("button").first.click()
        expect(page.locator(".handover-card:visible")).to_have_count(0)
    # a game over: the player closes the end-of-game card to look at the board
    winner = page.locator("#winner")
    if winner.is_visible():
        winner.locator('[data-action*="close"]').click()
        expect(winner).to_be_hidden()


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_how_to_play_in_every_phase_shows_that_phase_cleanly(
    page: Page, server_url: str, ruleset: str
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(server_url)
    wait_ready(page)
    card = page.get_by_test_id("help-card")
    for phase, text in phase_positions(ruleset).items():
        paste_position(page, text)
        page.locator('.top-actions [data-action="help"]').click()
        expect(card).to_have_attribute("data-phase", phase)
        expect(card).to_have_attribute("data-view", "phase")
        expect(page.locator("#help-title")).to_have_text(f"How to play: {phase_title(phase)}")
        scan(page)
        fits_the_width(page, PHONE["width"])
        page.get_by_test_id("close-help").click()
        expect(card).to_be_hidden()
    assert_clean(page)
