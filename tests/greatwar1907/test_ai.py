"""The computer nations: deterministic, their battle chances exact, their plans join
forces (issue 14)."""

from __future__ import annotations

import itertools

from engine.ai import choose_for
from engine.core import PlayerSpec
from engine.rulesets.greatwar1907.ai import plans
from engine.rulesets.greatwar1907.ai.odds import round_losses, win_chance
from engine.rulesets.greatwar1907.orders import Attack, SubmitAttack, SubmitDeployment
from tests.greatwar1907.helpers import RULESET


def _brute_round(a: int, d: int) -> list[float]:
    """R52 by brute force: every roll, ties as fair coins."""
    dist = [0.0] * (min(a, d) + 1)
    for roll in itertools.product(range(1, 7), repeat=a + d):
        att = sorted(roll[:a], reverse=True)
        dfn = sorted(roll[a:], reverse=True)
        lost = sum(1 for x, y in zip(att, dfn, strict=False) if x < y)
        ties = sum(1 for x, y in zip(att, dfn, strict=False) if x == y)
        for k in range(ties + 1):
            from math import comb

            dist[lost + k] += comb(ties, k) / 2**ties / 6 ** (a + d)
    return dist


def test_round_chances_are_exact() -> None:
    """R52: "every compared pair kills exactly one unit"; a rethrown tie is even."""
    for a, d in ((1, 1), (2, 3), (3, 2), (2, 2)):
        assert all(
            abs(x - y) < 1e-12 for x, y in zip(round_losses(a, d), _brute_round(a, d), strict=True)
        )
    assert abs(sum(round_losses(3, 3)) - 1) < 1e-12


def test_win_chance_grows_with_the_attackers_and_the_generals() -> None:
    assert win_chance(1, 0) == 1.0 and win_chance(0, 1) == 0.0
    assert win_chance(3, 2) < win_chance(6, 2) < win_chance(12, 2)
    assert win_chance(5, 3) < win_chance(5, 3, attack_mod=1)


def test_computer_orders_are_deterministic() -> None:
    """Deterministic given the state: the same state gives the same orders."""
    state = RULESET.new_game([PlayerSpec(f"c{i}", "standard") for i in range(8)], {}, "d")
    for seat in range(8):
        assert choose_for(state, seat) == choose_for(state.clone(), seat)


def test_standard_joins_attacks_from_several_provinces() -> None:
    """R54: all of a nation's attacks on one target form one force; the plan adds
    origins until the force wins often enough."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        phase attack
        gen italy 6
        mil italy 6
        swi neutral 6
        """
    )
    attacks = [a for a in plans.plan_attacks(state, "italy") if a.target == "swi"]
    assert {a.origin for a in attacks} >= {"gen", "mil"}


def test_every_province_keeps_half_the_worst_threat() -> None:
    """The plan keeps, in each province, half the divisions of its worst neighbour at
    war with the nation."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        phase attack
        relation italy spain war
        lyo spain 9
        mar italy 10
        """
    )
    assert plans.keep(state, "italy", "mar") == 5
    assert plans.spare(state, "italy", "mar") == 5


QUIET_BORDER = """
ruleset greatwar1907
phase deployment
seat germany "computer germany" easy
ams germany
bru germany
den germany
swe germany
nor germany
swi germany
rei germany 5
lyo spain 2
"""
"""Germany owns every Neutral province next to its land, so it has nothing left to take;
Spain at peace holds Lyon with 2 divisions next to Reims' 5 and has no other army."""


def test_easy_goes_to_war_on_a_weak_neighbour_when_nothing_is_left_to_take() -> None:
    """R63: Victory Points come only from captured garrisons, so a nation that never goes
    to war cannot win.  With nothing left to take and Spain weak next door, Easy declares
    war on Spain in the Deployment phase, as Standard does (it then attacks only at four
    to one, from one province at a time)."""
    for level in ("easy", "standard"):
        state = RULESET.from_position_text(QUIET_BORDER)
        seat = state.seat_of("germany")
        state.players[seat].control = level
        chosen = choose_for(state, seat)
        assert isinstance(chosen, SubmitDeployment)
        assert [(d.other, d.to) for d in chosen.diplomacy] == [("spain", "war")], level


def test_easy_attacks_only_at_four_to_one() -> None:
    """Easy's margin: from one province, four times the defenders.  At war with Spain,
    Reims keeps one division back against the enemy next door: with 7 divisions its 6
    spare do not attack Lyon's 2; with 9 its 8 spare do, all at once."""
    for divisions, attacks in ((7, ()), (9, (Attack("rei", "lyo", 8),))):
        text = QUIET_BORDER.replace("phase deployment", "phase attack").replace(
            "rei germany 5", f"rei germany {divisions}"
        )
        state = RULESET.from_position_text(text + "relation germany spain war\n")
        seat = state.seat_of("germany")
        chosen = choose_for(state, seat)
        assert isinstance(chosen, SubmitAttack)
        assert tuple(a for a in chosen.attacks if a.target == "lyo") == attacks, divisions
