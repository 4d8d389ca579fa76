"""Save codes of Great War games made before the state stood on the shared board keep
loading, verify by replay and play on to the same positions."""

from __future__ import annotations

from pathlib import Path

from engine.ai import choose_for
from engine.rulesets.greatwar1907 import GreatWarState, Phase, Resolve
from engine.save_chain import continue_game
from engine.saves import read_save
from tests.greatwar1907.helpers import RULESET

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _play_a_turn(state: GreatWarState) -> GreatWarState:
    """Every seat's computer orders for both phases of a turn, each phase resolved."""
    for _ in (Phase.DEPLOYMENT, Phase.ATTACK):
        for seat in range(len(state.players)):
            if state.orders[seat] is None:
                state = RULESET.apply(state, choose_for(state, seat)).state
        state = RULESET.apply(state, Resolve(force=False, entropy="")).state
    return state


def test_a_chain_saved_before_the_board_change_loads_verifies_and_plays_on() -> None:
    """A computer-played game's save at turn 4 and its resolved Deployment (made by the
    code before the Great War state stood on ``Board``: tests/fixtures/
    chain-greatwar1907-v1.txt) still load; the second verifies by replay; both are the
    positions they were then (chain-greatwar1907-v1.positions.txt, written by the same
    code), and a turn played on from the second reaches the position the computer
    players reach (the last position is rewritten when they change: issue 31's
    negotiating nations break two alliances in that turn)."""
    first, second = (FIXTURES / "chain-greatwar1907-v1.txt").read_text().split()
    expected = (FIXTURES / "chain-greatwar1907-v1.positions.txt").read_text().split("---\n")
    base = read_save(first)
    continuation = continue_game(base, second)
    assert continuation.verified and continuation.record.seq == 1
    later = _play_a_turn(continuation.record.state)
    assert later.turn == 5 and later.phase is Phase.ATTACK
    shown = [RULESET.position_text(s) for s in (base.state, continuation.record.state, later)]
    assert shown == expected
