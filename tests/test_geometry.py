"""Checks of the generated territory shapes in maps/classic_geometry.json.

The file is made by tools/build_geometry.py; these tests use only the stdlib.
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path

import pytest

from tests.path_geometry import Ring, bbox, inside, parse_path, spans

ROOT = Path(__file__).resolve().parent.parent
GEOMETRY_FILE = ROOT / "maps" / "classic_geometry.json"
MAP_FILE = ROOT / "maps" / "classic.json"


@cache
def geometry() -> dict:
    return json.loads(GEOMETRY_FILE.read_text(encoding="utf-8"))


def board_links(game: dict) -> list[dict[str, str]]:
    """Every adjacency of the map once, marked "sea" when it is listed in sea_links."""
    sea = {frozenset(pair) for pair in game["sea_links"]}
    links = []
    order = [t["id"] for t in game["territories"]]
    for t in game["territories"]:
        for other in t["neighbours"]:
            if order.index(other) > order.index(t["id"]):
                kind = "sea" if frozenset((t["id"], other)) in sea else "land"
                links.append({"a": t["id"], "b": other, "kind": kind})
    return links


@cache
def game() -> dict:
    data: dict = json.loads(MAP_FILE.read_text(encoding="utf-8"))
    data["links"] = board_links(data)
    return data


@cache
def territory_rings(tid: str) -> list[Ring]:
    return parse_path(geometry()["territories"][tid]["d"])


def view() -> tuple[float, float]:
    x0, y0, w, h = geometry()["viewBox"]
    assert (x0, y0) == (0, 0)
    return w, h


TERRITORY_IDS = [t["id"] for t in game()["territories"]]


def test_top_level_shape() -> None:
    data = geometry()
    assert data["format"] == 1
    assert data["map"] == "classic"
    assert "Natural Earth" in data["source"]
    w, h = view()
    assert 900 <= w <= 1100
    assert 300 <= h <= 800


def test_file_is_small() -> None:
    assert GEOMETRY_FILE.stat().st_size < 150 * 1024


def test_exactly_the_classic_territories() -> None:
    assert sorted(geometry()["territories"]) == sorted(TERRITORY_IDS)


def test_continent_outlines() -> None:
    continents = geometry()["continents"]
    assert sorted(continents) == sorted(c["id"] for c in game()["continents"])
    w, h = view()
    for cid, c in continents.items():
        rings = parse_path(c["d"])
        assert rings, cid
        x0, y0, x1, y1 = bbox(rings)
        assert x0 >= 0 and y0 >= 0 and x1 <= w and y1 <= h, cid


@pytest.mark.parametrize("tid", TERRITORY_IDS)
def test_path_parses_inside_view(tid: str) -> None:
    w, h = view()
    rings = territory_rings(tid)
    assert rings
    x0, y0, x1, y1 = bbox(rings)
    assert 0 <= x0 < x1 <= w
    assert 0 <= y0 < y1 <= h
    # Nothing degenerate: the shape covers some area.
    assert (x1 - x0) * (y1 - y0) > 4


@pytest.mark.parametrize("tid", TERRITORY_IDS)
def test_label_inside_own_shape(tid: str) -> None:
    w, h = view()
    label = geometry()["territories"][tid]["label"]
    assert len(label) == 2
    x, y = label
    assert 0 <= x <= w and 0 <= y <= h
    rings = territory_rings(tid)
    x0, y0, x1, y1 = bbox(rings)
    assert x0 <= x <= x1 and y0 <= y <= y1
    assert inside((x, y), rings), f"label of {tid} is outside its shape"


def test_labels_not_inside_other_territories() -> None:
    for tid in TERRITORY_IDS:
        label = tuple(geometry()["territories"][tid]["label"])
        for other in TERRITORY_IDS:
            if other != tid:
                assert not inside(label, territory_rings(other)), f"{tid} label in {other}"


def test_labels_apart() -> None:
    labels = {t: geometry()["territories"][t]["label"] for t in TERRITORY_IDS}
    for i, a in enumerate(TERRITORY_IDS):
        for b in TERRITORY_IDS[i + 1 :]:
            assert math.dist(labels[a], labels[b]) > 10, (a, b)


def test_territories_do_not_overlap() -> None:
    """Scan lines across the map: territories may share only hairlines."""
    _, h = view()
    overlap = total = 0.0
    boxes = {t: bbox(territory_rings(t)) for t in TERRITORY_IDS}
    y = 0.5
    while y < h:
        row = [
            iv
            for t in TERRITORY_IDS
            if boxes[t][1] <= y <= boxes[t][3]
            for iv in spans(territory_rings(t), y)
        ]
        total += sum(b - a for a, b in row)
        row.sort()
        reach = -math.inf
        for a, b in row:
            overlap += max(0.0, min(b, reach) - a)
            reach = max(reach, b)
        y += 2.0
    assert total > 0
    assert overlap / total < 0.002, f"overlap {overlap:.1f} of {total:.1f}"


def bbox_gap(a: str, b: str) -> float:
    ax0, ay0, ax1, ay1 = bbox(territory_rings(a))
    bx0, by0, bx1, by1 = bbox(territory_rings(b))
    dx = max(0.0, ax0 - bx1, bx0 - ax1)
    dy = max(0.0, ay0 - by1, by0 - ay1)
    return math.hypot(dx, dy)


def test_land_neighbours_are_near() -> None:
    for link in game()["links"]:
        if link["kind"] == "land":
            assert bbox_gap(link["a"], link["b"]) < 15, link


def test_sea_links() -> None:
    w, h = view()
    sea = {frozenset((link["a"], link["b"])) for link in game()["links"] if link["kind"] == "sea"}
    entries = geometry()["sea_links"]
    assert {frozenset((e["a"], e["b"])) for e in entries} == sea
    assert len(entries) == len(sea)
    for e in entries:
        assert e["segments"], e
        for seg in e["segments"]:
            assert len(seg) == 2
            for x, y in seg:
                assert 0 <= x <= w and 0 <= y <= h, e
            assert math.dist(*seg) > 1, e


def test_alaska_kamchatka_wraps_around() -> None:
    w, _ = view()
    (entry,) = [e for e in geometry()["sea_links"] if {e["a"], e["b"]} == {"alaska", "kamchatka"}]
    assert len(entry["segments"]) == 2
    ends = sorted(x for seg in entry["segments"] for x, _ in seg)
    assert ends[0] == 0 and ends[-1] == w
    alaska = bbox(territory_rings("alaska"))
    kamchatka = bbox(territory_rings("kamchatka"))
    assert alaska[0] < w * 0.1 and kamchatka[2] > w * 0.9


def test_rough_world_layout() -> None:
    """Territories sit where they are on a world map (west to east, north to south)."""
    labels = {t: geometry()["territories"][t]["label"] for t in TERRITORY_IDS}

    def west_of(a: str, b: str) -> bool:
        return labels[a][0] < labels[b][0]

    def north_of(a: str, b: str) -> bool:
        return labels[a][1] < labels[b][1]

    assert west_of("alaska", "greenland") and west_of("greenland", "great_britain")
    assert west_of("western_europe", "ukraine") and west_of("ukraine", "ural")
    assert west_of("ural", "siberia") and west_of("siberia", "yakutsk")
    assert west_of("yakutsk", "kamchatka") and west_of("china", "japan")
    assert west_of("western_australia", "eastern_australia")
    assert north_of("northwest_territory", "alberta") and north_of("alberta", "western_us")
    assert north_of("western_us", "central_america") and north_of("venezuela", "argentina")
    assert north_of("egypt", "congo") and north_of("congo", "south_africa")
    assert north_of("yakutsk", "irkutsk") and north_of("irkutsk", "mongolia")
    assert north_of("siam", "indonesia") and north_of("indonesia", "western_australia")
