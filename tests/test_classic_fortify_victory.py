"""Rule cases: free moves, supply lines and winning (manual pp.13, 18-20, 32, 34)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrderError
from engine.maps import load_map
from engine.rulesets.classic.missions import FALLBACK_MISSION, MISSIONS
from engine.rulesets.classic.orders import Attack, EndAttack, FreeMove
from engine.rulesets.classic.state import Phase
from tests.conftest import classic_position, classic_text, play

MAP = load_map("classic")
DESTROY_SEAT_1 = next(i for i, m in enumerate(MISSIONS) if m.kind == "destroy" and m.seat == 1)
"""The mission card "destroy the second seat's armies"."""


def test_single_free_move_then_the_turn_ends() -> None:
    """Manual p.13: "move as many of your armies as you like from one (and only one) of
    your territories into one (and only one) of your adjacent territories"; p.32: without
    Supply Lines "your turn will be ended automatically"."""
    state = classic_position({"alaska": 0, "alberta": 0}, {"alaska": 5}, phase=Phase.FORTIFY)
    state, _events = play(state, FreeMove("alaska", "alberta", 4))
    assert state.armies["alaska"] == 1 and state.armies["alberta"] == 5
    assert state.current == 1 and state.phase is Phase.REINFORCE


def test_free_move_leaves_one_army_and_needs_adjacency() -> None:
    """Manual p.13: "you must have at least one army behind"; moves go to an adjacent
    territory."""
    state = classic_position(
        {"alaska": 0, "alberta": 0, "peru": 0}, {"alaska": 5}, phase=Phase.FORTIFY
    )
    with pytest.raises(IllegalOrderError) as info:
        play(state, FreeMove("alaska", "alberta", 5))
    assert info.value.code == "order/count"
    with pytest.raises(IllegalOrderError) as info:
        play(state, FreeMove("alaska", "peru", 1))
    assert info.value.code == "order/not-adjacent"


def test_supply_lines_many_moves_each_army_once() -> None:
    """RULINGS §1: "Supply lines: any number of free moves at the end of the turn, each
    from one territory to an adjacent one, each army moving at most once"."""
    state = classic_position(
        {"alaska": 0, "alberta": 0, "ontario": 0},
        {"alaska": 5, "alberta": 3},
        phase=Phase.FORTIFY,
        options={"supply_lines": True},
    )
    state, _ = play(state, FreeMove("alaska", "alberta", 4))
    assert state.phase is Phase.FORTIFY and state.current == 0
    # Alberta now has 7 armies, 4 of which just arrived: only its own 3 may move on
    # (the newcomers stay behind to hold it).
    with pytest.raises(IllegalOrderError):
        play(state, FreeMove("alberta", "ontario", 4))
    state, _ = play(state, FreeMove("alberta", "ontario", 3))
    assert (state.armies["alaska"], state.armies["alberta"], state.armies["ontario"]) == (1, 4, 4)
    with pytest.raises(IllegalOrderError):
        play(state, FreeMove("ontario", "alberta", 2))  # Ontario: its own 1 army may move


def test_attack_phase_can_end_into_free_moves() -> None:
    """Manual p.13: "No matter what you've done on your turn, you may ... end it by
    fortifying your position"."""
    state = classic_position({"alaska": 0, "alberta": 0}, {"alaska": 5})
    state, _ = play(state, EndAttack())
    assert state.phase is Phase.FORTIFY
    with pytest.raises(IllegalOrderError):
        play(state, Attack("alaska", "kamchatka", 1))


def test_world_conquest_wins() -> None:
    """Manual p.13: "The winner is the first player to eliminate every opponent by
    capturing all 42 territories"."""
    state = classic_position(
        {"kamchatka": 1},
        {"alaska": 4},
        players=2,
        default_owner=0,
        dice=[6, 6, 6, 1],
        options={"neutral": "none"},
    )
    state, events = play(state, Attack("alaska", "kamchatka", 3))
    assert state.winner == 0 and state.phase is Phase.GAME_OVER
    assert events[-1]["type"] == "victory"


def test_two_player_neutral_win_without_eliminating_neutral() -> None:
    """Manual p.18: "To win, you do not have to eliminate the neutral armies"."""
    owners = dict.fromkeys(MAP.territory_ids, 2)
    owners["alaska"] = 0
    owners["kamchatka"] = 1
    state = classic_position(
        owners, {"alaska": 4}, players=2, options={"neutral": "us"}, dice=[6, 6, 6, 1]
    )
    state, _ = play(state, Attack("alaska", "kamchatka", 3))
    assert state.winner == 0


def test_continent_mission_wins_when_completed() -> None:
    """RULINGS §1 missions: "conquer North America and Australia" (mission 1): seat 0
    holds all of both but Alaska, and takes it from Kamchatka."""
    held = [
        t
        for t in MAP.continents["north_america"].territories
        + MAP.continents["australia"].territories
        if t != "alaska"
    ]
    state = classic_text(
        "\n".join(
            [
                "ruleset classic",
                "option objective missions",
                "seat 0 P0 human mission=1",
                "seat 1 P1 human",
                "seat 2 P2 human",
                "phase attack",
                "kamchatka 0 4",
                "alaska 1 1",
                *(f"{t} 0 1" for t in held),
            ]
        ),
        rest=2,
        dice=[6, 1],
    )
    state, _ = play(state, Attack("kamchatka", "alaska", 1))
    assert state.winner == 0


def test_plus_one_continent_mission_needs_a_third_continent() -> None:
    """RULINGS §1: "Europe and South America plus one other continent"."""
    from engine.rulesets.classic.missions import is_accomplished

    eu_sa = MAP.continents["europe"].territories + MAP.continents["south_america"].territories
    state = classic_position(dict.fromkeys(eu_sa, 0), missions={0: 4})
    assert not is_accomplished(state, MAP, 0)
    australia = MAP.continents["australia"].territories
    state = classic_position(dict.fromkeys([*eu_sa, *australia], 0), missions={0: 4})
    assert is_accomplished(state, MAP, 0)


def test_eighteen_territories_with_two_armies_mission() -> None:
    """RULINGS §1: "18 territories with at least 2 armies each"."""
    from engine.rulesets.classic.missions import is_accomplished

    owned = MAP.territory_ids[:18]
    state = classic_position(dict.fromkeys(owned, 0), dict.fromkeys(owned, 2), missions={0: 7})
    assert is_accomplished(state, MAP, 0)
    one_short = {**dict.fromkeys(owned, 2), owned[0]: 1}
    state = classic_position(dict.fromkeys(owned, 0), one_short, missions={0: 7})
    assert not is_accomplished(state, MAP, 0)


def test_destroy_mission_wins_by_eliminating_the_target() -> None:
    """RULINGS §1: "destroy each colour (one card per colour)"."""
    state = classic_text(
        f"""
        ruleset classic
        option objective missions
        seat 0 P0 human mission={DESTROY_SEAT_1}
        seat 1 P1 human
        seat 2 P2 human
        phase attack
        alaska 0 4
        kamchatka 1 1
        """,
        rest=2,
        dice=[6, 6, 6, 1],
    )
    state, _ = play(state, Attack("alaska", "kamchatka", 3))
    assert state.winner == 0


def test_destroy_mission_fulfilled_by_someone_else_becomes_24_territories() -> None:
    """Manual p.20: "If player number 1 fulfills the mission of player number 2 (by ...
    eliminating all player number 3's armies), the second player's mission now changes to
    Conquer 24 territories"."""
    state = classic_text(
        f"""
        ruleset classic
        option objective missions
        seat 0 P0 human mission=0
        seat 1 P1 human
        seat 2 P2 human mission={DESTROY_SEAT_1}
        phase attack
        alaska 0 4
        kamchatka 1 1
        """,
        rest=2,
        dice=[6, 6, 6, 1],
    )
    state, events = play(state, Attack("alaska", "kamchatka", 3))
    assert state.winner is None
    assert state.players[2].mission == FALLBACK_MISSION
    assert any(e["type"] == "mission-changed" and e["seat"] == 2 for e in events)


def test_headquarters_win_own_plus_enemy_hqs() -> None:
    """Manual p.19: "capture all opposing Headquarters ... whilst also controlling their
    own Headquarters"; RULINGS §1: own HQ plus the configured number of enemy HQs."""
    position = """
        ruleset classic
        option objective headquarters
        seat 0 P0 human hq=peru
        seat 1 P1 human hq=kamchatka
        seat 2 P2 human hq=brazil
        phase attack
        alaska 0 4
        peru 0 1
        kamchatka 1 1
        """
    state = classic_text(position, rest=2, dice=[6, 6, 6, 1])
    after, _ = play(state, Attack("alaska", "kamchatka", 3))
    assert after.winner is None  # Brazil, the third HQ, is still enemy-held
    state = classic_text(position + "option enemy_hqs 1", rest=2, dice=[6, 6, 6, 1])
    after, _ = play(state, Attack("alaska", "kamchatka", 3))
    assert after.winner == 0
