"""The Expert Classic computer level: it looks ahead, plays legal orders, finishes the game."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.ai import choose_order, levels
from engine.core import find_ruleset
from engine.rng import Rng
from engine.rulesets.classic.ai.expert import position_value
from engine.rulesets.classic.orders import Attack, Place
from engine.rulesets.classic.state import ClassicState, Phase
from tests.classic_ai_positions import AUSTRALIA, ai_position, play_whole_games
from tests.position_cases import rewrite

CLASSIC = find_ruleset("classic")


def _endgame(
    rival: Iterable[str],
    neutral: Iterable[str] = (),
    armies: Mapping[str, int] | None = None,
    phase: Phase = Phase.ATTACK,
) -> ClassicState:
    """Two players and the neutral: Expert (seat 0) holds every territory but the
    rival's and the neutral ones, with 3 armies each unless ``armies`` says otherwise;
    turn 40, this turn's card already earned: only the game is at stake."""
    return ai_position(
        ["expert", "good"],
        {**dict.fromkeys(rival, 1), **dict.fromkeys(neutral, 2)},
        rest=0,
        armies=armies,
        phase=phase,
        turn=40,
        seed="endgame",
        more=["conquered true"],
    )


def test_expert_is_offered() -> None:
    assert "expert" in levels("classic")


def test_attacks_the_last_enemy_stack() -> None:
    """'Eliminate all opponents by capturing every territory' (the rules' object): the
    rival's last territory holds 150 armies against Expert's 300 beside it; Expert
    attacks it, since taking it wins the game (Standard waits here)."""
    state = _endgame(rival=("argentina",), armies={"brazil": 300, "argentina": 150})
    order = choose_order(state)
    assert isinstance(order, Attack)
    assert (order.origin, order.target) == ("brazil", "argentina")


def test_breaks_a_neutral_wall_to_reach_the_rival() -> None:
    """The rival's last territories (the south of Australia) sit behind neutral
    Indonesia and New Guinea, 20 armies each: Expert's 30 in Siam break the wall rather
    than wait while the neutral armies grow (Good waits here: no single battle scores)."""
    state = _endgame(
        rival=("western_australia", "eastern_australia"),
        neutral=("indonesia", "new_guinea"),
        armies={
            "siam": 30,
            "indonesia": 20,
            "new_guinea": 20,
            "western_australia": 10,
            "eastern_australia": 10,
        },
    )
    order = choose_order(state)
    assert isinstance(order, Attack)
    assert (order.origin, order.target) == ("siam", "indonesia")


def test_reinforces_where_the_wall_can_be_broken() -> None:
    """With nothing worth attacking this turn, the reinforcements go to the stack that
    faces the way to the rival, not to the first territory by name."""
    state = _endgame(
        rival=("western_australia", "eastern_australia"),
        neutral=("indonesia", "new_guinea"),
        armies={"siam": 6, "indonesia": 8, "new_guinea": 8, "eastern_australia": 10},
        phase=Phase.REINFORCE,
    )
    state.reinforcements = 20
    order = choose_order(state)
    assert isinstance(order, Place)
    assert order.territory == "siam"


def test_same_position_same_order_whatever_the_game_dice() -> None:
    """Expert samples its own dice, seeded from the position: the same position gives
    the same order, however the game's generator stands, and the game's generator is
    left where it was."""
    state = _endgame(
        rival=(*AUSTRALIA, "siam", "china"),
        armies={"india": 9, "siam": 5, "china": 4, "mongolia": 7},
    )
    first = choose_order(state)
    assert choose_order(state) == first
    before = (state.rng.seed, state.rng.counter)
    other = state.clone()
    other.rng = Rng("another seed", 1234)
    assert choose_order(other) == first
    assert (state.rng.seed, state.rng.counter) == before


def test_winning_is_worth_more_than_any_position() -> None:
    """A won game outweighs every position still in play."""
    state = _endgame(rival=("argentina",), armies={"brazil": 40})
    won = rewrite(CLASSIC, state, "winner 0")
    lost = rewrite(CLASSIC, state, "winner 1")
    assert position_value(won, 0) > position_value(state, 0) > position_value(lost, 0)


def test_whole_games_are_legal() -> None:
    """Full games with every option family finish without an illegal order (the
    engine refuses an illegal one with an error)."""
    play_whole_games("expert")
