"""Encirclement (R14-R17) and pp routes (R75) as networkx graphs.

For nation X a province is passable when X or an ally owns it, or a nation at peace
with X owns it and grants X passage; Neutral land never is.  A district is closed when
a ship at sea of a nation at war with X is in it.  A network is the set of X's own
provinces in one connected part; its allowance is their pp (quarters).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import networkx as nx

from engine.rulesets.greatwar1907.mapdata import ScenarioMap
from engine.rulesets.greatwar1907.options import ENCIRCLEMENT_FROM_TURN
from engine.rulesets.greatwar1907.state import GreatWarState


@dataclass(frozen=True)
class Network:
    provinces: tuple[str, ...]
    allowance: int  # quarters


def supply_graph(
    m: ScenarioMap, passable: Callable[[str], bool], closed: Iterable[str]
) -> nx.Graph:
    shut = set(closed)
    graph: nx.Graph = nx.Graph()
    lands = [p for p in m.provinces if passable(p.id)]
    graph.add_nodes_from(p.id for p in lands)
    graph.add_nodes_from(s.id for s in m.seas if s.id not in shut)
    for p in lands:
        for q in m.neighbours(p.id):
            if q in graph:
                graph.add_edge(p.id, q)
        if p.port is not None and p.port in graph:
            graph.add_edge(p.id, p.port)
    for s in m.seas:
        if s.id in graph:
            graph.add_edges_from((s.id, t) for t in s.adjacent if t in graph)
    return graph


def closed_districts(state: GreatWarState, nation: str) -> set[str]:
    """R14: districts holding a ship at sea of a nation at war with ``nation``."""
    return {
        sea
        for sea, per in state.at_sea.items()
        if any(state.at_war(nation, other) for other in per)
    }


def passable_for(
    state: GreatWarState, nation: str, grants: set[tuple[str, str]] | None = None
) -> Callable[[str], bool]:
    given = state.grants if grants is None else grants

    def passable(pid: str) -> bool:
        owner = state.owner_of(pid)
        rel = state.relation(nation, owner)
        return rel in ("self", "alliance") or (rel == "peace" and (owner, nation) in given)

    return passable


def networks(state: GreatWarState, nation: str) -> list[Network]:
    """The nation's networks, largest allowance first (ties: earliest province in map
    order).  Turn 1: one network of everything (R15)."""
    m = state.map
    mine = state.provinces_of(nation)
    if not mine:
        return []
    if state.turn < ENCIRCLEMENT_FROM_TURN:
        return [Network(tuple(mine), sum(m.province(p).pp for p in mine))]
    graph = supply_graph(m, passable_for(state, nation), closed_districts(state, nation))
    groups: dict[int, list[str]] = {}
    seen: dict[str, int] = {}
    for index, part in enumerate(nx.connected_components(graph)):
        for node in part:
            seen[node] = index
    for p in mine:
        groups.setdefault(seen[p], []).append(p)
    nets = [Network(tuple(g), sum(m.province(p).pp for p in g)) for g in groups.values()]
    return sorted(nets, key=lambda n: (-n.allowance, m.order_of(n.provinces[0])))


def linked_component(
    state: GreatWarState, nation: str, province: str, grants: set[tuple[str, str]]
) -> set[str]:
    """Every node linked to ``province`` in the nation's supply graph now (R18), with
    the passage ``grants`` in force (those of the start of the phase, R17)."""
    graph = supply_graph(
        state.map, passable_for(state, nation, grants), closed_districts(state, nation)
    )
    if province not in graph:
        return set()
    return set(nx.node_connected_component(graph, province))


def has_route(
    state: GreatWarState,
    giver: str,
    recipient: str,
    sources: Iterable[str],
    grants: set[tuple[str, str]],
) -> bool:
    """R75: a path from a province of the paying network to any recipient province over
    land of the giver, the recipient, the giver's allies or a peaceful granter, and
    districts with no ship of a nation at war with either side."""
    m = state.map

    def passable(pid: str) -> bool:
        owner = state.owner_of(pid)
        if owner == recipient:
            return True
        return passable_for(state, giver, grants)(pid)

    closed = closed_districts(state, giver) | closed_districts(state, recipient)
    graph = supply_graph(m, passable, closed)
    targets = [p for p in state.provinces_of(recipient) if p in graph]
    if not targets:
        return False
    reached: set[str] = set()
    for source in sources:
        if source in graph and source not in reached:
            reached |= nx.node_connected_component(graph, source)
    return any(t in reached for t in targets)
