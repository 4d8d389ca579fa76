"""What the browser's board viewport (``ui/board.js``) needs from Python: pure functions,
no browser imports.

The viewport zooms and pans the drawn SVG by its ``viewBox`` alone (Python redraws only
when the game changes) and keeps names and numbers at a readable size on the screen.
Each drawing tells it, as attributes of its ``<svg>`` (:func:`board_attributes`):

- ``data-first``: the territories whose labels win a collision, best first
  (:func:`label_ranks`: the selected one, the legal targets, the viewer's own, their
  neighbours); every other label gives way to them;
- ``data-frame``: the box a phone opens on (:func:`frame_box`: where most of the
  viewer's territories are), and ``data-frame-for``: whose framing it is (a new viewer,
  after a hidden hand-over, is framed anew; the same viewer keeps the view they chose);
- ``data-focus``: the box of the action to follow (a computer's attack), if any.

Label elements carry ``data-label`` (their territory) and ``data-at`` (the point they
grow around: the territory's label point, so that a name stays below its badge).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

Box = tuple[float, float, float, float]
"""x, y, width, height in map units (an SVG ``viewBox``)."""
Point = tuple[float, float]

FRAME_SHARE = 0.42
"""A phone opens on a window this share of the board wide: the whole board on a 378 px
board writes a name 3 px tall; at this share a 24 px tap target is the map's own 27-unit
tap disc."""
FRAME_ASPECT = 1.25
"""The window's height over its width (a phone's board is taller than wide)."""


def label_ranks(
    selected: str | None,
    targets: Iterable[str],
    mine: Iterable[str],
    neighbours: Mapping[str, Collection[str]] | None = None,
) -> list[str]:
    """The territories whose labels are placed first, best first, each once: the selected
    one, the legal targets (in sorted order), the viewer's own, then their neighbours."""
    ranked: list[str] = []
    seen: set[str] = set()

    def add(tid: str) -> None:
        if tid not in seen:
            seen.add(tid)
            ranked.append(tid)

    if selected:
        add(selected)
    for tid in sorted(targets):
        add(tid)
    own = sorted(mine)
    for tid in own:
        add(tid)
    for tid in own:
        for other in sorted((neighbours or {}).get(tid, ())):
            add(other)
    return ranked


def frame_box(
    points: Sequence[Point],
    full: Sequence[float],
    share: float = FRAME_SHARE,
    aspect: float = FRAME_ASPECT,
) -> Box:
    """The window a phone opens on: ``share`` of the board wide, ``aspect`` times as high
    (at most the board), centred on the mean of the most ``points`` one such window holds
    (ties: the first point's window), kept inside the board ``full``. No points: the
    whole board."""
    fx, fy, fw, fh = (float(v) for v in full)
    if not points:
        return (fx, fy, fw, fh)
    width = fw * share
    height = min(fh, width * aspect)

    def inside(centre: Point) -> list[Point]:
        return [
            p
            for p in points
            if abs(p[0] - centre[0]) <= width / 2 and abs(p[1] - centre[1]) <= height / 2
        ]

    best = max(points, key=lambda p: len(inside(p)))
    held = inside(best)
    cx = sum(p[0] for p in held) / len(held)
    cy = sum(p[1] for p in held) / len(held)
    x = min(max(cx - width / 2, fx), fx + fw - width)
    y = min(max(cy - height / 2, fy), fy + fh - height)
    return (round(x, 1), round(y, 1), round(width, 1), round(height, 1))


def focus_box(points: Sequence[Point], margin: float = 30.0) -> Box | None:
    """The box round ``points`` (an attack's two ends) with ``margin``; None without."""
    if not points:
        return None
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, y0 = min(xs) - margin, min(ys) - margin
    return (
        round(x0, 1),
        round(y0, 1),
        round(max(xs) + margin - x0, 1),
        round(max(ys) + margin - y0, 1),
    )


def box_text(box: Sequence[float]) -> str:
    return " ".join(f"{v:g}" for v in box)


def board_attributes(
    full: Sequence[float],
    points: Mapping[str, Point],
    *,
    viewer: object = None,
    mine: Collection[str] = (),
    selected: str | None = None,
    targets: Iterable[str] = (),
    neighbours: Mapping[str, Collection[str]] | None = None,
    focus: Sequence[str] = (),
) -> dict[str, str]:
    """The ``<svg>`` attributes the viewport reads (see the module's docstring).

    :param full: the board's whole ``viewBox``.
    :param points: territory id -> its label point.
    :param viewer: who is looking (None: nobody in particular, the whole board).
    :param mine: the viewer's territories.
    :param focus: territories of the action to follow (e.g. an attack's two ends).
    """
    own = [points[t] for t in sorted(mine) if t in points]
    attrs = {
        "data-first": " ".join(label_ranks(selected, targets, mine, neighbours)),
        "data-frame": box_text(frame_box(own, full) if viewer is not None else full),
        "data-frame-for": "" if viewer is None else str(viewer),
    }
    box = focus_box([points[t] for t in focus if t in points])
    if box is not None:
        attrs["data-focus"] = box_text(box)
    return attrs


# ------------------------------------------------------------ orders, results, keys


@dataclass(frozen=True)
class OrderArrow:
    """An order written this phase, drawn on the board as an arrow with its count.

    ``action`` and ``data`` are the ``data-action`` and ``data-*`` attributes of the order
    list's remove button: a tap on the arrow is a click on an element carrying them, so it
    takes the same way through the page as that button ("" : the arrow cannot be removed).
    """

    origin: str
    target: str
    count: str = ""
    label: str = ""
    action: str = ""
    data: tuple[tuple[str, str], ...] = ()
    kind: str = "order"


@dataclass(frozen=True)
class Callout:
    """A result shown where it happened: a few short lines in a box above a territory
    (``tone``: ``won`` or ``lost`` for the viewer, "" for a neutral report); ``taken``:
    the territory changed hands (a ring marks it briefly)."""

    territory: str
    lines: tuple[str, ...]
    tone: str = ""
    taken: bool = False


@dataclass(frozen=True)
class ArrowShape:
    """An arrow in map units: its shaft (an SVG path), its head (three points) and where
    its count sits (the middle of the shaft)."""

    shaft: str
    head: tuple[Point, Point, Point]
    middle: Point


ARROW_BEND = 0.16
"""How far an arrow bows to its left, as a share of its length: an order from A to B and
one from B to A bow to opposite sides and never lie on each other."""
ARROW_GAP = 9.0
"""Map units left free at each end: the arrow starts and stops beside the army badges."""
ARROW_HEAD = 6.0


def arrow_shape(
    start: Point,
    end: Point,
    *,
    bend: float = ARROW_BEND,
    gap: float = ARROW_GAP,
    head: float = ARROW_HEAD,
    lane: int = 0,
) -> ArrowShape:
    """The arrow from ``start`` to ``end``: a quadratic curve bowing to the left of the
    way it goes (``lane`` bows a second order between the same places further out),
    shortened by ``gap`` at both ends, its head ``head`` long at ``end``."""
    from math import hypot

    (ax, ay), (bx, by) = start, end
    length = hypot(bx - ax, by - ay) or 1.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    nx, ny = uy, -ux  # the left of the way it goes (SVG's y grows downwards)
    trim = min(gap, length / 4)
    sx, sy = ax + ux * trim, ay + uy * trim
    ex, ey = bx - ux * trim, by - uy * trim
    bow = length * bend * (1 + 0.6 * lane)
    cx, cy = (ax + bx) / 2 + nx * bow, (ay + by) / 2 + ny * bow
    # The head points along the curve's tangent at its end (from the control point).
    tx, ty = ex - cx, ey - cy
    tl = hypot(tx, ty) or 1.0
    tx, ty = tx / tl, ty / tl
    size = min(head, length / 3)
    base = (ex - tx * size, ey - ty * size)
    left = (base[0] + ty * size * 0.55, base[1] - tx * size * 0.55)
    right = (base[0] - ty * size * 0.55, base[1] + tx * size * 0.55)
    # The shaft stops at the head's base, so that a thick line does not blunt the point.
    mx = 0.25 * sx + 0.5 * cx + 0.25 * base[0]
    my = 0.25 * sy + 0.5 * cy + 0.25 * base[1]

    def r(p: Point) -> Point:
        return (round(p[0], 1), round(p[1], 1))

    shaft = f"M{sx:.1f},{sy:.1f} Q{cx:.1f},{cy:.1f} {base[0]:.1f},{base[1]:.1f}"
    return ArrowShape(shaft, (r((ex, ey)), r(left), r(right)), r((mx, my)))


DIRECTIONS = {
    "ArrowUp": (0.0, -1.0),
    "ArrowRight": (1.0, 0.0),
    "ArrowDown": (0.0, 1.0),
    "ArrowLeft": (-1.0, 0.0),
}


def neighbour_toward(
    here: str,
    direction: tuple[float, float],
    points: Mapping[str, Point],
    neighbours: Mapping[str, Collection[str]],
    wrap: float | None = None,
) -> str | None:
    """The neighbour of ``here`` an arrow key moves to: among its neighbours (by the map's
    adjacency) that lie that way (within 60 degrees either side), the one closest to
    the arrow's direction (the angle first, the distance breaking a near tie); None when
    no neighbour lies that way. ``wrap``: the board's width when it wraps round (a
    neighbour across the edge, Alaska's Kamchatka, lies the short way)."""
    from math import atan2, hypot

    if here not in points:
        return None
    hx, hy = points[here]
    best: tuple[float, float, str] | None = None
    for other in sorted(neighbours.get(here, ())):
        if other not in points:
            continue
        dx, dy = points[other][0] - hx, points[other][1] - hy
        if wrap:
            dx = (dx + wrap / 2) % wrap - wrap / 2
        along = dx * direction[0] + dy * direction[1]
        across = dx * direction[1] - dy * direction[0]
        if along <= 0:
            continue
        angle = abs(atan2(across, along))
        if angle > 1.0472:  # 60 degrees
            continue
        score = (round(angle / 0.35), hypot(dx, dy), other)  # 20-degree bands, then nearest
        if best is None or score < best:
            best = score
    return None if best is None else best[2]


def keyboard_moves(
    points: Mapping[str, Point],
    neighbours: Mapping[str, Collection[str]],
    wrap: float | None = None,
) -> str:
    """For ``data-moves``: each territory's neighbour for the four arrow keys, as
    ``id:up,right,down,left`` entries joined by ``;`` (an empty slot: no neighbour that
    way; the viewport then takes the nearest territory that way)."""
    rows = []
    for tid in sorted(points):
        ways = [
            neighbour_toward(tid, d, points, neighbours, wrap) or "" for d in DIRECTIONS.values()
        ]
        if any(ways):
            rows.append(f"{tid}:{','.join(ways)}")
    return ";".join(rows)


CALLOUT_FONT = 7.0
"""A callout line's font size in map units (the viewport scales it to a count's size)."""


def overlay_svg(
    points: Mapping[str, Point],
    arrows: Sequence[OrderArrow] = (),
    callouts: Sequence[Callout] = (),
) -> str:
    """The SVG group drawn above a board: the written orders as arrows with their counts
    (each a button removing its order when it can be removed) and the callouts of
    results. Arrows and callouts whose places are not on this board are left out."""
    from html import escape

    def q(text: str) -> str:
        return escape(text, quote=True)

    parts: list[str] = []
    lanes: dict[tuple[str, str], int] = {}
    for arrow in arrows:
        if arrow.origin not in points or arrow.target not in points or arrow.origin == arrow.target:
            continue
        key = (arrow.origin, arrow.target)
        lane = lanes.get(key, 0)
        lanes[key] = lane + 1
        shape = arrow_shape(points[arrow.origin], points[arrow.target], lane=lane)
        head = " ".join(f"{x:g},{y:g}" for x, y in shape.head)
        attrs = f' class="order-arrow {q(arrow.kind)}" data-from="{q(arrow.origin)}"'
        attrs += f' data-to="{q(arrow.target)}"'
        # Its ends and lane, for ui/board.js: it draws the arrow again at each zoom with a
        # least length, head and gap round the badges on the screen (short crossings).
        (ax, ay), (bx, by) = points[arrow.origin], points[arrow.target]
        attrs += f' data-a="{ax:g} {ay:g}" data-b="{bx:g} {by:g}" data-lane="{lane}"'
        if arrow.action:
            attrs += f' data-action="{q(arrow.action)}" role="button" tabindex="0"'
            attrs += "".join(f' data-{q(k)}="{q(v)}"' for k, v in arrow.data)
            attrs += f' aria-label="Remove: {q(arrow.label)}"'
        else:
            attrs += f' role="img" aria-label="{q(arrow.label)}"'
        mx, my = shape.middle
        count = ""
        if arrow.count:
            width = 6.0 + 4.6 * len(arrow.count)
            count = (
                f'<g class="order-count" data-label="{q(arrow.target)}" data-at="{mx:g} {my:g}"'
                f' data-pin="">'
                f'<rect x="{mx - width / 2:.1f}" y="{my - 5.5:.1f}" width="{width:.1f}" height="11"'
                ' rx="5.5" />'
                f'<text class="count" x="{mx:g}" y="{my + 2.8:.1f}" font-size="8"'
                f' text-anchor="middle">{q(arrow.count)}</text></g>'
            )
        parts.append(
            f"<g{attrs}><title>{q(arrow.label)}</title>"
            f'<path class="arrow-hit" d="{shape.shaft}" />'
            f'<path class="arrow-shaft" d="{shape.shaft}" />'
            f'<polygon class="arrow-head" points="{head}" />{count}</g>'
        )
    for callout in callouts:
        if callout.territory not in points or not callout.lines:
            continue
        x, y = points[callout.territory]
        line_h = CALLOUT_FONT * 1.3
        width = 8 + CALLOUT_FONT * 0.58 * max(len(line) for line in callout.lines)
        height = 5 + line_h * len(callout.lines)
        top = y - 10 - height
        texts = "".join(
            f'<text x="{x:g}" y="{top + 3 + line_h * (i + 0.8):.1f}" font-size="{CALLOUT_FONT:g}"'
            f' text-anchor="middle">{q(line)}</text>'
            for i, line in enumerate(callout.lines)
        )
        if callout.taken:
            parts.append(
                f'<circle class="taken-ring" cx="{x:g}" cy="{y:g}" r="14" aria-hidden="true" />'
            )
        parts.append(
            f'<g class="callout {q(callout.tone)}" data-label="{q(callout.territory)}"'
            f' data-at="{x:g} {y:g}" data-pin="" role="status">'
            f'<rect x="{x - width / 2:.1f}" y="{top:.1f}" width="{width:.1f}" height="{height:.1f}"'
            f' rx="3" /><path class="callout-tail" d="M{x - 4:g},{top + height:.1f}'
            f' L{x:g},{y - 6:g} L{x + 4:g},{top + height:.1f}z" />{texts}</g>'
        )
    if not parts:
        return ""
    return f'<g class="board-overlay">{"".join(parts)}</g>'


def with_overlay(
    svg: str,
    points: Mapping[str, Point],
    arrows: Sequence[OrderArrow] = (),
    callouts: Sequence[Callout] = (),
    moves: str = "",
) -> str:
    """``svg`` with :func:`overlay_svg` drawn on top of everything and, when given, the
    arrow keys' ``data-moves`` (:func:`keyboard_moves`) on its ``<svg>``."""
    layer = overlay_svg(points, arrows, callouts)
    if layer:
        end = svg.rfind("</svg>")
        svg = svg[:end] + layer + svg[end:]
    if moves:
        svg = svg.replace("<svg ", f'<svg data-moves="{moves}" ', 1)
    return svg
