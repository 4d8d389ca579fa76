"""Build ``maps/greatwar1907_geometry.json``: the drawn map of The Great War 1907.

This is a development-time generator, like ``tools/build_geometry.py`` (the Classic
map). The game only reads the JSON it writes and never imports this module (it needs
shapely, which the game must not depend on).

Source data: Natural Earth (public domain) as packaged in the npm package
``world-atlas`` (TopoJSON). Fetch it with npm's ordinary client::

    mkdir -p /tmp/wa && cd /tmp/wa && npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz
    # -> /tmp/wa/package/countries-50m.json

Run it with a throwaway virtualenv that has shapely (>= 2.1, for coverage_simplify)::

    python3 -m venv /tmp/geo-venv && /tmp/geo-venv/bin/pip install shapely
    /tmp/geo-venv/bin/python tools/build_gw_geometry.py --atlas /tmp/wa/package \
        [--preview /tmp/gw.svg]

then look at the preview, e.g.::

    chromium --no-sandbox --disable-gpu --headless --screenshot=/tmp/gw.png \
        --window-size=1366,800 file:///tmp/gw.svg

Pipeline:

1. decode the TopoJSON arcs into lon/lat and project them (Lambert conformal conic,
   centred on Europe); shared country borders stay identical on both sides;
2. give every modern country of the frame (the tables are in ``tools/gw_shaping.py``)
   to one province (``COUNTRIES``), to plain land that no province names (``PLAIN``,
   ``PLAIN_BOXES``: Persia, Arabia, the Sahara, Crete, Cyprus), or split it
   (``SPLITS``): islands and exclaves named in ``PART_RULES`` go whole to a
   province, the rest is cut into Voronoi cells of seed points (each province's
   ``anchor`` and ``port_at`` from ``map.json`` plus shaping points: towns on the
   1907 side of a border that is no longer on the map, e.g. Metz for
   Alsace-Lorraine, Trento for Austrian Tyrol, Memel for East Prussia). Real
   borders are kept wherever Natural Earth has one; 1907 borders inside a modern
   country follow the seeds. Where four provinces meet at a point (the
   Anglo-Scottish border) ``QUADS`` puts four seeds around it, so that neither
   diagonal pair touches;
3. carve Gibraltar (a disc of minimum size) out of Seville, grow Malta, and keep the
   Bosporus, the Dardanelles and Messina open (``STRAITS``);
4. the water of the frame is cut the same way into the sea districts (Voronoi cells
   of each district's ``anchor`` and ``SEA_SEEDS``); water that no district reaches
   (the Caspian, ``OUTER_WATER``: the Barents and White Seas) is a lake; Voronoi
   pieces cut off from their seeds join the neighbour that shares most of their
   outline;
5. all areas are noded into one polygonal coverage and simplified together
   (``shapely.coverage_simplify``), so shared borders stay identical on both sides,
   without overlaps or cracks;
6. labels (pole of inaccessibility), port dots (the point of the province's coast on
   its port district nearest ``port_at``) and ferry lines are added and the adjacency
   on the drawn map is checked against ``map.json``: every difference is printed and
   the exit status is 1.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable
from itertools import pairwise
from pathlib import Path
from typing import Any

import shapely
from build_geometry import decode_arcs, geom_path, polygons_of, ring_coords
from gw_shaping import (
    COUNTRIES,
    OUTER_WATER,
    PART_RULES,
    PLAIN,
    PLAIN_BOXES,
    QUADS,
    SEA_QUADS,
    SEA_SEEDS,
    SPLITS,
    STRAITS,
    LonLat,
    LonLatBox,
    Quad,
)
from shapely import (
    LineString,
    MultiPoint,
    MultiPolygon,
    Point,
    Polygon,
    STRtree,
    box,
    make_valid,
    unary_union,
)
from shapely.ops import nearest_points, polylabel

ROOT = Path(__file__).resolve().parent.parent
MAP_FILE = ROOT / "maps" / "greatwar1907.json"
OUT_FILE = ROOT / "maps" / "greatwar1907_geometry.json"
ATLAS_FILE = "countries-50m.json"


# --- projection -------------------------------------------------------------

LON0, LAT1, LAT2 = 15.0, 35.0, 60.0  # central meridian, standard parallels
WIDTH = 1000.0
# The frame: these points lie on the left, right, top and bottom edges.
FRAME_WEST: LonLat = (-20.0, 42.0)
FRAME_EAST: LonLat = (47.5, 40.5)
FRAME_NORTH: LonLat = (15.0, 70.1)
FRAME_SOUTH: LonLat = (15.0, 29.6)

_P1, _P2 = math.radians(LAT1), math.radians(LAT2)
_N = math.log(math.cos(_P1) / math.cos(_P2)) / math.log(
    math.tan(math.pi / 4 + _P2 / 2) / math.tan(math.pi / 4 + _P1 / 2)
)
_F = math.cos(_P1) * math.tan(math.pi / 4 + _P1 / 2) ** _N / _N


def lcc(lon: float, lat: float) -> tuple[float, float]:
    """Lambert conformal conic on the unit sphere; y grows southwards (SVG)."""
    lat = max(min(lat, 89.0), -80.0)
    rho = _F / math.tan(math.pi / 4 + math.radians(lat) / 2) ** _N
    theta = _N * math.radians(lon - LON0)
    return rho * math.sin(theta), rho * math.cos(theta)


_X0 = lcc(*FRAME_WEST)[0]
_X1 = lcc(*FRAME_EAST)[0]
_Y0 = lcc(*FRAME_NORTH)[1]
_Y1 = lcc(*FRAME_SOUTH)[1]
SCALE = WIDTH / (_X1 - _X0)
HEIGHT = round((_Y1 - _Y0) * SCALE)
FRAME = box(0, 0, WIDTH, HEIGHT)


def project(lon: float, lat: float) -> tuple[float, float]:
    x, y = lcc(lon, lat)
    return ((x - _X0) * SCALE, (y - _Y0) * SCALE)


def unproject(x: float, y: float) -> tuple[float, float]:
    """Lon/lat of a viewBox point (for messages)."""
    px, py = x / SCALE + _X0, y / SCALE + _Y0
    rho, theta = math.hypot(px, py), math.atan2(px, py)
    lat = 2 * math.atan((_F / rho) ** (1 / _N)) - math.pi / 2
    return (round(LON0 + math.degrees(theta / _N), 2), round(math.degrees(lat), 2))


# --- tuning -----------------------------------------------------------------

SIMPLIFY = 1.0  # coverage simplification tolerance, viewBox units
MIN_ISLAND = 1.0  # islands smaller than this (square units) become sea
GIBRALTAR_RADIUS = 4.0  # the drawn Gibraltar: a disc of land around the anchor
MALTA_MIN_AREA = 14.0  # Malta is grown to at least this area
FERRY_MIN_LENGTH = 9.0  # ferries shorter than this are drawn this long
MIN_SHARED = 0.8  # areas touch when their outlines share this much edge
LABEL_REACH = 45.0  # province labels go within this distance of the anchor city
STRAIT_HALF_WIDTH = 0.6  # straits are kept open at least twice this wide
QUAD_RADIUS = 2.0  # distance of the four seeds of a four-way corner from it

# Colours of the preview only (the page has its own palette).
SEA_FILL = "#5f8fbf"
LAND_FILL = "#c8c3b4"
LAKE_FILL = "#4d7aa6"


# --- TopoJSON ---------------------------------------------------------------


def country_polygons(geom: dict[str, Any], arcs: list[list[LonLat]]) -> list[Polygon]:
    """The projected polygons of one country, made valid, clipped to the frame."""
    polys = [geom["arcs"]] if geom["type"] == "Polygon" else geom["arcs"]
    out: list[Polygon] = []
    for rings in polys:
        lonlat = [ring_coords(r, arcs) for r in rings]
        if len(lonlat[0]) < 4:
            continue
        # Rings across the antimeridian (Russia's Chukotka) are made continuous.
        if any(abs(a[0] - b[0]) > 180 for ring in lonlat for a, b in pairwise(ring)):
            lonlat = [[(lon + 360 if lon < 0 else lon, lat) for lon, lat in r] for r in lonlat]
        xy = [[project(lon, lat) for lon, lat in ring] for ring in lonlat]
        poly = Polygon(xy[0], [r for r in xy[1:] if len(r) >= 4])
        if not poly.is_valid:
            poly = make_valid(poly)
        if not poly.intersects(FRAME):
            continue
        out.extend(p for p in polygons_of(poly.intersection(FRAME)) if p.area > 0)
    return out


def proj_box(lonlat_box: LonLatBox) -> Polygon:
    """A lon/lat box as a projected polygon (parallels are arcs: densified)."""
    west, south, east, north = lonlat_box
    steps = max(8, int(east - west))
    ring = [project(west + (east - west) * i / steps, south) for i in range(steps + 1)]
    ring += [project(east - (east - west) * i / steps, north) for i in range(steps + 1)]
    return Polygon(ring)


def in_box(point: Point, lonlat_box: LonLatBox) -> bool:
    return bool(proj_box(lonlat_box).contains(point))


def quad_seeds(quad: Quad) -> list[tuple[str, tuple[float, float]]]:
    (x, y), owners = project(*quad[0]), quad[1]
    r = QUAD_RADIUS
    offsets = [(-r, -r), (r, -r), (r, r), (-r, r)]  # NW, NE, SE, SW (y grows south)
    return [
        (o, (x + dx, y + dy)) for o, (dx, dy) in zip(owners, offsets, strict=True) if o is not None
    ]


# --- Voronoi partition ------------------------------------------------------


def voronoi_split(region: Any, seeds: list[tuple[str, tuple[float, float]]]) -> dict[str, Any]:
    """Cut region into the union of Voronoi cells of each owner's seed points."""
    owners = {owner for owner, _ in seeds}
    if len(owners) == 1:
        return {owners.pop(): region}
    points = MultiPoint([xy for _, xy in seeds])
    cells = shapely.voronoi_polygons(points, extend_to=FRAME.buffer(2000))
    cell_owner: dict[str, list[Any]] = {}
    tree_pts = [Point(xy) for _, xy in seeds]
    for cell in cells.geoms:
        for (owner, _), p in zip(seeds, tree_pts, strict=True):
            if cell.contains(p):
                cell_owner.setdefault(owner, []).append(cell)
                break
    return {owner: region.intersection(unary_union(cs)) for owner, cs in cell_owner.items()}


def seed_points(
    pool: dict[str, list[LonLat]], country: Any, game_places: dict[str, list[LonLat]]
) -> list[tuple[str, tuple[float, float]]]:
    seeds = []
    for owner, points in pool.items():
        own = [project(*p) for p in points]
        for p in game_places.get(owner, []):
            xy = project(*p)
            if country.distance(Point(xy)) < 1.0:
                own.append(xy)
        if not own:
            raise SystemExit(f"{owner} has no seed point")
        seeds.extend((owner, xy) for xy in own)
    return seeds


# --- assembly ---------------------------------------------------------------


def add(pieces: dict[str, list[Any]], owner: str, geom: Any) -> None:
    pieces.setdefault(owner, []).extend(p for p in polygons_of(geom) if p.area > 1e-9)


def land_pieces(
    topo: dict[str, Any], game: dict[str, Any]
) -> tuple[dict[str, list[Any]], dict[str, list[Point]]]:
    """Land per province (and "land"), and a point inside every piece not cut by Voronoi."""
    arcs = decode_arcs(topo)
    places = {
        p["id"]: [p["anchor"]] + ([p["port_at"]] if p["port_at"] else []) for p in game["provinces"]
    }
    pieces: dict[str, list[Any]] = {}
    whole: dict[str, list[Any]] = {}
    known = set(COUNTRIES) | PLAIN | set(SPLITS) | set(PART_RULES)
    seen = set()
    for geom in topo["objects"]["countries"]["geometries"]:
        name = geom["properties"]["name"]
        parts = country_polygons(geom, arcs)
        if not parts:
            continue
        seen.add(name)
        if name not in known:
            raise SystemExit(f"country {name!r} in the frame is not assigned")
        rest = []
        for part in parts:
            where = part.representative_point()
            for target, lonlat_box in PART_RULES.get(name, []):
                if in_box(where, lonlat_box):
                    add(whole, target, part)
                    break
            else:
                rest.append(part)
        if not rest:
            continue
        if name in PLAIN_BOXES:
            plain = unary_union([proj_box(b) for b in PLAIN_BOXES[name]])
            add(whole, "land", unary_union(rest).intersection(plain))
            rest = polygons_of(unary_union(rest).difference(plain))
        if name in PLAIN:
            add(whole, "land", unary_union(rest))
        elif name in COUNTRIES:
            add(whole, COUNTRIES[name], unary_union(rest))
        else:
            region = unary_union(rest)
            seeds = seed_points(SPLITS[name], region, places)
            for quad in QUADS.get(name, []):
                seeds.extend(quad_seeds(quad))
            for owner, geom_part in voronoi_split(region, seeds).items():
                add(pieces, owner, geom_part)
    unused = known - seen
    if unused:
        print(f"note: countries not in the frame: {sorted(unused)}", file=sys.stderr)
    for owner, parts in whole.items():
        pieces.setdefault(owner, []).extend(parts)
    return pieces, {o: [p.representative_point() for p in ps] for o, ps in whole.items()}


def shared_length(a: Any, b: Any) -> float:
    return float(a.boundary.intersection(b.buffer(1e-6)).length)


def reattach_fragments(
    areas: dict[str, Any], seeds: dict[str, list[Point]], candidates: Iterable[str]
) -> None:
    """Pieces without any of their area's seeds join the neighbour sharing most outline.

    Islands (pieces that touch no other candidate area) stay where they are.
    """
    names = list(candidates)
    changed = True
    while changed:
        changed = False
        for name in names:
            parts = polygons_of(areas[name])
            if len(parts) < 2:
                continue
            keep, move = [], []
            for part in parts:
                grown = part.buffer(0.05)
                if any(grown.contains(s) for s in seeds.get(name, [])):
                    keep.append(part)
                else:
                    move.append(part)
            if not keep:
                keep.append(max(move, key=lambda p: p.area))
                move.remove(keep[0])
            for part in move:
                best, best_len = None, 0.0
                for other in names:
                    if other == name:
                        continue
                    length = shared_length(part, areas[other])
                    if length > best_len:
                        best, best_len = other, length
                if best is None or best_len < 1e-3:
                    keep.append(part)
                    continue
                areas[best] = unary_union([areas[best], part])
                changed = True
            areas[name] = unary_union(keep)


def build_areas(topo: dict[str, Any], game: dict[str, Any]) -> dict[str, Any]:
    pieces, anchored = land_pieces(topo, game)
    province_ids = [p["id"] for p in game["provinces"]]
    pieces.setdefault("gib", [])  # drawn below, at a minimum size
    missing = [p for p in province_ids if p not in pieces]
    if missing:
        raise SystemExit(f"provinces without land: {missing}")
    areas: dict[str, Any] = {k: unary_union(v) for k, v in pieces.items()}
    prov = {p["id"]: p for p in game["provinces"]}

    # Gibraltar: a disc of minimum size at the anchor, cut out of the land around it.
    gib_xy = Point(project(*prov["gib"]["anchor"]))
    disc = gib_xy.buffer(GIBRALTAR_RADIUS, quad_segs=4)
    areas["gib"] = unary_union([areas["gib"], areas["svl"].intersection(disc)])
    areas["svl"] = areas["svl"].difference(disc)
    # Malta: grown until it can hold a label.
    grow = 0.0
    while areas["mal"].buffer(grow).area < MALTA_MIN_AREA:
        grow += 0.2
    areas["mal"] = areas["mal"].buffer(grow, quad_segs=4)

    seeds: dict[str, list[Point]] = {o: list(pts) for o, pts in anchored.items()}
    for pid, p in prov.items():
        seeds.setdefault(pid, []).append(Point(project(*p["anchor"])))
        if p["port_at"]:
            seeds[pid].append(Point(project(*p["port_at"])))
    for pool in SPLITS.values():
        for owner, pts in pool.items():
            seeds.setdefault(owner, []).extend(Point(project(*q)) for q in pts)
    reattach_fragments(areas, seeds, province_ids)
    straits = unary_union(
        [LineString([project(*q) for q in line]) for line in STRAITS.values()]
    ).buffer(STRAIT_HALF_WIDTH)
    for name in list(areas):
        areas[name] = areas[name].difference(straits)

    # Specks of land become sea.
    for name in list(areas):
        kept = [p for p in polygons_of(areas[name]) if p.area >= MIN_ISLAND]
        areas[name] = MultiPolygon(kept)

    land = unary_union(list(areas.values()))
    water = FRAME.difference(land)
    sea_seeds = [
        (s["id"], project(*q)) for s in game["seas"] for q in [s["anchor"], *SEA_SEEDS[s["id"]]]
    ]
    for quad in SEA_QUADS:
        sea_seeds.extend(quad_seeds(quad))
    seed_pts = [Point(xy) for _, xy in sea_seeds]
    outer = unary_union([proj_box(b) for b in OUTER_WATER])
    lakes, open_water = polygons_of(water.intersection(outer)), []
    for part in polygons_of(water.difference(outer)):
        (open_water if any(part.buffer(0.01).contains(p) for p in seed_pts) else lakes).append(part)
    seas = voronoi_split(unary_union(open_water), sea_seeds)
    sea_ids = [s["id"] for s in game["seas"]]
    for sid in sea_ids:
        areas[sid] = seas[sid]
        seeds[sid] = [Point(xy) for owner, xy in sea_seeds if owner == sid]
    reattach_fragments(areas, seeds, sea_ids)
    areas["lake"] = unary_union(lakes) if lakes else MultiPolygon()
    return areas


def make_coverage(areas: dict[str, Any]) -> dict[str, Any]:
    """Node every outline together and rebuild the areas from the faces."""
    names = [n for n in areas if not areas[n].is_empty]
    geoms = [shapely.set_precision(areas[n], 0.001) for n in names]
    lines = unary_union([g.boundary for g in geoms] + [FRAME.boundary])
    faces = list(shapely.polygonize(list(polygons_lines(lines))).geoms)
    tree = STRtree(geoms)
    owned: dict[str, list[Any]] = {n: [] for n in names}
    for face in faces:
        rp = face.point_on_surface()
        hits = [i for i in tree.query(rp) if geoms[i].contains(rp)]
        if not hits:  # a crack between areas: it joins the one sharing most outline
            near = tree.query(face.buffer(0.01))
            hits = sorted(near, key=lambda i: -shared_length(face, geoms[i]))
        if not hits:
            continue
        owned[names[hits[0]]].append(face)
    return {n: unary_union(fs) for n, fs in owned.items() if fs}


def polygons_lines(lines: Any) -> Iterable[Any]:
    if hasattr(lines, "geoms"):
        yield from lines.geoms
    else:
        yield lines


def simplify_coverage(areas: dict[str, Any]) -> dict[str, Any]:
    names = list(areas)
    simplified = shapely.coverage_simplify(
        [areas[n] for n in names], SIMPLIFY, simplify_boundary=False
    )
    return dict(zip(names, simplified, strict=True))


# --- checks -----------------------------------------------------------------


def touching(areas: dict[str, Any], ids: list[str]) -> dict[frozenset[str], float]:
    out = {}
    tree = STRtree([areas[i] for i in ids])
    for k, a in enumerate(ids):
        for j in tree.query(areas[a]):
            b = ids[j]
            if j <= k:
                continue
            length = shared_length(areas[a], areas[b])
            if length > 0:
                out[frozenset((a, b))] = length
    return out


def check_adjacency(areas: dict[str, Any], game: dict[str, Any]) -> list[str]:
    problems = []
    pids = [p["id"] for p in game["provinces"]]
    sids = [s["id"] for s in game["seas"]]
    contacts = touching(areas, pids + sids)
    land = {frozenset((p["id"], b)) for p in game["provinces"] for b in p["borders"]}
    sea = {frozenset((s["id"], b)) for s in game["seas"] for b in s["adjacent"]}
    coasts = {frozenset((s["id"], c)) for s in game["seas"] for c in s["coasts"]}
    for pair, length in sorted(contacts.items(), key=lambda kv: sorted(kv[0])):
        a, b = sorted(pair)
        kind = ("province" if a in pids else "sea", "province" if b in pids else "sea")
        expected = (
            land if kind == ("province", "province") else sea if kind == ("sea", "sea") else coasts
        )
        if length >= MIN_SHARED and pair not in expected:
            where = areas[a].boundary.intersection(areas[b].buffer(1e-6)).centroid
            problems.append(
                f"{a}-{b} touch on the map ({length:.1f} at {unproject(where.x, where.y)})"
                " but are not adjacent"
            )
    for pair in sorted(land | sea, key=sorted):
        length = contacts.get(pair, 0.0)
        if length < MIN_SHARED:
            a, b = sorted(pair)
            problems.append(f"{a}-{b} adjacent in the data, share {length:.1f} on the map")
    for pair in sorted(coasts, key=sorted):
        if contacts.get(pair, 0.0) < MIN_SHARED:
            a, b = sorted(pair)
            problems.append(f"coast {a}-{b} listed, shares {contacts.get(pair, 0.0):.1f}")
    return problems


# --- output -----------------------------------------------------------------


def label_point(geom: Any, anchor: list[float]) -> list[float]:
    """Pole of inaccessibility of the province near its anchor city.

    Only the part within LABEL_REACH of the anchor counts, so that the name of a
    province that runs into the desert or off the frame (Tripoli, Egypt, Fez) stays
    by its city."""
    near = geom.intersection(Point(project(*anchor)).buffer(LABEL_REACH))
    main = max(polygons_of(near) or polygons_of(geom), key=lambda p: p.area)
    pt = polylabel(main, tolerance=0.3)
    return [round(pt.x, 1), round(pt.y, 1)]


def xy(lonlat: Iterable[float]) -> list[float]:
    x, y = project(*lonlat)
    return [round(x, 1), round(y, 1)]


def port_dot(province: Any, sea: Any, port_at: list[float]) -> list[float]:
    shared = shapely.line_merge(province.boundary.intersection(sea.buffer(1e-6)))
    # Only real stretches of coast: not a corner where the two meet at a point.
    coast = unary_union([g for g in polygons_lines(shared) if g.length >= MIN_SHARED / 2])
    if coast.is_empty:
        raise SystemExit("a port's province does not touch its district")
    near, _ = nearest_points(coast, Point(project(*port_at)))
    return [round(near.x, 1), round(near.y, 1)]


def ferry_line(ferry: dict[str, Any]) -> list[list[float]]:
    (ax, ay), (bx, by) = (project(*p) for p in ferry["line"])
    d = math.dist((ax, ay), (bx, by))
    if d < FERRY_MIN_LENGTH:
        ux, uy = (bx - ax) / d, (by - ay) / d
        grow = (FERRY_MIN_LENGTH - d) / 2
        ax, ay, bx, by = ax - ux * grow, ay - uy * grow, bx + ux * grow, by + uy * grow
    return [[round(ax, 1), round(ay, 1)], [round(bx, 1), round(by, 1)]]


def build(atlas_dir: Path) -> dict[str, Any]:
    topo = json.loads((atlas_dir / ATLAS_FILE).read_text(encoding="utf-8"))
    version = json.loads((atlas_dir / "package.json").read_text(encoding="utf-8"))["version"]
    game = json.loads(MAP_FILE.read_text(encoding="utf-8"))
    areas = simplify_coverage(make_coverage(build_areas(topo, game)))
    if not shapely.coverage_is_valid(list(areas.values())):
        print("warning: the coverage is not valid after simplification", file=sys.stderr)
    problems = check_adjacency(areas, game)
    for line in problems:
        print(f"mismatch: {line}", file=sys.stderr)
    provinces = {}
    for p in game["provinces"]:
        shape = areas[p["id"]]
        entry: dict[str, Any] = {
            "d": geom_path(shape),
            "label": label_point(shape, p["anchor"]),
            "anchor": xy(p["anchor"]),
        }
        if p["port"]:
            entry["port"] = port_dot(shape, areas[p["port"]], p["port_at"])
        provinces[p["id"]] = entry
    seas = {
        s["id"]: {"d": geom_path(areas[s["id"]]), "label": xy(s["anchor"])} for s in game["seas"]
    }
    data = {
        "format": 1,
        "map": game["id"],
        "source": f"Natural Earth via world-atlas {version}, public domain",
        "projection": {
            "name": "Lambert conformal conic (sphere)",
            "lon0": LON0,
            "lat1": LAT1,
            "lat2": LAT2,
            "x0": _X0,
            "y0": _Y0,
            "scale": SCALE,
        },
        "viewBox": [0, 0, int(WIDTH), HEIGHT],
        "provinces": provinces,
        "seas": seas,
        "land": geom_path(areas["land"]) if "land" in areas else "",
        "lakes": geom_path(areas["lake"]) if "lake" in areas else "",
        "ferries": {f["id"]: ferry_line(f) for f in game["ferries"]},
    }
    data["mismatches"] = len(problems)
    return data


def preview_svg(data: dict[str, Any], game: dict[str, Any]) -> str:
    w, h = data["viewBox"][2], data["viewBox"][3]
    colour = {n["id"]: n["colour"] for n in game["nations"]}
    colour["neutral"] = game["neutral"]["colour"]
    owner = {p["id"]: p["owner"] for p in game["provinces"]}
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}">',
        f'<rect width="{w}" height="{h}" fill="{SEA_FILL}"/>',
    ]
    for s in data["seas"].values():
        out.append(f'<path d="{s["d"]}" fill="{SEA_FILL}" stroke="#9cc3e8" stroke-width="0.5"/>')
    out.append(f'<path d="{data["lakes"]}" fill="{LAKE_FILL}"/>')
    out.append(f'<path d="{data["land"]}" fill="{LAND_FILL}" stroke="#888" stroke-width="0.3"/>')
    for pid, p in data["provinces"].items():
        out.append(
            f'<path d="{p["d"]}" fill="{colour[owner[pid]]}" stroke="#777" stroke-width="0.5"/>'
        )
    for line in data["ferries"].values():
        (x1, y1), (x2, y2) = line
        out.append(
            f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#fff" stroke-width="1.6"/>'
        )
    for p in data["provinces"].values():
        if "port" in p:
            x, y = p["port"]
            out.append(
                f'<circle cx="{x}" cy="{y}" r="2" fill="#1f5fff" stroke="#fff" stroke-width="0.5"/>'
            )
    names = {p["id"]: p["name"].split(" (")[0] for p in game["provinces"]}
    for pid, p in data["provinces"].items():
        x, y = p["label"]
        fill = "#fff" if owner[pid] in ("neutral", "germany", "russia", "ottoman") else "#000"
        out.append(
            f'<text x="{x}" y="{y + 1.5}" font-size="5" font-family="sans-serif" '
            f'text-anchor="middle" fill="{fill}">{names[pid]}</text>'
        )
    for sid, s in data["seas"].items():
        x, y = s["label"]
        out.append(
            f'<text x="{x}" y="{y}" font-size="8" font-style="italic" '
            f'font-family="serif" text-anchor="middle" fill="#e8f2ff">{sid}</text>'
        )
    out.append("</svg>")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--atlas",
        type=Path,
        default=Path("/tmp/wa/package"),
        help="unpacked world-atlas npm package",
    )
    parser.add_argument("--out", type=Path, default=OUT_FILE)
    parser.add_argument("--preview", type=Path, help="also write a preview SVG here")
    args = parser.parse_args(argv)
    data = build(args.atlas)
    mismatches = data.pop("mismatches")
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    args.out.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({len(text) / 1024:.1f} KB), {mismatches} adjacency mismatches")
    if args.preview:
        game = json.loads(MAP_FILE.read_text(encoding="utf-8"))
        args.preview.write_text(preview_svg(data, game), encoding="utf-8")
        print(f"wrote {args.preview}")
    return 1 if mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main())
