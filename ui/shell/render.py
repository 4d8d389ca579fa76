"""The board as an SVG string: a pure function of the game state (no browser imports).

``render_map(state, geometry, highlight=..., selected=..., viewer=...)`` draws every
territory as a ``<path data-territory="id">`` filled with a light tint of its owner's
colour overlaid with the owner's pattern (a second cue besides colour), continent
outlines, dashed sea links, names, and army counts in a badge of the owner's colour.
With ``state=None`` it draws the empty board (the page shows that before Python loads).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import svgwrite

from ui.shell.board import (
    Callout,
    OrderArrow,
    board_attributes,
    keyboard_moves,
    with_overlay,
)
from ui.shell.palette import SEA, UNOWNED_FILL, SeatStyle, seat_style, text_color_on, tint

Geometry = Mapping[str, Any]
TINT = 0.38
PATTERN_ALPHA = 0.55
BADGE_R = 7.5
NAME_SIZE = 6.2
CONTINENT_STROKE = "#2F3B45"


@cache
def territory_names(map_id: str = "classic") -> dict[str, str]:
    """Territory id -> display name, read from the map file (no engine import)."""
    from maps import read_map_file

    data = read_map_file(f"{map_id}.json")
    # format 2 maps list territories; The Great War's scenario, provinces and seas
    rows = [*data.get("territories", []), *data.get("provinces", []), *data.get("seas", [])]
    return {row["id"]: row["name"] for row in rows}


@cache
def territory_neighbours(map_id: str = "classic") -> dict[str, tuple[str, ...]]:
    """Territory id -> its neighbours, read from the map file (no engine import)."""
    from maps import read_map_file

    data = read_map_file(f"{map_id}.json")
    return {row["id"]: tuple(row.get("neighbours", ())) for row in data.get("territories", [])}


@cache
def continent_names(map_id: str = "classic") -> dict[str, str]:
    from maps import read_map_file

    data = read_map_file(f"{map_id}.json")
    return {row["id"]: row["name"] for row in data["continents"]}


def styles_of(state: Any) -> list[SeatStyle]:
    """The style of every seat of ``state`` (palette pattern, the player's colour)."""
    return [
        seat_style(i, p.color or None, neutral=p.control == "neutral")
        for i, p in enumerate(state.players)
    ]


def fill_pattern(dwg: svgwrite.Drawing, pid: str, style: SeatStyle) -> Any:
    """A fill pattern: the owner's light tint plus marks in the owner's colour."""
    size = 7
    pat = dwg.pattern(
        id=pid, size=(size, size), patternUnits="userSpaceOnUse", patternTransform="rotate(0)"
    )
    pat.add(dwg.rect((0, 0), (size, size), fill=tint(style.color, TINT)))
    mark = {"stroke": style.color, "stroke_opacity": PATTERN_ALPHA, "stroke_width": 1.1}
    kind = style.pattern
    if kind == "stripes":
        pat.add(
            dwg.path(
                d=f"M0,{size} L{size},0 M-1,1 L1,-1 M{size - 1},{size + 1} L{size + 1},{size - 1}",
                **mark,
            )
        )
    elif kind == "back-stripes":
        pat.add(
            dwg.path(
                d=f"M0,0 L{size},{size} M-1,{size - 1} L1,{size + 1} M{size - 1},-1 L{size + 1},1",
                **mark,
            )
        )
    elif kind == "dots":
        pat.add(dwg.circle((size / 2, size / 2), 1.2, fill=style.color, fill_opacity=PATTERN_ALPHA))
    elif kind == "cross":
        pat.add(dwg.path(d=f"M{size / 2},1.5 V{size - 1.5} M1.5,{size / 2} H{size - 1.5}", **mark))
    elif kind == "grid":
        pat.add(dwg.path(d=f"M0,0.5 H{size} M0.5,0 V{size}", **mark))
    elif kind == "rings":
        pat.add(dwg.circle((size / 2, size / 2), 1.8, fill="none", **mark))
    elif kind == "hlines":
        pat.add(dwg.path(d=f"M0,{size / 2} H{size}", **mark))
    elif kind == "vlines":
        pat.add(dwg.path(d=f"M{size / 2},0 V{size}", **mark))
    return pat


def render_map(
    state: Any | None,
    geometry: Geometry,
    highlight: Collection[str] = (),
    selected: str | None = None,
    viewer: int | None = None,
    arrows: Sequence[tuple[str, str]] = (),
    map_id: str = "classic",
    notes: Mapping[str, str] | None = None,
    stars: Collection[str] = (),
    orders: Sequence[OrderArrow] = (),
    callouts: Sequence[Callout] = (),
) -> str:
    """The SVG of the board.

    :param state: a Classic state, or None for the empty board.
    :param geometry: the parsed ``maps/<id>_geometry.json``.
    :param highlight: territories a click means something on (legal targets); they get
        ``class="legal"`` and are keyboard-focusable.
    :param selected: the selected territory (e.g. the origin of an attack).
    :param viewer: the seat whose private information may be shown (its secret HQ).
    :param arrows: (origin, target) pairs drawn as arrows (the last attack).
    :param notes: a short tag shown above a territory's badge (e.g. "+2/3" placed/limit).
    :param stars: more territories marked with a star (e.g. Capital Risk capitals).
    :param orders: the orders written this phase, drawn as arrows with their counts
        (:class:`ui.shell.board.OrderArrow`: a tap on a removable one removes it).
    :param callouts: results shown where they happened (a battle's dice).
    """
    if state is not None:
        map_id = state.map_id
    names = territory_names(map_id)
    x0, y0, width, height = geometry["viewBox"]
    points = {tid: _label(geometry, tid) for tid in geometry["territories"]}
    mine = (
        {t for t, o in state.owner.items() if o == viewer}
        if state is not None and viewer is not None
        else set()
    )
    dwg = board_drawing(
        geometry["viewBox"],
        extra=board_attributes(
            geometry["viewBox"],
            points,
            viewer=viewer if state is not None else None,
            mine=mine,
            selected=selected,
            targets=highlight,
            neighbours=territory_neighbours(map_id),
            focus=[t for pair in arrows[-1:] for t in pair]
            or [t for o in orders[-1:] for t in (o.origin, o.target)],
        ),
    )
    styles = styles_of(state) if state is not None else []
    for seat, style in enumerate(styles):
        dwg.defs.add(fill_pattern(dwg, f"pat-{seat}", style))
    arrow_head = dwg.marker(id="arrow-head", insert=(5, 3), size=(6, 6), orient="auto")
    arrow_head.add(dwg.path(d="M0,0 L6,3 L0,6 z", fill="#111"))
    dwg.defs.add(arrow_head)

    dwg.add(dwg.rect((x0, y0), (width, height), fill=SEA, **{"class": "sea"}))
    links = dwg.g(**{"class": "sea-links", "pointer-events": "none"})
    for link in geometry.get("sea_links", []):
        for (ax, ay), (bx, by) in link["segments"]:
            links.add(
                dwg.line(
                    (ax, ay), (bx, by), stroke="#4F6D80", stroke_width=1.1, stroke_dasharray="3,2.5"
                )
            )
    dwg.add(links)

    highlight = set(highlight)
    # Under the land: a round tap target per territory, so that a small one (Iceland is
    # 19x9 px on a laptop) can be hit from the sea around it; land drawn above wins.
    dwg.add(hit_areas(dwg, {tid: _label(geometry, tid) for tid in geometry["territories"]}))
    lands = dwg.g(**{"class": "territories"})
    for tid, shape in geometry["territories"].items():
        owner = state.owner.get(tid, -1) if state is not None else -1
        armies = state.armies.get(tid, 0) if state is not None else 0
        fill = f"url(#pat-{owner})" if owner >= 0 else UNOWNED_FILL
        classes = ["territory"]
        if tid in highlight:
            classes.append("legal")
        if tid == selected:
            classes.append("selected")
        label = names.get(tid, tid)
        if owner >= 0:
            label += f", {state.players[owner].name}, {armies} armies"  # type: ignore[union-attr]
        attrs: dict[str, Any] = {
            "d": shape["d"],
            "fill": fill,
            "class": " ".join(classes),
            "data-territory": tid,
            "data-owner": str(owner),
            "data-armies": str(armies),
            "aria-label": label,
            "role": "button",
            "tabindex": "0" if tid in highlight or tid == selected else "-1",
            "stroke": "#FFFFFF",
            "stroke-width": "0.6",
        }
        lands.add(dwg.path(**attrs))
    dwg.add(lands)

    outlines = dwg.g(**{"class": "continents", "pointer-events": "none"})
    for cid, shape in geometry.get("continents", {}).items():
        outlines.add(
            dwg.path(
                d=shape["d"],
                fill="none",
                stroke=CONTINENT_STROKE,
                stroke_width=1.6,
                stroke_opacity=0.75,
                **{"data-continent": cid, "stroke-linejoin": "round"},
            )
        )
    dwg.add(outlines)

    marks = dwg.g(**{"class": "marks", "pointer-events": "none"})
    if selected and selected in geometry["territories"]:
        marks.add(
            dwg.path(
                d=geometry["territories"][selected]["d"],
                fill="none",
                stroke="#111",
                stroke_width=2.4,
                **{"class": "selected-outline"},
            )
        )
    for tid in highlight:
        if tid in geometry["territories"] and tid != selected:
            marks.add(
                dwg.path(
                    d=geometry["territories"][tid]["d"],
                    fill="none",
                    stroke="#FFFFFF",
                    stroke_width=1.6,
                    **{"class": "legal-outline"},
                )
            )
    for origin, target in arrows:
        if origin in geometry["territories"] and target in geometry["territories"]:
            (ax, ay), (bx, by) = _label(geometry, origin), _label(geometry, target)
            marks.add(
                dwg.line(
                    (ax, ay),
                    (ax + (bx - ax) * 0.8, ay + (by - ay) * 0.8),
                    stroke="#111",
                    stroke_width=2,
                    marker_end=arrow_head.get_funciri(),
                    **{"class": "attack-arrow"},
                )
            )
    dwg.add(marks)

    labels = dwg.g(**{"class": "labels", "pointer-events": "none"})
    hqs = _visible_headquarters(state, viewer) | set(stars)
    notes = notes or {}
    for tid in geometry["territories"]:
        x, y = _label(geometry, tid)
        name = names.get(tid, tid)
        labels.add(
            dwg.text(
                name,
                insert=(x, y + BADGE_R + NAME_SIZE),
                text_anchor="middle",
                font_size=NAME_SIZE,
                stroke="#FFFFFF",
                stroke_width=1.8,
                stroke_opacity=0.85,
                stroke_linejoin="round",
                **{"class": "name", "paint-order": "stroke", **_label_of(tid, x, y)},
            )
        )
        if state is None:
            continue
        owner = state.owner.get(tid, -1)
        if owner < 0:
            continue
        style = styles[owner]
        badge = dwg.g(**{**_label_of(tid, x, y), "class": "badge", "data-badge": tid})
        badge.add(dwg.circle((x, y), BADGE_R, fill=style.color, stroke="#FFFFFF", stroke_width=1.1))
        badge.add(
            dwg.text(
                str(state.armies.get(tid, 0)),
                insert=(x, y + 2.9),
                text_anchor="middle",
                font_size=8.2,
                font_weight="bold",
                fill=text_color_on(style.color),
                **{"class": "count"},
            )
        )
        if tid in hqs:
            badge.add(
                dwg.path(
                    d=_star(x + BADGE_R, y - BADGE_R, 4.2),
                    fill="#FFD400",
                    stroke="#111",
                    stroke_width=0.7,
                    **{"class": "hq"},
                )
            )
        if tid in notes:
            badge.add(
                dwg.text(
                    notes[tid],
                    insert=(x, y - BADGE_R - 2),
                    text_anchor="middle",
                    font_size=7,
                    font_weight="bold",
                    fill="#111",
                    stroke="#FFFFFF",
                    stroke_width=2,
                    **{"class": "note", "paint-order": "stroke", "data-note": tid},
                )
            )
        labels.add(badge)
    dwg.add(labels)
    return with_overlay(
        str(dwg.tostring()), points, orders, callouts, moves=_moves(map_id, geometry)
    )


def _moves(map_id: str, geometry: Geometry) -> str:
    """The arrow keys' neighbours of a map (``data-moves``), worked out once per map."""
    if map_id not in _MOVES:
        points = {tid: _label(geometry, tid) for tid in geometry["territories"]}
        wrap = float(geometry["viewBox"][2])  # the world wraps round: Alaska to Kamchatka
        _MOVES[map_id] = keyboard_moves(points, territory_neighbours(map_id), wrap)
    return _MOVES[map_id]


_MOVES: dict[str, str] = {}


def board_drawing(
    view_box: Sequence[float], css: str = "board", extra: Mapping[str, str] | None = None
) -> svgwrite.Drawing:
    """An empty board: as wide as its container, the geometry's ``viewBox`` kept whole;
    ``extra``: attributes of the ``<svg>`` (the viewport's, :mod:`ui.shell.board`)."""
    import svgwrite  # imported here: the first screen needs no SVG drawing

    x0, y0, width, height = view_box
    return svgwrite.Drawing(
        size=("100%", "100%"),
        viewBox=f"{x0} {y0} {width} {height}",
        debug=False,
        **{"class": css, "preserveAspectRatio": "xMidYMid meet", **(extra or {})},
    )


def _label_of(tid: str, x: float, y: float) -> dict[str, str]:
    """A label's attributes for the viewport: its territory and the point it grows around
    (ui/board.js keeps it a readable size on the screen at every zoom)."""
    return {"data-label": tid, "data-at": f"{x:g} {y:g}"}


HIT_RADIUS = 13.5
"""Map units: a 27-unit disc is 24 px wide once the board is 900 px wide (a laptop, or a
phone's board at the zoom button's 2.5x)."""


def hit_areas(dwg: svgwrite.Drawing, centres: Mapping[str, Sequence[float]]) -> Any:
    """The group of tap targets: an invisible disc of :data:`HIT_RADIUS` per place
    (``data-hit="<id>"``), to be drawn under the land."""
    hits = dwg.g(**{"class": "hit-areas", "aria-hidden": "true"})
    for tid, centre in centres.items():
        hits.add(
            dwg.circle(
                (float(centre[0]), float(centre[1])),
                r=HIT_RADIUS,
                fill="#000",
                fill_opacity=0,
                **{"data-hit": tid, "class": "hit"},
            )
        )
    return hits


def territory_at(target: Any) -> Any:
    """The board element a click on ``target`` means: a territory or its tap target
    (``data-hit``), or None; its ``territory`` id is :func:`hit_territory`."""
    return target.closest("[data-territory], [data-hit]")


def hit_territory(element: Any) -> str:
    data = element.dataset
    return str(getattr(data, "territory", None) or data.hit)


def _label(geometry: Geometry, tid: str) -> tuple[float, float]:
    x, y = geometry["territories"][tid]["label"]
    return float(x), float(y)


def _visible_headquarters(state: Any | None, viewer: int | None) -> set[str]:
    """Headquarters are secret while they are being chosen: only the viewer's own shows."""
    if state is None:
        return set()
    choosing = str(getattr(state.phase, "value", state.phase)) == "headquarters"
    found = set()
    for seat, player in enumerate(state.players):
        hq = getattr(player, "headquarters", None)
        if hq and (not choosing or seat == viewer):
            found.add(hq)
    return found


def _star(cx: float, cy: float, r: float) -> str:
    """A five-pointed star path centred at (cx, cy)."""
    from math import cos, pi, sin

    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -pi / 2 + i * pi / 5
        points.append(f"{cx + radius * cos(angle):.1f},{cy + radius * sin(angle):.1f}")
    return "M" + " L".join(points) + " Z"


def swatch(seat: int, color: str | None = None, neutral: bool = False, size: int = 18) -> str:
    """A small SVG square with a seat's colour and pattern (legends, player lists)."""
    style = seat_style(seat, color, neutral)
    import svgwrite  # imported here: the first screen needs no SVG drawing

    dwg = svgwrite.Drawing(
        size=(size, size),
        viewBox="0 0 14 14",
        debug=False,
        **{"class": "swatch", "aria-hidden": "true"},
    )
    pid = f"sw-{seat}-{style.color.lstrip('#')}"
    dwg.defs.add(fill_pattern(dwg, pid, style))
    dwg.add(dwg.rect((0, 0), (14, 14), fill=f"url(#{pid})", stroke=style.color, stroke_width=2))
    return str(dwg.tostring())
