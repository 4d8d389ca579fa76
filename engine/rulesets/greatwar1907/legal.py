"""Pure helpers for the page: where a nation's units may go from a place now (the map
highlights from them).  They answer for the current phase and position; the resolver
still checks every order when its step runs (R6)."""

from __future__ import annotations

from engine.rulesets.greatwar1907.state import GreatWarState, Phase
from engine.rulesets.greatwar1907.trades import province_refusal


def free_move_targets(state: GreatWarState, nation: str, province: str) -> list[str]:
    """R27: one step over a border or ferry into a friendly province."""
    return [q for q in state.map.neighbours(province) if state.friendly(nation, q)]


def sail_targets(state: GreatWarState, nation: str, place: str) -> list[str]:
    """R35, R36: one sailing step from a port (its district) or a district (adjacent
    districts; in the Deployment phase also friendly ports on it)."""
    m = state.map
    if not m.is_sea(place):
        port = m.province(place).port
        return [port] if port is not None and state.phase is Phase.DEPLOYMENT else []
    seas = list(m.sea(place).adjacent)
    if state.phase is Phase.ATTACK:
        return [
            s
            for s in seas
            if all(n == nation or state.at_war(nation, n) for n in state.at_sea.get(s, {}))
        ]
    return seas + [p for p in m.ports_on(place) if state.friendly(nation, p)]


def strike_targets(state: GreatWarState, nation: str, sea: str) -> list[str]:
    """R47: hostile provinces whose port opens on the district."""
    return [p for p in state.map.ports_on(sea) if state.hostile_target(nation, p)]


def attack_targets(state: GreatWarState, nation: str, province: str) -> list[str]:
    """R54: adjacent provinces of a nation at war with ``nation``, or Neutral."""
    return [q for q in state.map.neighbours(province) if state.hostile_target(nation, q)]


def trade_province_refusal(
    state: GreatWarState, giver: str, recipient: str, province: str
) -> tuple[str, str] | None:
    """R74 as step D4 applies it to one province of a trade, (code, why) or None: the
    giver owns it and the recipient has a province next to it or a line of ships."""
    return province_refusal(state, giver, recipient, province)
