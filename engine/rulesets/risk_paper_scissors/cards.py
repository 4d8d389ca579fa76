"""The command cards of version 1 (spec 13.3) as data: deck, activation cost, timing and
the ``PlayCard`` fields each one uses."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Timing(StrEnum):
    MAIN = "main"  # PlayCard at any time in your action phase
    END = "end"  # PlayCard; no attack after it this turn
    ARMED = "armed"  # ArmCard face down on a territory; fires by itself
    SCORE = "score"  # kept in hand, counted at final scoring


@dataclass(frozen=True)
class Card:
    id: str
    deck: str
    cost: int
    timing: Timing
    fields: frozenset[str] = frozenset()
    """The PlayCard fields the card uses (the rest must stay empty or zero)."""
    arm_kinds: frozenset[str] = frozenset()
    """The territory kinds an armed card may lie on."""

    @property
    def name(self) -> str:
        return self.id.split(".", 1)[1].replace("_", " ").title()


_ASSEMBLE = frozenset({"territory", "e", "j"})
_FORCE_MOVE = frozenset({"territory", "target", "e", "j", "w", "commanders"})
_ANY_KIND = frozenset({"land", "water", "lunar"})

CARDS: dict[str, Card] = {
    card.id: card
    for card in (
        Card("land.assemble", "land", 1, Timing.MAIN, _ASSEMBLE),
        Card("land.death_trap", "land", 3, Timing.ARMED, arm_kinds=frozenset({"land"})),
        Card("land.colony_influence", "land", 0, Timing.SCORE),
        Card("naval.assemble", "naval", 1, Timing.MAIN, _ASSEMBLE),
        Card("naval.colony_influence", "naval", 0, Timing.SCORE),
        Card("space.assemble", "space", 1, Timing.MAIN, _ASSEMBLE),
        Card("space.invade_earth", "space", 0, Timing.MAIN),
        Card("space.colony_influence", "space", 0, Timing.SCORE),
        Card(
            "nuclear.rocket_strike",
            "nuclear",
            2,
            Timing.MAIN,
            frozenset({"territory", "unit_class"}),
        ),
        Card("diplomat.energy_crisis", "diplomat", 0, Timing.MAIN),
        Card("diplomat.redeployment", "diplomat", 0, Timing.END, _FORCE_MOVE),
        Card("diplomat.cease_fire", "diplomat", 2, Timing.ARMED, arm_kinds=_ANY_KIND),
        Card("diplomat.colony_influence", "diplomat", 0, Timing.SCORE),
    )
}

ASSEMBLE_KIND = {"land.assemble": "land", "naval.assemble": "water", "space.assemble": "lunar"}
"""The territory kind each Assemble card places on."""
