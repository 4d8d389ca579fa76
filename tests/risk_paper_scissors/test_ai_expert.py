"""The ``expert`` player (issue 31): the slot it bids for, what its look-ahead keeps, and
a look-ahead that is deterministic and never touches the game's generator."""

from __future__ import annotations

from engine.ai import choose_for
from engine.rulesets.risk_paper_scissors.orders import Attack, Bid, EndTurn, Phase
from tests.risk_paper_scissors.helpers import BLUE, GREEN, RED, play, position


def _seat(state: object, level: str) -> None:
    for player in state.players:  # type: ignore[attr-defined]
        player.control = level


def test_expert_bids_nothing_for_the_last_slot_of_the_last_year() -> None:
    """Spec 6: the year's slots go by bid, each player taking its first free preferred
    slot.  In the last year nobody moves after the last slot to take back what it takes,
    and other computers want the first slot, so Expert asks for the last one and bids
    nothing."""
    s = position(phase=Phase.BID, options={"years": 2})
    _seat(s, "expert")
    assert choose_for(s, RED) == Bid(RED, 0, (3,))


def test_expert_bids_for_the_first_slot_after_a_year_in_the_last() -> None:
    """Last year's last slot and this year's first are two turns in a row, so Green
    (last in year 1) bids for slot 1: a little more than Standard's bid, within its 10
    energy; Red (first in year 1) asks for the last slot for nothing."""
    s = position(phase=Phase.BID)
    _seat(s, "expert")
    assert choose_for(s, GREEN) == Bid(GREEN, 1, (1,))
    assert choose_for(s, RED) == Bid(RED, 0, (3,))


def test_expert_keeps_the_wolf_that_guards_its_territory() -> None:
    """Issue 31, "keeps what it takes": Red's Alaska holds 1 Elemental and 1 Wolf, Blue's
    Wolf waits in Kamchatka.  Standard sends the Wolf to take the Northwest Territory
    (Wolves kill Elementals), leaving the lone Elemental to Blue's Wolf; Expert plays
    that future out, sees Alaska lost for the territory gained, and ends its turn."""
    s = position({"alaska": "Red 1E/0J/1W", "kamchatka": "Blue 1W"}, energy={RED: 3})
    _seat(s, "standard")
    assert choose_for(s, RED) == Attack("alaska", "northwest_territory", w=1)
    _seat(s, "expert")
    assert choose_for(s, RED) == EndTurn()


def test_expert_takes_what_it_can_hold() -> None:
    """The same capture with a second Wolf at home: Alaska keeps a Wolf against Blue's
    Wolf, so Expert takes the territory."""
    s = position({"alaska": "Red 1E/0J/2W", "kamchatka": "Blue 1W"}, energy={RED: 3})
    _seat(s, "expert")
    order = choose_for(s, RED)
    assert isinstance(order, Attack) and order.origin == "alaska"
    assert play(s, order).owner[order.target] == RED


def test_expert_is_deterministic_and_leaves_the_game_generator_alone() -> None:
    """Same state, same order; the look-ahead draws from a private generator, so the
    game's own generator (and the whole state) is unchanged by a decision."""
    s = position(
        {"alaska": "Red 4E/2J/1W", "kamchatka": "Blue 1E/1J/2W"},
        phase=Phase.PURCHASE,
        energy={RED: 15, BLUE: 9},
    )
    _seat(s, "expert")
    before = s.to_json()
    first = choose_for(s, RED)
    assert s.to_json() == before
    assert choose_for(s.clone(), RED) == first
