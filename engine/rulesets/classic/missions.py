"""The 14 mission cards of the UK short game (RULINGS §1) and their checks."""

from __future__ import annotations

from dataclasses import dataclass

from engine.maps import GameMap
from engine.rulesets.classic.options import (
    MISSION_HELD_ARMIES,
    MISSION_HELD_TERRITORIES,
    MISSION_TERRITORIES,
)
from engine.rulesets.classic.state import ClassicState

SEAT_COLOURS = ("red", "blue", "green", "yellow", "purple", "black")


@dataclass(frozen=True)
class Mission:
    """``kind`` is "continents", "territories" or "destroy".

    continents: hold all of ``continents`` (and ``plus_one`` more continent of one's
    choice); territories: hold ``count`` territories with at least ``armies`` each;
    destroy: eliminate the player in seat ``seat``.
    """

    kind: str
    text: str
    continents: tuple[str, ...] = ()
    plus_one: bool = False
    count: int = 0
    armies: int = 1
    seat: int = -1


MISSIONS: tuple[Mission, ...] = (
    Mission("continents", "Conquer North America and Africa", ("north_america", "africa")),
    Mission("continents", "Conquer North America and Australia", ("north_america", "australia")),
    Mission("continents", "Conquer Asia and South America", ("asia", "south_america")),
    Mission("continents", "Conquer Asia and Africa", ("asia", "africa")),
    Mission(
        "continents",
        "Conquer Europe and South America plus one other continent",
        ("europe", "south_america"),
        plus_one=True,
    ),
    Mission(
        "continents",
        "Conquer Europe and Australia plus one other continent",
        ("europe", "australia"),
        plus_one=True,
    ),
    Mission("territories", f"Conquer {MISSION_TERRITORIES} territories", count=MISSION_TERRITORIES),
    Mission(
        "territories",
        f"Occupy {MISSION_HELD_TERRITORIES} territories with at least "
        f"{MISSION_HELD_ARMIES} armies in each",
        count=MISSION_HELD_TERRITORIES,
        armies=MISSION_HELD_ARMIES,
    ),
    *(
        Mission("destroy", f"Destroy the {colour} armies (seat {seat + 1})", seat=seat)
        for seat, colour in enumerate(SEAT_COLOURS)
    ),
)
FALLBACK_MISSION = 6  # "Conquer 24 territories"


def mission_text(state: ClassicState, index: int) -> str:
    mission = MISSIONS[index]
    if mission.kind == "destroy" and 0 <= mission.seat < len(state.players):
        return f"Destroy {state.players[mission.seat].name}'s armies"
    return mission.text


def deck_for(seats: int) -> list[int]:
    """Mission cards in play: destroy cards only for seats that are playing."""
    return [i for i, m in enumerate(MISSIONS) if m.kind != "destroy" or m.seat < seats]


def controls_continent(state: ClassicState, game_map: GameMap, seat: int, continent: str) -> bool:
    return all(state.owner[t] == seat for t in game_map.continents[continent].territories)


def is_accomplished(state: ClassicState, game_map: GameMap, seat: int) -> bool:
    index = state.players[seat].mission
    if index is None:
        return False
    mission = MISSIONS[index]
    if mission.kind == "continents":
        if not all(controls_continent(state, game_map, seat, c) for c in mission.continents):
            return False
        if not mission.plus_one:
            return True
        others = set(game_map.continents) - set(mission.continents)
        return any(controls_continent(state, game_map, seat, c) for c in others)
    if mission.kind == "territories":
        held = [
            t for t, o in state.owner.items() if o == seat and state.armies[t] >= mission.armies
        ]
        return len(held) >= mission.count
    # A destroy mission is won by the player who eliminates the target: see the ruleset.
    return False
