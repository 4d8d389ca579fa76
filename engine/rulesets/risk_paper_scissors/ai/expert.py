"""The ``expert`` Risk, Paper, Scissors player: Standard's judgement, checked by looking
ahead (issue 31), and bids for the slot that matters (:func:`expert_bid`).

Combat has no dice, so a look-ahead here is cheap and exact as far as it goes.  At each
purchase and action decision Expert lists a few candidate orders: Standard's own choice,
the buys that make the other best targets capturable, a defensive buy, the best other
captures, the cards Standard would not play yet, and stopping.  When only one candidate
is left there is nothing to weigh and Expert plays it at once.  Otherwise it plays each
candidate on a copy of the game, lets Standard finish its turn, and then lets the rivals
answer with the game's own computer levels (each rival with its own level; a human or an
Expert rival is played as Standard), as far as the budget goes, and keeps the candidate
whose future is worth most to it:

* a won game above anything, a lost one below;
* otherwise its points as they would be scored now (territories, groups, Colony
  Influence), plus what its income, energy and units are still worth in the years left,
  less the points an enemy stack next door could take back, compared with the best
  rival's (a player wins by having more points than every other one, not by having
  many).

The search is bounded by a count of simulated orders (:data:`SEARCH_ORDERS` per
decision), never by the clock, so the same position always gives the same order.  The
one draw the rules make during a turn (Invade Earth's target) comes from a private
generator seeded from the public position, never from the game's generator, so Expert
foresees nothing the game will draw and changes none of it.  Nor does it read what a
player cannot see (spec 14): the copies it plays on (:func:`public_copy`) hold, for each
rival, a hand guessed from the public card counts per deck (Colony Influence first, as
every computer level buys it first) and no armed card, so a rival's hidden hand or trap
never changes Expert's choice.  Ties go to the candidate listed first: Standard's choice.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from engine.core import Order
from engine.errors import IllegalOrderError
from engine.rng import Rng
from engine.rulesets.risk_paper_scissors.ai.buying import (
    _defence,
    standard_purchase,
)
from engine.rulesets.risk_paper_scissors.ai.levels import choose_easy, choose_standard
from engine.rulesets.risk_paper_scissors.ai.plan import (
    attack_force,
    battle,
    capturing_subset,
    cheapest_capture,
    target_value,
    targets_from,
)
from engine.rulesets.risk_paper_scissors.battle import Outcome, Side
from engine.rulesets.risk_paper_scissors.cards import CARDS
from engine.rulesets.risk_paper_scissors.common import (
    groups_held,
    influence_points,
    public_points,
)
from engine.rulesets.risk_paper_scissors.legal import force_fields
from engine.rulesets.risk_paper_scissors.orders import (
    Attack,
    Bid,
    BuyUnits,
    EndPurchase,
    EndTurn,
    Phase,
)
from engine.rulesets.risk_paper_scissors.rules import apply_order
from engine.rulesets.risk_paper_scissors.state import RpsState
from engine.rulesets.risk_paper_scissors.view import card_counts

SEARCH_ORDERS = 48
"""Simulated orders per decision, over every candidate: once spent, the candidates
not yet weighed are left out."""
TURN_ORDERS = 24
"""Most simulated orders of Expert's own rest of turn."""
REPLY_ORDERS = 0
"""Simulated orders of the rivals' answer after Expert's turn."""
ATTACK_CANDIDATES = 3
"""Captures weighed besides Standard's choice."""
BUY_CANDIDATES = 2
"""Targets whose cheapest capture is weighed as a buy, besides Standard's choice."""

INCOME_WEIGHT = 0.35
"""A point of the final score per energy of income per year left."""
ENERGY_WEIGHT = 0.12
"""A point per energy in hand (a unit costs 3: about a third of a capture)."""
UNIT_WEIGHT = 0.25
"""A point per unit on the board while years are left."""
RISK_WEIGHT = 0.6
"""Share of the points next-door stacks could take that counts as lost."""
WIN_VALUE = 1000.0
LAST_SLOT_BID = 2
"""Most energy Expert pays for the last slot of the last year."""
RACE_MARGIN = 3
"""Points behind the best rival at which Expert still bids for the last slot."""

Chooser = Callable[[RpsState, int], Order]


# ---------------------------------------------------------------- evaluation


def _at_risk(state: RpsState, seat: int, held: set[str]) -> float:
    """Points ``seat`` could lose to a living rival's stack next door that captures as it
    stands (combat is exact: no odds to weigh); ``held``: the groups it holds."""
    board = state.board
    loss_order = state.options.commander_loss_order
    bonus = {g.id: g.bonus for g in board.groups}
    total = 0.0
    for territory in state.territories_of(seat):
        defender = state.side_at(territory)
        for near in board.neighbours[territory]:
            owner = state.owner.get(near)
            if owner is None or owner == seat:
                continue
            force = attack_force(state.side_at(near), loss_order)
            if force.units == 0:
                continue
            if battle(force, defender, loss_order).outcome is Outcome.CAPTURE:
                worth = state.options.points_per_territory + 1.0
                group = board.group_of[territory]
                if group in held:
                    worth += bonus[group]
                total += worth
                break
    return total * RISK_WEIGHT


def _worth(state: RpsState, seat: int) -> float:
    player = state.players[seat]
    if not player.alive:
        return 0.0
    o = state.options
    years_left = max(0, o.years - state.turn)
    # public_points and income of common.py, sharing one count of the groups held
    held = groups_held(state, seat)
    bonus = {g.id: g.bonus for g in state.board.groups}
    group_points = sum(bonus[g] for g in held)
    count = len(state.territories_of(seat))
    points = o.points_per_territory * count + group_points
    worth = float(points + influence_points(state, seat))
    if years_left:
        base = max(o.income_minimum, count // o.income_divisor)
        worth += INCOME_WEIGHT * (o.income_multiplier * (base + group_points)) * years_left
        worth += UNIT_WEIGHT * state.units_of(seat)
    worth += ENERGY_WEIGHT * player.energy
    return worth - _at_risk(state, seat, set(held))


def position_value(state: RpsState, seat: int) -> float:
    """What a position is worth to ``seat``: a win above all, else its worth less the
    best rival's."""
    if state.result is not None:
        winners = state.result["winners"]
        if seat in winners:
            return WIN_VALUE / len(winners)
        return -WIN_VALUE
    rivals = [s for s in state.living() if s != seat]
    best_rival = max((_worth(state, s) for s in rivals), default=0.0)
    return _worth(state, seat) - best_rival


# ---------------------------------------------------------------- candidates


def _attack_candidates(state: RpsState, seat: int) -> list[Order]:
    """The best captures now (as Standard values them), one per target."""
    player = state.players[seat]
    budget = player.energy * state.options.steps_per_energy + state.turn_state.bank
    loss_order = state.options.commander_loss_order
    scored: dict[str, tuple[float, int, Order]] = {}
    for origin in state.territories_of(seat):
        force = attack_force(state.side_at(origin), loss_order)
        if force.units == 0:
            continue
        for target in targets_from(state, seat, origin):
            defender = state.side_at(target)
            if not defender.units:
                sent: Side | None = Side(e=1) if force.e else Side(j=1) if force.j else Side(w=1)
            else:
                sent = capturing_subset(force, defender, loss_order)
            if sent is None or sent.units > budget:
                continue
            value = target_value(state, seat, target) - 0.1 * sent.units
            order = Attack(origin, target, **force_fields(sent))  # type: ignore[arg-type]
            key = (value, -state.board.index(origin), order)
            if target not in scored or key[:2] > scored[target][:2]:
                scored[target] = key
    ranked = sorted(scored.values(), key=lambda k: (-k[0], -k[1]))
    return [order for _, _, order in ranked[:ATTACK_CANDIDATES]]


def _buy_candidates(state: RpsState, seat: int) -> list[Order]:
    """The cheapest buys that make the next best targets capturable, and a defensive buy."""
    o = state.options
    energy = state.players[seat].energy
    loss_order = o.commander_loss_order
    found: list[tuple[float, int, Order]] = []
    seen: set[str] = set()
    for origin in state.territories_of(seat):
        base = attack_force(state.side_at(origin), loss_order)
        for target in targets_from(state, seat, origin):
            side = state.side_at(target)
            if not side.units or target in seen:
                continue
            add = cheapest_capture(state, seat, base, side, energy)
            if add is None or not add.units:
                continue
            seen.add(target)
            value = target_value(state, seat, target) / (add.units + 1)
            order = BuyUnits(origin, e=add.e, j=add.j, w=add.w)
            found.append((value, state.board.index(target), order))
    found.sort(key=lambda f: (-f[0], f[1]))
    orders: list[Order] = [order for _, _, order in found[:BUY_CANDIDATES]]
    defence = _defence(state, seat)
    if defence is not None and energy >= o.unit_cost:
        orders.append(defence)
    return orders


def candidates(state: RpsState, seat: int) -> list[Order]:
    """Standard's choice first, then the alternatives weighed against it (distinct)."""
    base = choose_standard(state, seat)
    listed: list[Order] = [base]
    if state.phase is Phase.PURCHASE:
        listed += [standard_purchase(state, seat), *_buy_candidates(state, seat), EndPurchase()]
    elif state.phase is Phase.ACTION and not state.turn_state.attacks_over:
        listed += [*_attack_candidates(state, seat), EndTurn()]
    elif state.phase is Phase.ACTION:
        listed.append(EndTurn())
    return list(dict.fromkeys(listed))


# ---------------------------------------------------------------- simulation


def _position_key(state: RpsState, seat: int) -> str:
    """A digest of the public position: the private generator's seed."""
    parts = [
        str(state.turn),
        str(seat),
        state.phase.value,
        str(state.slot),
        repr(
            sorted((t, o, sorted(state.units.get(t, {}).items())) for t, o in state.owner.items())
        ),
        repr([p.energy for p in state.players]),
        repr(sorted((t, c) for t, c in state.armed.items() if state.owner.get(t) == seat)),
        str(state.turn_state.bank),
    ]
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:24]


PLAIN_CARD = {
    "land": "land.assemble",
    "naval": "naval.assemble",
    "space": "space.assemble",
    "nuclear": "nuclear.rocket_strike",
    "diplomat": "diplomat.energy_crisis",
}
"""The card a rival's unknown card of each deck stands for, beyond its Colony Influence."""


def guessed_hand(state: RpsState, rival: int) -> list[str]:
    """A rival's hand as ``seat`` may know it: its public card count per deck (hand plus
    armed), Colony Influence first (up to the per-deck limit: every computer level buys
    it first and it is never spent), then :data:`PLAIN_CARD`."""
    limit = state.options.colony_influence_per_deck
    hand: list[str] = []
    for deck, count in card_counts(state, rival).items():
        influence = f"{deck}.colony_influence"
        known = min(count, limit) if influence in CARDS else 0
        hand += [influence] * known + [PLAIN_CARD[deck]] * (count - known)
    return hand


def public_copy(state: RpsState, seat: int) -> RpsState:
    """A copy of the game holding only what ``seat`` may see (spec 14): each rival's hand
    is :func:`guessed_hand`, no rival card lies armed; the game's generator is left out
    (the caller seeds a private one)."""
    sim = state.clone()
    for rival, player in enumerate(sim.players):
        if rival != seat:
            player.hand = guessed_hand(state, rival)
    sim.armed = {t: card for t, card in sim.armed.items() if sim.owner.get(t) == seat}
    return sim


def _model(state: RpsState, seat: int) -> Chooser:
    """The game's own computer level that plays ``seat`` in a simulated future."""
    return choose_easy if state.players[seat].control == "easy" else choose_standard


def rollout(state: RpsState, seat: int, order: Order, seed: str, spent: list[int]) -> float | None:
    """Play ``order`` on a copy, let Standard finish ``seat``'s turn (at most
    :data:`TURN_ORDERS` orders), then the rivals answer with the game's own levels for
    :data:`REPLY_ORDERS` orders (every candidate gets the same horizon); the value of
    where it stands.  ``spent`` counts the simulated orders.  None when the rules refuse
    ``order``."""
    sim = public_copy(state, seat)
    sim.rng = Rng(seed)
    try:
        apply_order(sim, order)
    except IllegalOrderError:
        return None
    spent[0] += 1
    own = replies = 0
    while sim.phase is not Phase.GAME_OVER:
        actor = sim.current
        mine = actor == seat and sim.phase is not Phase.BID
        if mine and replies:
            break  # back to seat's own turn
        if mine:
            own += 1
            if own > TURN_ORDERS:
                break
        else:
            replies += 1
            if replies > REPLY_ORDERS:
                break
        chooser = choose_standard if actor == seat else _model(sim, actor)
        try:
            apply_order(sim, chooser(sim, actor))
        except IllegalOrderError:  # a model's slip ends the look-ahead, not the game
            break
        spent[0] += 1
    return position_value(sim, seat)


def estimated_score(state: RpsState, seat: int, viewer: int) -> int:
    """``seat``'s final score if the game ended now, as ``viewer`` may count it: its own
    Colony Influence it knows, a rival's is read from :func:`guessed_hand`."""
    hand = state.players[seat].hand if seat == viewer else guessed_hand(state, seat)
    held = sum(
        1
        for card in hand
        if card.endswith(".colony_influence") and state.has_commander(seat, card.split(".")[0])
    )
    return public_points(state, seat) + state.options.colony_influence_points * held


def expert_bid(state: RpsState, seat: int) -> Bid:
    """The slot that matters, latest first (a slot taken, the next latest is as good:
    fewer players move after it).  In the last year the last slot: nobody moves after it
    to take back what it takes; a player in the race (within :data:`RACE_MARGIN` points
    of the best rival's score as it can count it) pays a little for it (a point taken
    there is never taken back, and energy left at the end scores nothing), the others
    ask for it for nothing (ties go to the player with fewer points).  In the other
    years, after a year in the last slot, the first slot (two turns in a row: its
    captures are held before anyone answers), bid a little higher than Standard bids;
    otherwise the last slot, for nothing, to set up the next such pair."""
    slots = len(state.living())
    latest_first = tuple(range(slots, 0, -1))
    energy = state.players[seat].energy
    if state.turn >= state.options.years:
        mine = estimated_score(state, seat, seat)
        best = max(
            (estimated_score(state, s, seat) for s in state.living() if s != seat), default=0
        )
        amount = min(LAST_SLOT_BID, energy // 6) if mine + RACE_MARGIN >= best else 0
        return Bid(seat, amount, latest_first)
    if state.turn > 1 and state.last_slots[seat] == slots:
        return Bid(seat, min(3, energy // 6), (1,))
    return Bid(seat, 0, latest_first)


def choose_expert(state: RpsState, seat: int) -> Order:
    if state.phase is Phase.BID and state.bids[seat] is None:
        return expert_bid(state, seat)
    if state.phase not in (Phase.PURCHASE, Phase.ACTION):
        return choose_standard(state, seat)
    options = candidates(state, seat)
    if len(options) == 1:
        return options[0]
    seed = "expert:" + _position_key(state, seat)
    spent = [0]
    best: tuple[float, Order] | None = None
    for order in options:
        if spent[0] >= SEARCH_ORDERS:
            break  # the budget is spent: the candidates listed first were weighed
        value = rollout(state, seat, order, seed, spent)
        if value is not None and (best is None or value > best[0]):
            best = (value, order)
    return options[0] if best is None else best[1]
