"""The Great War 1907 game state (spec §2): plain data, JSON round-trippable, every field
checked on the way in (a :class:`StateError` names the field).

Units are counts: ``standing[p][nation]`` divisions on land; ``docked[p][nation]`` a
fleet in p's port; ``at_sea[d][nation]`` a fleet in a district; ``hulls[p]`` the
owner's ships under construction.  Zero entries are never stored, so two equal
positions have equal JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine import statecheck
from engine.core import copy_json
from engine.errors import EngineError
from engine.rng import Rng
from engine.rulesets.greatwar1907.mapdata import NEUTRAL, ScenarioMap, scenario
from engine.rulesets.greatwar1907.options import GreatWarOptions


class StateError(EngineError):
    """A saved Great War 1907 state with a bad field (named in the message)."""


MAX_UNITS = statecheck.MAX_ARMIES
"""Most divisions, ships or hulls of one nation in one place, and most VP or NP: R26 sets
no stacking limit, so the cap is the engine's generous one for every ruleset."""
MAX_QUARTERS = 4 * statecheck.MAX_ARMIES
"""Most pp (in quarters) owed, banked or credited: far above a whole game's production."""


class Phase(StrEnum):
    DEPLOYMENT = "deployment"
    ATTACK = "attack"
    GAME_OVER = "game-over"


@dataclass
class Fleet:
    ships: int
    cargo: int = 0

    def to_json(self) -> list[int]:
        return [self.ships, self.cargo]


@dataclass
class Seat:
    """One nation's seat: ``control`` is ``human``, ``idle`` or a computer level name."""

    nation: str
    name: str
    control: str
    alive: bool = True  # no elimination (R13): kept for the shared simulate helpers

    @property
    def kind(self) -> str:
        return self.control if self.control in ("human", "idle") else "computer"

    @property
    def color(self) -> str:
        """The nation's colour (the shell's game record and charts read a seat's)."""
        return scenario().nation(self.nation).colour


@dataclass
class NationRecord:
    vp: int
    np: int
    generals_awarded: int
    admirals_awarded: int
    owed: int = 0
    credits: list[tuple[int, str | None]] = field(default_factory=list)
    banked: int = 0
    drop_due: tuple[str, str, str] | None = None  # (ally, ally, default drop) (R85)

    def to_json(self) -> dict[str, Any]:
        return {
            "vp": self.vp,
            "np": self.np,
            "generals_awarded": self.generals_awarded,
            "admirals_awarded": self.admirals_awarded,
            "owed": self.owed,
            "credits": [[q, p] for q, p in self.credits],
            "banked": self.banked,
            "drop_due": None if self.drop_due is None else list(self.drop_due),
        }


@dataclass
class Leader:
    """A leader in the game: ``where`` is ``province``, ``sea`` or None (unplaced)."""

    id: str
    nation: str
    where: str | None
    place: str | None
    alive: bool = True
    received: int = 0

    def to_json(self) -> list[Any]:
        return [self.id, self.nation, self.where, self.place, self.alive, self.received]


def pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


@dataclass
class GreatWarState:
    options: GreatWarOptions
    players: list[Seat]
    rng: Rng
    turn: int = 1
    phase: Phase = Phase.DEPLOYMENT
    owner: dict[str, str] = field(default_factory=dict)
    conquered: set[str] = field(default_factory=set)
    standing: dict[str, dict[str, int]] = field(default_factory=dict)
    docked: dict[str, dict[str, Fleet]] = field(default_factory=dict)
    hulls: dict[str, int] = field(default_factory=dict)
    at_sea: dict[str, dict[str, Fleet]] = field(default_factory=dict)
    nations: dict[str, NationRecord] = field(default_factory=dict)
    relations: dict[tuple[str, str], str] = field(default_factory=dict)
    grants: set[tuple[str, str]] = field(default_factory=set)
    leaders: dict[str, Leader] = field(default_factory=dict)
    general_pile: list[str] = field(default_factory=list)
    admiral_pile: list[str] = field(default_factory=list)
    orders: list[dict[str, Any] | None] = field(default_factory=list)
    winners: list[str] = field(default_factory=list)
    last_report: dict[str, Any] | None = None
    ruleset: str = "greatwar1907"

    # ------------------------------------------------------------------ reading
    @property
    def map(self) -> ScenarioMap:
        return scenario()

    @property
    def nation_ids(self) -> tuple[str, ...]:
        return tuple(s.nation for s in self.players)

    @property
    def seal_round(self) -> int:
        return 2 * self.turn - (1 if self.phase is Phase.DEPLOYMENT else 0)

    @property
    def current(self) -> int:
        """The first acting seat still to send orders (else the first acting seat)."""
        acting = [i for i, s in enumerate(self.players) if s.kind != "idle"]
        for i in acting:
            if self.orders[i] is None:
                return i
        return acting[0] if acting else 0

    def seat_of(self, nation: str) -> int:
        return self.nation_ids.index(nation)

    def relation(self, a: str, b: str) -> str:
        """``self``, ``neutral`` (either side Neutral), or the pair's relation."""
        if a == b:
            return "self"
        if NEUTRAL in (a, b):
            return "neutral"
        return self.relations.get(pair(a, b), "peace")

    def at_war(self, a: str, b: str) -> bool:
        return self.relation(a, b) == "war"

    def friendly(self, nation: str, province: str) -> bool:
        """R11: owned by the nation or an ally."""
        return self.relation(nation, self.owner[province]) in ("self", "alliance")

    def hostile_target(self, nation: str, province: str) -> bool:
        """R54: owned by a nation at war with ``nation``, or by Neutral."""
        return self.relation(nation, self.owner[province]) in ("war", "neutral")

    def allies(self, nation: str) -> list[str]:
        return [n for n in self.nation_ids if self.relation(nation, n) == "alliance"]

    def provinces_of(self, nation: str) -> list[str]:
        return [p.id for p in self.map.provinces if self.owner[p.id] == nation]

    def territories_of(self, seat: int) -> list[str]:
        return self.provinces_of(self.nation_ids[seat])

    def divisions(self, province: str, nation: str) -> int:
        return self.standing.get(province, {}).get(nation, 0)

    def fleet_in_port(self, province: str, nation: str) -> Fleet | None:
        return self.docked.get(province, {}).get(nation)

    def fleet_at_sea(self, sea: str, nation: str) -> Fleet | None:
        return self.at_sea.get(sea, {}).get(nation)

    def fleet_at(self, place: str, nation: str) -> Fleet | None:
        if self.map.is_sea(place):
            return self.fleet_at_sea(place, nation)
        return self.fleet_in_port(place, nation)

    def garrison(self, province: str, nation: str) -> int:
        """The nation's divisions that count for R62 in ``province``: standing or aboard
        its ships in the port."""
        fleet = self.fleet_in_port(province, nation)
        return self.divisions(province, nation) + (fleet.cargo if fleet else 0)

    def leaders_at(self, where: str, place: str, nation: str | None = None) -> list[Leader]:
        """Living leaders at a place, in the order their nations received them."""
        found = [
            x
            for x in self.leaders.values()
            if x.alive
            and x.where == where
            and x.place == place
            and (nation is None or x.nation == nation)
        ]
        order = {n: i for i, n in enumerate(self.nation_ids)}
        return sorted(found, key=lambda x: (order.get(x.nation, 99), x.received))

    def needs_garrison(self, province: str, nation: str) -> bool:
        """R62: the nation's conquered province, with no ``no_garrison`` general in it."""
        if province not in self.conquered or self.owner[province] != nation:
            return False
        return not any(
            self.map.leader(x.id).effects.get("no_garrison")
            for x in self.leaders_at("province", province, nation)
        )

    @property
    def armies(self) -> dict[str, int]:
        """Divisions per province (every nation's, standing and aboard in port): the
        board every ruleset shows the shell (game record, charts, motion)."""
        counts = {p: sum(per.values()) for p, per in self.standing.items()}
        for p, fleets in self.docked.items():
            counts[p] = counts.get(p, 0) + sum(f.cargo for f in fleets.values())
        return {p.id: counts.get(p.id, 0) for p in self.map.provinces}

    def pp_of(self, nation: str) -> int:
        return sum(p.pp for p in self.map.provinces if self.owner[p.id] == nation)

    # ------------------------------------------------------------------ writing
    def add_divisions(self, province: str, nation: str, count: int) -> None:
        here = self.standing.setdefault(province, {})
        here[nation] = here.get(nation, 0) + count
        if here[nation] < 0:
            raise AssertionError(f"negative divisions of {nation} in {province}")
        if here[nation] == 0:
            del here[nation]
        if not here:
            del self.standing[province]

    def add_fleet(self, place: str, nation: str, ships: int, cargo: int) -> None:
        """Add (or with negative counts, remove) ships and cargo at a port or district."""
        table = self.at_sea if self.map.is_sea(place) else self.docked
        here = table.setdefault(place, {})
        fleet = here.setdefault(nation, Fleet(0, 0))
        fleet.ships += ships
        fleet.cargo += cargo
        if fleet.ships < 0 or fleet.cargo < 0:
            raise AssertionError(f"negative fleet of {nation} at {place}")
        if fleet.ships == 0:
            if fleet.cargo:
                raise AssertionError(f"cargo without ships of {nation} at {place}")
            del here[nation]
        if not here:
            del table[place]

    # ------------------------------------------------------------------ copying
    def clone(self) -> GreatWarState:
        return GreatWarState.from_json(self.to_json())

    def to_json(self) -> dict[str, Any]:
        m = self.map
        order = [p.id for p in m.provinces]
        seas = [s.id for s in m.seas]
        return {
            "ruleset": self.ruleset,
            "options": self.options.to_json(),
            "seats": [[s.nation, s.name, s.control] for s in self.players],
            "rng": self.rng.to_json(),
            "turn": self.turn,
            "phase": self.phase.value,
            "owner": {p: self.owner[p] for p in order},
            "conquered": [p for p in order if p in self.conquered],
            "standing": {
                p: dict(sorted(self.standing[p].items())) for p in order if p in self.standing
            },
            "docked": {
                p: {n: f.to_json() for n, f in sorted(self.docked[p].items())}
                for p in order
                if p in self.docked
            },
            "hulls": {p: self.hulls[p] for p in order if self.hulls.get(p)},
            "at_sea": {
                s: {n: f.to_json() for n, f in sorted(self.at_sea[s].items())}
                for s in seas
                if s in self.at_sea
            },
            "nations": {n: self.nations[n].to_json() for n in self.nation_ids},
            "relations": [
                [a, b, r] for (a, b), r in sorted(self.relations.items()) if r != "peace"
            ],
            "grants": sorted([list(g) for g in self.grants]),
            "leaders": [self.leaders[k].to_json() for k in sorted(self.leaders)],
            "general_pile": list(self.general_pile),
            "admiral_pile": list(self.admiral_pile),
            "orders": [copy_json(o) for o in self.orders],
            "winners": list(self.winners),
            "last_report": copy_json(self.last_report),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GreatWarState:
        """:raises StateError: naming the first bad field."""
        return _Reader(data).state()


class _Reader:
    """Field-by-field checks of a state's JSON form."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        if not isinstance(data, Mapping):
            raise StateError("state/bad-field", "a greatwar1907 state must be an object")
        self.data = data
        self.map = scenario()
        self.provinces = frozenset(p.id for p in self.map.provinces)
        self.nation_ids = tuple(n.id for n in self.map.nations)

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

    def state(self) -> GreatWarState:
        m = self.map
        if self.get("ruleset", str) != "greatwar1907":
            raise self.bad("ruleset", "is not greatwar1907")
        try:
            options = GreatWarOptions.from_json(self.get("options", dict))
        except EngineError as exc:
            raise self.bad("options", f"are invalid: {exc.message}") from None
        seats = []
        nation_ids = [n.id for n in m.nations]
        raw_seats = self.get("seats", list)
        if len(raw_seats) != len(nation_ids):
            raise self.bad("seats", f"must list {len(nation_ids)} seats")
        for i, raw in enumerate(raw_seats):
            if not (
                isinstance(raw, list) and len(raw) == 3 and all(isinstance(x, str) for x in raw)
            ):
                raise self.bad("seats", f"entry {i} is not [nation, name, control]")
            if raw[0] != nation_ids[i]:
                raise self.bad(
                    "seats", f"entry {i} is {_shown(raw[0])}, expected {nation_ids[i]!r}"
                )
            if len(raw[1]) > statecheck.MAX_NAME or len(raw[2]) > statecheck.MAX_TEXT:
                raise self.bad("seats", f"entry {i} has a name or control that is too long")
            seats.append(Seat(raw[0], raw[1], raw[2]))
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
            if not isinstance(o, str) or o not in owners_ok:
                raise self.bad("owner", f"gives {p} the unknown owner {_shown(o)}")
        conquered = set(self.ids("conquered", self.get("conquered", list)))
        if not conquered <= set(raw_owner):
            raise self.bad("conquered", "names an unknown province")
        standing: dict[str, dict[str, int]] = {}
        for p, per in self.get("standing", dict).items():
            if p not in raw_owner or not isinstance(per, dict):
                raise self.bad("standing", f"has a bad entry {_shown(p)}")
            standing[p] = {}
            for n, c in per.items():
                if n not in owners_ok or self.count("standing", c) == 0:
                    raise self.bad("standing", f"has a bad count for {_shown(n)} in {p}")
                standing[p][n] = c
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
        return GreatWarState(
            options,
            seats,
            rng,
            turn,
            phase,
            dict(raw_owner),
            conquered,
            standing,
            docked,
            hulls,
            at_sea,
            nations,
            relations,
            grants,
            leaders,
            piles[0],
            piles[1],
            [copy_json(o) for o in orders],
            [str(w) for w in winners],
            copy_json(report),
        )

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


def total_units(state: GreatWarState) -> tuple[int, int, int]:
    """(divisions, ships, hulls) of every owner, for the accounting properties."""
    divisions = sum(sum(per.values()) for per in state.standing.values())
    ships = 0
    for table in (state.docked, state.at_sea):
        for per in table.values():
            for fleet in per.values():
                ships += fleet.ships
                divisions += fleet.cargo
    return divisions, ships, sum(state.hulls.values())
