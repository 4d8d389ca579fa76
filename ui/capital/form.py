"""Capital Risk's part of the new-game form read into engine arguments (pure; the page
passes field readers)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import PlayerSpec

CAPITAL_FACTIONS = 8
CAPITAL_WHERE = ("local", "forum", "moderated")


def read_capital_form(
    text: Callable[[str], str], checked: Callable[[str], bool]
) -> tuple[list[PlayerSpec], dict[str, Any], str, str, int]:
    """Capital Risk: factions, options (deadline, teams), seed, where ("local", "forum",
    "moderated") and this browser's faction (0-based, for a forum game).

    :raises ValueError: fewer than two factions, or a forum faction that does not play.
    """
    from ui.shell.palette import FACTION_STYLES

    players: list[PlayerSpec] = []
    teams: list[list[str]] = []
    seats: list[int] = []
    for i in range(CAPITAL_FACTIONS):
        if not checked(f"cf{i}-on"):
            continue
        name = text(f"cf{i}-name").strip() or FACTION_STYLES[i].name.capitalize()
        mate = text(f"cf{i}-mate").strip()
        players.append(PlayerSpec(name, text(f"cf{i}-kind") or "human", FACTION_STYLES[i].color))
        teams.append([name, mate] if mate and mate != name else [name])
        seats.append(i)
    if len(players) < 2:
        raise ValueError("Capital Risk needs at least two factions")
    options: dict[str, Any] = {"deadline": text("cap-deadline").strip()}
    if text("cap-struck-out"):  # RULINGS §2: the host's choice for a struck-out faction
        options["struck_out"] = text("cap-struck-out")
    if any(len(t) > 1 for t in teams):
        options["teams"] = teams
    where = text("cap-where") if text("cap-where") in CAPITAL_WHERE else "local"
    raw_seat = text("cap-seat").strip() or "0"
    seat = int(raw_seat) if raw_seat.isdigit() else 0
    if where != "local":
        if seat not in seats:
            raise ValueError("your faction (for the forum game) must be one of those playing")
        seat = seats.index(seat)
    return players, options, text("cap-seed").strip(), where, seat
