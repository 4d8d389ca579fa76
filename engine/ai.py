"""Computer players, registered per ruleset and level.

``choose_order(state)`` asks the controller of the seat that must act now.  Which
module plays which (ruleset, level) is data (``PLAYER_MODULES``), so listing the levels
imports nothing; a module is imported when its first order is asked for, and
registers its choosers with :func:`register_player`.
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
PLAYER_MODULES: dict[tuple[str, str], str] = {
    ("classic", "baseline"): "engine.rulesets.classic.ai.baseline",
    ("classic", "easy"): "engine.rulesets.classic.ai.levels",
    ("classic", "standard"): "engine.rulesets.classic.ai.levels",
    ("classic", "good"): "engine.rulesets.classic.ai.levels",
    ("capital", "baseline"): "engine.rulesets.capital.ai.baseline",
    ("capital", "easy"): "engine.rulesets.capital.ai.levels",
    ("capital", "standard"): "engine.rulesets.capital.ai.levels",
    ("capital", "good"): "engine.rulesets.capital.ai.levels",
}


def register_player(ruleset: str, control: str, chooser: Chooser) -> None:
    _PLAYERS[(ruleset, control)] = chooser


def levels(ruleset: str) -> list[str]:
    """The computer levels available for ``ruleset`` (without importing any of them)."""
    return sorted(control for (r, control) in PLAYER_MODULES if r == ruleset)


def _chooser(ruleset: str, control: str) -> Chooser | None:
    key = (ruleset, control)
    if key not in _PLAYERS and key in PLAYER_MODULES:
        importlib.import_module(PLAYER_MODULES[key])
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
