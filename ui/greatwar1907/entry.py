"""The Great War 1907 order entry (pure): each ``add_*`` checks what can be known now
(the position at the start of the phase and the draft so far) and adds the part to the
draft, or raises :class:`ui.greatwar1907.drafts.EntryError` naming what is wrong; the
resolver still checks every order when its step runs (R6).  Also where the units of a
place may go and the exact odds of what the draft sends against a target.
"""

from __future__ import annotations

from collections.abc import Callable

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
from engine.rulesets.greatwar1907.state import Fleet, GreatWarState, Phase
from engine.rulesets.greatwar1907.wording import divisions as divisions_word
from engine.rulesets.greatwar1907.wording import ships as ships_word
from ui.greatwar1907.drafts import Draft, EntryError, name, nation_of, pp
from ui.greatwar1907.purse import (
    diplomacy_cost,
    diplomacy_refusal,
    left_at,
    network_lines,
    start_of_phase,
    trade_refusal,
)
from ui.greatwar1907.review import (
    computer_answer,
    computer_trade_answer,
    describe_trade,
    unanswered,
)


def _own(state: GreatWarState, nation: str, province: str) -> None:
    if not state.owns(nation, province):
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


def _reach(
    start: str, steps: int, step_from: Callable[[str], list[str]], onward: Callable[[str], bool]
) -> dict[str, list[str]]:
    """Every place within ``steps`` steps of ``start`` and the path to it (shortest,
    then the earliest-listed step): ``onward`` says whether a path may go on from a
    place (a port entered is the last step)."""
    paths: dict[str, list[str]] = {}
    frontier = [(start, list[str]())]
    for _ in range(steps):
        nxt: list[tuple[str, list[str]]] = []
        for here, path in frontier:
            for place in step_from(here):
                if place == start or place in paths:
                    continue
                paths[place] = [*path, place]
                if onward(place):
                    nxt.append((place, paths[place]))
        frontier = nxt
    return paths


def extra_steps(state: GreatWarState, leaders: tuple[str, ...], kind: str, effect: str) -> int:
    """R28, R35: the extra steps the chosen generals (free moves) or admirals (sailing)
    give an order."""
    return sum(
        int(state.map.leader(x).effects.get(effect, 0))
        for x in leaders
        if state.map.leader(x).kind == kind
    )


def move_paths(
    state: GreatWarState, nation: str, origin: str, leaders: tuple[str, ...] = ()
) -> dict[str, list[str]]:
    """R27, R28: the friendly provinces a free move from ``origin`` reaches (one step,
    more with a general whose trait gives extra steps), each with its path."""
    steps = 1 + extra_steps(state, leaders, "general", "extra_free_moves")
    return _reach(origin, steps, lambda p: free_move_targets(state, nation, p), lambda p: True)


def sail_paths(
    state: GreatWarState, nation: str, origin: str, leaders: tuple[str, ...] = ()
) -> dict[str, list[str]]:
    """R35, R36: the seas and ports ships from ``origin`` reach (one step, more with an
    admiral whose trait gives extra sea moves; entering a port is the last step)."""
    steps = 1 + extra_steps(state, leaders, "admiral", "extra_sea_moves")
    return _reach(origin, steps, lambda p: sail_targets(state, nation, p), state.map.is_sea)


def add_move(
    state: GreatWarState,
    seat: int,
    draft: Draft,
    origin: str,
    target: str,
    divisions: int | None,
    leaders: tuple[str, ...] = (),
) -> str:
    """R27, R28: a free move into a friendly province, with the leaders there; a general
    whose trait gives extra steps takes the divisions of the order further."""
    nation = nation_of(state, seat)
    _own(state, nation, origin)
    paths = move_paths(state, nation, origin, leaders)
    if target not in paths:
        raise EntryError(
            f"{name(state, target)} is not a friendly province within reach of "
            f"{name(state, origin)}"
        )
    free = standing_after(state, nation, draft, origin)
    if divisions is not None and divisions > free:
        raise EntryError(
            f"only {free} of your divisions are free to move from {name(state, origin)}"
        )
    if free == 0 and not leaders:
        raise EntryError(f"no divisions of yours are free to move from {name(state, origin)}")
    path = paths[target]
    draft.add(
        "moves",
        {
            "from": origin,
            "path": path,
            "divisions": divisions,
            "leaders": _leaders(state, nation, "province", origin, leaders),
        },
    )
    count = "all" if divisions is None else str(divisions)
    via = f" via {', '.join(name(state, p) for p in path[:-1])}" if len(path) > 1 else ""
    return f"Move {count} from {name(state, origin)} to {name(state, target)}{via}"


def ready_fleet(state: GreatWarState, nation: str, place: str) -> Fleet | None:
    """Your ships at ``place`` as this phase's embarking and sailing find them: in the
    Deployment phase the hulls in a port of yours are ships by then (R23, R24)."""
    fleet = state.fleet_at(place, nation)
    hulls = 0
    if state.phase is Phase.DEPLOYMENT and not state.map.is_sea(place):
        hulls = state.hulls.get(place, 0) if state.owns(nation, place) else 0
    if not hulls:
        return fleet
    return Fleet((fleet.ships if fleet else 0) + hulls, fleet.cargo if fleet else 0)


def add_embark(
    state: GreatWarState, seat: int, draft: Draft, province: str, divisions: int | None
) -> str:
    """R29, R30: divisions board your ships in the port (2 a ship)."""
    nation = nation_of(state, seat)
    _own(state, nation, province)
    fleet = ready_fleet(state, nation, province)
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
    ports = [p for p in state.owner if ready_fleet(state, nation, p) is not None]
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
    divisions: int | None = None,
) -> str:
    """R35-R37: ships sail from a port or district (one step, more with an admiral
    whose trait gives extra sea moves); ``divisions`` of the cargo go with them (None:
    as many as the moving ships carry), the rest stay aboard the ships that stay."""
    nation = nation_of(state, seat)
    fleet = ready_fleet(state, nation, origin)
    if fleet is None:
        raise EntryError(f"no ships of yours are at {name(state, origin)}")
    paths = sail_paths(state, nation, origin, leaders)
    if target not in paths:
        raise EntryError(
            f"your ships cannot sail from {name(state, origin)} to {name(state, target)}"
        )
    if ships is not None and ships > fleet.ships:
        raise EntryError(f"you have {ships_word(fleet.ships)} at {name(state, origin)}")
    moving = fleet.ships if ships is None else ships
    cargo = fleet.cargo + sum(
        int(e["divisions"] or 0) for e in draft.parts.get("embark", []) if e["province"] == origin
    )
    if divisions is not None:
        if divisions > CARGO_PER_SHIP * moving:
            carry = "carries" if moving == 1 else "carry"
            most = divisions_word(CARGO_PER_SHIP * moving)
            raise EntryError(f"{ships_word(moving)} {carry} at most {most}")
        if divisions > cargo:
            are = "is" if cargo == 1 else "are"
            raise EntryError(f"only {divisions_word(cargo)} {are} aboard at {name(state, origin)}")
        staying = fleet.ships - moving
        if cargo - divisions > CARGO_PER_SHIP * staying:
            raise EntryError(
                f"the {ships_word(staying)} that "
                + ("stays carries" if staying == 1 else "stay carry")
                + f" at most {CARGO_PER_SHIP * staying} "
                f"of the {cargo} aboard: send more divisions with the ships"
            )
    where = "sea" if state.map.is_sea(origin) else "province"
    path = paths[target]
    draft.add(
        "sail",
        {
            "from": origin,
            "path": path,
            "ships": ships,
            "divisions": divisions,
            "leaders": _leaders(state, nation, where, origin, leaders),
        },
    )
    count = "all ships" if ships is None else ships_word(ships)
    aboard = "" if divisions is None else f" carrying {divisions} div"
    via = f" via {', '.join(name(state, p) for p in path[:-1])}" if len(path) > 1 else ""
    return f"Sail {count}{aboard} from {name(state, origin)} to {name(state, target)}{via}"


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


def in_map_order(state: GreatWarState, provinces: tuple[str, ...]) -> tuple[str, ...]:
    """A bundle's provinces once each, in map order: both halves of a trade written on
    this page list them alike, as the engine's match needs (R73)."""
    return tuple(sorted(set(provinces), key=state.map.order_of))


def network_of(state: GreatWarState, nation: str, province: str) -> tuple[str, ...] | None:
    """The provinces of the network (as the phase starts it) holding ``province``."""
    for pool in start_of_phase(state, nation).pools:
        if province in pool.provinces:
            return tuple(pool.provinces)
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
    pay_from: str | None = None,
    receive_at: str | None = None,
) -> str:
    """R73-R75: a trade offer of a bundle (provinces and pp each way); it is carried
    out only if ``other`` orders the mirror offer.  ``pay_from`` names a province of
    the network that pays the pp you give (None: your largest network with a route);
    ``receive_at`` a province of yours whose network is credited with the pp you get
    (None: your largest network)."""
    nation = nation_of(state, seat)
    give, get = in_map_order(state, give), in_map_order(state, get)
    why = trade_refusal(state, seat, other, give, get, give_pp, get_pp, pay_from)
    if why is not None:
        raise EntryError(f"Trade refused: {why}")
    for province, what in ((pay_from, "pay from"), (receive_at, "receive at")):
        if province is not None and not state.owns(nation, province):
            raise EntryError(f"{name(state, province)} is not yours to {what}")
    if give_pp:
        lines = network_lines(state, seat, draft)
        paying = [x for x in lines if pay_from is None or pay_from in x.provinces]
        if give_pp > max((x.left for x in paying), default=0):
            where = "no network of yours" if pay_from is None else "the paying network"
            raise EntryError(f"{where} has {pp(give_pp)} left to give")
    draft.add(
        "trades",
        {
            "with": other,
            "give": {"provinces": list(give), "pp": give_pp / 4},
            "get": {"provinces": list(get), "pp": get_pp / 4},
            "pay_from": pay_from if give_pp else None,
            "receive_at": receive_at if get_pp else None,
        },
    )
    why = unanswered(state, other)
    computer = computer_trade_answer(state, other, bool(get))
    return (
        f"Trade offer to {name(state, other)}: {describe_trade(state, draft.parts['trades'][-1])}"
        + (f". It will not happen: {why}" if why else f". {computer}" if computer else "")
    )


def add_passage(state: GreatWarState, seat: int, draft: Draft, other: str, grant: bool) -> str:
    """R17: grant passage to a nation at peace with you, or revoke it; it counts from
    the next phase and lets supply and pp through your land, never units."""
    nation = nation_of(state, seat)
    if other == nation or other not in state.nation_ids:
        raise EntryError("choose another nation")
    granted = (nation, other) in state.grants
    if grant and state.relation(nation, other) != "peace":
        why = (
            "allies need no passage"
            if state.relation(nation, other) == "alliance"
            else ("you are at war")
        )
        raise EntryError(f"passage goes only to a nation at peace with you: {why}")
    if grant and granted:
        raise EntryError(f"{name(state, other)} already has passage through your land")
    if not grant and not granted:
        raise EntryError(f"{name(state, other)} has no passage of yours to revoke")
    if any(g["nation"] == other for g in draft.parts.get("passage", [])):
        raise EntryError(f"you already ordered passage for {name(state, other)}: remove it first")
    draft.add("passage", {"nation": other, "grant": grant})
    if grant:
        return (
            f"Passage granted to {name(state, other)} from next phase: their supply and pp "
            "may cross your land (never their units)"
        )
    return f"Passage of {name(state, other)} revoked from next phase"


def drop_choices(state: GreatWarState, nation: str) -> tuple[str, str, str] | None:
    """R85: the two allies at war with each other, one of which must be dropped this
    phase, and the one dropped if no choice is written (None: no drop due)."""
    due = state.nations[nation].drop_due
    if due is None:
        return None
    one, two, _ = due
    if state.relation(nation, one) != "alliance" or state.relation(nation, two) != "alliance":
        return None
    return due


def set_drop_ally(state: GreatWarState, seat: int, draft: Draft, ally: str) -> str:
    """R85: name the ally to drop to peace (at no cost) when two allies are at war."""
    nation = nation_of(state, seat)
    due = drop_choices(state, nation)
    if due is None:
        raise EntryError("no alliance has to be dropped this phase")
    if ally not in due[:2]:
        raise EntryError(f"choose {name(state, due[0])} or {name(state, due[1])}")
    draft.parts["drop_ally"] = [{"nation": ally}]
    kept = due[1] if ally == due[0] else due[0]
    return f"Drop {name(state, ally)} to peace (no cost); keep {name(state, kept)} as an ally"


def set_pay_first(state: GreatWarState, seat: int, draft: Draft, province: str | None) -> str:
    """R19: the network holding ``province`` pays this phase's diplomacy costs first
    (None: the largest network first)."""
    nation = nation_of(state, seat)
    if province is None:
        draft.parts.pop("pay_first", None)
        return "Diplomacy costs are paid by your largest network first"
    if not state.owns(nation, province):
        raise EntryError(f"{name(state, province)} is not yours")
    if state.phase is not Phase.DEPLOYMENT:
        raise EntryError("costs are chosen a network only in the Deployment phase")
    draft.parts["pay_first"] = [{"province": province}]
    return f"Diplomacy costs are paid first by the network of {name(state, province)}"


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
    why = None if cost else unanswered(state, other)
    if why:
        return f"{to.capitalize()} with {name(state, other)} will not happen: {why}"
    computer = None if cost else computer_answer(state, other)
    if computer:
        return f"{to.capitalize()} with {name(state, other)} offered: {computer}"
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
    ships_in: int | None = None,
) -> str:
    """R47, R50: divisions aboard your ships in a district strike a hostile province
    whose port opens on it; if it is taken, ``ships_in`` ships enter its port (None:
    one for every two divisions that strike, rounded up)."""
    nation = nation_of(state, seat)
    fleet = state.fleet_at_sea(sea, nation)
    if fleet is None or fleet.cargo == 0:
        raise EntryError(f"no divisions of yours are aboard ships in {name(state, sea)}")
    if target not in strike_targets(state, nation, sea):
        raise EntryError(f"{name(state, target)} has no hostile port on {name(state, sea)}")
    if divisions is not None and divisions > fleet.cargo:
        are = "is" if fleet.cargo == 1 else "are"
        raise EntryError(f"only {divisions_word(fleet.cargo)} {are} aboard in {name(state, sea)}")
    if ships_in is not None and ships_in > fleet.ships:
        raise EntryError(f"you have {ships_word(fleet.ships)} in {name(state, sea)}")
    draft.add(
        "strikes",
        {
            "from": sea,
            "target": target,
            "divisions": divisions,
            "ships_in": ships_in,
            "leaders": _leaders(state, nation, "sea", sea, leaders),
        },
    )
    odds = odds_on(state, seat, draft, target)
    port = "" if ships_in is None else f"; {ships_word(ships_in)} into its port if taken"
    return (
        f"Amphibious strike on {name(state, target)} from {name(state, sea)}: "
        f"{odds.win:.0%} to take it with everything you send{port}"
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
