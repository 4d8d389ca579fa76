"""Attacks another friendly nation may pre-empt (pure), said while the attack is written.

R57: when several nations attack one province, the largest force fights first (ties in
nation order); the first to destroy the defenders takes it, and a later force whose
nation is not at war with the new holder stands down.  So an attack of yours on p may
come to nothing if an ally (or a nation at peace with you) attacks p too and wins first.
Their orders are sealed: the page can only say who *could* attack p this phase -- a
nation not at war with you, with divisions beside p, for whom p is a lawful target.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rulesets.greatwar1907.state import GreatWarState


@dataclass(frozen=True)
class Rival:
    """A friendly nation that could attack ``target`` too: its divisions beside it."""

    nation: str
    relation: str
    """"alliance" or "peace": either way, if it takes the target first, yours stands down."""
    divisions: int


def rivals(state: GreatWarState, nation: str, target: str) -> list[Rival]:
    """Nations not at war with ``nation`` that could attack ``target`` this phase, most
    divisions beside it first (R54: the target must be hostile to them; R57)."""
    owner = state.owner_of(target)
    beside: dict[str, int] = {}
    for province in state.map.neighbours(target):
        for other, divisions in state.divisions_at(province).items():
            if other in (nation, owner) or divisions <= 0:
                continue
            if state.relation(nation, other) not in ("alliance", "peace"):
                continue
            if not state.hostile_target(other, target):
                continue
            beside[other] = beside.get(other, 0) + divisions
    found = [Rival(n, state.relation(nation, n), d) for n, d in beside.items()]
    return sorted(found, key=lambda r: (-r.divisions, state.nation_ids.index(r.nation)))


def note(state: GreatWarState, nation: str, target: str) -> str:
    """The warning for an attack on ``target`` ("" when no friendly nation could strike
    first)."""
    found = rivals(state, nation, target)
    if not found:
        return ""
    who = ", ".join(
        f"{state.map.name_of(r.nation)} ({'ally' if r.relation == 'alliance' else 'at peace'}, "
        f"{r.divisions} div beside it)"
        for r in found
    )
    place = state.map.name_of(target)
    return (
        f"May be pre-empted: {who} could attack {place} too. The larger force fights "
        f"first; if theirs takes {place}, yours stands down and goes back."
    )
