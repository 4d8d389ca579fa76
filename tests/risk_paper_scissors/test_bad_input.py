"""Bad input: any order, however malformed, is either carried out or refused with a typed
engine error, and a refusal leaves the state exactly as it was."""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.ai import choose_order
from engine.core import PlayerSpec
from engine.errors import EngineError
from engine.rulesets.risk_paper_scissors.board import load_board
from engine.rulesets.risk_paper_scissors.cards import CARDS
from engine.rulesets.risk_paper_scissors.orders import ORDER_TYPES, Phase
from engine.rulesets.risk_paper_scissors.state import RpsState
from tests.risk_paper_scissors.helpers import RPS

NAMES = [*load_board().order[:8], "copernicus", "labrador_basin", "atlantis", ""]
CARD_IDS = [*CARDS, "land.nuke", ""]
COMMANDERS = ["land", "naval", "space", "nuclear", "diplomat", "admiral"]


def _positions() -> list[RpsState]:
    """One position per phase of a computer game."""
    state = RPS.new_game([PlayerSpec(f"P{i}", "standard") for i in range(3)], {}, "fuzz")
    found: dict[Phase, RpsState] = {}
    while state.phase is not Phase.GAME_OVER:
        found.setdefault(state.phase, state)
        state = RPS.apply(state, choose_order(state)).state
    return [*found.values(), state]


POSITIONS = _positions()


def _value(name: str, type_text: str) -> st.SearchStrategy[Any]:
    if type_text == "int":
        return st.integers(-2, 30)
    if type_text == "bool":
        return st.booleans()
    if type_text.startswith("tuple[int"):
        return st.lists(st.integers(-1, 6), max_size=4).map(tuple)
    if type_text.startswith("tuple[str"):
        return st.lists(st.sampled_from(NAMES + COMMANDERS), max_size=3).map(tuple)
    if name == "card":
        return st.sampled_from(CARD_IDS)
    if name == "commander":
        return st.sampled_from(COMMANDERS)
    if name == "unit_class":
        return st.sampled_from(["E", "J", "W", "X", ""])
    if name == "entropy":
        return st.text(max_size=4)
    return st.sampled_from(NAMES)


@st.composite
def orders(draw: st.DrawFn) -> Any:
    kind = draw(st.sampled_from(ORDER_TYPES))
    values = {f.name: draw(_value(f.name, str(f.type))) for f in dataclasses.fields(kind)}
    return kind(**values)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(POSITIONS), orders())
def test_any_order_is_applied_or_refused_cleanly(state: RpsState, order: Any) -> None:
    before = state.to_json()
    try:
        RPS.apply(state, order)
    except EngineError as exc:
        assert "/" in exc.code and exc.message
    assert state.to_json() == before
