"""Capital Risk whole games: invariants under random and computer play, a winner in a
bounded number of turns, and the time one 8-faction resolution takes."""

from __future__ import annotations

import json
import random
import time

import pytest

from engine.ai import choose_order
from engine.core import find_ruleset
from engine.maps import load_map
from engine.rulesets.capital import CapitalState, Phase, Resolve
from engine.rulesets.capital.orders import Attack, SubmitOrders, Surge, Tactical
from engine.simulate import computer_seats, play

RS = find_ruleset("capital")
MAP = load_map("classic")


def check_invariants(state: CapitalState) -> None:
    for t in MAP.territory_ids:
        assert state.armies[t] >= 1, t
        assert state.players[state.owner[t]].alive, t
    data = json.loads(json.dumps(state.to_json()))
    assert CapitalState.from_json(data).to_json() == state.to_json()
    cards = [c for p in state.players for c in p.cards] + state.draw_pile
    assert sorted(cards) == list(range(len(MAP.deck)))


def random_orders(state: CapitalState, seat: int, rnd: random.Random) -> SubmitOrders:
    """Wild orders, often illegal, to exercise the cut-downs."""
    own = state.territories_of(seat) or list(MAP.territory_ids)
    names = list(MAP.territory_ids)
    attacks = []
    for _ in range(rnd.randrange(4)):
        origin = rnd.choice(own)
        target = rnd.choice([*MAP.neighbours(origin), rnd.choice(names)])
        attacks.append(Attack(origin, target, rnd.choice([None, 1, 3, 50])))
    surge = None
    if attacks and rnd.random() < 0.5:
        via = attacks[0].target
        surge = Surge(via, rnd.choice(MAP.neighbours(via)), rnd.choice([None, 2]))
    tactical = None
    if rnd.random() < 0.5:
        origin = rnd.choice(own)
        tactical = Tactical(origin, ((rnd.choice(MAP.neighbours(origin)), rnd.choice([None, 9])),))
    place = tuple((rnd.choice(names), rnd.choice([None, 1, 4])) for _ in range(rnd.randrange(3)))
    cards = state.players[seat].cards
    trades = (tuple(cards[:3]),) if len(cards) >= 3 and rnd.random() < 0.5 else ()
    return SubmitOrders(seat, "", place, tuple(attacks), surge, tactical, trades)


@pytest.mark.parametrize("seed", ["r1", "r2", "r3", "r4"])
def test_random_and_computer_play_keep_invariants(seed: str) -> None:
    rnd = random.Random(seed)
    state = RS.new_game(computer_seats(rnd.choice([2, 3, 5, 8])), {}, seed)
    for _ in range(60):
        if state.phase is Phase.GAME_OVER:
            break
        if state.phase is Phase.ORDERS and rnd.random() < 0.3:
            seat = state.current
            if state.orders[seat] is None:
                state = RS.apply(state, random_orders(state, seat, rnd)).state
                continue
        if rnd.random() < 0.1:
            state = RS.apply(state, Resolve(force=True)).state
        else:
            state = RS.apply(state, choose_order(state)).state
        if state.phase is not Phase.SETUP:
            check_invariants(state)


@pytest.mark.parametrize("seed", ["1", "2", "3", "4", "5"])
def test_eight_computer_factions_finish_with_a_winner(seed: str) -> None:
    record = play("capital", computer_seats(8), {}, seed, max_turns=200)
    assert record.winner is not None
    assert record.turns <= 200
    check_invariants(record.state)


def test_one_eight_faction_resolution_is_fast() -> None:
    """Resolving one 8-faction turn (orders already sealed) takes well under a second."""
    state = RS.new_game(computer_seats(8), {}, "timing")
    while state.phase is Phase.SETUP or state.turn < 4:
        state = RS.apply(state, choose_order(state)).state
    while state.missing():
        state = RS.apply(state, choose_order(state)).state
    start = time.perf_counter()
    for _ in range(10):
        RS.apply(state, Resolve())
    per_turn = (time.perf_counter() - start) / 10
    print(f"\n8-faction resolution: {per_turn * 1000:.1f} ms")
    assert per_turn < 0.5
