"""The Risk, Paper, Scissors map (format ``rps-map/1``, spec 4.2): a validated loader and
the board as data with its networkx graph.

``engine/maps.py`` reads format 1 only (and would refuse a Moon that no static edge
reaches), so this ruleset reads its own format.  Every problem raises :class:`MapError`
with the spec's code and the entry at fault.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

import networkx as nx

from engine.errors import MapError

MAP_FILE = "risk_paper_scissors.json"
FORMAT = "rps-map/1"
KINDS = ("land", "water", "lunar")
GROUP_KIND = {"land": "continent", "water": "water_colony", "lunar": "lunar_colony"}
_TOP_KEYS = {"format", "id", "name", "groups", "territories", "sea_links", "space_link", "drawing"}
_GROUP_KEYS = {"id", "name", "kind", "bonus"}
_TERRITORY_KEYS = {
    "land": {"id", "name", "kind", "group", "neighbours", "label"},
    "water": {"id", "name", "kind", "group", "neighbours", "anchor"},
    "lunar": {"id", "name", "kind", "group", "neighbours", "landing_site", "pos"},
}
_SPACE_LINK_KEYS = {"rule", "station_kinds", "steps", "landing_sites"}


@dataclass(frozen=True)
class Group:
    id: str
    name: str
    kind: str
    bonus: int
    territories: tuple[str, ...]


@dataclass(frozen=True)
class Board:
    """The map: territories in canonical order, their kinds, groups and adjacency."""

    id: str
    name: str
    order: tuple[str, ...]
    names: Mapping[str, str]
    kind: Mapping[str, str]
    group_of: Mapping[str, str]
    groups: tuple[Group, ...]
    neighbours: Mapping[str, frozenset[str]]
    landing_sites: tuple[str, ...]
    sea_links: tuple[tuple[str, str], ...]
    graph: nx.Graph

    def of_kind(self, kind: str) -> tuple[str, ...]:
        return tuple(t for t in self.order if self.kind[t] == kind)

    @property
    def land(self) -> tuple[str, ...]:
        return self.of_kind("land")

    def index(self, territory: str) -> int:
        return self.order.index(territory)

    @cached_property
    def groups_by_id(self) -> Mapping[str, Group]:
        return {g.id: g for g in self.groups}


def _fail(code: str, message: str) -> MapError:
    return MapError(code, message)


def _field(entry: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in entry:
        raise _fail("map/missing-field", f"{where} has no {key!r}")
    value = entry[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _fail("map/bad-field", f"{where}: {key!r} has the wrong type ({value!r})")
    return value


def _keys(entry: Any, allowed: set[str], where: str) -> Mapping[str, Any]:
    if not isinstance(entry, Mapping):
        raise _fail("map/bad-field", f"{where} must be an object, got {entry!r}")
    extra = sorted(set(entry) - allowed)
    if extra:
        raise _fail("map/unknown-key", f"{where} has unknown key(s) {', '.join(extra)}")
    return entry


def parse_board(data: Any) -> Board:
    """Validate ``rps-map/1`` data and build the board.

    :raises MapError: with the spec's code (4.2), naming the bad entry.
    """
    top = _keys(data, _TOP_KEYS, "the map")
    if top.get("format") != FORMAT:
        raise _fail("map/format", f"the map's format must be {FORMAT!r}, got {top.get('format')!r}")
    map_id = _field(top, "id", str, "the map")
    groups_raw = _field(top, "groups", list, "the map")
    groups: dict[str, Mapping[str, Any]] = {}
    for i, raw in enumerate(groups_raw):
        entry = _keys(raw, _GROUP_KEYS, f"group {i}")
        gid = _field(entry, "id", str, f"group {i}")
        if gid in groups:
            raise _fail("map/duplicate-id", f"two groups with id {gid!r}")
        if _field(entry, "kind", str, f"group {gid}") not in GROUP_KIND.values():
            raise _fail("map/bad-field", f"group {gid}: unknown kind {entry['kind']!r}")
        if _field(entry, "bonus", int, f"group {gid}") < 0:
            raise _fail("map/bad-field", f"group {gid}: bonus must not be negative")
        _field(entry, "name", str, f"group {gid}")
        groups[gid] = entry
    territories: dict[str, Mapping[str, Any]] = {}
    for i, raw in enumerate(_field(top, "territories", list, "the map")):
        if not isinstance(raw, Mapping):
            raise _fail("map/bad-field", f"territory {i} must be an object")
        kind = raw.get("kind")
        if kind not in KINDS:
            raise _fail(
                "map/bad-field", f"territory {i}: kind must be one of {KINDS}, not {kind!r}"
            )
        entry = _keys(raw, _TERRITORY_KEYS[kind], f"territory {raw.get('id', i)!r}")
        tid = _field(entry, "id", str, f"territory {i}")
        if tid in territories or tid in groups:
            raise _fail("map/duplicate-id", f"the id {tid!r} is used twice")
        _field(entry, "name", str, f"territory {tid}")
        group = _field(entry, "group", str, f"territory {tid}")
        if group not in groups:
            raise _fail("map/unknown-group", f"territory {tid} is in unknown group {group!r}")
        if groups[group]["kind"] != GROUP_KIND[kind]:
            raise _fail(
                "map/kind-mismatch", f"{kind} territory {tid} is in {groups[group]['kind']} {group}"
            )
        if kind == "lunar":
            _field(entry, "landing_site", bool, f"territory {tid}")
        territories[tid] = entry
    neighbours = _adjacency(territories)
    graph: nx.Graph = nx.Graph()
    graph.add_nodes_from(territories)
    graph.add_edges_from((a, b) for a, near in neighbours.items() for b in near)
    for a, b in graph.edges:
        if (territories[a]["kind"] == "lunar") != (territories[b]["kind"] == "lunar"):
            raise _fail("map/earth-moon-edge", f"a static edge joins {a} and {b}")
    earth = [t for t, e in territories.items() if e["kind"] != "lunar"]
    moon = [t for t, e in territories.items() if e["kind"] == "lunar"]
    for name, part in (("Earth", earth), ("Moon", moon)):
        if part and not nx.is_connected(graph.subgraph(part)):
            raise _fail("map/unreachable", f"the {name} graph is not connected")
    members = {g: tuple(t for t, e in territories.items() if e["group"] == g) for g in groups}
    empty = [g for g, ts in members.items() if not ts]
    if empty:
        raise _fail("map/empty-group", f"group {empty[0]} has no territory")
    landing = tuple(t for t in moon if territories[t]["landing_site"])
    _check_space_link(top, landing, members, territories)
    sea_links = _sea_links(top, territories, neighbours)
    return Board(
        id=map_id,
        name=str(top.get("name", map_id)),
        order=tuple(territories),
        names={t: str(e["name"]) for t, e in territories.items()},
        kind={t: str(e["kind"]) for t, e in territories.items()},
        group_of={t: str(e["group"]) for t, e in territories.items()},
        groups=tuple(
            Group(g, str(e["name"]), str(e["kind"]), int(e["bonus"]), members[g])
            for g, e in groups.items()
        ),
        neighbours=neighbours,
        landing_sites=landing,
        sea_links=sea_links,
        graph=graph,
    )


def _adjacency(territories: Mapping[str, Mapping[str, Any]]) -> dict[str, frozenset[str]]:
    result: dict[str, frozenset[str]] = {}
    for tid, entry in territories.items():
        near = _field(entry, "neighbours", list, f"territory {tid}")
        for other in near:
            if other not in territories:
                raise _fail("map/unknown-territory", f"{tid} borders unknown territory {other!r}")
            if other == tid:
                raise _fail("map/self-link", f"{tid} borders itself")
        if len(set(near)) != len(near):
            raise _fail("map/duplicate-link", f"{tid} lists a neighbour twice")
        result[tid] = frozenset(near)
    for tid, near in result.items():
        for other in near:
            if tid not in result[other]:
                raise _fail("map/one-way-link", f"{tid} borders {other} but not the reverse")
    return result


def _check_space_link(
    top: Mapping[str, Any],
    landing: tuple[str, ...],
    members: Mapping[str, tuple[str, ...]],
    territories: Mapping[str, Mapping[str, Any]],
) -> None:
    link = _keys(_field(top, "space_link", Mapping, "the map"), _SPACE_LINK_KEYS, "space_link")
    if link.get("rule") != "own_station_to_landing_site":
        raise _fail("map/bad-field", f"space_link: unknown rule {link.get('rule')!r}")
    if list(_field(link, "station_kinds", list, "space_link")) != ["land"]:
        raise _fail("map/bad-field", "space_link: station_kinds must be ['land']")
    if _field(link, "steps", int, "space_link") != 1:
        raise _fail("map/bad-field", "space_link: steps must be 1")
    listed = _field(link, "landing_sites", list, "space_link")
    if sorted(listed) != sorted(landing):
        raise _fail(
            "map/landing-site",
            f"space_link lists {sorted(listed)}; the flagged landing sites are {sorted(landing)}",
        )
    for group, ts in members.items():
        if territories[ts[0]]["kind"] == "lunar" and not set(ts) & set(landing):
            raise _fail("map/landing-site", f"lunar colony {group} has no landing site")


def _sea_links(
    top: Mapping[str, Any],
    territories: Mapping[str, Mapping[str, Any]],
    neighbours: Mapping[str, frozenset[str]],
) -> tuple[tuple[str, str], ...]:
    links = []
    for pair in _field(top, "sea_links", list, "the map"):
        if not (isinstance(pair, list) and len(pair) == 2):
            raise _fail("map/bad-field", f"a sea link must be a pair, got {pair!r}")
        a, b = pair
        ok = (
            a in territories
            and b in territories
            and territories[a]["kind"] == territories[b]["kind"] == "land"
            and b in neighbours[a]
        )
        if not ok:
            raise _fail("map/sea-link", f"sea link {a}–{b} is not a land–land adjacency")
        links.append((str(a), str(b)))
    return tuple(links)


@cache
def load_board() -> Board:
    """The shipped map (``maps/risk_paper_scissors.json``), parsed once.

    :raises MapError: when the shipped file is invalid.
    """
    from maps import read_map_file

    return parse_board(read_map_file(MAP_FILE))
