"""The marks drawn on a Risk, Paper, Scissors territory, and the key that explains them:
the owner's pill counting units by type ("3E 2J 1W"), a lettered disc per commander, the
station ring, the owner's armed-card tab, the devastation cross.  Sizes are viewBox units
of the Earth (ui/risk_paper_scissors/render.py draws the Moon's marks at Earth scale)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import svgwrite

    from engine.rulesets.risk_paper_scissors.battle import Side
    from engine.rulesets.risk_paper_scissors.state import RpsState

from engine.rulesets.risk_paper_scissors.options import COMMANDER_TYPES
from ui.risk_paper_scissors.places import Point
from ui.shell.palette import SeatStyle, seat_style, text_color_on

COMMANDER_MARKS: Mapping[str, str] = {
    "land": "L",
    "naval": "N",
    "space": "S",
    "nuclear": "A",
    "diplomat": "D",
}
"""The letter on each commander's disc (A for atomic: N is the Naval Commander's)."""
COMMANDER_NAMES: Mapping[str, str] = {
    c: "Diplomat" if c == "diplomat" else f"{c.title()} Commander" for c in COMMANDER_MARKS
}
UNIT_NAMES = (("Elemental", "Elementals"), ("Jaguar", "Jaguars"), ("Wolf", "Wolves"))
COUNT_SIZE = 7.6
PILL_H = 10.5
COMMANDER_R = 3.8
STATION_R = 3.8
BADGE_EDGE = "#2B2B2B"
"""A thin dark edge on badges: white would vanish on the light yellow seat."""


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


def named(side: Side) -> list[str]:
    """The side's commanders, in the game's order of commanders."""
    return [c for c in COMMANDER_TYPES if c in side.commanders]


def unit_text(garrison: Side) -> str:
    """The compact count by type, zero types left out: ``3E 2J 1W``, ``1E``."""
    return " ".join(f"{n}{t.upper()}" for t, n in _counts(garrison) if n)


def _counts(garrison: Side) -> list[tuple[str, int]]:
    return [("e", garrison.e), ("j", garrison.j), ("w", garrison.w)]


def describe(garrison: Side) -> str:
    """``3 Elementals, 1 Wolf, Land Commander`` (screen readers, the aria labels)."""
    counts = (garrison.e, garrison.j, garrison.w)
    parts = [
        f"{n} {one if n == 1 else many}"
        for (one, many), n in zip(UNIT_NAMES, counts, strict=True)
        if n
    ]
    parts += [COMMANDER_NAMES[c] for c in named(garrison)]
    return ", ".join(parts)


def devastated_mark(dwg: svgwrite.Drawing, tid: str, at: Point) -> Any:
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


def badge(
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
    garrison = state.side_at(tid)
    owner = state.owner[tid]
    style = styles[owner]
    x, y = at
    text = unit_text(garrison)
    width = max(PILL_H, COUNT_SIZE * 0.64 * len(text) + 4) if text else PILL_H * 0.7
    badge = dwg.g(
        **{
            "class": "badge",
            "data-badge": tid,
            "data-owner": str(owner),
            "data-e": str(garrison.e),
            "data-j": str(garrison.j),
            "data-w": str(garrison.w),
            "data-commanders": " ".join(named(garrison)),
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
    commanders = named(garrison)
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
                insert=(cx, cy + 1.75),
                text_anchor="middle",
                font_size=4.9,
                font_weight="bold",
                fill=text_color_on(style.color),
            )
        )
        badge.add(mark)
    if tid in state.stations:
        badge.add(station_mark(dwg, (x - width / 2 - STATION_R - 0.6, y)))
    if viewer is not None and owner == viewer and tid in state.armed:
        badge.add(armed_mark(dwg, (x + width / 2 + 3.4, y), state.armed[tid]))
    return badge


def station_mark(dwg: svgwrite.Drawing, at: Point) -> Any:
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


def armed_mark(dwg: svgwrite.Drawing, at: Point, card: str) -> Any:
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
            f"<b>{letter}</b> {COMMANDER_NAMES[c].removesuffix(' Commander')}"
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
            mark = swatch(seat, styles_of(state)[seat].color, False, 14)
            rows.append(f"<li>{mark} {escape(player.name)}</li>")
    return "<ul class='rps-legend'>" + "".join(rows) + "</ul>"
