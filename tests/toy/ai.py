"""The toy's one computer player: march from the largest stack."""

from engine.ai import register_player
from engine.core import Order
from tests.toy.ruleset import March, ToyState


def choose(state: ToyState, seat: int) -> Order:
    return March(max(state.territories_of(seat), key=lambda t: state.armies[t]))


register_player("toy", "baseline", choose)
