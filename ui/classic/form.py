"""Classic's part of the new-game form read into engine arguments (pure; the page passes
field readers)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import PlayerSpec

SEATS = 6
OPTION_FIELDS = ("selection", "card_sets", "objective", "neutral")
CHECK_FIELDS = (
    "special_setup",
    "low_exchange",
    "supply_lines",
    "attack_advantage",
    "computer_advantage",
)
NUMBER_FIELDS = ("enemy_hqs", "army_limit")


def read_form(
    text: Callable[[str], str], checked: Callable[[str], bool]
) -> tuple[list[PlayerSpec], dict[str, Any], str]:
    """Players, options and seed ("" = pick one) from the form's fields.

    An empty select means "as the game type says" and is left out of the options.

    :raises ValueError: a number field holds something that is not a whole number.
    """
    players = []
    for seat in range(SEATS):
        if not checked(f"seat{seat}-on"):
            continue
        name = text(f"seat{seat}-name").strip() or f"Player {seat + 1}"
        players.append(PlayerSpec(name, text(f"seat{seat}-control"), text(f"seat{seat}-color")))
    options: dict[str, Any] = {"game_type": text("game_type")}
    for field in OPTION_FIELDS:
        if text(field):
            options[field] = text(field)
    for field in CHECK_FIELDS:
        options[field] = checked(field)
    for field in NUMBER_FIELDS:
        raw = text(field).strip() or "0"
        if not raw.isdigit():
            raise ValueError(f"{field.replace('_', ' ')} must be a whole number, not {raw!r}")
        options[field] = int(raw)
    return players, options, text("seed").strip()


WHERE_CHOICES = ("local", "email")


def read_where(text: Callable[[str], str]) -> str:
    """Where the game is played: ``"local"`` (pass and play on this device, the default)
    or ``"email"`` (by email / forum: each browser plays its own seat)."""
    value = text("where")
    return value if value in WHERE_CHOICES else "local"
