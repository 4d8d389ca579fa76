"""The Great War 1907 order entry (pure): a nation's draft for the phase, checked part by
part as it is written, and the sealed submission it becomes.

A draft holds each order part in the engine's own JSON form (``SubmitDeployment`` /
``SubmitAttack`` sections), so what the review list shows is what is sealed, and the
engine's parser checks it once more on the way.  Each ``add_*`` checks what can be known
now (the position at the start of the phase and the draft so far) and raises
:class:`EntryError` naming what is wrong in the player's words; the resolver still
checks every order when its step runs (R6).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import Order
from engine.errors import EngineError
from engine.rulesets.greatwar1907.diplomacy import units_in_land_of
from engine.rulesets.greatwar1907.economy import Allowances, start_allowances
from engine.rulesets.greatwar1907.legal import (
    attack_targets,
    free_move_targets,
    sail_targets,
    strike_targets,
    trade_province_refusal,
)
from engine.rulesets.greatwar1907.odds import BattleOdds, attack_odds
from engine.rulesets.greatwar1907.options import (
    CARGO_PER_SHIP,
    CHANGES,
    DIVISION_COST,
    ONE_SIDED,
    SHIP_COST,
)
from engine.rulesets.greatwar1907.orders import parse_order
from engine.rulesets.greatwar1907.state import GreatWarState, Phase
from engine.rulesets.greatwar1907.supply import has_route

DEPLOYMENT_SECTIONS = (
    "diplomacy",
    "trades",
    "builds",
    "place",
    "embark",
    "sail",
    "moves",
    "disembark",
)
ATTACK_SECTIONS = ("diplomacy", "sail", "strikes", "attacks")
DEPLOYMENT_MODES = ("build", "ships", "move", "embark", "sail", "disembark", "place", "trade")
ATTACK_MODES = ("attack", "strike", "sail")


class EntryError(EngineError):
    """An order the page refuses as it is written (the message says why)."""

    def __init__(self, message: str) -> None:
        super().__init__("entry/refused", message)

    def __str__(self) -> str:
        return self.message


@dataclass
class Draft:
    """One nation's orders so far, section by section, in the engine's JSON form."""

    parts: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def section(self, name: str) -> list[dict[str, Any]]:
        return self.parts.setdefault(name, [])

    def add(self, name: str, part: dict[str, Any]) -> None:
        self.section(name).append(part)

    def remove(self, name: str, index: int) -> dict[str, Any]:
        """:raises EntryError: no such order in the list."""
        items = self.parts.get(name, [])
        if not 0 <= index < len(items):
            raise EntryError("that order is no longer in the list")
        return items.pop(index)

    def count(self) -> int:
        return sum(len(v) for v in self.parts.values())

    def to_json(self) -> dict[str, Any]:
        return {k: [dict(p) for p in v] for k, v in self.parts.items() if v}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Draft:
        return cls({str(k): [dict(p) for p in v] for k, v in data.items()})


# ---------------------------------------------------------------------- reading
def name(state: GreatWarState, place: str) -> str:
    return state.map.name_of(place)


def nation_of(state: GreatWarState, seat: int) -> str:
    return state.nation_ids[seat]


def pp(quarters: int) -> str:
    return f"{quarters / 4:g} pp"


def sections(state: GreatWarState) -> tuple[str, ...]:
    return ATTACK_SECTIONS if state.phase is Phase.ATTACK else DEPLOYMENT_SECTIONS


def modes(state: GreatWarState) -> tuple[str, ...]:
    return ATTACK_MODES if state.phase is Phase.ATTACK else DEPLOYMENT_MODES


def to_order(state: GreatWarState, seat: int, draft: Draft) -> Order:
    """The sealed submission of ``draft`` (the engine's parser checks every field).

    :raises EngineError: a part the parser refuses (named).
    """
    kind = "submit-attack" if state.phase is Phase.ATTACK else "submit-deployment"
    data: dict[str, Any] = {
        "kind": kind,
        "faction": seat,
        "nation": nation_of(state, seat),
        "player": state.players[seat].name,
    }
    for section in sections(state):
        if draft.parts.get(section):
            data[section] = [dict(p) for p in draft.parts[section]]
    return parse_order(data)


# ---------------------------------------------------------------------- money
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


# ---------------------------------------------------------------------- deployment
def _own(state: GreatWarState, nation: str, province: str) -> None:
    if state.owner.get(province) != nation:
        raise EntryError(f"{name(state, province)} is not yours")


def add_build(
    state: GreatWarState, seat: int, draft: Draft, province: str, divisions: int, ships: int
) -> str:
    """R18, R22, R23: divisions (1 pp each) and ships (1 pp, a port needed) in a province
    of yours, paid by its network."""
    nation = nation_of(state, seat)
    _own(state, nation, province)
    if divisions < 0 or ships < 0 or divisions + ships == 0:
        raise EntryError("build at least one division or ship")
    if ships and state.map.province(province).port is None:
        raise EntryError(f"{name(state, province)} has no port: ships are built in ports")
    if state.nations[nation].owed > 0:
        raise EntryError(f"you owe {pp(state.nations[nation].owed)}: no builds until it is paid")
    cost = divisions * DIVISION_COST + ships * SHIP_COST
    left = left_at(state, seat, draft, province)
    if cost > left:
        raise EntryError(
            f"{name(state, province)}'s network has {pp(left)} left; this build costs {pp(cost)}"
        )
    draft.add("builds", {"province": province, "divisions": divisions, "ships": ships})
    what = ", ".join(f"{n} {w}" for n, w in ((divisions, "div"), (ships, "ships")) if n)
    return f"Build {what} in {name(state, province)} ({pp(left - cost)} left in that network)"


def standing_after(state: GreatWarState, nation: str, draft: Draft, province: str) -> int:
    """Your divisions left to order in ``province``: standing plus built, less those
    already embarked, moved or sent to attack from it in this draft."""
    count = state.divisions(province, nation)
    count += sum(
        int(b["divisions"]) for b in draft.parts.get("builds", []) if b["province"] == province
    )
    for section in ("embark", "moves", "attacks"):
        for part in draft.parts.get(section, []):
            if part.get("province", part.get("from")) == province:
                count -= (
                    state.divisions(province, nation)
                    if part["divisions"] is None
                    else int(part["divisions"])
                )
    return max(0, count)


def _leaders(
    state: GreatWarState, nation: str, where: str, place: str, chosen: tuple[str, ...]
) -> list[str]:
    here = {x.id for x in state.leaders_at(where, place, nation)}
    missing = [lid for lid in chosen if lid not in here]
    if missing:
        names = ", ".join(state.map.leader(x).name for x in missing)
        raise EntryError(f"{names} is not at {name(state, place)}")
    return list(chosen)


def add_move(
    state: GreatWarState,
    seat: int,
    draft: Draft,
    origin: str,
    target: str,
    divisions: int | None,
    leaders: tuple[str, ...] = (),
) -> str:
    """R27: a free move of one step into a friendly province, with the leaders there."""
    nation = nation_of(state, seat)
    _own(state, nation, origin)
    if target not in free_move_targets(state, nation, origin):
        raise EntryError(
            f"{name(state, target)} is not a friendly neighbour of {name(state, origin)}"
        )
    free = standing_after(state, nation, draft, origin)
    if divisions is not None and divisions > free:
        raise EntryError(
            f"only {free} of your divisions are free to move from {name(state, origin)}"
        )
    if free == 0 and not leaders:
        raise EntryError(f"no divisions of yours are free to move from {name(state, origin)}")
    draft.add(
        "moves",
        {
            "from": origin,
            "path": [target],
            "divisions": divisions,
            "leaders": _leaders(state, nation, "province", origin, leaders),
        },
    )
    count = "all" if divisions is None else str(divisions)
    return f"Move {count} from {name(state, origin)} to {name(state, target)}"


def add_embark(
    state: GreatWarState, seat: int, draft: Draft, province: str, divisions: int | None
) -> str:
    """R29, R30: divisions board your ships in the port (2 a ship)."""
    nation = nation_of(state, seat)
    _own(state, nation, province)
    fleet = state.fleet_in_port(province, nation)
    if fleet is None:
        raise EntryError(f"no ships of yours are in {name(state, province)}'s port")
    room = fleet.ships * CARGO_PER_SHIP - fleet.cargo
    room -= sum(
        int(e["divisions"] or 0) for e in draft.parts.get("embark", []) if e["province"] == province
    )
    free = standing_after(state, nation, draft, province)
    want = min(room, free) if divisions is None else divisions
    if want <= 0:
        raise EntryError(f"no room aboard or no divisions to embark in {name(state, province)}")
    if want > room:
        raise EntryError(f"the ships in {name(state, province)} have room for {room}")
    if want > free:
        raise EntryError(f"only {free} of your divisions are free in {name(state, province)}")
    draft.add("embark", {"province": province, "divisions": want})
    return f"Embark {want} in {name(state, province)}"


def add_disembark(
    state: GreatWarState, seat: int, draft: Draft, province: str, divisions: int | None
) -> str:
    """R32: divisions aboard your ships in a friendly port land there (after the ship
    moves: a fleet that sails in this phase may land them where it ends)."""
    nation = nation_of(state, seat)
    if not state.friendly(nation, province):
        raise EntryError(f"{name(state, province)} is not friendly: land only in a friendly port")
    if state.map.province(province).port is None:
        raise EntryError(f"{name(state, province)} has no port")
    arriving = any(s["path"][-1] == province for s in draft.parts.get("sail", []))
    fleet = state.fleet_in_port(province, nation)
    if fleet is None and not arriving:
        raise EntryError(f"no ships of yours are (or sail) into {name(state, province)}")
    draft.add("disembark", {"province": province, "divisions": divisions})
    count = "all" if divisions is None else str(divisions)
    return f"Disembark {count} in {name(state, province)}"


def fleet_places(state: GreatWarState, nation: str) -> list[str]:
    """Ports and districts holding ships of yours."""
    ports = [p for p, per in state.docked.items() if nation in per]
    seas = [s for s, per in state.at_sea.items() if nation in per]
    return sorted(ports) + sorted(seas)


def add_sail(
    state: GreatWarState,
    seat: int,
    draft: Draft,
    origin: str,
    target: str,
    ships: int | None,
    leaders: tuple[str, ...] = (),
) -> str:
    """R35, R36: one sailing step from a port to its district, between districts, and in
    the Deployment phase into a friendly port; embarked divisions go with the ships."""
    nation = nation_of(state, seat)
    fleet = state.fleet_at(origin, nation)
    if fleet is None:
        raise EntryError(f"no ships of yours are at {name(state, origin)}")
    if target not in sail_targets(state, nation, origin):
        raise EntryError(
            f"your ships cannot sail from {name(state, origin)} to {name(state, target)}"
        )
    if ships is not None and ships > fleet.ships:
        raise EntryError(f"you have {fleet.ships} ships at {name(state, origin)}")
    where = "sea" if state.map.is_sea(origin) else "province"
    draft.add(
        "sail",
        {
            "from": origin,
            "path": [target],
            "ships": ships,
            "divisions": None,
            "leaders": _leaders(state, nation, where, origin, leaders),
        },
    )
    count = "all ships" if ships is None else f"{ships} ships"
    return f"Sail {count} from {name(state, origin)} to {name(state, target)}"


def unplaced_leaders(state: GreatWarState, nation: str) -> list[str]:
    return [
        x.id for x in state.leaders.values() if x.nation == nation and x.alive and x.where is None
    ]


def add_place(state: GreatWarState, seat: int, draft: Draft, leader: str, at: str) -> str:
    """R67: an unplaced leader goes to a province of yours (an admiral: with a port, or
    to one of your fleets at sea)."""
    nation = nation_of(state, seat)
    if leader not in unplaced_leaders(state, nation):
        raise EntryError("choose one of your unplaced leaders first")
    if any(p["leader"] == leader for p in draft.parts.get("place", [])):
        raise EntryError(f"{state.map.leader(leader).name} is already placed in these orders")
    admiral = state.map.leader(leader).kind == "admiral"
    if state.map.is_sea(at):
        if not admiral or state.fleet_at_sea(at, nation) is None:
            raise EntryError("only an admiral joins a fleet of yours at sea")
    else:
        _own(state, nation, at)
        if admiral and state.map.province(at).port is None:
            raise EntryError(f"an admiral needs a port: {name(state, at)} has none")
    draft.add("place", {"leader": leader, "at": at})
    return f"Place {state.map.leader(leader).name} at {name(state, at)}"


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


def add_trade(
    state: GreatWarState,
    seat: int,
    draft: Draft,
    other: str,
    give: tuple[str, ...] = (),
    get: tuple[str, ...] = (),
    give_pp: int = 0,
    get_pp: int = 0,
) -> str:
    """R73: a trade offer; it is carried out only if ``other`` orders the mirror offer."""
    why = trade_refusal(state, seat, other, give, get, give_pp, get_pp)
    if why is not None:
        raise EntryError(f"Trade refused: {why}")
    if give_pp:
        lines = network_lines(state, seat, draft)
        if give_pp > max((x.left for x in lines), default=0):
            raise EntryError(f"no network of yours has {pp(give_pp)} left to give")
    draft.add(
        "trades",
        {
            "with": other,
            "give": {"provinces": list(give), "pp": give_pp / 4},
            "get": {"provinces": list(get), "pp": get_pp / 4},
            "pay_from": None,
            "receive_at": None,
        },
    )
    return (
        f"Trade offer to {name(state, other)}: {describe_trade(state, draft.parts['trades'][-1])}"
    )


def describe_trade(state: GreatWarState, t: Mapping[str, Any]) -> str:
    def bundle(b: Mapping[str, Any]) -> str:
        parts = [name(state, p) for p in b.get("provinces", [])]
        if b.get("pp"):
            parts.append(f"{float(b['pp']):g} pp")
        return " + ".join(parts) or "nothing"

    return f"you give {bundle(t['give'])}, you get {bundle(t['get'])} (only if they order the same)"


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


def add_diplomacy(state: GreatWarState, seat: int, draft: Draft, other: str, to: str) -> str:
    """R79-R81: a one-sided change is paid (peace to war 3 pp, alliance to peace 3 pp,
    alliance to war 6 pp); peace and alliance need both nations to order them."""
    nation = nation_of(state, seat)
    if other == nation or other not in state.nation_ids:
        raise EntryError("choose another nation")
    if any(d["with"] == other for d in draft.parts.get("diplomacy", [])):
        raise EntryError(f"you already ordered a change with {name(state, other)}: remove it first")
    cost = diplomacy_cost(state, nation, other, to)
    why = diplomacy_refusal(state, nation, other, to)
    if why is not None:
        raise EntryError(f"{to.capitalize()} with {name(state, other)} would be refused: {why}")
    if cost:
        left = sum(x.left for x in network_lines(state, seat, draft))
        if cost > left:
            raise EntryError(
                f"{to} with {name(state, other)} costs {pp(cost)}; you have {pp(left)} left"
            )
    draft.add("diplomacy", {"with": other, "to": to})
    paid = f" for {pp(cost)}" if cost else " (they must order it too)"
    return f"{to.capitalize()} with {name(state, other)}{paid}"


# ---------------------------------------------------------------------- attack
def add_attack(
    state: GreatWarState,
    seat: int,
    draft: Draft,
    origin: str,
    target: str,
    divisions: int | None,
    leaders: tuple[str, ...] = (),
) -> str:
    """R54: divisions attack an adjacent province of a nation at war with you, or
    Neutral; several origins against one target fight as one force (R55)."""
    nation = nation_of(state, seat)
    _own(state, nation, origin)
    if target not in attack_targets(state, nation, origin):
        raise EntryError(
            f"{name(state, target)} is not an enemy's (or Neutral) neighbour of "
            f"{name(state, origin)}"
        )
    free = standing_after(state, nation, draft, origin)
    if divisions is not None and divisions > free:
        raise EntryError(f"only {free} of your divisions can attack from {name(state, origin)}")
    if free == 0:
        raise EntryError(f"no divisions of yours are left in {name(state, origin)}")
    draft.add(
        "attacks",
        {
            "from": origin,
            "target": target,
            "divisions": divisions,
            "leaders": _leaders(state, nation, "province", origin, leaders),
        },
    )
    odds = odds_on(state, seat, draft, target)
    return (
        f"Attack {name(state, target)} from {name(state, origin)}: "
        f"{odds.win:.0%} to take it with everything you send"
    )


def add_strike(
    state: GreatWarState,
    seat: int,
    draft: Draft,
    sea: str,
    target: str,
    divisions: int | None,
    leaders: tuple[str, ...] = (),
) -> str:
    """R47: divisions aboard your ships in a district strike a hostile province whose
    port opens on it."""
    nation = nation_of(state, seat)
    fleet = state.fleet_at_sea(sea, nation)
    if fleet is None or fleet.cargo == 0:
        raise EntryError(f"no divisions of yours are aboard ships in {name(state, sea)}")
    if target not in strike_targets(state, nation, sea):
        raise EntryError(f"{name(state, target)} has no hostile port on {name(state, sea)}")
    if divisions is not None and divisions > fleet.cargo:
        raise EntryError(f"only {fleet.cargo} divisions are aboard in {name(state, sea)}")
    draft.add(
        "strikes",
        {
            "from": sea,
            "target": target,
            "divisions": divisions,
            "ships_in": None,
            "leaders": _leaders(state, nation, "sea", sea, leaders),
        },
    )
    odds = odds_on(state, seat, draft, target)
    return (
        f"Amphibious strike on {name(state, target)} from {name(state, sea)}: "
        f"{odds.win:.0%} to take it with everything you send"
    )


def sent_against(
    state: GreatWarState, seat: int, draft: Draft, target: str
) -> tuple[int, tuple[str, ...]]:
    """The divisions and leaders the draft sends against ``target`` (attacks and
    strikes; "all" counted as what stands there now)."""
    nation = nation_of(state, seat)
    total = 0
    leaders: list[str] = []
    for a in draft.parts.get("attacks", []):
        if a["target"] == target:
            total += (
                state.divisions(a["from"], nation)
                if a["divisions"] is None
                else int(a["divisions"])
            )
            leaders += a["leaders"]
    for s in draft.parts.get("strikes", []):
        if s["target"] == target:
            fleet = state.fleet_at_sea(s["from"], nation)
            aboard = fleet.cargo if fleet else 0
            total += aboard if s["divisions"] is None else min(aboard, int(s["divisions"]))
            leaders += s["leaders"]
    return total, tuple(leaders)


def odds_on(
    state: GreatWarState, seat: int, draft: Draft, target: str, extra: int = 0
) -> BattleOdds:
    """Exact odds of everything the draft sends against ``target`` (plus ``extra``)."""
    total, leaders = sent_against(state, seat, draft, target)
    return attack_odds(state, target, total + extra, leaders)


# ---------------------------------------------------------------------- review
def describe(
    state: GreatWarState, section: str, part: Mapping[str, Any], nation: str | None = None
) -> str:
    """One order of the review list, as the player would say it (with ``nation``, a
    diplomacy change says its cost)."""

    def count(value: Any, unit: str = "") -> str:
        return "all" + unit if value is None else f"{value}{unit}"

    def with_leaders(text: str) -> str:
        if part.get("leaders"):
            return text + " with " + ", ".join(state.map.leader(x).name for x in part["leaders"])
        return text

    if section == "builds":
        bits = [f"{n} {w}" for n, w in ((part["divisions"], "div"), (part["ships"], "ships")) if n]
        return (
            f"Build {', '.join(bits)} in {name(state, part['province'])} ({pp(build_cost(part))})"
        )
    if section == "moves":
        return with_leaders(
            f"Move {count(part['divisions'])} {name(state, part['from'])} → "
            f"{name(state, part['path'][-1])}"
        )
    if section == "embark":
        return f"Embark {count(part['divisions'])} in {name(state, part['province'])}"
    if section == "disembark":
        return f"Disembark {count(part['divisions'])} in {name(state, part['province'])}"
    if section == "sail":
        return with_leaders(
            f"Sail {count(part['ships'], ' ships')} {name(state, part['from'])} → "
            f"{name(state, part['path'][-1])}"
        )
    if section == "place":
        return f"Place {state.map.leader(part['leader']).name} at {name(state, part['at'])}"
    if section == "trades":
        return f"Trade with {name(state, part['with'])}: {describe_trade(state, part)}"
    if section == "diplomacy":
        text = f"{str(part['to']).capitalize()} with {name(state, part['with'])}"
        if nation is None or (state.relation(nation, part["with"]), part["to"]) not in CHANGES:
            return text
        cost = diplomacy_cost(state, nation, str(part["with"]), str(part["to"]))
        return f"{text} ({pp(cost)})" if cost else f"{text} (if they order it too)"
    if section == "attacks":
        return with_leaders(
            f"Attack {name(state, part['target'])} from {name(state, part['from'])} "
            f"with {count(part['divisions'])}"
        )
    if section == "strikes":
        return with_leaders(
            f"Strike {name(state, part['target'])} from {name(state, part['from'])} "
            f"with {count(part['divisions'])}"
        )
    return f"{section}: {dict(part)}"


def warnings(state: GreatWarState, seat: int, draft: Draft) -> list[str]:
    """What the resolver would cut or drop, said before sealing."""
    out = []
    for line in network_lines(state, seat, draft):
        if line.left < 0:
            out.append(
                f"A network spends {pp(line.spent)} of {pp(line.allowance)}: builds will be cut"
            )
    nation = nation_of(state, seat)
    for d in draft.parts.get("diplomacy", []):
        rule = CHANGES.get((state.relation(nation, d["with"]), d["to"]))
        if rule is not None and rule[0] != ONE_SIDED:
            out.append(
                f"{str(d['to']).capitalize()} with {name(state, d['with'])} happens only if "
                f"{name(state, d['with'])} orders it too"
            )
    for t in draft.parts.get("trades", []):
        out.append(f"The trade with {name(state, t['with'])} needs their mirror offer")
    return out
