"""The Risk, Paper, Scissors page's session (ui/risk_paper_scissors/session.py), without a
browser: who acts and who may see what on one device, the year's bid, undo, the
autosave, and whole games through the page's own order entry."""

from __future__ import annotations

import json

import pytest

from engine.core import PlayerSpec
from engine.errors import EngineError
from engine.rulesets.risk_paper_scissors.orders import Bid, BuyUnits, EndPurchase, Phase
from tests.risk_paper_scissors.helpers import RED, position
from ui.risk_paper_scissors import entry, panels
from ui.risk_paper_scissors.session import Session


def vs_computers(seed: str = "s1", humans: int = 1) -> Session:
    specs = [
        PlayerSpec(name, "human" if i < humans else "standard")
        for i, name in enumerate(("Ada", "Boris", "Chloe"))
    ]
    return Session.new(specs, {}, seed)


def through_setup(session: Session) -> Session:
    while session.state.phase is Phase.SETUP:
        if session.human_turn:
            session.acknowledge_handover()
            session.play(entry.setup_order(session))
        else:
            session.play_computer()
    return session


def test_one_device_bids_are_resolved_once_the_last_is_in() -> None:
    """Spec 6.2: "every bid is paid; rank by amount"; on one device the session applies
    ResolveBids itself once every living player has bid, and shows the slot order."""
    session = through_setup(vs_computers())
    assert session.state.phase is Phase.BID and session.human_turn
    session.play(Bid(0, 2, (1,)))
    while session.state.phase is Phase.BID:
        session.play_computer()
    assert session.state.phase is Phase.PURCHASE
    assert session.turn_order[0] == 0 and session.paid_bids["0"] == 2
    assert 'data-testid="turn-order"' in panels.turn_order_html(session)


def test_a_bid_is_behind_the_hand_over_and_never_shown_to_the_next_player() -> None:
    """Spec 14: "bids before they are resolved ... are shown only to their owner": with two
    humans on one device, each bids behind a hand-over, and the second player's screen
    shows neither the first bid nor the first hand."""
    session = through_setup(vs_computers(humans=2))
    assert session.state.phase is Phase.BID
    assert session.needs_handover and session.viewer is None
    session.state.players[0].hand = ["land.death_trap"]
    assert "Death Trap" not in panels.hand_html(session)
    session.acknowledge_handover()
    assert "Death Trap" in panels.hand_html(session)
    session.play(Bid(0, 3, (1,)))
    assert session.needs_handover and session.actor == 1
    html = panels.controls_html(session, None) + panels.hand_html(session)
    assert "Death Trap" not in html and 'value="3"' not in html
    session.acknowledge_handover()
    assert "Death Trap" not in panels.hand_html(session)


def test_undo_takes_back_an_order_of_this_turn_only() -> None:
    """Combat has no dice and the market no draw, so any order of the turn may be taken
    back; the turn's end is a barrier."""
    state = position(phase=Phase.PURCHASE, energy={RED: 9})
    for p in state.players[1:]:
        p.control = "standard"
    session = Session(state)
    session.play(BuyUnits("eastern_australia", e=1))
    assert state.players[RED].energy == 9  # the caller's state is untouched
    assert session.state.players[RED].energy == 6 and session.can_undo
    assert session.undo() and session.state.players[RED].energy == 9
    session.play(EndPurchase())
    assert session.can_undo  # still Red's turn
    before = session.state.to_json()
    with pytest.raises(EngineError):
        session.play(BuyUnits("madagascar", e=1))  # a purchase in the action phase
    assert session.state.to_json() == before
    assert session.undo() and session.state.phase is Phase.PURCHASE


def test_the_autosave_keeps_the_purchase_being_written_and_the_selection() -> None:
    """A reload mid-turn restores everything: the position, the log, the undo steps, the
    territory and units of the purchase being written and the force selected."""
    state = position(phase=Phase.PURCHASE, energy={RED: 12})
    for p in state.players[1:]:
        p.control = "standard"
    session = Session(state)
    entry.click(session, "eastern_australia")
    session.draft.buy = {"e": 1, "j": 2, "w": 0}
    session.play(BuyUnits("eastern_australia", w=1))
    again = Session.from_json(json.loads(json.dumps(session.to_json())))
    assert again.state.to_json() == session.state.to_json()
    assert again.draft.buy_at == "eastern_australia" and again.draft.buy == {"e": 0, "j": 0, "w": 0}
    session.draft.buy = {"e": 1, "j": 2, "w": 0}
    again = Session.from_json(json.loads(json.dumps(session.to_json())))
    assert again.draft.buy == {"e": 1, "j": 2, "w": 0}
    assert again.log == session.log and again.undo_stack == session.undo_stack
    with pytest.raises(ValueError):
        Session.from_json({**session.to_json(), "version": 99})


def test_a_whole_game_with_a_human_through_the_page_entry() -> None:
    """Three to five players can play all five years on one device: a human seat played
    through the page's own clicks (the standard player choosing), two computers, to the
    final scoring; every planned attack's preview is the engine's own result."""
    from engine.ai import choose_for

    session = vs_computers("whole")
    checked = 0
    for _ in range(3000):
        if session.over:
            break
        if not session.human_turn:
            session.play_computer()
            continue
        session.acknowledge_handover()
        copy = session.state.clone()
        for p in copy.players:
            p.control = "standard"
        order = choose_for(copy, session.actor)
        if order.KIND == "Setup":
            order = entry.setup_order(session)
        if order.KIND in ("Move", "Attack"):
            entry.click(session, order.origin)  # type: ignore[attr-defined]
            entry.click(session, order.target)  # type: ignore[attr-defined]
            session.draft.force = {
                "e": order.e,  # type: ignore[attr-defined]
                "j": order.j,  # type: ignore[attr-defined]
                "w": order.w,  # type: ignore[attr-defined]
                "commanders": order.commanders,  # type: ignore[attr-defined]
            }
            plan = entry.plan(session.state, session.draft)
            assert plan is not None and plan.error is None and plan.order == order
            seat = session.actor
            energy = session.state.players[seat].energy
            session.play(plan.order)
            assert energy - session.state.players[seat].energy == plan.energy
            fought = session.last_battle or {}
            if plan.battle is not None and "attacker_left" in fought:
                assert fought["outcome"] == plan.battle.outcome.value
                assert fought["attacker_left"] == str(plan.battle.attacker)
                checked += 1
        else:
            session.play(order)
    assert session.over and session.state.turn == 5
    assert checked > 0
    assert session.state.result is not None
