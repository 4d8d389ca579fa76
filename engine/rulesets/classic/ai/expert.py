"""The Expert Classic computer player: its own judgement, checked by looking ahead.

Expert's judgement is Good's strategy with other weights (:func:`judgement`): against
one rival (the neutral aside) it is choosy (:data:`DUEL`: starts battles only at good
odds, weighs what a conquest leaves open more), against two or more it is patient
(:data:`CROWD`: stages its reinforcements only for likely plans, keeps a reserve on
the borders that matter, values continents more), so the rivals wear each other down.

At every decision that shapes the turn (where the reinforcements go, which battle to
fight or whether to stop, how many armies move in, which free move to make) Expert lists
a few candidate orders: its judgement's own choice, the alternatives it ranks next,
stopping, and the attacks that finish the game (the last enemy stacks, and the neutral
territories standing between Expert and them).  It plays each candidate on a copy of
the game, lets its judgement finish the turn and Good's play the rivals' replies (their
next turns, up to ``REPLY_ORDERS`` orders in all), several times with dice drawn from the
game's own dice rules by a private generator, and keeps the candidate whose positions
after the replies are worth most on average:

* winning the game is worth more than anything else;
* otherwise a position is worth Expert's share of the players' power (armies, income
  from territories and continents, cards), less what its territories stand to lose to
  the enemy stacks next door (a one-army trail beside a big stack is nearly lost, a held
  continent's border counts its bonus too).  Counting a share rather than a difference
  makes an even trade of armies worth it when ahead (so a winning Expert finishes the
  game) and not when behind;
* against the last rival, the neutral armies standing between Expert and it count
  against Expert, so breaking a neutral wall is progress.

Played-out replies show what a one-army trail or a thinned border really costs; at six
players the order budget cuts the replies short, and what the rivals still to move
threaten is the static risk above, weighed with the battle odds.

The search is bounded by counts of simulated orders, not by time: at most
``ORDER_BUDGET`` a decision and ``TURN_BUDGET`` over a whole turn against one rival,
``CROWD_ORDER_BUDGET`` and ``CROWD_TURN_BUDGET`` against more (a long turn of many
battles searches its first decisions and, once the turn's orders are spent, weighs Good's
choices without simulation: an attack that would leave a trail of a few armies and is
worth less than stopping is not made, with one rival left the best attack towards it
through any neutral wall is made when Good would stop), so the same game gives the same
orders.  A decision's budget is read from the position alone: the turn's budget shared
out by the orders given so far in the turn (part of the position, so a game saved and
resumed in the middle of Expert's turn plays on as it would have, and every page that
replays a game by email gets the same orders).

The private generator is seeded from the public position (owners, armies, phase, turn),
never from the game's own generator, so Expert cannot foresee the game's dice and never
changes them. Ties between candidates go to the one listed first: Good's choice for
battles and move-ins; for placements the territory with the best attack, then the
shortest way to the rival, then the most threatened, Good's own choice last (it falls
back on the first territory by name when nothing scores).
"""

from __future__ import annotations

import hashlib
import heapq
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from engine.ai import register_player
from engine.core import Order, find_ruleset
from engine.rng import Rng
from engine.rulesets.classic.ai.evaluate import Profile, View, map_info, win_chance
from engine.rulesets.classic.ai.levels import GOOD, _choose
from engine.rulesets.classic.ai.tactics import attack_score, battle_losses
from engine.rulesets.classic.common import room
from engine.rulesets.classic.legal import attack_options, move_options
from engine.rulesets.classic.orders import Attack, EndAttack, EndTurn, FreeMove, MoveIn, Place
from engine.rulesets.classic.state import ClassicState, Phase
from engine.rulesets.classic.turn import base_reinforcements

DUEL = replace(
    GOOD,
    name="expert",
    min_win=0.58,
    continue_win=0.41,
    continent_weight=0.74,
    break_weight=0.96,
    threat_weight=0.52,
    reserve=0.09,
    exposure=1.48,
    stage_win=0.4,
    kill_weight=1.24,
)
"""The judgement Expert starts from, and finishes its simulated turns with, against one
rival (the neutral aside): Good's made choosy.  It starts a battle only at good odds
(0.58, Good 0.4) but, once started, carries it on at fair ones (0.41, Good 0.45); it
weighs more what a conquest leaves open (1.48, Good 1.2) and a rival's lost armies
(1.24, Good 1.0), and guards its borders with fewer armies (0.52 of the threat next
door, Good 0.7), so more of its reinforcements go into attacks it has chosen.  Found
by the same random search (two-player games without the search, seed rsA: 0.555 of
200) and confirmed on another seed (rsB, 400 games: 0.552, 95% 0.504-0.600)."""
CROWD = replace(
    GOOD,
    name="expert",
    continue_win=0.52,
    continent_weight=1.28,
    break_weight=1.53,
    threat_weight=0.8,
    reserve=0.33,
    exposure=1.05,
    stage_win=0.59,
    kill_weight=1.05,
)
"""Against two rivals or more: Good's judgement made patient.  It stages its
reinforcements for a plan only when the plan is likely (0.59, Good 0.45), carries on
with a battle only at better odds (0.52, Good 0.45), keeps a third of the threat next
door behind an attacking border (Good a tenth), and values continents (1.28, Good 0.8)
and breaking them (1.53, Good 1.0) more: the rivals wear each other down while it holds
what it has.  Found by a random search (8 candidates, 200 two-player and 100
four-player games each against Good, without the search, seed rsA: 0.70 of 100
four-player games) and confirmed on another seed (c4, 200 four-player games: 0.670, 95%
0.602-0.731)."""
RIVALS = GOOD
"""The judgement the rivals' simulated replies are played with."""

SAMPLES = 4  # dice samples per candidate, at most
ORDER_BUDGET = 360  # simulated orders per decision, over every candidate and sample
TURN_BUDGET = 1000  # simulated orders per whole turn, over every decision of it
CROWD_ORDER_BUDGET = 160  # the same against two rivals or more: each order costs more
CROWD_TURN_BUDGET = 400  # (every rival's reply is played), and the page waits for them all
ROLLOUT_ORDERS = 60  # a simulated rest of turn stops after this many orders
REPLY_ORDERS = 40  # orders of the rivals' replies played after Expert's simulated turn
MIN_ROLLOUT = 6  # a rollout cut shorter than this by the budget is not worth starting
ATTACK_CANDIDATES = 3  # attacks Good ranks best, besides its own choice
PLACE_CANDIDATES = 3  # territories to stack the reinforcements on, besides Good's
FORTIFY_CANDIDATES = 6  # free moves weighed (no dice: one play each)

INCOME_WEIGHT = 3.0  # an army of income is worth this many armies now (it recurs)
CARD_WEIGHT = 1.5  # a card in hand, in armies
TERRITORY_WEIGHT = 1.0  # a territory lost costs this besides its armies and income
RISK_WEIGHT = 0.6  # share of the static risk counted (rivals strike one at a time)
WIN_VALUE = 10.0  # a won game, against a share of at most 1
WALL_WEIGHT = 1.0  # an army standing between Expert and its last rival, against one of its own
FINISH_RIVALS = 2  # with this many rivals left or fewer, Expert looks for the way to them


# ---------------------------------------------------------------- evaluation


def _rivals(state: ClassicState, seat: int) -> int:
    """Rivals still in the game (the neutral aside)."""
    return len(state.rivals_of(seat))


def judgement(state: ClassicState, seat: int) -> Profile:
    """Expert's own judgement in ``state``: :data:`DUEL` against one rival left (the
    neutral aside), :data:`CROWD` against more."""
    return DUEL if _rivals(state, seat) <= 1 else CROWD


def way_costs(state: ClassicState, seat: int) -> dict[str, int]:
    """For each territory ``seat`` does not own, the fewest neutral armies it must beat,
    that territory's included, on a way from it to a rival's territory (0 for a rival's
    territory): a wall of neutral armies is as costly as its armies."""
    info = map_info(state.map_id)
    owner, armies = state.owner, state.armies
    neutral = state.neutral
    cost = {t: 0 for t, o in owner.items() if o != seat and o != neutral}
    frontier = [(0, t) for t in sorted(cost)]
    while frontier:
        here_cost, here = heapq.heappop(frontier)
        if here_cost > cost[here]:
            continue
        for n in info.neighbours[here]:
            if owner[n] == seat:
                continue
            step = here_cost + (armies[n] if owner[n] == neutral else 0)
            if step < cost.get(n, step + 1):
                cost[n] = step
                heapq.heappush(frontier, (step, n))
    return cost


def _way_in(state: ClassicState, seat: int) -> float:
    """Neutral armies standing between ``seat`` and its nearest rival (0 when beside one)."""
    cost = way_costs(state, seat)
    info = map_info(state.map_id)
    return float(
        min(
            (
                cost[n]
                for t, o in state.owner.items()
                if o == seat
                for n in info.neighbours[t]
                if n in cost
            ),
            default=0,
        )
    )


def _power(state: ClassicState, seat: int) -> float:
    armies = sum(a for t, a in state.armies.items() if state.owner[t] == seat)
    if armies == 0:
        return 0.0
    income = base_reinforcements(state, seat)
    return armies + INCOME_WEIGHT * income + CARD_WEIGHT * len(state.players[seat].cards)


def _risk(state: ClassicState, seat: int) -> float:
    """Armies' worth ``seat`` stands to lose to the enemy stacks beside its territories."""
    info = map_info(state.map_id)
    owner, armies = state.owner, state.armies
    neutral = state.neutral
    held = {cid for cid, members in info.members.items() if all(owner[t] == seat for t in members)}
    total = 0.0
    for territory, holder in owner.items():
        if holder != seat:
            continue
        threat = max(
            (
                armies[n] - 1
                for n in info.neighbours[territory]
                if owner[n] != seat and owner[n] != neutral
            ),
            default=0,
        )
        if threat < 1:
            continue
        worth = armies[territory] + TERRITORY_WEIGHT
        cid = info.continent[territory]
        if cid in held:
            worth += INCOME_WEIGHT * info.bonus[cid]
        total += win_chance(threat, armies[territory]) * worth
    return total * RISK_WEIGHT


def position_value(state: ClassicState, seat: int) -> float:
    """What a position is worth to ``seat``: a win above all, else its share of power."""
    if state.winner is not None:
        return WIN_VALUE if state.winner == seat else 0.0
    if not state.players[seat].alive:
        return 0.0
    rival_seats = state.rivals_of(seat)
    mine = _power(state, seat) - _risk(state, seat)
    if len(rival_seats) == 1:
        # The last rival behind a wall: the wall's armies are still to be beaten.
        mine -= WALL_WEIGHT * _way_in(state, seat)
    mine = max(0.0, mine)
    rivals = sum(_power(state, s) for s in rival_seats)
    total = mine + rivals
    return mine / total if total > 0 else 0.0


# ---------------------------------------------------------------- simulation


def _position_key(state: ClassicState, seat: int) -> str:
    """A digest of the public position: the private generator's seed."""
    parts = [
        str(state.turn),
        str(seat),
        state.phase.value,
        str(state.reinforcements),
        str(state.conquered),
        repr(sorted((t, o, state.armies[t]) for t, o in state.owner.items())),
        repr(state.pending),
        repr(sorted(state.moved.items())),
    ]
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:24]


@dataclass
class _Budget:
    left: int


_METER: list[tuple[tuple[str, int, int], int]] = []
"""(the turn under way, simulated orders it spent): measured for the bench and the rule
cases, never read by a decision."""


def forget_turns() -> None:
    """Drop the meter of the turn under way (a rule case starts from a fresh turn)."""
    _METER.clear()


def _decision_budget(state: ClassicState, seat: int) -> int:
    """Simulated orders this decision may spend, read from the position alone: the
    turn's budget shared out by the orders given so far in the turn
    (``state.turn_orders``, part of the position): the i-th may spend ``decision * r**i``
    with ``r = 1 - decision / whole``, so a whole turn never spends more than ``whole``,
    and a game saved and resumed in the middle of Expert's turn goes on as it would have
    (every page replaying the game's orders gets the same ones)."""
    if _rivals(state, seat) <= 1:
        decision, whole = ORDER_BUDGET, TURN_BUDGET
    else:
        decision, whole = CROWD_ORDER_BUDGET, CROWD_TURN_BUDGET
    if decision <= 0 or whole <= 0:
        return 0
    share = max(0.0, 1.0 - decision / whole)
    return int(decision * share**state.turn_orders)


def _spend(state: ClassicState, seat: int, used: int) -> None:
    turn = (state.rng.seed, state.turn, seat)
    if not _METER or _METER[0][0] != turn:
        _METER[:] = [(turn, 0)]
    _METER[0] = (turn, _METER[0][1] + used)


def turn_spent() -> int:
    """Simulated orders spent in the turn under way (for the bench)."""
    return _METER[0][1] if _METER else 0


def _simulate(
    state: ClassicState, seat: int, order: Order, seed: str, cap: int
) -> tuple[ClassicState, int]:
    """Play ``order`` on a copy of ``state`` with the private dice of ``seed``, let the base
    judgement finish the turn and then play the rivals' replies (``cap`` orders in all at
    most); the position reached and the orders played.  An attack is pursued while the
    attackers at least match the defenders, as Expert would judge it again."""
    ruleset: Any = find_ruleset("classic")
    sim = state.clone()
    sim.rng = Rng(seed)
    ruleset._apply(sim, order)
    pursue = (order.origin, order.target) if isinstance(order, Attack) else None
    steps = 1
    own_cap = min(cap, ROLLOUT_ORDERS)
    while sim.phase is not Phase.GAME_OVER and sim.current == seat and steps < own_cap:
        if pursue is not None and sim.phase is Phase.ATTACK:
            origin, target = pursue
            attackers = sim.armies[origin] - 1
            if (
                sim.owner[origin] == seat
                and sim.owner[target] != seat
                and attackers >= max(1, sim.armies[target])
            ):
                ruleset._apply(sim, Attack(origin, target, min(3, attackers), "continuous"))
                steps += 1
                continue
            pursue = None
        ruleset._apply(sim, _choose(judgement(sim, seat), sim, seat))
        steps += 1
    # The rivals' replies: each plays its next turn with Good's judgement on the same
    # private dice, as far as the rollout's orders allow.
    reply_cap = min(REPLY_ORDERS, cap - steps) if sim.current != seat else 0
    replies = 0
    while sim.phase is not Phase.GAME_OVER and sim.current != seat and replies < reply_cap:
        ruleset._apply(sim, _choose(RIVALS, sim, sim.current))
        replies += 1
    return sim, steps + replies


def _rollout(
    state: ClassicState, seat: int, order: Order, seed: str, budget: _Budget, cap: int
) -> float:
    """The worth to ``seat`` of the position :func:`_simulate` reaches, its orders counted
    against ``budget``."""
    sim, played = _simulate(state, seat, order, seed, cap)
    budget.left -= played
    return position_value(sim, seat)


def _best_of(state: ClassicState, seat: int, candidates: list[Order], samples: int) -> Order | None:
    """The candidate whose simulated turns are worth most on average (the first listed on
    a tie: the candidates come ranked by the heuristic); None when the turn's budget is
    spent."""
    unique: list[Order] = []
    for order in candidates:
        if order not in unique:
            unique.append(order)
    if len(unique) == 1:
        return unique[0]
    key = _position_key(state, seat)
    allowed = _decision_budget(state, seat)
    # Every candidate of a sample gets the same cap, so they are compared fairly; a budget
    # too small for one sample leaves the heuristic's choice.
    cap = min(ROLLOUT_ORDERS + REPLY_ORDERS, allowed // len(unique))
    if cap < MIN_ROLLOUT:
        return None
    budget = _Budget(allowed)
    totals = [0.0] * len(unique)
    for sample in range(samples):
        before = budget.left
        seed = f"expert:{key}:{sample}"
        for index, order in enumerate(unique):
            totals[index] += _rollout(state, seat, order, seed, budget, cap)
        # Another sample only if one more like this one fits in the budget; its rollouts
        # are cut so that even a longer one cannot overspend it.
        if budget.left < before - budget.left:
            break
        cap = min(cap, budget.left // len(unique))
        if cap < MIN_ROLLOUT:
            break
    _spend(state, seat, allowed - budget.left)
    best = max(range(len(unique)), key=lambda i: (totals[i], -i))
    return unique[best]


# ---------------------------------------------------------------- candidates


def _finishing_attacks(view: View) -> list[Attack]:
    """With few rivals left: from the biggest stacks, the attacks on the first territory
    of the cheapest way (fewest armies in between, neutral ones included) to a rival's
    territory, so a wall of neutral armies is no hiding place."""
    state = view.state
    if view.rivals > FINISH_RIVALS or not view.enemy_of:
        return []
    cost = way_costs(state, view.seat)
    attacks: list[tuple[int, int, str, str]] = []
    for origin, target in attack_options(state):
        if target in cost:
            attacks.append(
                (cost[target] - state.armies[origin], -state.armies[origin], origin, target)
            )
    attacks.sort()
    return [
        Attack(origin, target, min(3, state.armies[origin] - 1), "continuous")
        for _, _, origin, target in attacks[:2]
    ]


def _attack_candidates(view: View, base: Order) -> list[Order]:
    ranked: list[tuple[float, float, str, str]] = []
    for origin, target in attack_options(view.state):
        p, worth = attack_score(view, origin, target)
        if p >= 0.2:
            ranked.append((-worth, -p, origin, target))
    ranked.sort()
    armies = view.state.armies
    candidates: list[Order] = [base]
    candidates += [
        Attack(origin, target, min(3, armies[origin] - 1), "continuous")
        for _, _, origin, target in ranked[:ATTACK_CANDIDATES]
    ]
    candidates += _finishing_attacks(view)
    candidates.append(EndAttack())
    return candidates


def _place_candidates(view: View, base: Place) -> list[Order]:
    """Good's placement, then all the reinforcements on the territories that make the best
    attacks or face the biggest stacks (ranked by that, then by the enemy armies beside)."""
    state = view.state
    armies = state.reinforcements
    cost = way_costs(state, view.seat)
    ranked: list[tuple[float, int, float, int, str]] = []
    for territory in view.own:
        if room(state, territory) <= 0 or not any(
            n not in view.own_set for n in view.info.neighbours[territory]
        ):
            continue
        worth = max(
            (
                attack_score(view, territory, t, armies)[1]
                for t in view.info.neighbours[territory]
                if t not in view.own_set
            ),
            default=0.0,
        )
        defence = max(0.0, view.deficit(territory)) * view.importance(territory)
        way = min((cost[n] for n in view.info.neighbours[territory] if n in cost), default=1 << 20)
        ranked.append(
            (
                -(worth + 0.5 * defence),
                way,
                -view.danger[territory],
                -state.armies[territory],
                territory,
            )
        )
    ranked.sort()
    # Good's choice comes last: on a tie it would go to the first territory by name.
    candidates: list[Order] = [
        Place(t, max(1, min(armies, room(state, t)))) for *_, t in ranked[:PLACE_CANDIDATES]
    ]
    return [*candidates, base]


def _move_in_candidates(state: ClassicState, base: MoveIn) -> list[Order]:
    pending = state.pending
    assert pending is not None
    least, most = int(pending["min"]), int(pending["max"])
    return [base, MoveIn(most), MoveIn(least), MoveIn((least + most + 1) // 2)]


def _spread_out(state: ClassicState) -> bool:
    """A move-in worth weighing: the armies allowed differ by a few."""
    pending = state.pending
    return pending is not None and int(pending["max"]) - int(pending["min"]) >= 2


def _fortify_choice(state: ClassicState, seat: int, base: Order) -> Order:
    """Free moves have no dice: each candidate is valued once, after it (one simulated
    order each, counted in the turn's budget)."""
    ruleset: Any = find_ruleset("classic")
    key = _position_key(state, seat)
    seed = f"expert:{key}"
    options = move_options(state)
    allowed = _decision_budget(state, seat)
    needed = 2 + 2 * len(options)
    if needed > allowed:
        return base
    _spend(state, seat, needed)
    ranked: list[tuple[float, int, str, str, int]] = []
    for origin, target, most in options:
        for count in sorted({most, (most + 1) // 2}):
            sim = state.clone()
            sim.rng = Rng(seed)  # ending the turn may draw (the UK neutral's armies)
            ruleset._apply(sim, FreeMove(origin, target, count))
            ranked.append((-position_value(sim, seat), -count, origin, target, count))
    ranked.sort()
    candidates: list[tuple[float, int, Order]] = []
    for rank, order in enumerate([base, EndTurn()]):
        sim = state.clone()
        sim.rng = Rng(seed)
        ruleset._apply(sim, order)
        candidates.append((position_value(sim, seat), -rank, order))
    for rank, (value, _, origin, target, count) in enumerate(ranked[:FORTIFY_CANDIDATES]):
        candidates.append((-value, -2 - rank, FreeMove(origin, target, count)))
    return max(candidates, key=lambda c: (c[0], c[1]))[2]


# ---------------------------------------------------------------- without simulation

TRAIL_ARMIES = 3  # a conquest that leaves fewer armies than this in front is a trail


def _battle_outcomes(
    state: ClassicState, seat: int, origin: str, target: str
) -> list[tuple[float, ClassicState]]:
    """The two ends of fighting ``origin``'s armies against ``target`` to the end, with
    their chances: taken (every survivor moved in, the origin left with one army, this
    turn's card earned) or beaten off (the origin down to one army), with the expected
    losses of the battle.  No dice are drawn: this is arithmetic on the battle odds."""
    armies = state.armies
    usable = armies[origin] - 1
    defenders = armies[target]
    p = win_chance(usable, defenders, state.options.computer_advantage)
    lost_a, lost_d = battle_losses(usable, defenders)
    taken = state.clone()
    taken.owner[target] = seat
    taken.armies[origin] = 1
    taken.armies[target] = max(1, round(usable - lost_a))
    if not state.conquered:
        # The card the turn's first conquest earns (which one is unknown: only the
        # hand's size is read).
        taken.players[seat].cards = [*taken.players[seat].cards, -1]
    beaten = state.clone()
    beaten.armies[origin] = 1
    beaten.armies[target] = max(1, round(defenders - lost_d))
    return [(p, taken), (1 - p, beaten)]


def _static_value(state: ClassicState, seat: int) -> float:
    """:func:`position_value`, with a position where no rival holds a territory left
    counted as won."""
    neutral = state.neutral
    if not any(o != seat and o != neutral for o in state.owner.values()):
        return WIN_VALUE
    return position_value(state, seat)


def attack_worth(state: ClassicState, seat: int, origin: str, target: str) -> float:
    """The expected worth to ``seat``, without simulation, of fighting from ``origin``
    to ``target`` to the end, against stopping now (above 0: better than stopping)."""
    expected = sum(
        chance * _static_value(after, seat)
        for chance, after in _battle_outcomes(state, seat, origin, target)
    )
    return expected - _static_value(state, seat)


def _weighed_attack(view: View, base: Order) -> Order:
    """Once the turn's search budget is spent, the judgement's choice weighed without
    simulation: an attack that would leave a trail (fewer than ``TRAIL_ARMIES`` armies in
    front) and is worth less than stopping is not made; and with one rival left, when the
    judgement would stop, the attack towards it (through any neutral wall) worth most, if it beats
    stopping, is made."""
    state, seat = view.state, view.seat
    if isinstance(base, Attack):
        usable = state.armies[base.origin] - 1
        lost_a, _ = battle_losses(usable, state.armies[base.target])
        if (
            usable - lost_a < TRAIL_ARMIES
            and attack_worth(state, seat, base.origin, base.target) < 0
        ):
            return EndAttack()
        return base
    if view.rivals != 1:
        return base
    best: tuple[float, int] | None = None
    finishing = _finishing_attacks(view)
    for index, attack in enumerate(finishing):
        worth = attack_worth(state, seat, attack.origin, attack.target)
        if worth > 0 and (best is None or worth > best[0]):
            best = (worth, index)
    return base if best is None else finishing[best[1]]


# ---------------------------------------------------------------- dispatch


def _continues(state: ClassicState, base: Order) -> bool:
    """Good carries on with the battle under way: the choice was made when it began."""
    battle = state.battle
    return (
        isinstance(base, Attack)
        and battle is not None
        and (battle["origin"], battle["target"]) == (base.origin, base.target)
    )


def choose(state: ClassicState, seat: int) -> Order:
    """The Expert Classic computer player."""
    own = judgement(state, seat)
    base = _choose(own, state, seat)
    phase = state.phase
    if phase is Phase.REINFORCE and isinstance(base, Place):
        view = View(state, seat, own)
        return _best_of(state, seat, _place_candidates(view, base), SAMPLES) or base
    if phase is Phase.ATTACK and not _continues(state, base):
        view = View(state, seat, own)
        searched = _best_of(state, seat, _attack_candidates(view, base), SAMPLES)
        return searched if searched is not None else _weighed_attack(view, base)
    if phase is Phase.MOVE_IN and isinstance(base, MoveIn) and _spread_out(state):
        return _best_of(state, seat, _move_in_candidates(state, base), SAMPLES) or base
    if phase is Phase.FORTIFY:
        return _fortify_choice(state, seat, base)
    return base


chooser: Callable[[ClassicState, int], Order] = choose
register_player("classic", "expert", choose)
