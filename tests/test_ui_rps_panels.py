"""The panels beside the Risk, Paper, Scissors board (ui/risk_paper_scissors/panels.py):
what each phase offers, and what stays hidden."""

from __future__ import annotations

from engine.core import PlayerSpec
from engine.rulesets.risk_paper_scissors.orders import BuyCard, ChooseLosses, Claim, Phase
from tests.risk_paper_scissors.helpers import RED, position
from ui.risk_paper_scissors import entry, panels
from ui.risk_paper_scissors.session import Session


def test_manual_claims_are_a_tap_on_a_free_land_territory() -> None:
    """Spec 5.2, ``selection = manual``: "claimed in turn, one Elemental each"."""
    session = Session.new(
        [PlayerSpec(n) for n in ("Ada", "Boris", "Chloe")], {"selection": "manual"}, "claims"
    )
    assert session.state.phase is Phase.CLAIM
    free = entry.clickable(session)
    assert free and all(session.state.board.kind[t] == "land" for t in free)
    assert not set(free) & set(session.state.devastated)
    click = entry.click(session, free[0])
    assert click.order == Claim(free[0])
    session.play(click.order)
    assert session.state.owner.get(free[0]) == 0 and session.actor == 1
    assert not session.needs_handover  # a claim shows no secret: no hand-over per tap


def test_a_death_trap_asks_the_attacker_which_units_are_lost() -> None:
    """Spec 13.4: "the attacker destroys half its attacking force (rounded up, its
    choice)": the panel offers every choice the engine allows, and plays the one tapped."""
    state = position(
        {"siam": "Red 4E/1W", "indonesia": "Green 2E"},
        phase=Phase.LOSSES,
        more=["pending siam indonesia 2E1W 2"],
    )
    for p in state.players[1:]:
        p.control = "standard"
    session = Session(state)
    html = panels.controls_html(session, None)
    choices = session.legal()
    assert len(choices) == html.count('data-action="rps-losses"') >= 2
    assert all(isinstance(o, ChooseLosses) for o in choices)
    session.play(choices[0])
    assert session.state.phase is not Phase.LOSSES


def test_the_market_shuts_after_two_cards() -> None:
    """Spec 9: "a command card 1 (at most 2 a turn)": after two the market's buttons are
    disabled (and the engine refuses a third)."""
    state = position(phase=Phase.PURCHASE, energy={RED: 10})
    for p in state.players[1:]:
        p.control = "standard"
    session = Session(state)
    assert (
        "disabled"
        not in panels.controls_html(session, None).split("market")[1].split("End purchase")[0]
    )
    session.play(BuyCard("land.assemble"))
    session.play(BuyCard("land.death_trap"))
    market = panels.controls_html(session, None).split('data-testid="market"')[1]
    assert market.count("disabled") == market.count('data-action="rps-buy-card"') > 0
    assert "2/2 this turn" in panels.controls_html(session, None)


def test_the_hand_is_the_viewers_only() -> None:
    """Spec 14: "the cards in a hand and where a card is armed are shown only to their
    owner"; with one human the hand shown is always the human's, even on a computer's turn."""
    state = position(
        {"siam": "Blue 1E"}, hands={RED: ["land.death_trap"], 1: ["diplomat.cease_fire"]}
    )
    state.armed["siam"] = "diplomat.cease_fire"
    for p in state.players[1:]:
        p.control = "standard"
    session = Session(state)
    html = panels.hand_html(session)
    assert "Death Trap" in html and "Cease Fire" not in html


def test_the_setup_panel_counts_the_points_placed_by_hand() -> None:
    """Spec 5.3: exactly the remaining points: the panel says how many are left, and its
    Confirm button waits until none are."""
    session = Session.new([PlayerSpec(n) for n in ("Ada", "Boris", "Chloe")], {}, "panel")
    html = panels.controls_html(session, None)
    assert 'data-testid="setup-place"' in html and "Tap one of your territories" in html
    own = session.state.territories_of(0)
    entry.click(session, own[0])
    entry.place_step(session, "w", 1)
    html = panels.controls_html(session, None)
    assert 'data-testid="place-w">1<' in html
    assert "points left" in html and 'data-testid="setup-manual" disabled' in html
