"""Maps are data: every shipped map loads, and bad maps are refused by name."""

from __future__ import annotations

import copy
from typing import Any

import networkx as nx
import pytest

from engine.errors import MapError
from engine.maps import CardType, load_map, parse_map
from maps import read_map_file

CLASSIC_DATA = read_map_file("classic.json")


def test_classic_map_has_42_territories_and_six_continents() -> None:
    """Manual p.4: "a map of six continents divided into 42 territories"; p.7 bonuses."""
    game_map = load_map("classic")
    assert len(game_map.territories) == 42
    bonuses = {c.id: c.bonus for c in game_map.continents.values()}
    assert bonuses == {
        "north_america": 5,
        "south_america": 2,
        "europe": 5,
        "africa": 3,
        "asia": 7,
        "australia": 2,
    }
    sizes = {c.id: len(c.territories) for c in game_map.continents.values()}
    assert sizes == {
        "north_america": 9,
        "south_america": 4,
        "europe": 7,
        "africa": 6,
        "asia": 12,
        "australia": 4,
    }


def test_classic_adjacency_is_the_standard_board() -> None:
    """Manual p.10: "Greenland is adjacent to the Northwest Territory and North Africa is
    adjacent to Egypt ... North Africa is adjacent to Brazil and Alaska is adjacent to
    Kamchatka"; the standard board has 83 borders."""
    game_map = load_map("classic")
    assert game_map.graph.number_of_edges() == 83
    for a, b in [
        ("greenland", "northwest_territory"),
        ("north_africa", "egypt"),
        ("north_africa", "brazil"),
        ("alaska", "kamchatka"),
        ("east_africa", "middle_east"),
        ("siam", "indonesia"),
    ]:
        assert game_map.are_adjacent(a, b) and game_map.are_adjacent(b, a)
    assert not game_map.are_adjacent("alaska", "greenland")
    assert nx.is_connected(game_map.graph)
    assert ("alaska", "kamchatka") in game_map.sea_links


def test_classic_deck_one_card_per_territory_in_thirds_plus_two_wilds() -> None:
    """RULINGS §1: "one card per territory (types assigned infantry/cavalry/artillery in
    equal thirds, fixed by the map file) plus 2 wilds"."""
    deck = load_map("classic").deck
    assert len(deck) == 44
    counts = {t: sum(1 for c in deck if c.type is t) for t in CardType}
    assert counts == {
        CardType.INFANTRY: 14,
        CardType.CAVALRY: 14,
        CardType.ARTILLERY: 14,
        CardType.WILD: 2,
    }


def broken(edit: Any) -> dict[str, Any]:
    data = copy.deepcopy(CLASSIC_DATA)
    edit(data)
    return data


def territory(data: dict[str, Any], tid: str) -> dict[str, Any]:
    return next(t for t in data["territories"] if t["id"] == tid)


@pytest.mark.parametrize(
    ("edit", "code", "words"),
    [
        (
            lambda d: territory(d, "alaska")["neighbours"].append("peru"),
            "map/one-way-link",
            "'alaska' lists 'peru'",
        ),
        (
            lambda d: territory(d, "peru").update(continent="atlantis"),
            "map/unknown-continent",
            "atlantis",
        ),
        (
            lambda d: d["territories"].append(dict(d["territories"][0])),
            "map/duplicate-id",
            "alaska",
        ),
        (
            lambda d: territory(d, "alaska")["neighbours"].append("narnia"),
            "map/unknown-territory",
            "narnia",
        ),
        (
            lambda d: [
                territory(d, "eastern_australia").update(neighbours=[]),
                territory(d, "new_guinea")["neighbours"].remove("eastern_australia"),
                territory(d, "western_australia")["neighbours"].remove("eastern_australia"),
            ],
            "map/unreachable",
            "eastern_australia",
        ),
        (lambda d: d["deck"].pop(0), "map/deck", "alaska"),
        (lambda d: d["deck"].append({"territory": "peru", "type": "cavalry"}), "map/deck", "peru"),
        (lambda d: d["deck"].append({"territory": None, "type": "tank"}), "map/deck", "tank"),
        (lambda d: d.update(colour="red"), "map/unknown-key", "colour"),
        (lambda d: d["sea_links"].append(["alaska", "peru"]), "map/sea-link", "alaska"),
    ],
)
def test_bad_maps_are_refused_with_a_message_naming_the_problem(
    edit: Any, code: str, words: str
) -> None:
    """The loader rejects a bad map with a message that names the problem."""
    with pytest.raises(MapError) as info:
        parse_map(broken(edit))
    assert info.value.code == code
    assert words in info.value.message


def test_unknown_map_refused() -> None:
    with pytest.raises(MapError) as info:
        load_map("middle_earth")
    assert info.value.code == "map/unknown"
    with pytest.raises(MapError):
        load_map("../etc")


def test_reachability_walk_agrees_with_networkx() -> None:
    """The loader's reachability check (a plain walk, to keep networkx out of the page's
    start-up) says what networkx says, on the classic map with links cut at random."""
    import random

    from engine.maps import Territory, _unreachable

    game_map = load_map("classic")
    rng = random.Random(5)
    for _ in range(200):
        cut = {frozenset(e) for e in rng.sample(list(game_map.graph.edges), rng.randint(0, 40))}
        territories = {
            tid: Territory(
                tid,
                t.name,
                t.continent,
                tuple(n for n in t.neighbours if frozenset((tid, n)) not in cut),
            )
            for tid, t in game_map.territories.items()
        }
        graph = nx.Graph()
        graph.add_nodes_from(territories)
        graph.add_edges_from((a, b) for a, t in territories.items() for b in t.neighbours)
        assert (not _unreachable(territories)) == nx.is_connected(graph)


def test_the_graph_is_built_on_first_use() -> None:
    game_map = load_map("classic")
    assert game_map.graph is game_map.graph
    assert game_map.largest_connected_group(["alaska", "kamchatka", "japan", "peru"]) == 3


def test_steps_from_counts_links_to_the_nearest_source() -> None:
    """Alaska is one link from Kamchatka, Argentina far; the sources are at 0."""
    the_map = load_map("classic")
    steps = the_map.steps_from(["kamchatka", "siam"])
    assert steps["kamchatka"] == steps["siam"] == 0
    assert steps["alaska"] == 1
    assert steps["indonesia"] == 1
    assert steps["eastern_australia"] == 3
    assert len(steps) == 42
    assert the_map.steps_from([]) == {}


@pytest.mark.parametrize("ferry", [False, True])
def test_plain_links_are_the_graphs_adjacency(ferry: bool) -> None:
    """A territory's links (what a connected group is counted over, with no networkx
    import) are exactly its neighbours in the map's graph, ferries included: Classic's
    map, and the same with a ferry from Alaska to Peru, which joins them into one group."""
    from dataclasses import replace

    from engine.maps import Ferry

    game_map = load_map("classic")
    if ferry:
        crossing = Ferry("ap", "Alaska-Peru", "alaska", "peru", ())
        # a new map: its graph and links built anew (replace would share the caches)
        game_map = replace(game_map, ferries=(crossing,), _graph=[], _links=[])
    graph = game_map.graph
    assert set(game_map.links) == set(graph.nodes)
    for territory, links in game_map.links.items():
        assert links == frozenset(graph.adj[territory]), territory
    joined = game_map.largest_connected_group(["alaska", "peru"])
    assert joined == (2 if ferry else 1)


@pytest.mark.parametrize("ferry", [False, True])
def test_steps_from_agrees_with_the_graphs_shortest_paths(ferry: bool) -> None:
    """The walk that counts links to the nearest source (a computer player's front
    distance, asked with no networkx import) gives networkx's shortest-path lengths, for
    every territory, from one source, from several, with and without a ferry."""
    import networkx

    the_map = load_map("classic")
    if ferry:
        from dataclasses import replace

        from engine.maps import Ferry

        crossing = Ferry("ap", "Alaska-Peru", "alaska", "peru", ())
        the_map = replace(the_map, ferries=(crossing,), _graph=[], _links=[])
    for sources in (["alaska"], ["kamchatka", "siam", "peru"], ["madagascar"]):
        expected = networkx.multi_source_dijkstra_path_length(the_map.graph, set(sources))
        assert the_map.steps_from(iter(sources)) == dict(expected)
