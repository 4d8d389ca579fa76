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

from collections.abc import Collection, Iterable, Mapping
from functools import cache
from html import escape
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import svgwrite

    from engine.rulesets.greatwar1907.mapdata import ScenarioMap
    from engine.rulesets.greatwar1907.state import GreatWarState

from ui.shell.palette import (
    FACTION_STYLES,
    SEA,
    UNOWNED_FILL,
    SeatStyle,
    seat_style,
    text_color_on,
    tint,
)
from ui.shell.render import HIT_RADIUS, fill_pattern

Geometry = Mapping[str, Any]
OVERLAYS = frozenset({"supply", "encircled", "blockade"})
NEUTRAL_ID = "neutral"
NEUTRAL_STYLE = SeatStyle("#000000", "black", "none")
PLAIN_LAND = "#E4DFD3"  # land of the frame that no province names (Persia, the Sahara)
LAKE = "#BFD8E6"
SEA_EDGE = "#9DBCD0"
SHIP_INK = "#0D3B66"
HULL_INK = "#7FA6CC"  # the ships being built: the ship number's colour, much lighter
PORT_BLUE = "#1565C0"
NAME_SIZE = 7.2
SEA_NAME_SIZE = 7.6
COUNT_SIZE = 9.4
BADGE_R = 7.2
SUPER_SIZE = 6.4
LEADER_R = 3.9
EMPTY_R = 5.0  # an empty province's badge: smaller, so the map's stacks stand out
HIGHLIGHT_STROKES = {  # replay highlight class -> (stroke, width, dash)
    "conquered": ("#FFD400", 2.6, ""),
    "battle": ("#C62828", 2.2, ""),
    "moved": ("#FFFFFF", 1.8, "3,2"),
    "built": ("#2E7D32", 1.8, ""),
    "traded": ("#6A1B9A", 1.8, "4,2"),
}
DEFAULT_HIGHLIGHT = ("#111111", 1.8, "2,2")


@cache
def geometry() -> dict[str, Any]:
    """The parsed ``maps/greatwar1907_geometry.json``."""
    from maps import read_map_file

    return read_map_file("greatwar1907_geometry.json")


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


def _leader_initial(name: str) -> str:
    """The badge letter of a leader: his surname's ("Liman von Sanders" -> "S")."""
    return name.split()[-1][0].upper()


def render_board(
    state: GreatWarState | None,
    *,
    viewer: str | None = None,
    overlays: frozenset[str] = frozenset(),
    selected: str | None = None,
    targets: Collection[str] = (),
    highlights: Mapping[str, str] | None = None,
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
    :param targets: legal destinations (``class="target"``, keyboard-focusable).
    :param highlights: id -> css class for the replay (``conquered``, ``battle`` ...).
    :raises ValueError: an unknown overlay.
    """
    unknown = set(overlays) - OVERLAYS
    if unknown:
        raise ValueError(f"unknown overlay {sorted(unknown)!r}; known: {sorted(OVERLAYS)}")
    import svgwrite  # imported here: the first screen needs no SVG drawing

    geo = geometry()
    m = state.map if state is not None else _scenario()
    styles = nation_styles(m)
    x0, y0, width, height = geo["viewBox"]
    dwg = svgwrite.Drawing(
        size=("100%", "100%"),
        viewBox=f"{x0} {y0} {width} {height}",
        debug=False,
        **{"class": "board gw-board", "preserveAspectRatio": "xMidYMid meet"},
    )
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
            names.append("target")
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
    dwg.add(dwg.path(d=geo["land"], fill=PLAIN_LAND, stroke="#FFFFFF", stroke_width=0.5))
    dwg.add(dwg.path(d=geo["lakes"], fill=LAKE, **{"class": "lakes"}))

    hits = dwg.g(**{"class": "hit-areas", "aria-hidden": "true"})
    for kind in ("seas", "provinces"):
        for pid, shape in geo[kind].items():
            hits.add(
                dwg.circle(
                    shape["label"],
                    r=HIT_RADIUS,
                    fill="#000",
                    fill_opacity=0,
                    **{"data-hit": pid, "class": "hit"},
                )
            )
    dwg.add(hits)

    lands = dwg.g(**{"class": "provinces"})
    for pid, shape in geo["provinces"].items():
        owner = state.owner[pid] if state is not None else None
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

    dwg.add(_ferries(dwg, geo))
    dwg.add(_marks(dwg, geo, state, viewer, selected, targets, highlights, overlays))
    dwg.add(_ports(dwg, geo, m))
    labels = dwg.g(**{"class": "labels", "pointer-events": "none"})
    for sid, shape in geo["seas"].items():
        x, y = shape["label"]
        labels.add(
            _text(
                dwg,
                m.name_of(sid),
                (x, y - 4),
                SEA_NAME_SIZE,
                "sea-name",
                fill="#2B5877",
                font_style="italic",
            )
        )
    for pid, shape in geo["provinces"].items():
        x, y = shape["label"]
        labels.add(
            _text(
                dwg,
                m.name_of(pid),
                (x, y + BADGE_R + NAME_SIZE - 0.5),
                NAME_SIZE,
                "name",
                fill="#1B2530",
                font_weight="600",
            )
        )
    dwg.add(labels)
    if state is not None:
        blockading = _blockading(state) if "blockade" in overlays else set()
        dwg.add(_units(dwg, geo, state, styles, blockading))
        if "supply" in overlays:
            dwg.add(_supply(dwg, geo, state, styles))
    return str(dwg.tostring())


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
    owner = state.owner[pid]
    parts = [label, m.name_of(owner), f"{state.divisions(pid, owner)} divisions"]
    fleet = state.fleet_in_port(pid, owner)
    if fleet is not None:
        parts.append(f"{fleet.ships} ships in port")
    if state.hulls.get(pid):
        parts.append(f"{state.hulls[pid]} being built")
    return ", ".join(parts)


def _text(
    dwg: svgwrite.Drawing,
    text: str,
    at: tuple[float, float],
    size: float,
    css: str,
    **extra: Any,
) -> Any:
    return dwg.text(
        text,
        insert=at,
        text_anchor=extra.pop("text_anchor", "middle"),
        font_size=size,
        font_family="system-ui, sans-serif",
        stroke=extra.pop("stroke", "#FFFFFF"),
        stroke_width=extra.pop("stroke_width", 1.8),
        stroke_opacity=0.85,
        stroke_linejoin="round",
        **{"class": css, "paint-order": "stroke"},
        **extra,
    )


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
    overlays: frozenset[str],
) -> Any:
    """Outlines: the viewer's land, encircled provinces, replay highlights, targets and
    the selection (drawn last, on top)."""
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
    if state is not None and "encircled" in overlays:
        for pid in encircled(state):
            outline(pid, "encircled-outline", "#B71C1C", 1.8, "2.5,1.5")
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


def encircled(state: GreatWarState) -> list[str]:
    """Provinces outside their owner's largest network (R14-R17), in map order."""
    from engine.rulesets.greatwar1907.supply import networks

    cut: set[str] = set()
    for nation in state.nation_ids:
        for network in networks(state, nation)[1:]:
            cut.update(network.provinces)
    return [p.id for p in state.map.provinces if p.id in cut]


def _blockading(state: GreatWarState) -> set[tuple[str, str]]:
    """(district, nation) of every fleet at sea that closes its district (R14) to a
    nation at war with it that has a port on the district."""
    m = state.map
    found = set()
    for sea, per in state.at_sea.items():
        owners = {state.owner[p] for p in m.ports_on(sea)}
        for nation in per:
            if any(o != NEUTRAL_ID and state.at_war(nation, o) for o in owners):
                found.add((sea, nation))
    return found


def _units(
    dwg: svgwrite.Drawing,
    geo: Geometry,
    state: GreatWarState,
    styles: Mapping[str, SeatStyle],
    blockading: set[tuple[str, str]],
) -> Any:
    group = dwg.g(**{"class": "units", "pointer-events": "none"})
    m = state.map
    for pid, shape in geo["provinces"].items():
        x, y = (float(v) for v in shape["label"])
        owner = state.owner[pid]
        home = state.divisions(pid, owner)
        group.add(
            _division_badge(dwg, pid, owner, home, (x, y), styles, BADGE_R if home else EMPTY_R)
        )
        guests = [(n, c) for n, c in sorted(state.standing.get(pid, {}).items()) if n != owner]
        for i, (nation, count) in enumerate(guests):
            at = (x - BADGE_R - 4.6 - 9.2 * i, y + 2.5)
            group.add(_division_badge(dwg, pid, nation, count, at, styles, 4.6))
        group.add(_port_numbers(dwg, state, pid, owner, (x + BADGE_R - 0.5, y - 2.6), styles))
        _leader_badges(dwg, group, state, "province", pid, (x - BADGE_R - 1, y - BADGE_R + 1))
    for sid, shape in geo["seas"].items():
        x, y = (float(v) for v in shape["label"])
        fleets = sorted(state.at_sea.get(sid, {}).items(), key=lambda f: m.nation_ids.index(f[0]))
        for i, (nation, fleet) in enumerate(fleets):
            at = (x - 9, y + 1 + 13 * i)
            box = dwg.g(
                **{
                    "class": "fleet" + (" blockade" if (sid, nation) in blockading else ""),
                    "data-fleet": f"{sid}:{nation}",
                    "data-ships": str(fleet.ships),
                    "data-cargo": str(fleet.cargo),
                }
            )
            style = styles[nation]
            if (sid, nation) in blockading:
                box.add(
                    dwg.rect(
                        (at[0] - 2.2, at[1] - 2.2),
                        (22.4, 15.4),
                        rx=3.5,
                        fill="none",
                        stroke="#B71C1C",
                        stroke_width=1.6,
                        stroke_dasharray="3,1.5",
                        **{"class": "blockade-ring"},
                    )
                )
            box.add(
                dwg.rect(at, (18, 11), rx=2.5, fill=style.color, stroke="#FFFFFF", stroke_width=0.9)
            )
            ink = text_color_on(style.color)
            box.add(
                dwg.text(
                    str(fleet.ships),
                    insert=(at[0] + 6.5, at[1] + 8.6),
                    text_anchor="middle",
                    font_size=COUNT_SIZE,
                    font_weight="bold",
                    fill=ink,
                    font_family="system-ui, sans-serif",
                    **{"class": "ships"},
                )
            )
            if fleet.cargo:
                box.add(
                    dwg.text(
                        str(fleet.cargo),
                        insert=(at[0] + 14.5, at[1] + 9.4),
                        text_anchor="middle",
                        font_size=5.4,
                        fill=ink,
                        font_family="system-ui, sans-serif",
                        **{"class": "cargo"},
                    )
                )
            group.add(box)
            _leader_badges(dwg, group, state, "sea", sid, (at[0] - 2.5, at[1] + 2), nation)
    return group


def _division_badge(
    dwg: svgwrite.Drawing,
    pid: str,
    nation: str,
    count: int,
    at: tuple[float, float],
    styles: Mapping[str, SeatStyle],
    radius: float,
) -> Any:
    style = styles[nation]
    badge = dwg.g(
        **{
            "class": "divisions",
            "data-divisions": pid,
            "data-nation": nation,
            "data-count": str(count),
        }
    )
    badge.add(dwg.circle(at, radius, fill=style.color, stroke="#FFFFFF", stroke_width=1.0))
    badge.add(
        dwg.text(
            str(count),
            insert=(at[0], at[1] + radius * 0.44),
            text_anchor="middle",
            font_size=COUNT_SIZE * radius / BADGE_R * (0.85 if count >= 100 else 1.0),
            font_weight="bold",
            fill=text_color_on(style.color),
            font_family="system-ui, sans-serif",
            **{"class": "count"},
        )
    )
    return badge


def _port_numbers(
    dwg: svgwrite.Drawing,
    state: GreatWarState,
    pid: str,
    owner: str,
    at: tuple[float, float],
    styles: Mapping[str, SeatStyle],
) -> Any:
    """The superscripts: ships in port (each nation's, the owner's first, cargo in
    brackets) then the hulls being built, lighter."""
    group = dwg.g(**{"class": "port-units", "data-port-units": pid})
    docked = sorted(state.docked.get(pid, {}).items(), key=lambda f: (f[0] != owner, f[0]))
    x, y = at
    for nation, fleet in docked:
        text = str(fleet.ships) + (f"({fleet.cargo})" if fleet.cargo else "")
        ink = SHIP_INK if nation == owner else styles[nation].color
        group.add(
            _text(
                dwg,
                text,
                (x, y),
                SUPER_SIZE,
                "in-port",
                text_anchor="start",
                fill=ink,
                font_weight="bold",
                **{
                    "data-nation": nation,
                    "data-ships": str(fleet.ships),
                    "data-cargo": str(fleet.cargo),
                },
            )
        )
        x += 0.62 * SUPER_SIZE * len(text) + 1.6
    hulls = state.hulls.get(pid, 0)
    if hulls:
        group.add(
            _text(
                dwg,
                str(hulls),
                (x, y),
                SUPER_SIZE,
                "hulls",
                text_anchor="start",
                fill=HULL_INK,
                font_weight="bold",
                **{"data-hulls": str(hulls)},
            )
        )
    return group


def _leader_badges(
    dwg: svgwrite.Drawing,
    group: Any,
    state: GreatWarState,
    where: str,
    place: str,
    at: tuple[float, float],
    nation: str | None = None,
) -> None:
    """A lettered disc per living leader at ``place``, leftwards from ``at``; admirals
    square, generals round."""
    styles = nation_styles(state.map)
    for i, leader in enumerate(state.leaders_at(where, place, nation)):
        card = state.map.leader(leader.id)
        x, y = at[0] - i * (2 * LEADER_R + 1), at[1]
        style = styles[leader.nation]
        badge = dwg.g(
            **{"class": f"leader {card.kind}", "data-leader": leader.id, "data-place": place}
        )
        badge.set_desc(title=f"{card.name} ({card.kind}, {state.map.name_of(leader.nation)})")
        if card.kind == "admiral":
            badge.add(
                dwg.rect(
                    (x - LEADER_R, y - LEADER_R),
                    (2 * LEADER_R, 2 * LEADER_R),
                    rx=1,
                    fill="#FFFFFF",
                    stroke=style.color,
                    stroke_width=1.3,
                )
            )
        else:
            badge.add(
                dwg.circle((x, y), LEADER_R, fill="#FFFFFF", stroke=style.color, stroke_width=1.3)
            )
        badge.add(
            dwg.text(
                _leader_initial(card.name),
                insert=(x, y + 1.9),
                text_anchor="middle",
                font_size=5.2,
                font_weight="bold",
                fill="#111111",
                font_family="system-ui, sans-serif",
            )
        )
        group.add(badge)


def _supply(
    dwg: svgwrite.Drawing,
    geo: Geometry,
    state: GreatWarState,
    styles: Mapping[str, SeatStyle],
) -> Any:
    """One tag per network of every nation: its allowance in pp, on the network's
    richest province; a network other than the nation's largest is also outlined."""
    from engine.rulesets.greatwar1907.supply import networks

    m = state.map
    group = dwg.g(**{"class": "supply", "pointer-events": "none"})
    for nation in state.nation_ids:
        for index, network in enumerate(networks(state, nation)):
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
            tag.add(
                dwg.text(
                    text,
                    insert=(x, y - BADGE_R - 4.6),
                    text_anchor="middle",
                    font_size=6,
                    font_weight="bold",
                    fill="#111111",
                    font_family="system-ui, sans-serif",
                )
            )
            group.add(tag)
    return group


def _swatch(nation: str, style: SeatStyle) -> str:
    from ui.shell.render import swatch

    index = next((i for i, s in enumerate(FACTION_STYLES) if s.pattern == style.pattern), 0)
    if style.pattern == "none":
        return (
            '<svg class="swatch" width="18" height="18" viewBox="0 0 14 14" aria-hidden="true">'
            f'<rect width="14" height="14" fill="{tint(style.color, 0.42)}" stroke="{style.color}"'
            ' stroke-width="2"/></svg>'
        )
    return swatch(index, style.color)


def legend_html(nations: Iterable[str] | None = None) -> str:
    """What the symbols mean, for the page: each nation's colour and pattern, then the
    unit numbers, ports, ferries, leaders and the overlays' marks."""
    m = _scenario()
    styles = nation_styles(m)
    rows = []
    for nation in [*(nations or m.nation_ids), NEUTRAL_ID]:
        rows.append(
            f'<li data-legend="{escape(nation)}">{_swatch(nation, styles[nation])} '
            f"{escape(m.name_of(nation))}</li>"
        )
    symbols = (
        ("divisions", "<b>12</b> divisions in a province (the big number)"),
        (
            "in-port",
            f'<sup style="color:{SHIP_INK}"><b>3</b></sup> ships in its port, (2) divisions aboard',
        ),
        ("hulls", f'<sup style="color:{HULL_INK}"><b>1</b></sup> ships being built (lighter)'),
        ("fleet", "<b>5</b><small>2</small> at sea: ships, then divisions aboard"),
        ("port", f'<span style="color:{PORT_BLUE}">●</span> a port'),
        ("ferry", "▬ white line: a ferry (the provinces are adjacent)"),
        ("leader", "Ⓑ a general (round) or ▢ an admiral (square), by his initial"),
        (
            "encircled",
            '<span style="color:#B71C1C">┅</span> encircled: cut off from the main network',
        ),
        ("supply", "<b>12.5 pp</b> a supply network's allowance"),
        ("blockade", '<span style="color:#B71C1C">⬚</span> a fleet blockading an enemy port'),
    )
    items = "".join(f'<li data-legend="{key}">{text}</li>' for key, text in symbols)
    return (
        '<div class="gw-legend" data-testid="gw-legend">'
        f'<ul class="legend-nations">{"".join(rows)}</ul>'
        f'<ul class="legend-symbols">{items}</ul></div>'
    )
