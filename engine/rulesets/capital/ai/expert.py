"""The Expert Capital Risk computer player: Good's plans, checked by sampling futures.

Orders are sealed and resolved together, so a plan is judged by what the whole turn
does to it.  Expert first reads its rivals: a computer seat's level is public in the
lobby and each level's orders are a pure function of the public board, so Expert plans
each rival's likely orders as its level would (a seat no level plays, a human's, as
Good), from the public board only (hidden cards are left out, so a rival's trades are
not foreseen).  Its own plan is Good's judgement planned against that read (the
defence each rival territory keeps after its owner's attacks, the border clashes
foreseen): the read plan.  With two or three factions alive it also lists a few other
whole plans for its turn (Good's own orders, the read with the capital guarded only
against the attack the read foresees, a cautious plan that guards the capital tightly,
one that throws everything, the capital's guard included, at the enemy capitals, a bold
one that takes more chances, one that hunts the capitals at lower odds, and Standard's
orders) and plays each on a copy of the game several times:

* every rival's orders are those of its seat's level (a computer's level is public),
  else drawn from Good and Standard, planned from the public board;
* the dice come from a private generator seeded from the public position (owners,
  armies, turn, seat), never from the game's generator and never from global random,
  so Expert cannot foresee the game's dice and always gives the same orders from the
  same position;
* every plan meets the same sampled futures (the same rival orders, the same dice), so
  the comparison is between the plans and not between the samples.

The read plan stands unless another's resolved turns are worth clearly more on average
(:data:`DEVIATE_MARGIN`: with a few samples the best-looking plan is often only the
luckiest); a resolved turn is worth what :func:`outlook.worth` says.

Expert looks ahead while two or three factions are alive (a duel from the start, the
end of a bigger game); with more it plays the read plan (at Good's crowd odds) without
sampling (see :data:`BUDGETS`).  In a duel its setup is chosen by playing the first
turn (:mod:`opening`).  The search is bounded by a count of
simulated resolutions, not by time, so the same position always gives the same orders.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.ai import register_player
from engine.core import Order
from engine.rng import Rng
from engine.rulesets.capital.ai.foresight import Forecast
from engine.rulesets.capital.ai.levels import GOOD, PROFILES, STANDARD, orders_for
from engine.rulesets.capital.ai.opening import opening_setup
from engine.rulesets.capital.ai.outlook import position_seed, public_copy, worth
from engine.rulesets.capital.ai.plan import LevelProfile
from engine.rulesets.capital.orders import Resolve, SubmitOrders
from engine.rulesets.capital.state import CapitalState, Phase
from engine.rulesets.capital.turn import resolve_turn

BUDGETS: dict[int, tuple[int, int]] = {2: (8, 3), 3: (8, 3)}
"""Living factions: (plans weighed, futures per plan); at most 24 resolutions a decision.
With four factions or more alive Expert samples nothing: one turn sampled a few times
with three or more rivals drawn from models proved too blind a guide (measured: no
better than Good at four factions, 20–21 against Standard), while a six-faction game is
decided once few factions are left, and from there Expert looks ahead."""
CROWDED = (1, 0)  # four factions or more alive: the read plan alone, no futures
RIVAL_CACHE = 256  # rival orders remembered (the same board serves every seat's search)

LEADER_WEIGHT = 1.0  # with four factions alive: the leading rival's land worth double
LEADER_UPTO = 4  # most living factions at which Expert breaks the leader first
DEVIATE_MARGIN = 3.0  # mean worth another plan must add to the read plan's to replace it

CAUTIOUS = replace(
    GOOD,
    name="expert-cautious",
    capital_risk=0.02,
    crowd_capital_risk=0.02,
    min_win=0.6,
    crowd_min_win=0.85,
)
BOLD = replace(
    GOOD,
    name="expert-bold",
    min_win=0.35,
    capital_win=0.3,
    crowd_min_win=0.6,
    crowd_capital_win=0.45,
    surge_win=0.35,
    max_origins=4,
)
CAPITAL_HUNT = replace(
    GOOD,
    name="expert-hunt",
    capital_value=30.0,
    capital_win=0.25,
    crowd_capital_win=0.3,
    foresight_capital_win=0.2,
    max_origins=4,
)
ALL_IN = replace(
    GOOD,
    name="expert-all-in",
    capital_risk=1.0,
    crowd_capital_risk=1.0,
    capital_value=60.0,
    capital_win=0.1,
    crowd_capital_win=0.1,
    foresight_capital_win=0.1,
    max_origins=4,
)
"""Everything at the enemy capitals, the own capital's guard included: the move that
wins outright, or the all-out attack that empties both capitals, as the futures say."""

READ = replace(GOOD, name="expert-read")
"""Good's judgement planned against the rivals' orders as their levels would give them."""
READ_GUARD = replace(GOOD, name="expert-read-guard", guard_read=True, capital_risk=0.1)
"""The same read, the capital guarded only against the attack the read foresees."""

PLANS: tuple[LevelProfile, ...] = (
    READ,
    GOOD,
    READ_GUARD,
    CAUTIOUS,
    ALL_IN,
    BOLD,
    CAPITAL_HUNT,
    STANDARD,
)
"""The judgements whose orders Expert weighs, the read plan first (it stands unless
another beats it by :data:`DEVIATE_MARGIN`); the read ones are planned against
:func:`read_of` the likeliest rival orders."""
READ_CROWD = replace(GOOD, name="expert-read-crowd", foresight_capital_win=GOOD.crowd_capital_win)
"""Good's judgement among four factions or more, planned against the rivals' read orders
(their capitals at Good's crowd odds)."""
READ_FOUR = replace(READ_CROWD, name="expert-read-four", leader_weight=LEADER_WEIGHT)
"""The same with four factions alive, each territory of the rival with the most
reinforcements worth twice another: four are won by whoever snowballs, so Expert breaks
the leader first.  Measured: with five or six alive the weight did no good (6 factions,
g31e and g31f, 800 games: 0.535 with it, 0.553 without), as the many others already
check the leader."""
READS = frozenset({READ.name, READ_GUARD.name})


@dataclass(frozen=True)
class Future:
    """One sampled turn: each rival's orders and the seed of the dice."""

    rivals: dict[int, SubmitOrders]
    dice: str


def rival_models(state: CapitalState, foe: int) -> list[LevelProfile]:
    """The levels a rival's orders are drawn from: its own seat's level when that is one
    of the planner's levels (a computer's level is public in the lobby), else Good and
    Standard; Good reads our likely orders in a duel, as it does in play (its reading
    never recurses)."""
    own = PROFILES.get(state.players[foe].control)
    return [own] if own is not None else [GOOD, STANDARD]


def read_of(public: CapitalState, seat: int, rivals: dict[int, SubmitOrders]) -> Forecast:
    """What the rivals' orders leave: each rival territory's units after its placements
    and attacks (never below one), and every attack on one of ours (a border clash for
    an attack of ours across the same border)."""
    defenders: dict[str, int] = {}
    clashes: dict[tuple[str, str], int] = {}
    for foe, orders in rivals.items():
        placed: dict[str, int] = {}
        for t, n in orders.placements:
            placed[t] = placed.get(t, 0) + (n or 0)
        out: dict[str, int] = {}
        for a in orders.attacks:
            n = (
                a.units
                if a.units is not None
                else public.armies[a.origin] + placed.get(a.origin, 0) - 1
            )
            out[a.origin] = out.get(a.origin, 0) + n
            if public.owner[a.target] == seat:
                clashes[(a.origin, a.target)] = n
        for t, owner in public.owner.items():
            if owner == foe:
                defenders[t] = max(1, public.armies[t] + placed.get(t, 0) - out.get(t, 0))
    return Forecast(defenders, clashes)


_rival_orders: dict[tuple[str, int, str], SubmitOrders] = {}


def rival_orders(public: CapitalState, foe: int, model: LevelProfile) -> SubmitOrders:
    """``foe``'s orders on the public board under ``model``.  They depend only on that
    board (the rival's cards are hidden from every seat alike), so every seat searching
    the same turn reads them from one small cache: a pure function's memo, the same
    orders with or without it."""
    key = (position_seed(public, -1), foe, model.name)
    cached = _rival_orders.get(key)
    if cached is None:
        cached = orders_for(public, foe, model)
        if len(_rival_orders) >= RIVAL_CACHE:
            _rival_orders.clear()
        _rival_orders[key] = cached
    return cached


def futures(public: CapitalState, seat: int, count: int, rng: Rng) -> list[Future]:
    """``count`` sampled turns: each rival's model drawn among its models, and only the
    orders of the models drawn planned."""
    models = {
        foe: rival_models(public, foe)
        for foe, player in enumerate(public.players)
        if foe != seat and player.acts
    }
    out = []
    for i in range(count):
        rivals = {
            foe: rival_orders(public, foe, choices[rng.below(len(choices))])
            for foe, choices in models.items()
        }
        out.append(Future(rivals, f"{rng.seed}:{i}"))
    return out


def plans(
    state: CapitalState, seat: int, most: int = len(PLANS), seen: Forecast | None = None
) -> list[SubmitOrders]:
    """The whole-turn orders of the first ``most`` judgements, the read plan first, each
    distinct one once (the read ones only with a read, ``seen``)."""
    out: list[SubmitOrders] = []
    for profile in PLANS[:most]:
        if profile.name in READS and seen is None:
            continue
        orders = orders_for(state, seat, profile, seen if profile.name in READS else None)
        if orders not in out:
            out.append(orders)
    return out


def resolved(public: CapitalState, seat: int, mine: SubmitOrders, future: Future) -> CapitalState:
    """The public board after one sampled turn with ``mine`` as our orders."""
    board = public.clone()
    board.rng = Rng(future.dice)
    board.orders[seat] = mine.to_json()
    for foe, orders in future.rivals.items():
        board.orders[foe] = orders.to_json()
    resolve_turn(board, force=True)
    return board


def budget(state: CapitalState) -> tuple[int, int]:
    """(plans weighed, futures per plan) for the number of living factions."""
    return BUDGETS.get(state.living, CROWDED)


def expert_orders(state: CapitalState, seat: int) -> SubmitOrders:
    """The plan whose sampled turns are worth most on average, when it beats the read
    plan's by :data:`DEVIATE_MARGIN` (else the read plan); among four factions or more,
    the read plan without sampling."""
    most, samples = budget(state)
    public = public_copy(state, seat)
    likely = {
        foe: rival_orders(public, foe, rival_models(public, foe)[0])
        for foe, player in enumerate(public.players)
        if foe != seat and player.acts
    }
    if most <= 1 or samples < 1:
        living = state.living
        if living < GOOD.crowd_from:
            read = READ
        else:
            read = READ_FOUR if living <= LEADER_UPTO else READ_CROWD
        return orders_for(state, seat, read, read_of(public, seat, likely))
    candidates = plans(state, seat, most, read_of(public, seat, likely))
    if len(candidates) == 1:
        return candidates[0]
    sampled = futures(public, seat, samples, Rng(position_seed(state, seat)))
    values = [
        sum(worth(resolved(public, seat, mine, f), seat) for f in sampled) / len(sampled)
        for mine in candidates
    ]
    # The read plan stands unless another is clearly better: with a few samples the
    # best-looking plan is often only the luckiest (measured: the read plan alone did as
    # well as a search with a small margin).
    best = 0
    for i, value in enumerate(values):
        if value > values[best] and value >= values[0] + DEVIATE_MARGIN:
            best = i
    return candidates[best]


def choose(state: CapitalState, seat: int) -> Order:
    if state.phase is Phase.SETUP:
        if state.setup[seat] is None:
            return opening_setup(state, seat)
        return Resolve()
    if state.orders[seat] is None:
        return expert_orders(state, seat)
    return Resolve()


register_player("capital", "expert", choose)
