"""Build ``maps/risk_paper_scissors_geometry.json``: water regions and the Moon inset.

This is a development-time generator, like ``tools/build_geometry.py`` whose output
helpers it reuses. The game only reads the JSON it writes and never imports this
module (it needs shapely, which the game must not depend on).

Inputs are the project's own files, nothing is downloaded: the Classic land shapes
``maps/classic_geometry.json`` (spec section 4.3: "Land shapes are
maps/classic_geometry.json, unchanged") and the map ``maps/risk_paper_scissors.json``
(a byte-for-byte copy of the spec's ``map.json``: water ``anchor`` points, lunar
``pos`` points and the ``drawing.moon_inset`` hints). Run it with a throwaway
virtualenv that has shapely (>= 2.0)::

    python3 -m venv /tmp/geo-venv && /tmp/geo-venv/bin/pip install shapely
    /tmp/geo-venv/bin/python tools/build_rps_geometry.py [--preview /tmp/rps.svg]

then render the preview (``tools/rps_preview.py``, which also runs on its own from
the JSON files) for a visual check, e.g.::

    chromium --no-sandbox --disable-gpu --headless --screenshot=/tmp/rps.png \
        --window-size=1366,800 file:///tmp/rps.svg

The land territories are not copied: a renderer draws them from
``classic_geometry.json`` (the ``land`` key names it) and adds what this file holds.

Water pipeline, on the cylinder (the map wraps at x = 0 / x = 1000, as the
Alaska-Kamchatka lane does), so every step is done on three copies side by side:

1. sea = the strip minus the land and minus the Moon inset's frame (the spec's
   ``place_on_earth`` down to the bottom edge) with a margin, so no region hides
   under the inset;
2. a Voronoi diagram seeded, for each water territory, with its anchor and with
   points along a "spoke" from the anchor to the nearest point of each coast it
   borders (plain anchor cells would hand some coasts to a nearer anchor: the
   Eastern United States is nearer the Sargasso Deep's anchor than the Labrador
   Basin's); the cells of a territory's seeds form its cell;
3. each cell is cut to the sea, to a disc of ``reach`` around its anchor, and
   away from every land territory that the map does not list as its coast
   (``CLEARANCE``); only the piece holding the anchor is kept;
4. water regions that the map does not list as neighbours but that still touch
   are pulled apart (``WATER_GAP``);
5. while a listed border is missing (the open Pacific, south of Africa), the reach
   of the regions concerned grows and steps 3-4 are redone;
6. the build fails unless every region touches exactly its listed coasts and
   water neighbours (``TOUCH`` tolerance, ``MIN_CONTACT`` length), then folds the
   region back into the viewBox (a region may wrap, as the Aleutian Trench does).

The Moon inset: the Voronoi cells of the six lunar ``pos`` points plus the blank
sites, clipped to the disc; the blank cells are left as background. The inset's
frame runs from ``place_on_earth`` down to the map's bottom edge, and the strip it
gains under the disc holds the lunar colonies' "name +bonus" labels.

Labels: a label point is where ui/shell/render.py puts a territory's army badge, with the
name below it; ``place`` finds a point where both fit inside the territory (the
water anchor, or the lunar ``pos``, when they fit there). Colony outlines are the
unions of member shapes; a colony's label is kept clear of its members' labels.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from build_geometry import geom_path, polygons_of
from rps_preview import (
    BADGE_R,
    COLONY_TEXT,
    MOON_COLONY_TEXT,
    MOON_TEXT,
    WATER_TEXT,
    colony_text,
    preview_svg,
)
from shapely import (
    MultiPoint,
    MultiPolygon,
    Point,
    Polygon,
    box,
    make_valid,
    unary_union,
    voronoi_polygons,
)
from shapely.affinity import translate
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

ROOT = Path(__file__).resolve().parent.parent
MAP_FILE = ROOT / "maps" / "risk_paper_scissors.json"
LAND_FILE = ROOT / "maps" / "classic_geometry.json"
OUT_FILE = ROOT / "maps" / "risk_paper_scissors_geometry.json"

# --- tuning (viewBox units) -------------------------------------------------

CLEARANCE = 3.0  # sea left between a water region and land it does not border
WATER_GAP = 6.0  # where non-neighbours met, each gives up half of this (3 units stay)
REACH_MARGIN = 1.25  # reach = this x the anchor's distance to its farthest coast ...
MIN_REACH = 70.0  # ... but never less than this
SPOKE_STEP = 2.0  # spacing of the Voronoi seeds along a spoke
REACH_STEP = 8.0  # growth of the reach per round while a listed border is missing
MAX_ROUNDS = 20
INSET_MARGIN = 4.0  # sea kept clear round the Moon inset's frame
TOUCH = 0.3  # a region "touches" a shape when they come this close ...
MIN_CONTACT = 4.0  # ... along at least this length of its boundary
MIN_PART_AREA = 4.0  # wrapped slivers smaller than this are dropped
# Labels follow ui/shell/render.py: a territory's army badge (radius BADGE_R) sits on its
# label point and its name just below; room is reserved for the font sizes that
# rps_preview draws (on the inset, in its units, badges keep their Earth size).
TEXT_WIDTH = 0.6  # average glyph width of a sans-serif font, in font sizes
LABEL_GRID = 2.0  # candidate spacing when a label point is searched
DEEP_ENOUGH = 2.0  # a label's room this far inside its area is deep enough
LANDING_RING = 4.0  # a landing site's ring runs this far outside its badge

Coords = tuple[float, float]
TOKEN = re.compile(r"[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)")


# --- reading ----------------------------------------------------------------


def path_rings(d: str) -> list[list[tuple[float, float]]]:
    """Rings of an SVG path of absolute M, L, Z commands (as build_geometry writes)."""
    rings: list[list[tuple[float, float]]] = []
    ring: list[tuple[float, float]] = []
    tokens = TOKEN.findall(d)
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.isalpha():
            if tok == "Z":
                rings.append(ring)
                ring = []
            i += 1
            continue
        ring.append((float(tok), float(tokens[i + 1])))
        i += 2
    return rings


def path_shape(d: str) -> BaseGeometry:
    """The area of a path: exteriors wind one way, holes the other (build_geometry)."""
    shells, holes = [], []
    for ring in path_rings(d):
        poly = make_valid(Polygon(ring))
        signed = sum(
            x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True)
        )
        (shells if signed > 0 else holes).append(poly)
    return make_valid(unary_union(shells).difference(unary_union(holes)))


# --- geometry on the cylinder -----------------------------------------------


def copies(geom: BaseGeometry, width: float) -> BaseGeometry:
    """The shape and its copies one world to the left and to the right."""
    return unary_union([translate(geom, dx) for dx in (-width, 0.0, width)])


def fold(geom: BaseGeometry, width: float, height: float) -> BaseGeometry:
    """A shape drawn on the unrolled cylinder, cut back into the viewBox."""
    frame = box(0, 0, width, height)
    parts = [translate(geom, dx).intersection(frame) for dx in (-width, 0.0, width)]
    kept = [p for p in polygons_of(unary_union(parts)) if p.area >= MIN_PART_AREA]
    return MultiPolygon(kept)


def piece_with(geom: BaseGeometry, point: Point) -> Polygon:
    """The polygon of ``geom`` that holds ``point`` (or the nearest one)."""
    parts = polygons_of(geom)
    return min(parts, key=lambda p: p.distance(point))


def contact(a: BaseGeometry, b: BaseGeometry) -> float:
    """Length of a's boundary that runs within TOUCH of b."""
    return float(a.boundary.intersection(b.buffer(TOUCH)).length)


def wrapped_contact(a: BaseGeometry, b: BaseGeometry, width: float) -> float:
    return max(contact(a, translate(b, dx)) for dx in (-width, 0.0, width))


# --- water ------------------------------------------------------------------


def spokes(anchor: Point, coasts: list[BaseGeometry], width: float) -> list[tuple[float, float]]:
    """Points every SPOKE_STEP along the segments from the anchor to each coast's nearest point.

    Seeding the Voronoi diagram with these spokes rather than the bare anchor gives each
    region the sea in front of every one of its coasts, even where another anchor is nearer.
    """
    points = [(anchor.x, anchor.y)]
    for coast in coasts:
        near = min((translate(coast, dx) for dx in (-width, 0.0, width)), key=anchor.distance)
        end = nearest_points(anchor, near)[1]
        steps = max(1, int(anchor.distance(end) / SPOKE_STEP))
        points.extend(
            (anchor.x + (end.x - anchor.x) * k / steps, anchor.y + (end.y - anchor.y) * k / steps)
            for k in range(1, steps + 1)
        )
    return points


def voronoi_cells(
    sites: dict[str, list[tuple[float, float]]], width: float, height: float
) -> dict[str, BaseGeometry]:
    """The cell of each site (a set of points) among all sites and their wrapped copies."""
    points, owners = [], []
    for sid, group in sites.items():
        for dx in (-width, 0.0, width):
            for x, y in group:
                points.append((x + dx, y))
                owners.append((sid, dx))
    extent = box(-2 * width, -height, 3 * width, 2 * height)
    diagram = voronoi_polygons(MultiPoint(points), extend_to=extent, ordered=True)
    parts: dict[str, list[Polygon]] = {}
    for (sid, dx), cell in zip(owners, diagram.geoms, strict=True):
        if dx == 0.0:
            parts.setdefault(sid, []).append(cell)
    return {sid: unary_union(cells) for sid, cells in parts.items()}


def build_water(
    game: dict[str, Any], land: dict[str, BaseGeometry], view: list[int]
) -> tuple[dict[str, Polygon], list[Mismatch]]:
    """Each water territory's region on the unrolled cylinder, and what is still wrong.

    A region's reach starts at REACH_MARGIN x its farthest coast; the reach of both
    regions of a listed pair that does not touch yet grows by REACH_STEP, round after
    round, so open ocean is shared out only where the map needs a border.
    """
    _, _, width, height = view
    water = [t for t in game["territories"] if t["kind"] == "water"]
    fx, fy, fw, fh = moon_frame(game["drawing"]["moon_inset"], height)
    inset = box(fx, fy, fx + fw, fy + fh).buffer(INSET_MARGIN, join_style="mitre")
    land_all = unary_union(list(land.values()))
    strip = box(-width, 0, 2 * width, height)
    sea = strip.difference(copies(land_all, width)).difference(copies(inset, width))
    cells = voronoi_cells(
        {
            t["id"]: spokes(
                Point(t["anchor"]), [land[n] for n in t["neighbours"] if n in land], width
            )
            for t in water
        },
        width,
        height,
    )
    allowed = {}
    reach = {}
    for t in water:
        anchor = Point(t["anchor"])
        coasts = [n for n in t["neighbours"] if n in land]
        others = unary_union([s for tid, s in land.items() if tid not in coasts])
        allowed[t["id"]] = (
            cells[t["id"]].intersection(sea).difference(copies(others, width).buffer(CLEARANCE))
        )
        farthest = max(
            min(translate(land[c], dx).distance(anchor) for dx in (-width, 0, width))
            for c in coasts
        )
        reach[t["id"]] = max(MIN_REACH, REACH_MARGIN * farthest)
    for _ in range(MAX_ROUNDS):
        regions = {
            t["id"]: piece_with(
                allowed[t["id"]].intersection(Point(t["anchor"]).buffer(reach[t["id"]], 32)),
                Point(t["anchor"]),
            )
            for t in water
        }
        separate(water, regions, width)
        problems = check_water(game, land, regions, width)
        short = [p for p in problems if p.listed]
        if not short:
            break
        for grow in {tid for p in short for tid in (p.territory, p.other) if tid in reach}:
            reach[grow] += REACH_STEP
    return regions, problems


def separate(water: list[dict[str, Any]], regions: dict[str, Polygon], width: float) -> None:
    """Pull apart regions that touch although the map does not make them neighbours."""
    ids = [t["id"] for t in water]
    listed = {t["id"]: set(t["neighbours"]) for t in water}
    anchor = {t["id"]: Point(t["anchor"]) for t in water}
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            if b in listed[a]:
                continue
            near = min(regions[a].distance(translate(regions[b], dx)) for dx in (-width, 0, width))
            if near >= WATER_GAP:
                continue
            b_copies = copies(regions[b], width)
            a_copies = copies(regions[a], width)
            regions[a] = piece_with(
                regions[a].difference(b_copies.buffer(WATER_GAP / 2)), anchor[a]
            )
            regions[b] = piece_with(
                regions[b].difference(a_copies.buffer(WATER_GAP / 2)), anchor[b]
            )


class Mismatch(NamedTuple):
    """A water region whose contact with another shape disagrees with the map."""

    territory: str
    other: str
    listed: bool  # the map makes them neighbours (so the contact is too short)
    contact: float

    def __str__(self) -> str:
        verb = "should border" if self.listed else "touches"
        return f"{self.territory} {verb} {self.other} (contact {self.contact:.1f})"


def check_water(
    game: dict[str, Any], land: dict[str, BaseGeometry], regions: dict[str, Polygon], width: float
) -> list[Mismatch]:
    """Every way the drawn regions disagree with the map's adjacency."""
    problems = []
    shapes = {**land, **regions}
    for t in game["territories"]:
        if t["kind"] != "water":
            continue
        for other, shape in shapes.items():
            if other == t["id"]:
                continue
            touching = wrapped_contact(regions[t["id"]], shape, width)
            listed = other in t["neighbours"]
            if (listed and touching < MIN_CONTACT) or (not listed and touching > 0):
                problems.append(Mismatch(t["id"], other, listed, touching))
    return problems


def text_box(centre: Sequence[float], label: str, size: float) -> Polygon:
    """Roughly the box a centred sans-serif label of this size covers."""
    half_w, half_h = len(label) * size * TEXT_WIDTH / 2, size * 0.65
    x, y = centre
    return box(x - half_w, y - half_h, x + half_w, y + half_h)


def territory_room(name: str, size: float, badge_r: float) -> Callable[[Coords], BaseGeometry]:
    """What ui/shell/render.py draws at a territory's label point: the army badge there and
    the name just below it."""

    def room(centre: Coords) -> BaseGeometry:
        x, y = centre
        below = (x, y + badge_r + 0.7 * size)
        return Point(x, y).buffer(badge_r, quad_segs=8).union(text_box(below, name, size))

    return room


def place(
    areas: list[BaseGeometry],
    room: Callable[[Coords], BaseGeometry],
    prefer: Coords,
    avoid: Sequence[BaseGeometry] = (),
) -> list[float]:
    """A label point: ``room(point)`` fits inside one of ``areas`` (so it crosses no
    border) and clear of ``avoid``; the deepest inside (up to DEEP_ENOUGH), then the
    nearest to ``prefer``. ``prefer`` itself wins when it is deep enough."""
    blocked = unary_union(list(avoid)).buffer(1.5) if avoid else Polygon()

    def depth(area: Polygon, centre: Coords) -> float:
        covered = room(centre)
        if not area.contains(covered) or covered.intersects(blocked):
            return -math.inf
        clear = area.exterior.distance(covered)
        if not blocked.is_empty:
            clear = min(clear, blocked.distance(covered))
        return min(clear, DEEP_ENOUGH)

    polygons = [p for a in areas for p in polygons_of(a)]
    if any(depth(p, prefer) >= DEEP_ENOUGH for p in polygons):
        return [round(prefer[0], 1), round(prefer[1], 1)]
    best: Coords | None = None
    best_score = (-math.inf, -math.inf)
    for area in polygons:
        x0, y0, x1, y1 = area.bounds
        for i in range(int((x1 - x0) / LABEL_GRID) + 1):
            for j in range(int((y1 - y0) / LABEL_GRID) + 1):
                centre = (x0 + i * LABEL_GRID, y0 + j * LABEL_GRID)
                score = (depth(area, centre), -math.dist(centre, prefer))
                if score > best_score:
                    best, best_score = centre, score
    if best is None or best_score[0] == -math.inf:
        raise SystemExit(f"no room for a label near {prefer}")
    return [round(best[0], 1), round(best[1], 1)]


def colony_label(
    members: list[BaseGeometry], group: dict[str, Any], size: float, avoid: list[BaseGeometry]
) -> list[float]:
    """The centre of the colony's "name +bonus" text, inside one of ``members``, clear
    of its territories' badges and names, as near their middle as there is room."""
    label = colony_text(group)
    middle = unary_union(avoid).centroid
    return place(members, lambda c: text_box(c, label, size), (middle.x, middle.y), avoid)


# --- the Moon ---------------------------------------------------------------


def moon_frame(inset: dict[str, Any], height: float) -> list[float]:
    """The Earth area the inset takes: ``place_on_earth`` down to the map's bottom edge,
    which leaves a strip under the disc for the lunar colonies' names and bonuses."""
    x, y, w, _ = inset["place_on_earth"]
    return [x, y, w, height - y]


def build_moon(game: dict[str, Any], height: float) -> dict[str, Any]:
    """The inset: lunar cells, labels, landing-site rings and colony outlines."""
    inset = game["drawing"]["moon_inset"]
    frame = moon_frame(inset, height)
    disc_spec = inset["disc"]
    disc = Point(disc_spec["cx"], disc_spec["cy"]).buffer(disc_spec["r"], quad_segs=64)
    lunar = [t for t in game["territories"] if t["kind"] == "lunar"]
    sites = {t["id"]: tuple(t["pos"]) for t in lunar}
    sites.update({b["id"]: tuple(b["pos"]) for b in inset["blank_sites"]})
    vb = inset["viewBox"]
    cells = voronoi_polygons(MultiPoint(list(sites.values())), extend_to=box(*vb))
    cell_of = {}
    for sid, pos in sites.items():
        (cell,) = [c for c in cells.geoms if c.contains(Point(pos))]
        cell_of[sid] = cell.intersection(disc)
    scale = inset["place_on_earth"][2] / vb[2]
    badge_r = BADGE_R / scale  # badges on the inset are as big as on the Earth
    territories = {}
    rings = {}
    avoid: dict[str, list[BaseGeometry]] = {}
    for t in lunar:
        cell = cell_of[t["id"]]
        # A landing site's badge gets a ring round it: reserve the ring's room.
        room = territory_room(
            t["name"], MOON_TEXT, badge_r + (LANDING_RING if t["landing_site"] else 0)
        )
        label = place([cell], room, tuple(t["pos"]))
        territories[t["id"]] = {"d": geom_path(cell), "label": label}
        if t["landing_site"]:
            rings[t["id"]] = [*label, round(badge_r + LANDING_RING - 1, 1)]
        avoid.setdefault(t["group"], []).append(room(tuple(label)))
    # No lunar cell is wide enough for "Tranquility Colony +2": the colonies are named
    # in the frame's strip under the disc, each under its own side of the Moon.
    _, _, fw, fh = frame
    bottom = disc_spec["cy"] + disc_spec["r"]
    strip = box(0, bottom + 1, fw / scale, fh / scale)
    colonies = {}
    taken: list[BaseGeometry] = []
    for g in game["groups"]:
        if g["kind"] == "lunar_colony":
            members = unary_union([cell_of[t["id"]] for t in lunar if t["group"] == g["id"]])
            label = colony_text(g)
            centre = place(
                [strip],
                lambda c, label=label: text_box(c, label, MOON_COLONY_TEXT),
                (members.centroid.x, strip.centroid.y),
                taken,
            )
            taken.append(text_box(centre, label, MOON_COLONY_TEXT))
            colonies[g["id"]] = {"d": geom_path(members), "label": centre}
    return {
        "viewBox": vb,
        "disc": disc_spec,
        "place": inset["place_on_earth"],
        "frame": frame,
        "territories": territories,
        "colonies": colonies,
        "landing_sites": rings,
        "blank": {b["id"]: {"d": geom_path(cell_of[b["id"]])} for b in inset["blank_sites"]},
    }


# --- assembly ---------------------------------------------------------------


def build() -> tuple[dict[str, Any], dict[str, Any], list[Mismatch]]:
    game = json.loads(MAP_FILE.read_text(encoding="utf-8"))
    classic = json.loads(LAND_FILE.read_text(encoding="utf-8"))
    view = classic["viewBox"]
    if view != game["drawing"]["viewBox"]:
        raise SystemExit(f"viewBox {view} of {LAND_FILE.name} is not the map's")
    width, height = view[2], view[3]
    land = {tid: path_shape(t["d"]) for tid, t in classic["territories"].items()}
    regions, problems = build_water(game, land, view)
    water = {}
    folded = {}
    for t in game["territories"]:
        if t["kind"] == "water":
            folded[t["id"]] = fold(regions[t["id"]], width, height)
            water[t["id"]] = {
                "d": geom_path(folded[t["id"]]),
                "label": place(
                    [piece_with(folded[t["id"]], Point(t["anchor"]))],
                    territory_room(t["name"], WATER_TEXT, BADGE_R),
                    tuple(t["anchor"]),
                ),
            }
    colonies = {}
    for g in game["groups"]:
        if g["kind"] == "water_colony":
            members = [t for t in game["territories"] if t["group"] == g["id"]]
            colonies[g["id"]] = {
                "d": geom_path(unary_union([folded[m["id"]] for m in members])),
                "label": colony_label(
                    [folded[m["id"]] for m in members],
                    g,
                    COLONY_TEXT,
                    [
                        territory_room(m["name"], WATER_TEXT, BADGE_R)(
                            tuple(water[m["id"]]["label"])
                        )
                        for m in members
                    ],
                ),
            }
    data = {
        "format": 1,
        "map": game["id"],
        "land": LAND_FILE.name,
        "viewBox": view,
        "wrap_width": game["drawing"]["wrap_width"],
        "water": water,
        "water_colonies": colonies,
        "moon": build_moon(game, height),
    }
    return data, game, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT_FILE)
    parser.add_argument("--preview", type=Path, help="also write a preview SVG here")
    args = parser.parse_args(argv)
    data, game, problems = build()
    if args.preview:
        classic = json.loads(LAND_FILE.read_text(encoding="utf-8"))
        args.preview.write_text(preview_svg(data, game, classic), encoding="utf-8")
        print(f"wrote {args.preview}")
    if problems:
        print("water regions disagree with the map:", *problems, sep="\n  ", file=sys.stderr)
        return 1
    text_out = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    args.out.write_text(text_out + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({len(text_out) / 1024:.1f} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
