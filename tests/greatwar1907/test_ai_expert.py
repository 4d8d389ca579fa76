"""The ``expert`` nation (issue 31): it weighs attack plans by resolving them on copies
of the game, negotiates as Standard does, and never touches the game's generator."""

from __future__ import annotations

from engine.ai import choose_for
from engine.rulesets.greatwar1907.ai import expert, negotiation
from engine.rulesets.greatwar1907.orders import Attack, SubmitAttack
from tests.greatwar1907.helpers import RULESET

EVEN_ODDS = """
ruleset greatwar1907
phase attack
mil italy 4
swi neutral 3
"""


def _as(text: str, level: str) -> SubmitAttack:
    state = RULESET.from_position_text(text)
    seat = state.seat_of("italy")
    state.players[seat].control = level
    chosen = choose_for(state, seat)
    assert isinstance(chosen, SubmitAttack)
    return chosen


def test_expert_joins_the_same_attack_when_no_other_plan_differs() -> None:
    """R54: Genoa's and Milan's 4 divisions each join against Switzerland's 2 (one alone
    wins less than 85% of the time, so Standard joins both).  Expert's other plan adds
    origins until 95%, which here is the same force: one plan, nothing to weigh, and
    Expert attacks as Standard does."""
    text = "ruleset greatwar1907\nphase attack\ngen italy 4\nmil italy 4\nswi neutral 2\n"
    state = RULESET.from_position_text(text)
    seat = state.seat_of("italy")
    joined = (Attack("gen", "swi", 4), Attack("mil", "swi", 4))
    assert [plan.attacks for plan in expert.attack_plans(state, seat)] == [joined]
    assert _as(text, "standard").attacks == joined
    assert _as(text, "expert").attacks == joined


def test_expert_is_no_bolder_than_standard_at_even_odds() -> None:
    """Milan's 4 against Switzerland's 3 win about half the time: below Standard's 60%,
    and no plan Expert weighs attacks below that, so both wait."""
    assert _as(EVEN_ODDS, "standard").attacks == ()
    assert _as(EVEN_ODDS, "expert").attacks == ()


def test_expert_keeps_the_garrison_an_enemy_stack_next_door_calls_for() -> None:
    """The same attack with Germany at war and 4 divisions in Vienna, next to Milan:
    every plan Expert weighs keeps half the worst threat at home (Standard's garrison
    rule), which leaves too few to attack, so Milan's divisions stay."""
    text = EVEN_ODDS + "relation italy germany war\nvie germany 4\n"
    assert _as(text, "expert").attacks == ()


def test_expert_is_deterministic_and_leaves_the_game_generator_alone() -> None:
    """The dice of the look-ahead come from a private generator: the position (its
    generator included) is unchanged, and the same position gives the same orders."""
    state = RULESET.from_position_text(EVEN_ODDS)
    seat = state.seat_of("italy")
    state.players[seat].control = "expert"
    before = state.to_json()
    first = choose_for(state, seat)
    assert state.to_json() == before
    assert choose_for(state.clone(), seat) == first


def test_other_computers_negotiate_with_an_expert_as_with_a_standard_nation() -> None:
    """A computer nation orders a peace or an alliance with another computer nation only
    where that nation's level would order it too; Expert negotiates as Standard, so the
    others read it as Standard."""
    state = RULESET.from_position_text(EVEN_ODDS)
    seat = state.seat_of("italy")
    state.players[seat].control = "expert"
    assert negotiation.View(state).level("italy") == negotiation.STANDARD
