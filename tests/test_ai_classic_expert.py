"""The Expert Classic computer level: it looks ahead, plays legal orders, finishes the game."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace

import pytest

from engine.ai import choose_order, levels
from engine.core import PlayerSpec, find_ruleset
from engine.rng import Rng
from engine.rulesets.classic.ai import expert
from engine.rulesets.classic.ai.expert import position_value
from engine.rulesets.classic.ai.levels import GOOD, _choose
from engine.rulesets.classic.orders import Attack, EndAttack, EndTurn, Place
from engine.rulesets.classic.state import ClassicState, Phase
from tests.classic_ai_positions import AUSTRALIA, ai_position, play_whole_games
from tests.position_cases import rewrite

CLASSIC = find_ruleset("classic")


@pytest.fixture(autouse=True)
def _fresh_turn() -> Iterator[None]:
    """Each case is a turn of its own: what earlier cases spent does not count."""
    expert.forget_turns()
    yield
    expert.forget_turns()


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


def _behind_a_neutral_wall() -> ClassicState:
    """The rival's last territories, Western and Eastern Australia (10 each), behind
    neutral Indonesia and New Guinea (20 each); Expert's 30 in Siam."""
    return _endgame(
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


def test_breaks_a_neutral_wall_to_reach_the_rival() -> None:
    """The rival's last territories (the south of Australia) sit behind neutral
    Indonesia and New Guinea, 20 armies each: Expert's 30 in Siam break the wall rather
    than wait while the neutral armies grow (Good waits here: no single battle scores)."""
    state = _behind_a_neutral_wall()
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


def test_a_whole_turn_keeps_to_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """'The search is bounded by a count of simulated orders per turn': a turn of many
    battles (Expert's stacks beside a dozen weak rival territories) spends, over all
    its decisions, no more simulated orders than the turn's budget, here 600; once it
    is spent Expert plays Good's own choices, and the turn goes on legally to its end."""
    monkeypatch.setattr(expert, "TURN_BUDGET", 600)
    rival = ("alaska", "alberta", "northwest_territory", "ontario", "quebec", "greenland")
    rival += ("western_us", "eastern_us", "central_america", "venezuela", "peru", "brazil")
    stacks = {"kamchatka": 40, "iceland": 40, "north_africa": 40, "argentina": 40}
    state = _endgame(rival=rival, armies={t: 2 for t in rival} | stacks)
    state.conquered = False
    decisions = 0
    searched = 0
    while state.current == 0 and state.winner is None:
        spent = expert.turn_spent()
        state = CLASSIC.apply(state, choose_order(state)).state
        decisions += 1
        searched += expert.turn_spent() > spent
        assert expert.turn_spent() <= 600
    assert decisions > 10
    assert searched >= 2  # several decisions searched, the later ones with less


def test_a_game_resumed_mid_turn_plays_on_as_it_would_have() -> None:
    """'Same seed and same orders give the same game everywhere': a decision's budget is
    read from the position (the orders given so far in the turn), so at every decision
    of Expert's turns a page that saved the game there and resumed it, with nothing
    remembered, plays the same order as the page that played the turn through (and as
    any page replaying the game's orders)."""
    specs = [PlayerSpec("Expert", "expert"), PlayerSpec("Good", "good")]
    state = CLASSIC.new_game(specs, {}, "resume-mid-turn")
    checked = 0
    while state.turn <= 20 and state.winner is None:
        order = choose_order(state)
        if state.current == 0 and state.turn_orders > 0:
            resumed = CLASSIC.from_compact(CLASSIC.to_compact(state))
            remembered = list(expert._METER)
            expert.forget_turns()  # a fresh page: nothing of the turn remembered
            assert choose_order(resumed) == order, (state.turn, state.turn_orders)
            expert._METER[:] = remembered
            checked += 1
        state = CLASSIC.apply(state, order).state
    assert checked >= 50  # with the old ledger, 48 of 142 differed (this seed, to turn 30)


def test_the_rivals_reply_is_played_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """'After its own simulated turn, each rival plays its next turn with Good's judgement
    on sampled dice, and the position after that is valued': Expert ends its turn with
    one army in Ukraine beside the rival's 30 in Ural; played out with the reply, the
    rival has taken Ukraine; without it, Ukraine is still Expert's."""
    state = _endgame(
        rival=("ural", "siberia", "afghanistan"),
        armies={"ukraine": 1, "ural": 30, "siberia": 2, "afghanistan": 2},
        phase=Phase.FORTIFY,
    )
    monkeypatch.setattr(expert, "REPLY_ORDERS", 0)
    unanswered, alone = expert._simulate(state, 0, EndTurn(), "reply-case", 60)
    monkeypatch.setattr(expert, "REPLY_ORDERS", 40)
    answered, played = expert._simulate(state, 0, EndTurn(), "reply-case", 60)
    assert unanswered.owner["ukraine"] == 0 and alone == 1
    assert answered.owner["ukraine"] == 1
    assert played > alone  # the rival's orders are played, and counted in the budget


def _siam_beside_stacks(siam: int) -> ClassicState:
    """Expert holds Australia and Siam (``siam`` armies, a territory already taken this
    turn); the rival holds the rest, India and China with 1 each beside its stacks of 20 in
    Mongolia, Afghanistan, the Middle East and the Ural."""
    stacks = dict.fromkeys(("mongolia", "afghanistan", "middle_east", "ural"), 20)
    return ai_position(
        ["expert", "good"],
        dict.fromkeys((*AUSTRALIA, "siam"), 0),
        armies={"siam": siam, "china": 1, "india": 1, **stacks},
        more=["conquered true"],
    )


def test_no_trail_once_the_budget_is_spent(monkeypatch: pytest.MonkeyPatch) -> None:
    """'No one-army trails': once the turn's search budget is spent Expert still weighs
    Good's attack, without simulation, against stopping.  Its 4 armies in Siam could take
    India (1 army), but would leave 1 in Siam and about 3 in India beside the rival's 20
    in Afghanistan and the Middle East, with this turn's card already earned: Good
    attacks, Expert stops."""
    monkeypatch.setattr(expert, "TURN_BUDGET", 0)
    # Expert's own duel judgement would not start this battle at all: with Good's
    # judgement in its place, the weighing alone stops it.
    monkeypatch.setattr(expert, "DUEL", replace(GOOD, name="expert"))
    state = _siam_beside_stacks(4)
    good = _choose(GOOD, state, 0)
    assert isinstance(good, Attack) and good.origin == "siam"
    assert expert.attack_worth(state, 0, good.origin, good.target) < 0
    assert choose_order(state) == EndAttack()


def test_breaks_the_wall_once_the_budget_is_spent(monkeypatch: pytest.MonkeyPatch) -> None:
    """'Breaks walls of neutral armies': with one rival left behind neutral Indonesia and
    New Guinea (20 armies each) and the turn's search budget spent, Good would stop (no
    single battle scores); Expert weighs the attacks towards the rival without
    simulation and breaks the wall from Siam's 30."""
    monkeypatch.setattr(expert, "TURN_BUDGET", 0)
    state = _behind_a_neutral_wall()
    assert _choose(GOOD, state, 0) == EndAttack()
    order = choose_order(state)
    assert isinstance(order, Attack)
    assert (order.origin, order.target) == ("siam", "indonesia")


def test_a_stack_is_no_trail(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same position with 25 armies in Siam: the conquest leaves a stack in India,
    not a trail, so with the turn's search budget spent Expert plays its judgement's
    attack."""
    monkeypatch.setattr(expert, "TURN_BUDGET", 0)
    state = _siam_beside_stacks(25)
    own = _choose(expert.DUEL, state, 0)
    assert isinstance(own, Attack) and own.origin == "siam"
    assert choose_order(state) == own


def test_its_judgement_follows_the_rivals_left() -> None:
    """Expert judges one way against a single rival (the neutral aside) and another
    against two or more: the choosy duel judgement with two players and the neutral,
    the patient crowd judgement with three players."""
    duel = _endgame(rival=("argentina",))
    crowd = ai_position(["expert", "good", "good"], {"argentina": 1, "brazil": 2})
    assert expert.judgement(duel, 0) is expert.DUEL
    assert expert.judgement(crowd, 0) is expert.CROWD


def test_patient_against_two_rivals(monkeypatch: pytest.MonkeyPatch) -> None:
    """'Good is cautious' and Expert more so with two rivals left: a battle from Siam's
    10 armies into India's 10 is under way (a conquest chance of 0.48 if fought on).
    Good carries on (it carries on at 0.45); Expert, with the rivals free to wear each
    other down, stops (it carries on only at 0.52), and keeps Siam's stack beside
    China's 20.  No search (the turn's budget spent): the judgement alone decides."""
    monkeypatch.setattr(expert, "CROWD_TURN_BUDGET", 0)
    state = ai_position(
        ["expert", "good", "good"],
        dict.fromkeys((*AUSTRALIA, "siam"), 0),
        armies={"siam": 10, "india": 10, "china": 20, **dict.fromkeys(AUSTRALIA, 1)},
        more=["battle siam india"],
    )
    assert _choose(GOOD, state, 0) == Attack("siam", "india", 3, "continuous")
    assert choose_order(state) == EndAttack()


def _siam_against_india(siam: int, india: int) -> ClassicState:
    """Two players and the neutral: Expert holds Australia (1 army each) and Siam;
    the rival holds the rest, India with ``india`` armies and China with 20."""
    return ai_position(
        ["expert", "good"],
        dict.fromkeys((*AUSTRALIA, "siam"), 0),
        armies={"siam": siam, "india": india, "china": 20, **dict.fromkeys(AUSTRALIA, 1)},
    )


def test_choosy_against_one_rival(monkeypatch: pytest.MonkeyPatch) -> None:
    """Against one rival Expert starts a battle only at good odds: Siam's 9 armies
    against India's 8 (a conquest chance of 0.55) is a battle Good starts (it starts
    at 0.4) and Expert does not (it starts at 0.58); 12 against 10 (0.65) it starts
    too.  No search (the turn's budget spent): the judgement alone decides."""
    monkeypatch.setattr(expert, "TURN_BUDGET", 0)
    fair = _siam_against_india(9, 8)
    good = _choose(GOOD, fair, 0)
    assert isinstance(good, Attack) and (good.origin, good.target) == ("siam", "india")
    assert choose_order(fair) == EndAttack()
    expert.forget_turns()
    order = choose_order(_siam_against_india(12, 10))
    assert isinstance(order, Attack) and (order.origin, order.target) == ("siam", "india")
