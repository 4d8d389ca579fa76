"""Save codes, the state's JSON form and the command line for the Great War 1907."""

from __future__ import annotations

import hashlib
import json

import pytest

from engine.cli import main
from engine.keys import PlayerKey
from engine.rulesets.greatwar1907.mapdata import scenario
from engine.rulesets.greatwar1907.state import GreatWarState, StateError
from engine.saves import make_save, read_save
from engine.simulate import computer_seats, play
from tests.greatwar1907.helpers import RULESET, start


def test_simulate_plays_to_a_winner_and_prints_it_last(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 14: `python -m engine simulate --ruleset gw1907 --seed S` plays a
    computer-only game to its end and prints `winner: ...` last."""
    assert main(["simulate", "--ruleset", "gw1907", "--seed", "5", "--max-turns", "20"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1].startswith("winner: ")
    assert any(
        n in lines[-1]
        for n in (
            "Russian Empire",
            "German Empire",
            "Spain",
            "Italy",
            "Ottoman Empire",
            "United Kingdom",
        )
    )


def test_report_and_inspect_read_a_simulated_games_code(capsys: pytest.CaptureFixture[str]) -> None:
    """`report CODE` prints the last phase's report (text, BBCode, Markdown); `inspect`
    verifies the code and prints the state."""
    assert (
        main(["simulate", "--ruleset", "gw1907", "--seed", "6", "--max-turns", "3", "--save-code"])
        == 0
    )
    code = capsys.readouterr().out.strip().splitlines()[-1]
    assert main(["report", code]) == 0
    text = capsys.readouterr().out
    assert text.startswith("The Great War 1907 – Turn 3 (1909), Attack phase")
    assert "Victory Points:" in text and "\nMap\n" in text
    assert main(["report", code, "--format", "bbcode"]) == 0
    assert capsys.readouterr().out.startswith("[size=150][b]The Great War 1907")
    assert main(["report", code, "--format", "markdown"]) == 0
    assert "\n## Nations\n" in capsys.readouterr().out
    assert main(["inspect", code]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["ruleset"] == "greatwar1907" and shown["state"]["turn"] == 4


def test_a_simulated_games_code_decodes_to_the_same_state() -> None:
    """Save codes like the other rulesets: the code of a 10-turn game decodes to the
    same state."""
    record = play("greatwar1907", computer_seats(8, "standard"), {}, "code", 10)
    keys = [PlayerKey.generate(hashlib.sha256(f"k{i}".encode()).digest()) for i in range(8)]
    code = make_save(
        RULESET,
        record.state,
        game_id="g",
        keys=[k.public_key_text for k in keys],
        signer=keys[0],
        seat=0,
    )
    back = read_save(code)
    assert back.state.to_json() == record.state.to_json()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(turn=0), "turn"),
        (lambda d: d.update(phase="lunch"), "phase"),
        (lambda d: d["owner"].update(lon=8), "owner"),
        (lambda d: d["owner"].update(lon="uk"), "owner"),
        (lambda d: d["units"].update(lon={"uk": -1}), "units"),
        (lambda d: d["armies"].update(lon=99), "armies"),
        (lambda d: d.update(map="classic"), "map"),
        (lambda d: d["players"][0].update(color="#000000"), "players"),
        (lambda d: d["at_sea"].update(nth={"germany": [1, 3]}), "at_sea"),
        (lambda d: d["nations"]["uk"].update(vp="x"), "nations.uk.vp"),
        (lambda d: d.pop("grants"), "grants"),
        (lambda d: d["leaders"].append(["nobody", "uk", None, None, True, 0]), "leaders"),
        (lambda d: d["players"].reverse(), "players"),
    ],
)
def test_a_bad_state_field_is_named(change: object, field: str) -> None:
    """Every field is validated on the way in; the error names the field."""
    data = start().to_json()
    change(data)  # type: ignore[operator]
    with pytest.raises(StateError) as err:
        GreatWarState.from_json(data)
    assert repr(field) in err.value.message or field in err.value.message


NATION_KEYED = {
    "seats": [[n, n, "human"] for n in scenario().nation_ids],
    "owner": {p.id: p.owner for p in scenario().provinces},
    "standing": {"lon": {"uk": 3}},
}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["owner"].update(lon="atlantis"), "owner"),
        (lambda d: d["standing"].update(lon={"uk": -1}), "units"),
        (lambda d: d.update(standing=[]), "standing"),
        (lambda d: d.pop("standing"), "standing"),
        (lambda d: d["seats"].reverse(), "players"),
    ],
)
def test_a_bad_field_of_the_form_saved_before_the_board_is_named(
    change: object, field: str
) -> None:
    """The nation-keyed form that codes saved before the state stood on the shared board
    hold (and the position text reads through) is checked field by field too."""
    data = {**start().to_json(), **json.loads(json.dumps(NATION_KEYED))}
    for board_only in ("players", "units", "armies", "map"):
        data.pop(board_only)
    assert GreatWarState.from_json(data).owner_of("lon") == "uk"
    change(data)  # type: ignore[operator]
    with pytest.raises(StateError) as err:
        GreatWarState.from_json(data)
    assert repr(field) in err.value.message


def test_state_round_trips_through_json() -> None:
    state = start()
    assert (
        GreatWarState.from_json(json.loads(json.dumps(state.to_json()))).to_json()
        == state.to_json()
    )


def test_seats_untaken_are_computer_or_idle() -> None:
    """R1: "A seat no person takes is computer by default, or idle if the host
    chooses"; "at least 2 seats must be human or computer"."""
    from engine.core import PlayerSpec
    from engine.errors import OptionError

    state = RULESET.new_game([PlayerSpec("Ann"), PlayerSpec("Bob")], {}, "s")
    assert [s.kind for s in state.players] == ["human", "human"] + ["computer"] * 6
    state = RULESET.new_game([PlayerSpec("Ann"), PlayerSpec("Bob")], {"untaken": "idle"}, "s")
    assert [s.kind for s in state.players] == ["human", "human"] + ["idle"] * 6
    with pytest.raises(OptionError):
        RULESET.new_game([PlayerSpec("Ann")], {"untaken": "idle"}, "s")
    from engine.rulesets.greatwar1907 import Resolve, default_submission

    for seat in (0, 1):
        state = RULESET.apply(state, default_submission(state, seat)).state
    state = RULESET.apply(state, Resolve()).state  # idle seats are not waited for
    assert state.phase.value == "attack"


def test_resolve_without_force_waits_for_every_acting_seat() -> None:
    """R5: without ``force`` every seat that acts must have sent orders."""
    from engine.errors import IllegalOrderError
    from engine.rulesets.greatwar1907 import Resolve

    state = start()
    with pytest.raises(IllegalOrderError) as err:
        RULESET.apply(state, Resolve())
    assert err.value.code == "resolve/missing-orders"


def test_a_submission_of_the_wrong_phase_is_refused() -> None:
    """Spec §3.1/§3.2: the phase table is data; a Deployment submission in the Attack
    phase is refused before any rule code runs."""
    from engine.errors import IllegalOrderError
    from engine.rulesets.greatwar1907 import SubmitDeployment

    state = start(phase="attack")
    with pytest.raises(IllegalOrderError) as err:
        RULESET.apply(state, SubmitDeployment(0, "russia"))
    assert err.value.code == "order/wrong-phase"


@pytest.mark.parametrize(
    "data",
    [
        {
            "kind": "submit-deployment",
            "faction": 0,
            "nation": "russia",
            "builds": [{"province": "mos", "divisions": -1}],
        },
        {
            "kind": "submit-deployment",
            "faction": 0,
            "nation": "russia",
            "moves": [{"from": "mos", "path": []}],
        },
        {"kind": "submit-deployment", "faction": 0, "nation": "russia", "bribes": []},
        {"kind": "submit-attack", "faction": "0", "nation": "russia"},
        {
            "kind": "submit-deployment",
            "faction": 0,
            "nation": "russia",
            "trades": [{"with": "uk", "give": {"pp": 0.3}}],
        },
        {
            "kind": "submit-deployment",
            "faction": 0,
            "nation": "russia",
            "diplomacy": [{"with": "uk", "to": "love"}],
        },
    ],
)
def test_malformed_orders_are_refused_with_the_field_named(data: dict[str, object]) -> None:
    """Bad input gets a clear message naming what is wrong (a typed error)."""
    from engine.errors import InvalidOrderError

    with pytest.raises(InvalidOrderError) as err:
        RULESET.parse_order(data)
    assert err.value.code in ("order/bad-field", "order/unknown-field")
