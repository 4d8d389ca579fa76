"""Classic's part of the new-game form read into engine arguments (pure; the page passes
field readers)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import PlayerSpec
from engine.errors import OptionError
from engine.rulesets.classic.options import ClassicOptions

SEATS = 6
OPTION_FIELDS = ("selection", "card_sets", "objective", "neutral")
SPECIAL_SETUP_NOTE = "needs random territory selection"
CHECK_FIELDS = (
    "special_setup",
    "low_exchange",
    "supply_lines",
    "attack_advantage",
    "computer_advantage",
)
NUMBER_FIELDS = ("enemy_hqs",)


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
    options["army_limit"] = _army_limit(text, checked)
    return players, options, text("seed").strip()


def _army_limit(text: Callable[[str], str], checked: Callable[[str], bool]) -> int | str:
    """Off unless ticked; ticked with no number is "on", which the engine makes 12."""
    if not checked("army_limit_on"):
        return 0
    raw = text("army_limit").strip()
    if not raw:
        return "on"
    if not raw.isdigit():
        raise ValueError(f"army limit must be a whole number, not {raw!r}")
    return int(raw)


def special_setup_allowed(text: Callable[[str], str], checked: Callable[[str], bool]) -> bool:
    """Whether the form may offer Special setup: it needs random territory selection
    (RULINGS §1), which the game type, the selection and a two-player neutral decide.
    A combination the engine refuses anyway leaves the box alone (its own error shows)."""
    players = sum(1 for seat in range(SEATS) if checked(f"seat{seat}-on"))
    raw = {"game_type": text("game_type")}
    for field in ("selection", "neutral"):
        if text(field):
            raw[field] = text(field)
    try:
        options = ClassicOptions.from_mapping(raw, max(players, 2))
    except OptionError:
        return True
    return options.selection == "random"


WHERE_CHOICES = ("local", "email")


def read_where(text: Callable[[str], str]) -> str:
    """Where the game is played: ``"local"`` (pass and play on this device, the default)
    or ``"email"`` (by email / forum: each browser plays its own seat)."""
    value = text("where")
    return value if value in WHERE_CHOICES else "local"
