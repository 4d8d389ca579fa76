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
