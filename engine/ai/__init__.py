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
    ("classic", "baseline"): "engine.ai.classic_baseline",
    ("classic", "easy"): "engine.ai.classic_levels",
    ("classic", "standard"): "engine.ai.classic_levels",
    ("classic", "good"): "engine.ai.classic_levels",
    ("capital", "baseline"): "engine.ai.capital",
    ("capital", "easy"): "engine.ai.capital_levels",
    ("capital", "standard"): "engine.ai.capital_levels",
    ("capital", "good"): "engine.ai.capital_levels",
    ("greatwar1907", "easy"): "engine.rulesets.greatwar1907.ai.levels",
    ("greatwar1907", "standard"): "engine.rulesets.greatwar1907.ai.levels",
    ("risk_paper_scissors", "easy"): "engine.rulesets.risk_paper_scissors.ai",
    ("risk_paper_scissors", "standard"): "engine.rulesets.risk_paper_scissors.ai",
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
