"""Line charts of a game's statistics as SVG (pure; drawn with svgwrite from the
engine's numbers, engine/history.py)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import svgwrite

from engine.history import LeagueRow, Series
from ui.shell.tips import column_head

WIDTH, HEIGHT = 360, 150
LEFT, RIGHT, TOP, BOTTOM = 34, 8, 18, 20


def line_chart(title: str, turns: Sequence[str], lines: Sequence[Series]) -> str:
    """One chart: a polyline per player (``data-series`` names the player), the y axis
    from 0 to the largest value, the x axis the recorded turns (``turns``: each one as
    people say it, the ruleset's ``record_point``; the first and last are written)."""
    drawing = svgwrite.Drawing(viewBox=f"0 0 {WIDTH} {HEIGHT}", class_="chart", debug=False)
    drawing.attribs["role"] = "img"
    drawing.attribs["aria-label"] = f"{title} per player and turn"
    drawing.add(drawing.text(title, insert=(LEFT, 12), class_="chart-title"))
    top = max([1, *(v for line in lines for v in line.values)])
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    steps = max(1, len(turns) - 1)

    def x(i: int) -> float:
        return round(LEFT + inner_w * i / steps, 1)

    def y(v: int) -> float:
        return round(TOP + inner_h * (1 - v / top), 1)

    axis = drawing.g(class_="axis", stroke="#8a8f96", stroke_width=0.8)
    axis.add(drawing.line((LEFT, TOP), (LEFT, TOP + inner_h)))
    axis.add(drawing.line((LEFT, TOP + inner_h), (WIDTH - RIGHT, TOP + inner_h)))
    drawing.add(axis)
    labels = drawing.g(class_="ticks", font_size=9, fill="#5f6b76")
    labels.add(drawing.text(str(top), insert=(LEFT - 4, TOP + 4), text_anchor="end"))
    labels.add(drawing.text("0", insert=(LEFT - 4, TOP + inner_h + 3), text_anchor="end"))
    if turns:
        labels.add(drawing.text(turns[0], insert=(LEFT, HEIGHT - 5)))
        labels.add(drawing.text(turns[-1], insert=(WIDTH - RIGHT, HEIGHT - 5), text_anchor="end"))
    drawing.add(labels)
    for line in lines:
        points = [(x(i), y(v)) for i, v in enumerate(line.values)]
        if len(points) == 1:
            points.append((x(1), points[0][1]))
        drawn = drawing.polyline(
            points, fill="none", stroke=line.color, stroke_width=2, class_="series"
        )
        drawn.attribs["data-series"] = line.name
        drawn.set_desc(title=f"{line.name}: {', '.join(map(str, line.values))}")
        drawing.add(drawn)
    return str(drawing.tostring())


def legend_html(lines: Sequence[Series]) -> str:
    return (
        '<ul class="legend">'
        + "".join(
            f'<li><span class="swatch" style="background:{escape(line.color)}"></span>'
            f"{escape(line.name)}</li>"
            for line in lines
        )
        + "</ul>"
    )


LEAGUE_TIPS = {
    "#": "The player's place in the league.",
    "Player": "The player, in their colour.",
    "Victory points": "The points that decide this game; the league is ranked by them.",
    "Territories": "Territories (or provinces) the player holds now.",
    "Taken": "Territories the player has taken from others during the game.",
    "Lost": "Territories the player has lost to others during the game.",
    "Most armies": "The most units the player has had on the map at once.",
    "Battles won": "Rolls in which the player lost fewer armies than the other side.",
    "Battles lost": "Rolls in which the player lost more armies than the other side.",
    "Armies killed": "Enemy armies the player's dice have destroyed.",
    "Armies lost": "The player's own armies lost in battle.",
    "Out in turn": "The turn in which the player was knocked out (a dash: still playing).",
}
"""The tips of the league's columns (issue 29)."""

BATTLE_COLUMNS = (
    ("battles_won", "Battles won"),
    ("battles_lost", "Battles lost"),
    ("armies_killed", "Armies killed"),
    ("armies_lost", "Armies lost"),
)


def league_html(rows: Sequence[LeagueRow]) -> str:
    """The battle league: every player's holdings, conquests and losses (and the
    ruleset's own battle counters, when it keeps them), best first."""
    extra = [(key, label) for key, label in BATTLE_COLUMNS if any(key in r.battles for r in rows)]
    scored = any(r.vp is not None for r in rows)  # victory points decide: first, ranked
    head = "".join(
        column_head(label, LEAGUE_TIPS[label])
        for label in (
            "#",
            "Player",
            *(["Victory points"] if scored else []),
            "Territories",
            "Taken",
            "Lost",
            "Most armies",
            *[label for _, label in extra],
            "Out in turn",
        )
    )
    body = []
    for place, row in enumerate(rows, 1):
        cells = [
            str(place),
            f'<span class="swatch" style="background:{escape(row.color)}"></span>'
            f"{escape(row.name)}",
            *([f"<b>{row.vp or 0}</b>"] if scored else []),
            str(row.territories),
            str(row.won),
            str(row.lost),
            str(row.peak_armies),
            *[str(row.battles.get(key, 0)) for key, _ in extra],
            "—" if row.out_at is None else str(row.out_at),
        ]
        body.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return (
        '<div class="league-wrap">'
        f'<table class="info league" data-testid="league-table"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )
