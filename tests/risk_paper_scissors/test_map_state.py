"""The map (spec 4) and the state's JSON form (save codes)."""

from __future__ import annotations

import copy
import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.core import PlayerSpec
from engine.errors import MapError
from engine.keys import PlayerKey
from engine.rulesets.risk_paper_scissors.board import load_board, parse_board
from engine.rulesets.risk_paper_scissors.reading import StateError, read_state
from engine.rulesets.risk_paper_scissors.state import RpsState
from engine.saves import make_save, read_save
from engine.simulate import play
from tests.risk_paper_scissors.helpers import RPS

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "../shared/specs/risk-paper-scissors"
MAP = ROOT / "maps" / "risk_paper_scissors.json"


def test_shipped_map_is_the_spec_map_and_passes_check_map() -> None:
    """4.2: "Run the spec's check_map.py on the map you ship (it compares the land
    territories with maps/classic.json)"."""
    assert MAP.read_bytes() == (SPEC / "map.json").read_bytes()
    out = subprocess.run(
        [
            sys.executable,
            str(SPEC / "check_map.py"),
            str(ROOT / "maps/classic.json"),
            "--map",
            str(MAP),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]


def test_board_summary() -> None:
    """4.1: 42 land, 12 water, 6 lunar; edges 83 + 33 + 13 + 7; 2 landing sites."""
    board = load_board()
    assert [len(board.of_kind(k)) for k in ("land", "water", "lunar")] == [42, 12, 6]
    assert board.graph.number_of_edges() == 83 + 33 + 13 + 7
    assert board.landing_sites == ("copernicus", "sea_of_tranquility")


def _map() -> dict:
    return json.loads(MAP.read_text())


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda m: m.update(format="rps-map/2"), "map/format"),
        (lambda m: m.update(extra=1), "map/unknown-key"),
        (lambda m: m["territories"][0].pop("group"), "map/missing-field"),
        (lambda m: m["territories"][0].update(group="atlantis"), "map/unknown-group"),
        (lambda m: m["territories"][0]["neighbours"].append("plato"), "map/one-way-link"),
        (lambda m: m["territories"][0]["neighbours"].append("nowhere"), "map/unknown-territory"),
        (lambda m: m["territories"][59].update(landing_site=True), "map/landing-site"),
        (lambda m: m["sea_links"].append(["alaska", "peru"]), "map/sea-link"),
        (lambda m: m["groups"][0].update(kind="water_colony"), "map/kind-mismatch"),
    ],
)
def test_bad_map_entries_are_named(change: object, code: str) -> None:
    """4.2: the loader "raises MapError with these codes"."""
    data = copy.deepcopy(_map())
    change(data)  # type: ignore[operator]
    with pytest.raises(MapError) as info:
        parse_board(data)
    assert info.value.code == code


def _finished(seed: str) -> RpsState:
    specs = [PlayerSpec(f"P{i}", lv) for i, lv in enumerate(["standard", "easy", "standard"])]
    return play("rps", specs, {}, seed).state


def test_state_round_trips_through_json() -> None:
    """Save codes carry ``to_json``; ``from_json`` gives the same state back."""
    state = _finished("json")
    text = json.dumps(state.to_json())
    assert read_state(json.loads(text)).to_json() == state.to_json()


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (("players", 0, "energy"), -1, "players[0].energy"),
        (("turn_state", "bank"), "x", "turn_state.bank"),
        (("phase",), "lunch", "phase"),
        (("stations",), ["labrador_basin"], "stations"),
    ],
)
def test_forged_state_names_the_field(path: tuple, value: object, field: str) -> None:
    """A forged or truncated state is refused with a typed error naming the field."""
    data = _finished("forged").to_json()
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(StateError) as info:
        read_state(data)
    assert info.value.code == "rps/bad-state" and field in info.value.message


def _forged_board(data: dict[str, Any], how: str, t: str) -> None:
    if how == "unknown-commander":
        data["units"][t]["admiral"] = 1
    elif how == "two-of-a-commander":
        data["units"][t]["land"] = 2
    elif how == "armies-miscounted":
        data["armies"][t] += 1
    elif how == "no-such-seat":
        data["owner"][t] = 7
    elif how == "no-unit":
        data["units"][t] = {}
    elif how == "owner-missing":
        del data["owner"][t]
    elif how == "over-the-cap":
        data["units"][t]["W"] = 8
    else:
        data["garrisons"][t][4] = ["admiral"]


@pytest.mark.parametrize(
    ("how", "field"),
    [
        ("unknown-commander", "units.{t}"),
        ("two-of-a-commander", "units.{t}.land"),
        ("armies-miscounted", "armies.{t}"),
        ("no-such-seat", "owner.{t}"),
        ("no-unit", "units.{t}"),
        ("owner-missing", "units"),
        ("over-the-cap", "units.{t}.W"),
        ("compact", "garrisons.{t}"),
    ],
)
def test_forged_board_names_the_field(how: str, field: str) -> None:
    """The board in either form (the state's JSON, a save code's garrisons): a forged
    territory is refused naming it, whatever the forgery."""
    state = _finished("forged")
    data = RPS.to_compact(state) if how == "compact" else state.to_json()
    held = next(iter(state.owner))
    _forged_board(data, how, held)
    with pytest.raises(StateError) as info:
        read_state(data)
    assert info.value.code == "rps/bad-state"
    assert field.format(t=held) in info.value.message


def test_truncated_state_names_the_missing_field() -> None:
    data = _finished("cut").to_json()
    del data["armed"]
    with pytest.raises(StateError, match="armed"):
        read_state(data)


def test_simulated_game_save_code_decodes_to_the_same_state() -> None:
    """17.1: the existing save-code machinery carries the state unchanged."""
    state = _finished("code")
    keys = [PlayerKey.generate(hashlib.sha256(f"k{i}".encode()).digest()) for i in range(3)]
    code = make_save(
        RPS, state, game_id="g", keys=[k.public_key_text for k in keys], signer=keys[0], seat=0
    )
    assert read_save(code).state.to_json() == state.to_json()


def test_a_turn_by_email_is_a_chained_save_the_next_player_verifies() -> None:
    """17.1: "A turn is any number of orders, ending with EndTurn, sent as one save code
    to the next player"; the receiver replays the orders on the previous position."""
    from engine.ai import choose_for
    from engine.rulesets.risk_paper_scissors.orders import Phase
    from engine.save_chain import continue_game

    state = RPS.new_game([PlayerSpec(f"P{i}") for i in range(3)], {}, "mail-turn")
    keys = [PlayerKey.generate(hashlib.sha256(f"t{i}".encode()).digest()) for i in range(3)]
    public = [k.public_key_text for k in keys]
    for player in state.players:
        player.control = "standard"
    while state.phase is not Phase.PURCHASE:
        state = RPS.apply(state, choose_for(state, state.current)).state
    for player in state.players:
        player.control = "human"
    seat = state.current
    first = read_save(make_save(RPS, state, game_id="m", keys=public, signer=keys[seat], seat=seat))
    orders = []
    for player in state.players:
        player.control = "standard"
    while state.phase is not Phase.BID and state.current == seat:
        order = choose_for(state, seat)
        orders.append(order)
        state = RPS.apply(state, order).state
    for player in state.players:
        player.control = "human"
    code = make_save(
        RPS,
        state,
        game_id="m",
        keys=public,
        signer=keys[seat],
        seat=seat,
        previous=first,
        actions=orders,
    )
    accepted = continue_game(first, code)
    assert accepted.verified and accepted.record.state.to_json() == state.to_json()
