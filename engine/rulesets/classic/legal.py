"""Every legal order in a Classic position (what the UI highlights)."""

from __future__ import annotations

from engine.core import Order
from engine.rulesets.classic.cards import valid_sets
from engine.rulesets.classic.common import game_map, room
from engine.rulesets.classic.orders import (
    ATTACK_MODES,
    Attack,
    ChooseHeadquarters,
    Claim,
    EndAttack,
    EndTurn,
    FreeMove,
    MoveIn,
    Place,
    PlaceNeutral,
    Reroll,
    TradeCards,
)
from engine.rulesets.classic.setup import setup_needs
from engine.rulesets.classic.state import UNOWNED, ClassicState, Phase
from engine.rulesets.classic.turn import may_trade, movable, must_trade


def attack_options(state: ClassicState) -> list[tuple[str, str]]:
    """(origin, target) pairs the player on turn can attack."""
    the_map = game_map(state)
    seat = state.current
    pairs = []
    for origin, owner in state.owner.items():
        if owner != seat or state.armies[origin] < 2:
            continue
        for target in the_map.neighbours(origin):
            if state.owner[target] != seat:
                pairs.append((origin, target))
    return pairs


def move_options(state: ClassicState) -> list[tuple[str, str, int]]:
    """(origin, target, most armies) for every possible free move."""
    the_map = game_map(state)
    seat = state.current
    moves = []
    for origin, owner in state.owner.items():
        if owner != seat:
            continue
        most_out = movable(state, origin)
        if most_out < 1:
            continue
        for target in the_map.neighbours(origin):
            if state.owner[target] == seat:
                most = min(most_out, room(state, target))
                if most >= 1:
                    moves.append((origin, target, most))
    return moves


def legal_orders(state: ClassicState) -> list[Order]:
    phase = state.phase
    seat = state.current
    own = [t for t, o in state.owner.items() if o == seat]
    orders: list[Order] = []
    if phase is Phase.CLAIM:
        orders = [Claim(t) for t, o in state.owner.items() if o == UNOWNED]
    elif phase is Phase.SETUP:
        own_left, neutral_left = setup_needs(state)
        if own_left:
            orders += [Place(t, 1) for t in own if room(state, t) > 0]
        if neutral_left:
            orders += [PlaceNeutral(t) for t, o in state.owner.items() if o == state.neutral]
    elif phase is Phase.HEADQUARTERS:
        orders = [ChooseHeadquarters(t) for t in own]
    elif phase is Phase.REINFORCE:
        the_map = game_map(state)
        if may_trade(state):
            orders += [TradeCards(s) for s in valid_sets(the_map, state.players[seat].cards)]
        if not must_trade(state):
            for t in own:
                for count in range(1, min(state.reinforcements, room(state, t)) + 1):
                    orders.append(Place(t, count))
    elif phase is Phase.ATTACK:
        for origin, target in attack_options(state):
            for dice in range(1, min(3, state.armies[origin] - 1) + 1):
                orders += [Attack(origin, target, dice, mode) for mode in ATTACK_MODES]
        orders.append(EndAttack())
        orders += _free_moves(state)
        orders.append(EndTurn())
    elif phase is Phase.ADVANTAGE:
        orders = [Reroll(True), Reroll(False)]
    elif phase is Phase.MOVE_IN:
        pending = state.pending
        assert pending is not None
        orders = [MoveIn(c) for c in range(pending["min"], pending["max"] + 1)]
    elif phase is Phase.FORTIFY:
        orders = [*_free_moves(state), EndTurn()]
    return orders


def _free_moves(state: ClassicState) -> list[Order]:
    return [
        FreeMove(origin, target, count)
        for origin, target, most in move_options(state)
        for count in range(1, most + 1)
    ]
