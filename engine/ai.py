"""Computer players, registered per ruleset and level.

``choose_order(state)`` asks the controller of the seat that must act now.  Which
module plays which level is each ruleset's data (:attr:`Ruleset.computer_players`), so
listing the levels imports no player; a module is imported when its first order is
asked for, and registers its choosers with :func:`register_player`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from engine.core import Order, find_ruleset
from engine.errors import OptionError

Chooser = Callable[[Any, int], Order]
"""A computer player: given the state and its seat, the order it gives now."""

_PLAYERS: dict[tuple[str, str], Chooser] = {}


def register_player(ruleset: str, control: str, chooser: Chooser) -> None:
    _PLAYERS[(ruleset, control)] = chooser


def levels(ruleset: str) -> list[str]:
    """The computer levels available for ``ruleset`` (without importing any of them)."""
    return sorted(find_ruleset(ruleset).computer_players)


def _chooser(ruleset: str, control: str) -> Chooser | None:
    key = (ruleset, control)
    if key not in _PLAYERS:
        module = find_ruleset(ruleset).computer_players.get(control)
        if module is not None:
            importlib.import_module(module)
    return _PLAYERS.get(key)


def choose_order(state: Any) -> Order:
    """The order the computer player that must act now gives.

    :raises OptionError: when that seat is human or has no registered computer player.
    """
    seat = find_ruleset(state.ruleset).actor(state)
    if seat is None:
        raise OptionError("ai/game-over", "the game is over")
    return choose_for(state, seat)


def choose_for(state: Any, seat: int) -> Order:
    """The order the computer player of ``seat`` gives now (in a simultaneous game any
    faction may write its orders, not only the first one missing).

    :raises OptionError: when that seat is human or has no registered computer player.
    """
    control = state.players[seat].control
    chooser = _chooser(state.ruleset, control)
    if chooser is None:
        raise OptionError(
            "ai/no-player", f"no computer player {control!r} for ruleset {state.ruleset!r}"
        )
    return chooser(state, seat)
