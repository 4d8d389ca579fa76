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
from html import escape
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import svgwrite

    from engine.rulesets.risk_paper_scissors.state import Garrison, RpsState

from ui.shell.palette import SEA, UNOWNED_FILL, SeatStyle, seat_style, text_color_on
from ui.shell.render import HIT_RADIUS, seat_pattern

Point = tuple[float, float]

COMMANDER_MARKS: Mapping[str, str] = {
    "land": "L",
    "naval": "N",
    "space": "S",
    "nuclear": "A",
    "diplomat": "D",
}
"""The letter on each commander's disc (A for atomic: N is the Naval Commander's)."""
UNIT_NAMES = (("e", "Elemental"), ("j", "Jaguar"), ("w", "Wolf"))

NAME_SIZE = 6.2
WATER_NAME_SIZE = 6.0
MOON_NAME_SIZE = 5.2
COUNT_SIZE = 6.6
PILL_H = 9.5
COMMANDER_R = 3.4
STATION_R = 3.4
CONTINENT_STROKE = "#2F3B45"
BADGE_EDGE = "#2B2B2B"
"""A thin dark edge on badges: white would vanish on the light yellow seat."""
COLONY_STROKE = "#1F4E6E"
WATER_FILLS = ("#A9CBE0", "#B6D5E8", "#9EC3DB", "#BDD9EA")
"""Unowned water, one shade per water colony so that the four colonies read apart."""
MOON_FILLS = ("#C9C3B0", "#B3B0C9")
MOON_BACK = "#10263B"
DEVASTATED_FILL = "url(#devastated)"
LINK_COLOR = "#5B2A86"
PATH_COLOR = "#111111"


@cache
def _data() -> tuple[Mapping[str, Any], Mapping[str, Any], Mapping[str, Any]]:
    """Classic geometry, RPS geometry and the RPS map file, read once."""
    from maps import read_map_file

    return (
        read_map_file("classic_geometry.json"),
        read_map_file("risk_paper_scissors_geometry.json"),
        read_map_file("risk_paper_scissors.json"),
    )


@cache
def territory_kinds() -> dict[str, str]:
    """Territory id -> ``land``, ``water`` or ``lunar``, in map order."""
    return {t["id"]: t["kind"] for t in _data()[2]["territories"]}


@cache
def territory_names() -> dict[str, str]:
    return {t["id"]: t["name"] for t in _data()[2]["territories"]}


@cache
def _group_of() -> dict[str, str]:
    return {t["id"]: t["group"] for t in _data()[2]["territories"]}


@cache
def _groups() -> dict[str, Mapping[str, Any]]:
    return {g["id"]: g for g in _data()[2]["groups"]}


def _moon_transform() -> tuple[float, float, float]:
    """(x, y, scale) placing the Moon's viewBox on the Earth's."""
    moon = _data()[1]["moon"]
    x, y, width, _ = moon["place"]
    return float(x), float(y), float(width) / float(moon["viewBox"][2])


def _on_earth(point: Sequence[float]) -> Point:
    x, y, scale = _moon_transform()
    return x + float(point[0]) * scale, y + float(point[1]) * scale


@cache
def label_points() -> dict[str, Point]:
    """Where each territory's badge sits, in Earth viewBox units (Moon ones transformed)."""
    classic, rps, _ = _data()
    points: dict[str, Point] = {}
    for tid, kind in territory_kinds().items():
        if kind == "land":
            x, y = classic["territories"][tid]["label"]
            points[tid] = (float(x), float(y))
        elif kind == "water":
            x, y = rps["water"][tid]["label"]
            points[tid] = (float(x), float(y))
        else:
            points[tid] = _on_earth(rps["moon"]["territories"][tid]["label"])
    return points


def _shape(tid: str) -> str:
    classic, rps, _ = _data()
    kind = territory_kinds()[tid]
    if kind == "land":
        return str(classic["territories"][tid]["d"])
    if kind == "water":
        return str(rps["water"][tid]["d"])
    return str(rps["moon"]["territories"][tid]["d"])


def unit_text(garrison: Garrison) -> str:
    """The compact count by type, zero types left out: ``3E 2J 1W``, ``1E``."""
    return " ".join(f"{n}{t.upper()}" for t, n in _counts(garrison) if n)


def _counts(garrison: Garrison) -> list[tuple[str, int]]:
    return [("e", garrison.e), ("j", garrison.j), ("w", garrison.w)]


def _describe(garrison: Garrison) -> str:
    parts = [
        f"{n} {name}{'s' if n != 1 else ''}"
        for (key, name), n in zip(UNIT_NAMES, (garrison.e, garrison.j, garrison.w), strict=True)
        if n
    ]
    parts += [
        f"{c.title()} Commander" if c != "diplomat" else "Diplomat" for c in garrison.commanders
    ]
    return ", ".join(parts)


def styles_of(state: RpsState) -> list[SeatStyle]:
    """Each seat's palette style; a player's colour replaces the palette's only when it is
    a ``#RRGGBB`` (the engine's default colours are names such as "Red")."""
    return [seat_style(i, _hex_or_none(p.color)) for i, p in enumerate(state.players)]


def _hex_or_none(color: str) -> str | None:
    digits = color.removeprefix("#")
    if (
        color.startswith("#")
        and len(digits) == 6
        and all(c in "0123456789abcdefABCDEF" for c in digits)
    ):
        return color
    return None


def render_board(
    state: RpsState | None,
    *,
    viewer: int | None = None,
    selected: str | None = None,
    targets: Collection[str] = (),
    path: Sequence[str] = (),
    highlights: Mapping[str, str] | None = None,
) -> str:
    """The SVG of the whole board.

    :param state: the game, or None for the empty board.
    :param viewer: the seat whose private marks may be shown (its armed cards); None is
        the public view.  The viewer's space links are drawn too.
    :param selected: the selected territory; a selected station shows its space links.
    :param targets: territories a tap means something on (``class="target legal"``).
    :param path: a planned move's territories in order, drawn as a line.
    :param highlights: territory id -> a CSS class (conquest or move flashes).
    """
    import svgwrite  # imported here: the first screen needs no SVG drawing

    classic, rps, _ = _data()
    x0, y0, width, height = classic["viewBox"]
    dwg = svgwrite.Drawing(
        size=("100%", "100%"),
        viewBox=f"{x0} {y0} {width} {height}",
        debug=False,
        **{"class": "board rps-board", "preserveAspectRatio": "xMidYMid meet"},
    )
    styles = styles_of(state) if state is not None else []
    for seat, style in enumerate(styles):
        dwg.defs.add(seat_pattern(dwg, f"pat-{seat}", style))
    dwg.defs.add(_devastated_pattern(dwg))

    kinds = territory_kinds()
    devastated = set(state.devastated) if state is not None else set()
    targets = set(targets)
    on_path = set(path)
    flashes = dict(highlights or {})

    def shape(tid: str) -> Any:
        owner = state.owner(tid) if state is not None else None
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
            d=_shape(tid),
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
    return str(dwg.tostring())


def _unowned_fill(tid: str) -> str:
    kind = territory_kinds()[tid]
    if kind == "land":
        return UNOWNED_FILL
    fills = WATER_FILLS if kind == "water" else MOON_FILLS
    colonies = [g for g, row in _groups().items() if row["kind"] == f"{kind}_colony"]
    return fills[colonies.index(_group_of()[tid]) % len(fills)]


def _aria(state: RpsState | None, tid: str, devastated: Collection[str]) -> str:
    label = territory_names()[tid]
    if tid in devastated:
        return f"{label}, devastated: impassable"
    if state is None:
        return label
    garrison = state.garrisons.get(tid)
    if garrison is None:
        return f"{label}, empty"
    label += f", {state.players[garrison.owner].name}: {_describe(garrison)}"
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
                    d=_shape(tid),
                    fill="none",
                    stroke="#111",
                    stroke_width=2.4,
                    **{"class": "selected-outline", "data-mark": tid},
                )
            )
        elif tid in targets:
            marks.add(
                dwg.path(
                    d=_shape(tid),
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
    moon = _data()[1]["moon"]
    x, y, scale = _moon_transform()
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
    sites = [t for t, row in _lunar_rows().items() if row.get("landing_site")]
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
                    stroke_width=1.4,
                    stroke_dasharray="5,3",
                    stroke_opacity=0.85,
                    **{"class": "space-link", "data-from": station, "data-to": site},
                )
            )
    kinds = territory_kinds()
    if len(path) >= 2:
        wrap = float(_data()[1]["wrap_width"])
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


@cache
def _lunar_rows() -> dict[str, Mapping[str, Any]]:
    return {t["id"]: t for t in _data()[2]["territories"] if t["kind"] == "lunar"}


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
    rps = _data()[1]
    sites = set(rps["moon"]["landing_sites"])
    for gid, colony in rps["water_colonies"].items():
        cx, cy = colony["label"]
        labels.add(_colony_label(dwg, gid, (float(cx), float(cy))))
    for gid, colony in rps["moon"]["colonies"].items():
        labels.add(_colony_label(dwg, gid, _on_earth(colony["label"]), size=5.2, fill="#FFFFFF"))
    for tid, (x, y) in points.items():
        kind = kinds[tid]
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
                **{"class": f"name {kind}-name", "paint-order": "stroke"},
            )
        )
        if tid in devastated:
            labels.add(_devastated_mark(dwg, tid, (x, y)))
        elif state is not None and tid in state.garrisons:
            labels.add(_badge(dwg, state, tid, (x, y), styles, viewer))
    return labels


def _colony_label(
    dwg: svgwrite.Drawing, gid: str, at: Point, size: float = 6.0, fill: str = "#0B2E4A"
) -> Any:
    group = _groups()[gid]
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
        **{"class": "colony-bonus", "data-group": gid, "paint-order": "stroke"},
    )


def _devastated_mark(dwg: svgwrite.Drawing, tid: str, at: Point) -> Any:
    """A bold cross in a white disc: impassable even without the hatching."""
    x, y = at
    mark = dwg.g(**{"class": "devastated-mark", "data-devastated": tid})
    mark.add(dwg.circle((x, y), 5.2, fill="#FFFFFF", stroke="#3A3A3A", stroke_width=1))
    r = 2.8
    mark.add(
        dwg.path(
            d=f"M{x - r:.1f},{y - r:.1f} L{x + r:.1f},{y + r:.1f} "
            f"M{x + r:.1f},{y - r:.1f} L{x - r:.1f},{y + r:.1f}",
            stroke="#B00020",
            stroke_width=1.8,
            stroke_linecap="round",
        )
    )
    return mark


def _badge(
    dwg: svgwrite.Drawing,
    state: RpsState,
    tid: str,
    at: Point,
    styles: Sequence[SeatStyle],
    viewer: int | None,
) -> Any:
    """The owner's pill with the count by type, a lettered disc per commander above it, a
    station ring on its left and (for its owner only) an armed-card tab on its right.
    The discs are in the owner's colour like the pill: on white, yellow would vanish."""
    garrison = state.garrisons[tid]
    style = styles[garrison.owner]
    x, y = at
    text = unit_text(garrison)
    width = max(PILL_H, 4.2 * len(text) + 4) if text else PILL_H * 0.7
    badge = dwg.g(
        **{
            "class": "badge",
            "data-badge": tid,
            "data-owner": str(garrison.owner),
            "data-e": str(garrison.e),
            "data-j": str(garrison.j),
            "data-w": str(garrison.w),
            "data-commanders": " ".join(garrison.commanders),
        }
    )
    badge.add(
        dwg.rect(
            (x - width / 2, y - PILL_H / 2),
            (width, PILL_H),
            rx=PILL_H / 2,
            fill=style.color,
            stroke=BADGE_EDGE,
            stroke_width=0.7,
        )
    )
    if text:
        badge.add(
            dwg.text(
                text,
                insert=(x, y + COUNT_SIZE * 0.36),
                text_anchor="middle",
                font_size=COUNT_SIZE,
                font_weight="bold",
                fill=text_color_on(style.color),
                **{"class": "count"},
            )
        )
    commanders = garrison.commanders
    first = x - (len(commanders) - 1) * COMMANDER_R
    for i, commander in enumerate(commanders):
        cx, cy = first + 2 * COMMANDER_R * i, y - PILL_H / 2 - COMMANDER_R + 0.4
        mark = dwg.g(**{"class": "commander", "data-commander": commander})
        mark.add(
            dwg.circle((cx, cy), COMMANDER_R, fill=style.color, stroke=BADGE_EDGE, stroke_width=0.6)
        )
        mark.add(
            dwg.text(
                COMMANDER_MARKS[commander],
                insert=(cx, cy + 1.6),
                text_anchor="middle",
                font_size=4.4,
                font_weight="bold",
                fill=text_color_on(style.color),
            )
        )
        badge.add(mark)
    if tid in state.stations:
        badge.add(_station(dwg, (x - width / 2 - STATION_R - 0.6, y)))
    if viewer is not None and garrison.owner == viewer and tid in state.armed:
        badge.add(_armed(dwg, (x + width / 2 + 3.4, y), state.armed[tid]))
    return badge


def _station(dwg: svgwrite.Drawing, at: Point) -> Any:
    """A white ring with a dark cross (⊕): the same for every owner, whose colour and
    pattern are all round it already."""
    x, y = at
    mark = dwg.g(**{"class": "station"})
    mark.add(dwg.circle((x, y), STATION_R, fill="#FFFFFF", stroke="#111", stroke_width=1.1))
    mark.add(
        dwg.path(
            d=f"M{x - STATION_R:.1f},{y:.1f} H{x + STATION_R:.1f} "
            f"M{x:.1f},{y - STATION_R:.1f} V{y + STATION_R:.1f}",
            stroke="#111",
            stroke_width=1.1,
        )
    )
    return mark


def _armed(dwg: svgwrite.Drawing, at: Point, card: str) -> Any:
    """A small face-down card with "!" (its owner's view only)."""
    from engine.rulesets.risk_paper_scissors.cards import CARDS

    x, y = at
    name = CARDS[card].name if card in CARDS else card
    mark = dwg.g(**{"class": "armed", "data-armed": card})
    mark.set_desc(title=f"armed: {name}")
    mark.add(
        dwg.rect(
            (x - 2.6, y - 3.6), (5.2, 7.2), rx=0.8, fill="#FFD400", stroke="#111", stroke_width=0.8
        )
    )
    mark.add(
        dwg.text(
            "!",
            insert=(x, y + 2.3),
            text_anchor="middle",
            font_size=6,
            font_weight="bold",
            fill="#111",
        )
    )
    return mark


def flashes(before: RpsState | None, after: RpsState) -> dict[str, str]:
    """``highlights`` for what an order changed: ``flash-taken`` where the owner changed
    (a conquest, an empty territory occupied, or one emptied), ``flash-moved`` where only
    the pieces did (the shell's CSS animates both).  A Move only ever joins two of the
    player's own territories (spec 10.2), so it never changes an owner."""
    if before is None:
        return {}
    found: dict[str, str] = {}
    for tid in territory_kinds():
        old, new = before.garrisons.get(tid), after.garrisons.get(tid)
        if (None if old is None else old.owner) != (None if new is None else new.owner):
            found[tid] = "flash-taken"
        elif old is not None and new is not None and old.to_json() != new.to_json():
            found[tid] = "flash-moved"
    return found


def legend_html(state: RpsState | None = None) -> str:
    """The board's key: unit letters and what beats what, commander letters, stations,
    landing sites, devastation, armed cards, and (with a state) each player's swatch."""
    from ui.shell.render import swatch

    rows = [
        "<li><b>E</b> Elemental · <b>J</b> Jaguar · <b>W</b> Wolf — "
        "Wolves beat Elementals, Elementals beat Jaguars and commanders, "
        "Jaguars and commanders beat Wolves</li>",
        "<li>Commanders: "
        + " · ".join(
            f"<b>{letter}</b> {'Diplomat' if c == 'diplomat' else c.title()}"
            for c, letter in COMMANDER_MARKS.items()
        )
        + "</li>",
        "<li><span class='rps-key station' aria-hidden='true'>⊕</span> space station: "
        "links its territory to the Moon's landing sites (★, dashed rings)</li>",
        "<li><span class='rps-key devastated' aria-hidden='true'>✕</span> devastated: "
        "impassable</li>",
        "<li><span class='rps-key armed' aria-hidden='true'>!</span> your armed card "
        "(only you see it)</li>",
    ]
    if state is not None:
        for seat, player in enumerate(state.players):
            mark = swatch(seat, _hex_or_none(player.color), False, 14)
            rows.append(f"<li>{mark} {escape(player.name)}</li>")
    return "<ul class='rps-legend'>" + "".join(rows) + "</ul>"
