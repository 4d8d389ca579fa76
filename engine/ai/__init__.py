"""Computer players, registered per ruleset and level.

``choose_order(state)`` asks the controller of the seat that must act now.  A module
registers its players with :func:`register_player`; the modules listed in
``_PLAYER_MODULES`` are imported on first use.
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
_PLAYER_MODULES = (
    "engine.ai.classic_baseline",
    "engine.ai.classic_levels",
    "engine.ai.capital",
    "engine.ai.capital_levels",
)
_loaded = False


def register_player(ruleset: str, control: str, chooser: Chooser) -> None:
    _PLAYERS[(ruleset, control)] = chooser


def _load() -> None:
    global _loaded
    if _loaded:
        return
    for name in _PLAYER_MODULES:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
    _loaded = True


def levels(ruleset: str) -> list[str]:
    """The computer levels available for ``ruleset``."""
    _load()
    return sorted(control for (r, control) in _PLAYERS if r == ruleset)


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
    _load()
    control = state.players[seat].control
    chooser = _PLAYERS.get((state.ruleset, control))
    if chooser is None:
        raise OptionError(
            "ai/no-player", f"no computer player {control!r} for ruleset {state.ruleset!r}"
        )
    return chooser(state, seat)
