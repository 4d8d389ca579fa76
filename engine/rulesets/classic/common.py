"""Helpers shared by the Classic setup and turn rules."""

from __future__ import annotations

from engine.core import Event
from engine.errors import IllegalOrderError
from engine.maps import GameMap, load_map
from engine.rulesets.classic.state import ClassicState


def game_map(state: ClassicState) -> GameMap:
    return load_map(state.map_id)


def refuse(code: str, message: str) -> IllegalOrderError:
    return IllegalOrderError(code, message)


def check_territory(state: ClassicState, territory: str) -> None:
    if territory not in state.owner:
        raise refuse("order/unknown-territory", f"there is no territory {territory!r}")


def check_owned(state: ClassicState, territory: str, what: str) -> None:
    check_territory(state, territory)
    if state.owner[territory] != state.current:
        name = game_map(state).name_of(territory)
        raise refuse("order/not-owned", f"{what}: {name} is not yours")


def room(state: ClassicState, territory: str) -> int:
    """How many more armies the army limit lets onto ``territory`` (neutral is exempt)."""
    seat = state.owner[territory]
    if seat >= 0 and state.players[seat].is_neutral:
        return 1 << 30
    return max(0, state.options.territory_cap - state.armies[territory])


def total_room(state: ClassicState, seat: int) -> int:
    return sum(room(state, t) for t, o in state.owner.items() if o == seat)


def cap_pool(
    state: ClassicState, seat: int, wanted: int, already: int, why: str
) -> tuple[int, list[Event]]:
    """Armies of ``wanted`` that fit under the army limit beside ``already`` pooled ones.

    RULINGS §1: reinforcements that cannot be placed under the cap are lost, logged.
    """
    free = max(0, total_room(state, seat) - already)
    kept = min(wanted, free)
    if kept < wanted:
        return kept, [{"type": "armies-lost", "seat": seat, "count": wanted - kept, "why": why}]
    return kept, []


def next_seat(state: ClassicState, seat: int, needs_setup: bool = False) -> int | None:
    """The next living, non-neutral seat after ``seat`` (optionally with setup armies)."""
    count = len(state.players)
    for step in range(1, count + 1):
        candidate = (seat + step) % count
        player = state.players[candidate]
        if player.is_neutral or not player.alive:
            continue
        if needs_setup and player.setup_armies <= 0:
            continue
        return candidate
    return None
