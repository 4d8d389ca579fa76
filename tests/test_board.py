"""The board shared by every ruleset's state (engine/board.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from engine.board import Board, Seat
from engine.core import PlayerSpec, find_ruleset
from engine.rng import Rng


@dataclass
class Power(Seat):
    supply: list[str] = field(default_factory=list)


@dataclass
class TwoKindState(Board[Power]):
    turn: int = 0


def two_kind_board() -> TwoKindState:
    return TwoKindState(
        map_id="toy",
        players=[Power("France", "human", "#0072B2", ["paris"])],
        owner={"paris": 0, "channel": 0},
        armies={"paris": 0, "channel": 0},
        rng=Rng("s"),
    )


def test_units_of_several_kinds_keep_armies_the_total() -> None:
    """A territory may hold units of several kinds (divisions and fleets); ``armies``
    counts them all."""
    state = two_kind_board()
    state.add_units("paris", "division", 3)
    state.add_units("channel", "fleet", 1)
    state.add_units("paris", "division", -1)
    assert state.units_at("paris") == {"division": 2}
    assert state.armies == {"paris": 2, "channel": 1}
    with pytest.raises(ValueError, match="paris holds 2 division, not 5"):
        state.add_units("paris", "division", -5)


def test_board_json_round_trips_and_copies_share_nothing() -> None:
    state = two_kind_board()
    state.add_units("paris", "division", 2)
    data = state.board_json()
    assert data["units"] == {"paris": {"division": 2}}
    again = TwoKindState(**Board.board_fields(data, lambda p: Power(**p)))
    assert again == state
    copy = state.copy_with(turn=4)
    copy.players[0].supply.append("brest")
    copy.add_units("paris", "division", 1)
    copy.rng.below(6)
    assert state.players[0].supply == ["paris"]
    assert state.units_at("paris") == {"division": 2}
    assert state.rng.counter == 0
    assert (copy.turn, state.turn) == (4, 0)


@pytest.mark.parametrize("name", ["classic", "capital"])
def test_one_kind_rulesets_write_no_units_key(name: str) -> None:
    """Classic and Capital keep one kind of unit: their JSON form (and so their save
    codes) has no ``units`` key, exactly as before the board was shared."""
    ruleset = find_ruleset(name)
    state = ruleset.new_game([PlayerSpec("A"), PlayerSpec("B")], {}, "board")
    data = state.to_json()
    assert "units" not in data
    first = next(iter(state.armies))
    count = state.armies[first]
    assert state.units_at(first) == ({"army": count} if count else {})
    assert ruleset.state_from_json(data).to_json() == data
    assert state.clone().to_json() == data
