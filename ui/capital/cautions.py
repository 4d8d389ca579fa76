"""Capital Risk's warnings before a probable mistake (issue 29, "Warnings before
mistakes"), pure: each check returns the sentence to ask (the shell's dialog,
:mod:`ui.shell.warnings`, offers "Go on anyway" and "Go back") or None."""

from __future__ import annotations

from engine.rulesets.capital import CapitalState
from engine.rulesets.capital.reinforce import game_map
from ui.capital import entry
from ui.capital.entry import Draft


def capital_left(state: CapitalState, faction: int, draft: Draft) -> int | None:
    """The units the faction's capital keeps once ``draft``'s orders leave (placements
    counted; a "max" attack or move keeps the one that must stay); None when the faction
    has no capital of its own."""
    capital = state.players[faction].capital
    if capital is None or state.owner.get(capital) != faction:
        return None
    units = entry.after_placement(state, faction, draft)[capital]
    outgoing = [n for origin, _, n in draft.attacks if origin == capital]
    if draft.tactical_origin == capital:
        outgoing += [n for _, n in draft.moves]
    if any(n is None for n in outgoing):
        return 1
    return max(units - sum(n or 0 for n in outgoing), 1)


def capital_exposed(state: CapitalState, faction: int, draft: Draft, origin: str) -> str | None:
    """Writing an order that sends units out of ``origin`` (``draft`` holds it already):
    the warning when it leaves the faction's capital with 1 unit beside an enemy
    territory holding more; None otherwise."""
    capital = state.players[faction].capital
    if origin != capital:
        return None
    left = capital_left(state, faction, draft)
    if left is None or left > 1:
        return None
    enemies = [
        (state.armies[n], n)
        for n in game_map(state).neighbours(capital)
        if state.owner.get(n) not in (None, faction) and state.armies[n] > left
    ]
    if not enemies:
        return None
    strongest, where = max(enemies, key=lambda e: (e[0], e[1]))
    owner = state.players[state.owner[where]].name
    return (
        f"This leaves your capital, {entry.name(state, capital)}, with {left} unit beside "
        f"{owner}'s {strongest} in {entry.name(state, where)}: it could fall to them."
    )
