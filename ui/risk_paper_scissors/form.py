"""Risk, Paper, Scissors' part of the new-game form (pure): its seat rows and options,
as HTML for index.html (``make prerender``) and read back into engine arguments.

Newcomers get a game in one click: the defaults are one human against two Expert
computers (the strongest level, the default opponent), five years, random territories,
on this device.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from engine.core import PlayerSpec

SEATS = 5
MIN_PLAYERS = 3
NAMES = ("Ada", "Boris", "Chloe", "Dmitri", "Elena")
CONTROLS = (
    ("human", "Human"),
    ("easy", "CPU · Easy"),
    ("standard", "CPU · Standard"),
    ("expert", "CPU · Expert"),
)
"""The ruleset's computer levels, weakest first."""
WHERE = ("local", "email")
DEFAULT_ON = 3


def seat_rows_html(palette: tuple[str, ...]) -> str:
    """The five seat rows (seat 1 human, seats 2 and 3 Expert computers, 4 and 5 off)."""
    rows = []
    for i in range(SEATS):
        on = " checked" if i < DEFAULT_ON else ""
        fixed = " disabled" if i < MIN_PLAYERS else ""
        default = "human" if i == 0 else "expert"
        options = "".join(
            f'<option value="{value}"{" selected" if value == default else ""}>{label}</option>'
            for value, label in CONTROLS
        )
        rows.append(
            f'<div class="seat-row rps-row" data-rps-seat="{i}" style="--c:{palette[i]}">'
            f'<input type="checkbox" name="rps{i}-on" aria-label="Player {i + 1} plays"'
            f' data-testid="rps{i}-on"{on}{fixed}>'
            f'<input type="text" name="rps{i}-name" value="{escape(NAMES[i])}" maxlength="16"'
            f' aria-label="Player {i + 1} name" data-testid="rps{i}-name">'
            f'<select name="rps{i}-control" aria-label="Player {i + 1} plays as"'
            f' data-testid="rps{i}-control">{options}</select></div>'
        )
    return "\n".join(rows)


def read_rps_form(
    text: Callable[[str], str], checked: Callable[[str], bool]
) -> tuple[list[PlayerSpec], dict[str, Any], str, str]:
    """(players, engine options, seed, where) from the form's fields.

    :raises ValueError: fewer than three players, or an email game with fewer than two
        humans.
    """
    from ui.shell.palette import PALETTE

    controls = {value for value, _ in CONTROLS}
    players = []
    for i in range(SEATS):
        if i >= MIN_PLAYERS and not checked(f"rps{i}-on"):
            continue
        name = text(f"rps{i}-name").strip() or NAMES[i]
        control = text(f"rps{i}-control")
        players.append(PlayerSpec(name, control if control in controls else "human", PALETTE[i]))
    names = [p.name for p in players]
    if len(set(names)) != len(names):
        raise ValueError("Each player needs a name of their own.")
    options: dict[str, Any] = {}
    years = text("rps-years").strip()
    if years:
        if not years.isdigit() or not 1 <= int(years) <= 10:
            raise ValueError(f"Years must be a whole number from 1 to 10, not {years!r}.")
        options["years"] = int(years)
    if text("rps-selection") == "manual":
        options["selection"] = "manual"
    if checked("rps-commander_for_moves"):
        options["commander_for_moves"] = True
    where = text("rps-where") if text("rps-where") in WHERE else "local"
    if where == "email" and sum(p.control == "human" for p in players) < 2:
        raise ValueError(
            "A game by email needs at least two human players (computers are played by "
            "whoever has the turn)."
        )
    return players, options, text("rps-seed").strip(), where
