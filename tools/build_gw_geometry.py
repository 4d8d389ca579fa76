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
2. give every modern country of the frame to one province (``COUNTRIES``), to plain
   land that no province names (``PLAIN``, ``PLAIN_BOXES``: Persia, Arabia, the
   Sahara, Crete, Cyprus), or split it (``SPLITS``): islands and exclaves named in
   ``PART_RULES`` go whole to a province, the rest is cut into Voronoi cells of seed
   points (each province's ``anchor`` and ``port_at`` from ``map.json`` plus the
   shaping points listed here: towns on the 1907 side of a border that is no longer
   on the map, e.g. Metz for Alsace-Lorraine, Trento for Austrian Tyrol, Memel for
   East Prussia). Real borders are kept wherever Natural Earth has one; 1907 borders
   inside a modern country follow the seeds. Where four provinces meet at a point
   (the Anglo-Scottish border) ``QUADS`` puts four seeds around it, so that neither
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

LonLat = tuple[float, float]

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

# Narrow straits that the simplified coastlines could close: kept open as water.
STRAITS: dict[str, list[LonLat]] = {
    "bosporus": [(29.12, 41.24), (29.07, 41.12), (29.0, 41.02), (28.99, 40.98)],
    "dardanelles": [(26.15, 40.02), (26.35, 40.12), (26.55, 40.3), (26.75, 40.42)],
    "messina": [(15.65, 38.3), (15.62, 38.2), (15.57, 38.05), (15.55, 37.95)],
}

# Parts of a country inside these lon/lat boxes are plain land: the Sahara (Algeria
# does not reach Tripolitania on the board) and the Russian north (Kola), where
# Russia bordered Norway in 1907, which the board does not have.
PLAIN_BOXES: dict[str, list[tuple[float, float, float, float]]] = {
    "Algeria": [(-30.0, 0.0, 60.0, 32.0)],
    "Tunisia": [(-30.0, 0.0, 60.0, 31.0)],
    "Russia": [(26.0, 66.3, 60.0, 80.0)],
}

# Water that belongs to no district: the Barents and White Seas.
OUTER_WATER: list[tuple[float, float, float, float]] = [(27.5, 65.0, 60.0, 80.0)]

# Four-way corners: four provinces (or districts) meet at one point, so that neither
# diagonal pair touches. Seeds are put at QUAD_RADIUS from the point, to the
# north-west, north-east, south-east and south-west.
Quad = tuple[LonLat, tuple[str | None, str | None, str | None, str | None]]
QUADS: dict[str, list[Quad]] = {
    "United Kingdom": [
        ((-2.75, 55.15), ("gla", "edi", "yor", "liv")),  # the Border
        ((-5.0, 58.62), (None, None, "edi", "gla")),  # Cape Wrath
    ],
    "Turkey": [
        ((36.6, 37.9), ("ank", "erz", "dam", "ada")),
        ((29.4, 36.25), ("smy", "kny", None, None)),  # Lycia: Aegean and Levant seas
        ((29.19, 41.225), (None, None, "ank", "bur")),  # the Bosporus, Asian side
    ],
}
SEA_QUADS: list[Quad] = [
    ((-5.0, 58.62), ("nao", "nws", None, None)),  # Cape Wrath
    ((29.4, 36.25), (None, None, "eme", "aeg")),  # Lycia
]

# --- countries --------------------------------------------------------------

# Countries that go whole to one province.
COUNTRIES: dict[str, str] = {
    "Ireland": "ire",
    "Isle of Man": "liv",
    "Guernsey": "bir",
    "Jersey": "bir",
    "Portugal": "lis",
    "Andorra": "bar",
    "Monaco": "mar",
    "San Marino": "rom",
    "Vatican": "rom",
    "Malta": "mal",
    "Switzerland": "swi",
    "Liechtenstein": "swi",
    "Netherlands": "ams",
    "Belgium": "bru",
    "Luxembourg": "bru",
    "Denmark": "den",
    "Norway": "nor",
    "Sweden": "swe",
    "Finland": "hel",
    "Åland": "hel",
    "Czechia": "pra",
    "Slovakia": "bud",
    "Hungary": "bud",
    "Estonia": "rig",
    "Latvia": "rig",
    "Belarus": "vil",
    "Moldova": "ode",
    "Armenia": "kar",
    "Bosnia and Herz.": "bos",
    "Kosovo": "ths",
    "Macedonia": "ths",
    "Albania": "tir",
    "Syria": "dam",
    "Lebanon": "dam",
    "Israel": "dam",
    "Palestine": "dam",
    "Jordan": "dam",
    "Egypt": "egy",
    "Libya": "tpl",
    "Tunisia": "tun",
    "Algeria": "alg",
    "Morocco": "mor",
    "Kazakhstan": "mos",
}

# Land that no province names: drawn, but not part of the game.
PLAIN = {
    "Iceland",
    "Faeroe Is.",
    "Cyprus",
    "N. Cyprus",
    "Iraq",
    "Iran",
    "Saudi Arabia",
    "Kuwait",
    "W. Sahara",
    "Mauritania",
    "Mali",
    "Niger",
    "Chad",
    "Sudan",
}

# Parts (islands, exclaves) that go whole to a target, by their representative point
# in a lon/lat box (west, south, east, north); "land" is plain land.
PART_RULES: dict[str, list[tuple[str, tuple[float, float, float, float]]]] = {
    "United Kingdom": [("ire", (-11.0, 51.0, -5.3, 55.6))],
    "France": [("cor", (8.3, 41.2, 9.7, 43.2))],
    "Italy": [
        ("pal", (12.0, 36.4, 15.7, 38.35)),
        ("sar", (7.9, 38.7, 10.0, 41.35)),
        ("pal", (11.5, 35.3, 13.0, 37.0)),  # Pantelleria and the Pelagie
    ],
    "Spain": [
        ("mor", (-5.5, 35.0, -2.5, 36.05)),  # Ceuta and Melilla
        ("land", (-19.0, 27.0, -13.0, 29.6)),  # the Canaries
    ],
    "Greece": [
        ("land", (23.3, 34.7, 26.5, 35.75)),  # Crete
        ("smy", (25.75, 35.3, 29.0, 39.5)),  # Ottoman islands of the eastern Aegean
        ("lam", (19.3, 37.6, 20.95, 39.95)),  # the Ionian islands
        ("lam", (23.2, 38.1, 24.65, 39.1)),  # Euboea
        ("ath", (24.0, 36.3, 25.9, 37.95)),  # the Cyclades
    ],
    "Russia": [("kbg", (19.5, 54.2, 23.0, 55.4))],  # Kaliningrad: East Prussia
    "Azerbaijan": [("kar", (44.7, 38.8, 46.2, 39.8))],  # Nakhichevan: Erivan
    "Turkey": [("ist", (25.5, 40.0, 29.3, 42.2))],  # Thrace
}

# Modern countries cut among several provinces. Per country: the provinces that
# share it and their shaping points (lon, lat) inside it; each province's anchor and
# port_at join its points when they lie in the country.
SPLITS: dict[str, dict[str, list[LonLat]]] = {
    "United Kingdom": {
        "lon": [(-0.14, 50.83), (0.12, 52.2), (1.3, 52.63), (-1.4, 50.9), (1.15, 52.06)],
        "bir": [
            (-2.59, 51.45), (-3.18, 51.48), (-3.53, 50.72), (-4.08, 52.41), (-1.13, 52.64),
            (-5.54, 50.12), (-4.13, 53.23), (-1.26, 51.75), (-1.15, 52.95), (-3.3, 52.6),
        ],
        "liv": [(-2.24, 53.48), (-2.8, 54.05), (-2.93, 54.89), (-2.75, 54.33), (-3.3, 54.6)],
        "yor": [
            (-1.55, 53.8), (-1.47, 53.38), (-0.54, 53.23), (-1.61, 54.98), (-1.23, 54.57),
            (-0.02, 52.98), (-2.1, 55.3),
        ],
        "gla": [(-4.63, 55.46), (-3.61, 55.07), (-5.47, 56.41), (-5.1, 56.82), (-5.24, 58.15),
                (-5.71, 57.28), (-5.16, 57.9)],
        "edi": [
            (-2.1, 57.15), (-4.22, 57.48), (-2.97, 56.46), (-3.43, 56.4), (-3.09, 58.44),
            (-2.0, 55.77), (-4.75, 58.57), (-4.42, 58.48), (-3.94, 56.12), (-2.6, 55.55),
        ],
    },
    "France": {
        "lil": [(2.3, 49.89), (1.61, 50.73), (2.38, 51.03), (3.29, 49.85), (1.83, 50.1)],
        "rei": [
            (6.18, 48.69), (5.38, 49.16), (4.07, 48.3), (4.72, 49.77), (6.45, 48.17),
            (5.16, 48.77), (5.14, 48.11), (6.5, 48.59),
        ],
        "str": [
            (6.18, 49.12), (7.36, 48.08), (7.34, 47.75), (6.17, 49.36), (7.36, 48.74),
            (7.07, 49.1), (6.51, 48.82),
        ],
        "par": [(1.9, 47.9), (0.69, 47.39), (1.49, 48.45), (2.4, 47.08), (2.08, 49.43),
                (3.3, 48.2)],
        "brs": [(-1.68, 48.11), (-1.55, 47.22), (-0.55, 47.47), (0.2, 48.0), (-2.76, 47.66),
                (-2.76, 48.51)],
        "hav": [(1.1, 49.44), (-0.37, 49.18), (-1.62, 49.64), (0.09, 48.43), (1.15, 49.02),
                (-1.36, 48.68), (1.08, 49.92)],
        "bor": [
            (0.34, 46.58), (1.26, 45.83), (-1.15, 46.16), (-1.47, 43.49), (-0.37, 43.3),
            (0.72, 45.18), (0.62, 44.2), (-0.5, 43.9),
        ],
        "tou": [
            (3.88, 43.61), (2.9, 42.7), (2.35, 43.21), (0.07, 43.23), (2.15, 43.93),
            (2.57, 44.35), (4.36, 43.84), (1.6, 42.96), (1.35, 44.02), (0.59, 43.65),
        ],
        "lyo": [
            (5.04, 47.32), (6.02, 47.24), (3.09, 45.78), (4.39, 45.44), (5.72, 45.19),
            (5.92, 45.57), (6.13, 45.9), (6.86, 47.64), (3.88, 45.04), (4.89, 44.93),
            (6.64, 44.9), (3.57, 47.8), (3.15, 46.99),
        ],
        "mar": [(7.27, 43.7), (5.93, 43.12), (4.81, 43.95), (6.24, 44.09), (4.63, 43.68)],
    },
    "Spain": {
        "mad": [
            (-4.02, 39.86), (-4.72, 41.65), (-5.66, 40.97), (-6.37, 39.47), (-6.97, 38.88),
            (-3.93, 38.98), (-2.13, 40.07), (-3.17, 40.63), (-2.46, 41.77), (-5.75, 41.5),
            (-3.7, 42.34),
        ],
        "bar": [(-0.89, 41.65), (-0.41, 42.14), (-0.55, 42.57), (0.62, 41.62), (1.25, 41.12),
                (2.82, 41.98), (-1.1, 40.34), (0.52, 40.81)],
        "val": [(-0.48, 38.35), (-1.13, 37.99), (-0.99, 37.6), (-0.04, 39.99), (-1.86, 38.99)],
        "svl": [(-4.78, 37.89), (-3.6, 37.18), (-4.42, 36.72), (-2.46, 36.84), (-3.79, 37.77),
                (-6.95, 37.26), (-7.4, 37.3)],
        "bil": [
            (-3.8, 43.46), (-5.84, 43.36), (-8.41, 43.36), (-8.72, 42.24), (-7.56, 43.01),
            (-7.86, 42.34), (-5.57, 42.6), (-1.64, 42.82), (-1.98, 43.32), (-2.67, 42.85),
            (-2.45, 42.47), (-6.6, 42.55),
        ],
    },
    "Italy": {
        "gen": [(7.69, 45.07), (7.55, 44.38), (8.61, 44.91), (7.32, 45.74), (7.78, 43.82),
                (9.82, 44.1), (8.62, 45.45)],
        "mil": [
            (9.67, 45.7), (10.21, 45.54), (10.79, 45.16), (9.16, 45.19), (9.08, 45.81),
            (9.87, 46.17), (11.34, 44.49), (10.33, 44.8), (10.93, 44.65), (11.62, 44.84),
            (12.2, 44.42), (12.57, 44.06), (9.69, 45.05),
        ],
        "ven": [(10.99, 45.44), (11.88, 45.41), (11.55, 45.55), (12.24, 45.67), (13.23, 46.06),
                (12.22, 46.14), (11.79, 45.07), (12.66, 45.96), (12.9, 46.4)],
        "rom": [
            (11.26, 43.77), (10.4, 43.72), (11.33, 43.32), (12.39, 43.11), (13.52, 43.62),
            (11.11, 42.76), (12.1, 42.42), (12.91, 43.91), (13.58, 42.85), (12.86, 42.4),
            (13.35, 41.64), (10.5, 43.84), (11.88, 43.46),
        ],
        "nap": [
            (14.77, 40.68), (13.4, 42.35), (14.21, 42.46), (13.7, 42.66), (14.66, 41.56),
            (16.25, 39.3), (16.59, 38.9), (15.65, 38.11), (13.57, 41.21), (14.78, 41.13),
            (15.7, 40.05), (15.6, 40.3),
        ],
        "tar": [(16.87, 41.12), (15.54, 41.46), (18.17, 40.35), (17.94, 40.64), (15.8, 40.64),
                (16.6, 40.67)],
        "vie": [(11.35, 46.5), (11.12, 46.07), (11.16, 46.67), (12.14, 46.54), (11.04, 45.89)],
        "tri": [(13.62, 45.94), (13.53, 45.81)],
    },
    "Germany": {
        "ham": [
            (8.8, 53.08), (9.73, 52.37), (10.12, 54.32), (9.44, 54.78), (8.05, 52.28),
            (8.21, 53.14), (10.69, 53.87), (11.41, 53.63), (10.41, 53.25), (7.2, 53.37),
            (9.93, 51.54), (10.52, 52.27),
        ],
        "ber": [(12.1, 54.09), (13.09, 54.31), (14.55, 52.35), (14.33, 51.76), (13.06, 52.4),
                (12.8, 52.92), (13.8, 53.5)],
        "lei": [(13.74, 51.05), (11.63, 52.13), (11.97, 51.48), (11.03, 50.98), (12.92, 50.83),
                (12.08, 50.88), (12.65, 51.87), (14.6, 51.1)],
        "ruh": [
            (6.96, 50.94), (6.78, 51.23), (7.63, 51.96), (7.59, 50.36), (6.64, 49.75),
            (7.0, 49.23), (8.68, 50.11), (9.48, 51.31), (8.24, 50.08), (8.65, 49.87),
            (6.08, 50.78), (8.53, 52.02),
        ],
        "mun": [
            (11.08, 49.45), (9.93, 49.79), (9.18, 48.78), (8.4, 49.0), (7.85, 48.0),
            (10.9, 48.37), (12.1, 49.01), (13.46, 48.57), (8.12, 49.2), (11.58, 49.94),
            (11.92, 50.31), (9.18, 47.66), (8.47, 49.49),
        ],
    },
    "Poland": {
        "ber": [(14.55, 53.43), (16.18, 54.19), (17.03, 54.46), (15.24, 52.73)],
        "dan": [(16.93, 52.41), (18.0, 53.12), (18.6, 53.01), (18.75, 53.48), (18.93, 53.73),
                (16.57, 51.84), (17.6, 52.54), (17.81, 51.65), (19.4, 54.16), (16.74, 53.15)],
        "kbg": [(20.48, 53.78), (22.36, 53.82), (19.82, 54.38), (20.99, 53.56), (20.43, 53.36)],
        "bsl": [(18.0, 50.67), (19.02, 50.26), (16.16, 51.21), (16.09, 51.66), (18.67, 50.29),
                (18.54, 50.1), (15.74, 50.9), (16.65, 50.44), (15.5, 51.94), (18.17, 50.97)],
        "war": [
            (19.46, 51.76), (18.09, 51.76), (18.57, 51.22), (19.12, 50.81), (20.63, 50.87),
            (21.15, 51.4), (22.57, 51.25), (23.47, 51.14), (23.25, 50.72), (23.89, 50.8),
            (23.42, 50.45), (19.7, 52.55), (20.38, 53.11), (21.57, 53.08), (22.06, 53.18),
            (22.93, 54.1), (22.98, 53.84), (22.27, 52.17), (19.07, 52.65), (21.74, 50.68),
            (20.01, 50.36), (23.16, 53.13),
        ],
        "lem": [
            (19.94, 50.06), (20.99, 50.01), (22.0, 50.04), (22.77, 49.78), (22.68, 50.02),
            (20.69, 49.62), (19.04, 49.82), (19.19, 49.69), (23.12, 50.16), (22.2, 49.56),
            (20.02, 49.48), (19.22, 50.03), (21.68, 50.57), (21.42, 50.29),
        ],
    },
    "Lithuania": {
        "kbg": [(21.13, 55.71), (21.48, 55.35)],
        "vil": [(23.9, 54.9), (23.32, 55.93), (22.25, 55.98), (22.29, 55.25), (22.77, 55.08)],
    },
    "Russia": {
        "stp": [(28.33, 57.82), (31.27, 58.52), (30.53, 56.34), (34.35, 61.79), (33.6, 59.64),
                (32.97, 60.98), (34.45, 62.9), (34.6, 64.95), (40.5, 64.5)],
        "hel": [(28.75, 60.71), (29.7, 60.2), (30.7, 61.7), (32.35, 62.08)],
        "mos": [
            (32.05, 54.78), (35.9, 56.86), (34.36, 53.24), (36.06, 52.97), (37.62, 54.19),
            (41.45, 52.72), (46.03, 51.53), (44.51, 48.71), (48.03, 46.35), (44.27, 46.31),
            (39.88, 57.63), (39.9, 59.22), (39.74, 54.63), (45.0, 53.2), (44.0, 56.3),
            (36.26, 54.51),
        ],
        "kha": [
            (36.19, 51.73), (36.59, 50.6), (39.2, 51.67), (39.72, 47.23), (40.1, 47.42),
            (38.9, 47.2), (40.4, 48.92), (42.0, 50.8), (40.27, 48.32), (40.55, 49.93),
            (38.1, 50.2), (41.55, 46.48), (43.0, 49.5),
        ],
        "tif": [
            (41.97, 45.04), (38.98, 45.04), (37.77, 44.72), (39.73, 43.6), (44.68, 43.02),
            (47.5, 42.98), (45.69, 43.32), (43.06, 44.04), (41.12, 45.0), (38.27, 46.71),
            (46.71, 43.85),
        ],
    },
    "Ukraine": {
        "kiev": [
            (31.29, 51.5), (28.66, 50.25), (28.47, 49.23), (30.22, 48.75), (32.06, 49.44),
            (26.25, 50.62), (25.33, 50.75), (24.71, 51.21), (24.32, 50.85), (25.72, 50.1),
            (26.58, 48.68), (26.99, 49.42), (29.62, 47.94), (27.79, 48.45), (28.64, 50.95),
            (31.88, 51.05), (26.6, 51.34),
        ],
        "kha": [(34.55, 49.59), (34.8, 50.91), (33.42, 49.07), (39.3, 48.57), (37.8, 48.0),
                (35.05, 48.46), (35.14, 47.84), (37.55, 47.1), (33.0, 50.01), (33.2, 51.24)],
        "ode": [
            (32.62, 46.64), (32.0, 46.97), (34.1, 44.95), (33.52, 44.6), (36.47, 45.36),
            (35.37, 46.84), (36.8, 46.76), (32.26, 48.51), (28.84, 45.35), (30.35, 46.19),
            (33.39, 47.91), (26.49, 48.5), (26.28, 48.22), (28.27, 45.46),
        ],
        "lem": [(24.71, 48.92), (25.59, 49.55), (25.94, 48.29), (25.15, 50.08), (24.27, 50.48),
                (23.62, 50.23), (23.5, 49.35), (25.04, 48.53), (25.73, 48.64), (26.2, 49.07),
                (25.08, 47.99)],
        "bud": [(22.3, 48.62), (22.72, 48.44), (23.3, 48.17), (24.21, 48.05)],
    },
    "Romania": {
        "buc": [
            (28.64, 44.17), (27.6, 47.16), (23.8, 44.32), (28.05, 45.44), (26.91, 46.57),
            (26.02, 44.94), (24.87, 44.86), (22.66, 44.63), (26.67, 47.75), (27.18, 45.7),
            (26.37, 46.93), (26.3, 47.46), (28.7, 45.2),
        ],
        "bud": [
            (23.6, 46.77), (25.6, 45.65), (21.23, 45.75), (21.92, 47.07), (24.15, 45.8),
            (22.88, 47.79), (24.56, 46.54), (21.31, 46.17), (24.5, 47.13), (22.9, 45.88),
            (25.8, 46.35),
        ],
        "lem": [(26.25, 47.65), (25.55, 47.53), (25.92, 47.84)],
    },
    "Austria": {
        "vie": [(14.29, 48.31), (13.04, 47.81), (11.4, 47.27), (9.75, 47.5), (12.77, 46.83),
                (15.63, 48.2), (16.25, 47.81)],
        "tri": [(15.44, 47.07), (14.31, 46.62), (13.85, 46.61), (15.09, 47.38), (13.58, 46.5)],
        "bud": [(16.52, 47.85), (16.2, 47.29), (16.32, 47.06)],
    },
    "Slovenia": {
        "tri": [(14.51, 46.05), (15.65, 46.55), (13.9, 45.9)],
        "bud": [(16.17, 46.66)],
    },
    "Croatia": {
        "zag": [(18.69, 45.55), (15.55, 45.49), (15.37, 44.55), (17.0, 45.3), (16.4, 46.3),
                (19.0, 45.3)],
        "bos": [(16.44, 43.51), (15.23, 44.12), (15.9, 43.73), (18.09, 42.65), (17.1, 43.1)],
        "tri": [(13.85, 44.87), (13.94, 45.24), (13.6, 45.1)],
        "bud": [(18.6, 45.77)],
    },
    "Serbia": {
        "bel": [(20.46, 44.82), (21.9, 43.32), (20.91, 44.01), (21.9, 42.55), (19.84, 43.86),
                (20.23, 43.58), (20.69, 43.72), (19.69, 44.75), (21.19, 44.62)],
        "ths": [(20.52, 43.14), (20.0, 43.27), (19.53, 43.58), (19.65, 43.39), (20.33, 42.99)],
        "bud": [(20.39, 45.38), (19.84, 45.27), (19.67, 46.1), (21.3, 45.12)],
        "zag": [(19.61, 44.97), (19.82, 45.01)],
    },
    "Montenegro": {
        "cet": [(18.94, 42.77), (19.26, 42.44), (18.6, 42.45)],
        "ths": [(19.36, 43.36), (19.75, 43.04), (19.87, 42.84)],
    },
    "Greece": {
        "ths": [(24.41, 40.94), (23.55, 41.09), (21.79, 40.3), (21.41, 40.78), (21.27, 40.52),
                (22.5, 40.27), (22.19, 39.95), (23.4, 40.35)],
        "lar": [(22.94, 39.36), (21.77, 39.55), (21.92, 39.37), (22.45, 39.1)],
        "tir": [(20.85, 39.66), (20.75, 38.96), (20.27, 39.5), (21.18, 39.77)],
        "lam": [(21.43, 38.37), (20.98, 39.16), (21.41, 38.62), (23.6, 38.46), (22.5, 38.48),
                (23.32, 38.32), (21.9, 38.9)],
        "ath": [(21.73, 38.25), (22.37, 37.51), (22.11, 37.04), (22.93, 37.94), (22.8, 37.57),
                (21.45, 37.65), (23.35, 38.05)],
        "ist": [(25.4, 41.12), (25.87, 40.85), (24.88, 41.14)],
    },
    "Bulgaria": {
        "sof": [(24.75, 42.14), (27.47, 42.5), (25.97, 43.84), (22.87, 43.99), (25.63, 42.43),
                (25.55, 41.93), (22.69, 42.28), (26.5, 42.48), (24.6, 42.5), (23.6, 42.3)],
        "ths": [(23.09, 42.02), (23.21, 41.4), (23.73, 41.57)],
        "ist": [(25.37, 41.65), (24.7, 41.58), (26.12, 41.53)],
    },
    "Turkey": {
        "bur": [(29.92, 40.77), (26.41, 40.15), (27.88, 39.65), (29.98, 40.14), (30.52, 39.78),
                (29.98, 39.42), (29.03, 41.02), (29.1, 41.13), (26.69, 39.32), (29.43, 40.8),
                (29.19, 40.9)],
        "smy": [(27.84, 37.85), (27.43, 38.61), (29.09, 37.78), (28.36, 37.21), (27.43, 37.04),
                (29.4, 38.68)],
        "ank": [
            (33.78, 41.38), (37.02, 39.75), (34.81, 39.82), (35.48, 38.73), (34.95, 40.55),
            (31.6, 40.74), (31.79, 41.45), (35.83, 40.65), (36.55, 40.31), (34.16, 39.14),
            (29.7, 41.17), (30.69, 41.1), (31.16, 40.84),
        ],
        "kny": [(30.54, 38.76), (30.55, 37.76), (34.68, 37.97), (33.22, 37.18), (34.03, 38.37),
                (32.0, 36.54), (31.72, 37.68)],
        "ada": [(33.93, 36.38), (36.25, 37.07), (35.82, 37.45)],
        "dam": [(36.94, 37.58), (37.38, 37.07), (38.79, 37.16), (36.17, 36.59), (36.16, 36.2)],
        "tre": [(36.33, 41.29), (38.39, 40.91), (37.88, 40.98), (40.52, 41.02), (41.43, 41.39),
                (39.48, 40.46)],
        "erz": [
            (39.5, 39.75), (43.38, 38.5), (42.11, 38.4), (41.49, 38.74), (40.22, 37.91),
            (40.73, 37.31), (39.22, 38.67), (38.31, 38.35), (43.05, 39.72), (40.23, 40.26),
            (43.74, 37.57), (41.94, 37.93), (37.5, 38.55), (37.2, 38.2),
        ],
        "kar": [(42.7, 41.11), (41.82, 41.18), (42.58, 40.33), (44.04, 39.92), (43.13, 40.15)],
    },
    "Georgia": {
        "tif": [(42.7, 42.27), (41.67, 42.15), (41.0, 43.0), (44.11, 41.98), (45.47, 41.92),
                (42.98, 41.64), (42.0, 41.92)],
        "kar": [(42.31, 41.64), (41.78, 41.82)],
    },
    "Azerbaijan": {"tif": [(46.36, 40.68), (47.0, 41.2)]},
}

# Sea districts: shaping points (lon, lat) beside each district's anchor.
SEA_SEEDS: dict[str, list[LonLat]] = {
    "nao": [(-12.0, 57.0), (-8.0, 57.5), (-10.0, 52.0), (-7.0, 50.5), (-6.5, 55.8),
            (-4.5, 51.3), (-7.5, 48.5), (-8.5, 46.5), (-20.0, 60.0), (-7.0, 59.0),
            (-20.0, 48.0)],
    "nws": [(-3.5, 59.3), (0.0, 62.0), (5.0, 63.5), (10.0, 66.5), (-8.0, 64.0)],
    "nth": [(-1.0, 58.0), (1.0, 59.5), (4.0, 60.0), (6.0, 57.5), (9.0, 57.8), (10.6, 59.2),
            (11.5, 57.3), (11.9, 56.5), (12.55, 56.15), (2.2, 51.6), (0.5, 53.0),
            (4.0, 53.5), (7.5, 54.2)],
    "eng": [(-4.0, 49.8), (0.5, 50.3), (1.3, 50.8), (-3.5, 49.2), (-5.3, 48.85)],
    "iri": [(-5.3, 54.6), (-4.8, 52.6), (-5.0, 55.5), (-3.4, 53.6), (-6.0, 52.7)],
    "bis": [(-5.0, 47.5), (-2.5, 46.5), (-3.0, 44.0), (-6.5, 44.5), (-4.85, 48.25),
            (-1.8, 44.5)],
    "mat": [(-10.5, 41.0), (-10.0, 44.3), (-5.6, 35.95), (-11.0, 34.0), (-16.0, 31.0),
            (-9.8, 30.5), (-7.5, 36.6)],
    "wme": [(-2.0, 36.5), (-4.8, 36.0), (-5.15, 35.95), (0.5, 37.5), (5.5, 37.5), (7.5, 37.5),
            (9.2, 38.8),
            (2.0, 40.5), (1.0, 39.5), (7.6, 40.3), (8.0, 39.6), (8.4, 41.0)],
    "gol": [(3.5, 42.0), (7.0, 43.2), (8.6, 43.9), (8.85, 41.5), (6.0, 42.3), (8.0, 42.5),
            (9.6, 43.9)],
    "tyr": [(10.5, 42.8), (10.0, 40.2), (9.35, 41.2), (10.1, 43.6), (14.5, 39.0), (12.0, 38.5),
            (15.4, 38.4), (10.5, 39.3), (10.3, 43.0)],
    "cme": [(11.0, 37.0), (9.6, 37.5), (14.5, 35.8), (12.5, 36.0), (18.0, 33.5), (14.0, 33.0),
            (19.5, 31.5), (11.5, 34.0), (13.5, 36.5)],
    "ion": [(16.5, 39.5), (15.8, 38.0), (17.0, 36.5), (20.5, 39.0), (21.0, 37.5),
            (21.5, 36.0), (18.9, 39.7), (19.5, 35.5), (15.5, 37.0), (16.2, 37.8),
            (16.0, 35.5)],
    "adr": [(13.0, 44.5), (17.5, 42.0), (18.7, 41.0), (14.0, 45.3), (12.8, 45.6),
            (16.5, 43.3), (14.5, 44.2)],
    "aeg": [(24.0, 40.2), (23.0, 39.5), (25.5, 36.8), (26.5, 39.7), (25.8, 40.0),
            (23.5, 37.5), (24.5, 35.9), (26.9, 36.2)],
    "eme": [(34.0, 35.0), (34.5, 32.5), (32.0, 31.6), (25.0, 34.0), (22.5, 33.5),
            (28.0, 32.0)],
    "mmr": [(26.9, 40.45), (28.9, 40.9), (27.5, 40.6), (29.03, 41.06), (29.06, 41.12),
            (29.08, 41.17)],
    "blk": [(29.0, 41.3), (29.25, 41.3), (29.12, 41.33), (30.5, 45.5), (31.5, 46.5), (29.5, 43.5),
            (38.0, 44.5),
            (40.5, 42.5), (35.5, 41.7), (36.5, 46.0), (35.0, 45.8), (38.5, 46.8)],
    "bal": [(12.75, 55.75), (11.0, 55.3), (10.0, 55.0), (10.6, 54.6), (12.5, 54.7),
            (15.0, 55.0), (20.0, 57.5), (19.5, 60.5), (20.0, 62.5), (22.5, 64.5),
            (21.5, 59.0), (23.5, 57.5), (17.5, 58.0)],
    "gof": [(23.3, 59.7), (28.5, 60.0), (25.0, 59.6)],
}

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


def proj_box(lonlat_box: tuple[float, float, float, float]) -> Polygon:
    """A lon/lat box as a projected polygon (parallels are arcs: densified)."""
    west, south, east, north = lonlat_box
    steps = max(8, int(east - west))
    ring = [project(west + (east - west) * i / steps, south) for i in range(steps + 1)]
    ring += [project(east - (east - west) * i / steps, north) for i in range(steps + 1)]
    return Polygon(ring)


def in_box(point: Point, lonlat_box: tuple[float, float, float, float]) -> bool:
    return bool(proj_box(lonlat_box).contains(point))


def quad_seeds(quad: Quad) -> list[tuple[str, tuple[float, float]]]:
    (x, y), owners = project(*quad[0]), quad[1]
    r = QUAD_RADIUS
    offsets = [(-r, -r), (r, -r), (r, r), (-r, r)]  # NW, NE, SE, SW (y grows south)
    return [
        (o, (x + dx, y + dy))
        for o, (dx, dy) in zip(owners, offsets, strict=True)
        if o is not None
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
    return {
        owner: region.intersection(unary_union(cs)) for owner, cs in cell_owner.items()
    }


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
        p["id"]: [p["anchor"]] + ([p["port_at"]] if p["port_at"] else [])
        for p in game["provinces"]
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
        (open_water if any(part.buffer(0.01).contains(p) for p in seed_pts) else lakes).append(
            part
        )
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
        expected = land if kind == ("province", "province") else sea if kind == (
            "sea", "sea") else coasts
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
    seas = {s["id"]: {"d": geom_path(areas[s["id"]]), "label": xy(s["anchor"])}
            for s in game["seas"]}
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
        out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#fff" '
                   'stroke-width="1.6"/>')
    for p in data["provinces"].values():
        if "port" in p:
            x, y = p["port"]
            out.append(f'<circle cx="{x}" cy="{y}" r="2" fill="#1f5fff" stroke="#fff" '
                       'stroke-width="0.5"/>')
    names = {p["id"]: p["name"].split(" (")[0] for p in game["provinces"]}
    for pid, p in data["provinces"].items():
        x, y = p["label"]
        fill = "#fff" if owner[pid] in ("neutral", "germany", "russia", "ottoman") else "#000"
        out.append(f'<text x="{x}" y="{y + 1.5}" font-size="5" font-family="sans-serif" '
                   f'text-anchor="middle" fill="{fill}">{names[pid]}</text>')
    for sid, s in data["seas"].items():
        x, y = s["label"]
        out.append(f'<text x="{x}" y="{y}" font-size="8" font-style="italic" '
                   f'font-family="serif" text-anchor="middle" fill="#e8f2ff">{sid}</text>')
    out.append("</svg>")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--atlas", type=Path, default=Path("/tmp/wa/package"),
                        help="unpacked world-atlas npm package")
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
