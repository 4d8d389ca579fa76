"""Position texts (engine/position.py): every ruleset writes a position as a short text
and reads it back exactly, over positions from computer-played games; every refusal
names its line and field with a stable code."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.ai import choose_order
from engine.core import Ruleset, find_ruleset
from engine.errors import OptionError, PositionError
from engine.maps import load_map
from engine.simulate import computer_seats

RECORD_FIELDS = ("last_report", "log")
"""The game's record of the past, which a position text does not carry."""

GAMES = [
    # ruleset, seats, computer level, seed, orders to play, every how many to sample
    ("classic", 3, "baseline", "pos-a", 900, 37),
    ("classic", 2, "baseline", "pos-b", 500, 41),
    ("classic:uk_short", 4, "baseline", "pos-g", 900, 43),
    ("capital", 3, "baseline", "pos-c", 60, 3),
    ("greatwar1907", 8, "standard", "pos-d", 60, 5),
    ("risk_paper_scissors", 4, "standard", "pos-e", 700, 29),
    ("risk_paper_scissors", 3, "easy", "pos-f", 700, 31),
]


def positions(
    name: str, seats: int, level: str, seed: str, orders: int, every: int
) -> Iterator[tuple[Ruleset[Any], Any]]:
    """Positions sampled along a computer-played game (mid-turn ones too: a battle
    under way, sealed orders waiting), the first and the last among them."""
    name, _, game_type = name.partition(":")
    options = {"game_type": game_type, "army_limit": 12} if game_type else {}
    ruleset = find_ruleset(name)
    state = ruleset.new_game(computer_seats(seats, level), options, seed)
    yield ruleset, state
    for step in range(1, orders + 1):
        if ruleset.actor(state) is None or ruleset.winner(state) is not None:
            break
        state = ruleset.apply(state, choose_order(state)).state
        if step % every == 0:
            yield ruleset, state
    yield ruleset, state


def position_of(ruleset: Ruleset[Any], state: Any) -> dict[str, Any]:
    """The state's save form without the record of the past."""
    data = dict(ruleset.to_compact(state))
    for name in RECORD_FIELDS:
        data.pop(name, None)
    return data


@pytest.mark.parametrize(("name", "seats", "level", "seed", "orders", "every"), GAMES)
def test_round_trip_over_computer_games(
    name: str, seats: int, level: str, seed: str, orders: int, every: int
) -> None:
    """State -> text -> state gives the same position (compared in the ruleset's own save
    form), and the text is canonical: text -> state -> text gives the same text."""
    count = 0
    for ruleset, state in positions(name, seats, level, seed, orders, every):
        text = ruleset.position_text(state)
        back = ruleset.from_position_text(text)
        assert position_of(ruleset, back) == position_of(ruleset, state), text
        assert ruleset.position_text(back) == text
        count += 1
    assert count >= 5


@pytest.mark.parametrize(("name", "seats", "level", "seed", "orders", "every"), GAMES[::2])
def test_same_position_same_orders_same_game(
    name: str, seats: int, level: str, seed: str, orders: int, every: int
) -> None:
    """The text carries the random generator (seed and draws made), so the position read
    back and the original play on identically: the same orders give the same states."""
    for ruleset, state in positions(name, seats, level, seed, orders, every * 3):
        copy = ruleset.from_position_text(ruleset.position_text(state))
        for _ in range(12):
            if ruleset.actor(state) is None or ruleset.winner(state) is not None:
                break
            order = choose_order(state)
            state = ruleset.apply(state, order).state
            copy = ruleset.apply(copy, order).state
            assert position_of(ruleset, copy) == position_of(ruleset, state)


def test_a_position_written_by_hand_takes_the_defaults() -> None:
    """Everything not written takes its default: a Classic game on the classic map,
    human seats in the default colours, unheld territories empty, the deck every card no
    seat holds, the generator seeded ``position``."""
    ruleset = find_ruleset("classic")
    state = ruleset.from_position_text(
        "ruleset classic\nseat 0 Anna\nseat 1 Ben\nphase attack\nturn 3\n"
        "alaska 0 5\nkamchatka 1 2\n"
    )
    assert state.map_id == "classic"
    assert [p.control for p in state.players] == ["human", "human"]
    assert [p.color for p in state.players] == ["#d62728", "#1f77b4"]
    assert state.owner["alaska"] == 0 and state.armies["alaska"] == 5
    assert state.owner["brazil"] == -1 and state.armies["brazil"] == 0
    assert state.rng.seed == "position" and state.rng.counter == 0
    assert len(state.draw_pile) == 44


def test_great_war_defaults_are_the_1907_owners_and_peace() -> None:
    """A Great War province not written keeps its 1907 owner with nothing in it; a pair
    of nations not written is at peace; a leader's order of arrival follows the lines."""
    ruleset = find_ruleset("greatwar1907")
    state = ruleset.from_position_text(
        "ruleset greatwar1907\nphase attack\nrelation france germany war\n"
        "leader joffre germany ber\nleader foch germany ber\nber germany 3 fleet=1/1\n"
    )
    start = {p.id: p.owner for p in state.map.provinces}
    assert {p: state.owner_of(p) for p in state.owner if p != "ber"} == {
        p: o for p, o in start.items() if p != "ber"
    }
    assert state.units == {"ber": {"germany": 3}}
    assert state.relation("france", "germany") == "war"
    assert state.relation("france", "uk") == "peace"
    assert [x.id for x in state.leaders_at("province", "ber")] == ["joffre", "foch"]
    assert state.fleet_in_port("ber", "germany") is not None
    assert "joffre" not in state.general_pile and "haig" in state.general_pile


def test_a_great_war_peace_may_be_written_and_is_never_written_back() -> None:
    """``relation <a> <b> peace`` says the default aloud (a rule case over the 1907 start
    may end an alliance so): read as no relation, left out when written back, and
    still refused when the pair is written twice."""
    ruleset = find_ruleset("greatwar1907")
    said = ruleset.from_position_text(
        "ruleset greatwar1907\nrelation germany uk peace\nrelation france germany war\n"
    )
    plain = ruleset.from_position_text("ruleset greatwar1907\nrelation france germany war\n")
    assert said.relation("germany", "uk") == "peace"
    assert ruleset.position_text(said) == ruleset.position_text(plain)
    assert "peace" not in ruleset.position_text(said)
    with pytest.raises(PositionError) as caught:
        ruleset.from_position_text(
            "ruleset greatwar1907\nrelation germany uk peace\nrelation uk germany war\n"
        )
    assert caught.value.message == "line 3: relation: uk and germany already have a relation"


BASES = {
    "classic": "ruleset classic\nseat 0 Anna\nseat 1 Ben\n",
    "greatwar1907": "ruleset greatwar1907\n",
    "risk_paper_scissors": "ruleset risk_paper_scissors\nseat 0 A\nseat 1 B\nseat 2 C\n",
}


def _base(name: str) -> str:
    """A small valid text to spoil (Capital Risk's names every territory: a new game's)."""
    if name in BASES:
        return BASES[name]
    ruleset = find_ruleset(name)
    return ruleset.position_text(ruleset.new_game(computer_seats(2, "baseline"), {}, "bad"))


def _replace(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


REFUSALS = [
    # ruleset, how the canonical text is spoiled, code, what the message says
    ("classic", lambda t: "", "position/ruleset", "starts with the line 'ruleset classic'"),
    (
        "classic",
        lambda t: _replace(t, "ruleset classic", "ruleset capital"),
        "position/ruleset",
        "line 1: this is a classic position, not 'capital'",
    ),
    (
        "classic",
        lambda t: t + "alaska 7 3\n",
        "position/field",
        "territory 'alaska': owner: 7 is not a seat (2 seats",
    ),
    (
        "classic",
        lambda t: t + "atlantis 0 3\n",
        "position/unknown",
        "'atlantis' is neither a keyword",
    ),
    ("classic", lambda t: t + "turn 3\nturn 4\n", "position/repeated", "'turn' is already written"),
    ("classic", lambda t: t + "turn -2\n", "position/field", "turn: must be at least 0, got -2"),
    ("classic", lambda t: t + "phase lunch\n", "position/field", "phase: must be one of claim"),
    ("classic", lambda t: t + 'seat 2 "Cleo\n', "position/syntax", "cannot read"),
    (
        "classic",
        lambda t: t + "option army_limit lots\n",
        "position/field",
        "option army_limit: must be a whole number",
    ),
    ("classic", lambda t: t + "option speed 3\n", "position/field", "option: must be one of"),
    ("classic", lambda t: t + "deck 99\n", "position/field", "deck[0]: must be at most 43, got 99"),
    (
        "classic",
        lambda t: t + "battle alaska atlantis\n",
        "position/field",
        "battle target: 'atlantis' is not a territory",
    ),
    ("classic", lambda t: t + "map nowhere\n", "position/field", "map: there is no map 'nowhere'"),
    (
        "classic",
        lambda t: _replace(t, "seat 1 ", "seat 4 "),
        "position/field",
        "seat 1: seats are written in order",
    ),
    (
        "classic",
        lambda t: "ruleset classic\nseat 0 A\n",
        "position/missing",
        "at least 2 'seat' lines",
    ),
    (
        "classic",
        lambda t: _replace(t, "seat 0 ", "seat 0 hq=atlantis "),
        "position/field",
        "seat 0 hq: 'atlantis' is not a territory",
    ),
    (
        "classic",
        lambda t: t + "seat 2 Cleo\noption neutral us\n",
        "position/field",
        "options: a neutral player needs exactly two players",
    ),
    (
        "capital",
        lambda t: _replace(t, "\nalaska ", "\n# alaska "),
        "position/missing",
        "territory 'alaska' is not written",
    ),
    (
        "capital",
        lambda t: t + "orders 5 {}\n",
        "position/field",
        "orders seat: 5 is not a seat (2 seats",
    ),
    (
        "capital",
        lambda t: t + 'orders 0 ["x"]\n',
        "position/field",
        "must be the sealed order as a JSON object",
    ),
    (
        "capital",
        lambda t: t + "phase 3\n",
        "position/field",
        "phase: must be one of setup, orders, game-over",
    ),
    (
        "capital",
        lambda t: _replace(t, "seat 0 ", "seat 0 cards=1,99 "),
        "position/field",
        "seat 0 cards: there is no card 99",
    ),
    (
        "capital",
        lambda t: t + 'orders 0 {"kind":"x"}\n',
        "position/field",
        "orders 0: unknown order kind 'x'",
    ),
    (
        "capital",
        lambda t: t + 'setup 1 {"kind":"submit-setup","faction":0,"capital":"alaska"}\n',
        "position/field",
        "setup 1: must be faction 1's submit-setup",
    ),
    (
        "greatwar1907",
        lambda t: t + "ber prussia\n",
        "position/field",
        "province 'ber': owner: must be one of",
    ),
    (
        "greatwar1907",
        lambda t: t + "relation uk uk war\n",
        "position/field",
        "uk cannot be in war with itself",
    ),
    (
        "greatwar1907",
        lambda t: t + "nth uk=0\n",
        "position/field",
        "sea 'nth': uk ships: must be at least 1",
    ),
    (
        "greatwar1907",
        lambda t: t + "nth uk=2/a\n",
        "position/field",
        "sea 'nth': uk cargo: must be a whole number",
    ),
    (
        "greatwar1907",
        lambda t: t + "leader joffre france mars\n",
        "position/field",
        "leader joffre: place: 'mars' is neither",
    ),
    (
        "greatwar1907",
        lambda t: t + "leader nobody france par\n",
        "position/field",
        "leader: must be one of",
    ),
    (
        "greatwar1907",
        lambda t: t + "nation uk vp=-1\n",
        "position/field",
        "nation uk vp: must be at least 0",
    ),
    (
        "greatwar1907",
        lambda t: t + "winners atlantis\n",
        "position/field",
        "winners: 'atlantis' is not a nation",
    ),
    (
        "greatwar1907",
        lambda t: t + "seat prussia A human\n",
        "position/field",
        "seat nation: must be one of",
    ),
    (
        "greatwar1907",
        lambda t: t + "ber germany fleet:uk=3/9\n",
        "position/state",
        "impossible fleet",
    ),
    (
        "greatwar1907",
        lambda t: t + "generals haig fisher\n",
        "position/field",
        "generals[1]: must be one of",
    ),
    (
        "risk_paper_scissors",
        lambda t: t + "alaska 0 3X\n",
        "position/field",
        "territory 'alaska': army: cannot read the army '3X'",
    ),
    (
        "risk_paper_scissors",
        lambda t: t + "alaska 0 0E\n",
        "position/field",
        "a held territory holds at least one unit",
    ),
    (
        "risk_paper_scissors",
        lambda t: t + "alaska 0 1E castle\n",
        "position/field",
        "must be one of station",
    ),
    (
        "risk_paper_scissors",
        lambda t: t + "alaska 0 1E armed=joker\n",
        "position/field",
        "armed: must be one of",
    ),
    (
        "risk_paper_scissors",
        lambda t: t + "bid 1 2\nbid 1 3\n",
        "position/field",
        "seat 1's bid is already written",
    ),
    (
        "risk_paper_scissors",
        lambda t: t + "devastated alaska atlantis\n",
        "position/field",
        "devastated: 'atlantis' is not a territory",
    ),
    (
        "risk_paper_scissors",
        lambda t: t + "pending alaska kamchatka 1E 1\n",
        "position/state",
        "pending losses exist exactly in the losses phase",
    ),
    (
        "risk_paper_scissors",
        lambda t: "ruleset risk_paper_scissors\nseat 0 A\nseat 1 B\n",
        "position/missing",
        "3 to 5 'seat' lines, not 2",
    ),
    (
        "risk_paper_scissors",
        lambda t: _replace(t, "seat 0 ", "seat 0 hand=nothing.at_all "),
        "position/field",
        "seat 0 hand: there is no card 'nothing.at_all'",
    ),
]


REFUSALS += [
    (
        "classic",
        lambda t: t + "alaska 0 3\nalaska 1 2\n",
        "position/repeated",
        "line 5: 'alaska' is already written on line 4",
    ),
    ("classic", lambda t: t + "alaska 0 3 7\n", "position/field", "needs 1 to 2 value(s)"),
    ("classic", lambda t: t + "winner 2\n", "position/field", "winner: 2 is not a seat"),
    (
        "classic",
        lambda t: t + "pending roll attack=6,7 defend=1 dice=2 mode=single\n",
        "position/field",
        "pending attack[1]: must be at most 6, got 7",
    ),
    (
        "classic",
        lambda t: t + "conquered maybe\n",
        "position/field",
        "conquered: must be true or false",
    ),
    ("classic", lambda t: t + "x=1\n", "position/syntax", "must start with a keyword"),
    (
        "classic",
        lambda t: t + "turn " + "9" * 5000 + "\n",
        "position/field",
        "turn: must be a whole number",
    ),
    (
        "classic",
        lambda t: t + "deck [" + "9" * 5000 + "]\n",
        "position/syntax",
        "too large or too deep",
    ),
    ("classic", lambda t: t + "deck " + "[" * 50000 + "\n", "position/syntax", "cannot read"),
    (
        "risk_paper_scissors",
        lambda t: t + "order 0 1 5\n",
        "position/field",
        "order[2]: 5 is not a seat (3 seats",
    ),
    (
        "risk_paper_scissors",
        lambda t: t + "last_slots 1 2\n",
        "position/field",
        "last_slots: must give one slot per seat (3)",
    ),
    (
        "risk_paper_scissors",
        lambda t: t + "cease_fire 9\n",
        "position/field",
        "cease_fire[0]: 9 is not a seat",
    ),
    (
        "greatwar1907",
        lambda t: t + "relation uk germany truce\n",
        "position/field",
        "must be one of alliance, war, peace",
    ),
    (
        "greatwar1907",
        lambda t: t + "relation uk germany war\nrelation germany uk alliance\n",
        "position/field",
        "germany and uk already have a relation",
    ),
    (
        "greatwar1907",
        lambda t: t + "leader joffre germany ber\nleader joffre germany ber\n",
        "position/field",
        "leader joffre: is already written",
    ),
    (
        "greatwar1907",
        lambda t: t + "ber germany fleet=2/x\n",
        "position/field",
        "province 'ber': fleet cargo: must be a whole number",
    ),
]


REFUSALS += [
    (
        "greatwar1907",
        lambda t: t + "nation uk credits=5\n",
        "position/field",
        "nation uk credits: must be a list",
    ),
    (
        "greatwar1907",
        lambda t: t + 'nation uk credits=[[4,"mars"]]\n',
        "position/field",
        "names 'mars', not a nation",
    ),
    (
        "greatwar1907",
        lambda t: t + "nation uk drop=[1]\n",
        "position/field",
        "nation uk drop: must be",
    ),
    (
        "greatwar1907",
        lambda t: t + 'orders uk {"kind":"submit-attack","faction":3,"nation":"uk"}\n',
        "position/field",
        "orders uk: must be uk's submit-deployment (faction 3)",
    ),
]


@pytest.mark.parametrize(("name", "spoil", "code", "message"), REFUSALS)
def test_every_refusal_is_named(name: str, spoil: Any, code: str, message: str) -> None:
    """A text that does not fit is refused with a stable code and a message naming the
    line and the field at fault."""
    text = spoil(_base(name))
    with pytest.raises(PositionError) as caught:
        find_ruleset(name).from_position_text(text)
    assert caught.value.code == code
    assert message in caught.value.message


def test_refusals_name_the_line() -> None:
    """The message of a bad field starts with the number of its line."""
    text = "ruleset classic\nseat 0 Anna\n# a comment\nseat 1 Ben\nalaska 7 3\n"
    with pytest.raises(PositionError) as caught:
        find_ruleset("classic").from_position_text(text)
    assert (
        caught.value.message
        == "line 5: territory 'alaska': owner: 7 is not a seat (2 seats: 0 to 1)"
    )


def test_names_with_spaces_and_quotes_are_written_as_json_strings() -> None:
    """A name that is not one bare word is written as a JSON string and read back."""
    ruleset = find_ruleset("capital")
    state = ruleset.new_game(computer_seats(2, "baseline"), {}, "names")
    state.players[0].name = 'Anna "the Great" = Maria'
    state.players[0].members = ['Anna "the Great" = Maria', "Ben"]
    text = ruleset.position_text(state)
    assert 'seat 0 "Anna \\"the Great\\" = Maria"' in text
    assert position_of(ruleset, ruleset.from_position_text(text)) == position_of(ruleset, state)


SPACED = {  # a text naming its first seat "Anna Maria", each ruleset's way of writing seats
    "classic": 'ruleset classic\nseat 0 "Anna Maria"\nseat 1 Anna_Maria\n',
    "capital": 'ruleset capital\nseat 0 "Anna Maria"\nseat 1 Anna_Maria\n'
    + "".join(f"{t} 1 1\n" for t in load_map("classic").territory_ids),  # every one written
    "greatwar1907": 'ruleset greatwar1907\nseat russia "Anna Maria"\nseat uk Anna_Maria\n',
    "risk_paper_scissors": (
        'ruleset risk_paper_scissors\nseat 0 "Anna Maria"\nseat 1 Anna_Maria\nseat 2 C\n'
    ),
}


@pytest.mark.parametrize("name", sorted(SPACED))
def test_a_name_with_spaces_is_quoted_and_an_underscore_stays(name: str) -> None:
    """Every ruleset: a name with spaces is written in quotes and read back as it was
    (text -> state -> text, state -> text -> state); an underscore stays an underscore."""
    ruleset = find_ruleset(name)
    text = SPACED[name]
    state = ruleset.from_position_text(text)
    names = [p.name for p in state.players]
    assert "Anna Maria" in names and "Anna_Maria" in names
    written = ruleset.position_text(state)
    assert '"Anna Maria"' in written and " Anna_Maria " in written
    back = ruleset.from_position_text(written)
    assert position_of(ruleset, back) == position_of(ruleset, state)
    assert ruleset.position_text(back) == written


def test_a_great_war_seat_named_after_its_nation_shows_the_nations_name() -> None:
    """A pasted ``seat austria_hungary Austria_Hungary`` is shown "Austria-Hungary" (the
    nation's proper name), as is any bare spelling of the nation; a quoted spelling is
    kept as written and written back quoted, so every name round-trips."""
    ruleset = find_ruleset("greatwar1907")
    state = ruleset.from_position_text(
        "ruleset greatwar1907\nseat austria_hungary Austria_Hungary computer\n"
        "seat uk united_kingdom_of_great_britain_and_ireland\n"
        'seat france "france"\nseat russia RUSSIA\n'
    )
    named = {p.nation: p.name for p in state.players}
    assert named["austria_hungary"] == "Austria-Hungary"
    assert named["uk"] == "United Kingdom of Great Britain and Ireland"
    assert named["russia"] == "Russian Empire"
    assert named["france"] == "france"
    written = ruleset.position_text(state)
    assert "seat austria_hungary Austria-Hungary computer" in written
    assert 'seat france "france" human' in written
    assert "seat uk" not in written and "seat russia" not in written  # the defaults
    back = ruleset.from_position_text(written)
    assert [p.name for p in back.players] == [p.name for p in state.players]


@pytest.mark.parametrize("name", ["classic", "capital", "greatwar1907", "risk_paper_scissors"])
def test_no_keyword_is_a_place(name: str) -> None:
    """A line's first word is a keyword or a place id, never both (Warsaw is ``war``)."""
    module = importlib.import_module(f"engine.rulesets.{name}.position")
    ruleset = find_ruleset(name)
    board = ruleset.board_summary(
        ruleset.new_game(
            computer_seats(
                3,
                "easy"
                if name == "risk_paper_scissors"
                else "baseline"
                if name != "greatwar1907"
                else "standard",
            ),
            {},
            "k",
        )
    )
    places = set(board.owners) | set(board.units_at)
    assert not (set(module.ONCE) | set(module.MANY) | {"ruleset"}) & places


def test_a_ruleset_without_a_position_text_says_so() -> None:
    """The base class refuses with ``position/unsupported`` (a ruleset must opt in)."""
    from tests.toy.ruleset import ToyRuleset

    with pytest.raises(OptionError) as caught:
        ToyRuleset().from_position_text("ruleset toy\n")
    assert caught.value.code == "position/unsupported"


@pytest.mark.parametrize(
    ("name", "doc"),
    [
        ("classic", "docs/rules-classic.md"),
        ("greatwar1907", "docs/rules-greatwar1907.md"),
        ("risk_paper_scissors", "docs/rules-risk-paper-scissors.md"),
    ],
)
def test_the_documented_examples_read(name: str, doc: str) -> None:
    """Each rules document's example position reads, and reads back the same."""
    section = Path(doc).read_text(encoding="utf-8").split("## Position text")[1]
    example = section.split("```\n")[1]
    ruleset = find_ruleset(name)
    state = ruleset.from_position_text(example)
    again = ruleset.from_position_text(ruleset.position_text(state))
    assert position_of(ruleset, again) == position_of(ruleset, state)


def test_a_rule_case_reads_as_a_position_text() -> None:
    """Manual p.13: "move as many of your armies as you like from one (and only one) of
    your territories into one (and only one) of your adjacent territories"; p.32: without
    Supply Lines "your turn will be ended automatically" (the case of
    tests/test_classic_fortify_victory.py, written as a position text)."""
    from engine.rulesets.classic.orders import FreeMove

    ruleset = find_ruleset("classic")
    state = ruleset.from_position_text(
        """
        ruleset classic
        option game_type custom
        seat 0 P0
        seat 1 P1
        seat 2 P2
        phase fortify
        alaska 0 5
        alberta 0 1
        kamchatka 1 1
        brazil 2 1
        """
    )
    state = ruleset.apply(state, FreeMove("alaska", "alberta", 4)).state
    assert state.armies["alaska"] == 1 and state.armies["alberta"] == 5
    assert state.current == 1 and state.phase.value == "reinforce"


def test_the_first_line_may_name_the_ruleset_by_an_alias() -> None:
    """``ruleset rps`` reads as ``ruleset risk_paper_scissors``; the text written back
    names the ruleset in full."""
    ruleset = find_ruleset("rps")
    state = ruleset.from_position_text("ruleset rps\nseat 0 A\nseat 1 B\nseat 2 C\n")
    assert ruleset.position_text(state).startswith("ruleset risk_paper_scissors\n")


def test_the_page_says_a_refused_line_in_player_words() -> None:
    """Issue 26, "Start from a position": a bad paste gives the typed error's message in
    player words: which line, which field, what to do next."""
    from ui.shell.position_dialog import player_words

    text = "ruleset classic\nseat 0 Ada human\nseat 1 Boris human\nalaska 7 3\n"
    with pytest.raises(PositionError) as refused:
        find_ruleset("classic").from_position_text(text)
    said, line = player_words(refused.value.code, refused.value.message)
    assert line == 4
    assert said.startswith("Line 4 does not fit: territory 'alaska': owner: 7 is not a seat")
    assert said.endswith("press Start again; the game you had is unchanged.")
    missing, none = player_words("position/missing", "a Classic position needs 2 'seat' lines")
    assert none is None
    assert missing.startswith("Something the position needs is missing: a Classic position")
