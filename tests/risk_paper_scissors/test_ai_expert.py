"""The ``expert`` player (issue 31): the slot it bids for, what its look-ahead keeps, and
a look-ahead that is deterministic and never touches the game's generator."""

from __future__ import annotations

from engine.ai import choose_for
from engine.rulesets.risk_paper_scissors.ai.expert import public_copy
from engine.rulesets.risk_paper_scissors.orders import Attack, Bid, EndTurn, Phase
from tests.risk_paper_scissors.helpers import BLUE, GREEN, RED, play, position


def _seat(state: object, level: str) -> None:
    for player in state.players:  # type: ignore[attr-defined]
        player.control = level


def test_expert_out_of_the_race_asks_for_the_last_slots_of_the_last_year_for_nothing() -> None:
    """Spec 6: the year's slots go by bid, each player taking its first free preferred
    slot.  In the last year nobody moves after the last slot to take back what it takes,
    so Expert asks for the slots latest first.  Red holds one territory against Green's
    forty: out of the race, it pays nothing for them."""
    s = position(phase=Phase.BID, options={"years": 2})
    _seat(s, "expert")
    assert choose_for(s, RED) == Bid(RED, 0, (3, 2, 1))


def test_expert_in_the_race_pays_a_little_for_the_last_slot_of_the_last_year() -> None:
    """Green leads (forty territories): the last slot of the last year keeps what it
    takes, and energy left at the end scores nothing, so Green pays for it: a sixth of
    its 10 energy, 1 (two at most), which beats the players asking for it for nothing.
    Whatever Blue's hidden Land card is, Green counts it as a Colony Influence: the
    same bid."""
    for card in ("land.colony_influence", "land.death_trap"):
        s = position(phase=Phase.BID, options={"years": 2}, hands={BLUE: [card]})
        _seat(s, "expert")
        assert choose_for(s, GREEN) == Bid(GREEN, 1, (3, 2, 1))


def test_expert_bids_for_the_first_slot_after_a_year_in_the_last() -> None:
    """Last year's last slot and this year's first are two turns in a row, so Green
    (last in year 1) bids for slot 1: a little more than Standard's bid, within its 10
    energy; Red (first in year 1) asks for the last slots for nothing, latest first."""
    s = position(phase=Phase.BID)
    _seat(s, "expert")
    assert choose_for(s, GREEN) == Bid(GREEN, 1, (1,))
    assert choose_for(s, RED) == Bid(RED, 0, (3, 2, 1))


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


def test_expert_does_not_see_a_rivals_hidden_trap() -> None:
    """Spec 14: which cards a rival holds, and where one lies armed, only its owner sees;
    everyone sees how many cards of each deck it has.  Red's Alaska (1E, 2W) can take
    Green's Northwest Territory with a Wolf and keep a Wolf at home.  Green has one Land
    card: a Death Trap armed on the Northwest Territory (it would kill the Wolf), armed
    elsewhere, in hand, or a Colony Influence.  Expert's look-ahead plays on a copy that
    holds only what Red can see, so its choice is the same in all four games: the
    capture (the trap is a risk a player takes)."""
    games = [
        {"armed": {"northwest_territory": "land.death_trap"}},
        {"armed": {"alberta": "land.death_trap"}},
        {"hands": {GREEN: ["land.death_trap"]}},
        {"hands": {GREEN: ["land.colony_influence"]}},
    ]
    orders = set()
    for hidden in games:
        s = position(
            {"alaska": "Red 1E/0J/2W", "kamchatka": "Blue 1W"},
            energy={RED: 3},
            **hidden,  # type: ignore[arg-type]
        )
        _seat(s, "expert")
        orders.add(choose_for(s, RED))
    assert orders == {Attack("alaska", "northwest_territory", w=1)}


def test_expert_plays_out_a_copy_with_the_rivals_hands_guessed_from_the_public_counts() -> None:
    """What Expert's look-ahead puts in a rival's hand: its public count of cards per deck
    (hand plus armed), read as the deck's Colony Influence first (every computer level
    buys it first; it is never spent) and the rest as a plain card of the deck; no rival
    card lies armed on the copy.  Green holds a Death Trap armed on Alberta and a Land
    Assemble and a Cease Fire in hand: two Land cards and one Diplomat card.  Red's own
    hand and armed card are its own and stay as they are."""
    s = position(
        hands={GREEN: ["land.assemble", "diplomat.cease_fire"], RED: ["land.death_trap"]},
        armed={"alberta": "land.death_trap", "eastern_australia": "diplomat.cease_fire"},
    )
    assert s.owner["alberta"] == GREEN and s.owner["eastern_australia"] == RED
    copy = public_copy(s, RED)
    assert copy.players[GREEN].hand == [
        "diplomat.colony_influence",
        "land.colony_influence",
        "land.assemble",
    ]
    assert copy.players[BLUE].hand == []
    assert copy.players[RED].hand == ["land.death_trap"]
    assert copy.armed == {"eastern_australia": "diplomat.cease_fire"}
    assert s.armed["alberta"] == "land.death_trap"  # the game itself is untouched
