"""Risk, Paper, Scissors codes and state files made before its state stood on the
shared board (issue 26; made by the engine as it was, by computer players): they still
load, verify and play on to the very game the engine played then."""

from __future__ import annotations

import json
from pathlib import Path

from engine.core import find_ruleset
from engine.save_chain import continue_game
from engine.saves import read_save

FIXTURES = Path(__file__).resolve().parent / "fixtures"
RPS = find_ruleset("risk_paper_scissors")


def test_a_pre_board_chain_still_verifies() -> None:
    """A first save in year 2 and the save that continues it with 23 orders (one human
    seat, the rest computers) up to year 3's bids."""
    first_code, second_code = (FIXTURES / "chain-rps-pre-board.txt").read_text().split()
    first = read_save(first_code)
    accepted = continue_game(first, second_code)
    assert accepted.verified and accepted.warnings == ()
    assert len(accepted.record.actions) == 23
    assert (first.state.turn, accepted.record.state.turn) == (2, 3)
    assert RPS.awaits_sealed_orders(accepted.record.state)


def test_a_pre_board_final_code_loads_and_reads_back_the_same() -> None:
    """`simulate --ruleset rps --seed board-final --save-code`: the code loads, and its
    position reads back to the very one it signed."""
    record = read_save((FIXTURES / "final-rps-pre-board.txt").read_text().strip())
    assert record.ruleset == "risk_paper_scissors"
    assert RPS.to_compact(record.state) == record.payload["st"]
    data = record.state.to_json()
    assert RPS.state_from_json(data).to_json() == data
    assert RPS.winner(record.state) == 1


def test_a_pre_board_state_file_plays_on_to_the_same_end() -> None:
    """A four-player state in its JSON form (year 3, the third slot's actions) played on
    with the 106 orders its computers chose then (kept in the fixture, so that a change
    to today's computers does not change the game): each is still accepted (``apply``
    refuses an illegal order), and they lead to the same final position."""
    fixture = json.loads((FIXTURES / "state-rps-pre-board.json").read_text())
    state = RPS.state_from_json(fixture["state"])
    assert len(fixture["played"]) == fixture["orders"]
    for data in fixture["played"]:
        order = RPS.parse_order(data)
        state = RPS.apply(state, order).state
    assert RPS.actor(state) is None
    assert state.to_json() == RPS.state_from_json(fixture["final"]).to_json()
    assert state.result == {"scores": {"0": 13, "1": 3, "2": 26, "3": 17}, "winners": [2]}


def test_a_pre_board_autosave_resumes_and_undoes() -> None:
    """The page's autosave holds the session's JSON with the state (and each undo
    snapshot's state) in the form of its day: an autosave made before resumes on the
    same position, and an undo reads its snapshot back."""
    from ui.risk_paper_scissors.session import Session

    fixture = json.loads((FIXTURES / "state-rps-pre-board.json").read_text())
    old = fixture["state"]
    saved = Session(RPS.state_from_json(old)).to_json()
    saved["state"] = old
    saved["undo"] = [{"state": old, "log": 0}]
    for player in old["players"]:
        player["control"] = "human"  # an undo is a human's
    session = Session.from_json(saved)
    assert session.state.to_json() == RPS.state_from_json(old).to_json()
    assert session.undo()
    assert session.state.side_at(next(iter(old["garrisons"]))).units >= 1
