"""Cutting orders down to what the rules allow, and the default orders of a silent
faction.

Seed: "If your orders do not follow the rules as outlined, they will be interpreted as
necessary to accommodate the rules."  Every cut is an :class:`Offense` for the report.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.maps import GameMap
from engine.rulesets.capital.options import MAX_SETS_PER_TURN, MUST_TRADE_AT, TWO_SETS_FROM
from engine.rulesets.capital.orders import Attack, Count, Placements, SubmitOrders, Surge, Tactical
from engine.rulesets.capital.reinforce import (
    capacity,
    game_map,
    limit_for,
    reinforcements,
    set_value,
    valid_sets,
)
from engine.rulesets.capital.state import CapitalState


@dataclass(frozen=True)
class Offense:
    """One change made to a faction's orders, with a stable code."""

    faction: int
    code: str
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"faction": self.faction, "code": self.code, "message": self.message}


@dataclass
class Plan:
    """A faction's orders cut down to the rules, with what the cuts and cards produced."""

    orders: SubmitOrders
    offenses: list[Offense] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    bonus: dict[str, int] = field(default_factory=dict)  # +2 per matching card, within limits
    pool: int = 0


def is_border(the_map: GameMap, owner: Mapping[str, int], territory: str) -> bool:
    return any(owner[n] != owner[territory] for n in the_map.neighbours(territory))


def spread(count: int, targets: list[str], room: dict[str, int], placed: dict[str, int]) -> int:
    """Put ``count`` units one at a time round the ``targets`` with room; return the rest."""
    while count > 0:
        open_ = [t for t in targets if room[t] > 0]
        if not open_:
            break
        for t in open_:
            if count == 0:
                break
            placed[t] = placed.get(t, 0) + 1
            room[t] -= 1
            count -= 1
    return count


def legal_attack_targets(state: CapitalState, faction: int, origin: str) -> list[str]:
    """Territories ``faction`` may attack from ``origin`` (its own, holding 2+ units)."""
    if state.owner.get(origin) != faction or state.armies[origin] < 2:
        return []
    return [n for n in game_map(state).neighbours(origin) if state.owner[n] != faction]


def default_orders(state: CapitalState, faction: int) -> SubmitOrders:
    """Seed-less default: no attacks; reinforcements spread over the borders (by the
    normaliser, which also makes any trade the five-card rule forces)."""
    return SubmitOrders(faction)


def normalise_orders(
    state: CapitalState, faction: int, orders: SubmitOrders
) -> tuple[SubmitOrders, list[Offense]]:
    """``orders`` with every number explicit and every illegal part cut, and the cuts."""
    plan = plan_orders(state, faction, orders)
    return plan.orders, plan.offenses


def plan_orders(state: CapitalState, faction: int, orders: SubmitOrders) -> Plan:
    the_map = game_map(state)
    offenses: list[Offense] = []

    def offend(code: str, message: str) -> None:
        offenses.append(Offense(faction, code, message))

    plan = Plan(orders, offenses)
    name: Callable[[str], str] = the_map.name_of
    for part in orders.dropped:  # RULINGS §2: a non-whole number is an impossible order
        offend("order/not-whole", f"{part}: dropped")
    trades, card_units = _trades(state, faction, orders, plan, offend)
    _fit_bonus(state, faction, plan, offend)
    base = reinforcements(state, faction)
    room_total = capacity(state, faction) - sum(plan.bonus.values())
    pool = base + card_units
    if pool > room_total:
        offend(
            "cards/truncated",
            f"reinforcements cut from {pool} to {room_total}: no room to place more",
        )
        pool = room_total
    plan.pool = pool
    placements = _placements(state, faction, orders.placements, pool, plan, offend)
    after = dict(state.armies)
    for t, n in placements:
        after[t] += n or 0
    for t, n in plan.bonus.items():
        after[t] += n
    attacks = _attacks(state, faction, orders.attacks, after, offend)
    surge = _surge(state, faction, orders.surge, attacks, offend, name)
    tactical = _tactical(state, faction, orders.tactical, after, attacks, offend, name)
    plan.orders = SubmitOrders(
        faction, orders.player, placements, attacks, surge, tactical, tuple(trades)
    )
    return plan


def _trades(
    state: CapitalState,
    faction: int,
    orders: SubmitOrders,
    plan: Plan,
    offend: Callable[[str, str], None],
) -> tuple[list[tuple[int, int, int]], int]:
    the_map = game_map(state)
    hand = list(state.players[faction].cards)
    allowed = MAX_SETS_PER_TURN if len(hand) >= TWO_SETS_FROM else 1
    trades: list[tuple[int, int, int]] = []
    for trio in orders.trades:
        if len(trades) >= allowed:
            offend("cards/too-many-sets", f"set {list(trio)} dropped: at most {allowed} this turn")
            continue
        if len(set(trio)) != 3 or any(c not in hand for c in trio):
            offend("cards/not-held", f"set {list(trio)} dropped: those cards are not in hand")
            continue
        if set_value(the_map, trio) is None:
            offend("cards/not-a-set", f"cards {list(trio)} are not a valid set")
            continue
        trades.append(trio)
        for c in trio:
            hand.remove(c)
    # Seed: five or more cards must be traded down below five before the reinforcement.
    while len(hand) >= MUST_TRADE_AT and len(trades) < MAX_SETS_PER_TURN:
        best = valid_sets(the_map, hand)
        if not best:
            break
        trades.append(best[0])
        for c in best[0]:
            hand.remove(c)
        offend("cards/must-trade", f"holding {MUST_TRADE_AT}+ cards: set {list(best[0])} traded")
    units = 0
    for trio in trades:
        units += set_value(the_map, trio) or 0
        for c in trio:
            territory = the_map.deck[c].territory
            if territory is not None and state.owner[territory] == faction:
                plan.bonus[territory] = plan.bonus.get(territory, 0) + 2
    return trades, units


def _fit_bonus(
    state: CapitalState, faction: int, plan: Plan, offend: Callable[[str, str], None]
) -> None:
    """RULINGS §2: the card bonus counts against the territory's placement limit like any
    reinforcement; what does not fit is cut (and listed)."""
    the_map = game_map(state)
    for territory in sorted(plan.bonus):
        wanted = plan.bonus[territory]
        limit = limit_for(the_map, state.owner, faction, territory)
        if wanted > limit:
            offend(
                "cards/bonus-over-limit",
                f"card bonus on {the_map.name_of(territory)} cut from {wanted} to {limit}: "
                f"placement limit {limit}",
            )
            plan.bonus[territory] = limit
        if plan.bonus[territory] == 0:
            del plan.bonus[territory]


def _placements(
    state: CapitalState,
    faction: int,
    wanted: Placements,
    pool: int,
    plan: Plan,
    offend: Callable[[str, str], None],
) -> Placements:
    the_map = game_map(state)
    own = [t for t in the_map.territory_ids if state.owner[t] == faction]
    room = {t: limit_for(the_map, state.owner, faction, t) - plan.bonus.get(t, 0) for t in own}
    placed: dict[str, int] = {}
    left = pool
    for territory, count in wanted:
        if territory not in room:
            offend("place/not-owned", f"placement on {territory} dropped: not yours")
            continue
        if count is not None and count < 0:
            offend(
                "place/negative",
                f"placement of {count} on {the_map.name_of(territory)} dropped: "
                "a negative number is impossible",
            )
            continue
        most = min(room[territory], left)
        n = most if count is None else count
        if n > room[territory]:
            card = " (after the card bonus)" if territory in plan.bonus else ""
            offend(
                "place/over-limit",
                f"{n} on {the_map.name_of(territory)} cut to the limit {room[territory]}{card}",
            )
            n = room[territory]
        if n > left:
            offend("place/over-pool", f"{n} on {the_map.name_of(territory)} cut to {left} left")
            n = left
        if n:
            placed[territory] = placed.get(territory, 0) + n
            room[territory] -= n
            left -= n
    if left:
        borders = [t for t in own if is_border(the_map, state.owner, t)]
        rest = spread(left, borders, room, placed)
        rest = spread(rest, own, room, placed)
        plan.comments.append(f"{left - rest} reinforcements without orders spread over borders")
    return tuple((t, placed[t]) for t in the_map.territory_ids if placed.get(t))


def _attacks(
    state: CapitalState,
    faction: int,
    wanted: tuple[Attack, ...],
    after: dict[str, int],
    offend: Callable[[str, str], None],
) -> tuple[Attack, ...]:
    the_map = game_map(state)
    merged: dict[tuple[str, str], Count] = {}
    for a in wanted:
        if a.origin not in state.owner or a.target not in state.owner:
            offend("attack/unknown-territory", f"attack {a.origin}->{a.target} dropped")
        elif state.owner[a.origin] != faction:
            offend("attack/not-owned", f"attack from {a.origin} dropped: not yours")
        elif not the_map.are_adjacent(a.origin, a.target):
            offend("attack/not-adjacent", f"attack {a.origin}->{a.target} dropped: not adjacent")
        elif state.owner[a.target] == faction:
            offend("attack/own-target", f"attack on own {a.target} dropped")
        elif a.units is not None and a.units < 0:
            offend(
                "attack/negative",
                f"attack {a.origin}->{a.target} with {a.units} dropped: "
                "a negative number is impossible",
            )
        else:
            key = (a.origin, a.target)
            old = merged.get(key, 0)
            merged[key] = None if a.units is None or old is None else old + a.units
    out: list[Attack] = []
    for origin in the_map.territory_ids:
        keys = [k for k in merged if k[0] == origin]
        if not keys:
            continue
        free = after[origin] - 1  # at least one unit stays behind
        explicit = [k for k in keys if merged[k] is not None]
        for key in explicit:
            n = max(merged[key] or 0, 0)
            if n > free:
                offend("attack/too-many", f"attack {key[0]}->{key[1]} cut from {n} to {free}")
                n = free
            free -= n
            merged[key] = n
        open_keys = [k for k in keys if merged[k] is None]
        for i, key in enumerate(open_keys):
            share = free // (len(open_keys) - i)
            merged[key] = share
            free -= share
        for key in keys:
            n = merged[key] or 0
            if n <= 0:
                offend("attack/no-units", f"attack {key[0]}->{key[1]} dropped: no units to send")
            else:
                out.append(Attack(key[0], key[1], n))
    return tuple(out)


def _surge(
    state: CapitalState,
    faction: int,
    surge: Surge | None,
    attacks: tuple[Attack, ...],
    offend: Callable[[str, str], None],
    name: Callable[[str], str],
) -> Surge | None:
    if surge is None:
        return None
    if surge.via not in state.owner or surge.target not in state.owner:
        offend("surge/unknown-territory", f"surge {surge.via}->{surge.target} dropped")
        return None
    if not any(a.target == surge.via for a in attacks):
        offend("surge/no-attack", f"surge from {name(surge.via)} dropped: it is not attacked")
        return None
    if not game_map(state).are_adjacent(surge.via, surge.target):
        offend("surge/not-adjacent", f"surge {surge.via}->{surge.target} dropped: not adjacent")
        return None
    if surge.units is not None and surge.units < 1:
        offend("surge/no-units", f"surge dropped: {surge.units} units is no force to send")
        return None
    if surge.at_most is not None and surge.at_most < 0:
        offend(
            "surge/negative",
            f"surge dropped: the condition 'at most {surge.at_most} units' can never hold",
        )
        return None
    return surge


def _tactical(
    state: CapitalState,
    faction: int,
    tactical: Tactical | None,
    after: dict[str, int],
    attacks: tuple[Attack, ...],
    offend: Callable[[str, str], None],
    name: Callable[[str], str],
) -> Tactical | None:
    if tactical is None:
        return None
    the_map = game_map(state)
    if state.owner.get(tactical.origin) != faction:
        offend("move/not-owned", f"tactical move from {tactical.origin} dropped: not yours")
        return None
    free = (
        after[tactical.origin]
        - 1
        - sum(a.units or 0 for a in attacks if a.origin == tactical.origin)
    )
    moves: list[tuple[str, Count]] = []
    for dest, count in tactical.moves:
        if dest not in state.owner or not the_map.are_adjacent(tactical.origin, dest):
            offend("move/not-adjacent", f"tactical move to {dest} dropped: not adjacent")
            continue
        if count is not None and count < 0:
            offend(
                "move/negative",
                f"tactical move of {count} to {name(dest)} dropped: "
                "a negative number is impossible",
            )
            continue
        limit = limit_for(the_map, state.owner, faction, dest)
        if count is not None and count > limit:
            offend("move/over-limit", f"tactical move to {name(dest)} cut from {count} to {limit}")
            count = limit
        if count is not None and count > free:
            offend("move/too-many", f"tactical move to {name(dest)} cut from {count} to {free}")
            count = max(free, 0)
        if count is not None:
            free -= count
            if count <= 0:
                continue
        moves.append((dest, count))
    return Tactical(tactical.origin, tuple(moves)) if moves else None
