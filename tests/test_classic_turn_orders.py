"""The orders given so far in a Classic turn are part of the position (issue 31: the
top computer level spends its turn's search by them, so "same seed and same orders give
the same game everywhere", in a game saved and resumed in the middle of a computer's turn
too)."""

from __future__ import annotations

import hashlib

import pytest

from engine.ai import choose_order
from engine.core import PlayerSpec, find_ruleset
from engine.errors import EngineError
from engine.keys import PlayerKey
from engine.rulesets.classic import ClassicState
from engine.save_chain import continue_game
from engine.saves import make_save, read_save

RS = find_ruleset("classic")
KEYS = [PlayerKey.generate(hashlib.sha256(f"turn-orders{i}".encode()).digest()) for i in range(3)]


def _in_turn_one() -> ClassicState:
    """Three baseline computers, set-up done, at the start of turn 1."""
    specs = [PlayerSpec(f"P{i + 1}", "baseline") for i in range(3)]
    state: ClassicState = RS.new_game(specs, {}, "turn-orders")
    while state.turn < 1:
        state = RS.apply(state, choose_order(state)).state
    return state


def test_each_order_of_a_turn_is_counted_and_the_next_turn_starts_at_zero() -> None:
    """A turn starts with no orders given; each order of the player on turn counts one;
    the next player's turn starts again at zero."""
    state = _in_turn_one()
    assert state.turn_orders == 0
    given = 0
    turn = state.turn
    while state.turn == turn:
        state = RS.apply(state, choose_order(state)).state
        given += 1
        if state.turn == turn:
            assert state.turn_orders == given
    assert given >= 2 and state.turn_orders == 0


def test_a_save_made_mid_turn_keeps_the_count_and_a_turn_start_reads_as_before() -> None:
    """A save code made in the middle of a turn carries the count (a resumed game goes on
    from it); at a turn's start there is nothing to carry, so the code is what it was
    before the count existed."""
    state = _in_turn_one()
    keys = [k.public_key_text for k in KEYS]
    at_start = RS.to_compact(state)
    assert "n" not in at_start
    state = RS.apply(state, choose_order(state)).state
    code = make_save(
        RS, state, game_id="g", keys=keys, signer=KEYS[state.current], seat=state.current
    )
    assert read_save(code).state.turn_orders == state.turn_orders == 1


def test_a_count_that_the_orders_do_not_give_is_refused() -> None:
    """A save whose count of the turn's orders was altered (signed by the player whose
    turn it records) is not what its orders lead to: refused, as any edited position."""
    state = _in_turn_one()
    keys = [k.public_key_text for k in KEYS]
    seat = state.current
    first = make_save(RS, state, game_id="g", keys=keys, signer=KEYS[seat], seat=seat)
    previous = read_save(first)
    orders = []
    for _ in range(2):
        order = choose_order(state)
        orders.append(order)
        state = RS.apply(state, order).state
    assert state.current == seat and state.turn_orders == 2
    honest = make_save(
        RS,
        state,
        game_id="g",
        keys=keys,
        signer=KEYS[seat],
        seat=seat,
        previous=previous,
        actions=orders,
    )
    assert continue_game(previous, honest).verified
    state.turn_orders = 7
    forged = make_save(
        RS,
        state,
        game_id="g",
        keys=keys,
        signer=KEYS[seat],
        seat=seat,
        previous=previous,
        actions=orders,
    )
    with pytest.raises(EngineError) as info:
        continue_game(previous, forged)
    assert info.value.code == "save/replay"
