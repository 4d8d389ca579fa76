"""The unit glyphs of the Great War 1907 board (pure, svgwrite): the seed's numbers --
divisions large in a badge of the nation's colour, ships in port as a superscript with
the hulls being built after them in a lighter shade, fleets at sea as the ships large
and the divisions aboard small -- and a lettered badge per general or admiral."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import svgwrite

    from engine.rulesets.greatwar1907.state import GreatWarState

from ui.shell.palette import SeatStyle, text_color_on

Geometry = Mapping[str, Any]
FONT = "system-ui, sans-serif"
SHIP_INK = "#0D3B66"
HULL_INK = "#7FA6CC"  # the ships being built: the ship number's colour, much lighter
BLOCKADE_RED = "#B71C1C"
COUNT_SIZE = 9.4
BADGE_R = 7.2
EMPTY_R = 5.0  # an empty province's badge: smaller, so that the stacks stand out
GUEST_R = 4.6  # an ally's divisions standing in the province
SUPER_SIZE = 8.6  # ships in port: 12.5 px on the screen, as the divisions
CARGO_SIZE = 5.4
LEADER_R = 3.9
FLEET_BOX = (18.0, 11.0)


def figure(
    dwg: svgwrite.Drawing,
    text: str,
    at: tuple[float, float],
    size: float,
    fill: str,
    anchor: str = "middle",
    weight: str = "bold",
    halo: bool = False,
    **attrs: Any,
) -> Any:
    """A number or letter of the board; ``halo`` draws a white outline under it, for
    text on the patterned land."""
    if halo:
        attrs.update(
            stroke="#FFFFFF",
            stroke_width=1.8,
            stroke_opacity=0.85,
            stroke_linejoin="round",
            **{"paint-order": "stroke"},
        )
    return dwg.text(
        text,
        insert=at,
        text_anchor=anchor,
        font_size=size,
        font_weight=weight,
        fill=fill,
        font_family=FONT,
        **attrs,
    )


def leader_initial(name: str) -> str:
    """The badge letter of a leader: his surname's ("Liman von Sanders" -> "S")."""
    return name.split()[-1][0].upper()


def units_layer(
    dwg: svgwrite.Drawing,
    geo: Geometry,
    state: GreatWarState,
    styles: Mapping[str, SeatStyle],
    blockading: set[tuple[str, str]],
) -> Any:
    """Every unit and leader on the board, at the label points of the geometry."""
    group = dwg.g(**{"class": "units", "pointer-events": "none"})
    for pid, shape in geo["provinces"].items():
        x, y = (float(v) for v in shape["label"])
        before = len(group.elements)
        owner = state.owner_of(pid)
        home = state.divisions(pid, owner)
        radius = BADGE_R if home else EMPTY_R
        group.add(division_badge(dwg, pid, owner, home, (x, y), styles[owner], radius))
        guests = [(n, c) for n, c in sorted(state.divisions_at(pid).items()) if n != owner]
        for i, (nation, count) in enumerate(guests):
            at = (x - BADGE_R - GUEST_R - 2 * GUEST_R * i, y + 2.5)
            group.add(division_badge(dwg, pid, nation, count, at, styles[nation], GUEST_R))
        group.add(port_numbers(dwg, state, pid, (x + BADGE_R - 0.5, y - 2.6), styles))
        at = (x - BADGE_R - 1, y - BADGE_R + 1)
        leader_badges(dwg, group, state, styles, ("province", pid, None), at)
        _labelled(group.elements[before:], pid, (x, y))
    order = {n: i for i, n in enumerate(state.nation_ids)}
    for sid, shape in geo["seas"].items():
        x, y = (float(v) for v in shape["label"])
        fleets = sorted(state.at_sea.get(sid, {}).items(), key=lambda f: order[f[0]])
        before = len(group.elements)
        for i, (nation, fleet) in enumerate(fleets):
            at = (x - FLEET_BOX[0] / 2, y + 1 + 13 * i)
            blockade = (sid, nation) in blockading
            group.add(fleet_box(dwg, sid, nation, fleet.ships, fleet.cargo, at, styles, blockade))
            leader_badges(dwg, group, state, styles, ("sea", sid, nation), (at[0] - 2.5, at[1] + 2))
        _labelled(group.elements[before:], sid, (x, y))
    return group


def _labelled(elements: list[Any], place: str, at: tuple[float, float]) -> None:
    """Mark a place's glyphs for the viewport (ui/board.js): they grow round its label
    point, so that they keep a readable size on the screen at every zoom."""
    for element in elements:
        element.update({"data-label": place, "data-at": f"{at[0]:g} {at[1]:g}"})


def division_badge(
    dwg: svgwrite.Drawing,
    pid: str,
    nation: str,
    count: int,
    at: tuple[float, float],
    style: SeatStyle,
    radius: float,
) -> Any:
    badge = dwg.g(
        **{
            "class": "divisions",
            "data-divisions": pid,
            "data-nation": nation,
            "data-count": str(count),
        }
    )
    badge.add(dwg.circle(at, radius, fill=style.color, stroke="#FFFFFF", stroke_width=1.0))
    size = COUNT_SIZE * radius / BADGE_R * (0.85 if count >= 100 else 1.0)
    ink = text_color_on(style.color)
    badge.add(figure(dwg, str(count), (at[0], at[1] + radius * 0.44), size, ink, class_="count"))
    return badge


def port_numbers(
    dwg: svgwrite.Drawing,
    state: GreatWarState,
    pid: str,
    at: tuple[float, float],
    styles: Mapping[str, SeatStyle],
) -> Any:
    """The superscripts: ships in port (each nation's, the owner's first, its cargo in
    brackets) then the hulls being built, lighter."""
    owner = state.owner_of(pid)
    group = dwg.g(**{"class": "port-units", "data-port-units": pid})
    docked = sorted(state.docked.get(pid, {}).items(), key=lambda f: (f[0] != owner, f[0]))
    x, y = at
    for nation, fleet in docked:
        text = str(fleet.ships) + (f"({fleet.cargo})" if fleet.cargo else "")
        ink = SHIP_INK if nation == owner else styles[nation].color
        attrs = {"data-nation": nation, "data-ships": str(fleet.ships)}
        attrs["data-cargo"] = str(fleet.cargo)
        group.add(
            figure(
                dwg, text, (x, y), SUPER_SIZE, ink, "start", halo=True, class_="in-port", **attrs
            )
        )
        x += 0.62 * SUPER_SIZE * len(text) + 1.6
    hulls = state.hulls.get(pid, 0)
    if hulls:
        attrs = {"data-hulls": str(hulls)}
        group.add(
            figure(
                dwg,
                str(hulls),
                (x, y),
                SUPER_SIZE,
                HULL_INK,
                "start",
                halo=True,
                class_="hulls",
                **attrs,
            )
        )
    return group


def fleet_box(
    dwg: svgwrite.Drawing,
    sid: str,
    nation: str,
    ships: int,
    cargo: int,
    at: tuple[float, float],
    styles: Mapping[str, SeatStyle],
    blockade: bool,
) -> Any:
    """A fleet at sea: a box of its nation's colour, the ships large, the divisions
    aboard small; a dashed red ring when it blockades."""
    box = dwg.g(
        **{
            "class": "fleet blockade" if blockade else "fleet",
            "data-fleet": f"{sid}:{nation}",
            "data-ships": str(ships),
            "data-cargo": str(cargo),
        }
    )
    color = styles[nation].color
    w, h = FLEET_BOX
    if blockade:
        box.add(
            dwg.rect(
                (at[0] - 2.2, at[1] - 2.2),
                (w + 4.4, h + 4.4),
                rx=3.5,
                fill="none",
                stroke=BLOCKADE_RED,
                stroke_width=1.6,
                stroke_dasharray="3,1.5",
                class_="blockade-ring",
            )
        )
    box.add(dwg.rect(at, (w, h), rx=2.5, fill=color, stroke="#FFFFFF", stroke_width=0.9))
    ink = text_color_on(color)
    box.add(figure(dwg, str(ships), (at[0] + 6.5, at[1] + 8.6), COUNT_SIZE, ink, class_="ships"))
    if cargo:
        at_cargo = (at[0] + 14.5, at[1] + 9.4)
        box.add(figure(dwg, str(cargo), at_cargo, CARGO_SIZE, ink, weight="normal", class_="cargo"))
    return box


def leader_badges(
    dwg: svgwrite.Drawing,
    group: Any,
    state: GreatWarState,
    styles: Mapping[str, SeatStyle],
    where: tuple[str, str, str | None],
    at: tuple[float, float],
) -> None:
    """A lettered badge per living leader at ``where`` (``province`` or ``sea``, the
    place, the nation or None for all), leftwards from ``at``: admirals square,
    generals round, ringed in their nation's colour."""
    kind, place, nation = where
    for i, leader in enumerate(state.leaders_at(kind, place, nation)):
        card = state.map.leader(leader.id)
        x, y = at[0] - i * (2 * LEADER_R + 1), at[1]
        color = styles[leader.nation].color
        badge = leader_badge(dwg, card.kind, leader_initial(card.name), color, (x, y))
        badge.update({"data-leader": leader.id, "data-place": place})
        badge.set_desc(title=f"{card.name} ({card.kind}, {state.map.name_of(leader.nation)})")
        group.add(badge)


def leader_badge(
    dwg: svgwrite.Drawing, kind: str, initial: str, color: str, at: tuple[float, float]
) -> Any:
    """One leader's badge: an admiral square, a general round, ringed in ``color``."""
    x, y = at
    badge = dwg.g(**{"class": f"leader {kind}"})
    ring = {"fill": "#FFFFFF", "stroke": color, "stroke_width": 1.3}
    if kind == "admiral":
        corner = (x - LEADER_R, y - LEADER_R)
        badge.add(dwg.rect(corner, (2 * LEADER_R, 2 * LEADER_R), rx=1, **ring))
    else:
        badge.add(dwg.circle((x, y), LEADER_R, **ring))
    badge.add(figure(dwg, initial, (x, y + 1.9), 5.2, "#111111"))
    return badge
