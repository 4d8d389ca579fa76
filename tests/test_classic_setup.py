"""Rule cases: Classic setup (manual pp.5, 17-20, 26-29; RULINGS §1)."""

from __future__ import annotations

import pytest

from engine.core import PlayerSpec
from engine.errors import IllegalOrderError, OptionError
from engine.rulesets.classic.missions import FALLBACK_MISSION, MISSIONS
from engine.rulesets.classic.orders import ChooseHeadquarters, Claim, Place, PlaceNeutral
from engine.rulesets.classic.state import UNOWNED, Phase
from tests.conftest import CLASSIC, play


def humans(n: int) -> list[PlayerSpec]:
    return [PlayerSpec(f"P{i}") for i in range(n)]


@pytest.mark.parametrize(("players", "armies"), [(2, 40), (3, 35), (4, 30), (5, 25), (6, 20)])
def test_starting_armies_by_player_count(players: int, armies: int) -> None:
    """Manual p.5: "If 2 are playing each player will receive 40 armies ... If 6 are
    playing each player will receive 20 armies." (manual selection: nothing placed yet)"""
    state = CLASSIC.new_game(humans(players), {"game_type": "us_full", "neutral": "none"}, "s")
    assert state.phase is Phase.CLAIM
    assert all(p.setup_armies == armies for p in state.players)


def test_random_selection_deals_every_territory_evenly() -> None:
    """UK variant p.20: "territories are chosen randomly ... for all players"; each gets
    one army on each territory dealt, and the rest stay to be placed."""
    state = CLASSIC.new_game(humans(4), {"game_type": "uk_full"}, "s")
    counts = [len(state.territories_of(s)) for s in range(4)]
    assert sorted(counts) == [10, 10, 11, 11]
    assert all(state.armies[t] == 1 for t in state.owner)
    assert all(p.setup_armies == 30 - counts[i] for i, p in enumerate(state.players))
    assert state.phase is Phase.SETUP


def test_manual_claim_then_claimed_territory_refused() -> None:
    """Manual p.5: "places one of their armies onto any unoccupied territory"."""
    state = CLASSIC.new_game(humans(3), {"game_type": "us_full"}, "s")
    first = state.current
    state, _ = play(state, Claim("alaska"))
    assert state.owner["alaska"] == first and state.armies["alaska"] == 1
    assert state.current != first
    with pytest.raises(IllegalOrderError) as info:
        CLASSIC.apply(state, Claim("alaska"))
    assert info.value.code == "order/claimed"


def test_setup_places_one_army_at_a_time_in_turn() -> None:
    """Manual p.5: "each player, in turn, places one army onto any territory that they
    already occupy"."""
    state = CLASSIC.new_game(humans(3), {"game_type": "uk_full"}, "s")
    seat = state.current
    own = state.territories_of(seat)[0]
    with pytest.raises(IllegalOrderError) as info:
        CLASSIC.apply(state, Place(own, 2))
    assert info.value.code == "order/count"
    state2, _ = play(state, Place(own, 1))
    assert state2.armies[own] == 2 and state2.current != seat
    foreign = next(t for t, o in state.owner.items() if o != seat)
    with pytest.raises(IllegalOrderError) as info:
        CLASSIC.apply(state, Place(foreign, 1))
    assert info.value.code == "order/not-owned"


def test_play_begins_with_whoever_placed_first() -> None:
    """Manual p.5: "Play begins with whoever placed the first army"."""
    state = CLASSIC.new_game(humans(3), {"game_type": "custom", "special_setup": True}, "s9")
    assert state.phase is Phase.REINFORCE
    assert state.current == state.first_player


def test_special_setup_places_all_armies_randomly() -> None:
    """Manual p.27: Special Setup: "the initial territory setup AND reinforcing is done
    randomly for all players"."""
    state = CLASSIC.new_game(humans(4), {"game_type": "custom", "special_setup": True}, "x")
    totals = [sum(state.armies[t] for t in state.territories_of(s)) for s in range(4)]
    assert totals == [30, 30, 30, 30]
    assert state.turn == 1


def test_us_neutral_a_third_neutral_then_two_own_and_one_neutral_per_round() -> None:
    """Manual p.17: "The computer selects a third to be set neutral ... place two armies
    into any one or two of the territories you occupy and one army onto any neutral
    territory."  RULINGS §1: neutral territories start with 1 army (US)."""
    state = CLASSIC.new_game(humans(2), {"game_type": "us_full"}, "s")
    neutral = state.neutral
    assert neutral == 2
    assert len(state.territories_of(neutral)) == 14
    assert all(state.armies[t] == 1 for t in state.territories_of(neutral))
    assert state.options.selection == "random"
    seat = state.current
    own = state.territories_of(seat)[0]
    a_neutral = state.territories_of(neutral)[0]
    state, _ = play(state, Place(own, 1), Place(own, 1))
    assert state.current == seat  # the neutral army is still owed
    with pytest.raises(IllegalOrderError):
        CLASSIC.apply(state, Place(own, 1))
    state, _ = play(state, PlaceNeutral(a_neutral))
    assert state.armies[a_neutral] == 2 and state.armies[own] == 3
    assert state.current != seat


def test_uk_neutral_starts_with_two_and_gets_half_the_reinforcements() -> None:
    """Manual p.20/38 and RULINGS §1: UK neutral territories start with 2 armies; each
    turn Neutral receives half (rounded down) of what the player on turn receives."""
    state = CLASSIC.new_game(humans(2), {"game_type": "uk_full", "special_setup": True}, "s")
    neutral = state.neutral
    assert neutral is not None
    neutral_total = sum(state.armies[t] for t in state.territories_of(neutral))
    # Turn 1 has started: the player on turn holds 14 territories -> 4 armies, neutral +2.
    assert neutral_total == 14 * 2 + 2


def test_neutral_needs_two_players_and_random_selection() -> None:
    """Manual p.38: "start a game with just two players ... All neutral games must begin
    with random territory selection"."""
    with pytest.raises(OptionError):
        CLASSIC.new_game(humans(3), {"neutral": "us"}, "s")
    with pytest.raises(OptionError):
        CLASSIC.new_game(humans(2), {"neutral": "us", "selection": "manual"}, "s")


def test_two_players_without_neutral() -> None:
    """Manual p.38: "You can answer No in which case you can play a two-player game"."""
    state = CLASSIC.new_game(humans(2), {"game_type": "uk_full", "neutral": "none"}, "s")
    assert state.neutral is None
    assert len(state.territories_of(0)) == 21


def test_headquarters_chosen_in_turn_and_their_cards_removed() -> None:
    """Manual p.19: "select one of the territories you've claimed and make it your
    Headquarters ... the computer automatically removes the card from the deck"."""
    state = CLASSIC.new_game(
        humans(3), {"game_type": "us_short", "selection": "random", "special_setup": True}, "s"
    )
    assert state.phase is Phase.HEADQUARTERS
    chosen = []
    for _ in range(3):
        territory = state.territories_of(state.current)[0]
        chosen.append(territory)
        state, events = play(state, ChooseHeadquarters(territory))
    assert any(e["type"] == "hq-revealed" for e in events)
    assert state.phase is Phase.REINFORCE
    from engine.maps import load_map

    deck = load_map("classic").deck
    assert not any(deck[c].territory in chosen for c in state.draw_pile)


def test_missions_dealt_and_destroy_yourself_becomes_24_territories() -> None:
    """RULINGS §1: "A destroy-mission whose target is oneself ... becomes 'conquer 24
    territories'"; cards for absent colours are removed."""
    for seed in range(40):
        state = CLASSIC.new_game(humans(3), {"game_type": "uk_short"}, f"m{seed}")
        for seat, player in enumerate(state.players):
            mission = MISSIONS[player.mission]  # type: ignore[index]
            assert not (mission.kind == "destroy" and mission.seat == seat)
            assert not (mission.kind == "destroy" and mission.seat >= 3)
    missions_seen = {
        p.mission
        for seed in range(40)
        for p in CLASSIC.new_game(humans(3), {"game_type": "uk_short"}, f"m{seed}").players
    }
    assert FALLBACK_MISSION in missions_seen


def test_unknown_option_and_bad_values_are_refused() -> None:
    """An unknown ruleset or option name is an error, never ignored."""
    with pytest.raises(OptionError) as info:
        CLASSIC.new_game(humans(3), {"armies_limit": 12}, "s")
    assert info.value.code == "option/unknown"
    with pytest.raises(OptionError):
        CLASSIC.new_game(humans(3), {"army_limit": 4}, "s")
    with pytest.raises(OptionError):
        CLASSIC.new_game(humans(3), {"card_sets": "fixed", "low_exchange": True}, "s")
    with pytest.raises(OptionError):
        CLASSIC.new_game(humans(7), {}, "s")
    from engine.core import find_ruleset

    with pytest.raises(OptionError) as info:
        find_ruleset("chess")
    assert info.value.code == "ruleset/unknown"


def test_claim_phase_until_all_claimed() -> None:
    """Manual p.5: "Everyone, in turn, places one army onto any unoccupied territory until
    all territories have been claimed"."""
    state = CLASSIC.new_game(humans(2), {"game_type": "us_full", "neutral": "none"}, "s")
    while state.phase is Phase.CLAIM:
        free = next(t for t, o in state.owner.items() if o == UNOWNED)
        state, _ = play(state, Claim(free))
    assert state.phase is Phase.SETUP
    assert len(state.territories_of(0)) == len(state.territories_of(1)) == 21


@pytest.mark.parametrize(
    "options",
    [
        {"game_type": "us_full", "special_setup": True},
        {"game_type": "custom", "selection": "manual", "special_setup": True},
        {"game_type": "us_short", "special_setup": True},
    ],
)
def test_special_setup_with_manual_selection_is_refused(options: dict[str, object]) -> None:
    """RULINGS §1: "Special setup implies random territory selection: the engine refuses
    special setup together with manual selection (`option/conflict`)"."""
    with pytest.raises(OptionError) as info:
        CLASSIC.new_game(humans(3), options, "s")
    assert info.value.code == "option/conflict"
    assert "special_setup" in info.value.message and "manual" in info.value.message


def test_special_setup_in_a_us_neutral_game_places_the_neutral_armies_too() -> None:
    """RULINGS §1: special setup "in a two-player neutral game ... places the neutral's
    armies too, exactly as the manual rounds would": 2 own + 1 neutral per round, so
    each player's 26 remaining armies bring 13 to Neutral: 40 / 40 / 14 + 26."""
    state = CLASSIC.new_game(humans(2), {"game_type": "us_full", "special_setup": True}, "s")
    neutral = state.neutral
    assert neutral is not None and state.options.selection == "random"
    totals = [sum(state.armies[t] for t in state.territories_of(s)) for s in (0, 1, neutral)]
    assert totals == [40, 40, 40]
    assert state.phase is Phase.REINFORCE and state.turn == 1


def test_army_limit_on_without_a_number_gives_twelve() -> None:
    """RULINGS §1: "Army limit: optional cap per territory, 5..750; switching it on
    without a number gives 12"."""
    for on in ("on", True, "yes"):
        state = CLASSIC.new_game(humans(3), {"army_limit": on}, "s")
        assert state.options.army_limit == 12
    state = CLASSIC.new_game(humans(3), {"army_limit": "off"}, "s")
    assert state.options.army_limit == 0
    with pytest.raises(OptionError) as info:
        CLASSIC.new_game(humans(3), {"army_limit": "lots"}, "s")
    assert info.value.code == "option/bad-value"
