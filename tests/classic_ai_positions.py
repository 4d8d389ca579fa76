"""Positions for the Classic computer levels' cases (tests/test_ai_classic.py and
tests/test_ai_classic_expert.py), written as position texts (docs/rules-classic.md,
"Position text")."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.core import PlayerSpec, find_ruleset
from engine.maps import load_map
from engine.position import option_value
from engine.rulesets.classic.state import ClassicState, Phase
from engine.simulate import play
from tests.position_cases import over

AUSTRALIA = ("indonesia", "new_guinea", "western_australia", "eastern_australia")


def ai_position(
    controls: Sequence[str],
    owners: Mapping[str, int],
    *,
    rest: int = 1,
    armies: Mapping[str, int] | None = None,
    phase: Phase = Phase.ATTACK,
    turn: int = 5,
    options: Mapping[str, Any] | None = None,
    seed: str = "scenario",
    seats: Mapping[int, str] | None = None,
    more: Iterable[str] = (),
) -> ClassicState:
    """Seats ``P0``, ``P1``... playing at ``controls`` (a Neutral beside two players,
    as a custom game deals), seat 0 on turn ``turn`` in ``phase``; ``owners`` give the
    listed territories to their seats and every other to ``rest``, 3 armies each unless
    ``armies`` says; ``seats`` adds words to a seat's line (``hq=alaska``,
    ``cards=0,1,2``); ``more`` lines (``conquered true``, ``reinforcements 5``) are
    written over the rest, a line about the same thing taking the place of the one
    made here."""
    chosen = {"game_type": "custom", **(options or {})}
    lines = ["ruleset classic", f"rng {seed} 0"]
    lines += [f"option {name} {option_value(value)}" for name, value in chosen.items()]
    for i, control in enumerate(controls):
        extra = (seats or {}).get(i)
        lines.append(f"seat {i} P{i} {control}" + (f" {extra}" if extra else ""))
    if len(controls) == 2 and chosen.get("neutral", "auto") != "none":
        lines.append("seat 2 Neutral neutral")
    lines += [f"phase {phase.value}", f"turn {turn}", "current 0"]
    for territory in load_map("classic").territory_ids:
        owner = owners.get(territory, rest)
        lines.append(f"{territory} {owner} {(armies or {}).get(territory, 3)}")
    return find_ruleset("classic").from_position_text(over("\n".join(lines), more))  # type: ignore[no-any-return]


WHOLE_GAMES: tuple[tuple[int, dict[str, Any]], ...] = (
    (2, {}),
    (2, {"game_type": "uk_short", "neutral": "uk", "army_limit": 12}),
    (3, {"game_type": "us_short", "supply_lines": True, "computer_advantage": True}),
    (4, {"game_type": "uk_short"}),
)
"""Games with every option family, for the whole-game cases of every level."""


def play_whole_games(level: str) -> None:
    """Whole games of ``level`` (the even seats) against the baseline, one of each of
    :data:`WHOLE_GAMES`: each finishes (the engine refuses an illegal order with an
    error)."""
    for players, options in WHOLE_GAMES:
        specs = [PlayerSpec(f"P{i}", level if i % 2 == 0 else "baseline") for i in range(players)]
        record = play("classic", specs, options, f"legal-{level}-{players}", max_turns=300)
        assert record.turns > 0
