"""Build ``maps/classic_geometry.json``: real territory shapes for the Classic Risk map.

This is a development-time generator. The game only reads the JSON it writes and
never imports this module (it needs shapely, which the game must not depend on).

Source data: Natural Earth (public domain) as packaged in the npm package
``world-atlas`` (TopoJSON). Fetch it with npm's ordinary client::

    mkdir -p /tmp/wa && cd /tmp/wa && npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz
    # -> /tmp/wa/package/countries-50m.json

Run it with a throwaway virtualenv that has shapely (>= 2.0)::

    python3 -m venv /tmp/geo-venv && /tmp/geo-venv/bin/pip install shapely
    /tmp/geo-venv/bin/python tools/build_geometry.py --atlas /tmp/wa/package \
        [--preview /tmp/geo.svg]

then render the preview for a visual check, e.g.::

    chromium --no-sandbox --disable-gpu --headless --screenshot=/tmp/geo.png \
        --window-size=1200,700 file:///tmp/geo.svg

Pipeline:

1. decode the TopoJSON arcs (delta-encoded, quantized) into lon/lat;
2. project every arc with the Miller cylindrical projection into viewBox units;
3. simplify every *arc* (Douglas-Peucker), so that borders shared by two
   countries stay identical on both sides and territories do not overlap;
4. rebuild the country polygons; Russian points east of the Bering Strait
   (Chukotka) are moved one world-width to the right, so the map runs
   from Alaska on the left edge to Kamchatka on the right edge;
5. assign every country to one territory or drop it (``COUNTRIES``); the big
   countries are cut by longitude/latitude boxes (``SPLITS``): the main part is
   clipped against the boxes, smaller parts (islands) go whole to the box that
   holds their representative point;
6. union per territory (a 0.2-unit closing and opening removes hairline cracks
   and spikes) and per continent, drop specks, pick label points with
   polylabel (pole of inaccessibility), compute sea-link segments between the
   nearest coasts, and write compact SVG path data rounded to 0.1.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from shapely import (
    LineString,
    MultiPolygon,
    Point,
    Polygon,
    box,
    make_valid,
    unary_union,
)
from shapely.geometry.polygon import orient
from shapely.ops import nearest_points, polylabel

ROOT = Path(__file__).resolve().parent.parent
MAP_FILE = ROOT / "maps" / "classic.json"
OUT_FILE = ROOT / "maps" / "classic_geometry.json"
ATLAS_FILE = "countries-50m.json"

# --- projection -------------------------------------------------------------

WIDTH = 1000.0
LON_LEFT = -172.0  # left edge of the map
LON_RIGHT = 192.5  # right edge (Chukotka is moved past 180)
BERING_CUT = -168.9  # Russian rings entirely west of this move +360 degrees
LAT_TOP = 84.0
LAT_BOTTOM = -56.5
SCALE = WIDTH / math.radians(LON_RIGHT - LON_LEFT)  # viewBox units per radian


def miller_y(lat: float) -> float:
    lat = max(min(lat, 89.0), -89.0)
    return 1.25 * math.log(math.tan(math.pi / 4 + 0.4 * math.radians(lat)))


Y_TOP = miller_y(LAT_TOP)
HEIGHT = round((Y_TOP - miller_y(LAT_BOTTOM)) * SCALE)


def project(lon: float, lat: float) -> tuple[float, float]:
    return (math.radians(lon - LON_LEFT) * SCALE, (Y_TOP - miller_y(lat)) * SCALE)


def proj_box(lon0: float, lat0: float, lon1: float, lat1: float) -> Polygon:
    """A lon/lat box; Miller is separable, so it stays an axis-aligned box."""
    x0, y0 = project(lon0, lat1)
    x1, y1 = project(lon1, lat0)
    return box(x0, y0, x1, y1)


# --- tuning -----------------------------------------------------------------

SIMPLIFY = 0.8  # Douglas-Peucker tolerance on arcs, viewBox units
MIN_PART_AREA = 4.0  # drop polygon parts smaller than this (square units) ...
MAX_PART_GAP = 28.0  # ... and parts this far from the territory's main part
DESPIKE = 0.2  # removes cracks and spikes narrower than twice this
KEEP_FAR = {"indonesia", "scandinavia", "central_america", "northwest_territory"}

# --- country -> territory ---------------------------------------------------

# Countries that go whole into one territory. Every country of the atlas must
# be listed here, in SPLITS, or in DROP; the build fails otherwise.
COUNTRIES: dict[str, str] = {
    # North America
    "Greenland": "greenland",
    **dict.fromkeys(
        [
            "Mexico",
            "Guatemala",
            "Belize",
            "Honduras",
            "El Salvador",
            "Nicaragua",
            "Costa Rica",
            "Panama",
            "Cuba",
            "Jamaica",
            "Haiti",
            "Dominican Rep.",
            "Puerto Rico",
            "Bahamas",
            "Cayman Is.",
            "Turks and Caicos Is.",
        ],
        "central_america",
    ),
    # South America
    **dict.fromkeys(
        ["Venezuela", "Colombia", "Guyana", "Suriname", "Trinidad and Tobago"], "venezuela"
    ),
    **dict.fromkeys(["Peru", "Ecuador", "Bolivia"], "peru"),
    "Brazil": "brazil",
    **dict.fromkeys(["Argentina", "Chile", "Uruguay", "Paraguay", "Falkland Is."], "argentina"),
    # Europe
    "Iceland": "iceland",
    **dict.fromkeys(
        ["United Kingdom", "Ireland", "Isle of Man", "Guernsey", "Jersey"], "great_britain"
    ),
    **dict.fromkeys(["Norway", "Sweden", "Finland", "Åland"], "scandinavia"),
    **dict.fromkeys(
        [
            # Denmark: Jutland is joined to Germany, and the Classic board has
            # only a sea link between Northern Europe and Scandinavia.
            "Denmark",
            "Germany",
            "Poland",
            "Netherlands",
            "Belgium",
            "Luxembourg",
            "Czechia",
            "Slovakia",
            "Austria",
            "Switzerland",
            "Liechtenstein",
        ],
        "northern_europe",
    ),
    **dict.fromkeys(["Spain", "Portugal", "Andorra", "Monaco"], "western_europe"),
    **dict.fromkeys(
        [
            "Italy",
            "San Marino",
            "Vatican",
            "Malta",
            "Slovenia",
            "Croatia",
            "Bosnia and Herz.",
            "Serbia",
            "Montenegro",
            "Kosovo",
            "Albania",
            "Macedonia",
            "Greece",
            "Bulgaria",
            "Romania",
            "Hungary",
        ],
        "southern_europe",
    ),
    **dict.fromkeys(["Ukraine", "Belarus", "Moldova", "Estonia", "Latvia", "Lithuania"], "ukraine"),
    # Africa
    **dict.fromkeys(
        [
            "Morocco",
            "W. Sahara",
            "Algeria",
            "Tunisia",
            "Mauritania",
            "Mali",
            "Niger",
            "Chad",
            "Senegal",
            "Gambia",
            "Guinea-Bissau",
            "Guinea",
            "Sierra Leone",
            "Liberia",
            "Côte d'Ivoire",
            "Burkina Faso",
            "Ghana",
            "Togo",
            "Benin",
            "Nigeria",
            "Cabo Verde",
        ],
        "north_africa",
    ),
    **dict.fromkeys(["Egypt", "Libya"], "egypt"),
    **dict.fromkeys(
        [
            "Sudan",
            "S. Sudan",
            "Ethiopia",
            "Eritrea",
            "Djibouti",
            "Somalia",
            "Somaliland",
            "Kenya",
            "Uganda",
            "Rwanda",
            "Burundi",
            "Tanzania",
        ],
        "east_africa",
    ),
    **dict.fromkeys(
        [
            "Cameroon",
            "Central African Rep.",
            "Congo",
            "Dem. Rep. Congo",
            "Gabon",
            "Eq. Guinea",
            "Angola",
            "São Tomé and Principe",
        ],
        "congo",
    ),
    **dict.fromkeys(
        [
            "South Africa",
            "Namibia",
            "Botswana",
            "Zimbabwe",
            "Zambia",
            "Mozambique",
            "Malawi",
            "Lesotho",
            "eSwatini",
        ],
        "south_africa",
    ),
    **dict.fromkeys(["Madagascar", "Comoros"], "madagascar"),
    # Asia
    **dict.fromkeys(
        [
            "Turkey",
            "Syria",
            "Iraq",
            "Iran",
            "Israel",
            "Palestine",
            "Jordan",
            "Lebanon",
            "Saudi Arabia",
            "Yemen",
            "Oman",
            "United Arab Emirates",
            "Qatar",
            "Bahrain",
            "Kuwait",
            "Cyprus",
            "N. Cyprus",
            "Georgia",
            "Armenia",
            "Azerbaijan",
        ],
        "middle_east",
    ),
    **dict.fromkeys(
        ["Afghanistan", "Turkmenistan", "Uzbekistan", "Tajikistan", "Kyrgyzstan"],
        "afghanistan",
    ),
    **dict.fromkeys(
        ["India", "Pakistan", "Nepal", "Bhutan", "Bangladesh", "Sri Lanka", "Siachen Glacier"],
        "india",
    ),
    **dict.fromkeys(["Myanmar", "Thailand", "Laos", "Cambodia", "Vietnam", "Singapore"], "siam"),
    **dict.fromkeys(["Taiwan", "Hong Kong", "Macao"], "china"),
    **dict.fromkeys(["Mongolia", "North Korea", "South Korea"], "mongolia"),
    "Japan": "japan",
    **dict.fromkeys(["Philippines", "Brunei", "Timor-Leste"], "indonesia"),
    "Papua New Guinea": "new_guinea",
}

# Countries cut into several territories. Each rule is (territory or None to
# drop, [lon0, lat0, lon1, lat1 boxes]); the rules are applied in order, and
# what no rule covers is dropped. ``cut=False``: no part is clipped, every
# part goes whole by its representative point.
Box = tuple[float, float, float, float]
SPLITS: dict[str, dict[str, Any]] = {
    "United States of America": {
        "cut": True,
        "rules": [
            ("alaska", [(-169.0, 50.5, -129.0, 72.0)]),
            ("western_us", [(-125.0, 24.0, -100.0, 50.0)]),
            ("eastern_us", [(-100.0, 24.0, -60.0, 50.0)]),
        ],
    },
    "Canada": {
        "cut": True,
        "rules": [
            ("alberta", [(-141.0, 40.0, -110.0, 60.0)]),
            ("ontario", [(-110.0, 40.0, -79.5, 60.0)]),
            ("quebec", [(-79.5, 40.0, -50.0, 62.7)]),
            ("northwest_territory", [(-141.0, 60.0, -50.0, 84.0)]),
        ],
    },
    "Russia": {
        "cut": True,
        "rules": [
            ("ukraine", [(19.0, 40.0, 55.0, 84.0)]),
            ("ural", [(55.0, 40.0, 75.0, 84.0)]),
            ("siberia", [(75.0, 40.0, 100.0, 84.0)]),
            ("yakutsk", [(100.0, 60.0, 140.0, 84.0)]),
            ("irkutsk", [(100.0, 40.0, 125.0, 60.0)]),
            ("kamchatka", [(140.0, 40.0, 192.0, 84.0), (125.0, 40.0, 140.0, 60.0)]),
        ],
    },
    "Kazakhstan": {
        "cut": True,
        "rules": [
            ("afghanistan", [(45.0, 35.0, 66.0, 56.0)]),
            ("ural", [(66.0, 35.0, 82.0, 56.0)]),
            ("siberia", [(82.0, 35.0, 90.0, 56.0)]),
        ],
    },
    "China": {
        "cut": True,
        "rules": [
            ("mongolia", [(115.0, 40.5, 136.0, 54.0)]),
            ("china", [(73.0, 15.0, 136.0, 54.0)]),
        ],
    },
    "Australia": {
        "cut": True,
        "rules": [
            ("western_australia", [(112.0, -45.0, 135.0, -9.0)]),
            ("eastern_australia", [(135.0, -45.0, 155.0, -9.0)]),
        ],
    },
    "Indonesia": {
        "cut": False,
        "rules": [
            ("new_guinea", [(130.8, -11.0, 142.0, 0.0)]),
            ("indonesia", [(94.0, -11.0, 130.8, 6.0), (130.8, 0.0, 136.0, 6.0)]),
        ],
    },
    "Malaysia": {
        "cut": False,
        "rules": [
            ("siam", [(99.0, 0.0, 105.0, 8.0)]),
            ("indonesia", [(105.0, 0.0, 120.0, 8.0)]),
        ],
    },
    "France": {
        "cut": False,
        "rules": [
            ("western_europe", [(-6.0, 41.0, 10.0, 52.0)]),
            ("venezuela", [(-55.0, 1.0, -51.0, 6.0)]),  # French Guiana
        ],
    },
}

# Dropped: Antarctic, remote islands and specks that belong to no territory.
DROP = {
    "Antarctica",
    "Fr. S. Antarctic Lands",
    "Heard I. and McDonald Is.",
    "S. Geo. and the Is.",
    "Br. Indian Ocean Ter.",
    "Indian Ocean Ter.",
    "Ashmore and Cartier Is.",
    "Saint Helena",
    "Mauritius",
    "Seychelles",
    "Maldives",
    "Faeroe Is.",
    "Bermuda",
    "St. Pierre and Miquelon",
    "Anguilla",
    "Antigua and Barb.",
    "Aruba",
    "Barbados",
    "British Virgin Is.",
    "U.S. Virgin Is.",
    "Curaçao",
    "Dominica",
    "Grenada",
    "Montserrat",
    "Saint Lucia",
    "St-Barthélemy",
    "St-Martin",
    "Sint Maarten",
    "St. Kitts and Nevis",
    "St. Vin. and Gren.",
    "American Samoa",
    "Samoa",
    "Cook Is.",
    "Fiji",
    "Fr. Polynesia",
    "Guam",
    "Kiribati",
    "Marshall Is.",
    "Micronesia",
    "N. Mariana Is.",
    "Nauru",
    "New Caledonia",
    "Niue",
    "Norfolk Island",
    "Palau",
    "Pitcairn Is.",
    "Solomon Is.",
    "Tonga",
    "Vanuatu",
    "Wallis and Futuna Is.",
    "New Zealand",  # not on the Classic board
}

CONTINENT_COLOURS = {
    "north_america": "#e8c547",
    "south_america": "#d9603b",
    "europe": "#5b8fd1",
    "africa": "#c9894a",
    "asia": "#6fb06a",
    "australia": "#a86cc1",
}


# --- TopoJSON ---------------------------------------------------------------


def decode_arcs(topo: dict[str, Any]) -> list[list[tuple[float, float]]]:
    """Absolute lon/lat coordinates of every arc of a quantized TopoJSON."""
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        pts = []
        for dx, dy in arc:
            x += dx
            y += dy
            pts.append((x * sx + tx, y * sy + ty))
        arcs.append(pts)
    return arcs


def simplify_arc(pts: list[tuple[float, float]], tol: float) -> list[tuple[float, float]]:
    """Project an arc and simplify it, keeping both end points."""
    xy = [project(lon, lat) for lon, lat in pts]
    if len(xy) < 3:
        return xy
    if xy[0] == xy[-1]:
        # Closed arc (an island): split at the farthest point so that
        # Douglas-Peucker has a proper baseline on both halves.
        far = max(range(len(xy)), key=lambda i: math.dist(xy[0], xy[i]))
        a = simplify_arc_xy(xy[: far + 1], tol)
        b = simplify_arc_xy(xy[far:], tol)
        return a[:-1] + b
    return simplify_arc_xy(xy, tol)


def simplify_arc_xy(xy: list[tuple[float, float]], tol: float) -> list[tuple[float, float]]:
    if len(xy) < 3:
        return xy
    return list(LineString(xy).simplify(tol, preserve_topology=False).coords)


def ring_coords(
    indices: Sequence[int], arcs: list[list[tuple[float, float]]]
) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for i in indices:
        pts = arcs[i] if i >= 0 else arcs[~i][::-1]
        out.extend(pts if not out else pts[1:])
    return out


def country_parts(
    geom: dict[str, Any], arcs: list[list[tuple[float, float]]], shift_east: bool
) -> list[Polygon]:
    """The polygons of one country, each made valid; optionally move Chukotka east."""
    polys = [geom["arcs"]] if geom["type"] == "Polygon" else geom["arcs"]
    world = math.radians(360.0) * SCALE
    cut_x = project(BERING_CUT, 0.0)[0]
    parts = []
    for rings in polys:
        coords = [ring_coords(r, arcs) for r in rings]
        if len(coords[0]) < 4:
            continue
        if shift_east:
            # world-atlas keeps rings across the antimeridian whole (they jump
            # from +180 to -180), so the shift is done point by point.
            coords = [[(x + world if x < cut_x else x, y) for x, y in ring] for ring in coords]
        poly = Polygon(coords[0], [c for c in coords[1:] if len(c) >= 4])
        fixed = make_valid(poly) if not poly.is_valid else poly
        parts.extend(polygons_of(fixed))
    return [p for p in parts if p.area > 0]


def polygons_of(geom: Any) -> list[Polygon]:
    if isinstance(geom, Polygon):
        return [geom] if not geom.is_empty else []
    if hasattr(geom, "geoms"):
        return [p for g in geom.geoms for p in polygons_of(g)]
    return []


# --- assembly ---------------------------------------------------------------


def assign_split(name: str, parts: list[Polygon], spec: dict[str, Any]) -> dict[str, list[Polygon]]:
    rules = [(terr, unary_union([proj_box(*b) for b in boxes])) for terr, boxes in spec["rules"]]
    out: dict[str, list[Polygon]] = {}
    main = max(parts, key=lambda p: p.area) if spec["cut"] else None
    for part in parts:
        if part is main:
            rest = part
            for terr, region in rules:
                piece = rest.intersection(region)
                rest = rest.difference(region)
                out.setdefault(terr, []).extend(polygons_of(piece))
            if rest.area > MIN_PART_AREA:
                print(f"warning: {name}: {rest.area:.1f} of the main part dropped", file=sys.stderr)
            continue
        where = part.representative_point()
        for terr, region in rules:
            if region.contains(where):
                out.setdefault(terr, []).append(part)
                break
        else:
            if part.area > 20:
                print(
                    f"note: {name}: part of area {part.area:.0f} at {where} dropped",
                    file=sys.stderr,
                )
    return out


def clean_territory(tid: str, polys: list[Polygon]) -> MultiPolygon:
    # A small closing and opening removes the hairline cracks left where cut
    # pieces of different countries meet and the spikes that arc simplification
    # leaves on narrow bumps of a border.
    union = unary_union(polys)
    for r in (DESPIKE, -2 * DESPIKE, DESPIKE):
        union = union.buffer(r, join_style="mitre")
    merged = polygons_of(union.intersection(box(0, 0, WIDTH, HEIGHT)))
    merged.sort(key=lambda p: p.area, reverse=True)
    main = merged[0]
    kept = [main]
    for p in merged[1:]:
        if p.area < MIN_PART_AREA:
            continue
        if tid not in KEEP_FAR and p.distance(main) > MAX_PART_GAP:
            continue
        kept.append(p)
    # Drop holes that are mere slivers (lakes and rounding artefacts).
    kept = [
        Polygon(p.exterior, [r for r in p.interiors if Polygon(r).area >= MIN_PART_AREA])
        for p in kept
    ]
    return MultiPolygon(kept)


def continent_outline(members: list[MultiPolygon]) -> MultiPolygon:
    """Union of territories, closing the hairline gaps that box cuts leave."""
    merged = unary_union(members).buffer(0.05, join_style="mitre").buffer(-0.05, join_style="mitre")
    return MultiPolygon(
        [
            Polygon(p.exterior, [r for r in p.interiors if Polygon(r).area >= MIN_PART_AREA])
            for p in polygons_of(merged)
        ]
    )


# --- output -----------------------------------------------------------------


def fmt(v: float) -> str:
    s = f"{v:.1f}"
    if s.endswith(".0"):
        s = s[:-2]
    return "0" if s == "-0" else s


def ring_path(coords: Iterable[tuple[float, float]]) -> str:
    pts: list[tuple[str, str]] = []
    for x, y in coords:
        p = (fmt(x), fmt(y))
        if not pts or pts[-1] != p:
            pts.append(p)
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts.pop()
    if len(pts) < 3:
        return ""
    head, *tail = pts
    return f"M{head[0]},{head[1]}L" + " ".join(f"{x},{y}" for x, y in tail) + "Z"


def geom_path(geom: Any) -> str:
    out = []
    for poly in polygons_of(geom):
        poly = orient(poly, sign=1.0)  # exterior and holes wound oppositely
        out.append(ring_path(poly.exterior.coords))
        out.extend(ring_path(r.coords) for r in poly.interiors)
    return "".join(out)


def label_point(geom: MultiPolygon) -> tuple[float, float]:
    main = max(geom.geoms, key=lambda p: p.area)
    pt = polylabel(main, tolerance=0.5)
    return (round(pt.x, 1), round(pt.y, 1))


def extend(a: Point, b: Point, min_len: float) -> tuple[Point, Point]:
    """Lengthen segment a-b symmetrically to at least min_len."""
    d = a.distance(b)
    if d >= min_len or d == 0:
        return a, b
    ux, uy = (b.x - a.x) / d, (b.y - a.y) / d
    grow = (min_len - d) / 2
    return Point(a.x - ux * grow, a.y - uy * grow), Point(b.x + ux * grow, b.y + uy * grow)


def pt(p: Point) -> list[float]:
    return [round(p.x, 1), round(p.y, 1)]


def sea_segments(a: str, b: str, shapes: dict[str, MultiPolygon]) -> list[list[list[float]]]:
    ga, gb = shapes[a], shapes[b]
    xa0, _, xa1, _ = ga.bounds
    xb0, _, xb1, _ = gb.bounds
    # A link that crosses the map edge: one stub from each shape to its edge.
    if abs(xa0 - xb1) > WIDTH / 2 and abs(xa1 - xb0) > WIDTH / 2:
        left, right = (ga, gb) if xa0 < xb0 else (gb, ga)
        lp = nearest_points(left, LineString([(0, 0), (0, HEIGHT)]))
        rp = nearest_points(right, LineString([(WIDTH, 0), (WIDTH, HEIGHT)]))
        y = (lp[0].y + rp[0].y) / 2
        first = [pt(lp[0]), [0.0, round(y, 1)]]
        second = [[WIDTH, round(y, 1)], pt(rp[0])]
        return [first, second] if left is ga else [second, first]
    pa, pb = nearest_points(ga, gb)
    if pa.distance(pb) < 0.1:
        # Touching shapes: draw the stub across the contact, towards the labels.
        la, lb = label_point(ga), label_point(gb)
        d = math.dist(la, lb)
        ux, uy = (lb[0] - la[0]) / d, (lb[1] - la[1]) / d
        pa = Point(pa.x - ux * 0.05, pa.y - uy * 0.05)
        pb = Point(pb.x + ux * 0.05, pb.y + uy * 0.05)
    pa, pb = extend(pa, pb, 14.0)
    return [[pt(pa), pt(pb)]]


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


def check_links(links: list[dict[str, str]], shapes: dict[str, MultiPolygon]) -> None:
    """Report where the real geography disagrees with the board's links."""
    for link in links:
        gap = shapes[link["a"]].distance(shapes[link["b"]])
        if link["kind"] == "land" and gap > 0.5:
            print(
                f"note: land link {link['a']}-{link['b']} crosses {gap:.1f} of sea", file=sys.stderr
            )
        if link["kind"] == "sea" and gap < 0.5:
            print(
                f"note: sea link {link['a']}-{link['b']} between touching shapes", file=sys.stderr
            )


def build(atlas_dir: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    topo = json.loads((atlas_dir / ATLAS_FILE).read_text(encoding="utf-8"))
    version = json.loads((atlas_dir / "package.json").read_text(encoding="utf-8"))["version"]
    game = json.loads(MAP_FILE.read_text(encoding="utf-8"))
    arcs = [simplify_arc(a, SIMPLIFY) for a in decode_arcs(topo)]

    pieces: dict[str, list[Polygon]] = {t["id"]: [] for t in game["territories"]}
    seen = set()
    for geom in topo["objects"]["countries"]["geometries"]:
        name = geom["properties"]["name"]
        seen.add(name)
        if name in DROP:
            continue
        parts = country_parts(geom, arcs, shift_east=name == "Russia")
        if name in SPLITS:
            for terr, polys in assign_split(name, parts, SPLITS[name]).items():
                pieces[terr].extend(polys)
        elif name in COUNTRIES:
            pieces[COUNTRIES[name]].extend(parts)
        else:
            raise SystemExit(f"country {name!r} is not assigned to a territory nor dropped")
    unused = (set(COUNTRIES) | set(SPLITS) | DROP) - seen
    if unused:
        raise SystemExit(f"unknown country names: {sorted(unused)}")
    empty = [t for t, p in pieces.items() if not p]
    if empty:
        raise SystemExit(f"territories without land: {empty}")

    shapes = {tid: clean_territory(tid, polys) for tid, polys in pieces.items()}
    continent_of = {t["id"]: t["continent"] for t in game["territories"]}

    territories = {
        tid: {"d": geom_path(shape), "label": list(label_point(shape))}
        for tid, shape in shapes.items()
    }
    continents = {}
    for c in game["continents"]:
        members = [shapes[t] for t, cid in continent_of.items() if cid == c["id"]]
        continents[c["id"]] = {"d": geom_path(continent_outline(members))}
    check_links(board_links(game), shapes)
    sea_links = [
        {"a": link["a"], "b": link["b"], "segments": sea_segments(link["a"], link["b"], shapes)}
        for link in board_links(game)
        if link["kind"] == "sea"
    ]
    data = {
        "format": 1,
        "map": game["id"],
        "source": f"Natural Earth via world-atlas {version}, public domain",
        "viewBox": [0, 0, int(WIDTH), HEIGHT],
        "territories": territories,
        "continents": continents,
        "sea_links": sea_links,
    }
    return data, continent_of


def preview_svg(data: dict[str, Any], continent_of: dict[str, str]) -> str:
    w, h = data["viewBox"][2], data["viewBox"][3]
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" '
        f'width="1200" height="{round(1200 * h / w)}">',
        f'<rect width="{w}" height="{h}" fill="#1d3b5a"/>',
    ]
    for link in data["sea_links"]:
        for (x1, y1), (x2, y2) in link["segments"]:
            out.append(
                f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#fff" '
                'stroke-width="0.8" stroke-dasharray="3 2"/>'
            )
    for tid, t in data["territories"].items():
        colour = CONTINENT_COLOURS[continent_of[tid]]
        out.append(f'<path d="{t["d"]}" fill="{colour}" stroke="#333" stroke-width="0.4"/>')
    for c in data["continents"].values():
        out.append(f'<path d="{c["d"]}" fill="none" stroke="#000" stroke-width="1"/>')
    for tid, t in data["territories"].items():
        x, y = t["label"]
        out.append(f'<circle cx="{x}" cy="{y}" r="1.5" fill="#000"/>')
        out.append(
            f'<text x="{x}" y="{y - 2.5}" font-size="6.5" font-family="sans-serif" '
            f'text-anchor="middle">{tid}</text>'
        )
    out.append("</svg>")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--atlas",
        type=Path,
        default=Path("/tmp/wa/package"),
        help="unpacked world-atlas npm package",
    )
    parser.add_argument("--out", type=Path, default=OUT_FILE)
    parser.add_argument("--preview", type=Path, help="also write a preview SVG here")
    args = parser.parse_args(argv)
    data, continent_of = build(args.atlas)
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    args.out.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({len(text) / 1024:.1f} KB)")
    if args.preview:
        args.preview.write_text(preview_svg(data, continent_of), encoding="utf-8")
        print(f"wrote {args.preview}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
