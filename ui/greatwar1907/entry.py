"""The Great War 1907 order entry (pure): each ``add_*`` checks what can be known now
(the position at the start of the phase and the draft so far) and adds the part to the
draft, or raises :class:`ui.greatwar1907.drafts.EntryError` naming what is wrong; the
resolver still checks every order when its step runs (R6).  Also where the units of a
place may go and the exact odds of what the draft sends against a target.
"""

from __future__ import annotations

from engine.rulesets.greatwar1907.legal import (
    attack_targets,
    free_move_targets,
    sail_targets,
    strike_targets,
)
from engine.rulesets.greatwar1907.odds import BattleOdds, attack_odds
from engine.rulesets.greatwar1907.options import (
    CARGO_PER_SHIP,
    DIVISION_COST,
    SHIP_COST,
)
from engine.rulesets.greatwar1907.state import GreatWarState
from ui.greatwar1907.drafts import Draft, EntryError, name, nation_of, pp
from ui.greatwar1907.purse import (
    diplomacy_cost,
    diplomacy_refusal,
    left_at,
    network_lines,
    trade_refusal,
)
from ui.greatwar1907.review import describe_trade


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
