"""Rule cases: attacking, capturing and eliminating (manual pp.10-12, 30-31, 35)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrderError
from engine.maps import load_map
from engine.rulesets.classic.orders import Attack, EndTurn, MoveIn, Place, Reroll, TradeCards
from engine.rulesets.classic.state import ClassicState, Phase
from tests.conftest import CLASSIC, classic_position, classic_text, play

MAP = load_map("classic")


def rolls(events: list[dict[str, object]]) -> list[dict[str, object]]:
    return [e for e in events if e["type"] == "roll"]


def cards_of(kind: str) -> list[int]:
    return [c.index for c in MAP.deck if c.type.value == kind]


def last_stand(mine: list[int], theirs: list[int]) -> ClassicState:
    """Seat 1's last territory, Kamchatka, falls to Alaska's three sixes; seat 0 holds
    ``mine``, seat 1 ``theirs`` (seat 2 holds everything else)."""
    return classic_text(
        f"""
        ruleset classic
        option game_type custom
        option selection random
        seat 0 P0 human cards={",".join(map(str, mine)) or "-"}
        seat 1 P1 human cards={",".join(map(str, theirs)) or "-"}
        seat 2 P2 human
        phase attack
        alaska 0 5
        kamchatka 1 1
        """,
        rest=2,
        dice=[6, 6, 6, 1],
    )


def test_attack_needs_adjacency() -> None:
    """Manual p.10: "You may only attack a territory that's adjacent to one of your own"."""
    state = classic_position({"alaska": 0, "peru": 1}, {"alaska": 5})
    with pytest.raises(IllegalOrderError) as info:
        play(state, Attack("alaska", "peru", 3))
    assert info.value.code == "order/not-adjacent"
    assert "Alaska is not adjacent to Peru" in info.value.message


def test_sea_links_are_adjacent() -> None:
    """Manual p.10: "North Africa is adjacent to Brazil and Alaska is adjacent to
    Kamchatka"."""
    state = classic_position({"alaska": 0, "kamchatka": 1}, {"alaska": 2}, dice=[6, 1])
    state, _events = play(state, Attack("alaska", "kamchatka", 1))
    assert state.owner["kamchatka"] == 0


def test_attack_needs_two_armies_and_dice_limited_by_armies() -> None:
    """Manual p.10: "at least two armies in the territory from which you are attacking"
    and "at least one more army in your territory than the number of dice you roll"."""
    state = classic_position({"alaska": 0, "kamchatka": 1}, {"alaska": 1})
    with pytest.raises(IllegalOrderError) as info:
        play(state, Attack("alaska", "kamchatka", 1))
    assert info.value.code == "order/too-few-armies"
    state = classic_position({"alaska": 0, "kamchatka": 1}, {"alaska": 3})
    with pytest.raises(IllegalOrderError) as info:
        play(state, Attack("alaska", "kamchatka", 3))
    assert info.value.code == "order/dice"


def test_cannot_attack_own_territory() -> None:
    """Manual p.10: an attack captures a territory by defeating "the opposing armies"."""
    state = classic_position({"alaska": 0, "kamchatka": 0}, {"alaska": 3})
    with pytest.raises(IllegalOrderError) as info:
        play(state, Attack("alaska", "kamchatka", 2))
    assert info.value.code == "order/own-target"


def test_highest_dice_compared_ties_to_defender() -> None:
    """Manual p.11: "comparing the highest die ... then ... the next-highest dice ... IN
    CASE OF A TIE, THE DEFENDER ALWAYS WINS"."""
    state = classic_position(
        {"alaska": 0, "kamchatka": 1}, {"alaska": 4, "kamchatka": 3}, dice=[6, 3, 2, 5, 3]
    )
    state, events = play(state, Attack("alaska", "kamchatka", 3))
    (roll,) = rolls(events)
    # 6 beats 5; 3 ties 3 -> defender.
    assert roll["attacker_losses"] == 1 and roll["defender_losses"] == 1
    assert state.armies["alaska"] == 3 and state.armies["kamchatka"] == 2


def test_defender_rolls_two_dice_only_with_two_armies() -> None:
    """Manual p.11: "To roll two dice, however, they must have at least two armies on the
    territory under attack"."""
    state = classic_position(
        {"alaska": 0, "kamchatka": 1}, {"alaska": 4, "kamchatka": 1}, dice=[1, 1, 1, 6]
    )
    state, events = play(state, Attack("alaska", "kamchatka", 3))
    (roll,) = rolls(events)
    assert len(roll["defend"]) == 1  # type: ignore[arg-type]
    assert roll["attacker_losses"] == 1


def test_capture_move_in_at_least_the_dice_rolled() -> None:
    """Manual p.12: "move in at least as many armies as the number of dice you rolled in
    your last battle. However always leave at least one army behind"."""
    state = classic_position(
        {"alaska": 0, "kamchatka": 1}, {"alaska": 6, "kamchatka": 1}, dice=[6, 5, 4, 1]
    )
    state, _events = play(state, Attack("alaska", "kamchatka", 3))
    assert state.phase is Phase.MOVE_IN
    assert state.pending == {"origin": "alaska", "target": "kamchatka", "min": 3, "max": 5}
    for bad in (2, 6):
        with pytest.raises(IllegalOrderError) as info:
            play(state, MoveIn(bad))
        assert info.value.code == "order/move-in"
    state, _ = play(state, MoveIn(4))
    assert state.armies["alaska"] == 2 and state.armies["kamchatka"] == 4
    assert state.phase is Phase.ATTACK


def test_move_in_automatic_when_there_is_no_choice() -> None:
    """Manual p.12: the captured territory "must [be occupied] immediately"; with two
    armies and one die, the one army that can move does."""
    state = classic_position({"alaska": 0, "kamchatka": 1}, {"alaska": 2}, dice=[6, 1])
    state, _events = play(state, Attack("alaska", "kamchatka", 1))
    assert state.phase is Phase.ATTACK
    assert state.armies["kamchatka"] == 1 and state.armies["alaska"] == 1


def test_continuous_attack_stops_when_the_attacker_loses_a_roll() -> None:
    """Manual p.31: "Continuous Attack will automatically repeat an attack ... until the
    attacker loses a battle or the defender is destroyed"."""
    state = classic_position(
        {"alaska": 0, "kamchatka": 1},
        {"alaska": 10, "kamchatka": 9},
        dice=[6, 6, 6, 1, 1, 6, 6, 6, 1, 1, 1, 1, 1, 6, 6],
    )
    state, events = play(state, Attack("alaska", "kamchatka", 3, "continuous"))
    state.rng.check_used()
    assert [(r["attacker_losses"], r["defender_losses"]) for r in rolls(events)] == [
        (0, 2),
        (0, 2),
        (2, 0),
    ]
    assert state.armies["alaska"] == 8 and state.armies["kamchatka"] == 5


def test_do_or_die_until_one_army_left() -> None:
    """Manual p.31: "Do Or Die Attack will repeat an attack until the defender is destroyed
    or the attacker has only one army left"."""
    state = classic_position(
        {"alaska": 0, "kamchatka": 1}, {"alaska": 4, "kamchatka": 9}, dice=[1] * 8
    )
    state, events = play(state, Attack("alaska", "kamchatka", 3, "do-or-die"))
    state.rng.check_used()
    assert state.armies["alaska"] == 1
    assert state.owner["kamchatka"] == 1
    assert len(rolls(events)) == 2  # 3 dice v 2: lose 2; then 1 die v 2 dice: lose 1


def test_one_card_per_turn_with_a_conquest() -> None:
    """Manual p.15: "No matter how many territories you capture on a turn, you get only
    one RISK card at the end of that turn"."""
    state = classic_position(
        {"alaska": 0, "kamchatka": 1, "alberta": 1},
        {"alaska": 9, "kamchatka": 1, "alberta": 1},
        dice=[6, 6, 6, 1, 6, 6, 6, 1],
    )
    pile = list(state.draw_pile)
    state, _ = play(state, Attack("alaska", "kamchatka", 3), MoveIn(3))
    state, _ = play(state, Attack("alaska", "alberta", 3), MoveIn(3))
    state, _events = play(state, EndTurn())
    assert state.players[0].cards == [pile[0]]
    no_conquest = classic_position({"alaska": 0}, {})
    no_conquest, _ = play(no_conquest, EndTurn())
    assert no_conquest.players[0].cards == []


def test_elimination_takes_cards_and_six_cards_force_trades_down_to_four() -> None:
    """Manual p.12: "you win any RISK cards that player has. If ... you then hold six or
    more cards, you must immediately trade in matched sets until you have four or fewer
    cards ... which you immediately place"."""
    infantry, cavalry = cards_of("infantry"), cards_of("cavalry")
    state = last_stand(infantry[:3], cavalry[:3])
    state, events = play(state, Attack("alaska", "kamchatka", 3))
    assert any(e["type"] == "eliminated" and e["seat"] == 1 for e in events)
    assert not state.players[1].alive and state.players[1].cards == []
    state, _ = play(state, MoveIn(3))
    assert state.phase is Phase.REINFORCE and len(state.players[0].cards) == 6
    with pytest.raises(IllegalOrderError) as info:
        play(state, Place("alaska", 1))
    assert info.value.code == "order/must-trade"
    state, _ = play(state, TradeCards(tuple(infantry[:3])))
    assert state.phase is Phase.REINFORCE and state.reinforcements >= 4
    state, _ = play(state, Place("alaska", state.reinforcements))
    assert state.phase is Phase.ATTACK


def test_after_an_elimination_trading_stops_at_four_cards() -> None:
    """RULINGS §1: "After an elimination, the conqueror trades sets only while holding 6
    or more cards, and stops as soon as the hand is down to 4 or fewer; further sets wait
    for the start of a later turn." Seven cards: one trade leaves four (a set among
    them), and that set may not be traded now."""
    infantry, cavalry = cards_of("infantry"), cards_of("cavalry")
    state = last_stand([*infantry[:3], cards_of("artillery")[0]], cavalry[:3])
    state, _ = play(state, Attack("alaska", "kamchatka", 3))
    state, _ = play(state, MoveIn(3))
    assert len(state.players[0].cards) == 7
    state, _ = play(state, TradeCards(tuple(infantry[:3])))
    assert len(state.players[0].cards) == 4
    before = state.to_json()
    with pytest.raises(IllegalOrderError) as info:
        CLASSIC.apply(state, TradeCards(tuple(cavalry[:3])))
    assert info.value.code == "order/no-trade" and "4 cards" in info.value.message
    assert state.to_json() == before
    assert not [o for o in CLASSIC.legal_orders(state) if isinstance(o, TradeCards)]
    state, _ = play(state, Place("alaska", state.reinforcements))
    assert state.phase is Phase.ATTACK and len(state.players[0].cards) == 4


def test_attack_advantage_is_offered_after_every_roll_with_that_roll_shown() -> None:
    """RULINGS §1: "after every roll (the manual's 'battle' is one throw of the dice) a
    human attacker is shown that roll and offered to re-roll their single lowest die".
    (Changed by the ruling: it was once per sequence of rolls on one target.)"""
    state = classic_position(
        {"alaska": 0, "kamchatka": 1},
        {"alaska": 6, "kamchatka": 5},
        options={"attack_advantage": True},
        dice=[6, 4, 1, 5, 4, 6, 1, 1, 1, 6, 6, 5],
    )
    state, events = play(state, Attack("alaska", "kamchatka", 3))
    assert state.phase is Phase.ADVANTAGE
    (offer,) = [e for e in events if e["type"] == "advantage-offered"]
    assert offer["attack"] == [6, 4, 1] and offer["defend"] == [5, 4]
    _declined, events = play(state, Reroll(False))
    (roll,) = rolls(events)
    assert roll["attack"] == [6, 4, 1] and roll["attacker_losses"] == 1
    state, events = play(state, Reroll(True))
    used = [e for e in events if e["type"] == "advantage-used"]
    assert used == [{"type": "advantage-used", "seat": 0, "old": 1, "new": 6}]
    (roll,) = rolls(events)
    assert roll["attack"] == [6, 4, 6] and roll["defender_losses"] == 2
    # The next roll on the same target is offered again, and so is its re-roll.
    state, events = play(state, Attack("alaska", "kamchatka", 3))
    assert state.phase is Phase.ADVANTAGE
    (offer,) = [e for e in events if e["type"] == "advantage-offered"]
    assert offer["attack"] == [1, 1, 1] and offer["defend"] == [6, 6]
    state, events = play(state, Reroll(True))
    (roll,) = rolls(events)
    assert roll["attack"] == [5, 1, 1] and roll["attacker_losses"] == 2


def test_attack_advantage_pauses_a_continuous_attack_at_every_losing_roll() -> None:
    """RULINGS §1: the offer comes "after every roll", so an automatic attack stops at
    each roll the attacker would lose something in and shows it."""
    state = classic_position(
        {"alaska": 0, "kamchatka": 1},
        {"alaska": 6, "kamchatka": 5},
        options={"attack_advantage": True},
        dice=[6, 6, 6, 1, 1, 2, 2, 2, 6, 6],
    )
    state, events = play(state, Attack("alaska", "kamchatka", 3, "continuous"))
    (first,) = rolls(events)
    assert first["attack"] == [6, 6, 6] and first["defender_losses"] == 2
    assert state.phase is Phase.ADVANTAGE
    (offer,) = [e for e in events if e["type"] == "advantage-offered"]
    assert offer["attack"] == [2, 2, 2] and offer["defend"] == [6, 6]


def test_computer_advantage_applies_to_computer_players_only() -> None:
    """Manual p.35: "Computer players use the advantages (when enabled) at their own
    discretion"; attack advantage alone does not help them."""
    base = {"alaska": 0, "kamchatka": 1}
    armies = {"alaska": 5, "kamchatka": 5}
    state = classic_position(
        base,
        armies,
        options={"attack_advantage": True},
        controls=("baseline",),
        dice=[1, 1, 1, 6, 6],
    )
    state, _ = play(state, Attack("alaska", "kamchatka", 3))
    assert state.phase is Phase.ATTACK
    state = classic_position(
        base,
        armies,
        options={"computer_advantage": True},
        controls=("baseline",),
        dice=[1, 1, 1, 6, 6],
    )
    state, _ = play(state, Attack("alaska", "kamchatka", 3))
    assert state.phase is Phase.ADVANTAGE


def test_illegal_order_leaves_the_state_untouched() -> None:
    """An illegal order raises a typed error with a stable code; the state is unchanged."""
    state = classic_position({"alaska": 0, "peru": 1}, {"alaska": 5})
    before = state.to_json()
    with pytest.raises(IllegalOrderError):
        CLASSIC.apply(state, Attack("alaska", "peru", 3))
    with pytest.raises(IllegalOrderError) as info:
        CLASSIC.apply(state, MoveIn(1))
    assert info.value.code == "order/wrong-phase"
    assert state.to_json() == before
