"""What a Great War 1907 nation can pay and ask for while writing orders (pure): each
supply network's allowance as step D1 will start it, what the draft spends from it,
diplomacy costs, and why the engine would refuse a trade or a diplomacy change now.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.rulesets.greatwar1907.diplomacy import units_in_land_of
from engine.rulesets.greatwar1907.economy import Allowances, start_allowances
from engine.rulesets.greatwar1907.legal import (
    trade_province_refusal,
)
from engine.rulesets.greatwar1907.options import (
    CHANGES,
    DIVISION_COST,
    ONE_SIDED,
    SHIP_COST,
)
from engine.rulesets.greatwar1907.state import GreatWarState
from engine.rulesets.greatwar1907.supply import has_route
from ui.greatwar1907.drafts import Draft, EntryError, name, nation_of


@dataclass(frozen=True)
class NetworkLine:
    """One supply network as the order panel shows it (quarters)."""

    provinces: tuple[str, ...]
    allowance: int
    spent: int

    @property
    def left(self) -> int:
        return self.allowance - self.spent


def start_of_phase(state: GreatWarState, nation: str) -> Allowances:
    """Step D1 run on a copy: the networks with credits and debt, as the phase will
    start them (R14-R21)."""
    return start_allowances(state.clone())[nation]


def build_cost(part: Mapping[str, Any]) -> int:
    return int(part.get("divisions", 0)) * DIVISION_COST + int(part.get("ships", 0)) * SHIP_COST


def diplomacy_cost(state: GreatWarState, nation: str, other: str, to: str) -> int:
    """What ordering ``to`` with ``other`` costs ``nation`` (0 for a two-sided change).

    :raises EntryError: not a change from the present relation.
    """
    current = state.relation(nation, other)
    rule = CHANGES.get((current, to))
    if rule is None:
        raise EntryError(
            f"{name(state, nation)} and {name(state, other)} are at {current}: "
            f"{to} is not a change you can order"
        )
    return rule[1] if rule[0] == ONE_SIDED else 0


def network_lines(state: GreatWarState, seat: int, draft: Draft) -> list[NetworkLine]:
    """Each network's allowance and what the draft spends from it, in the order the
    phase spends it: diplomacy costs from the network chosen to pay first, then the
    largest (R19); pp given in a trade from its ``pay_from`` network, else the largest
    (R75); then builds where they stand (R18), which are what a shortfall cuts."""
    nation = nation_of(state, seat)
    allowances = start_of_phase(state, nation)
    pools = allowances.pools
    spent = [0] * len(pools)

    def index_of(province: str | None) -> int | None:
        for i, pool in enumerate(pools):
            if province is not None and province in pool.provinces:
                return i
        return None

    def spend(amount: int, first: int | None) -> None:
        order = sorted(
            range(len(pools)),
            key=lambda i: (
                -(pools[i].remaining - spent[i]),
                min(state.map.order_of(x) for x in pools[i].provinces),
            ),
        )
        if first is not None:
            order = [first] + [i for i in order if i != first]
        for i in order:
            take = min(amount, max(0, pools[i].remaining - spent[i]))
            spent[i] += take
            amount -= take

    first = (draft.parts.get("pay_first") or [{}])[0].get("province")
    for d in draft.parts.get("diplomacy", []):
        if (state.relation(nation, str(d["with"])), str(d["to"])) in CHANGES:
            spend(diplomacy_cost(state, nation, str(d["with"]), str(d["to"])), index_of(first))
    for t in draft.parts.get("trades", []):
        quarters = round(float(t["give"]["pp"]) * 4)
        if quarters:
            spend(quarters, index_of(t.get("pay_from")))
    for b in draft.parts.get("builds", []):
        i = index_of(str(b["province"]))
        if i is not None:
            spent[i] += build_cost(b)
    return [
        NetworkLine(tuple(pool.provinces), pool.remaining, spent[i]) for i, pool in enumerate(pools)
    ]


def unspent(state: GreatWarState, seat: int, draft: Draft) -> int:
    """The allowance the draft leaves unspent: lost when the phase ends, unless banked
    (R21)."""
    return sum(max(0, line.left) for line in network_lines(state, seat, draft))


def left_at(state: GreatWarState, seat: int, draft: Draft, province: str) -> int:
    for line in network_lines(state, seat, draft):
        if province in line.provinces:
            return line.left
    return 0


def trade_refusal(
    state: GreatWarState,
    seat: int,
    other: str,
    give: tuple[str, ...],
    get: tuple[str, ...],
    give_pp: int,
    get_pp: int,
    pay_from: str | None = None,
) -> str | None:
    """R73-R75 as far as they can be known now: provinces owned by their giver with a
    border or a line of the recipient's ships, pp with a route (from the ``pay_from``
    network when one is chosen); None when it may go."""
    nation = nation_of(state, seat)
    if other == nation or other not in state.nation_ids:
        return "choose another nation to trade with"
    if not (give or get or give_pp or get_pp):
        return "a trade gives or gets a province or pp"
    for giver, recipient, provinces in ((nation, other, give), (other, nation, get)):
        for p in provinces:
            refusal = trade_province_refusal(state, giver, recipient, p)
            if refusal is not None:
                return f"{refusal[1]} ({refusal[0]})"
    for giver, recipient, amount in ((nation, other, give_pp), (other, nation, get_pp)):
        pools = start_of_phase(state, giver).pools
        if giver == nation and pay_from is not None:
            pools = [n for n in pools if pay_from in n.provinces]
        if amount and not any(
            has_route(state, giver, recipient, n.provinces, state.grants) for n in pools
        ):
            return f"no route for pp from {name(state, giver)} to {name(state, recipient)}"
    return None


def diplomacy_refusal(state: GreatWarState, nation: str, other: str, to: str) -> str | None:
    """Why the engine would refuse this change now, in the player's words (None: it may
    go; a two-sided change still needs the other nation's order)."""
    current = state.relation(nation, other)
    if (current, to) not in CHANGES:
        return f"from {current} to {to} is not a change"
    if current == "alliance" and units_in_land_of(state, nation, other):
        return f"you have units in {name(state, other)}'s land: bring them home first"
    if to == "alliance" and (
        any(state.at_war(nation, x) for x in state.allies(other))
        or any(state.at_war(other, x) for x in state.allies(nation))
    ):
        return "one of you is at war with an ally of the other"
    return None
