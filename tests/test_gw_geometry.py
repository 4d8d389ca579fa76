"""Checks of the drawn map of The Great War 1907 (maps/greatwar1907_geometry.json).

The file is made by tools/build_gw_geometry.py from Natural Earth; these tests use
only the standard library. They read the scenario data (maps/greatwar1907.json, a
copy of the spec's map.json) and check the drawing against it, as spec.md §11.3
asks: every province and sea district is drawn once, the areas neither overlap nor
leave cracks, two areas touch on the map exactly when the data makes them
neighbours, and labels, ports and ferries sit where the data puts them.

Touching is measured exactly: the builder simplifies the areas as one coverage, so
a border shared by two areas is the same chain of points in both outlines. Two
areas touch when their outlines share at least MIN_SHARED units of edge (0.8 units,
about 4 km); a shorter contact is a corner where three or four areas meet and does
not count. There are no exceptions for straits: the Bosporus, the Dardanelles and
Messina are drawn open, and the provinces on either side of a ferry do not touch.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections import defaultdict
from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest

from tests.path_geometry import Ring, bbox, inside, parse_path, spans

ROOT = Path(__file__).resolve().parent.parent
GEOMETRY_FILE = ROOT / "maps" / "greatwar1907_geometry.json"
MAP_FILE = ROOT / "maps" / "greatwar1907.json"
SPEC_MAP = ROOT / ".." / "shared" / "specs" / "great-war-1907" / "map.json"
CHECK_MAP = ROOT / "tools" / "check_greatwar1907_map.py"

MIN_SHARED = 0.8  # units of shared outline for two areas to touch (1 unit ≈ 5.4 km)
ON_EDGE = 0.15  # a point this close to an outline lies on it (coordinates have 0.1)

Segment = tuple[tuple[float, float], tuple[float, float]]


@cache
def geometry() -> dict:
    return json.loads(GEOMETRY_FILE.read_text(encoding="utf-8"))


@cache
def game() -> dict:
    return json.loads(MAP_FILE.read_text(encoding="utf-8"))


PROVINCES = [p["id"] for p in game()["provinces"]]
SEAS = [s["id"] for s in game()["seas"]]
PROVINCE = {p["id"]: p for p in game()["provinces"]}
SEA = {s["id"]: s for s in game()["seas"]}


@cache
def rings(area: str) -> list[Ring]:
    """Rings of a province, a district, or the plain "land" and "lakes" outlines."""
    data = geometry()
    if area in data["provinces"]:
        return parse_path(data["provinces"][area]["d"])
    if area in data["seas"]:
        return parse_path(data["seas"][area]["d"])
    return parse_path(data[area])


def all_areas() -> list[str]:
    return PROVINCES + SEAS + ["land", "lakes"]


def view() -> tuple[float, float]:
    x0, y0, w, h = geometry()["viewBox"]
    assert (x0, y0) == (0, 0)
    return w, h


def project(lon: float, lat: float) -> tuple[float, float]:
    """The builder's projection, from the parameters stored in the file."""
    p = geometry()["projection"]
    p1, p2 = math.radians(p["lat1"]), math.radians(p["lat2"])
    n = math.log(math.cos(p1) / math.cos(p2)) / math.log(
        math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2)
    )
    f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n
    rho = f / math.tan(math.pi / 4 + math.radians(lat) / 2) ** n
    theta = n * math.radians(lon - p["lon0"])
    x, y = rho * math.sin(theta), rho * math.cos(theta)
    return (x - p["x0"]) * p["scale"], (y - p["y0"]) * p["scale"]


def segments(area: str) -> list[Segment]:
    out = []
    for ring in rings(area):
        for k, a in enumerate(ring):
            b = ring[(k + 1) % len(ring)]
            if a != b:
                out.append((min(a, b), max(a, b)))
    return out


@cache
def edge_owners() -> dict[Segment, list[str]]:
    owners: dict[Segment, list[str]] = defaultdict(list)
    for area in all_areas():
        for seg in segments(area):
            owners[seg].append(area)
    return owners


@cache
def contacts() -> dict[frozenset[str], float]:
    """Length of outline shared by every pair of areas that share any."""
    shared: dict[frozenset[str], float] = defaultdict(float)
    for seg, owners in edge_owners().items():
        if len(owners) == 2:
            shared[frozenset(owners)] += math.dist(*seg)
    return dict(shared)


def touch(a: str, b: str) -> bool:
    return contacts().get(frozenset((a, b)), 0.0) >= MIN_SHARED


def signed_area(ring: Ring) -> float:
    """Shoelace area; positive for one winding, negative for the other."""
    return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in pairwise(ring + ring[:1])) / 2


def distance_to_segment(p: tuple[float, float], seg: Segment) -> float:
    (x1, y1), (x2, y2) = seg
    dx, dy = x2 - x1, y2 - y1
    t = max(0.0, min(1.0, ((p[0] - x1) * dx + (p[1] - y1) * dy) / (dx * dx + dy * dy)))
    return math.dist(p, (x1 + t * dx, y1 + t * dy))


def distance_to_outline(p: tuple[float, float], area: str) -> float:
    return min(distance_to_segment(p, seg) for seg in segments(area))


# --- the file -----------------------------------------------------------------


def test_top_level_shape() -> None:
    data = geometry()
    assert data["format"] == 1
    assert data["map"] == "greatwar1907"
    assert "Natural Earth" in data["source"]
    w, h = view()
    assert w == 1000 and 600 <= h <= 1000


def test_file_is_small() -> None:
    assert GEOMETRY_FILE.stat().st_size < 150 * 1024


def test_scenario_is_the_spec_copy() -> None:
    """maps/greatwar1907.json is the spec's map.json, byte for byte."""
    if not SPEC_MAP.exists():
        pytest.skip("the shared spec folder is not beside this repository")
    assert MAP_FILE.read_bytes() == SPEC_MAP.read_bytes()


def test_scenario_passes_the_spec_checks() -> None:
    """The spec's check_map.py accepts maps/greatwar1907.json (exit status 0)."""
    result = subprocess.run(
        [sys.executable, str(CHECK_MAP), str(MAP_FILE)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    failed = [line for line in result.stdout.splitlines() if line.startswith("FAIL")]
    assert result.returncode == 0 and not failed, result.stdout[-2000:] + result.stderr
    assert result.stdout.count("PASS") >= 10


def test_exactly_the_provinces_and_districts() -> None:
    """Every province and every sea district of map.json is drawn once."""
    assert list(geometry()["provinces"]) == PROVINCES
    assert list(geometry()["seas"]) == SEAS
    assert len(PROVINCES) == 89 and len(SEAS) == 19


@pytest.mark.parametrize("area", PROVINCES + SEAS)
def test_path_parses_inside_view(area: str) -> None:
    w, h = view()
    shape = rings(area)
    assert shape
    x0, y0, x1, y1 = bbox(shape)
    assert 0 <= x0 < x1 <= w and 0 <= y0 < y1 <= h
    assert abs(sum(signed_area(r) for r in shape)) > 4, "degenerate shape"


# --- a tiling of the frame ------------------------------------------------------


def test_areas_tile_the_frame() -> None:
    """Each edge of an outline is shared by exactly two areas, or lies on the frame.

    So no two areas overlap along an edge and no crack is left between them: the
    provinces, the districts, plain land (no province) and lakes cover the map.
    """
    w, h = view()

    def on_frame(seg: Segment) -> bool:
        (x1, y1), (x2, y2) = seg
        return (x1 == x2 and x1 in (0, w)) or (y1 == y2 and y1 in (0, h))

    lonely = [(seg, o) for seg, o in edge_owners().items() if len(o) == 1 and not on_frame(seg)]
    crowded = [(seg, o) for seg, o in edge_owners().items() if len(o) > 2]
    doubled = [(seg, o) for seg, o in edge_owners().items() if len(set(o)) < len(o)]
    assert not lonely, f"{len(lonely)} edges with one side open, e.g. {lonely[:3]}"
    assert not crowded, f"{len(crowded)} edges in three outlines, e.g. {crowded[:3]}"
    assert not doubled, f"{len(doubled)} edges twice in one outline, e.g. {doubled[:3]}"


def test_areas_add_up_to_the_frame() -> None:
    """The areas of all outlines (holes subtracted) sum to the frame's area."""
    w, h = view()
    total = 0.0
    for area in all_areas():
        # Outer rings and holes are wound oppositely; an area's rings sum to its area.
        total += abs(sum(signed_area(r) for r in rings(area)))
    assert abs(total - w * h) / (w * h) < 0.002, f"{total:.0f} vs {w * h}"


def test_provinces_and_districts_do_not_overlap() -> None:
    """Scan lines across the map: areas may share only their outlines."""
    _, h = view()
    names = PROVINCES + SEAS
    boxes = {a: bbox(rings(a)) for a in names}
    overlap = total = 0.0
    y = 0.55
    while y < h:
        row = sorted(
            iv for a in names if boxes[a][1] <= y <= boxes[a][3] for iv in spans(rings(a), y)
        )
        total += sum(b - a for a, b in row)
        reach = -math.inf
        for a, b in row:
            overlap += max(0.0, min(b, reach) - a)
            reach = max(reach, b)
        y += 2.0
    assert total > 0
    assert overlap / total < 0.001, f"overlap {overlap:.1f} of {total:.1f}"


# --- adjacency on the map against the data ----------------------------------------


def test_land_borders_match_the_data() -> None:
    """§11.3: "Two land provinces share a drawn edge exactly when they border in
    `borders`; a test must report every difference." Ferries are not borders: the
    provinces they join lie across water and must not touch."""
    data = {frozenset((p["id"], b)) for p in game()["provinces"] for b in p["borders"]}
    drawn = {
        pair for pair in contacts() if pair <= set(PROVINCES) and contacts()[pair] >= MIN_SHARED
    }
    extra = sorted(sorted(pair) for pair in drawn - data)
    missing = sorted(sorted(pair) for pair in data - drawn)
    assert not extra and not missing, f"touch but no border: {extra}; border not drawn: {missing}"
    for ferry in game()["ferries"]:
        assert not touch(ferry["a"], ferry["b"]), ferry["id"]


def test_sea_adjacency_matches_the_data() -> None:
    """Two districts touch on the map exactly when `adjacent` lists them; the
    narrow straits (Bosporus, Dardanelles, Otranto, Dover) are open water."""
    data = {frozenset((s["id"], b)) for s in game()["seas"] for b in s["adjacent"]}
    drawn = {pair for pair in contacts() if pair <= set(SEAS) and contacts()[pair] >= MIN_SHARED}
    extra = sorted(sorted(pair) for pair in drawn - data)
    missing = sorted(sorted(pair) for pair in data - drawn)
    assert not extra and not missing, f"touch but not adjacent: {extra}; not drawn: {missing}"


def test_coasts_match_the_data() -> None:
    """A province touches a district on the map exactly when the district's `coasts`
    lists it."""
    data = {frozenset((s["id"], c)) for s in game()["seas"] for c in s["coasts"]}
    drawn = {
        pair
        for pair, length in contacts().items()
        if length >= MIN_SHARED and len(pair & set(SEAS)) == 1 and len(pair & set(PROVINCES)) == 1
    }
    extra = sorted(sorted(pair) for pair in drawn - data)
    missing = sorted(sorted(pair) for pair in data - drawn)
    assert not extra and not missing, f"coast not listed: {extra}; listed, not drawn: {missing}"


def test_islands_are_whole() -> None:
    """§11.3: "Island provinces (Ireland, Malta, Sicily, Sardinia, Corsica) are whole
    islands": they touch no other province, only water."""
    for island in ("ire", "mal", "pal", "sar", "cor"):
        neighbours = [p for p in PROVINCES if p != island and touch(island, p)]
        assert not neighbours, (island, neighbours)


def test_tiny_provinces_have_a_minimum_size() -> None:
    """§11.3: "Gibraltar and Malta are tiny and need a minimum drawn size"."""
    for tiny in ("gib", "mal"):
        size = abs(sum(signed_area(r) for r in rings(tiny)))
        assert size >= 12, (tiny, size)


# --- labels, anchors, ports, ferries ----------------------------------------------


@pytest.mark.parametrize("pid", PROVINCES)
def test_province_label_and_anchor_inside(pid: str) -> None:
    """The label sits inside its province and no other area; the province's shape
    contains its anchor (the named city), which is stored projected."""
    entry = geometry()["provinces"][pid]
    label = tuple(entry["label"])
    assert inside(label, rings(pid)), f"label of {pid} outside its shape"
    for other in all_areas():
        if other != pid:
            assert not inside(label, rings(other)), f"label of {pid} inside {other}"
    anchor = project(*PROVINCE[pid]["anchor"])
    assert math.dist(anchor, entry["anchor"]) < 0.11
    # Harbour cities on a simplified coast may fall just outside it.
    assert inside(anchor, rings(pid)) or distance_to_outline(anchor, pid) < 1.5, pid


@pytest.mark.parametrize("sid", SEAS)
def test_district_label_at_its_anchor(sid: str) -> None:
    """§11.3: "District labels and fleet markers go at the district's anchor"; the
    anchor lies inside the district."""
    label = tuple(geometry()["seas"][sid]["label"])
    assert math.dist(project(*SEA[sid]["anchor"]), label) < 0.11
    assert inside(label, rings(sid))


@pytest.mark.parametrize("pid", [p for p in PROVINCES if PROVINCE[p]["port_at"]])
def test_harbour_town_in_its_province(pid: str) -> None:
    """§11.3: "Each province's shape contains its anchor and its `port_at`"; plain
    Voronoi cells would put Fiume in Trieste, Cadiz in Gibraltar, Varna in Bucharest
    and Plymouth in Brest. A harbour on a simplified coast may lie just offshore."""
    town = project(*PROVINCE[pid]["port_at"])
    assert inside(town, rings(pid)) or distance_to_outline(town, pid) < 1.5
    others = [p for p in PROVINCES if p != pid and inside(town, rings(p))]
    assert not others, f"{PROVINCE[pid]['port_place']} is drawn in {others}"


def test_the_harbours_that_plain_voronoi_misplaces() -> None:
    """The four cases §11.3 names: each harbour is drawn in (or, on a simplified
    coast, beside) its own province and well away from the one plain Voronoi cells
    would give it."""

    def gap(point: tuple[float, float], pid: str) -> float:
        return 0.0 if inside(point, rings(pid)) else distance_to_outline(point, pid)

    for pid, wrong in (("zag", "tri"), ("svl", "gib"), ("sof", "buc"), ("bir", "brs")):
        town = project(*PROVINCE[pid]["port_at"])
        assert gap(town, pid) < 1.5 and gap(town, wrong) > 3.0, (pid, wrong)


@pytest.mark.parametrize("pid", PROVINCES)
def test_port_dot_on_the_coast_of_its_district(pid: str) -> None:
    """§11.3: "the blue port dot is drawn at `port_at`, moved onto the nearest coast
    of its province": on the edge the province shares with its port's district, a
    few km from the harbour town; provinces without a port have no dot."""
    entry = geometry()["provinces"][pid]
    port = PROVINCE[pid]["port"]
    if port is None:
        assert "port" not in entry
        return
    dot = tuple(entry["port"])
    coast = [seg for seg, owners in edge_owners().items() if sorted(owners) == sorted((pid, port))]
    assert coast, f"{pid} does not touch {port}"
    assert min(distance_to_segment(dot, seg) for seg in coast) < ON_EDGE
    # Within about 27 km of the harbour town; Antwerp lies 75 km up the Scheldt,
    # whose mouth is Dutch, so its dot is on the Belgian coast.
    limit = 15.0 if pid == "bru" else 5.0
    assert math.dist(dot, project(*PROVINCE[pid]["port_at"])) < limit


@pytest.mark.parametrize("ferry", game()["ferries"], ids=lambda f: f["id"])
def test_ferry_lines(ferry: dict) -> None:
    """Ferries are white lines between their two `line` points (drawn at least 9
    units long); each end lies in or beside its province."""
    line = geometry()["ferries"][ferry["id"]]
    (a, b) = (tuple(line[0]), tuple(line[1]))
    assert math.dist(a, b) >= 8.9
    ends = [project(*q) for q in ferry["line"]]
    mid_data = ((ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2)
    mid_drawn = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    assert math.dist(mid_data, mid_drawn) < 0.2
    for end, pid in ((a, ferry["a"]), (b, ferry["b"])):
        assert inside(end, rings(pid)) or distance_to_outline(end, pid) < 6.0, (ferry["id"], pid)


def test_rough_layout() -> None:
    """Provinces sit where they are on a map of Europe."""
    at = {p: geometry()["provinces"][p]["label"] for p in PROVINCES}

    def west_of(a: str, b: str) -> bool:
        return at[a][0] < at[b][0]

    def north_of(a: str, b: str) -> bool:
        return at[a][1] < at[b][1]

    assert west_of("ire", "lon") and west_of("lis", "mad") and west_of("mad", "bar")
    assert west_of("par", "ber") and west_of("ber", "war") and west_of("war", "mos")
    assert west_of("ist", "ank") and west_of("ank", "erz") and west_of("tun", "tpl")
    assert north_of("edi", "lon") and north_of("nor", "den") and north_of("den", "ham")
    assert north_of("stp", "kiev") and north_of("kiev", "ode") and north_of("ist", "egy")
    assert north_of("rom", "nap") and north_of("nap", "pal") and north_of("pal", "mal")
