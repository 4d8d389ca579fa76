"""Scenario tests for the Classic computer levels: characteristic decisions."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from engine.ai import choose_order, levels
from engine.core import find_ruleset
from engine.maps import load_map
from engine.rulesets.classic.ai.evaluate import View
from engine.rulesets.classic.ai.levels import EASY, GOOD, PROFILES, _placement
from engine.rulesets.classic.ai.plan import best_plan
from engine.rulesets.classic.cards import valid_sets
from engine.rulesets.classic.orders import Attack, EndAttack, Place, Reroll, TradeCards
from engine.rulesets.classic.state import ClassicState, Phase
from tests.classic_ai_positions import AUSTRALIA, ai_position, play_whole_games

LEVELS = ("easy", "standard", "good")


def _position(
    control: str,
    players: int = 3,
    options: Mapping[str, Any] | None = None,
    mine: Iterable[str] = (),
    armies: Mapping[str, int] | None = None,
    phase: Phase = Phase.ATTACK,
    theirs: Mapping[str, int] | None = None,
    seats: Mapping[int, str] | None = None,
    more: Iterable[str] = (),
) -> ClassicState:
    """Seat 0 (``control``, as every seat) owns ``mine``; ``theirs`` gives territories
    to other seats; seat 1 owns the rest; 3 armies everywhere unless ``armies`` says
    otherwise; turn 5 (:func:`tests.classic_ai_positions.ai_position`)."""
    return ai_position(
        [control] * players,
        {**dict.fromkeys(mine, 0), **(theirs or {})},
        armies=armies,
        phase=phase,
        options=options,
        seats=seats,
        more=more,
    )


def test_levels_are_registered() -> None:
    """The three levels (and the baseline) are available for Classic."""
    assert set(LEVELS) <= set(levels("classic"))


@pytest.mark.parametrize("level", LEVELS)
def test_takes_undefended_continent_completion(level: str) -> None:
    """With Australia one weakly held territory short, every level takes it."""
    state = _position(
        level,
        mine=("indonesia", "new_guinea", "eastern_australia"),
        armies={"new_guinea": 8, "western_australia": 1},
    )
    order = choose_order(state)
    assert isinstance(order, Attack)
    assert order.target == "western_australia"


@pytest.mark.parametrize("level", LEVELS)
def test_does_not_attack_at_hopeless_odds(level: str) -> None:
    """Two armies against ten everywhere: no level attacks."""
    state = _position(level, mine=AUSTRALIA, armies={**dict.fromkeys(AUSTRALIA, 2), "siam": 10})
    assert isinstance(choose_order(state), EndAttack)


@pytest.mark.parametrize("level", ["standard", "good"])
def test_reinforces_threatened_headquarters(level: str) -> None:
    """US short game: a headquarters facing a big stack gets the reinforcements."""
    state = _position(
        level,
        options={"game_type": "us_short"},
        mine=("alaska", "argentina", "brazil", "peru", "venezuela"),
        armies={"alaska": 2, "kamchatka": 12, "argentina": 6},
        phase=Phase.REINFORCE,
        seats={0: "hq=alaska", 1: "hq=china", 2: "hq=egypt"},
        more=["reinforcements 5"],
    )
    order = choose_order(state)
    assert isinstance(order, Place)
    assert order.territory == "alaska"


@pytest.mark.parametrize("level", LEVELS)
def test_trades_when_forced(level: str) -> None:
    """Holding five cards, every level trades before placing (the rules demand it)."""
    state = _position(
        level,
        mine=AUSTRALIA,
        phase=Phase.REINFORCE,
        seats={0: "cards=0,1,2,3,4"},
        more=["reinforcements 3"],
    )
    assert isinstance(choose_order(state), TradeCards)


@pytest.mark.parametrize("level", ["standard", "good"])
def test_declines_needless_neutral_attack(level: str) -> None:
    """Two players with neutral: after this turn's card is earned, a weak neutral
    territory that opens no continent and no path to the opponent is left alone."""
    state = _position(
        level,
        players=2,
        options={"neutral": "us"},
        mine=("irkutsk", "yakutsk", "kamchatka", "siberia"),
        armies={
            "irkutsk": 6,
            "mongolia": 1,
            "yakutsk": 1,
            "kamchatka": 1,
            "siberia": 1,
            # The opponent holds the south of Asia in force: no continent to open.
            **dict.fromkeys(("afghanistan", "india", "middle_east", "siam"), 15),
        },
        # Mongolia is neutral and leads only to neutral land and our own.
        theirs=dict.fromkeys(("mongolia", "china", "japan", "ural"), 2),
        more=["conquered true"],
    )
    neutral = state.neutral
    assert neutral == 2
    order = choose_order(state)
    assert not (isinstance(order, Attack) and state.owner[order.target] == neutral)


@pytest.mark.parametrize("level", LEVELS)
def test_rerolls_a_losing_lowest_die(level: str) -> None:
    """Attack advantage: 5-2 against 4-3 loses the low die, so re-roll it; 6-6-1
    against 6-5 cannot gain from re-rolling the 1, so the careful levels keep it."""

    def rolled(pending: str) -> ClassicState:
        return _position(
            level,
            mine=AUSTRALIA,
            options={"computer_advantage": True},
            phase=Phase.ADVANTAGE,
            more=["battle siam indonesia", pending],
        )

    state = rolled("pending roll attack=5,2 defend=4,3 dice=2 mode=once")
    assert choose_order(state) == Reroll(True)
    state = rolled("pending roll attack=6,6,1 defend=6,5 dice=3 mode=once")
    if level != "easy":
        assert choose_order(state) == Reroll(False)


@pytest.mark.parametrize("level", LEVELS)
def test_whole_games_are_legal(level: str) -> None:
    """Full games with every option family finish without an illegal order."""
    play_whole_games(level)


@pytest.mark.parametrize("level", LEVELS)
def test_placement_respects_the_army_limit(level: str) -> None:
    """Under an army limit reinforcements go only where there is room, never more than
    fits, and never onto a full stack however inviting its attacks look."""
    state = _position(
        level,
        options={"army_limit": 6},
        mine=AUSTRALIA,
        armies={**dict.fromkeys(AUSTRALIA, 6), "eastern_australia": 4, "siam": 1},
        phase=Phase.REINFORCE,
        more=["reinforcements 5"],
    )
    order = choose_order(state)
    assert isinstance(order, Place)
    assert order.territory == "eastern_australia"
    assert order in find_ruleset("classic").legal_orders(state)


@pytest.mark.parametrize("level", LEVELS)
def test_full_territories_take_no_reinforcements(level: str) -> None:
    """Every territory full: no placement is offered (the engine has already dropped
    the armies that do not fit), so the only order left is a trade."""
    full = {"options": {"army_limit": 5}, "armies": dict.fromkeys(AUSTRALIA, 5)}
    state = _position(level, mine=AUSTRALIA, phase=Phase.REINFORCE, **full)  # type: ignore[arg-type]
    view = View(state, 0, PROFILES[LEVELS.index(level)])
    assert _placement(view, 3) is None
    trio = valid_sets(load_map(state.map_id), range(12))[0]
    state = _position(
        level,
        mine=AUSTRALIA,
        phase=Phase.REINFORCE,
        seats={0: "cards=" + ",".join(str(c) for c in trio)},
        more=["reinforcements 3"],
        **full,  # type: ignore[arg-type]
    )
    order = choose_order(state)
    assert isinstance(order, TradeCards)
    assert order in find_ruleset("classic").legal_orders(state)


def test_good_hunts_a_weak_rival_with_cards() -> None:
    """A third seat down to two weak territories next to our stack, holding four cards:
    Good plans to eliminate it and attacks it first; Easy makes no turn plans."""
    state = _position(
        "good",
        mine=(*AUSTRALIA, "siam"),
        armies={"siam": 12, "china": 1, "india": 1},
        theirs={"china": 2, "india": 2},
        seats={2: "cards=0,1,2,3"},
    )
    plan = best_plan(View(state, 0, GOOD))
    assert plan is not None and plan.kind == "hunt"
    assert plan.targets == {"china", "india"} and plan.origin == "siam"
    assert best_plan(View(state, 0, EASY)) is None
    order = choose_order(state)
    assert isinstance(order, Attack) and order.target in plan.targets


@pytest.mark.parametrize(
    ("level", "attacks"), [("easy", True), ("standard", True), ("good", False)]
)
def test_good_weighs_what_a_conquest_leaves_open(level: str, attacks: bool) -> None:
    """ "The Good player is more cautious": with the turn's card already earned, Siam (one
    army) is a territory the stack could take but not hold, with twelve armies in India
    and twelve in China next door (and Asia not held whole, so taking Siam breaks no
    bonus).  Good leaves it; Standard and Easy take it."""
    state = _position(
        level,
        mine=AUSTRALIA,
        armies={"indonesia": 6, "siam": 1, "india": 12, "china": 12},
        theirs={"japan": 2},
        more=["conquered true"],
    )
    order = choose_order(state)
    if attacks:
        assert order == Attack("indonesia", "siam", 3, "continuous")
    else:
        assert isinstance(order, EndAttack)


def test_good_takes_the_same_territory_when_it_can_be_held() -> None:
    """The same conquest with India and China down to one army each is safe: Good takes it."""
    state = _position(
        "good",
        mine=AUSTRALIA,
        armies={"indonesia": 6, "siam": 1, "india": 1, "china": 1},
        theirs={"japan": 2},
        more=["conquered true"],
    )
    order = choose_order(state)
    assert isinstance(order, Attack)
    assert order.target == "siam"
