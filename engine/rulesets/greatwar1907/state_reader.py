"""The Great War 1907 state's fields read from its JSON form, every field checked on the way in
(a :class:`StateError` names the field), including the form saved before the state stood
on the shared board (nation-keyed: ``seats`` as ``[nation, name, control]``, ``owner``
by nation id, ``standing`` divisions), which the position text also writes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import statecheck
from engine.core import copy_json
from engine.errors import EngineError
from engine.rulesets.greatwar1907.mapdata import MAP_ID, NEUTRAL, scenario
from engine.rulesets.greatwar1907.options import GreatWarOptions
from engine.rulesets.greatwar1907.records import (
    MAX_QUARTERS,
    MAX_UNITS,
    Fleet,
    Leader,
    NationRecord,
    Phase,
    Seat,
    StateError,
    pair,
    seat_numbers,
)

NATION_KEYED: tuple[str, ...] = ("seats", "standing")
"""The fields of the nation-keyed form that the board's form does not have."""


def read_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """The state's constructor arguments read from its JSON form (either form).

    :raises StateError: naming the first bad field.
    """
    return _Reader(data).fields()


def is_nation_keyed(data: Mapping[str, Any]) -> bool:
    """Whether ``data`` is the form saved before the state stood on the board (a stray
    ``seats`` beside ``players`` is not: it stays, for the checks to refuse)."""
    return "seats" in data and "players" not in data


def nation_keyed_to_board(data: Mapping[str, Any]) -> dict[str, Any]:
    """The board's JSON form of a nation-keyed one: seats become players, owners their
    seat numbers, standing divisions the board's units and armies.  A value this cannot
    read is passed on as it is, for the reader to name."""
    new = {k: v for k, v in data.items() if k not in NATION_KEYED}
    seats = data.get("seats")
    if isinstance(seats, list):
        new["players"] = [_player(s) for s in seats]
    owner = data.get("owner")
    if isinstance(owner, dict):
        numbers = seat_numbers()
        new["owner"] = {p: numbers.get(o, o) if isinstance(o, str) else o for p, o in owner.items()}
    standing = data.get("standing")
    if "standing" not in data:
        raise StateError("state/missing-field", "the state lacks the field 'standing'")
    if not isinstance(standing, dict):
        raise StateError("state/bad-field", "the state's 'standing' has the wrong type")
    if standing:
        new["units"] = standing
    new["armies"] = {p.id: _total(standing.get(p.id)) for p in scenario().provinces}
    new.setdefault("map", MAP_ID)
    return new


def _player(seat: Any) -> Any:
    if not (isinstance(seat, list) and len(seat) == 3 and all(isinstance(x, str) for x in seat)):
        return seat
    nation, name, control = seat
    colours = {n.id: n.colour for n in scenario().nations}
    return {
        "name": name,
        "control": control,
        "color": colours.get(nation, ""),
        "nation": nation,
        "alive": True,
    }


def _total(per: Any) -> Any:
    """The divisions of a province's standing entry (what the reader will check)."""
    if not isinstance(per, dict):
        return 0
    counts = [c for c in per.values() if isinstance(c, int) and not isinstance(c, bool)]
    return sum(counts) if len(counts) == len(per) else None


class _Reader:
    """Field-by-field checks of a state's JSON form."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        if not isinstance(data, Mapping):
            raise StateError("state/bad-field", "a greatwar1907 state must be an object")
        self.data = nation_keyed_to_board(data) if is_nation_keyed(data) else data
        self.map = scenario()
        self.provinces = frozenset(p.id for p in self.map.provinces)
        self.nation_ids = tuple(n.id for n in self.map.nations)
        self.seats_ok = frozenset(seat_numbers().values())

    def get(self, name: str, kind: type | tuple[type, ...]) -> Any:
        if name not in self.data:
            raise StateError("state/missing-field", f"the state lacks the field {name!r}")
        value = self.data[name]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
            raise StateError("state/bad-field", f"the state's {name!r} has the wrong type")
        return value

    def bad(self, name: str, why: str) -> StateError:
        return StateError("state/bad-field", f"the state's {name!r} {why}")

    def count(self, name: str, value: Any, high: int = MAX_UNITS) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
            raise self.bad(name, f"holds {_shown(value)}, not a count from 0 to {high}")
        return value

    def ids(self, name: str, value: Any) -> list[str]:
        """A list of ids (text), before they are looked up."""
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            raise self.bad(name, "must be a list of ids")
        return value

    def fields(self) -> dict[str, Any]:
        m = self.map
        if self.get("ruleset", str) != "greatwar1907":
            raise self.bad("ruleset", "is not greatwar1907")
        if self.get("map", str) != MAP_ID:
            raise self.bad("map", f"is not {MAP_ID}")
        try:
            options = GreatWarOptions.from_json(self.get("options", dict))
        except EngineError as exc:
            raise self.bad("options", f"are invalid: {exc.message}") from None
        nation_ids = [n.id for n in m.nations]
        seats = self.seats(nation_ids)
        try:
            rng = statecheck.rng(self.get("rng", list))
        except EngineError as exc:
            raise self.bad("rng", f"is not [seed, counter]: {exc.message}") from None
        turn = self.get("turn", int)
        if not 1 <= turn <= options.turn_limit:
            raise self.bad("turn", f"must be from 1 to the turn limit, {options.turn_limit}")
        try:
            phase = Phase(self.get("phase", str))
        except ValueError:
            raise self.bad("phase", "is not deployment, attack or game-over") from None
        owners_ok = set(nation_ids) | {NEUTRAL}
        raw_owner = self.get("owner", dict)
        if set(raw_owner) != {p.id for p in m.provinces}:
            raise self.bad("owner", "must name every province once")
        for p, o in raw_owner.items():
            if isinstance(o, bool) or not isinstance(o, int) or o not in self.seats_ok:
                raise self.bad("owner", f"gives {p} the unknown owner {_shown(o)}")
        conquered = set(self.ids("conquered", self.get("conquered", list)))
        if not conquered <= set(raw_owner):
            raise self.bad("conquered", "names an unknown province")
        units: dict[str, dict[str, int]] = {}
        raw_units = self.data.get("units", {})
        if not isinstance(raw_units, dict):
            raise self.bad("units", "has the wrong type")
        for p, per in raw_units.items():
            if p not in raw_owner or not isinstance(per, dict) or not per:
                raise self.bad("units", f"has a bad entry {_shown(p)}")
            units[p] = {}
            for n, c in per.items():
                if n not in owners_ok or self.count("units", c) == 0:
                    raise self.bad("units", f"has a bad count for {_shown(n)} in {p}")
                units[p][n] = c
        armies = self.get("armies", dict)
        if armies != {p.id: sum(units.get(p.id, {}).values()) for p in m.provinces}:
            raise self.bad("armies", "must give every province the divisions standing there")
        docked = self.fleets("docked", set(raw_owner), owners_ok)
        at_sea = self.fleets("at_sea", {s.id for s in m.seas}, set(nation_ids))
        hulls: dict[str, int] = {}
        for p, c in self.get("hulls", dict).items():
            if p not in raw_owner or m.province(p).port is None or self.count("hulls", c) == 0:
                raise self.bad("hulls", f"has a bad entry for {_shown(p)}")
            hulls[p] = c
        nations: dict[str, NationRecord] = {}
        raw_nations = self.get("nations", dict)
        if set(raw_nations) != set(nation_ids):
            raise self.bad("nations", "must list every nation once")
        for n, raw in raw_nations.items():
            nations[n] = self.nation(n, raw)
        relations: dict[tuple[str, str], str] = {}
        for entry in self.get("relations", list):
            if not (isinstance(entry, list) and len(entry) == 3):
                raise self.bad("relations", f"has a bad entry {_shown(entry)}")
            a, b, r = entry
            if a not in nation_ids or b not in nation_ids or a == b or r not in ("alliance", "war"):
                raise self.bad("relations", f"has a bad entry {_shown(entry)}")
            relations[pair(a, b)] = r
        grants: set[tuple[str, str]] = set()
        for g in self.get("grants", list):
            if not (isinstance(g, list) and len(g) == 2 and all(x in nation_ids for x in g)):
                raise self.bad("grants", f"has a bad entry {_shown(g)}")
            grants.add((g[0], g[1]))
        leaders: dict[str, Leader] = {}
        known = {c.id for c in m.leaders}
        for raw in self.get("leaders", list):
            if not (isinstance(raw, list) and len(raw) == 6):
                raise self.bad("leaders", f"has a bad entry {_shown(raw)}")
            lid, nation, where, place, alive, received = raw
            if (
                not isinstance(lid, str)
                or lid not in known
                or nation not in nation_ids
                or not isinstance(alive, bool)
                or not (place is None or isinstance(place, str))
            ):
                raise self.bad("leaders", f"has a bad entry {_shown(raw)}")
            if (
                where not in (None, "province", "sea")
                or (where == "province" and place not in raw_owner)
                or (where == "sea" and not m.is_sea(str(place)))
                or (where is None and place is not None)
            ):
                raise self.bad("leaders", f"gives {lid} a bad position")
            leaders[lid] = Leader(lid, nation, where, place, alive, self.count("leaders", received))
        piles = []
        for name, kind in (("general_pile", "general"), ("admiral_pile", "admiral")):
            pile = self.ids(name, self.get(name, list))
            for lid in pile:
                if lid not in known or m.leader(lid).kind != kind or lid in leaders:
                    raise self.bad(name, f"holds a bad leader {_shown(lid)}")
            piles.append([str(x) for x in pile])
        orders = self.get("orders", list)
        if len(orders) != len(nation_ids) or not all(
            o is None or isinstance(o, dict) for o in orders
        ):
            raise self.bad("orders", "must hold one slot per nation")
        winners = self.ids("winners", self.get("winners", list))
        if not all(w in nation_ids for w in winners):
            raise self.bad("winners", "names an unknown nation")
        report = self.data.get("last_report")
        if report is not None and not isinstance(report, dict):
            raise self.bad("last_report", "must be an object or null")
        return dict(
            options=options,
            turn=turn,
            phase=phase,
            conquered=conquered,
            docked=docked,
            hulls=hulls,
            at_sea=at_sea,
            nations=nations,
            relations=relations,
            grants=grants,
            leaders=leaders,
            general_pile=piles[0],
            admiral_pile=piles[1],
            orders=[copy_json(o) for o in orders],
            winners=[str(w) for w in winners],
            last_report=copy_json(report),
            map_id=MAP_ID,
            players=seats,
            owner={p.id: raw_owner[p.id] for p in m.provinces},
            armies={p.id: armies[p.id] for p in m.provinces},
            rng=rng,
            units=units,
        )

    def seats(self, nation_ids: list[str]) -> list[Seat]:
        """The players: one seat per nation, in the scenario's order."""
        seats = []
        raw_seats = self.get("players", list)
        if len(raw_seats) != len(nation_ids):
            raise self.bad("players", f"must list {len(nation_ids)} seats")
        keys = {"name", "control", "color", "nation", "alive"}
        for i, raw in enumerate(raw_seats):
            if not (
                isinstance(raw, dict)
                and set(raw) == keys
                and all(isinstance(raw[k], str) for k in keys - {"alive"})
                and raw["alive"] is True
            ):
                raise self.bad("players", f"entry {i} is not a seat")
            if raw["nation"] != nation_ids[i]:
                raise self.bad(
                    "players", f"entry {i} is {_shown(raw['nation'])}, expected {nation_ids[i]!r}"
                )
            if len(raw["name"]) > statecheck.MAX_NAME or len(raw["control"]) > statecheck.MAX_TEXT:
                raise self.bad("players", f"entry {i} has a name or control that is too long")
            seat = Seat.of(raw["nation"], raw["name"], raw["control"])
            if raw["color"] != seat.color:
                raise self.bad("players", f"entry {i} has the colour of another nation")
            seats.append(seat)
        return seats

    def fleets(self, name: str, places: set[str], owners: set[str]) -> dict[str, dict[str, Fleet]]:
        table: dict[str, dict[str, Fleet]] = {}
        for place, per in self.get(name, dict).items():
            if place not in places or not isinstance(per, dict):
                raise self.bad(name, f"has a bad place {_shown(place)}")
            table[place] = {}
            for n, raw in per.items():
                if n not in owners or not (isinstance(raw, list) and len(raw) == 2):
                    raise self.bad(name, f"has a bad fleet of {_shown(n)} at {place}")
                ships, cargo = self.count(name, raw[0]), self.count(name, raw[1])
                if ships == 0 or cargo > 2 * ships:
                    raise self.bad(name, f"has an impossible fleet of {n} at {place}")
                table[place][n] = Fleet(ships, cargo)
        return table

    def nation(self, n: str, raw: Any) -> NationRecord:
        where = f"nations.{n}"
        if not isinstance(raw, dict):
            raise self.bad(where, "is not an object")
        keys = ("vp", "np", "generals_awarded", "admirals_awarded", "owed", "banked")
        for k in (*keys, "credits", "drop_due"):
            if k not in raw:
                raise self.bad(where, f"lacks {k!r}")
        highs = (MAX_UNITS, MAX_UNITS, MAX_UNITS, MAX_UNITS, MAX_QUARTERS, MAX_QUARTERS)
        vp, np_, ga, aa, owed, banked = (
            self.count(f"{where}.{k}", raw[k], high) for k, high in zip(keys, highs, strict=True)
        )
        credits: list[tuple[int, str | None]] = []
        if not isinstance(raw["credits"], list):
            raise self.bad(f"{where}.credits", "must be a list of [quarters, province]")
        for c in raw["credits"]:
            if not (isinstance(c, list) and len(c) == 2) or (
                c[1] is not None and c[1] not in self.provinces
            ):
                raise self.bad(f"{where}.credits", f"has a bad entry {_shown(c)}")
            credits.append((self.count(f"{where}.credits", c[0], MAX_QUARTERS), c[1]))
        drop = raw["drop_due"]
        if drop is not None and not (
            isinstance(drop, list) and len(drop) == 3 and all(x in self.nation_ids for x in drop)
        ):
            raise self.bad(f"{where}.drop_due", "is not [ally, ally, default]")
        return NationRecord(
            vp,
            np_,
            ga,
            aa,
            owed,
            credits,
            banked,
            None if drop is None else (drop[0], drop[1], drop[2]),
        )


def _shown(value: object) -> str:
    """A value as an error message quotes it: short, whatever a code holds."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
