"""The ``expert`` nation (issue 31): it weighs attack plans by resolving them on copies
of the game, negotiates as Standard does, and never touches the game's generator."""

from __future__ import annotations

from engine.ai import choose_for
from engine.rulesets.greatwar1907.ai import negotiation
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


def test_expert_takes_a_victory_point_at_even_odds_when_nothing_threatens() -> None:
    """R52's dice give Milan's 4 divisions about an even chance against Switzerland's 3:
    below Standard's 60%, so Standard waits.  Expert resolves the attack on copies with
    its own dice: a Victory Point (R88: what decides the game) half the time, with no
    enemy next door to punish the divisions lost, is worth it, so it attacks."""
    assert _as(EVEN_ODDS, "standard").attacks == ()
    assert _as(EVEN_ODDS, "expert").attacks == (Attack("mil", "swi", 4),)


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
