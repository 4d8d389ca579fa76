"""Shared helpers: small hand-built positions and scripted dice (the dice hook of
engine/rng.py: a position's ``dice`` are every die its orders may roll, in order)."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from engine.core import Order, find_ruleset
from engine.maps import load_map
from engine.position import option_value
from engine.rulesets.classic import ClassicRuleset, ClassicState, Phase
from tests.position_cases import over

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
    cards: Mapping[int, Sequence[int]] | None = None,
    missions: Mapping[int, int] | None = None,
    more: Iterable[str] = (),
) -> ClassicState:
    """A Classic position: listed territories go to the given seats; the rest are spread
    over the other seats (or all to ``default_owner``) with 1 army each.  Written as a
    position text (:func:`classic_text`): seats ``P0``, ``P1``... (human unless
    ``controls`` says) holding ``cards`` and ``missions``, a custom game with random
    selection and ``options``; ``more`` lines (``sets_traded 2``) are written over it, a
    line about the same thing taking the place of the one made here."""
    lines = []
    for i in range(players):
        words = [f"seat {i} P{i} {controls[i] if i < len(controls) else 'human'}"]
        if (cards or {}).get(i):
            words.append("cards=" + ",".join(str(c) for c in (cards or {})[i]))
        if i in (missions or {}):
            words.append(f"mission={(missions or {})[i]}")
        lines.append(" ".join(words))
    chosen = {"game_type": "custom", "selection": "random", **(options or {})}
    if players == 2 and chosen.get("neutral", "auto") != "none":
        lines.append("seat 2 Neutral neutral")  # two players play beside Neutral
    lines += [f"option {name} {option_value(value)}" for name, value in chosen.items()]
    lines += [f"phase {phase.value}", f"current {current}"]
    seats = list(range(players))
    others = [s for s in seats if s not in set(owners.values())] or seats
    for i, territory in enumerate(load_map("classic").territory_ids):
        if territory in owners:
            owner = owners[territory]
        elif default_owner is not None:
            owner = default_owner
        else:
            owner = others[i % len(others)]
        lines.append(f"{territory} {owner} {(armies or {}).get(territory, 1)}")
    return classic_text(over("ruleset classic\n" + "\n".join(lines), more), dice=dice)


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
