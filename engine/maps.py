"""Maps as data: territories (of several kinds), groups with bonuses, adjacency, ports,
ferries, unit kinds and the card deck.

A map is read from a plain dict (the JSON in ``maps/``) and validated: every error
names the problem (one-way link, unknown continent, unreachable territory, duplicate
id, a deck that does not match the territories).  Adjacency lives in plain tuples for
the hot paths and in a networkx graph for graph questions (connected groups, paths).

The graph is built, and networkx imported, on the first graph question: importing
networkx costs 0.3-2 s in the browser, and neither Classic play nor a Capital Risk
resolution needs it (connected groups are counted over :attr:`GameMap.links`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import TYPE_CHECKING, Any

from engine.errors import MapError

if TYPE_CHECKING:
    import networkx as nx

MAP_FORMATS = (1, 2)
"""Format 1 (Classic's map) has land territories, continents and a deck; format 2 adds
territory kinds, ports, ferries and unit kinds, and calls continents groups (see
maps/README.md).  A format-1 map reads as the same format-2 map with every territory
land."""


class TerritoryKind(StrEnum):
    LAND = "land"
    SEA = "sea"  # a sea district: fleets sail it, nobody owns it
    WATER = "water"  # a water territory that is owned and fought over like land
    LUNAR = "lunar"


class CardType(StrEnum):
    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    ARTILLERY = "artillery"
    WILD = "wild"


@dataclass(frozen=True)
class Territory:
    id: str
    name: str
    continent: str
    """Its group's id (a continent on Classic's map)."""
    neighbours: tuple[str, ...]
    kind: TerritoryKind = TerritoryKind.LAND
    port: str | None = None
    """The sea district its one port opens on (format 2), or None."""


@dataclass(frozen=True)
class Ferry:
    """A crossing between two land territories over the sea districts it ``crosses``."""

    id: str
    name: str
    a: str
    b: str
    crosses: tuple[str, ...]


@dataclass(frozen=True)
class UnitKind:
    """A kind of unit and the territory kinds it may stand on."""

    id: str
    name: str
    stands_on: frozenset[TerritoryKind]


@dataclass(frozen=True)
class Continent:
    id: str
    name: str
    bonus: int
    territories: tuple[str, ...]


@dataclass(frozen=True)
class Card:
    """One card of the deck; ``territory`` is None for a wild card."""

    index: int
    territory: str | None
    type: CardType


@dataclass(frozen=True)
class GameMap:
    id: str
    name: str
    territories: Mapping[str, Territory]
    continents: Mapping[str, Continent]
    sea_links: tuple[tuple[str, str], ...]
    deck: tuple[Card, ...]
    ferries: tuple[Ferry, ...] = ()
    unit_kinds: tuple[UnitKind, ...] = ()
    landing_sites: tuple[str, ...] = ()
    """Lunar territories a unit reaches from any land territory by the space link
    (format 2's ``space_link``; what it costs and who may use it is the ruleset's)."""
    _graph: list[nx.Graph] = field(default_factory=list, compare=False, repr=False)
    _links: list[Mapping[str, frozenset[str]]] = field(
        default_factory=list, compare=False, repr=False
    )

    @property
    def graph(self) -> nx.Graph:
        """The adjacency as a networkx graph (built on first use)."""
        if not self._graph:
            import networkx

            graph: nx.Graph = networkx.Graph()
            graph.add_nodes_from(self.territories)
            for tid, territory in self.territories.items():
                graph.add_edges_from((tid, other) for other in territory.neighbours)
            graph.add_edges_from(((f.a, f.b) for f in self.ferries), ferry=True)
            self._graph.append(graph)
        return self._graph[0]

    @property
    def territory_ids(self) -> tuple[str, ...]:
        return tuple(self.territories)

    def neighbours(self, territory: str) -> tuple[str, ...]:
        return self.territories[territory].neighbours

    def are_adjacent(self, a: str, b: str) -> bool:
        return b in self.territories[a].neighbours

    @property
    def groups(self) -> Mapping[str, Continent]:
        """The territory groups with their bonuses (format 2's name for continents)."""
        return self.continents

    def kind_of(self, territory: str) -> TerritoryKind:
        return self.territories[territory].kind

    def ferry_ends(self, territory: str) -> tuple[str, ...]:
        """The land territories a ferry joins to ``territory``."""
        return tuple(
            f.b if f.a == territory else f.a for f in self.ferries if territory in (f.a, f.b)
        )

    def continent_of(self, territory: str) -> Continent:
        return self.continents[self.territories[territory].continent]

    def name_of(self, territory: str) -> str:
        return self.territories[territory].name

    @property
    def links(self) -> Mapping[str, frozenset[str]]:
        """Each territory's links, ferries included: the graph's adjacency without
        networkx (a Capital Risk resolution counts reinforcements with it, and a pasted
        forum page that resolves should not wait 0.3-0.6 s for networkx to import)."""
        if not self._links:
            links: dict[str, set[str]] = {t: set(v.neighbours) for t, v in self.territories.items()}
            for ferry in self.ferries:
                links[ferry.a].add(ferry.b)
                links[ferry.b].add(ferry.a)
            self._links.append({t: frozenset(v) for t, v in links.items()})
        return self._links[0]

    def largest_connected_group(self, owned: Iterable[str]) -> int:
        """Size of the largest group of ``owned`` territories joined by links (ferries
        included).  A plain search over :attr:`links`: reinforcements ask this on every
        count, and a networkx subgraph per call made it a computer player's main cost."""
        links = self.links
        left = set(owned)
        largest = 0
        while left:
            frontier = [left.pop()]
            size = 1
            while frontier:
                for other in links[frontier.pop()]:
                    if other in left:
                        left.remove(other)
                        frontier.append(other)
                        size += 1
            largest = max(largest, size)
        return largest

    def steps_from(self, sources: Iterable[str]) -> dict[str, int]:
        """Links from each territory to the nearest of ``sources`` (none: empty), for
        the territories reached, nearest first.  A breadth-first walk over
        :attr:`links`: a computer player asks this every turn, and in the page its first
        turn waited 0.3-0.5 s for networkx to import."""
        links = self.links
        starts = set(sources)
        steps = {t: 0 for t in self.territories if t in starts}
        frontier = list(steps)
        while frontier:
            reached: list[str] = []
            for territory in frontier:
                for other in sorted(links[territory]):
                    if other not in steps:
                        steps[other] = steps[territory] + 1
                        reached.append(other)
            frontier = reached
        return steps

    def card_territories(self) -> dict[int, str | None]:
        return {card.index: card.territory for card in self.deck}


def _require(condition: bool, code: str, message: str) -> None:
    if not condition:
        raise MapError(code, message)


def _field(entry: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    _require(key in entry, "map/missing-field", f"{where} has no {key!r}")
    value = entry[key]
    _require(
        isinstance(value, kind) and not (kind is int and isinstance(value, bool)),
        "map/bad-field",
        f"{where}: {key!r} must be {kind.__name__}, got {value!r}",
    )
    return value


def parse_map(data: Mapping[str, Any]) -> GameMap:
    """Build and validate a map from its JSON form.

    :raises MapError: naming the first problem found.
    """
    version = data.get("format")
    _require(
        isinstance(version, int) and version in MAP_FORMATS,
        "map/format",
        f"map format must be one of {', '.join(map(str, MAP_FORMATS))}, got {version!r}",
    )
    assert isinstance(version, int)
    known = {"format", "id", "name", "territories", "sea_links", "deck", "links"}
    known |= (
        {"continents"}
        if version == 1
        else {"groups", "ferries", "unit_kinds", "space_link", "about", "drawing"}
    )
    extra = sorted(set(data) - known)
    _require(not extra, "map/unknown-key", f"unknown map keys: {', '.join(extra)}")
    map_id = _field(data, "id", str, "map")
    group_key, member_key = ("continents", "continent") if version == 1 else ("groups", "group")

    continent_rows: dict[str, tuple[str, int]] = {}
    for row in _field(data, group_key, list, "map"):
        cid = _field(row, "id", str, "continent")
        _require(cid not in continent_rows, "map/duplicate-id", f"duplicate continent id {cid!r}")
        bonus = _field(row, "bonus", int, f"continent {cid!r}")
        continent_rows[cid] = (_field(row, "name", str, f"continent {cid!r}"), bonus)

    territories: dict[str, Territory] = {}
    for row in _field(data, "territories", list, "map"):
        tid = _field(row, "id", str, "territory")
        _require(tid not in territories, "map/duplicate-id", f"duplicate territory id {tid!r}")
        continent = _field(row, member_key, str, f"territory {tid!r}")
        _require(
            continent in continent_rows,
            "map/unknown-continent",
            f"territory {tid!r} names unknown {member_key} {continent!r}",
        )
        neighbours = _field(row, "neighbours", list, f"territory {tid!r}")
        _require(
            len(set(neighbours)) == len(neighbours),
            "map/duplicate-link",
            f"territory {tid!r} lists a neighbour twice",
        )
        _require(tid not in neighbours, "map/self-link", f"territory {tid!r} borders itself")
        territories[tid] = Territory(
            tid,
            _field(row, "name", str, f"territory {tid!r}"),
            continent,
            tuple(neighbours),
            *_kind_and_port(row, tid, version),
        )

    for tid, territory in territories.items():
        for other in territory.neighbours:
            _require(
                other in territories,
                "map/unknown-territory",
                f"territory {tid!r} borders unknown territory {other!r}",
            )
            _require(
                tid in territories[other].neighbours,
                "map/one-way-link",
                f"one-way adjacency: {tid!r} lists {other!r} but {other!r} does not list {tid!r}",
            )

    _require(len(territories) > 0, "map/empty", "the map has no territories")
    _check_ports(territories)
    ferries = tuple(_parse_ferry(row, territories) for row in data.get("ferries", []))
    landing_sites = _landing_sites(data.get("space_link"), territories)
    lands = [t for t, terr in territories.items() if terr.kind is TerritoryKind.LAND]
    space = [(lands[0], site) for site in landing_sites] if lands else []
    stranded = _unreachable(territories, [(f.a, f.b) for f in ferries] + space)
    if stranded:
        raise MapError(
            "map/unreachable",
            f"unreachable territories (not connected to the rest): {', '.join(stranded)}",
        )

    continents = {}
    for cid, (name, bonus) in continent_rows.items():
        members = tuple(t for t, terr in territories.items() if terr.continent == cid)
        _require(bool(members), "map/empty-continent", f"continent {cid!r} has no territories")
        continents[cid] = Continent(cid, name, bonus, members)

    sea_links = []
    for pair in data.get("sea_links", []):
        _require(
            isinstance(pair, list) and len(pair) == 2, "map/bad-field", f"bad sea link {pair!r}"
        )
        a, b = pair
        _require(
            a in territories and b in territories[a].neighbours,
            "map/sea-link",
            f"sea link {a!r}-{b!r} is not an adjacency of the map",
        )
        sea_links.append((a, b))

    deck_rows = _field(data, "deck", list, "map") if version == 1 else data.get("deck", [])
    deck = _parse_deck(deck_rows, territories) if deck_rows or version == 1 else ()
    return GameMap(
        map_id,
        _field(data, "name", str, "map"),
        territories,
        continents,
        tuple(sea_links),
        deck,
        ferries,
        tuple(_parse_unit_kind(row) for row in data.get("unit_kinds", [])),
        landing_sites,
    )


def _landing_sites(link: Any, territories: Mapping[str, Territory]) -> tuple[str, ...]:
    if link is None:
        return ()
    _require(isinstance(link, Mapping), "map/bad-field", "space_link must be an object")
    sites = tuple(_field(link, "landing_sites", list, "space_link"))
    _require(
        bool(sites)
        and all(t in territories and territories[t].kind is TerritoryKind.LUNAR for t in sites),
        "map/space-link",
        f"space_link: landing sites must be lunar territories, got {list(sites)}",
    )
    return sites


def _kind_and_port(
    row: Mapping[str, Any], tid: str, version: int
) -> tuple[TerritoryKind, str | None]:
    if version == 1:
        return TerritoryKind.LAND, None
    kind_text = row.get("kind", "land")
    try:
        kind = TerritoryKind(kind_text)
    except ValueError:
        kinds = ", ".join(k.value for k in TerritoryKind)
        raise MapError(
            "map/bad-field", f"territory {tid!r} has unknown kind {kind_text!r} ({kinds})"
        ) from None
    port = row.get("port")
    _require(port is None or isinstance(port, str), "map/bad-field", f"territory {tid!r}: bad port")
    return kind, port


def _check_ports(territories: Mapping[str, Territory]) -> None:
    for tid, territory in territories.items():
        if territory.port is None:
            continue
        sea = territories.get(territory.port)
        _require(
            territory.kind is TerritoryKind.LAND
            and sea is not None
            and sea.kind is TerritoryKind.SEA
            and territory.port in territory.neighbours,
            "map/port",
            f"territory {tid!r}: its port must open on a neighbouring sea district, "
            f"not {territory.port!r}",
        )


def _parse_ferry(row: Mapping[str, Any], territories: Mapping[str, Territory]) -> Ferry:
    fid = _field(row, "id", str, "ferry")
    a, b = _field(row, "a", str, f"ferry {fid!r}"), _field(row, "b", str, f"ferry {fid!r}")
    crosses = tuple(_field(row, "crosses", list, f"ferry {fid!r}"))
    ends_are_land = all(
        t in territories and territories[t].kind is TerritoryKind.LAND for t in (a, b)
    )
    _require(ends_are_land and a != b, "map/ferry", f"ferry {fid!r} must join two land territories")
    _require(
        all(t in territories and territories[t].kind is TerritoryKind.SEA for t in crosses),
        "map/ferry",
        f"ferry {fid!r} must cross sea districts only, got {list(crosses)}",
    )
    return Ferry(fid, str(row.get("name", fid)), a, b, crosses)


def _parse_unit_kind(row: Mapping[str, Any]) -> UnitKind:
    uid = _field(row, "id", str, "unit kind")
    try:
        stands_on = frozenset(
            TerritoryKind(k) for k in _field(row, "stands_on", list, f"unit kind {uid!r}")
        )
    except ValueError:
        raise MapError(
            "map/bad-field", f"unit kind {uid!r} stands on an unknown territory kind"
        ) from None
    return UnitKind(uid, str(row.get("name", uid)), stands_on)


def _unreachable(
    territories: Mapping[str, Territory], extra_links: Iterable[tuple[str, str]] = ()
) -> list[str]:
    """Territories that cannot be reached from the first one (over neighbours and the
    ``extra_links``, a map's ferries).

    A breadth-first walk over the neighbour lists rather than networkx, because the
    page validates its map at start-up and networkx would add two seconds there; the
    test suite checks this walk against ``networkx.is_connected``.
    """
    links = {t: list(territory.neighbours) for t, territory in territories.items()}
    for a, b in extra_links:
        links[a].append(b)
        links[b].append(a)
    start = next(iter(territories))
    seen = {start}
    frontier = [start]
    while frontier:
        frontier = [n for t in frontier for n in links[t] if n not in seen]
        seen.update(frontier)
    return sorted(set(territories) - seen)


def _parse_deck(rows: list[Any], territories: Mapping[str, Territory]) -> tuple[Card, ...]:
    cards = []
    seen: set[str] = set()
    for index, row in enumerate(rows):
        try:
            card_type = CardType(_field(row, "type", str, f"card {index}"))
        except ValueError as exc:
            raise MapError(
                "map/deck", f"card {index} has unknown type {row.get('type')!r}"
            ) from exc
        territory = row.get("territory")
        if card_type is CardType.WILD:
            _require(territory is None, "map/deck", f"wild card {index} names a territory")
        else:
            _require(
                territory in territories,
                "map/deck",
                f"card {index} names unknown territory {territory!r}",
            )
            _require(territory not in seen, "map/deck", f"two cards for territory {territory!r}")
            seen.add(territory)
        cards.append(Card(index, territory, card_type))
    missing = sorted(t for t in set(territories) - seen if territories[t].kind != TerritoryKind.SEA)
    _require(not missing, "map/deck", f"the deck has no card for: {', '.join(missing)}")
    return tuple(cards)


@cache
def load_map(map_id: str) -> GameMap:
    """The shipped map ``map_id`` (``maps/<map_id>.json``), parsed once and cached.

    :raises MapError: for an unknown map id or an invalid map file.
    """
    from maps import read_map_file

    if not map_id.replace("_", "").isalnum():
        raise MapError("map/unknown", f"unknown map {map_id!r}")
    try:
        data = read_map_file(f"{map_id}.json")
    except FileNotFoundError as exc:
        raise MapError("map/unknown", f"unknown map {map_id!r}") from exc
    return parse_map(data)
