"""Learn by playing (issue 29, "A guided first game"): each ruleset's guide is played to
its end on the real page at laptop (1366x800) and phone (390x844) size: what to tap is
marked, a tap on another territory and a press of a button the step does not ask for are
turned down (the game untouched), the step's territories are brought into the board's
view, each step explains what happened, and the end fills in the new-game form with the
guide's settings for a real game.  A guide is left and resumed after a reload.
Screenshots of one step per ruleset at both sizes go to /work/wt/guide-shots/ (or
e2e/artifacts/ elsewhere)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import assert_clean, legal, wait_ready
from playwright.sync_api import Page, expect

SIZES = {"1366": {"width": 1366, "height": 800}, "390": {"width": 390, "height": 844}}
SHOTS = Path("/work/wt/guide-shots")
BODY = "document.body.dataset"
WAIT = 60_000

Action = tuple[str, ...] | Callable[[Page], None]
"""One thing a step does: ``("tap", territory)``, ``("press", testid)``, ``("press-if",
testid)`` (when shown), ``("glows", testid or territory)``, ``("fill", testid, text)``,
``("choose", testid, value)``, ``("see", testid, text)``, ``("wait", js)``,
``("in-view", territory)``, ``("uncovered", territory)`` (by the guide's card),
``("refused", testid)`` (a button the step does not let through), ``("shot", name)``,
or a function of the page."""


def shots(artifacts: Path) -> Path:
    folder = SHOTS if SHOTS.parent.is_dir() else artifacts
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def open_guide(page: Page, ruleset: str, size: str) -> None:
    page.set_viewport_size(SIZES[size])
    wait_ready(page)
    page.get_by_test_id("game-speed").select_option("instant")
    page.get_by_test_id("opt-rules").select_option(ruleset)
    page.get_by_test_id("guide-open").click()
    expect(page.get_by_test_id("guide-say")).to_contain_text("Step 1 of", timeout=WAIT)


def on_step(page: Page, number: int) -> None:
    expect(page.get_by_test_id("guide-say")).to_have_attribute(
        "data-step", str(number), timeout=WAIT
    )


def tap(page: Page, territory: str) -> None:
    """A tap on the territory's shape (the first drawn, where a map draws several)."""
    shape = page.locator(f'#board path[data-territory="{territory}"]')
    if not shape.count():
        shape = page.locator(f'#board [data-territory="{territory}"]')
    shape.first.dispatch_event("click")


def in_view(page: Page, territory: str) -> None:
    """The territory's middle lies inside the board's window (panned there if needed)."""
    page.wait_for_timeout(400)  # the pan is animated
    board = page.locator("#board svg").first.bounding_box()
    land = page.locator(f'#board path[data-territory="{territory}"]').first.bounding_box()
    assert board is not None and land is not None
    x, y = land["x"] + land["width"] / 2, land["y"] + land["height"] / 2
    assert board["x"] <= x <= board["x"] + board["width"], (territory, board, land)
    assert board["y"] <= y <= board["y"] + board["height"], (territory, board, land)
    # not a speck of a board zoomed out far past the whole map
    shown, whole = page.evaluate(
        """() => { const svg = document.querySelector('#board svg');
        return [svg.viewBox.baseVal.width,
                parseFloat(svg.style.getPropertyValue('--aspect'))]; }"""
    )
    assert shown <= 3 * whole, (territory, shown, whole)


def uncovered(page: Page, territory: str) -> None:
    """The step's card covers neither the territory to tap nor the phone's action bar."""
    card = page.get_by_test_id("guide").bounding_box()
    land = page.locator(f'#board path[data-territory="{territory}"]').first.bounding_box()
    assert card is not None and land is not None
    centre_y = land["y"] + land["height"] / 2
    assert not card["y"] <= centre_y <= card["y"] + card["height"], (card, land)
    bar = page.get_by_test_id("action-bar")
    if bar.is_visible():
        box = bar.bounding_box()
        assert box is not None and card["y"] + card["height"] <= box["y"]


def refused(page: Page, testid: str) -> None:
    """A button the step does not let through: turned down with a note, the game as it
    was (the same saved state)."""
    before = page.evaluate("JSON.stringify(Object.entries(localStorage).sort())")
    page.get_by_test_id(testid).first.click()
    expect(page.get_by_test_id("guide-note")).to_contain_text("Not yet")
    assert page.evaluate("JSON.stringify(Object.entries(localStorage).sort())") == before


def do(page: Page, artifacts: Path, size: str, action: Action) -> None:
    if callable(action):
        action(page)
        return
    verb, *args = action
    if verb == "tap":
        tap(page, args[0])
    elif verb == "press":
        page.get_by_test_id(args[0]).first.click()
    elif verb == "press-if":
        if page.get_by_test_id(args[0]).first.is_visible():
            page.get_by_test_id(args[0]).first.click()
    elif verb == "fill":
        page.get_by_test_id(args[0]).fill(args[1])
    elif verb == "choose":
        page.get_by_test_id(args[0]).select_option(args[1])
    elif verb == "glows":
        marked = (
            f'[data-testid="{args[0]}"].guide-target, '
            f'#board path[data-territory="{args[0]}"].guide-target'
        )
        expect(page.locator(marked).first).to_be_attached()
    elif verb == "see":
        expect(page.get_by_test_id(args[0]).first).to_contain_text(args[1], timeout=WAIT)
    elif verb == "wait":
        page.wait_for_function(args[0], timeout=WAIT)
    elif verb == "in-view":
        in_view(page, args[0])
    elif verb == "uncovered":
        uncovered(page, args[0])
    elif verb == "refused":
        refused(page, args[0])
    elif verb == "no-note":
        expect(page.get_by_test_id("guide-note")).to_have_count(0)
    elif verb == "shot":
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(300)
        page.screenshot(path=str(shots(artifacts) / f"{args[0]}-{size}.png"))
    else:
        raise AssertionError(f"unknown action {verb!r}")


def take(page: Page, artifacts: Path, size: str, number: int, told: str, *actions: Action) -> None:
    """Step ``number`` of the guide: shown, the last step's explanation says ``told``,
    and the player does ``actions``."""
    on_step(page, number)
    if told:
        expect(page.get_by_test_id("guide-told")).to_contain_text(told, timeout=WAIT)
    for action in actions:
        do(page, artifacts, size, action)


def go_on_if_warned(page: Page) -> None:
    """A warning before a mistake (allowance unspent, units left unplaced): go on."""
    page.wait_for_timeout(300)
    overlay = page.locator('[data-testid="warning-overlay"]:not([hidden])')
    if overlay.count() and overlay.first.is_visible():
        overlay.get_by_test_id("warning-go").click()


@dataclass(frozen=True)
class End:
    """A guide's end: its last explanation says ``told``; the new-game form it fills in
    holds ``form``; the game started from it shows ``started`` (a test id)."""

    told: str
    form: dict[str, str]
    started: str


Play = tuple[tuple[int, str, tuple[Action, ...]], ...]
"""A guide played: each step's number, what the last step's explanation says, and what
the player does."""


def finish(page: Page, end: End) -> None:
    """The guide's end: its last explanation, then "Play a real game" fills in the
    new-game form with the guide's settings, and the game starts from it."""
    expect(page.get_by_test_id("guide-end")).to_be_visible(timeout=WAIT)
    expect(page.get_by_test_id("guide-told")).to_contain_text(end.told, timeout=WAIT)
    page.get_by_test_id("guide-real").click()
    expect(page.get_by_test_id("guide")).to_be_hidden(timeout=WAIT)
    expect(page.locator("#setup")).to_be_visible()
    for name, value in end.form.items():
        field = page.locator(f'#new-game-form [name="{name}"]')
        expect(field).to_have_value(value)
    assert page.evaluate("localStorage.getItem('risk-family.guide')") is None
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id(end.started)).to_be_visible(timeout=WAIT)


# ------------------------------------------------------------------ Classic


def place_all_on(territory: str) -> Callable[[Page], None]:
    """Press "All" under "Armies per click", then tap ``territory`` until none are left."""

    def place(page: Page) -> None:
        page.locator('[data-action="set-count"]').last.click()
        for _ in range(20):
            if page.evaluate(f"{BODY}.phase") != "reinforce":
                break
            tap(page, territory)
            page.wait_for_timeout(150)

    return place


CLASSIC: Play = (
    (1, "", (("see", "guide-step", "Trade set"), ("glows", "trade"))),
    (1, "", (("press", "card-0"), ("press", "card-1"), ("press", "card-2"), ("press", "trade"))),
    # a territory the step does not ask for is turned down, the game untouched
    (2, "gave you 4 armies", (("glows", "alaska"), ("tap", "alberta"))),
    # the note goes once the player taps what the step asks for
    (
        2,
        "",
        (
            ("see", "guide-note", "Not Alberta"),
            ("tap", "alaska"),
            ("no-note",),
            place_all_on("alaska"),
        ),
    ),
    (
        3,
        "for your 12 territories",
        (
            ("in-view", "kamchatka"),
            ("uncovered", "kamchatka"),
            ("shot", "classic-attack"),
            ("tap", "alaska"),
            ("press", "target-kamchatka"),
        ),
    ),
    (4, "of the time", (("press", "move-in-confirm"),)),
    (5, "marched into Kamchatka", (("press", "end-attack"),)),
    (6, "free move", (("tap", "kamchatka"), ("tap", "alaska"), ("press", "free-move-confirm"))),
    # turn 2: the new turn's armies, then a blitz ("attack until") that completes South America
    (8, "The Computer played its turn", (("glows", "central_america"),)),
    (8, "", (place_all_on("central_america"),)),
    (
        9,
        "for all of North America",
        (
            ("glows", "mode-blitz"),
            ("press", "mode-blitz"),
            ("in-view", "venezuela"),
            ("tap", "central_america"),
            ("see", "odds-detail-venezuela", "armies left to move in"),
            ("uncovered", "venezuela"),
            lambda page: page.mouse.move(0, 0),  # the Blitz button's tip closed
            ("shot", "classic-turn2"),
            ("tap", "venezuela"),
        ),
    ),
    (10, "Venezuela fell", (("shot", "classic-turn2-blitzed"), ("press", "move-in-confirm"))),
    (
        11,
        "All of South America is yours",
        (("refused", "end-attack"), ("glows", "end-turn"), ("press", "end-turn")),
    ),
)
CLASSIC_END = End("You win by taking every territory", {"seat1-control": "easy"}, "turn")


# ------------------------------------------------------------------ Capital Risk

CAP_ENTRY = f"{BODY}.capStage === 'entry'"
CAP_RESOLVED = f"{BODY}.capStage === 'replay' || {BODY}.capStage === 'report'"


def place_the_rest(page: Page) -> None:
    page.get_by_test_id("cap-count").fill("99")  # cut to each territory's limit
    for territory in legal(page):
        if "not placed" not in page.get_by_test_id("cap-offenses").inner_text():
            break
        tap(page, territory)
        page.wait_for_timeout(100)
    expect(page.get_by_test_id("cap-offenses")).not_to_contain_text("not placed")


NEXT_TURN: tuple[Action, ...] = (
    ("wait", CAP_RESOLVED),
    ("press-if", "cap-replay-skip"),
    ("press", "cap-next-turn"),
)
CAPITAL: Play = (
    (
        1,
        "",
        (
            ("wait", CAP_ENTRY),
            ("in-view", "kamchatka"),
            ("press", "cap-mode-place"),
            ("fill", "cap-count", "3"),
            ("tap", "alaska"),
            ("see", "cap-orders", "Place 3"),
            place_the_rest,
            ("press", "cap-mode-attack"),
            ("fill", "cap-count", "7"),
            ("tap", "alaska"),
            ("tap", "kamchatka"),
            ("see", "cap-orders", "7"),
            ("uncovered", "kamchatka"),
            ("shot", "capital-orders"),
            ("press", "cap-seal"),
            go_on_if_warned,
        ),
    ),
    (2, "Ada attacked Kamchatka from Alaska with 7", NEXT_TURN),
    (
        3,
        "The report, for you",
        (
            ("wait", CAP_ENTRY),
            *(("press", f"cap-card-{card}") for card in (1, 2, 3)),
            ("press", "cap-trade"),
            ("press", "cap-mode-place"),
            ("fill", "cap-count", "9"),
            ("tap", "alaska"),
            ("shot", "capital-trade"),
            ("press", "cap-seal"),
            go_on_if_warned,
        ),
    ),
    (4, "Your set, one of each kind", NEXT_TURN),
    (5, "A new turn", (("wait", CAP_ENTRY), ("press", "cap-seal"), go_on_if_warned)),
)
CAPITAL_END = End("capital", {"cf1-kind": "standard", "cap-where": "local"}, "cap-status")


# ------------------------------------------------------------------ Risk, Paper, Scissors

RPS_TURN = f"{BODY}.humanTurn === 'true'"


RPS: Play = (
    (
        1,
        "",
        (
            ("wait", RPS_TURN),
            ("refused", "end-purchase"),
            ("tap", "ukraine"),
            ("press", "buy-j-plus"),
            ("press", "buy-units"),
        ),
    ),
    (2, "That Jaguar cost 3 energy", (("press", "buy-card-land.assemble"),)),
    (3, "Land Assemble", (("press", "end-purchase"),)),
    (
        4,
        "action phase",
        (
            ("in-view", "northern_europe"),
            ("tap", "ukraine"),
            ("tap", "northern_europe"),
            ("see", "battle-preview", ""),
            ("uncovered", "northern_europe"),
            ("shot", "risk_paper_scissors-attack"),
            ("press", "commit"),
        ),
    ),
    (5, "Northern Europe is yours", (("press", "end-turn"), go_on_if_warned)),
    (
        7,
        "Bea and Cy played their turns",
        (("press-if", "close-scoring"), ("choose", "bid-slot-1", "1"), ("press", "bid-submit")),
    ),
    (
        8,
        "The bids, opened together",
        (("wait", RPS_TURN), ("tap", "western_us"), ("press", "hire-space")),
    ),
    (9, "Space Commander cost", (("press", "end-purchase"),)),
    (
        10,
        "space link",
        (
            ("in-view", "copernicus"),
            ("tap", "western_us"),
            ("tap", "copernicus"),
            ("shot", "risk_paper_scissors-moon"),
            ("press", "commit"),
        ),
    ),
)
RPS_END = End("without a fight", {"rps1-control": "standard", "rps-years": "5"}, "rps")


# ------------------------------------------------------------------ the Great War 1907

GW_ENTRY = f"{BODY}.gwStage === 'entry'"
GW_RESOLVED = f"{BODY}.gwStage === 'replay' || {BODY}.gwStage === 'report'"


def gw_seal(page: Page) -> None:
    """Seal; when the page asks first (allowance left unspent), go on."""
    page.get_by_test_id("gw-seal").click()
    page.wait_for_function(
        f"{BODY}.gwStage !== 'entry' || !!document.querySelector('[data-testid=warning-go]')",
        timeout=WAIT,
    )
    if page.evaluate(f"{BODY}.gwStage") == "entry":
        page.get_by_test_id("warning-go").click()


NEXT_PHASE: tuple[Action, ...] = (
    ("wait", GW_RESOLVED),
    ("press-if", "gw-replay-skip"),
    ("press", "gw-next-phase"),
    ("wait", GW_ENTRY),
)


GREATWAR: Play = (
    (
        1,
        "",
        (
            ("wait", GW_ENTRY),
            ("fill", "gw-count", "2"),
            ("tap", "war"),
            ("see", "gw-review", "Build 2 div in Warsaw"),
            ("shot", "greatwar1907-build"),
            gw_seal,
        ),
    ),
    (
        2,
        "supply network",
        (
            *NEXT_PHASE,
            ("press", "gw-mode-attack"),
            ("fill", "gw-count", ""),
            ("tap", "war"),
            ("tap", "kbg"),
            ("see", "gw-odds-kbg", "%"),
            gw_seal,
        ),
    ),
    (
        3,
        "chance",
        (
            *NEXT_PHASE,
            ("press", "gw-mode-diplomacy"),
            ("press", "gw-dip-germany-peace"),
            ("press", "gw-mode-move"),
            ("tap", "vil"),
            ("tap", "war"),
            ("shot", "greatwar1907-peace"),
            gw_seal,
        ),
    ),
    (4, "Germany ordered peace too", (*NEXT_PHASE, gw_seal)),
)
GREATWAR_END = End("victory points", {"gw1-kind": "easy", "gw-where": "local"}, "gw-status")

PLAYS: dict[str, tuple[Play, End]] = {
    "classic": (CLASSIC, CLASSIC_END),
    "capital": (CAPITAL, CAPITAL_END),
    "risk_paper_scissors": (RPS, RPS_END),
    "greatwar1907": (GREATWAR, GREATWAR_END),
}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("ruleset", list(PLAYS))
def test_each_rulesets_guide_played_to_its_end(
    page: Page, server_url: str, artifacts: Path, ruleset: str, size: str
) -> None:
    """Each guide played to its end at laptop and at phone size, its first step's card
    photographed."""
    page.goto(server_url)
    open_guide(page, ruleset, size)
    do(page, artifacts, size, ("shot", f"{ruleset}-step1"))
    steps, end = PLAYS[ruleset]
    for number, told, actions in steps:
        take(page, artifacts, size, number, told, *actions)
    finish(page, end)
    assert_clean(page)


def test_a_guide_is_left_and_resumed(page: Page, server_url: str, artifacts: Path) -> None:
    page.goto(server_url)
    open_guide(page, "classic", "1366")
    number, told, actions = CLASSIC[1]
    take(page, artifacts, "1366", number, told, *actions)
    on_step(page, 2)
    page.reload()
    wait_ready(page)
    on_step(page, 2)
    expect(page.get_by_test_id("guide-title")).to_contain_text("Classic")
    page.get_by_test_id("guide-leave").click()
    expect(page.get_by_test_id("guide")).to_be_hidden()
    expect(page.locator("#setup")).to_be_visible()
    page.reload()
    wait_ready(page)
    expect(page.get_by_test_id("guide")).to_be_hidden()
    assert_clean(page)
