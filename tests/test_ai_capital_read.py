"""Capital Risk Expert's read of its rivals: rule cases for the levels its futures draw
rivals' orders from, what a read of those orders leaves on the board, and the capital
guard sized against the attack the read foresees."""

from __future__ import annotations

import engine.rulesets.capital.ai.expert as expert
from engine.rulesets.capital import SubmitOrders
from engine.rulesets.capital.ai.foresight import Forecast
from engine.rulesets.capital.ai.levels import GOOD, STANDARD, orders_for
from engine.rulesets.capital.ai.plan import LevelProfile, Planner
from engine.rulesets.capital.ai.view import View
from tests.capital_helpers import A, B, orders, position

DUEL = """
seat 0 A expert capital=alaska
seat 1 B good capital=kamchatka
alaska 0 8
northwest_territory 0 3
alberta 0 2
kamchatka 1 9
"""
"""Two factions: B holds everything else (one unit a territory) and its capital
Kamchatka (9) borders A's capital Alaska (8)."""


def test_a_rival_of_a_known_level_is_read_as_that_level() -> None:
    """A computer seat's level is public in the lobby, and each level is a pure function
    of the public board: Expert reads a Good seat as Good alone; a seat whose orders
    no level gives (a human's) as Good or Standard."""
    state = position(DUEL, factions=2)
    assert expert.rival_models(state, B) == [GOOD]
    human = position(DUEL.replace("seat 1 B good", "seat 1 B human"), factions=2)
    assert expert.rival_models(human, B) == [GOOD, STANDARD]


def test_the_read_leaves_what_the_rival_places_less_what_it_sends() -> None:
    """Orders are resolved together: a rival territory keeps its units plus its
    placements less the units it sends out (never below one), and an attack on one of
    ours is a foreseen clash: Kamchatka (9) gets 3 and sends 10 at Alaska, so it holds 2
    and Alaska faces 10; Greenland (1) gets 2 and sends everything (no number: all but
    one) at the Northwest Territory, so it holds 1 and sends 2."""
    state = position(DUEL, factions=2)
    rival = orders(
        B,
        place=[("kamchatka", 3), ("greenland", 2)],
        attacks=[("kamchatka", "alaska", 10), ("greenland", "northwest_territory", None)],
    )
    seen = expert.read_of(state, A, {B: rival})
    assert seen.defenders["kamchatka"] == 2
    assert seen.defenders["greenland"] == 1
    assert seen.defenders["ukraine"] == 1
    assert seen.clashes == {("kamchatka", "alaska"): 10, ("greenland", "northwest_territory"): 2}
    assert "alaska" not in seen.defenders


def test_the_read_guard_keeps_only_what_the_foreseen_attack_needs() -> None:
    """Good guards its capital against the worst plausible attack (Kamchatka's whole
    stack and its probable placement); the read guard, told that Kamchatka's orders
    send nothing at Alaska, keeps one unit there and frees the rest; told that it
    sends 12, it keeps enough to hold at its accepted risk."""
    state = position(DUEL, factions=2)
    quiet = Forecast({"kamchatka": 9}, {})

    def keep(profile: LevelProfile, seen: Forecast) -> int:
        plan = Planner(View(state, A), profile, 0, {})
        plan.expected, plan.clashes = seen.defenders, seen.clashes
        plan.guard_capital()
        return plan.keep["alaska"]

    assert keep(GOOD, quiet) > 1
    assert keep(expert.READ_GUARD, quiet) == 1
    assert keep(expert.READ_GUARD, Forecast({"kamchatka": 1}, {("kamchatka", "alaska"): 12})) > 8


CROWD = """
seat 0 A expert
seat 1 B good
seat 2 C good
siam 0 6
india 1 7
middle_east 2 1
"""
"""Four factions: B's India (7) faces C's Middle East (1) and A's Siam (6); every other
territory is the bystander D's, forty units each."""


def test_among_four_expert_strikes_where_the_read_says_the_rival_leaves() -> None:
    """Units sent to attack have left their territory: B's level, read from the public
    board, sends India's stack at the Middle East, so India keeps one unit.  Good, which
    reads nobody among four factions, sees India's seven and holds Siam back; Expert
    attacks India from Siam."""
    state = position(CROWD, factions=4, rest_units=40)
    public = expert.public_copy(state, A)
    read = expert.rival_orders(public, B, GOOD)
    assert ("india", "middle_east") in {(a.origin, a.target) for a in read.attacks}
    assert ("siam", "india") not in _pairs(orders_for(state, A, GOOD))
    assert ("siam", "india") in _pairs(expert.expert_orders(state, A))


def _pairs(given: SubmitOrders) -> set[tuple[str, str]]:
    return {(a.origin, a.target) for a in given.attacks}
