"""The state keeps its board in canonical order itself (issue 26): held territories in
map order, a territory's kinds of pieces in ``UNIT_KINDS`` order, whatever order the
caller builds or changes them in; the JSON form and a save code's compact form both
read back to the same state."""

from __future__ import annotations

from engine.rng import Rng
from engine.rulesets.risk_paper_scissors import Attack, RpsOptions, RpsState, Side
from engine.rulesets.risk_paper_scissors.board import load_board
from engine.rulesets.risk_paper_scissors.reading import read_state
from engine.rulesets.risk_paper_scissors.state import MAP_ID, UNIT_KINDS, Player
from tests.risk_paper_scissors.helpers import BLUE, RED, RPS, play, position, units


def _in_order(state: RpsState) -> None:
    order = load_board().order
    assert list(state.owner) == [t for t in order if t in state.owner]
    assert list(state.units) == list(state.armies) == list(state.owner)
    for kinds in state.units.values():
        assert list(kinds) == [k for k in UNIT_KINDS if k in kinds]


def test_a_state_built_out_of_order_is_put_in_order() -> None:
    """Territories given last to first and kinds given backwards come out canonical;
    ``armies`` counts every piece."""
    state = RpsState(
        map_id=MAP_ID,
        options=RpsOptions(),
        players=[Player("Red"), Player("Blue"), Player("Green")],
        owner={"plato": BLUE, "alaska": RED},
        armies={"plato": 0, "alaska": 0},
        units={"plato": {"land": 1, "W": 2}, "alaska": {"diplomat": 1, "J": 1, "E": 3}},
        rng=Rng("order"),
        bids=[None] * 3,
        last_slots=[0] * 3,
    )
    _in_order(state)
    assert list(state.owner) == ["alaska", "plato"]
    assert state.units["alaska"] == {"E": 3, "J": 1, "diplomat": 1}
    assert state.armies == {"alaska": 5, "plato": 3}


def test_changes_keep_the_order() -> None:
    """A territory occupied late joins at its place on the map; a commander hired after
    the units stands after them; a territory emptied leaves every field."""
    s = position({"alaska": "Red 2E"})
    s.set_side("plato", BLUE, Side(w=1))
    s.add_side("alaska", RED, Side(commanders=frozenset({"naval"})))
    s.add_side("alaska", RED, Side(j=1))
    s.add_units("alaska", "W", 2)
    _in_order(s)
    assert s.units["alaska"] == {"E": 2, "J": 1, "W": 2, "naval": 1}
    assert s.armies["alaska"] == 6
    s.remove_side("plato", Side(w=1))
    assert "plato" not in s.owner and "plato" not in s.units and "plato" not in s.armies


def test_a_capture_keeps_the_order_and_eliminates_nobody_who_holds_something() -> None:
    """Spec 16 "eliminated when owning nothing": after a capture into a territory far down
    the map order, every seat that holds a territory is still in play, and the board is
    in order."""
    s = position({"alaska": "Red 3W", "kamchatka": "Blue 1E"})
    s = play(s, Attack("alaska", "kamchatka", w=2))
    _in_order(s)
    assert units(s, "kamchatka") == "Red 0E/0J/2W"
    assert all(s.players[seat].alive for seat in set(s.owner.values()))
    assert s.players[BLUE].alive  # Blue still holds its reserve


def test_both_forms_read_back_to_the_same_state() -> None:
    """The JSON form (owner, armies, units) and the save code's compact form (garrisons)
    of one position read back to equal states."""
    s = position({"alaska": "Red 4E/2J/1W+naval ★", "plato": "Blue 1W"})
    from_json = read_state(s.to_json())
    from_code = RPS.from_compact(RPS.to_compact(s))
    assert from_json == s and from_code == s
    assert "garrisons" in RPS.to_compact(s) and "garrisons" not in s.to_json()
    assert RPS.to_compact(s)["garrisons"]["alaska"] == [RED, 4, 2, 1, ["naval"]]
