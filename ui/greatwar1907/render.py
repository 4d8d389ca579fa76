"""The Great War 1907 board as an SVG string: a pure function of the state (no browser
imports), drawn on ``maps/greatwar1907_geometry.json``.

The seed's map conventions: every nation's land in its colour *and* its pattern (the
shell's patterns, so that colour is never the only cue; Neutral is black); a large
number for the divisions in a province and a small superscript for the ships in its
port, the hulls being built after them in a lighter shade; at sea a large number for
the ships and a small one for the divisions aboard; ports are blue dots on the coast,
ferries white lines, and generals and admirals a lettered badge where they stand.

Nothing on the board is secret in this game: every unit and leader is public, and the
only hidden information, a phase's orders before the resolution, is not drawn. The
``viewer`` only outlines that nation's own land.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import svgwrite

    from engine.rulesets.greatwar1907.mapdata import ScenarioMap
    from engine.rulesets.greatwar1907.state import GreatWarState
    from engine.rulesets.greatwar1907.supply import Network

from engine.rulesets.greatwar1907.wording import divisions as divisions_word
from engine.rulesets.greatwar1907.wording import ships as ships_word
from ui.greatwar1907.labels import place_names
from ui.greatwar1907.units import (
    BADGE_R,
    BLOCKADE_RED,
    figure,
    units_layer,
)
from ui.shell.board import Callout, OrderArrow, board_attributes, keyboard_moves, with_overlay
from ui.shell.palette import (
    SEA,
    UNOWNED_FILL,
    SeatStyle,
    seat_style,
    tint,
)
from ui.shell.render import board_drawing, fill_pattern, hit_areas

Geometry = Mapping[str, Any]
OVERLAYS = frozenset({"supply", "encircled", "blockade", "passage"})
PASSAGE_GREEN = "#1B5E20"
PASSAGE_STROKE = (PASSAGE_GREEN, 2.2, "1.5,1.8")  # land that lets the viewer's supply pass
GIVEN_STROKE = ("#0D47A1", 2.0, "4,2")  # land of the nations the viewer lets through
NEUTRAL_ID = "neutral"
NEUTRAL_STYLE = SeatStyle("#000000", "black", "none")
PLAIN_LAND = "#E4DFD3"  # land of the frame that no province names (Persia, the Sahara)
LAKE = "#BFD8E6"
SEA_EDGE = "#9DBCD0"
PORT_BLUE = "#1565C0"
NAME_SIZE = 7.2
SEA_NAME_SIZE = 7.6
HIGHLIGHT_STROKES = {  # replay highlight class -> (stroke, width, dash)
    "conquered": ("#FFD400", 2.6, ""),
    "battle": ("#C62828", 2.2, ""),
    "moved": ("#FFFFFF", 1.8, "3,2"),
    "built": ("#2E7D32", 1.8, ""),
    "traded": ("#6A1B9A", 1.8, "4,2"),
    "diplomacy": ("#6A1B9A", 1.2, "1.5,1.5"),
    "award": ("#FFD400", 1.8, "3,1.5"),
}
DEFAULT_HIGHLIGHT = ("#111111", 1.8, "2,2")


@cache
def geometry() -> dict[str, Any]:
    """The parsed ``maps/greatwar1907_geometry.json``."""
    from maps import read_map_file

    return read_map_file("greatwar1907_geometry.json")


@cache
def name_spots() -> dict[str, tuple[float, float]]:
    """Where each province's and district's name is written (ui/greatwar1907/labels.py)."""
    geo = geometry()
    m = _scenario()

    def places(kind: str) -> dict[str, tuple[str, tuple[float, float]]]:
        return {
            pid: (m.name_of(pid), (float(shape["label"][0]), float(shape["label"][1])))
            for pid, shape in geo[kind].items()
        }

    sizes = {"badge": BADGE_R, "name": NAME_SIZE, "sea_name": SEA_NAME_SIZE, "fleet": 12.0}
    return place_names(places("provinces"), places("seas"), sizes)


def _scenario() -> ScenarioMap:
    from engine.rulesets.greatwar1907.mapdata import scenario

    return scenario()


def nation_styles(m: ScenarioMap | None = None) -> dict[str, SeatStyle]:
    """Nation id -> its style: the scenario's colour with the shell's pattern of its seat
    (eight nations, eight patterns), and Neutral black without a pattern."""
    m = m or _scenario()
    styles = {n.id: seat_style(i, n.colour) for i, n in enumerate(m.nations)}
    styles[NEUTRAL_ID] = NEUTRAL_STYLE
    return styles


def render_board(
    state: GreatWarState | None,
    *,
    viewer: str | None = None,
    overlays: frozenset[str] = frozenset(),
    selected: str | None = None,
    targets: Collection[str] = (),
    highlights: Mapping[str, str] | None = None,
    orders: Sequence[OrderArrow] = (),
    callouts: Sequence[Callout] = (),
) -> str:
    """The whole board SVG.

    :param state: the position, or None for the empty map.
    :param viewer: the nation looking (its land is outlined; nothing on the board is
        secret, see the module's docstring).
    :param overlays: a subset of :data:`OVERLAYS`: ``encircled`` outlines the provinces
        cut off from their nation's largest network, ``supply`` labels every network of
        every nation with its allowance, ``blockade`` rings the fleets that close a
        district to a nation they are at war with.
    :param selected: the chosen province or district (``class="selected"``).
    :param targets: legal destinations (``class="target legal"``, keyboard-focusable).
    :param highlights: id -> css class for the replay (``conquered``, ``battle`` ...).
    :param orders: the orders written this phase, as arrows (the shell's board overlay).
    :param callouts: results shown where they happened.
    :raises ValueError: an unknown overlay.
    """
    unknown = set(overlays) - OVERLAYS
    if unknown:
        raise ValueError(f"unknown overlay {sorted(unknown)!r}; known: {sorted(OVERLAYS)}")
    geo = geometry()
    m = state.map if state is not None else _scenario()
    styles = nation_styles(m)
    x0, y0, width, height = geo["viewBox"]
    points = {
        pid: (float(shape["label"][0]), float(shape["label"][1]))
        for kind in ("provinces", "seas")
        for pid, shape in geo[kind].items()
    }
    extra = board_attributes(
        geo["viewBox"],
        points,
        viewer=viewer if state is not None else None,
        mine=state.provinces_of(viewer) if state is not None and viewer is not None else (),
        selected=selected,
        targets=targets,
        focus=[t for o in orders[-1:] for t in (o.origin, o.target)],
    )
    dwg = board_drawing(geo["viewBox"], "board gw-board", extra)
    for nation, style in styles.items():
        if style.pattern != "none":
            dwg.defs.add(fill_pattern(dwg, f"gw-pat-{nation}", style))
    targets = set(targets)
    highlights = dict(highlights or {})

    def classes(base: str, pid: str) -> str:
        names = [base]
        if pid == selected:
            names.append("selected")
        if pid in targets:
            names.append("target legal")  # "legal": the shell's hover and cursor styles
        if pid in highlights:
            names.append(highlights[pid])
        return " ".join(names)

    dwg.add(dwg.rect((x0, y0), (width, height), fill=SEA, **{"class": "sea-ground"}))
    seas = dwg.g(**{"class": "seas"})
    for sid, shape in geo["seas"].items():
        seas.add(
            dwg.path(
                d=shape["d"],
                fill=SEA,
                stroke=SEA_EDGE,
                stroke_width=0.8,
                **_tappable(sid, m.name_of(sid), classes("sea", sid), sid in targets, selected),
            )
        )
    dwg.add(seas)
    dwg.add(dwg.g(id=_SLOT.format("under")))
    lands = dwg.g(**{"class": "provinces"})
    for pid, shape in geo["provinces"].items():
        owner = state.owner_of(pid) if state is not None else None
        if owner is None:
            fill = UNOWNED_FILL
        elif styles[owner].pattern == "none":
            fill = tint(styles[owner].color, 0.42)
        else:
            fill = f"url(#gw-pat-{owner})"
        attrs = _tappable(
            pid, _province_label(state, pid), classes("province", pid), pid in targets, selected
        )
        if owner is not None:
            attrs["data-owner"] = owner
        lands.add(dwg.path(d=shape["d"], fill=fill, stroke="#FFFFFF", stroke_width=0.6, **attrs))
    dwg.add(lands)

    dwg.add(dwg.g(id=_SLOT.format("ferries")))
    nets = (
        supply_networks(state) if state is not None and overlays & {"supply", "encircled"} else {}
    )
    cut = encircled(state, nets) if state is not None and "encircled" in overlays else []
    lanes = passage_land(state, viewer) if state is not None and "passage" in overlays else {}
    dwg.add(_marks(dwg, geo, state, viewer, selected, targets, highlights, cut, lanes))
    dwg.add(dwg.g(id=_SLOT.format("over")))
    if state is not None:
        blockading = _blockading(state) if "blockade" in overlays else set()
        dwg.add(units_layer(dwg, geo, state, styles, blockading))
        if "supply" in overlays:
            dwg.add(_supply(dwg, geo, state, styles, nets))
    svg = str(dwg.tostring())
    for slot, text in _static_layers().items():
        svg = svg.replace(f'<g id="{_SLOT.format(slot)}" />', text, 1)
    return with_overlay(svg, points, orders, callouts, moves=_keyboard_moves())


@cache
def _keyboard_moves() -> str:
    """The arrow keys' neighbours: a province's over land and ferries and the sea
    districts its port opens on; a district's, the districts beside it and its ports."""
    m = _scenario()
    geo = geometry()
    points = {
        pid: (float(shape["label"][0]), float(shape["label"][1]))
        for kind in ("provinces", "seas")
        for pid, shape in geo[kind].items()
    }
    near: dict[str, set[str]] = {p.id: set(m.neighbours(p.id)) for p in m.provinces}
    for sea in m.seas:
        near.setdefault(sea.id, set()).update(sea.adjacent)
        for port in m.ports_on(sea.id):
            near[sea.id].add(port)
            near.setdefault(port, set()).add(sea.id)
    return keyboard_moves(points, near)


_SLOT = "gw-static-{}"


@cache
def _static_layers() -> dict[str, str]:
    """The layers no position changes, drawn once: under the provinces the land no
    province names, the lakes and the tap discs; above them the ferries; above the
    outlines the ports and every name. Each takes its slot in :func:`render_board`'s
    drawing (an empty group with the slot's id)."""
    import svgwrite

    geo = geometry()
    m = _scenario()
    dwg = svgwrite.Drawing(debug=False)
    # Under the land, as on every board: a tap disc per place, so that a small province
    # (Malta, Gibraltar) can be hit from the sea around it; land drawn above wins.
    centres = {
        pid: shape["label"] for kind in ("seas", "provinces") for pid, shape in geo[kind].items()
    }
    under = [
        dwg.path(d=geo["land"], fill=PLAIN_LAND, stroke="#FFFFFF", stroke_width=0.5),
        dwg.path(d=geo["lakes"], fill=LAKE, **{"class": "lakes"}),
        hit_areas(dwg, centres),
    ]
    labels = dwg.g(**{"class": "labels", "pointer-events": "none"})
    spots = name_spots()
    looks = {  # kind -> size, ink, weight, css, extra
        "seas": (SEA_NAME_SIZE, "#2B5877", "normal", "sea-name", {"font_style": "italic"}),
        "provinces": (NAME_SIZE, "#1B2530", "600", "name", {}),
    }
    for kind, (size, ink, weight, css, extra) in looks.items():
        for pid in geo[kind]:
            name = m.name_of(pid)
            x, y = geo[kind][pid]["label"]
            at = {"data-label": pid, "data-at": f"{float(x):g} {float(y):g}"}
            labels.add(
                figure(
                    dwg,
                    name,
                    spots[pid],
                    size,
                    ink,
                    weight=weight,
                    halo=True,
                    class_=css,
                    **extra,
                    **at,
                )
            )
    return {
        "under": "".join(e.tostring() for e in under),
        "ferries": _ferries(dwg, geo).tostring(),
        "over": _ports(dwg, geo, m).tostring() + labels.tostring(),
    }


def _tappable(pid: str, label: str, css: str, target: bool, selected: str | None) -> dict[str, Any]:
    return {
        "data-id": pid,
        "data-territory": pid,  # the shell's territory_at / hit_territory read this
        "class": css,
        "aria-label": label,
        "role": "button",
        "tabindex": "0" if target or pid == selected else "-1",
    }


def _province_label(state: GreatWarState | None, pid: str) -> str:
    """What a screen reader says for a province: name, owner and what stands there."""
    m = state.map if state is not None else _scenario()
    label = m.name_of(pid)
    if state is None:
        return label
    owner = state.owner_of(pid)
    parts = [label, m.name_of(owner), divisions_word(state.divisions(pid, owner))]
    fleet = state.fleet_in_port(pid, owner)
    if fleet is not None:
        parts.append(f"{ships_word(fleet.ships)} in port")
    if state.hulls.get(pid):
        parts.append(f"{state.hulls[pid]} being built")
    return ", ".join(parts)


def _ferries(dwg: svgwrite.Drawing, geo: Geometry) -> Any:
    """White lines with a thin dark casing, so they read on the pale sea too."""
    group = dwg.g(**{"class": "ferries", "pointer-events": "none"})
    for fid, (a, b) in geo["ferries"].items():
        group.add(dwg.line(a, b, stroke="#37474F", stroke_width=3.4, stroke_linecap="round"))
        group.add(
            dwg.line(
                a,
                b,
                stroke="#FFFFFF",
                stroke_width=2.0,
                stroke_linecap="round",
                **{"class": "ferry", "data-ferry": fid},
            )
        )
    return group


def _ports(dwg: svgwrite.Drawing, geo: Geometry, m: ScenarioMap) -> Any:
    group = dwg.g(**{"class": "ports", "pointer-events": "none"})
    for pid, shape in geo["provinces"].items():
        if m.province(pid).port is None or "port" not in shape:
            continue
        group.add(
            dwg.circle(
                shape["port"],
                r=2.3,
                fill=PORT_BLUE,
                stroke="#FFFFFF",
                stroke_width=0.8,
                **{"class": "port", "data-port": pid},
            )
        )
    return group


def _marks(
    dwg: svgwrite.Drawing,
    geo: Geometry,
    state: GreatWarState | None,
    viewer: str | None,
    selected: str | None,
    targets: set[str],
    highlights: Mapping[str, str],
    cut: Collection[str],
    lanes: Mapping[str, str] | None = None,
) -> Any:
    """Outlines: the viewer's land, the encircled provinces ``cut``, the land of passage
    ``lanes``, replay highlights, targets and the selection (drawn last, on top)."""
    group = dwg.g(**{"class": "marks", "pointer-events": "none"})
    shapes = {**geo["seas"], **geo["provinces"]}

    def outline(pid: str, css: str, stroke: str, width: float, dash: str = "") -> None:
        attrs: dict[str, Any] = {"class": css, "data-mark": pid, "stroke-linejoin": "round"}
        if dash:
            attrs["stroke-dasharray"] = dash
        group.add(
            dwg.path(d=shapes[pid]["d"], fill="none", stroke=stroke, stroke_width=width, **attrs)
        )

    if state is not None and viewer is not None:
        for pid in state.provinces_of(viewer):
            outline(pid, "own-outline", "#1B2530", 1.0)
    for pid in cut:
        outline(pid, "encircled-outline", BLOCKADE_RED, 1.8, "2.5,1.5")
    for pid, css in (lanes or {}).items():
        outline(pid, css, *(PASSAGE_STROKE if css == "passage-outline" else GIVEN_STROKE))
    for pid, css in highlights.items():
        if pid in shapes:
            stroke, width, dash = HIGHLIGHT_STROKES.get(css, DEFAULT_HIGHLIGHT)
            outline(pid, f"highlight-outline {css}", stroke, width, dash)
    for pid in sorted(targets):
        if pid in shapes and pid != selected:
            outline(pid, "legal-outline", "#FFFFFF", 1.6, "3,2")
    if selected is not None and selected in shapes:
        outline(selected, "selected-outline", "#111111", 2.4)
    return group


def passage_land(state: GreatWarState, viewer: str | None) -> dict[str, str]:
    """R17 on the map: the provinces of the nations that grant ``viewer`` passage
    (``passage-outline``) and of those it grants passage to (``passage-given-outline``);
    without a viewer, of every nation that grants passage to anyone."""
    grantors = {a for a, b in state.grants if viewer is None or b == viewer}
    granted = {b for a, b in state.grants if viewer is not None and a == viewer}
    lanes = {p: "passage-given-outline" for p in state.owner if state.owner_of(p) in granted}
    lanes.update({p: "passage-outline" for p in state.owner if state.owner_of(p) in grantors})
    return lanes


def supply_networks(state: GreatWarState) -> dict[str, list[Network]]:
    """Every nation's networks (R14-R17), largest first."""
    from engine.rulesets.greatwar1907.supply import networks

    return {nation: networks(state, nation) for nation in state.nation_ids}


def encircled(
    state: GreatWarState, nets: Mapping[str, Sequence[Network]] | None = None
) -> list[str]:
    """Provinces outside their owner's largest network, in map order."""
    nets = supply_networks(state) if nets is None else nets
    cut = {p for per in nets.values() for network in per[1:] for p in network.provinces}
    return [p.id for p in state.map.provinces if p.id in cut]


def _blockading(state: GreatWarState) -> set[tuple[str, str]]:
    """(district, nation) of every fleet at sea that closes its district (R14) to a
    nation at war with it that has a port on the district."""
    m = state.map
    found = set()
    for sea, per in state.at_sea.items():
        owners = {state.owner_of(p) for p in m.ports_on(sea)}
        for nation in per:
            if any(o != NEUTRAL_ID and state.at_war(nation, o) for o in owners):
                found.add((sea, nation))
    return found


def _supply(
    dwg: svgwrite.Drawing,
    geo: Geometry,
    state: GreatWarState,
    styles: Mapping[str, SeatStyle],
    nets: Mapping[str, Sequence[Network]],
) -> Any:
    """One tag per network of every nation: its allowance in pp, on the network's
    richest province; a network other than the nation's largest is also outlined."""
    m = state.map
    group = dwg.g(**{"class": "supply", "pointer-events": "none"})
    for nation in state.nation_ids:
        for index, network in enumerate(nets[nation]):
            anchor = max(network.provinces, key=lambda p: (m.province(p).pp, -m.order_of(p)))
            x, y = (float(v) for v in geo["provinces"][anchor]["label"])
            style = styles[nation]
            if index:
                for pid in network.provinces:
                    group.add(
                        dwg.path(
                            d=geo["provinces"][pid]["d"],
                            fill="none",
                            stroke=style.color,
                            stroke_width=1.4,
                            stroke_dasharray="1.5,1.5",
                            **{"class": "network-outline", "data-network": f"{nation}:{index}"},
                        )
                    )
            tag = dwg.g(
                **{
                    "class": "network",
                    "data-network": f"{nation}:{index}",
                    "data-allowance": f"{network.allowance / 4:g}",
                    "data-provinces": " ".join(network.provinces),
                }
            )
            text = f"{network.allowance / 4:g} pp"
            w = 3.6 * len(text) + 4
            tag.add(
                dwg.rect(
                    (x - w / 2, y - BADGE_R - 10.5),
                    (w, 8),
                    rx=2,
                    fill="#FFFFFF",
                    stroke=style.color,
                    stroke_width=1.2,
                )
            )
            tag.add(figure(dwg, text, (x, y - BADGE_R - 4.6), 6, "#111111"))
            group.add(tag)
    return group
