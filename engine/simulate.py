"""Whole games between computer players, for the command line, tests and benchmarks."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.ai import choose_order
from engine.core import Event, Order, PlayerSpec, find_ruleset

MAX_ORDERS_PER_TURN = 2000


@dataclass
class GameRecord:
    state: Any
    turns: int
    winner: int | None
    orders: list[Order]


def computer_seats(count: int, control: str = "baseline") -> list[PlayerSpec]:
    return [PlayerSpec(f"Computer {i + 1}", control) for i in range(count)]


def play(
    ruleset_name: str,
    players: Sequence[PlayerSpec],
    options: Mapping[str, Any],
    seed: str,
    max_turns: int = 500,
    on_turn: Callable[[Any, list[Event]], None] | None = None,
    record_orders: bool = False,
) -> GameRecord:
    """Play computer against computer until a winner or ``max_turns`` turns."""
    ruleset = find_ruleset(ruleset_name)
    state = ruleset.new_game(players, options, seed)
    orders: list[Order] = []
    turn_events: list[Event] = []
    last_turn = state.turn
    steps = 0
    # A shared win has no single winner but ends the game: nobody acts any more.
    while (
        ruleset.winner(state) is None
        and ruleset.actor(state) is not None
        and state.turn <= max_turns
    ):
        order = choose_order(state)
        outcome = ruleset.apply(state, order)
        state = outcome.state
        if record_orders:
            orders.append(order)
        turn_events += outcome.events
        steps += 1
        if state.turn != last_turn:
            if on_turn is not None:
                on_turn(state, turn_events)
            turn_events = []
            last_turn = state.turn
            steps = 0
        elif steps > MAX_ORDERS_PER_TURN:
            raise RuntimeError(f"a computer player gave {steps} orders in one turn (seed {seed})")
    if on_turn is not None and turn_events:
        on_turn(state, turn_events)
    return GameRecord(state, state.turn, ruleset.winner(state), orders)
