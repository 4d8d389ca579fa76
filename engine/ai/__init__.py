"""Computer players.  ``choose_order(state)`` asks the controller of the seat on turn."""

from __future__ import annotations

from typing import Any

from engine.core import Order
from engine.errors import OptionError


def choose_order(state: Any) -> Order:
    """The order the computer player on turn gives now.

    :raises OptionError: when the seat on turn is human or the ruleset has no AI.
    """
    if state.ruleset == "classic":
        from engine.ai import classic_baseline

        seat = state.current
        control = state.players[seat].control
        if control == "human":
            raise OptionError("ai/human", f"seat {seat} is human")
        return classic_baseline.choose(state)
    raise OptionError("ai/unknown", f"no computer player for ruleset {state.ruleset!r}")
