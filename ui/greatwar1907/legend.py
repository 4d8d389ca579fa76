"""What the Great War 1907 board's symbols mean, as HTML for the page (pure): each
nation's colour and pattern, then every symbol drawn by the board's own glyph functions
(``units.py``) in a small SVG, so that the key always matches the map, on a light or a
dark panel."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import svgwrite

from ui.greatwar1907.render import (
    GIVEN_STROKE,
    HIGHLIGHT_STROKES,
    NEUTRAL_ID,
    PASSAGE_STROKE,
    PORT_BLUE,
    nation_styles,
)
from ui.greatwar1907.units import (
    BLOCKADE_RED,
    HULL_INK,
    SHIP_INK,
    SUPER_SIZE,
    division_badge,
    figure,
    fleet_box,
    leader_badge,
)
from ui.shell.palette import FACTION_STYLES, SEA, SeatStyle, tint
from ui.shell.render import swatch

LAND = "#F1E6C8"  # a neutral land tint behind the symbols


def _icon(draw: Callable[[svgwrite.Drawing], Iterable[Any]], width: float = 28) -> str:
    """A 28x16-unit picture (drawn at 1.5x) of what ``draw`` adds."""
    import svgwrite

    dwg = svgwrite.Drawing(
        size=(f"{width * 1.5:g}", "24"),
        viewBox=f"0 0 {width:g} 16",
        debug=False,
        **{"class": "gw-icon", "aria-hidden": "true"},
    )
    for element in draw(dwg):
        dwg.add(element)
    return str(dwg.tostring())


def _land(dwg: svgwrite.Drawing, width: float = 28) -> Any:
    return dwg.rect((0, 0), (width, 16), rx=2, fill=LAND)


def _sea(dwg: svgwrite.Drawing, width: float = 28) -> Any:
    return dwg.rect((0, 0), (width, 16), rx=2, fill=SEA)


def _nation_swatch(style: SeatStyle) -> str:
    if style.pattern == "none":  # Neutral: its tint, no pattern
        return (
            '<svg class="swatch" width="18" height="18" viewBox="0 0 14 14" aria-hidden="true">'
            f'<rect width="14" height="14" fill="{tint(style.color, 0.42)}" stroke="{style.color}"'
            ' stroke-width="2"/></svg>'
        )
    index = next((i for i, s in enumerate(FACTION_STYLES) if s.pattern == style.pattern), 0)
    return swatch(index, style.color)


def _symbols() -> list[tuple[str, str, str]]:
    """(key, icon, meaning) for every symbol of the board."""
    styles = nation_styles()
    uk, germany = styles["uk"], styles["germany"]

    def badge(dwg: svgwrite.Drawing) -> list[Any]:
        return [_land(dwg), division_badge(dwg, "x", "uk", 12, (11, 8), uk, 7.2)]

    def number(ink: str) -> Callable[[svgwrite.Drawing], list[Any]]:
        def draw(dwg: svgwrite.Drawing) -> list[Any]:
            text = figure(dwg, "3", (13, 10), SUPER_SIZE * 1.4, ink, "middle", halo=True)
            return [_land(dwg), text]

        return draw

    def fleet(blockade: bool) -> Callable[[svgwrite.Drawing], list[Any]]:
        def draw(dwg: svgwrite.Drawing) -> list[Any]:
            return [_sea(dwg), fleet_box(dwg, "x", "uk", 5, 2, (5, 2.5), styles, blockade)]

        return draw

    def port(dwg: svgwrite.Drawing) -> list[Any]:
        coast = dwg.rect((0, 0), (14, 16), fill=LAND)
        return [_sea(dwg), coast, dwg.circle((14, 8), 2.6, fill=PORT_BLUE, stroke="#FFFFFF")]

    def ferry(dwg: svgwrite.Drawing) -> list[Any]:
        ends = ((4, 12), (24, 4))
        return [
            _sea(dwg),
            dwg.line(*ends, stroke="#37474F", stroke_width=3.4, stroke_linecap="round"),
            dwg.line(*ends, stroke="#FFFFFF", stroke_width=2.0, stroke_linecap="round"),
        ]

    def leaders(dwg: svgwrite.Drawing) -> list[Any]:
        return [
            _land(dwg),
            leader_badge(dwg, "general", "B", germany.color, (8, 8)),
            leader_badge(dwg, "admiral", "T", germany.color, (20, 8)),
        ]

    def outline(stroke: str, width: float, dash: str) -> Callable[[svgwrite.Drawing], list[Any]]:
        def draw(dwg: svgwrite.Drawing) -> list[Any]:
            attrs = {"stroke-dasharray": dash} if dash else {}
            box = dwg.rect(
                (3, 3), (22, 10), fill="none", stroke=stroke, stroke_width=width, **attrs
            )
            return [dwg.rect((0, 0), (28, 16), rx=2, fill="#B9C3C9"), box]

        return draw

    def supply(dwg: svgwrite.Drawing) -> list[Any]:
        tag = dwg.rect((1, 4), (26, 8), rx=2, fill="#FFFFFF", stroke=uk.color, stroke_width=1.2)
        return [_land(dwg), tag, figure(dwg, "12.5 pp", (14, 9.9), 6, "#111111")]

    replay = [
        (css, HIGHLIGHT_STROKES[css], text)
        for css, text in (
            ("conquered", "replay: taken in the phase"),
            ("battle", "replay: a battle"),
            ("moved", "replay: units moved from or to"),
            ("built", "replay: built or placed"),
        )
    ]
    return [
        ("divisions", _icon(badge), "divisions in a province (the big number)"),
        ("in-port", _icon(number(SHIP_INK)), "ships in its port (the small number); (2): aboard"),
        ("hulls", _icon(number(HULL_INK)), "ships being built (the lighter number)"),
        ("fleet", _icon(fleet(False)), "at sea: ships large, divisions aboard small"),
        ("port", _icon(port), "a port"),
        ("ferry", _icon(ferry), "a ferry: the two provinces are adjacent"),
        ("leader", _icon(leaders), "a general (round), an admiral (square), by initial"),
        ("encircled", _icon(outline(BLOCKADE_RED, 1.8, "2.5,1.5")), "encircled: cut off"),
        ("supply", _icon(supply), "a supply network's allowance"),
        ("passage", _icon(outline(*PASSAGE_STROKE)), "passage: your supply and pp may cross"),
        ("passage-given", _icon(outline(*GIVEN_STROKE)), "you grant this nation passage"),
        ("blockade", _icon(fleet(True)), "a fleet blockading an enemy port"),
        *((css, _icon(outline(*stroke)), text) for css, stroke, text in replay),
    ]


def legend_html(nations: Iterable[str] | None = None) -> str:
    """The key of the board: each nation's colour and pattern (Neutral last), then the
    symbols, the overlays' marks and the replay's outlines."""
    from engine.rulesets.greatwar1907.mapdata import scenario

    m = scenario()
    styles = nation_styles(m)
    rows = [
        f'<li data-legend="{escape(n)}">{_nation_swatch(styles[n])} {escape(m.name_of(n))}</li>'
        for n in [*(nations or m.nation_ids), NEUTRAL_ID]
    ]
    items = [
        f'<li data-legend="{key}">{icon} {escape(text)}</li>' for key, icon, text in _symbols()
    ]
    return (
        '<div class="gw-legend" data-testid="gw-legend">'
        f'<ul class="legend-nations">{"".join(rows)}</ul>'
        f'<ul class="legend-symbols">{"".join(items)}</ul></div>'
    )
