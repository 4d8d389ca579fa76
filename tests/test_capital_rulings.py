"""Capital Risk rule cases for the rulings of RULINGS §2 on malformed and impossible
orders, the card bonus, surges and missed orders (same board helpers and dice
conventions as test_capital_rules.py)."""

from __future__ import annotations

import pytest

from engine.core import PlayerSpec
from engine.errors import InvalidOrderError, OptionError
from engine.rulesets.capital import Resolve, SubmitSetup, normalise_orders, report_text
from engine.rulesets.capital.report import SECTIONS
from tests.capital_helpers import RS, A, B, C, D, at, board, offense_codes, orders, run

# ---------------------------------------------------------------- malformed orders


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"kind": "submit-orders", "faction": 0, "atacks": [["alaska", "kamchatka", 2]]}, "atacks"),
        ({"kind": "resolve", "forse": True}, "forse"),
        ({"kind": "submit-setup", "faction": 0, "capital": "peru", "captial": "peru"}, "captial"),
    ],
)
def test_an_order_with_an_unknown_field_is_refused(data: dict[str, object], field: str) -> None:
    """RULINGS §2: "An order with an unknown field is refused outright (it is malformed,
    not impossible)" — a misspelt field must not silently become "no attacks"."""
    with pytest.raises(InvalidOrderError) as info:
        RS.parse_order(data)
    assert info.value.code == "order/unknown-field"
    assert repr(field) in info.value.message


def test_a_surge_that_is_not_a_list_is_malformed() -> None:
    """RULINGS §2: a count "that is not a number at all" is malformed, refused outright
    (order/bad-field) -- so is a surge given as an object instead of [origin, target,
    units], with a typed error (it was an untyped KeyError, found by the mutation test)."""
    with pytest.raises(InvalidOrderError) as info:
        RS.parse_order({"kind": "submit-orders", "faction": 0, "surge": {"0": "alaska"}})
    assert info.value.code == "order/bad-field"


# ---------------------------------------------------------------- impossible numbers


def test_a_negative_placement_is_cut_and_listed() -> None:
    """RULINGS §2: "A negative or non-integer number is such an impossible order": cut,
    and listed under Offenses. The unplaced reinforcement is spread as usual."""
    s = board({"alaska": (A, 1), "peru": (A, 1)})
    s = run(s, [orders(A, place=[("alaska", -3), ("peru", 1)])])
    assert "place/negative" in offense_codes(s, A)
    assert "placement of -3 on Alaska dropped" in report_text(s)
    assert at(s, "alaska") == (A, 2) and at(s, "peru") == (A, 2)


def test_a_negative_tactical_move_is_cut_and_listed() -> None:
    """RULINGS §2: a tactical move of -4 is an impossible order: cut and listed."""
    s = board({"alaska": (A, 1), "northwest_territory": (A, 5)})
    wanted = orders(A, tactical=("northwest_territory", [("alaska", -4)]))
    cut, offenses = normalise_orders(s, A, wanted)
    assert cut.tactical is None and [o.code for o in offenses] == ["move/negative"]
    placed = dict(cut.placements)
    s = run(s, [wanted])
    assert "move/negative" in offense_codes(s, A)
    assert s.armies["alaska"] == 1 + placed.get("alaska", 0)
    assert s.armies["northwest_territory"] == 5 + placed.get("northwest_territory", 0)


def test_a_negative_attack_is_cut_and_listed() -> None:
    """RULINGS §2: an attack with -2 units is an impossible order: cut and listed."""
    s = board({"alaska": (A, 4), "kamchatka": (B, 1)})
    s = run(s, [orders(A, attacks=[("alaska", "kamchatka", -2)])])
    assert "attack/negative" in offense_codes(s, A)
    assert s.last_report is not None and s.last_report["attacks"] == []
    assert at(s, "kamchatka") == (B, 2)


# ---------------------------------------------------------------- surges


def test_surges_have_their_own_report_section_after_attacks() -> None:
    """RULINGS §2: "The report lists surges in their own section, 'Surge attacks', after
    'Attacks' (the seed's Attacks section leaves them out)"."""
    s = board({"alaska": (A, 3), "kamchatka": (B, 0), "japan": (C, 0)})
    s = run(
        s,
        [orders(A, attacks=[("alaska", "kamchatka", 3)], surge=("kamchatka", "japan", None))],
        [1, 5, 1, 6],
    )
    text = report_text(s)
    attacks, surges, resolved = (
        text.index("== Attacks =="),
        text.index("== Surge attacks =="),
        text.index("== Resolved =="),
    )
    assert attacks < text.index("Invasion at Kamchatka") < surges
    assert surges < text.index("Surge (invasion) at Japan") < resolved
    assert [title for _, title in SECTIONS][1:3] == ["Attacks", "Surge attacks"]


def test_surge_with_a_placement_condition_that_holds_is_made() -> None:
    """RULINGS §2: a surge "may carry the one further condition the seed allows, on enemy
    placement strength: 'only if U holds at most M units after placements'". Japan holds
    1 after placements, the condition allows 2: the surge goes."""
    s = board({"alaska": (A, 3), "kamchatka": (B, 0), "japan": (C, 0)})
    order = orders(A, attacks=[("alaska", "kamchatka", 3)], surge=("kamchatka", "japan", None, 2))
    s = run(s, [order], [1, 5, 1, 6])
    assert at(s, "japan") == (A, 2)


def test_surge_with_a_placement_condition_that_fails_is_not_made() -> None:
    """RULINGS §2: "only if U holds at most M units after placements": Japan holds 1,
    the condition allows 0, so the surge is not made and the report says why."""
    s = board({"alaska": (A, 3), "kamchatka": (B, 0), "japan": (C, 0)})
    order = orders(A, attacks=[("alaska", "kamchatka", 3)], surge=("kamchatka", "japan", None, 0))
    s = run(s, [order], [1, 5])
    assert at(s, "japan") == (C, 1) and at(s, "kamchatka") == (A, 3)
    assert "held 1 units after placements, more than the 0 the condition allows" in (report_text(s))


def test_the_surge_condition_is_part_of_the_order_format() -> None:
    """The CLI's and the save codes' JSON order format carries the condition as the
    surge's fourth number: [via, target, units, at_most]; without it, three."""
    data = {
        "kind": "submit-orders",
        "faction": 0,
        "attacks": [["alaska", "kamchatka", 3]],
        "surge": ["kamchatka", "japan", None, 2],
    }
    order = RS.parse_order(data)
    assert order.surge is not None and order.surge.at_most == 2  # type: ignore[attr-defined]
    assert order.to_json()["surge"] == ["kamchatka", "japan", None, 2]
    plain = RS.parse_order({**data, "surge": ["kamchatka", "japan", 4]})
    assert plain.to_json()["surge"] == ["kamchatka", "japan", 4]
    with pytest.raises(InvalidOrderError) as info:
        RS.parse_order({**data, "surge": ["kamchatka", "japan"]})
    assert info.value.code == "order/bad-field"


# ---------------------------------------------------------------- missed orders


def test_two_turns_without_orders_and_the_standard_computer_takes_the_seat() -> None:
    """RULINGS §2: "two strikes and you're out": a faction that sends no orders for
    `strikes_out` turns in a row (default 2) is out: by default the computer (Standard)
    takes its seat for the rest of the game. The report says so."""
    s = board({"alaska": (A, 1), "peru": (B, 1)})
    s = run(s, [orders(B)])
    assert s.players[A].control == "human" and s.players[A].strikes == 1
    s = run(s, [orders(B)])
    assert s.players[A].control == "standard"
    assert "A sent no orders 2 turns in a row and is out: the Standard computer takes its seat" in (
        report_text(s)
    )


def test_orders_in_between_reset_the_strikes() -> None:
    """RULINGS §2: the strikes count turns "in a row"."""
    s = board({"alaska": (A, 1), "peru": (B, 1)})
    s = run(s, [orders(B)])
    s = run(s, [orders(A), orders(B)])
    s = run(s, [orders(B)])
    assert s.players[A].control == "human" and s.players[A].strikes == 1


def test_struck_out_faction_turns_neutral_when_the_host_chose_so() -> None:
    """RULINGS §2: "the host may choose instead that its territories turn neutral (they
    keep their units and never act)". A neutral faction is asked for no orders and gets
    no reinforcements."""
    s = board({"alaska": (A, 1), "peru": (B, 1)}, options={"struck_out": "neutral"})
    s = run(s, [orders(B), orders(D)])
    s = run(s, [orders(B), orders(D)])
    assert s.players[A].control == "neutral" and s.players[D].control == "human"
    assert "its territories turn neutral" in report_text(s)
    held = at(s, "alaska")
    assert s.missing() == [B, D]
    s = run(s, [orders(B), orders(D)])
    assert at(s, "alaska") == held
    assert s.last_report is not None
    assert A not in [r["faction"] for r in s.last_report["reinforcements"]]


def test_strike_options_are_checked() -> None:
    """The strike rule is data: `strikes_out` (0: never) and `struck_out`."""
    seats = [PlayerSpec("A"), PlayerSpec("B")]
    with pytest.raises(OptionError):
        RS.new_game(seats, {"struck_out": "vanish"}, "t")
    with pytest.raises(OptionError):
        RS.new_game(seats, {"strikes_out": -1}, "t")
    s = board({"alaska": (A, 1), "peru": (B, 1)}, options={"strikes_out": 0})
    for _ in range(3):
        s = run(s, [orders(B)])
    assert s.players[A].control == "human"


def test_a_negative_initial_placement_is_cut_and_listed() -> None:
    """RULINGS §2: a negative number is an impossible order, at the initial placement
    too: that placement is dropped (its units go round the faction's territories, the
    capital first) and listed under Offenses."""
    s = RS.new_game([PlayerSpec("A"), PlayerSpec("B")], {}, "x")
    own = s.territories_of(A)
    s = RS.apply(s, SubmitSetup(A, own[0], ((own[1], -3),))).state
    s = RS.apply(s, SubmitSetup(B, s.territories_of(B)[0])).state
    s = RS.apply(s, Resolve()).state
    assert "place/negative" in offense_codes(s, A)
    assert sum(s.armies[t] for t in own) == 40


def test_a_non_whole_number_is_cut_and_listed() -> None:
    """RULINGS §2: "A negative or non-integer number is such an impossible order": the
    attack with 2.5 units is dropped and listed under Offenses (3.0 is the number 3)."""
    s = board({"alaska": (A, 4), "kamchatka": (B, 1), "peru": (A, 1)})
    order = RS.parse_order(
        {
            "kind": "submit-orders",
            "faction": A,
            "attacks": [["alaska", "kamchatka", 2.5]],
            "placements": [["peru", 1.0]],
        }
    )
    assert order.to_json()["placements"] == [["peru", 1]]
    assert RS.parse_order(order.to_json()) == order  # the dropped part travels with it
    s = run(s, [order])  # type: ignore[list-item]
    assert "order/not-whole" in offense_codes(s, A)
    assert "attack alaska->kamchatka with 2.5: not a whole number" in report_text(s)
    assert s.last_report is not None and s.last_report["attacks"] == []
    with pytest.raises(InvalidOrderError):
        RS.parse_order({"kind": "submit-orders", "faction": A, "dropped": ["[b]hi[/b]"]})
