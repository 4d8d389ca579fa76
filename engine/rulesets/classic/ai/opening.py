"""Classic computer levels before the first turn: claiming, neutral blocks, headquarters."""

from __future__ import annotations

from engine.rulesets.classic.ai.evaluate import View
from engine.rulesets.classic.state import UNOWNED


def best_claim(view: View) -> str:
    """Manual selection: build towards a continent that is cheap to hold and not contested."""
    state, info = view.state, view.info
    free = [t for t, o in state.owner.items() if o == UNOWNED]

    def score(territory: str) -> tuple[float, str]:
        cid = info.continent[territory]
        members = info.members[cid]
        mine = view.mine_in[cid]
        taken = sum(1 for t in members if state.owner[t] not in (UNOWNED, view.seat))
        # Bonus per border to defend: Australia and South America are the classic prizes.
        worth = info.bonus[cid] / info.borders[cid]
        share = (mine + 1) / len(members)
        contested = taken / len(members)
        together = sum(1 for n in info.neighbours[territory] if n in view.own_set)
        weight = view.profile.continent_weight
        return (worth * share * weight * 4 - contested * 2 * weight + together * 0.3, territory)

    return max(free, key=score)


def best_neutral_block(view: View) -> str:
    """US two-player setup: strengthen the neutral territory that blocks the opponent most:
    inside a continent they are close to holding, beside their armies, away from ours."""
    state, info = view.state, view.info
    neutral = [t for t, o in state.owner.items() if o == view.neutral]

    def score(territory: str) -> tuple[float, str]:
        cid = info.continent[territory]
        members = info.members[cid]
        theirs = sum(1 for t in members if t in view.enemy_of)
        mine = view.mine_in[cid]
        bonus = info.bonus[cid]
        beside = sum(1 for n in info.neighbours[territory] if n in view.enemy_of)
        # A neutral we will have to take ourselves should stay weak.
        return (
            bonus * (theirs - mine) / len(members) + 0.3 * beside - 0.1 * state.armies[territory],
            territory,
        )

    return max(neutral, key=score)


def best_headquarters(view: View) -> str:
    """US short game: a headquarters that is strong, hard to reach and in our heartland."""
    state, info = view.state, view.info

    def score(territory: str) -> tuple[float, str]:
        cid = info.continent[territory]
        exposure = sum(1 for n in info.neighbours[territory] if n not in view.own_set)
        return (
            state.armies[territory]
            - view.danger[territory]
            - 1.5 * exposure
            + 3.0 * view.mine_in[cid] / len(info.members[cid]),
            territory,
        )

    return max(view.own, key=score)
