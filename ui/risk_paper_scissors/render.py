"""The Risk, Paper, Scissors board as an SVG string: a pure function of the game state.

Earth is Classic's land (``maps/classic_geometry.json``) plus the 12 water territories as
sea regions (``maps/risk_paper_scissors_geometry.json``) with their colony bonuses; the
Moon is an inset in the open South Pacific, in its own 200-unit viewBox scaled onto the
Earth's.  Owners are shown twice over, as in Classic: the shell's seat pattern on the
territory and a badge in the owner's colour, which here counts units by type ("3E 2J
1W") with a lettered disc per commander.  Stations, landing sites, the space link,
devastation and the viewer's own armed cards each have their own mark.  With
``state=None`` it draws the empty board.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import svgwrite

    from engine.rulesets.risk_paper_scissors.state import RpsState

from ui.risk_paper_scissors.marks import (
    COMMANDER_MARKS,
    PILL_H,
    badge,
    describe,
    devastated_mark,
    legend_html,
    styles_of,
    unit_text,
)
from ui.risk_paper_scissors.places import (
    Point,
    geometry_data,
    group_of,
    groups,
    label_points,
    lunar_rows,
    moon_transform,
    on_earth,
    shape_of,
    territory_kinds,
    territory_names,
)
from ui.shell.board import Callout, OrderArrow, board_attributes, keyboard_moves, with_overlay
from ui.shell.palette import SEA, UNOWNED_FILL, SeatStyle
from ui.shell.render import HIT_RADIUS, fill_pattern

__all__ = [
    "COMMANDER_MARKS",
    "flashes",
    "label_points",
    "legend_html",
    "render_board",
    "styles_of",
    "unit_text",
]


NAME_SIZE = 6.2
WATER_NAME_SIZE = 6.0
MOON_NAME_SIZE = 5.2
CONTINENT_STROKE = "#2F3B45"
COLONY_STROKE = "#1F4E6E"
WATER_FILLS = ("#A9CBE0", "#B6D5E8", "#9EC3DB", "#BDD9EA")
"""Unowned water, one shade per water colony so that the four colonies read apart."""
MOON_FILLS = ("#C9C3B0", "#B3B0C9")
MOON_BACK = "#10263B"
DEVASTATED_FILL = "url(#devastated)"
LINK_COLOR = "#5B2A86"
PATH_COLOR = "#111111"


def render_board(
    state: RpsState | None,
    *,
    viewer: int | None = None,
    selected: str | None = None,
    targets: Collection[str] = (),
    path: Sequence[str] = (),
    highlights: Mapping[str, str] | None = None,
    orders: Sequence[OrderArrow] = (),
    callouts: Sequence[Callout] = (),
) -> str:
    """The SVG of the whole board.

    :param state: the game, or None for the empty board.
    :param viewer: the seat whose private marks may be shown (its armed cards); None is
        the public view.  The viewer's space links are drawn too.
    :param selected: the selected territory; a selected station shows its space links.
    :param targets: territories a tap means something on (``class="target legal"``).
    :param path: a planned move's territories in order, drawn as a line.
    :param highlights: territory id -> a CSS class (conquest or move flashes).
    :param orders: the attack being written, as an arrow (the shell's board overlay).
    :param callouts: results shown where they happened (the last battle).
    """
    import svgwrite  # imported here: the first screen needs no SVG drawing

    classic, rps, _ = geometry_data()
    x0, y0, width, height = classic["viewBox"]
    mine = (
        [t for t, seat in state.owner.items() if seat == viewer]
        if state is not None and viewer is not None
        else []
    )
    extra = board_attributes(
        classic["viewBox"],
        label_points(),
        viewer=viewer if state is not None else None,
        mine=mine,
        selected=selected,
        targets=targets,
        focus=[t for o in orders[-1:] for t in (o.origin, o.target)],
    )
    dwg = svgwrite.Drawing(
        size=("100%", "100%"),
        viewBox=f"{x0} {y0} {width} {height}",
        debug=False,
        **{"class": "board rps-board", "preserveAspectRatio": "xMidYMid meet", **extra},
    )
    styles = styles_of(state) if state is not None else []
    for seat, style in enumerate(styles):
        dwg.defs.add(fill_pattern(dwg, f"pat-{seat}", style))
    dwg.defs.add(_devastated_pattern(dwg))

    kinds = territory_kinds()
    devastated = set(state.devastated) if state is not None else set()
    targets = set(targets)
    on_path = set(path)
    flashes = dict(highlights or {})

    def shape(tid: str) -> Any:
        owner = state.owner.get(tid) if state is not None else None
        if tid in devastated:
            fill = DEVASTATED_FILL
        elif owner is not None:
            fill = f"url(#pat-{owner})"
        else:
            fill = _unowned_fill(tid)
        classes = ["territory", kinds[tid]]
        if tid in devastated:
            classes.append("devastated")
        if tid in targets:
            classes += ["target", "legal"]
        if tid == selected:
            classes.append("selected")
        if tid in on_path:
            classes.append("on-path")
        if tid in flashes:
            classes.append(flashes[tid])
        return dwg.path(
            d=shape_of(tid),
            fill=fill,
            stroke="#FFFFFF",
            stroke_width=0.6 if kinds[tid] != "lunar" else 0.9,
            **{
                "class": " ".join(classes),
                "data-id": tid,
                "data-territory": tid,
                "data-kind": kinds[tid],
                "data-owner": "-1" if owner is None else str(owner),
                "aria-label": _aria(state, tid, devastated),
                "role": "button",
                "tabindex": "0" if tid in targets or tid == selected else "-1",
            },
        )

    dwg.add(dwg.rect((x0, y0), (width, height), fill=SEA, **{"class": "sea"}))
    water = dwg.g(**{"class": "territories water-regions"})
    for tid in rps["water"]:
        water.add(shape(tid))
    dwg.add(water)
    colonies = dwg.g(**{"class": "water-colonies", "pointer-events": "none"})
    for gid, outline in rps["water_colonies"].items():
        colonies.add(
            dwg.path(
                d=outline["d"],
                fill="none",
                stroke=COLONY_STROKE,
                stroke_width=1.3,
                stroke_opacity=0.8,
                **{"data-group": gid, "stroke-linejoin": "round"},
            )
        )
    dwg.add(colonies)
    dwg.add(_sea_lanes(dwg, classic))

    # Tap targets under the land: a disc per territory so that a small one (Iceland) can
    # be hit from the sea round it; land, and the water discs' own regions, win elsewhere.
    hits = dwg.g(**{"class": "hit-areas", "aria-hidden": "true"})
    points = label_points()
    for tid, kind in kinds.items():
        if kind != "lunar":
            hits.add(_hit(dwg, tid, points[tid]))
    dwg.add(hits)
    lands = dwg.g(**{"class": "territories land"})
    for tid in classic["territories"]:
        lands.add(shape(tid))
    dwg.add(lands)
    outlines = dwg.g(**{"class": "continents", "pointer-events": "none"})
    for cid, outline in classic.get("continents", {}).items():
        outlines.add(
            dwg.path(
                d=outline["d"],
                fill="none",
                stroke=CONTINENT_STROKE,
                stroke_width=1.6,
                stroke_opacity=0.75,
                **{"data-continent": cid, "stroke-linejoin": "round"},
            )
        )
    dwg.add(outlines)
    dwg.add(_outline_marks(dwg, [t for t in kinds if kinds[t] != "lunar"], selected, targets))
    dwg.add(_moon(dwg, shape, selected, targets))
    dwg.add(_lines(dwg, state, viewer, selected, path))
    dwg.add(_labels(dwg, state, viewer, styles, devastated))
    return with_overlay(str(dwg.tostring()), points, orders, callouts, moves=_keyboard_moves())


@cache
def _keyboard_moves() -> str:
    """The arrow keys' neighbours, by the game's adjacency (land, sea lanes, water,
    the Moon's territories among themselves)."""
    from engine.rulesets.risk_paper_scissors.board import load_board

    board = load_board()
    near = {tid: board.neighbours.get(tid, frozenset()) for tid in territory_kinds()}
    return keyboard_moves(label_points(), near, float(geometry_data()[0]["viewBox"][2]))


def _unowned_fill(tid: str) -> str:
    kind = territory_kinds()[tid]
    if kind == "land":
        return UNOWNED_FILL
    fills = WATER_FILLS if kind == "water" else MOON_FILLS
    colonies = [g for g, row in groups().items() if row["kind"] == f"{kind}_colony"]
    return fills[colonies.index(group_of()[tid]) % len(fills)]


def _aria(state: RpsState | None, tid: str, devastated: Collection[str]) -> str:
    label = territory_names()[tid]
    if tid in devastated:
        return f"{label}, devastated: impassable"
    if state is None:
        return label
    owner = state.owner.get(tid)
    if owner is None:
        return f"{label}, empty"
    label += f", {state.players[owner].name}: {describe(state.side_at(tid))}"
    if tid in state.stations:
        label += ", space station"
    return label


def _devastated_pattern(dwg: svgwrite.Drawing) -> Any:
    """Grey with dark cross-hatching: nothing else on the board looks like it."""
    size = 5
    pat = dwg.pattern(id="devastated", size=(size, size), patternUnits="userSpaceOnUse")
    pat.add(dwg.rect((0, 0), (size, size), fill="#8C8C8C"))
    pat.add(
        dwg.path(
            d=f"M0,0 L{size},{size} M{size},0 L0,{size}",
            stroke="#3A3A3A",
            stroke_width=0.9,
        )
    )
    return pat


def _hit(dwg: svgwrite.Drawing, tid: str, at: Point, radius: float = HIT_RADIUS) -> Any:
    return dwg.circle(
        at, r=radius, fill="#000", fill_opacity=0, **{"data-hit": tid, "class": "hit"}
    )


def _sea_lanes(dwg: svgwrite.Drawing, classic: Mapping[str, Any]) -> Any:
    links = dwg.g(**{"class": "sea-links", "pointer-events": "none"})
    for link in classic.get("sea_links", []):
        for (ax, ay), (bx, by) in link["segments"]:
            links.add(
                dwg.line(
                    (ax, ay), (bx, by), stroke="#2F5468", stroke_width=1.1, stroke_dasharray="3,2.5"
                )
            )
    return links


def _outline_marks(
    dwg: svgwrite.Drawing, tids: Sequence[str], selected: str | None, targets: Collection[str]
) -> Any:
    """The selected territory's outline and a marching outline round each target."""
    marks = dwg.g(**{"class": "marks", "pointer-events": "none"})
    for tid in tids:
        if tid == selected:
            marks.add(
                dwg.path(
                    d=shape_of(tid),
                    fill="none",
                    stroke="#111",
                    stroke_width=2.4,
                    **{"class": "selected-outline", "data-mark": tid},
                )
            )
        elif tid in targets:
            marks.add(
                dwg.path(
                    d=shape_of(tid),
                    fill="none",
                    stroke="#FFFFFF",
                    stroke_width=1.6,
                    **{"class": "legal-outline", "data-mark": tid},
                )
            )
    return marks


def _moon(dwg: svgwrite.Drawing, shape: Any, selected: str | None, targets: Collection[str]) -> Any:
    """The inset: a dark frame, the disc, the six lunar territories, the blank far side,
    colony outlines and a ring on each landing site, in the Moon's own units."""
    moon = geometry_data()[1]["moon"]
    x, y, scale = moon_transform()
    fx, fy, fw, fh = moon["frame"]
    inset = dwg.g(**{"class": "moon-inset"})
    inset.add(
        dwg.rect(
            (fx, fy),
            (fw, fh),
            rx=4,
            fill=MOON_BACK,
            stroke="#FFFFFF",
            stroke_width=0.8,
            **{"class": "moon-frame"},
        )
    )
    inset.add(
        dwg.text(
            "The Moon",
            insert=(fx + 5, fy + 9),
            font_size=7,
            font_weight="bold",
            fill="#FFFFFF",
            **{"class": "moon-title"},
        )
    )
    hits = dwg.g(**{"class": "hit-areas", "aria-hidden": "true"})
    points = label_points()
    lunar = [t for t, k in territory_kinds().items() if k == "lunar"]
    for tid in lunar:
        hits.add(_hit(dwg, tid, points[tid]))
    inset.add(hits)
    disc = moon["disc"]
    inner = dwg.g(transform=f"translate({x},{y}) scale({scale})")
    inner.add(
        dwg.circle(
            (disc["cx"], disc["cy"]),
            disc["r"] + 1.5,
            fill="#6E747C",
            stroke="#FFFFFF",
            stroke_width=1.2,
            **{"class": "moon-disc"},
        )
    )
    cells = dwg.g(**{"class": "territories lunar"})
    for tid in lunar:
        cells.add(shape(tid))
    inner.add(cells)
    for blank in moon.get("blank", {}).values():
        inner.add(
            dwg.path(
                d=blank["d"],
                fill="#6E747C",
                stroke="#FFFFFF",
                stroke_width=0.6,
                **{"class": "moon-blank", "pointer-events": "none"},
            )
        )
    for gid, colony in moon["colonies"].items():
        inner.add(
            dwg.path(
                d=colony["d"],
                fill="none",
                stroke="#1B1B1B",
                stroke_width=1.6,
                **{"data-group": gid, "pointer-events": "none"},
            )
        )
    for tid, (lx, ly, r) in moon["landing_sites"].items():
        inner.add(
            dwg.circle(
                (lx, ly),
                r,
                fill="none",
                stroke="#FFFFFF",
                stroke_width=2.2,
                stroke_dasharray="4,2.5",
                **{"class": "landing-site", "data-landing": tid, "pointer-events": "none"},
            )
        )
    inner.add(_outline_marks(dwg, lunar, selected, targets))
    inset.add(inner)
    return inset


def _lines(
    dwg: svgwrite.Drawing,
    state: RpsState | None,
    viewer: int | None,
    selected: str | None,
    path: Sequence[str],
) -> Any:
    """The space links that matter now and the planned path."""
    group = dwg.g(**{"class": "lines", "pointer-events": "none"})
    points = label_points()
    sites = [t for t, row in lunar_rows().items() if row.get("landing_site")]
    # A selected station's links are the point of the selection: bold.  The viewer's
    # links otherwise are a reminder only: faint, or four stations would hide the map.
    strong = state is not None and selected in state.stations
    for station in _linked_stations(state, viewer, selected):
        sx, sy = points[station]
        for site in sites:
            tx, ty = points[site]
            # A gentle arc: straight lines from Asia would cross Africa's labels flat.
            mx, my = (sx + tx) / 2, min(sy, ty) - 40
            group.add(
                dwg.path(
                    d=f"M{sx:.1f},{sy:.1f} Q{mx:.1f},{my:.1f} {tx:.1f},{ty:.1f}",
                    fill="none",
                    stroke=LINK_COLOR,
                    stroke_width=1.5 if strong else 0.9,
                    stroke_dasharray="5,3",
                    stroke_opacity=0.9 if strong else 0.45,
                    **{
                        "class": "space-link" if strong else "space-link faint",
                        "data-from": station,
                        "data-to": site,
                    },
                )
            )
    kinds = territory_kinds()
    if len(path) >= 2:
        wrap = float(geometry_data()[1]["wrap_width"])
        d = []
        for a, b in itertools.pairwise(path):
            (ax, ay), (bx, by) = points[a], points[b]
            earthly = kinds[a] != "lunar" and kinds[b] != "lunar"
            if earthly and abs(ax - bx) > wrap / 2:
                # Across the Pacific (Alaska–Kamchatka): out at one edge, in at the other.
                step = -wrap if ax < bx else wrap
                d.append(f"M{ax:.1f},{ay:.1f} L{bx + step:.1f},{by:.1f}")
                d.append(f"M{ax - step:.1f},{ay:.1f} L{bx:.1f},{by:.1f}")
            else:
                d.append(f"M{ax:.1f},{ay:.1f} L{bx:.1f},{by:.1f}")
        group.add(
            dwg.path(
                d=" ".join(d),
                fill="none",
                stroke=PATH_COLOR,
                stroke_width=2.2,
                stroke_linecap="round",
                stroke_dasharray="6,3",
                **{"class": "path", "data-path": " ".join(path)},
            )
        )
        ex, ey = points[path[-1]]
        group.add(
            dwg.circle(
                (ex, ey), 3, fill=PATH_COLOR, **{"class": "path-end", "data-path-end": path[-1]}
            )
        )
    return group


def _linked_stations(state: RpsState | None, viewer: int | None, selected: str | None) -> list[str]:
    """A selected station's links; otherwise the viewer's stations' links."""
    if state is None:
        return []
    if selected is not None and selected in state.stations:
        return [selected]
    if viewer is None:
        return []
    return state.stations_of(viewer)


def _labels(
    dwg: svgwrite.Drawing,
    state: RpsState | None,
    viewer: int | None,
    styles: Sequence[SeatStyle],
    devastated: Collection[str],
) -> Any:
    labels = dwg.g(**{"class": "labels", "pointer-events": "none"})
    points = label_points()
    names = territory_names()
    kinds = territory_kinds()
    rps = geometry_data()[1]
    sites = set(rps["moon"]["landing_sites"])
    for gid, colony in rps["water_colonies"].items():
        cx, cy = colony["label"]
        labels.add(_colony_label(dwg, gid, (float(cx), float(cy))))
    for gid, colony in rps["moon"]["colonies"].items():
        labels.add(_colony_label(dwg, gid, on_earth(colony["label"]), size=5.2, fill="#FFFFFF"))
    for tid, (x, y) in points.items():
        kind = kinds[tid]
        at = {"data-label": tid, "data-at": f"{x:g} {y:g}"}
        size = {"land": NAME_SIZE, "water": WATER_NAME_SIZE, "lunar": MOON_NAME_SIZE}[kind]
        labels.add(
            dwg.text(
                names[tid] + (" ★" if tid in sites else ""),
                insert=(x, y + PILL_H / 2 + size + 0.3),
                text_anchor="middle",
                font_size=size,
                font_style="italic" if kind == "water" else "normal",
                stroke="#FFFFFF",
                stroke_width=1.8,
                stroke_opacity=0.85,
                stroke_linejoin="round",
                **{"class": f"name {kind}-name", "paint-order": "stroke", **at},
            )
        )
        mark = None
        if tid in devastated:
            mark = devastated_mark(dwg, tid, (x, y))
        elif state is not None and tid in state.owner:
            mark = badge(dwg, state, tid, (x, y), styles, viewer)
        if mark is not None:
            mark.update(at)
            labels.add(mark)
    return labels


def _colony_label(
    dwg: svgwrite.Drawing, gid: str, at: Point, size: float = 6.0, fill: str = "#0B2E4A"
) -> Any:
    group = groups()[gid]
    return dwg.text(
        f"{group['name']} +{group['bonus']}",
        insert=(at[0], at[1] + size / 3),
        text_anchor="middle",
        font_size=size,
        font_weight="bold",
        fill=fill,
        stroke="#FFFFFF" if fill != "#FFFFFF" else MOON_BACK,
        stroke_width=1.6,
        stroke_opacity=0.7,
        **{
            "class": "colony-bonus",
            "data-group": gid,
            "paint-order": "stroke",
            "data-label": gid,  # ui/board.js: readable at every zoom, after the territories
        },
    )


def flashes(before: RpsState | None, after: RpsState) -> dict[str, str]:
    """``highlights`` for what an order changed: ``flash-taken`` where the owner changed
    (a conquest, an empty territory occupied, or one emptied), ``flash-moved`` where only
    the pieces did (the shell's CSS animates both).  A Move only ever joins two of the
    player's own territories (spec 10.2), so it never changes an owner."""
    if before is None:
        return {}
    found: dict[str, str] = {}
    for tid in territory_kinds():
        if before.owner.get(tid) != after.owner.get(tid):
            found[tid] = "flash-taken"
        elif tid in after.owner and before.units[tid] != after.units[tid]:
            found[tid] = "flash-moved"
    return found
