"""The capital race, as the Good level reads it.

Seed: "defend your own capitol and capture those of the other factions"; a faction wins
holding its own capital plus floor(n/2) others.  Every capital is therefore worth what
it does to the race:

* our own capital, when lost, is the one we cannot win without;
* a capital that completes our count wins the game outright;
* a capital held by a faction one or two steps from victory must be taken from it,
  whoever it belongs to.

The module also estimates the threat to our capital faction by faction: with many
neighbours, every adjacent enemy army attacking together is far less likely than the
strongest faction's armies plus a part of the others'.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rulesets.capital.ai.view import View
from engine.rulesets.capital.turn import capitals_needed

WIN_NOW = 25.0  # worth of the capital that wins the game
OTHERS_SHARE = 0.35  # share of the non-leading neighbours' armies added to the threat


@dataclass(frozen=True)
class Race:
    """Each living faction's steps from victory (0 would mean it has won)."""

    need: int
    steps: dict[int, int]
    holds_own: dict[int, bool]

    @classmethod
    def of(cls, view: View) -> Race:
        state = view.state
        need = capitals_needed(state)
        steps: dict[int, int] = {}
        holds: dict[int, bool] = {}
        for f, p in enumerate(state.players):
            if not p.alive:
                continue
            holds[f] = p.capital is not None and state.owner[p.capital] == f
            others = sum(
                1
                for i, q in enumerate(state.players)
                if i != f and q.capital is not None and state.owner[q.capital] == f
            )
            steps[f] = max(0, need - others) + (0 if holds[f] else 1)
        return cls(need, steps, holds)


def capital_of(view: View, target: str) -> int | None:
    """The faction whose capital ``target`` is (ours included), if any."""
    for i, p in enumerate(view.state.players):
        if p.capital == target:
            return i
    return None


def race_value(view: View, race: Race, target: str, capital_value: float) -> float:
    """Extra worth of taking ``target`` for the capital race (0 for a plain territory)."""
    whose = capital_of(view, target)
    if whose is None:
        return 0.0
    me = view.seat
    holder = view.state.owner[target]
    mine = race.steps.get(me, 99)
    if whose == me:
        # Retaking our capital: the race restarts; it wins if the others are already in.
        return WIN_NOW if mine == 1 else 1.5 * capital_value
    worth = capital_value
    if race.holds_own.get(me, False) and mine == 1:
        worth = WIN_NOW
    theirs = race.steps.get(holder, 99)
    if theirs <= 1:
        worth += 2.0 * capital_value
    elif theirs == 2 and race.need > 1:
        worth += 0.5 * capital_value
    return worth


def faction_threat(view: View, t: str, share: float) -> list[int]:
    """The armies that plausibly attack own ``t`` together: every adjacent army of the
    most dangerous faction, plus a share of the others' (as one extra army)."""
    by_faction: dict[int, list[int]] = {}
    for n in view.enemies_of(t):
        units = view.state.armies[n] - 1 + view.enemy_placement(n, share)
        if units > 0:
            by_faction.setdefault(view.state.owner[n], []).append(units)
    if len(by_faction) <= 1:
        return [a for armies in by_faction.values() for a in armies]
    ranked = sorted(by_faction.items(), key=lambda kv: (-sum(kv[1]), kv[0]))
    rest = sum(sum(armies) for _, armies in ranked[1:])
    extra = int(OTHERS_SHARE * rest)
    return ranked[0][1] + ([extra] if extra > 0 else [])
