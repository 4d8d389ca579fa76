"""The Great War's save codes carry only what the scenario does not say (the compact
form: no ruleset, map or armies, a seat as [name, control], owners as a list in map
order), round-trip exactly, and codes written in the board's full form, as the page wrote
them before, keep loading and verifying."""

from __future__ import annotations

import pytest

from engine.ai import choose_for
from engine.core import PlayerSpec
from engine.errors import EngineError
from engine.rulesets.greatwar1907 import GreatWarRuleset, GreatWarState, Phase
from engine.save_chain import continue_game
from engine.savecode import canonical_json
from engine.saves import read_save
from tests.greatwar1907.helpers import RULESET
from tests.greatwar1907.test_forum import _base, _resolve, _round


def _positions() -> list[GreatWarState]:
    """Every position of a computer-played game's first two turns."""
    players = [PlayerSpec(f"N{i}", "standard") for i in range(8)]
    state = RULESET.new_game(players, {}, "compact")
    seen = [state]
    for _ in range(4):
        for seat in range(len(state.players)):
            state = RULESET.apply(state, choose_for(state, seat)).state
            seen.append(state)
        state = RULESET.apply(state, RULESET.resolving_order(force=False, entropy="")).state
        seen.append(state)
    return seen


def test_the_compact_form_round_trips_exactly_and_leaves_out_what_is_derived() -> None:
    """state → compact → state and compact → state → compact give back what they were
    given, for every position of a played game; the compact form holds no field the
    scenario or the units already give."""
    for state in _positions():
        data = RULESET.to_compact(state)
        assert not {"ruleset", "map", "armies"} & set(data)
        assert data["players"] == [[p.name, p.control] for p in state.players]
        assert len(data["owner"]) == len(state.owner)
        again = RULESET.from_compact(data)
        assert again.to_json() == state.to_json()
        assert canonical_json(RULESET.to_compact(again)) == canonical_json(data)


def test_the_board_form_and_the_compact_form_read_as_the_same_state() -> None:
    """A code in the board's full form (the state's JSON form, as codes were written
    before the compact form) reads as the same state, and is rewritten in the compact
    form for a replay to compare."""
    state = _positions()[-1]
    full = state.to_json()
    assert RULESET.from_compact(full).to_json() == full
    assert RULESET.compact_as_written_now(full) == RULESET.to_compact(state)


@pytest.mark.parametrize("field", ["armies", "map", "ruleset"])
def test_a_compact_code_with_a_derived_field_is_refused_naming_it(field: str) -> None:
    """A compact form that also carries a field the compact form leaves out is refused,
    naming the field (a second spelling of one position would be a second code)."""
    state = _positions()[0]
    data = RULESET.to_compact(state) | {field: state.to_json()[field]}
    with pytest.raises(EngineError) as info:
        RULESET.from_compact(data)
    assert info.value.code == "state/bad-field" and repr(field) in info.value.message


@pytest.mark.parametrize(
    ("field", "value"),
    [("owner", [0]), ("players", [["A", "human"]]), ("players", [["A"]] * 8)],
)
def test_a_compact_code_with_a_bad_owner_or_seat_list_is_refused(field: str, value: object) -> None:
    """Owners that do not name every province once, seats that are not one per nation
    as [name, control]: refused, naming the field."""
    data = RULESET.to_compact(_positions()[0]) | {field: value}
    with pytest.raises(EngineError) as info:
        RULESET.from_compact(data)
    assert info.value.code == "state/bad-field" and repr(field) in info.value.message


def test_a_turn_saved_in_the_board_form_verifies_by_replay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game whose codes were written in the board's full form (as the page wrote them
    before this form): its first save loads, and its resolved phase verifies by replay
    against today's compact form."""
    monkeypatch.setattr(GreatWarRuleset, "to_compact", lambda self, state: state.to_json())
    base = _base(seats=3)
    seals, reveals = _round(base, range(3))
    code = _resolve(base, seals, reveals)
    monkeypatch.undo()
    assert "armies" in read_save(code).payload["st"]
    held = read_save(base.code)
    continuation = continue_game(held, code)
    assert continuation.verified and continuation.record.state.phase is Phase.ATTACK
