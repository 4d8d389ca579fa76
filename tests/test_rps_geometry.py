"""Checks of maps/risk_paper_scissors_geometry.json: the water regions and the Moon inset.

The file is made by tools/build_rps_geometry.py; these tests use only the stdlib.
The land is maps/classic_geometry.json (spec 4.3: "Land shapes are
maps/classic_geometry.json, unchanged"), so land and water are checked together here.
"""

from __future__ import annotations

import math
import subprocess
import sys
from collections import defaultdict
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path

import pytest

from maps import read_map_file
from tests.test_geometry import Ring, bbox, inside, parse_path, spans

ROOT = Path(__file__).resolve().parent.parent
GEOMETRY_FILE = ROOT / "maps" / "risk_paper_scissors_geometry.json"
SPEC_DIR = ROOT.parent / "shared" / "specs" / "risk-paper-scissors"

# A region "touches" a shape when its boundary runs within TOUCH of the shape's
# boundary along at least MIN_CONTACT units; shapes that do not touch stay at least
# APART from each other (the build leaves at least 3 units).
TOUCH = 0.3
MIN_CONTACT = 4.0
APART = 1.0
STEP = 1.0  # boundaries are sampled at this spacing

Segment = tuple[tuple[float, float], tuple[float, float]]


@cache
def geometry() -> dict:
    return read_map_file(GEOMETRY_FILE.name)


@cache
def land_geometry() -> dict:
    return read_map_file(geometry()["land"])


@cache
def game() -> dict:
    return read_map_file("risk_paper_scissors.json")


def territories(kind: str) -> list[dict]:
    return [t for t in game()["territories"] if t["kind"] == kind]


WATER = [t["id"] for t in territories("water")]
LUNAR = [t["id"] for t in territories("lunar")]
LAND = [t["id"] for t in territories("land")]
NEIGHBOURS = {t["id"]: set(t["neighbours"]) for t in game()["territories"]}
NAME = {t["id"]: t["name"] for t in game()["territories"]}


@cache
def rings(tid: str) -> tuple[Ring, ...]:
    """The rings of any Earth territory (land or water) or lunar territory."""
    if tid in LAND:
        d = land_geometry()["territories"][tid]["d"]
    elif tid in WATER:
        d = geometry()["water"][tid]["d"]
    else:
        d = geometry()["moon"]["territories"][tid]["d"]
    return tuple(parse_path(d))


def width() -> float:
    return float(geometry()["viewBox"][2])


def segments(shape: tuple[Ring, ...], dx: float = 0.0) -> Iterator[Segment]:
    for ring in shape:
        for k, (x, y) in enumerate(ring):
            x2, y2 = ring[(k + 1) % len(ring)]
            yield (x + dx, y), (x2 + dx, y2)


def point_segment(p: tuple[float, float], seg: Segment) -> float:
    (x1, y1), (x2, y2) = seg
    vx, vy = x2 - x1, y2 - y1
    length2 = vx * vx + vy * vy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - x1) * vx + (p[1] - y1) * vy) / length2))
    return math.dist(p, (x1 + t * vx, y1 + t * vy))


class Boundary:
    """A shape's boundary segments in a grid, for distances from points near it."""

    CELL = 4.0

    def __init__(self, shape: tuple[Ring, ...], dx: float = 0.0) -> None:
        self.grid: dict[tuple[int, int], list[Segment]] = defaultdict(list)
        for seg in segments(shape, dx):
            (x1, y1), (x2, y2) = seg
            for i in range(int(min(x1, x2) // self.CELL), int(max(x1, x2) // self.CELL) + 1):
                for j in range(int(min(y1, y2) // self.CELL), int(max(y1, y2) // self.CELL) + 1):
                    self.grid[i, j].append(seg)

    def distance(self, p: tuple[float, float], limit: float) -> float:
        """The distance from p to the boundary, or ``limit`` when it is farther."""
        reach = int(limit // self.CELL) + 1
        ci, cj = int(p[0] // self.CELL), int(p[1] // self.CELL)
        best = limit
        for i in range(ci - reach, ci + reach + 1):
            for j in range(cj - reach, cj + reach + 1):
                for seg in self.grid.get((i, j), ()):
                    best = min(best, point_segment(p, seg))
        return best


@cache
def boundary(tid: str, dx: float = 0.0) -> Boundary:
    return Boundary(rings(tid), dx)


def pieces(shape: tuple[Ring, ...]) -> Iterator[Segment]:
    """The boundary cut into pieces at most STEP long."""
    for (x1, y1), (x2, y2) in segments(shape):
        n = max(1, math.ceil(math.dist((x1, y1), (x2, y2)) / STEP))
        for k in range(n):
            yield (
                (x1 + (x2 - x1) * k / n, y1 + (y2 - y1) * k / n),
                (x1 + (x2 - x1) * (k + 1) / n, y1 + (y2 - y1) * (k + 1) / n),
            )


@cache
def contact(a: str, b: str) -> tuple[float, float]:
    """(length of a's boundary within TOUCH of b's, closest approach), wrap-aware."""
    length, closest = 0.0, math.inf
    ax0, ay0, ax1, ay1 = bbox(list(rings(a)))
    bx0, by0, bx1, by1 = bbox(list(rings(b)))
    for dx in (-width(), 0.0, width()):
        if max(ax0 - bx1 - dx, bx0 + dx - ax1, ay0 - by1, by0 - ay1) > APART:
            continue
        other = boundary(b, dx)
        for p, q in pieces(rings(a)):
            dp, dq = other.distance(p, APART), other.distance(q, APART)
            closest = min(closest, dp, dq)
            if dp <= TOUCH and dq <= TOUCH:
                length += math.dist(p, q)
    return length, closest


def test_top_level_shape() -> None:
    """The file names its map and its land shapes, in the Classic map's viewBox."""
    data = geometry()
    assert data["format"] == 1
    assert data["map"] == game()["id"] == "rps2210"
    assert data["land"] == game()["drawing"]["land_geometry"] == "classic_geometry.json"
    assert data["viewBox"] == land_geometry()["viewBox"] == game()["drawing"]["viewBox"]
    assert data["wrap_width"] == game()["drawing"]["wrap_width"] == width()


def test_file_is_small() -> None:
    assert GEOMETRY_FILE.stat().st_size < 120 * 1024


def test_land_shapes_are_the_classic_ones() -> None:
    """4.3: "Land shapes are maps/classic_geometry.json, unchanged. Its territory ids are
    the map's land ids." """
    assert sorted(land_geometry()["territories"]) == sorted(LAND)


def test_every_water_and_lunar_territory_drawn_once() -> None:
    data = geometry()
    assert list(data["water"]) == WATER
    assert list(data["moon"]["territories"]) == LUNAR
    groups = {g["id"]: g["kind"] for g in game()["groups"]}
    assert list(data["water_colonies"]) == [g for g, k in groups.items() if k == "water_colony"]
    assert list(data["moon"]["colonies"]) == [g for g, k in groups.items() if k == "lunar_colony"]


@pytest.mark.parametrize("tid", WATER)
def test_water_path_inside_view(tid: str) -> None:
    _, _, w, h = geometry()["viewBox"]
    x0, y0, x1, y1 = bbox(list(rings(tid)))
    assert 0 <= x0 < x1 <= w and 0 <= y0 < y1 <= h
    assert (x1 - x0) * (y1 - y0) > 400, "a water region is a sea area, not a speck"


def row_spans(tids: list[str], y: float) -> list[tuple[float, float, str]]:
    return [(a, b, tid) for tid in tids for a, b in spans(list(rings(tid)), y)]


def overlap_ratio(subjects: list[str], others: list[str], height: float) -> float:
    """Scan lines every unit: the length where a subject overlaps any other shape,
    as a share of the subjects' total length."""
    overlap = total = 0.0
    y = 0.25
    while y < height:
        row = sorted(row_spans(subjects + others, y))
        total += sum(b - a for a, b, tid in row if tid in subjects)
        for i, (_, b, tid) in enumerate(row):
            for a2, b2, tid2 in row[i + 1 :]:
                if a2 >= b:
                    break
                if tid in subjects or tid2 in subjects:
                    overlap += min(b, b2) - a2
        y += 1.0
    assert total > 0
    return overlap / total


def test_water_overlaps_neither_land_nor_water() -> None:
    """A water region shares at most hairlines with any other shape (land or water)."""
    assert overlap_ratio(WATER, LAND, geometry()["viewBox"][3]) < 0.001


def test_lunar_cells_do_not_overlap() -> None:
    assert overlap_ratio(LUNAR, [], moon()["viewBox"][3]) < 0.001


@pytest.mark.parametrize("tid", WATER)
def test_water_touches_exactly_its_neighbours(tid: str) -> None:
    """4.3: each water territory is drawn "touching the coasts it borders" (and its water
    neighbours), and nothing else: shapes the map does not make neighbours stay apart.
    Contacts across the left/right map edge count (the map wraps)."""
    touching, apart = set(), {}
    for other in LAND + WATER:
        if other == tid:
            continue
        length, closest = contact(tid, other)
        if length >= MIN_CONTACT:
            touching.add(other)
        elif closest < APART:
            apart[other] = closest
    assert touching == NEIGHBOURS[tid]
    assert not apart, f"{tid} comes within {APART} of non-neighbours {apart}"


def test_wrapping_borders() -> None:
    """4.3: "These lines wrap: Aleutian Trench - Alaska, Aleutian Trench - Hawaiian Rise,
    and Hawaiian Rise - Coral Abyss": those regions reach the map's left or right edge."""
    w = width()
    for a, b in [
        ("aleutian_trench", "alaska"),
        ("aleutian_trench", "hawaiian_rise"),
        ("hawaiian_rise", "coral_abyss"),
    ]:
        assert contact(a, b)[0] >= MIN_CONTACT
        edges = {x for tid in (a, b) for ring in rings(tid) for x, _ in ring if x in (0, w)}
        assert edges == {0, w}, (a, b)


@pytest.mark.parametrize("tid", WATER)
def test_water_label_inside_own_region(tid: str) -> None:
    label = tuple(geometry()["water"][tid]["label"])
    assert inside(label, list(rings(tid))), f"label of {tid} is outside its region"
    for other in LAND + WATER:
        if other != tid:
            assert not inside(label, list(rings(other))), f"{tid} label in {other}"


def circle(centre: Sequence[float], r: float) -> list[tuple[float, float]]:
    x, y = centre
    return [
        (x + r * math.cos(2 * math.pi * k / 16), y + r * math.sin(2 * math.pi * k / 16))
        for k in range(16)
    ]


@pytest.mark.parametrize("tid", WATER)
def test_water_badge_fits_and_sits_on_the_anchor_when_it_can(tid: str) -> None:
    """The army badge (radius 7.5, as ui/shell/render.py draws it) on the label point fits
    inside the region; the label is the map's anchor (4.3: "a marker at the anchor")
    unless the badge and name do not fit there, and then it stays near the anchor."""
    label = geometry()["water"][tid]["label"]
    for p in circle(label, 7.5):
        assert inside(p, list(rings(tid))), tid
    anchor = next(t["anchor"] for t in territories("water") if t["id"] == tid)
    assert math.dist(label, anchor) < 40


def test_most_water_labels_are_the_anchors() -> None:
    at_anchor = [
        t["id"]
        for t in territories("water")
        if geometry()["water"][t["id"]]["label"] == t["anchor"]
    ]
    assert len(at_anchor) >= 9, at_anchor


def member_of(point: tuple[float, float], members: list[str]) -> str | None:
    return next((m for m in members if inside(point, list(rings(m)))), None)


def test_water_colony_labels_and_outlines() -> None:
    """Each water colony has an outline and a label point (for "name +bonus") inside one
    of its own territories, away from those territories' name labels."""
    for gid, colony in geometry()["water_colonies"].items():
        members = [t["id"] for t in territories("water") if t["group"] == gid]
        assert parse_path(colony["d"])
        label = tuple(colony["label"])
        assert member_of(label, members), gid
        for m in members:
            assert math.dist(label, geometry()["water"][m]["label"]) > 6, (gid, m)


def moon() -> dict:
    return geometry()["moon"]


def test_moon_inset_is_the_specs() -> None:
    """4.3: the inset "has its own viewBox: [0, 0, 200, 200] and a disc {cx: 100, cy: 100,
    r: 92}"; place_on_earth [10, 320, 150, 150] (scale 0.75)."""
    hints = game()["drawing"]["moon_inset"]
    assert moon()["viewBox"] == hints["viewBox"] == [0, 0, 200, 200]
    assert moon()["disc"] == hints["disc"] == {"cx": 100, "cy": 100, "r": 92}
    assert moon()["place"] == hints["place_on_earth"] == [10, 320, 150, 150]


def test_moon_inside_its_disc() -> None:
    disc = moon()["disc"]
    centre = (disc["cx"], disc["cy"])
    shapes = [rings(t) for t in LUNAR] + [
        tuple(parse_path(b["d"])) for b in moon()["blank"].values()
    ]
    for shape in shapes:
        for ring in shape:
            for p in ring:
                assert math.dist(p, centre) <= disc["r"] + 0.1


@pytest.mark.parametrize("tid", LUNAR)
def test_lunar_cell_holds_its_pos_and_label(tid: str) -> None:
    pos = next(t["pos"] for t in territories("lunar") if t["id"] == tid)
    assert inside(tuple(pos), list(rings(tid)))
    label = tuple(moon()["territories"][tid]["label"])
    assert inside(label, list(rings(tid)))
    for other in LUNAR:
        if other != tid:
            assert not inside(label, list(rings(other)))


def test_lunar_cells_border_exactly_the_lunar_adjacency() -> None:
    """4.3: the Voronoi cells "border each other exactly as the lunar adjacency says";
    the shortest border is about 22 units."""
    for i, a in enumerate(LUNAR):
        for b in LUNAR[i + 1 :]:
            length, _ = contact(a, b)
            if b in NEIGHBOURS[a]:
                assert length > 20, (a, b, length)
            else:
                assert length < TOUCH, (a, b, length)


def test_blank_site_is_background() -> None:
    """4.3: "There is one blank site, far_highlands at [100, 132]. It is not a territory:
    draw it as plain background." """
    blank = moon()["blank"]
    assert list(blank) == ["far_highlands"]
    assert inside((100, 132), parse_path(blank["far_highlands"]["d"]))
    assert "far_highlands" not in moon()["territories"]


def test_landing_sites_marked_inside_their_cells() -> None:
    """4.3: "a ring or star on the landing sites": a ring round the badge at the
    landing site's label point, inside its cell."""
    sites = moon()["landing_sites"]
    assert list(sites) == game()["space_link"]["landing_sites"]
    assert list(sites) == ["copernicus", "sea_of_tranquility"]
    for tid, (x, y, r) in sites.items():
        assert [x, y] == moon()["territories"][tid]["label"]
        assert r > 7.5 / 0.75, "the ring runs outside the badge"
        for p in circle((x, y), r):
            assert inside(p, list(rings(tid))), tid


def inset_scale() -> float:
    return moon()["place"][2] / moon()["viewBox"][2]


def test_lunar_colonies() -> None:
    """Each lunar colony has an outline round its three cells; its "name +bonus" label
    sits in the frame's strip under the disc, on its own colony's side of the Moon."""
    disc = moon()["disc"]
    _, _, fw, fh = moon()["frame"]
    middle = {}
    for gid, colony in moon()["colonies"].items():
        members = [t["id"] for t in territories("lunar") if t["group"] == gid]
        assert len(members) == 3
        outline = parse_path(colony["d"])
        for m in members:
            assert inside(tuple(moon()["territories"][m]["label"]), outline), (gid, m)
        x, y = colony["label"]
        assert 0 < x < fw / inset_scale() and disc["cy"] + disc["r"] < y < fh / inset_scale()
        middle[gid] = sum(moon()["territories"][m]["label"][0] for m in members) / 3
    labels = {gid: c["label"][0] for gid, c in moon()["colonies"].items()}
    west, east = sorted(middle, key=middle.__getitem__)
    assert labels[west] < labels[east]


def test_water_stays_clear_of_the_moon_inset() -> None:
    """The inset is drawn on open South Pacific (place_on_earth), in a frame down to the
    map's bottom edge: no water region lies under it."""
    x, y, w, h = moon()["frame"]
    assert [x, y, w] == moon()["place"][:3]
    assert y + h == geometry()["viewBox"][3]
    for tid in WATER:
        assert not inside((x + w / 2, y + h / 2), list(rings(tid)))
        for ring in rings(tid):
            for px, py in ring:
                assert not (x < px < x + w and y < py < y + h), tid


def test_map_is_the_specs_copy() -> None:
    """The map file is the spec's map.json, byte for byte."""
    spec_map = SPEC_DIR / "map.json"
    if not spec_map.exists():
        pytest.skip(f"the spec is not beside the repository ({SPEC_DIR})")
    assert (ROOT / "maps" / "risk_paper_scissors.json").read_bytes() == spec_map.read_bytes()


def test_spec_check_map_passes() -> None:
    """The spec's check_map.py accepts the shipped map, against classic.json and the
    Classic geometry (anchors at open sea, every coast within 114 units)."""
    script = SPEC_DIR / "check_map.py"
    if not script.exists():
        pytest.skip(f"the spec is not beside the repository ({SPEC_DIR})")
    run = subprocess.run(
        [
            sys.executable,
            str(script),
            str(ROOT / "maps" / "classic.json"),
            "--map",
            str(ROOT / "maps" / "risk_paper_scissors.json"),
            "--geometry",
            str(ROOT / "maps" / "classic_geometry.json"),
            "--quick",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "FAIL" not in run.stdout
    assert "PASS  drawing.open-sea" in run.stdout
