"""The Classic computer levels: Easy, Standard and Good (manual p.28).

"They all play a fairly good game, but the Good player is more cautious, and the
Easy player more careless than the Standard player."  All three share one strategy
(continent and border valuation, exact battle odds, card timing, missions,
headquarters, neutral buffers, the army limit, the attack advantage) and differ in
judgement, set by a :class:`~engine.rulesets.classic.ai.evaluate.Profile`:

* Easy attacks at poor odds, moves every army forward, places its reinforcements one
  army at a time wherever looks best just then (so they end up thin), trades cards as
  soon as it can, never counts the enemy armies next door to its own (no border looks
  short of armies to it), never asks what an attack leaves open to the enemy's reply,
  and makes no free move at the end of its turn (interior armies stay where they are).
* Standard wants even odds, guards borders that matter (counting half an army for each
  enemy army next door), holds rising sets while they are cheap, splits its
  reinforcements in two, walks its armies to the front and weighs a little what an
  attack leaves open (measured: that weight alone lifts it from 0.64 to 0.73 of its
  two-player games against Easy; without it Standard falls behind Easy in three-level
  games).  At four players the levels as first written came out the wrong way round
  (Standard ahead of Good, Easy ahead of Standard, 200 games each): Standard lost
  nearly half its threat weight (0.9 to 0.5), and Easy its threat weight and its free
  moves, until Good > Standard > Easy held there too (figures in the README).
* Good starts an attack at fair odds but carries on only at good ones, weighs heavily
  what every conquest leaves open (the origin thinned, the new territory held by the
  armies that arrive), keeps a reserve on borders that matter, consolidates its
  reinforcements, holds sets until forced, worth it, or needed for a push, and wastes
  nothing on neutral buffers that lead nowhere.

On top of the single-attack judgement the levels make turn plans
(:mod:`engine.rulesets.classic.ai.plan`): Good hunts down weak rivals for their cards, breaks
held continents and, against two rivals or more, pushes for a continent; Standard
pushes for a continent against three rivals or more; Easy plans nothing.  Good's weights
came out of a random search (20 candidates, 200 two-player games each against
Standard on one seed), the winner checked on five other seeds (1,000 games: 0.66);
the shares measured with ``python -m engine tournament`` are in the README.

Every decision is a pure function of the state (ties broken by territory id), so a
level plays the same way from the same position and never touches the game's Rng.
"""

from __future__ import annotations

from collections.abc import Callable
from math import ceil

from engine.ai import register_player
from engine.core import Order
from engine.rulesets.classic.ai.evaluate import Profile, View
from engine.rulesets.classic.ai.opening import best_claim, best_headquarters, best_neutral_block
from engine.rulesets.classic.ai.plan import best_plan, plan_attack, plan_keep
from engine.rulesets.classic.ai.tactics import (
    accept_reroll,
    attack_score,
    best_attack,
    best_free_move,
    move_in_count,
)
from engine.rulesets.classic.cards import set_value, valid_sets
from engine.rulesets.classic.common import room
from engine.rulesets.classic.orders import (
    ChooseHeadquarters,
    Claim,
    EndAttack,
    EndTurn,
    MoveIn,
    Place,
    PlaceNeutral,
    Reroll,
    TradeCards,
)
from engine.rulesets.classic.setup import setup_needs
from engine.rulesets.classic.state import ClassicState, Phase
from engine.rulesets.classic.turn import may_trade, must_trade

EASY = Profile(
    name="easy",
    min_win=0.3,
    continue_win=0.2,
    continent_weight=0.4,
    break_weight=0.3,
    threat_weight=0.0,  # never counts the enemy armies next door
    reserve=0.0,
    move_reserve=0.0,
    spread=99,  # one army at a time, wherever it looks best just then
    card_timing=False,
    neutral_weight=1.0,
    reroll_gain=0.0,
    kill_weight=0.0,
    guard=False,
    supply_smart=False,
    free_moves=False,
)
STANDARD = Profile(
    name="standard",
    min_win=0.5,
    continue_win=0.35,
    continent_weight=0.8,
    break_weight=0.5,
    threat_weight=0.5,
    reserve=0.0,
    move_reserve=0.0,
    spread=2,
    card_timing=True,
    neutral_weight=0.5,
    reroll_gain=0.3,
    kill_weight=0.5,
    guard=True,
    supply_smart=True,
    plans=("push",),
    push_rivals=(3,),
    exposure=0.3,
)
GOOD = Profile(
    name="good",
    min_win=0.4,
    continue_win=0.45,
    continent_weight=0.8,
    break_weight=1.0,
    threat_weight=0.7,
    reserve=0.1,
    move_reserve=0.0,
    spread=1,
    card_timing=True,
    neutral_weight=0.0,
    reroll_gain=0.3,
    kill_weight=1.0,
    guard=True,
    supply_smart=True,
    plans=("hunt", "push", "break"),
    push_rivals=(2, 3),
    exposure=1.2,
    stage_win=0.45,
)
PROFILES = (EASY, STANDARD, GOOD)

WORTH_TRADING = 10  # a rising set this big is worth cashing in whatever the plan
PUSH_MIN_VALUE = 6.0  # a target this valuable (continent, elimination, HQ) justifies a trade


# ---------------------------------------------------------------- cards


def _best_set(view: View) -> tuple[tuple[int, int, int], int] | None:
    """The set to trade and its armies: most armies, then a territory bonus, then
    keeping the wild cards for later."""
    state, info = view.state, view.info
    if not may_trade(state):
        return None
    deck = info.game_map.deck
    best: tuple[float, tuple[int, int, int], int] | None = None
    for trio in valid_sets(info.game_map, state.players[view.seat].cards):
        value = set_value(info.game_map, trio, state.options, state.sets_traded) or 0
        owned = any(
            (t := deck[c].territory) is not None and state.owner[t] == view.seat for c in trio
        )
        wilds = sum(1 for c in trio if deck[c].territory is None)
        score = value + (2.0 if owned and state.bonus_paid < 2 else 0.0) - 0.5 * wilds
        if best is None or (score, trio) > (best[0], best[1]):
            best = (score, trio, value)
    return None if best is None else (best[1], best[2])


def _wants_trade(view: View, value: int) -> bool:
    """Trade now?  Fixed sets never grow, so yes; rising sets on the level's timing."""
    state, profile = view.state, view.profile
    if must_trade(state) or state.options.card_sets == "fixed" or not profile.card_timing:
        return True
    cards = len(state.players[view.seat].cards)
    if value >= WORTH_TRADING or (profile.name == "standard" and cards >= 4):
        return True
    # A held continent about to fall, or a push that only the extra armies make possible.
    if any(view.deficit(t) > state.reinforcements and view.importance(t) > 2 for t in view.own):
        return True
    return _push_needs(view, value)


def _push_needs(view: View, value: int) -> bool:
    reinforcements = view.state.reinforcements
    min_win = view.profile.min_win
    later_plan = best_plan(view, reinforcements + value)
    if later_plan is not None and later_plan.chance >= min_win:
        now_plan = best_plan(view, reinforcements)
        if now_plan is None or now_plan.chance < min_win:
            return True
    for origin in view.own:
        for target in view.info.neighbours[origin]:
            if target in view.own_set or view.target_value(target) < PUSH_MIN_VALUE:
                continue
            now, _ = attack_score(view, origin, target, reinforcements)
            later, _ = attack_score(view, origin, target, reinforcements + value)
            if now < view.profile.min_win <= later:
                return True
    return False


# ---------------------------------------------------------------- placement


def _placement(view: View, armies: int) -> tuple[str, int] | None:
    """Where ``armies`` reinforcements go, and how many now; None when no territory has
    room under the army limit (the engine has then already dropped the armies)."""
    state, profile = view.state, view.profile
    open_ = [t for t in view.own if room(state, t) > 0]
    if not open_:
        return None
    # First a border whose loss would hurt (a held continent, the headquarters).
    if profile.guard:
        urgent = [
            (view.deficit(t) * view.importance(t), t)
            for t in open_
            if view.deficit(t) > 0 and view.importance(t) > 2
        ]
        if urgent:
            _, territory = max(urgent)
            need = ceil(view.deficit(territory))
            return territory, max(1, min(armies, need, room(state, territory)))
    # Then the origin of the most worthwhile attack once the armies are there.
    best: tuple[float, str] | None = None
    for origin in open_:
        worth = max(
            (
                attack_score(view, origin, t, armies)[1]
                for t in view.info.neighbours[origin]
                if t not in view.own_set
            ),
            default=0.0,
        )
        defence = max(0.0, view.deficit(origin)) * view.importance(origin) * 0.5
        if profile.spread > 1:
            # Careless: likes to top up every border a little, the more so the higher the
            # spread, so the armies end up thin.
            worth = worth / (1 + 0.05 * profile.spread * state.armies[origin])
        key = (worth + defence, origin)
        if best is None or key > best:
            best = key
    assert best is not None
    plan = best_plan(view, armies)
    if (
        plan is not None
        and plan.chance >= profile.stage_win
        and plan.score > best[0]
        and room(state, plan.origin) > 0
    ):
        best = (plan.score, plan.origin)
    territory = best[1]
    count = armies if profile.spread <= 1 else max(1, ceil(armies / profile.spread))
    return territory, max(1, min(count, room(state, territory)))


# ---------------------------------------------------------------- dispatch


def _choose(profile: Profile, state: ClassicState, seat: int) -> Order:
    view = View(state, seat, profile)
    phase = state.phase
    if phase is Phase.CLAIM:
        return Claim(best_claim(view))
    if phase is Phase.SETUP:
        own_left, _ = setup_needs(state)
        placed = _placement(view, 1) if own_left else None
        if placed is not None:
            return Place(placed[0], 1)
        return PlaceNeutral(best_neutral_block(view))
    if phase is Phase.HEADQUARTERS:
        return ChooseHeadquarters(best_headquarters(view))
    if phase is Phase.REINFORCE:
        chosen = _best_set(view)
        if chosen is not None and _wants_trade(view, chosen[1]):
            return TradeCards(chosen[0])
        placed = _placement(view, state.reinforcements)
        if placed is None:
            # Every territory is full: trading is the only legal order left.
            assert chosen is not None, "no room for reinforcements and no set to trade"
            return TradeCards(chosen[0])
        return Place(*placed)
    if phase is Phase.ADVANTAGE:
        pending = state.pending
        assert pending is not None
        return Reroll(accept_reroll(view, list(pending["attack"]), list(pending["defend"])))
    if phase is Phase.MOVE_IN:
        pending = state.pending
        assert pending is not None
        origin, target = pending["origin"], pending["target"]
        least, most = pending["min"], pending["max"]
        plan = best_plan(view)
        if plan is not None and plan.chance >= profile.continue_win:
            keep = plan_keep(view, plan, origin, target)
            if keep > 0:
                return MoveIn(max(least, min(most, most - keep)))
        return MoveIn(move_in_count(view, origin, target, least, most))
    if phase is Phase.ATTACK:
        plan = best_plan(view)
        need = profile.continue_win if state.conquered else profile.min_win
        if plan is not None and plan.chance >= need:
            planned = plan_attack(view, plan)
            if planned is not None:
                return planned
        attack = best_attack(view)
        return attack if attack is not None else EndAttack()
    if phase is Phase.FORTIFY:
        move = best_free_move(view) if profile.free_moves else None
        return move if move is not None else EndTurn()
    raise AssertionError(f"no computer move in phase {phase}")


def chooser(profile: Profile) -> Callable[[ClassicState, int], Order]:
    """The computer player of one level."""

    def choose(state: ClassicState, seat: int) -> Order:
        return _choose(profile, state, seat)

    choose.__doc__ = f"The {profile.name} Classic computer player."
    return choose


for _profile in PROFILES:
    register_player("classic", _profile.name, chooser(_profile))
