"""A ruleset plugs in with its own files and one registry line (docs/architecture.md):
the toy of tests/toy/ (two territories, one order) is found by name, played to the end
by its computer player through simulate, and saved and verified as a chained save code,
without any other ruleset's files knowing of it."""

from __future__ import annotations

import hashlib

import pytest

import engine.rulesets
from engine.ai import levels
from engine.core import PlayerSpec, find_ruleset, ruleset_names
from engine.errors import IllegalOrderError
from engine.keys import PlayerKey
from engine.save_chain import continue_game
from engine.saves import make_save, read_save
from engine.simulate import computer_seats, play


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    # The one line a new ruleset adds to engine/rulesets/__init__.py.
    monkeypatch.setitem(engine.rulesets.MODULES, "toy", "tests.toy.ruleset")


def test_the_registry_finds_the_toy_and_its_levels() -> None:
    assert "toy" in ruleset_names()
    assert find_ruleset("toy").title == "Toy"
    assert levels("toy") == ["baseline"]


def test_simulate_plays_the_toy_to_a_winner() -> None:
    record = play("toy", computer_seats(2), {}, "toy-seed", record_orders=True)
    assert record.winner is not None
    assert set(record.state.owner.values()) == {record.winner}
    assert record.orders and all(o.KIND == "march" for o in record.orders)
    again = play("toy", computer_seats(2), {}, "toy-seed", record_orders=True)
    assert (again.orders, again.state.to_json()) == (record.orders, record.state.to_json())


def test_an_illegal_march_is_refused_and_the_state_untouched() -> None:
    """ "March from your territory": seat 1 may not march from seat 2's vale."""
    toy = find_ruleset("toy")
    state = toy.new_game([PlayerSpec("A"), PlayerSpec("B")], {}, "s")
    before = state.to_json()
    with pytest.raises(IllegalOrderError, match="cannot march from 'vale'"):
        toy.apply(state, toy.parse_order({"kind": "march", "origin": "vale"}))
    assert state.to_json() == before


def test_toy_save_codes_chain_and_verify() -> None:
    toy = find_ruleset("toy")
    seats = [PlayerSpec("A"), PlayerSpec("B", "baseline")]
    keys = [PlayerKey.generate(hashlib.sha256(f"toy:{i}".encode()).digest()) for i in range(2)]
    texts = [k.public_key_text for k in keys]
    start = toy.new_game(seats, {}, "chain")
    first = read_save(make_save(toy, start, game_id="toy1", keys=texts, signer=keys[0], seat=0))
    assert first.state.to_json() == start.to_json()
    order = toy.legal_orders(start)[0]
    after = toy.apply(start, order).state
    code = make_save(
        toy,
        after,
        game_id="toy1",
        keys=texts,
        signer=keys[0],
        seat=0,
        previous=first,
        actions=[order],
    )
    accepted = continue_game(first, code)
    assert accepted.verified
    assert accepted.record.state.to_json() == after.to_json()
