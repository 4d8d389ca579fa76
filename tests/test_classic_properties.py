"""Properties over random legal play (hypothesis)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import PlayerSpec
from engine.rulesets.classic import ClassicState
from engine.rulesets.classic.state import UNOWNED, Phase
from tests.conftest import CLASSIC

GAME_TYPES = ["us_full", "uk_full", "us_short", "uk_short", "custom"]

ADDS = {"place": "count", "card-bonus": "count", "neutral-reinforced": "count"}


def army_delta(events: list[dict[str, Any]]) -> int:
    """Armies enter only by placement and leave only through combat."""
    delta = 0
    for event in events:
        kind = event["type"]
        if kind in ADDS:
            delta += event[ADDS[kind]]
        elif kind in ("claim", "place-neutral"):
            delta += 1
        elif kind == "roll":
            delta -= event["attacker_losses"] + event["defender_losses"]
    return delta


def check_invariants(state: ClassicState) -> None:
    for territory, owner in state.owner.items():
        if state.phase is Phase.CLAIM and owner == UNOWNED:
            assert state.armies[territory] == 0
            continue
        assert 0 <= owner < len(state.players)
        if state.phase is Phase.MOVE_IN and territory == (state.pending or {}).get("target"):
            assert state.armies[territory] == 0
        else:
            assert state.armies[territory] >= 1, territory
    restored = ClassicState.from_json(json.loads(json.dumps(state.to_json())))
    assert restored == state


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    players=st.integers(2, 6),
    game_type=st.sampled_from(GAME_TYPES),
    supply=st.booleans(),
    limit=st.sampled_from([0, 5, 12]),
    advantage=st.booleans(),
    seed=st.integers(0, 10_000),
    data=st.data(),
)
def test_random_legal_play_keeps_invariants(
    players: int,
    game_type: str,
    supply: bool,
    limit: int,
    advantage: bool,
    seed: int,
    data: st.DataObject,
) -> None:
    """Over random legal play: armies change only through placement and combat; no
    territory is without owner and armies; the state survives a JSON round trip; nothing
    listed by legal_orders raises."""
    options = {
        "game_type": game_type,
        "supply_lines": supply,
        "army_limit": limit,
        "attack_advantage": advantage,
        "special_setup": game_type == "custom",
    }
    specs = [PlayerSpec(f"P{i}") for i in range(players)]
    state = CLASSIC.new_game(specs, options, str(seed))
    for _ in range(120):
        if state.phase is Phase.GAME_OVER:
            break
        legal = CLASSIC.legal_orders(state)
        assert legal, f"no legal order in phase {state.phase}"
        order = legal[data.draw(st.integers(0, len(legal) - 1))]
        before = sum(state.armies.values())
        outcome = CLASSIC.apply(state, order)
        after = sum(outcome.state.armies.values())
        assert after - before == army_delta(outcome.events), (order, outcome.events)
        state = outcome.state
        check_invariants(state)


def test_every_listed_order_applies_in_sampled_positions() -> None:
    """`order in legal_orders(...)` is the legality test: each listed order applies."""
    from engine.simulate import computer_seats, play

    checked = 0
    for seed in range(3):
        snapshots: list[ClassicState] = []

        def keep(state: ClassicState, _events: list[dict[str, Any]]) -> None:
            snapshots.append(state)  # noqa: B023

        play("classic", computer_seats(3), {"game_type": "uk_full"}, f"p{seed}", on_turn=keep)
        for state in snapshots[:: max(1, len(snapshots) // 6)]:
            for order in CLASSIC.legal_orders(state):
                CLASSIC.apply(state, order)
                checked += 1
    assert checked > 100
