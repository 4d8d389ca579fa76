"""The baseline Capital Risk computer faction: sensible sealed orders, deterministic.

It trades every set, puts reinforcements where enemies mass and on its capital, attacks
weak neighbours only with a clear margin (pooling several territories into one mass
invasion), adds one surge where the next territory is thin, and moves one idle interior
stack toward the front.
"""

from __future__ import annotations

from engine.ai import register_player
from engine.core import Order
from engine.maps import GameMap
from engine.rulesets.capital.ai.view import spread_evenly
from engine.rulesets.capital.legal import plan_orders
from engine.rulesets.capital.orders import (
    Attack,
    Resolve,
    SubmitOrders,
    SubmitSetup,
    Surge,
    Tactical,
)
from engine.rulesets.capital.reinforce import (
    game_map,
    limit_for,
    set_value,
    valid_sets,
)
from engine.rulesets.capital.setup import setup_pool
from engine.rulesets.capital.state import CapitalState, Phase

ENEMY_PLACEMENT_GUESS = 2  # units an enemy will likely add to a border it holds
ATTACK_RATIO = 1.25  # attack when the attackers outnumber the expected defence by this
CAPITAL_WEIGHT = 4  # extra "threat" a capital carries when placing reinforcements
SURGE_RATIO = 2  # surge only into a territory this many times weaker than the surplus


def choose(state: CapitalState, seat: int) -> Order:
    if state.phase is Phase.SETUP:
        return _setup(state, seat) if state.setup[seat] is None else Resolve()
    return _orders(state, seat) if state.orders[seat] is None else Resolve()


def _enemies(state: CapitalState, the_map: GameMap, territory: str, seat: int) -> list[str]:
    return [n for n in the_map.neighbours(territory) if state.owner[n] != seat]


def _threat(state: CapitalState, the_map: GameMap, territory: str, seat: int) -> int:
    return sum(state.armies[n] for n in _enemies(state, the_map, territory, seat))


def _setup(state: CapitalState, seat: int) -> SubmitSetup:
    the_map = game_map(state)
    own = state.territories_of(seat)

    def shelter(t: str) -> tuple[int, int]:
        friends = sum(1 for n in the_map.neighbours(t) if state.owner[n] == seat)
        return friends, -len(_enemies(state, the_map, t, seat))

    capital = max(own, key=shelter)
    pool = setup_pool(state, seat)
    placed = {capital: pool // 3}
    borders = (
        sorted(
            (t for t in own if _enemies(state, the_map, t, seat)),
            key=lambda t: -_threat(state, the_map, t, seat),
        )
        or own
    )
    left = pool - placed[capital]
    spread_evenly(placed, borders, left)
    return SubmitSetup(seat, capital, tuple((t, placed[t]) for t in own if placed.get(t)))


def _trades(
    state: CapitalState, the_map: GameMap, seat: int
) -> tuple[list[tuple[int, int, int]], int]:
    hand = list(state.players[seat].cards)
    trades: list[tuple[int, int, int]] = []
    value = 0
    while len(trades) < (2 if len(hand) >= 6 else 1):
        sets = valid_sets(the_map, hand)
        if not sets:
            break
        trades.append(sets[0])
        value += set_value(the_map, sets[0]) or 0
        for c in sets[0]:
            hand.remove(c)
    return trades, value


def _orders(state: CapitalState, seat: int) -> SubmitOrders:
    the_map = game_map(state)
    own = state.territories_of(seat)
    capital = state.players[seat].capital
    trades, _ = _trades(state, the_map, seat)
    # The engine's own reading of the trades: the pool and the card bonuses, which take
    # their share of the placement limits first (RULINGS §2).
    cards = plan_orders(state, seat, SubmitOrders(seat, trades=tuple(trades)))
    pool = cards.pool

    # Reinforcements: one at a time to the territory with the greatest unmet threat.
    room = {t: limit_for(the_map, state.owner, seat, t) - cards.bonus.get(t, 0) for t in own}
    need = {
        t: _threat(state, the_map, t, seat)
        - state.armies[t]
        + (CAPITAL_WEIGHT if t == capital else 0)
        + (1 if _enemies(state, the_map, t, seat) else -100)
        for t in own
    }
    placed: dict[str, int] = {}
    for _ in range(pool):
        open_ = [t for t in own if room[t] > 0]
        if not open_:
            break
        best = max(open_, key=lambda t: need[t])
        placed[best] = placed.get(best, 0) + 1
        room[best] -= 1
        need[best] -= 1
    after = {t: state.armies[t] + placed.get(t, 0) for t in own}

    attacks, margins = _attacks(state, the_map, seat, after, capital)
    surge = _surge(state, the_map, seat, attacks, margins)
    tactical = _tactical(state, the_map, seat, after, {a.origin for a in attacks})
    return SubmitOrders(
        seat,
        "",
        tuple((t, placed[t]) for t in own if placed.get(t)),
        tuple(attacks),
        surge,
        tactical,
        tuple(trades),
    )


def _attacks(
    state: CapitalState, the_map: GameMap, seat: int, after: dict[str, int], capital: str | None
) -> tuple[list[Attack], dict[str, int]]:
    """Greedy: weakest targets first, each origin used once, several origins pooled."""

    def spare(o: str) -> int:
        keep = 1
        if o == capital:
            keep = max(1, after[o] // 2)
        return after[o] - keep

    capitals = {p.capital for i, p in enumerate(state.players) if i != seat and p.capital}
    targets = sorted(
        {n for t in after for n in _enemies(state, the_map, t, seat)},
        key=lambda e: (e not in capitals, state.armies[e], the_map.territory_ids.index(e)),
    )
    used: set[str] = set()
    attacks: list[Attack] = []
    margins: dict[str, int] = {}
    for enemy in targets:
        origins = [
            o for o in the_map.neighbours(enemy) if o in after and o not in used and spare(o) > 0
        ]
        origins.sort(key=lambda o: -spare(o))
        defence = state.armies[enemy] + ENEMY_PLACEMENT_GUESS
        chosen: list[str] = []
        total = 0
        for o in origins:
            if total >= defence * ATTACK_RATIO + 1:
                break
            chosen.append(o)
            total += spare(o)
        # Several armies each roll against the one defender die, so a mass invasion
        # needs a smaller margin than one army.
        needed = defence * ATTACK_RATIO + (0 if len(chosen) > 1 else 1)
        if chosen and total >= needed:
            for o in chosen:
                attacks.append(Attack(o, enemy, spare(o)))
                used.add(o)
            margins[enemy] = total - defence
    return attacks, margins


def _surge(
    state: CapitalState, the_map: GameMap, seat: int, attacks: list[Attack], margins: dict[str, int]
) -> Surge | None:
    for via in sorted(margins, key=lambda t: (-margins[t], the_map.territory_ids.index(t))):
        thin = [
            n
            for n in the_map.neighbours(via)
            if state.owner[n] not in (seat, state.owner[via])
            and n not in margins
            and state.armies[n] * SURGE_RATIO <= margins[via]
        ]
        if thin:
            return Surge(via, min(thin, key=lambda n: state.armies[n]), None)
    return None


def _tactical(
    state: CapitalState, the_map: GameMap, seat: int, after: dict[str, int], busy: set[str]
) -> Tactical | None:
    """Move the largest idle interior stack one step toward the front."""
    dist = the_map.steps_from(t for t, o in state.owner.items() if o != seat)
    interior = [t for t in after if t not in busy and dist.get(t, 0) > 1 and after[t] > 1]
    if not interior:
        return None
    origin = max(interior, key=lambda t: (after[t], -the_map.territory_ids.index(t)))
    closer = sorted(
        (
            n
            for n in the_map.neighbours(origin)
            if state.owner[n] == seat and dist[n] < dist[origin]
        ),
        key=lambda n: (dist[n], the_map.territory_ids.index(n)),
    )
    free = after[origin] - 1
    moves = []
    for dest in closer:
        n = min(free, limit_for(the_map, state.owner, seat, dest))
        if n > 0:
            moves.append((dest, n))
            free -= n
    return Tactical(origin, tuple((d, c) for d, c in moves)) if moves else None


register_player("capital", "baseline", choose)
