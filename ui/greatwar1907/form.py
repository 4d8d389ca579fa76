"""The Great War 1907's part of the new-game form read into engine arguments (pure; the
page passes a field reader).  Eight rows in nation order, each Human, a computer level
or Idle; a newcomer starts with one click: Russia human, the other seven Expert (the
strongest level, the default opponent)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import PlayerSpec

NATIONS = 8
CONTROLS = ("human", "easy", "standard", "expert", "idle")
WHERE = ("local", "forum", "moderated")


def read_greatwar_form(
    text: Callable[[str], str], checked: Callable[[str], bool] | None = None
) -> tuple[list[PlayerSpec], dict[str, Any], str, str, int]:
    """Seats, options (victory VP, turn limit, Neutral garrison VP, banking, deadline),
    seed, where ("local", "forum", "moderated") and this browser's nation (0-based, for a
    forum game).  Without ``checked`` the options' defaults stand.

    :raises ValueError: fewer than two acting nations, a bad number, or a forum nation
        that does not play.
    """
    specs: list[PlayerSpec] = []
    for i in range(NATIONS):
        control = text(f"gw{i}-kind") or ("human" if i == 0 else "expert")
        if control not in CONTROLS:
            raise ValueError(f"nation {i + 1}: unknown player {control!r}")
        name = text(f"gw{i}-name").strip() or f"Player {i + 1}"
        specs.append(PlayerSpec(name, control))
    where = text("gw-where") if text("gw-where") in WHERE else "local"
    acting = [i for i, s in enumerate(specs) if s.control != "idle"]
    if where != "local":
        acting = [i for i, s in enumerate(specs) if s.control == "human"]
        specs = [s if s.control == "human" else PlayerSpec(s.name, "idle") for s in specs]
    if len(acting) < 2:
        raise ValueError(
            "The Great War 1907 needs at least two acting nations"
            + (" (by forum: two human nations)" if where != "local" else "")
        )
    options: dict[str, Any] = {"deadline": text("gw-deadline").strip()}
    if checked is not None:
        options["neutral_garrison_vp"] = checked("gw-neutral-vp")
        options["bank_unspent"] = checked("gw-bank")
    for field, name in (("gw-victory", "victory_vp"), ("gw-turns", "turn_limit")):
        raw = text(field).strip()
        if raw:
            if not raw.isdigit() or int(raw) < 1:
                raise ValueError(f"{name.replace('_', ' ')} must be a whole number above 0")
            options[name] = int(raw)
    raw_seat = text("gw-seat").strip() or "0"
    seat = int(raw_seat) if raw_seat.isdigit() else 0
    if where != "local" and seat not in acting:
        raise ValueError("your nation (for the forum game) must be one of the human nations")
    return specs, options, text("gw-seed").strip(), where, seat
