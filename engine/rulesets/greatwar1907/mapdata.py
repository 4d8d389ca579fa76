"""The Great War 1907 scenario data (``maps/greatwar1907.json``, format
``greatwar1907-map/2``), validated into one immutable :class:`ScenarioMap`.

The loader refuses the faults ``check_map.py`` refuses at the level the engine needs
(unknown ids, one-way borders or sea links, a port on an unknown district, start units
of an unknown nation, a production total that does not add up), each with a
:class:`~engine.errors.MapError` naming the entry.  pp are kept as whole quarters.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import networkx as nx

from engine.errors import MapError

MAP_ID = "greatwar1907"
FORMAT = "greatwar1907-map/2"
NEUTRAL = "neutral"
LEADER_KEYS = frozenset(
    {
        "attack_dice",
        "defence_dice",
        "soil_dice",
        "extra_free_moves",
        "extra_sea_moves",
        "survive_loss",
        "spawn_division",
        "no_garrison",
        "fast_build",
        "evade_chance",
    }
)


def quarters(pp: float) -> int:
    """pp as whole quarters (25.5 pp = 102); refuses amounts off the 0.25 grid."""
    q = round(pp * 4)
    if abs(q - pp * 4) > 1e-9:
        raise ValueError(f"{pp} is not a multiple of 0.25")
    return q


@dataclass(frozen=True)
class Nation:
    id: str
    name: str
    colour: str
    pp: int
    victory_points: int
    naval_points: int
    generals_awarded: int
    admirals_awarded: int
    alliances: tuple[str, ...]
    wars: tuple[str, ...]


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    owner: str
    core: str | None
    pp: int
    port: str | None
    borders: tuple[str, ...]


@dataclass(frozen=True)
class Sea:
    id: str
    name: str
    adjacent: tuple[str, ...]


@dataclass(frozen=True)
class LeaderCard:
    """A general or admiral as the data gives him (``nation`` None: in the draw pile)."""

    id: str
    name: str
    kind: str
    nation: str | None
    position: tuple[str, str] | None
    trait: str
    text: str
    effects: Mapping[str, Any]


@dataclass(frozen=True)
class StartFleet:
    nation: str
    sea: str
    ships: int
    embarked: int


@dataclass(frozen=True)
class ScenarioMap:
    """The validated scenario: nations, provinces, seas, land graph, start units."""

    nations: tuple[Nation, ...]
    provinces: tuple[Province, ...]
    seas: tuple[Sea, ...]
    ferries: tuple[tuple[str, str], ...]
    start_units: Mapping[str, tuple[int, int, int]]
    start_fleets: tuple[StartFleet, ...]
    leaders: tuple[LeaderCard, ...]
    award_base: int
    checks: tuple[Mapping[str, Any], ...]
    land: nx.Graph
    raw: Mapping[str, Any]
    _nation_index: dict[str, Nation] = field(init=False, repr=False, compare=False)
    _province_index: dict[str, Province] = field(init=False, repr=False, compare=False)
    _sea_index: dict[str, Sea] = field(init=False, repr=False, compare=False)
    _order: dict[str, int] = field(init=False, repr=False, compare=False)
    _leader_index: dict[str, LeaderCard] = field(init=False, repr=False, compare=False)
    _neighbours: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    _ports_on: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)

    @property
    def nation_ids(self) -> tuple[str, ...]:
        return tuple(n.id for n in self.nations)

    def nation(self, nation_id: str) -> Nation:
        return self._nation_index[nation_id]

    def province(self, pid: str) -> Province:
        return self._province_index[pid]

    def sea(self, sid: str) -> Sea:
        return self._sea_index[sid]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_nation_index", {n.id: n for n in self.nations})
        object.__setattr__(self, "_province_index", {p.id: p for p in self.provinces})
        object.__setattr__(self, "_sea_index", {s.id: s for s in self.seas})
        object.__setattr__(self, "_order", {p.id: i for i, p in enumerate(self.provinces)})
        object.__setattr__(self, "_leader_index", {c.id: c for c in self.leaders})
        neighbours = {
            p.id: tuple(q.id for q in self.provinces if self.land.has_edge(p.id, q.id))
            for p in self.provinces
        }
        object.__setattr__(self, "_neighbours", neighbours)
        ports: dict[str, list[str]] = {s.id: [] for s in self.seas}
        for p in self.provinces:
            if p.port is not None:
                ports[p.port].append(p.id)
        object.__setattr__(self, "_ports_on", {k: tuple(v) for k, v in ports.items()})

    def is_province(self, pid: str) -> bool:
        return pid in self._province_index

    def is_sea(self, sid: str) -> bool:
        return sid in self._sea_index

    def neighbours(self, pid: str) -> tuple[str, ...]:
        """Provinces over a land border or a ferry, in map order."""
        return self._neighbours[pid]

    def adjacent(self, a: str, b: str) -> bool:
        return bool(self.land.has_edge(a, b))

    def ports_on(self, sid: str) -> tuple[str, ...]:
        """Provinces whose port opens on district ``sid``, in map order."""
        return self._ports_on[sid]

    def order_of(self, pid: str) -> int:
        return self._order[pid]

    def name_of(self, place: str) -> str:
        """The short name of a province ("Zagreb" for "Zagreb (Croatia-Slavonia &
        Fiume)"), district or nation, as the seed's reports write them."""
        if place in self._province_index:
            return self._province_index[place].name.split(" (")[0]
        if place in self._sea_index:
            return self._sea_index[place].name
        if place in self._nation_index:
            return self._nation_index[place].name
        return "Neutral" if place == NEUTRAL else place

    def leader(self, lid: str) -> LeaderCard:
        return self._leader_index[lid]


def _fail(entry: str, why: str) -> MapError:
    return MapError("map/invalid", f"greatwar1907 map: {entry}: {why}")


def parse_scenario(data: Mapping[str, Any]) -> ScenarioMap:
    """Validate the scenario JSON.

    :raises MapError: naming the first bad entry.
    """
    try:
        return _parse(data)
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, MapError):
            raise
        raise _fail(
            "structure", f"missing or mistyped field ({type(exc).__name__}: {exc})"
        ) from None


def _parse(data: Mapping[str, Any]) -> ScenarioMap:
    if data.get("format") != FORMAT:
        raise _fail("format", f"expected {FORMAT!r}, got {data.get('format')!r}")
    nations = tuple(
        Nation(
            str(n["id"]),
            str(n["name"]),
            str(n["colour"]),
            quarters(n["pp"]),
            int(n["victory_points"]),
            int(n["naval_points"]),
            int(n["generals_awarded"]),
            int(n["admirals_awarded"]),
            tuple(n["alliances"]),
            tuple(n["wars"]),
        )
        for n in data["nations"]
    )
    nation_ids = {n.id for n in nations}
    owners = nation_ids | {NEUTRAL}
    for n in nations:
        for other in (*n.alliances, *n.wars):
            if other not in nation_ids:
                raise _fail(f"nation {n.id}", f"unknown nation {other!r} in its relations")
    by_id = {n.id: n for n in nations}
    for n in nations:
        for other in n.alliances:
            if n.id not in by_id[other].alliances:
                raise _fail(f"nation {n.id}", f"alliance with {other} is one-way")
        for other in n.wars:
            if n.id not in by_id[other].wars:
                raise _fail(f"nation {n.id}", f"war with {other} is one-way")
    seas = tuple(Sea(str(s["id"]), str(s["name"]), tuple(s["adjacent"])) for s in data["seas"])
    sea_ids = {s.id for s in seas}
    provinces = tuple(
        Province(
            str(p["id"]),
            str(p["name"]),
            str(p["owner"]),
            p.get("core"),
            quarters(p["pp"]),
            p["port"],
            tuple(p["borders"]),
        )
        for p in data["provinces"]
    )
    prov_ids = [p.id for p in provinces]
    if len(set(prov_ids)) != len(prov_ids) or set(prov_ids) & sea_ids:
        raise _fail("provinces", "repeated id")
    land: nx.Graph = nx.Graph()
    land.add_nodes_from(prov_ids)
    by_pid = {p.id: p for p in provinces}
    for p in provinces:
        if p.owner not in owners:
            raise _fail(f"province {p.id}", f"unknown owner {p.owner!r}")
        if p.port is not None and p.port not in sea_ids:
            raise _fail(f"province {p.id}", f"port on unknown district {p.port!r}")
        for q in p.borders:
            if q not in by_pid:
                raise _fail(f"province {p.id}", f"border with unknown province {q!r}")
            if p.id not in by_pid[q].borders:
                raise _fail(f"province {p.id}", f"border with {q} is one-way")
            land.add_edge(p.id, q)
    for s in seas:
        for t in s.adjacent:
            if t not in sea_ids:
                raise _fail(f"sea {s.id}", f"unknown adjacent district {t!r}")
            if s.id not in next(x for x in seas if x.id == t).adjacent:
                raise _fail(f"sea {s.id}", f"link to {t} is one-way")
    ferries = []
    for f in data["ferries"]:
        a, b = str(f["a"]), str(f["b"])
        if a not in by_pid or b not in by_pid:
            raise _fail(f"ferry {f.get('id')}", "joins an unknown province")
        land.add_edge(a, b)
        ferries.append((a, b))
    for n in nations:
        total = sum(p.pp for p in provinces if p.owner == n.id)
        if total != n.pp:
            raise _fail(f"nation {n.id}", f"pp {n.pp / 4:g} but its provinces make {total / 4:g}")
    start_units: dict[str, tuple[int, int, int]] = {}
    for pid, u in data["units"]["provinces"].items():
        if pid not in by_pid:
            raise _fail(f"units.provinces {pid}", "unknown province")
        counts = (int(u["divisions"]), int(u["ships"]), int(u["building"]))
        if min(counts) < 0:
            raise _fail(f"units.provinces {pid}", "negative count")
        if (counts[1] or counts[2]) and by_pid[pid].port is None:
            raise _fail(f"units.provinces {pid}", "ships in a province without a port")
        start_units[pid] = counts
    fleets = tuple(
        StartFleet(str(f["nation"]), str(f["sea"]), int(f["ships"]), int(f["embarked"]))
        for f in data["units"]["fleets"]
    )
    for fleet in fleets:
        if fleet.nation not in nation_ids or fleet.sea not in sea_ids:
            raise _fail(f"units.fleets {fleet.nation}", f"bad fleet in {fleet.sea}")
        if fleet.embarked > 2 * fleet.ships:
            raise _fail(f"units.fleets {fleet.nation}", "more cargo than room")
    leaders_data = data["leaders"]
    rule = leaders_data["award_rule"]
    if rule.get("kind") != "triangular":
        raise _fail("leaders.award_rule", f"unknown kind {rule.get('kind')!r}")
    leaders = []
    for raw, in_play in [(x, True) for x in leaders_data["in_play"]] + [
        (x, False) for x in leaders_data["draw_pile"]
    ]:
        lid = str(raw["id"])
        kind = str(raw["kind"])
        if kind not in ("general", "admiral"):
            raise _fail(f"leader {lid}", f"unknown kind {kind!r}")
        effects = dict(raw["effects"])
        unknown = sorted(set(effects) - LEADER_KEYS)
        if unknown:
            raise _fail(f"leader {lid}", f"unknown effect key(s) {unknown}")
        position: tuple[str, str] | None = None
        nation = raw.get("nation") if in_play else None
        if in_play:
            if nation not in nation_ids:
                raise _fail(f"leader {lid}", f"unknown nation {nation!r}")
            pos = raw.get("position")
            if pos:
                ((where, place),) = pos.items()
                if (where == "province" and place not in by_pid) or (
                    where == "sea" and place not in sea_ids
                ):
                    raise _fail(f"leader {lid}", f"unknown position {pos!r}")
                position = (str(where), str(place))
        leaders.append(
            LeaderCard(
                lid,
                str(raw["name"]),
                kind,
                nation,
                position,
                str(raw.get("trait", "")),
                str(raw.get("seed_text") or raw.get("text", "")),
                effects,
            )
        )
    if len({c.id for c in leaders}) != len(leaders):
        raise _fail("leaders", "repeated leader id")
    return ScenarioMap(
        nations,
        provinces,
        seas,
        tuple(ferries),
        start_units,
        fleets,
        tuple(leaders),
        int(rule["base"]),
        tuple(data.get("checks", ())),
        land,
        data,
    )


@cache
def scenario() -> ScenarioMap:
    """The shipped scenario, parsed once."""
    from maps import read_map_file

    return parse_scenario(read_map_file(f"{MAP_ID}.json"))
