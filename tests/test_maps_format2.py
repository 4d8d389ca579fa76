"""Map format 2: territories of several kinds, ports, ferries, groups with bonuses and
unit kinds (maps/README.md); a format-1 map is the same map read in format 2."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.errors import MapError
from engine.maps import TerritoryKind, load_map, parse_map
from maps import read_map_file


def as_format_2(data: dict[str, Any]) -> dict[str, Any]:
    """Classic's format-1 file written in format 2 (continents become groups)."""
    out = {k: v for k, v in data.items() if k not in ("continents", "links")}
    out["format"] = 2
    out["groups"] = data["continents"]
    out["territories"] = [
        {**{k: v for k, v in t.items() if k != "continent"}, "group": t["continent"]}
        for t in data["territories"]
    ]
    return out


def test_classic_map_reads_the_same_in_format_2() -> None:
    """maps/classic.json (format 1) still loads; written in format 2 it gives the same
    territories, groups, adjacency graph and deck."""
    old = load_map("classic")
    new = parse_map(as_format_2(read_map_file("classic.json")))
    assert new == old
    assert sorted(map(sorted, new.graph.edges)) == sorted(map(sorted, old.graph.edges))
    assert {t.kind for t in old.territories.values()} == {TerritoryKind.LAND}


STRAITS: dict[str, Any] = {
    "format": 2,
    "id": "straits",
    "name": "Two coasts, a sea, a moon",
    "groups": [
        {"id": "west", "name": "West", "bonus": 2},
        {"id": "east", "name": "East", "bonus": 1},
    ],
    "territories": [
        {
            "id": "dover",
            "name": "Dover",
            "group": "west",
            "port": "channel",
            "neighbours": ["channel", "kent"],
        },
        {"id": "kent", "name": "Kent", "group": "west", "neighbours": ["dover", "station"]},
        {
            "id": "calais",
            "name": "Calais",
            "group": "east",
            "port": "channel",
            "neighbours": ["channel"],
        },
        {
            "id": "channel",
            "name": "Channel",
            "group": "east",
            "kind": "sea",
            "neighbours": ["dover", "calais"],
        },
        {
            "id": "station",
            "name": "Station",
            "group": "east",
            "kind": "lunar",
            "neighbours": ["kent"],
        },
    ],
    "ferries": [{"id": "dover_calais", "a": "dover", "b": "calais", "crosses": ["channel"]}],
    "unit_kinds": [
        {"id": "division", "name": "Division", "stands_on": ["land"]},
        {"id": "ship", "name": "Ship", "stands_on": ["sea"]},
    ],
}


def test_the_risk_paper_scissors_map_reads_as_format_2() -> None:
    """maps/risk_paper_scissors.json (the spec's file, format "rps-map/1") is format 2 in
    all but its name: 42 land, 12 water and 6 lunar territories, groups with bonuses, and
    the Moon reached only by the space link's landing sites."""
    data = read_map_file("risk_paper_scissors.json")
    game_map = parse_map({**data, "format": 2})
    kinds = [t.kind.value for t in game_map.territories.values()]
    assert (kinds.count("land"), kinds.count("water"), kinds.count("lunar")) == (42, 12, 6)
    assert game_map.landing_sites == ("copernicus", "sea_of_tranquility")
    assert game_map.groups["north_america"].bonus == 5
    without_link = {k: v for k, v in data.items() if k != "space_link"}
    with pytest.raises(MapError) as info:
        parse_map({**without_link, "format": 2})
    assert info.value.code == "map/unreachable"


def gw_as_format_2(data: dict[str, Any]) -> dict[str, Any]:
    """The Great War 1907's scenario file (its own schema) written as a format-2 map:
    provinces are land (neighbours: their borders and the seas they coast), sea districts
    are sea, each province's port and the ferries carry over."""
    coasts = {s["id"]: s["coasts"] for s in data["seas"]}
    groups = [*sorted({p["core"] or "none" for p in data["provinces"]}), "seas"]
    provinces = [
        {
            "id": p["id"],
            "name": p["name"],
            "group": p["core"] or "none",
            **({"port": p["port"]} if p.get("port") else {}),
            "neighbours": p["borders"] + [s for s, cs in coasts.items() if p["id"] in cs],
        }
        for p in data["provinces"]
    ]
    seas = [
        {
            "id": s["id"],
            "name": s["name"],
            "group": "seas",
            "kind": "sea",
            "neighbours": s["adjacent"] + s["coasts"],
        }
        for s in data["seas"]
    ]
    return {
        "format": 2,
        "id": data["id"],
        "name": data["name"],
        "groups": [{"id": g, "name": g, "bonus": 0} for g in groups],
        "territories": provinces + seas,
        "ferries": [
            {k: f[k] for k in ("id", "name", "a", "b", "crosses")} for f in data["ferries"]
        ],
        "unit_kinds": [
            {"id": "division", "name": "Division", "stands_on": ["land"]},
            {"id": "ship", "name": "Ship", "stands_on": ["sea"]},
        ],
    }


def test_the_great_war_map_fits_format_2() -> None:
    """maps/greatwar1907.json keeps its own schema, but its board is a format-2 map: 89
    provinces, 19 sea districts, 62 ports on neighbouring seas, 6 ferries over seas."""
    game_map = parse_map(gw_as_format_2(read_map_file("greatwar1907.json")))
    kinds = [t.kind.value for t in game_map.territories.values()]
    assert (kinds.count("land"), kinds.count("sea")) == (89, 19)
    assert sum(1 for t in game_map.territories.values() if t.port) == 62
    assert game_map.territories["lon"].port == "eng"
    bonifacio = next(f for f in game_map.ferries if f.id == "bonifacio")
    assert (bonifacio.a, bonifacio.b, bonifacio.crosses) == ("cor", "sar", ("gol", "tyr"))
    assert [u.id for u in game_map.unit_kinds] == ["division", "ship"]


def test_format_2_holds_kinds_ports_ferries_and_unit_kinds() -> None:
    game_map = parse_map(STRAITS)
    assert game_map.kind_of("channel") is TerritoryKind.SEA
    assert game_map.kind_of("station") is TerritoryKind.LUNAR
    assert game_map.territories["dover"].port == "channel"
    assert game_map.ferry_ends("calais") == ("dover",)
    assert game_map.graph.has_edge("dover", "calais")
    assert [u.id for u in game_map.unit_kinds] == ["division", "ship"]
    assert game_map.groups["west"].bonus == 2
    assert game_map.deck == ()


def broken(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(STRAITS)
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "code", "words"),
    [
        (lambda d: d["territories"][1].update(port="channel"), "map/port", "'kent'"),
        (lambda d: d["territories"][0].update(port="kent"), "map/port", "not 'kent'"),
        (lambda d: d["ferries"][0].update(crosses=["kent"]), "map/ferry", "sea districts only"),
        (lambda d: d["ferries"][0].update(b="channel"), "map/ferry", "two land territories"),
        (lambda d: d["territories"][3].update(kind="lake"), "map/bad-field", "unknown kind"),
        (lambda d: d["unit_kinds"][1].update(stands_on=["air"]), "map/bad-field", "'ship'"),
        (lambda d: d.update(continents=[]), "map/unknown-key", "continents"),
        (lambda d: d.update(format=3), "map/format", "got 3"),
        (lambda d: d.update(space_link={"landing_sites": ["kent"]}), "map/space-link", "lunar"),
    ],
)
def test_bad_format_2_maps_are_refused_by_name(change: Any, code: str, words: str) -> None:
    with pytest.raises(MapError, match=words) as info:
        parse_map(broken(change))
    assert info.value.code == code


def test_a_ferry_joins_what_would_be_stranded() -> None:
    """Calais touches only the Channel: without the sea district its ferry to Dover
    still joins it to the map; without the ferry too it is unreachable."""

    def drop_channel(d: dict[str, Any]) -> None:
        d["territories"] = [t for t in d["territories"] if t["id"] != "channel"]
        d["ferries"][0]["crosses"] = []
        for t in d["territories"]:
            t["neighbours"] = [n for n in t["neighbours"] if n != "channel"]
            t.pop("port", None)

    assert parse_map(broken(drop_channel)).ferry_ends("dover") == ("calais",)
    with pytest.raises(MapError, match="calais") as info:
        parse_map(broken(lambda d: (drop_channel(d), d.update(ferries=[]))))
    assert info.value.code == "map/unreachable"
