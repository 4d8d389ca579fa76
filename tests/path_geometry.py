"""Stdlib geometry of the SVG paths in the maps' geometry files (for the tests)."""

from __future__ import annotations

import re

Point = tuple[float, float]
Ring = list[Point]

TOKEN = re.compile(r"[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)")


def parse_path(d: str) -> list[Ring]:
    """Rings of an SVG path made of absolute M, L and Z commands.

    Coordinate pairs may be separated by commas or spaces, and like SVG a
    command letter applies to the pairs that follow it (after M they are
    implicit L). Any other command is an error.
    """
    tokens = TOKEN.findall(d)
    assert "".join(tokens) == re.sub(r"[\s,]", "", d), f"stray characters in path {d[:60]!r}"
    rings: list[Ring] = []
    ring: Ring | None = None
    command = None
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.isalpha():
            assert tok in "MLZ", f"unexpected path command {tok!r}"
            command = tok
            i += 1
            if tok == "Z":
                assert ring is not None and len(ring) >= 3, "Z closes a ring of < 3 points"
                rings.append(ring)
                ring = None
            continue
        assert command in ("M", "L"), "coordinates outside an M or L command"
        x, y = float(tok), float(tokens[i + 1])
        i += 2
        if command == "M":
            assert ring is None, "M before the previous ring was closed with Z"
            ring = [(x, y)]
            command = "L"
        else:
            assert ring is not None, "L without M"
            ring.append((x, y))
    assert ring is None, "path ends with an unclosed ring"
    return rings


def bbox(rings: list[Ring]) -> tuple[float, float, float, float]:
    xs = [x for r in rings for x, _ in r]
    ys = [y for r in rings for _, y in r]
    return min(xs), min(ys), max(xs), max(ys)


def inside(point: Point, rings: list[Ring]) -> bool:
    """Even-odd ray casting over all rings (holes count as outside)."""
    px, py = point
    hit = False
    for ring in rings:
        n = len(ring)
        for k in range(n):
            (x1, y1), (x2, y2) = ring[k], ring[(k + 1) % n]
            if (y1 > py) != (y2 > py):
                x = x1 + (py - y1) * (x2 - x1) / (y2 - y1)
                if x > px:
                    hit = not hit
    return hit


def spans(rings: list[Ring], y: float) -> list[tuple[float, float]]:
    """Inside intervals of a horizontal line through the shape (even-odd)."""
    xs = []
    for ring in rings:
        n = len(ring)
        for k in range(n):
            (x1, y1), (x2, y2) = ring[k], ring[(k + 1) % n]
            if (y1 > y) != (y2 > y):
                xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    xs.sort()
    return list(zip(xs[::2], xs[1::2], strict=True))
