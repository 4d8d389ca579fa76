"""Risk, Paper, Scissors' warnings before a probable mistake (issue 29, "Warnings before
mistakes"), pure: each check returns the sentence to ask (the shell's dialog,
:mod:`ui.shell.warnings`, offers "Go on anyway" and "Go back") or None."""

from __future__ import annotations

from engine.rulesets.risk_paper_scissors.state import RpsState
from ui.risk_paper_scissors.session import Draft


def card_yields_nothing(state: RpsState, seat: int, card_id: str) -> str | None:
    """Playing ``card_id`` now would spend the card for nothing (13.3):

    - Energy Crisis: "Each living opponent with at least ``energy_crisis_amount`` energy
      gives you that much. One with less gives nothing." — no opponent can give;
    - Invade Earth: the target may be attacked "from any lunar territory you own" — none
      of yours has a unit to spare (an attack leaves one behind, 10.3).

    None when the card would do something (or is refused: the refusal says why)."""
    if card_id == "diplomat.energy_crisis":
        amount = state.options.energy_crisis_amount
        payers = [
            s for s in state.living() if s != seat and amount and state.players[s].energy >= amount
        ]
        if not payers:
            return (
                "No opponent has the energy to give you now: Energy Crisis would collect "
                "nothing and the card would be spent."
            )
    if card_id == "space.invade_earth":
        lunar = [t for t in state.territories_of(seat) if state.board.kind[t] == "lunar"]
        if lunar and all(state.side_at(t).units < 2 for t in lunar):
            return (
                "None of your lunar territories has a unit to spare: you could not attack "
                "the territory Invade Earth names this turn, and the card would be spent."
            )
    return None


def placement_replaced(draft: Draft) -> str | None:
    """ "Place my units for me" with units already placed by hand: those are replaced by
    the balanced placement (the headquarters and station chosen stay)."""
    points = sum(e + 3 * j + 5 * w for e, j, w in draft.placed.values())
    if not points:
        return None
    where = len([c for c in draft.placed.values() if any(c)])
    places = "territory" if where == 1 else "territories"
    worth = f"{points} point{'' if points == 1 else 's'}"
    return (
        f"You placed {worth} of units by hand on {where} {places}: placing for you replaces "
        "them all."
    )
