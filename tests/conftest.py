"""Shared helpers: small hand-built positions and scripted dice (the dice hook of
engine/rng.py: a position's ``dice`` are every die its orders may roll, in order)."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

import pytest

from engine.core import Order, PlayerSpec, find_ruleset
from engine.maps import load_map
from engine.rulesets.classic import ClassicRuleset, ClassicState, Phase

CLASSIC: ClassicRuleset = find_ruleset("classic")  # type: ignore[assignment]


def classic_position(
    owners: Mapping[str, int],
    armies: Mapping[str, int] | None = None,
    *,
    players: int = 3,
    phase: Phase = Phase.ATTACK,
    current: int = 0,
    options: Mapping[str, Any] | None = None,
    controls: tuple[str, ...] = (),
    default_owner: int | None = None,
    dice: list[int] | None = None,
) -> ClassicState:
    """A Classic position: listed territories go to the given seats; the rest are spread
    over the other seats (or all to ``default_owner``) with 1 army each."""
    specs = [
        PlayerSpec(f"P{i}", controls[i] if i < len(controls) else "human") for i in range(players)
    ]
    opts = {"game_type": "custom", "selection": "random", **(options or {})}
    state = CLASSIC.new_game(specs, opts, "test")
    seats = [s for s, p in enumerate(state.players) if not p.is_neutral]
    others = [s for s in seats if s not in set(owners.values())] or seats
    for i, territory in enumerate(state.owner):
        if territory in owners:
            state.owner[territory] = owners[territory]
        elif default_owner is not None:
            state.owner[territory] = default_owner
        else:
            state.owner[territory] = others[i % len(others)]
        state.armies[territory] = 1
    for territory, count in (armies or {}).items():
        state.armies[territory] = count
    for player in state.players:
        player.setup_armies = 0
    state.phase = phase
    state.current = current
    state.reinforcements = 0
    if dice is not None:
        state.rng = state.rng.with_script(dice)
    return state


def classic_text(
    text: str, *, rest: int | None = None, dice: list[int] | None = None
) -> ClassicState:
    """A Classic position written as a position text (docs/rules-classic.md, "Position
    text"; indented lines are fine).  ``rest``: the seat holding, with 1 army each, every
    territory the text does not write; ``dice``: the rolls the case scripts, in order."""
    lines = textwrap.dedent(text).strip().splitlines()
    if rest is not None:
        written = {line.split()[0] for line in lines if line.strip()}
        ids = load_map("classic").territory_ids
        lines += [f"{t} {rest} 1" for t in ids if t not in written]
    state = CLASSIC.from_position_text("\n".join(lines) + "\n")
    if dice is not None:
        state.rng = state.rng.with_script(dice)
    return state


def play(state: ClassicState, *orders: Order) -> tuple[ClassicState, list[dict[str, Any]]]:
    events: list[dict[str, Any]] = []
    for order in orders:
        outcome = CLASSIC.apply(state, order)
        state = outcome.state
        events += outcome.events
    return state, events


@pytest.fixture
def classic() -> ClassicRuleset:
    return CLASSIC
