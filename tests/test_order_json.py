"""Orders serialise through one path (issue 26): "the per-order to_json/from_json shapes
repeated across the four rulesets' orders.py become one generic, typed mechanism (field
types read from the dataclass), with the same strictness (order/unknown-field,
order/bad-field, non-finite numbers refused) for every ruleset".

The orders come from computer-played games (every legal order of the positions they
pass through, and the orders they chose); the few kinds such short games do not reach
are added by hand, and the test checks that every kind of every ruleset is covered.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated, Any, ClassVar

import pytest

from engine import orderjson
from engine.ai import choose_order
from engine.core import Order, PlayerSpec, find_ruleset, parse_order
from engine.errors import EngineError, InvalidOrderError
from engine.orderjson import Codec, Rule, key, omit_default, prepared, refuse
from engine.rulesets.classic.orders import Reroll, TradeCards
from engine.rulesets.risk_paper_scissors.orders import ChooseLosses

RULESETS = ("classic", "capital", "greatwar1907", "risk_paper_scissors")

# (ruleset, players, computer level, options, seed, last turn)
GAMES = [
    ("classic", 2, "baseline", {"game_type": "us_short", "attack_advantage": True}, "j1", 8),
    ("classic", 3, "baseline", {}, "j2", 6),
    ("capital", 4, "baseline", {}, "j3", 3),
    ("greatwar1907", 8, "easy", {}, "j4", 2),
    ("risk_paper_scissors", 3, "standard", {"selection": "manual"}, "j5", 2),
]
# Kinds the short games above do not reach (a trade needs a set of cards, a re-roll a
# human attacker, chosen losses a human defender).
BY_HAND: dict[str, list[Order]] = {
    "classic": [TradeCards((0, 14, 27)), Reroll(True), Reroll(False)],
    "capital": [],
    "greatwar1907": [],
    "risk_paper_scissors": [ChooseLosses(e=1, j=0, w=2, commanders=("land",))],
}


@functools.cache
def played(ruleset: str) -> tuple[Order, ...]:
    """Every distinct order the games of ``ruleset`` chose or could have given."""
    rs = find_ruleset(ruleset)
    seen: dict[str, Order] = {}
    for name, players, level, options, seed, last_turn in GAMES:
        if name != ruleset:
            continue
        specs = [PlayerSpec(f"Computer {i + 1}", level) for i in range(players)]
        state = rs.new_game(specs, options, seed)
        while rs.actor(state) is not None and rs.winner(state) is None:
            if state.turn > last_turn:
                break
            chosen = choose_order(state)
            for order in [*rs.legal_orders(state)[:40], chosen]:
                seen.setdefault(json.dumps(order.to_json()), order)
            state = rs.apply(state, chosen).state
    return (*seen.values(), *BY_HAND[ruleset])


def orders_of(ruleset: str) -> Iterator[tuple[str, Order]]:
    for order in played(ruleset):
        yield ruleset, order


def one_of_each_kind(ruleset: str) -> list[Order]:
    """The first order of each kind, the most fields filled in (for the refusals)."""
    best: dict[str, Order] = {}
    for order in played(ruleset):
        size = len(json.dumps(order.to_json()))
        if order.KIND not in best or size > len(json.dumps(best[order.KIND].to_json())):
            best[order.KIND] = order
    return list(best.values())


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_order_kind_round_trips(ruleset: str) -> None:
    """ "Every order kind round-trips": written and read back, an order is itself, and
    its JSON reads back to the same JSON, byte for byte (save codes compare it)."""
    rs = find_ruleset(ruleset)
    orders = played(ruleset)
    assert {o.KIND for o in orders} == {t.KIND for t in rs.order_types}
    for order in orders:
        text = json.dumps(order.to_json())
        again = rs.parse_order(json.loads(text))
        assert again == order, text
        assert json.dumps(again.to_json()) == text


# ---------------------------------------------------------------- the wire format
@pytest.mark.parametrize(
    ("ruleset", "text"),
    [
        ("classic", '{"kind": "trade", "cards": [0, 14, 27]}'),
        ("classic", '{"kind": "attack", "origin": "alaska", "target": "kamchatka", '
                    '"dice": 3, "mode": "once"}'),
        ("capital", '{"kind": "resolve", "force": false}'),
        ("capital", '{"kind": "resolve", "force": true, "entropy": "ab"}'),
        ("capital", '{"kind": "submit-orders", "faction": 0, "player": "", '
                    '"placements": [["alaska", 3]], "attacks": [["alaska", "kamchatka", null]], '
                    '"surge": ["kamchatka", "japan", null, 2], '
                    '"tactical": ["alberta", [["ontario", 2]]], "trades": [[0, 9, 12]]}'),
        ("capital", '{"kind": "submit-orders", "faction": 1, "player": "", "placements": [], '
                    '"attacks": [], "surge": ["a", "b", 4], "tactical": null, "trades": [], '
                    '"dropped": ["placement on peru with 1.5: not a whole number"]}'),
        ("greatwar1907", '{"kind": "submit-deployment", "faction": 0, "nation": "russia", '
                         '"player": "", "diplomacy": [{"with": "uk", "to": "peace"}], '
                         '"drop_ally": null, "passage": [{"nation": "uk", "grant": true}], '
                         '"sail": [], "pay_first": null, "trades": [{"with": "uk", '
                         '"give": {"provinces": [], "pp": 1.25}, '
                         '"get": {"provinces": ["mos"], "pp": 2}, '
                         '"pay_from": null, "receive_at": null}], '
                         '"builds": [{"province": "mos", "divisions": 1, "ships": 0}], '
                         '"place": [], "embark": [], '
                         '"moves": [{"from": "mos", "path": ["war"], "divisions": null, '
                         '"leaders": []}], "disembark": []}'),
        ("risk_paper_scissors", '{"kind": "Bid", "faction": 0, "amount": 2, "slots": [1]}'),
    ],
)  # fmt: skip
def test_the_json_form_is_as_the_codes_carry_it(ruleset: str, text: str) -> None:
    """ "Keep the wire format identical": these forms (docs/rules-capital.md's example
    among them) read and write back to the same text."""
    order = find_ruleset(ruleset).parse_order(json.loads(text))
    assert json.dumps(order.to_json()) == text


# ---------------------------------------------------------------- refusals
def refusal(ruleset: str, data: Any) -> InvalidOrderError:
    with pytest.raises(InvalidOrderError) as info:
        find_ruleset(ruleset).parse_order(data)
    assert isinstance(info.value, EngineError)
    return info.value


def wrong_type(value: Any) -> Any:
    """A JSON value of another type than ``value``'s."""
    if isinstance(value, bool):
        return 1
    if isinstance(value, int | float):
        return "7"
    if isinstance(value, str):
        return 7
    return "x"  # a list or an object


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_unknown_field_is_refused_in_every_ruleset(ruleset: str) -> None:
    """ "Unknown keys refused (order/unknown-field)", at the top and inside a part."""
    for order in one_of_each_kind(ruleset):
        error = refusal(ruleset, {**order.to_json(), "zz": 1})
        assert error.code == "order/unknown-field" and "'zz'" in error.message
    for order in one_of_each_kind(ruleset):
        data = order.to_json()
        for name, value in data.items():
            if isinstance(value, list) and value and isinstance(value[0], dict):
                value[0]["zz"] = 1
                error = refusal(ruleset, data)
                assert error.code == "order/unknown-field", error.message
                assert f"{name}[0]" in error.message
                del value[0]["zz"]


def leaves(orders: list[Order]) -> Iterator[tuple[tuple[Any, ...], Order]]:
    """Every (path, order) to a value in each order's JSON but its kind, lists and
    objects too (the path from the top key)."""

    def walk(value: Any, path: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
        if path and path != ("kind",):
            yield path
        if isinstance(value, dict):
            for k, v in value.items():
                yield from walk(v, (*path, k))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                yield from walk(v, (*path, i))

    for order in orders:
        for path in walk(order.to_json(), ()):
            yield path, order


def replaced(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    copy = json.loads(json.dumps(data))
    here = copy
    for step in path[:-1]:
        here = here[step]
    here[path[-1]] = value
    return copy


def where(path: tuple[Any, ...]) -> str:
    text = str(path[0])
    for step in path[1:]:
        text += f"[{step}]" if isinstance(step, int) else f".{step}"
    return text


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_value_of_the_wrong_type_is_a_bad_field_naming_it(ruleset: str) -> None:
    """ "Wrong types refused (order/bad-field, naming the field)": every value of every
    kind's JSON, top-level or nested, given a value of another type."""
    for path, order in leaves(one_of_each_kind(ruleset)):
        data = order.to_json()
        here: Any = data
        for step in path:
            here = here[step]
        bad = [1] if here is None else wrong_type(here)  # null: no part, or "the most"
        error = refusal(ruleset, replaced(data, path, bad))
        assert error.code == "order/bad-field", (path, error.message)
        assert repr(where(path)) in error.message, error.message


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, True])
def test_no_number_field_takes_nan_infinity_or_a_bool(ruleset: str, bad: Any) -> None:
    """ "Non-finite numbers refused, bools not accepted as ints": every number of every
    kind's JSON (and every null that stands for one)."""
    checked = 0
    for path, order in leaves(one_of_each_kind(ruleset)):
        data = order.to_json()
        here: Any = data
        for step in path:
            here = here[step]
        if isinstance(here, bool) or not isinstance(here, int | float):
            continue
        error = refusal(ruleset, replaced(data, path, bad))
        assert error.code == "order/bad-field", (path, error.message)
        checked += 1
    assert checked


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_missing_field_is_named(ruleset: str) -> None:
    """A field without a default, left out: order/missing-field, naming it."""
    checked = 0
    for order in one_of_each_kind(ruleset):
        for f in dataclasses.fields(order):
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                data = order.to_json()
                del data[f.metadata.get("json_key", f.name)]
                error = refusal(ruleset, data)
                assert error.code == "order/missing-field" and repr(f.name) in error.message
                checked += 1
    assert checked


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(
    ("data", "code"),
    [
        ({"kind": "no-such-order"}, "order/unknown-kind"),
        ({"kind": ["attack"]}, "order/unknown-kind"),
        ({"territory": "alaska"}, "order/malformed"),
        (["attack"], "order/malformed"),
        ("attack", "order/malformed"),
    ],
)
def test_a_wrong_kind_is_refused(ruleset: str, data: Any, code: str) -> None:
    """An order of no kind of the ruleset, or no order at all: a typed refusal."""
    assert refusal(ruleset, data).code == code


def test_the_state_is_untouched_by_a_refused_order() -> None:
    """ "The game state untouched": a sealed slot that does not read is refused, and the
    position it was offered to is as it was."""
    rs = find_ruleset("capital")
    state = rs.new_game([PlayerSpec("A"), PlayerSpec("B")], {}, "u1")
    before = json.dumps(state.to_json())
    with pytest.raises(InvalidOrderError):
        rs.apply(state, rs.parse_order({"kind": "submit-setup", "faction": "0", "capital": "x"}))
    assert json.dumps(state.to_json()) == before


# ---------------------------------------------------------------- the mechanism itself
class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"


def _double(value: Any) -> int:
    if type(value) is not int:
        raise refuse("a whole number", value)
    return value * 2


@dataclass(frozen=True)
class Point:
    JSON_ROW: ClassVar[bool] = True
    x: float
    y: float
    label: str = field(default="", metadata=omit_default())


@prepared(
    lambda data: (
        {**data, "title": data["title"].strip()}
        if "title" in data and isinstance(data["title"], str)
        else data
    )
)
@dataclass(frozen=True)
class Sketch(Order):
    KIND: ClassVar[str] = "sketch"
    name: str = field(metadata=key("title"))
    colour: Colour = Colour.RED
    points: tuple[Point, ...] = ()
    weight: float | None = None
    halves: Annotated[int, Rule(codec=Codec(_double, lambda n: n // 2))] = 0
    size: Annotated[int, Rule(minimum=1)] = 1
    tags: Annotated[tuple[str, ...], Rule(min_items=1)] = ("a",)
    mood: Annotated[str, Rule(choices=("calm", "busy"))] = "calm"
    note: str = field(default="", metadata=omit_default())


def read(data: Any) -> Any:
    return parse_order(data, (Sketch,))


def test_each_type_and_override_reads_and_writes() -> None:
    """Enums by value, floats, rows with a trailing field left out, a JSON key, a codec,
    a prepare hook: read and written back as they were."""
    text = (
        '{"kind": "sketch", "title": "map", "colour": "blue", "points": [[1.5, 2.0], '
        '[0.0, 1.0, "top"]], "weight": 0.5, "halves": 3, "size": 2, "tags": ["b"], '
        '"mood": "busy", "note": "hi"}'
    )
    sketch = read(json.loads(text))
    assert sketch == Sketch(
        "map",
        Colour.BLUE,
        (Point(1.5, 2.0), Point(0.0, 1.0, "top")),
        0.5,
        6,
        2,
        ("b",),
        "busy",
        "hi",
    )
    assert json.dumps(sketch.to_json()) == text
    assert read({"kind": "sketch", "title": "  pad "}).name == "pad"  # prepared
    assert "note" not in Sketch("x").to_json()
    assert read({"kind": "sketch", "title": "x", "weight": 2}).weight == 2.0


@pytest.mark.parametrize(
    ("field_name", "value", "problem"),
    [
        ("colour", "green", "one of red, blue"),
        ("colour", 1, "one of red, blue"),
        ("weight", math.nan, "a number or null"),
        ("weight", True, "a number or null"),
        ("halves", 1.0, "a whole number"),
        ("size", 0, "a whole number of at least 1"),
        ("tags", [], "a list of at least 1 item"),
        ("mood", "sad", "one of busy, calm"),
        ("points", [[1.0]], "a list [x, y, label]"),
        ("points", [[1.0, "2"]], "a number"),
        ("title", None, "text"),
    ],
)
def test_the_mechanism_refuses_naming_the_field(field_name: str, value: Any, problem: str) -> None:
    """Each type and rule refuses what it does not accept, naming the field."""
    with pytest.raises(InvalidOrderError) as info:
        read({"kind": "sketch", "title": "x", field_name: value})
    assert info.value.code == "order/bad-field"
    assert f"'{field_name}" in info.value.message and problem in info.value.message


def test_a_type_orders_cannot_hold_is_found_when_the_class_is_first_used() -> None:
    """A field of a type with no JSON reading (a set, a union of two types) is a mistake
    in the ruleset, said at once, not a silently unchecked value."""

    @dataclass(frozen=True)
    class Odd(Order):
        KIND: ClassVar[str] = "odd"
        things: set[str]

    with pytest.raises(TypeError):
        orderjson.encode(Odd({"a"}))
