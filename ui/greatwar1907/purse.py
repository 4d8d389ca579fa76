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
    """Each network's allowance and what the draft spends from it: builds where they
    stand, diplomacy costs and pp given in trades from the largest network first."""
    nation = nation_of(state, seat)
    pools = start_of_phase(state, nation).pools
    spent = [0] * len(pools)

    def index_of(province: str) -> int | None:
        for i, pool in enumerate(pools):
            if province in pool.provinces:
                return i
        return None

    for b in draft.parts.get("builds", []):
        i = index_of(str(b["province"]))
        if i is not None:
            spent[i] += build_cost(b)
    anywhere = sum(
        diplomacy_cost(state, nation, str(d["with"]), str(d["to"]))
        for d in draft.parts.get("diplomacy", [])
        if (state.relation(nation, str(d["with"])), str(d["to"])) in CHANGES
    )
    anywhere += sum(
        round(float(t["give"]["pp"]) * 4) for t in draft.parts.get("trades", []) if t["give"]
    )
    for i in sorted(range(len(pools)), key=lambda i: -(pools[i].remaining - spent[i])):
        take = min(anywhere, max(0, pools[i].remaining - spent[i]))
        spent[i] += take
        anywhere -= take
    return [
        NetworkLine(tuple(pool.provinces), pool.remaining, spent[i]) for i, pool in enumerate(pools)
    ]


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
) -> str | None:
    """R73-R75 as far as they can be known now: provinces owned by their giver with a
    border or a line of the recipient's ships, pp with a route; None when it may go."""
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
        if amount and not any(
            has_route(state, giver, recipient, n.provinces, state.grants)
            for n in start_of_phase(state, giver).pools
        ):
            return f"no route for pp from {name(state, giver)} to {name(state, recipient)} (R75)"
    return None


def diplomacy_refusal(state: GreatWarState, nation: str, other: str, to: str) -> str | None:
    """Why the engine would refuse this change now, in the player's words (None: it may
    go; a two-sided change still needs the other nation's order)."""
    current = state.relation(nation, other)
    if (current, to) not in CHANGES:
        return f"from {current} to {to} is not a change"
    if current == "alliance" and units_in_land_of(state, nation, other):
        return f"you have units in {name(state, other)}'s land: bring them home first (R84)"
    if to == "alliance" and (
        any(state.at_war(nation, x) for x in state.allies(other))
        or any(state.at_war(other, x) for x in state.allies(nation))
    ):
        return "one of you is at war with an ally of the other (R86)"
    return None
