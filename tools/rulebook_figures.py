"""The rulebooks' worked examples (ui/rulebooks/figures/<name>.html), drawn by the game's
own renderers from positions the engine plays, so that what a rulebook shows is what the
game does.

Run ``python tools/rulebook_figures.py`` after changing a renderer or a rule; a unit test
(tests/test_rulebooks.py) draws every figure again and fails when a file is stale.

Each figure is a small map excerpt (the board cropped to a few territories, with
everything outside the crop left out so the file stays small) plus a caption or a table
computed by the engine: a Classic roll, Capital Risk's placement limits and dice
colours, a Great War attack's exact odds, a Risk, Paper, Scissors battle round by round.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
from html import escape
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

FIGURES = ROOT / "ui" / "rulebooks" / "figures"
SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
ET.register_namespace("", SVG_NS)
ET.register_namespace("xlink", XLINK_NS)
ET.register_namespace("ev", "http://www.w3.org/2001/xml-events")

Box = tuple[float, float, float, float]
"""x0, y0, x1, y1."""

NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:e-?\d+)?")
DROPPED_ATTRIBUTES = re.compile(r"^(data-|aria-|tabindex$|role$|focusable$)")


# ------------------------------------------------------------------ cropping a board


def _path_points(d: str) -> list[tuple[float, float]]:
    """The points of a path written with absolute M, L, H, V and Z (what the renderers
    write); H and V reuse the last point's other coordinate."""
    points: list[tuple[float, float]] = []
    x = y = 0.0
    for command, args in re.findall(r"([MLHVZmlhvzCcQqAa])([^MLHVZmlhvzCcQqAa]*)", d):
        numbers = [float(n) for n in NUMBER.findall(args)]
        if command in "ML":
            for i in range(0, len(numbers) - 1, 2):
                x, y = numbers[i], numbers[i + 1]
                points.append((x, y))
        elif command == "H" and numbers:
            x = numbers[-1]
            points.append((x, y))
        elif command == "V" and numbers:
            y = numbers[-1]
            points.append((x, y))
        elif command not in "Zz":
            return []  # a curve or a relative step: too hard to bound, keep the element
    return points


def _bounds(element: ET.Element) -> Box | None:
    """The element's rough bounding box in board units; None when it cannot tell."""
    tag = element.tag.rsplit("}", 1)[-1]
    if element.get("transform"):
        return None
    get = element.get
    try:
        if tag == "path":
            points = _path_points(get("d", ""))
        elif tag == "circle":
            cx, cy, r = float(get("cx", 0)), float(get("cy", 0)), float(get("r", 0))
            points = [(cx - r, cy - r), (cx + r, cy + r)]
        elif tag == "line":
            points = [
                (float(get("x1", 0)), float(get("y1", 0))),
                (float(get("x2", 0)), float(get("y2", 0))),
            ]
        elif tag == "text":
            points = [(float(get("x", 0)), float(get("y", 0)))]
        elif tag in ("polygon", "polyline"):
            numbers = [float(n) for n in NUMBER.findall(get("points", ""))]
            points = list(zip(numbers[::2], numbers[1::2], strict=False))
        elif tag == "rect":
            x, y = float(get("x", 0)), float(get("y", 0))
            points = [(x, y), (x + float(get("width", 0)), y + float(get("height", 0)))]
        else:
            return None
    except ValueError:
        return None
    if not points:
        return None
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _outside(box: Box, crop: Box, margin: float = 8.0) -> bool:
    return (
        box[2] < crop[0] - margin
        or box[0] > crop[2] + margin
        or box[3] < crop[1] - margin
        or box[1] > crop[3] + margin
    )


def _prune(parent: ET.Element, crop: Box) -> None:
    for child in list(parent):
        tag = child.tag.rsplit("}", 1)[-1]
        if tag in ("defs", "pattern", "marker", "title", "style"):
            continue
        box = _bounds(child)
        if box is not None and _outside(box, crop):
            parent.remove(child)
            continue
        if len(child):
            _prune(child, crop)
            if tag == "g" and not len(child) and not (child.text or "").strip():
                parent.remove(child)


def crop_board(svg: str, crop: Box, prefix: str, label: str) -> str:
    """``svg`` (a whole board) cut down to ``crop``: elements wholly outside it left out,
    ids prefixed (two boards on one page must not share a pattern's id), the page's
    hooks (data-*, tab stops, roles) taken off so the picture is only a picture."""
    root = ET.fromstring(svg)
    _prune(root, crop)
    for element in root.iter():
        for name in list(element.attrib):
            if DROPPED_ATTRIBUTES.match(name):
                del element.attrib[name]
        if element.get("id"):
            element.set("id", f"{prefix}-{element.get('id')}")
        for name, value in list(element.attrib.items()):
            if "url(#" in value:
                element.set(name, value.replace("url(#", f"url(#{prefix}-"))
            if name.endswith("href") and value.startswith("#"):
                element.set(name, f"#{prefix}-{value[1:]}")
        css = element.get("class")
        if css:
            kept = [c for c in css.split() if c not in ("legal", "target", "board")]
            element.set("class", " ".join(kept)) if kept else element.attrib.pop("class")
    x0, y0, x1, y1 = crop
    root.set("viewBox", f"{x0:g} {y0:g} {x1 - x0:g} {y1 - y0:g}")
    root.set("class", "rulebook-map")
    root.set("role", "img")
    root.set("aria-label", label)
    root.set("width", f"{x1 - x0:g}")
    root.set("height", f"{y1 - y0:g}")
    text = ET.tostring(root, encoding="unicode")
    return re.sub(r"\s+xmlns:(ev|xlink)=\"[^\"]*\"", "", text) if "xlink:" not in text else text


def box_around(boxes: Iterable[Box], pad: float) -> Box:
    boxes = list(boxes)
    return (
        round(min(b[0] for b in boxes) - pad, 1),
        round(min(b[1] for b in boxes) - pad, 1),
        round(max(b[2] for b in boxes) + pad, 1),
        round(max(b[3] for b in boxes) + pad, 1),
    )


def shape_box(d: str) -> Box:
    points = _path_points(d)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def figure(name: str, svg: str, caption: str, extra: str = "") -> str:
    return (
        f'<figure class="rulebook-figure" data-figure="{escape(name)}">'
        f"{svg}{extra}<figcaption>{caption}</figcaption></figure>\n"
    )


# ------------------------------------------------------------------ the figures


def classic_attack() -> str:
    """Ada rolls 3 dice from Ontario into Quebec; the engine's roll, with the dice given."""
    from engine.core import find_ruleset
    from engine.rulesets.classic.orders import Attack
    from maps import read_map_file
    from ui.shell.render import render_map, territory_names

    ruleset = find_ruleset("classic")
    before = ruleset.from_position_text(
        "ruleset classic\nseat 0 Ada\nseat 1 Boris\nphase attack\nturn 3\n"
        "ontario 0 6\nquebec 1 2\neastern_us 1 3\ngreenland 0 1\n"
        "western_us 0 2\nalberta 0 1\nnorthwest_territory 0 2\n"
    )
    outcome = ruleset.apply(before, Attack("ontario", "quebec", 3), dice=[6, 3, 2, 5, 3])
    roll = next(e for e in outcome.events if e["type"] == "roll")
    geometry = read_map_file("classic_geometry.json")
    names = territory_names()
    crop = box_around(
        (shape_box(geometry["territories"][t]["d"]) for t in ("ontario", "quebec")), 18
    )
    svg = render_map(before, geometry, arrows=[("ontario", "quebec")], selected="ontario")
    attack, defend = roll["attack"], roll["defend"]
    pairs = []
    for high, low in zip(sorted(attack, reverse=True), sorted(defend, reverse=True), strict=False):
        if high > low:
            pairs.append(f"{high} beats {low}: Boris loses 1")
        else:
            pairs.append(f"{high} against {low}: a tie goes to the defender, Ada loses 1")
    after = outcome.state
    caption = (
        f"Ada rolls {', '.join(map(str, attack))}; Boris rolls {', '.join(map(str, defend))}. "
        + "; ".join(pairs)
        + f". Left: {names['ontario']} {after.armies['ontario']}, "
        f"{names['quebec']} {after.armies['quebec']}."
    )
    label = f"{names['ontario']} attacking {names['quebec']}"
    return figure("classic-attack", crop_board(svg, crop, "rb-classic", label), escape(caption))


def capital_orders() -> str:
    """Red's placement limits (the engine's), its capital, and an attack arrow; and the
    dice colours of the game's chart."""
    from engine.core import find_ruleset
    from engine.odds.models import DEFAULT_COLOURS
    from engine.rulesets.capital.reinforce import placement_limit
    from maps import read_map_file
    from ui.shell.render import render_map, territory_names

    classic = find_ruleset("classic")
    owners = classic.new_game(
        [__import__("engine.core", fromlist=["PlayerSpec"]).PlayerSpec("x", "human")] * 2,
        {"game_type": "uk_full", "special_setup": True},
        "owners",
    ).owner
    mine = {"peru": 12, "venezuela": 4, "brazil": 6, "argentina": 3}
    theirs = {"north_africa": 5, "western_us": 3, "eastern_us": 4}
    lines = ["ruleset capital", "seat 0 Red human capital=peru", "seat 1 Blue baseline"]
    lines += ["phase orders", "turn 2", "capitals_revealed true"]
    for territory in owners:
        if territory in mine:
            lines.append(f"{territory} 0 {mine[territory]}")
        else:
            lines.append(f"{territory} 1 {theirs.get(territory, 1)}")
    ruleset = find_ruleset("capital")
    state = ruleset.from_position_text("\n".join(lines))
    limits = {t: f"+{placement_limit(state, 0, t)}" for t in mine}
    geometry = read_map_file("classic_geometry.json")
    names = territory_names()
    crop = box_around(
        (
            shape_box(geometry["territories"][t]["d"])
            for t in ("venezuela", "brazil", "peru", "central_america")
        ),
        10,
    )
    svg = render_map(
        state, geometry, arrows=[("venezuela", "central_america")], notes=limits, stars=("peru",)
    )
    caption = (
        "Placement limits: "
        + ", ".join(f"{names[t]} {limits[t][1:]}" for t in ("peru", "venezuela", "brazil"))
        + f". Red attacks {names['central_america']} from {names['venezuela']} with "
        f"{mine['venezuela'] - 1} units (one stays): 1 to 5 units roll the White die."
    )
    rows = "".join(
        f"<tr><td>{escape(_colour_range(DEFAULT_COLOURS, i))}</td>"
        f"<td>{escape(colour.name)}</td><td>+{colour.bonus}</td></tr>"
        for i, colour in enumerate(DEFAULT_COLOURS)
    )
    table = (
        '<table class="info"><thead><tr><th>units</th><th>die</th><th>added</th></tr>'
        f"</thead><tbody>{rows}</tbody></table>"
    )
    label = f"Red's land around {names['peru']}, its capital"
    return figure(
        "capital-orders", crop_board(svg, crop, "rb-capital", label), escape(caption), table
    )


def _colour_range(colours: Any, index: int) -> str:
    low = colours[index].min_units
    if index + 1 < len(colours):
        return f"{low} to {colours[index + 1].min_units - 1}"
    return f"{low} or more"


def greatwar_attack() -> str:
    """Germany attacks Neutral Brussels from Lille: the board, an arrow, the exact odds."""
    from engine.core import find_ruleset
    from engine.rulesets.greatwar1907.ai.odds import win_chance
    from ui.greatwar1907.render import geometry, name_spots, render_board

    ruleset = find_ruleset("greatwar1907")
    state = ruleset.from_position_text(
        "ruleset greatwar1907\nphase attack\nlil germany 6\nbru neutral 3\n"
        "ams neutral 2\nruh germany 4\n"
    )
    board = render_board(state)
    spots = name_spots()
    (x1, y1), (x2, y2) = spots["lil"], spots["bru"]
    arrow = (
        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#111"'
        ' stroke-width="2.2" marker-end="url(#arrowhead)"/>'
        '<marker id="arrowhead" markerWidth="6" markerHeight="6" refX="5" refY="3"'
        ' orient="auto"><path d="M0,0 L6,3 L0,6 Z" fill="#111"/></marker>'
    )
    board = board.replace("</svg>", f"{arrow}</svg>")
    geo = geometry()
    shapes = geo.get("provinces", geo.get("territories", {}))
    crop = box_around((_shape_of(shapes[p]) for p in ("lil", "bru", "ams", "ruh")), 6)
    chance = win_chance(6, 3)
    caption = (
        "Germany attacks Brussels (Neutral, 3 divisions) from Lille with 6 divisions: "
        "2 attacking dice against 3 each round. "
        f"The attack takes Brussels {chance * 100:.0f} % of the time, "
        "and taking it scores 1 victory point."
    )
    label = "Lille attacking Brussels"
    return figure("greatwar1907-attack", crop_board(board, crop, "rb-gw", label), escape(caption))


def greatwar_supply() -> str:
    """The seed's Ireland case: an enemy fleet in the North Atlantic cuts Ireland off; the
    networks and their allowances are the engine's, drawn by the board's supply overlay."""
    from engine.core import find_ruleset
    from ui.greatwar1907.render import geometry, render_board, supply_networks

    ruleset = find_ruleset("greatwar1907")
    state = ruleset.from_position_text(
        "ruleset greatwar1907\nturn 2\nphase deployment\nrelation germany uk war\n"
        "nao germany=2\nire uk 2\nlon uk 4\ngla uk 1\nliv uk 1\n"
    )
    board = render_board(state, overlays=frozenset({"supply", "encircled", "blockade"}))
    geo = geometry()
    sea_x, sea_y = (float(v) for v in geo["seas"]["nao"]["label"])
    fleet = (sea_x - 12, sea_y - 12, sea_x + 12, sea_y + 12)  # the fleet's mark, by the name
    crop = box_around(
        [*(_shape_of(geo["provinces"][p]) for p in ("ire", "gla", "edi", "lon", "bir")), fleet],
        8,
    )
    networks = supply_networks(state)["uk"]
    names = {p.id: p.name for p in state.map.provinces}
    cut = networks[1:]
    caption = (
        "Germany, at war with the United Kingdom, has 2 ships in the North Atlantic, which "
        "closes that sea to the UK. "
        + " ".join(
            f"{' and '.join(names[p] for p in n.provinces)} is cut off: its "
            f"{n.allowance / 4:g} pp can be spent only there."
            for n in cut
        )
        + f" The rest of the UK's land shares {networks[0].allowance / 4:g} pp."
    )
    label = "The British Isles with an enemy fleet in the North Atlantic"
    return figure(
        "greatwar1907-supply", crop_board(board, crop, "rb-gw-supply", label), escape(caption)
    )


def _shape_of(shape: Any) -> Box:
    d = shape["d"] if isinstance(shape, dict) else str(shape)
    return shape_box(d)


def rps_attack() -> str:
    """The spec's check battle, 3E/2J/1W against 1E/1J/2W, as the page previews it."""
    from engine.core import find_ruleset
    from engine.rulesets.risk_paper_scissors.battle import Side
    from ui.risk_paper_scissors.battle_view import preview_attack, preview_html
    from ui.risk_paper_scissors.places import geometry_data
    from ui.risk_paper_scissors.render import render_board

    ruleset = find_ruleset("risk_paper_scissors")
    state = ruleset.from_position_text(
        "ruleset risk_paper_scissors\nseat 0 Red human energy=6\nseat 1 Blue\nseat 2 Green\n"
        "phase action\nyear 1\norder 0 1 2\n"
        "ontario 0 4E2J1W+land\nquebec 1 1E1J2W\ngreenland 2 2E\n"
    )
    force = Side(e=3, j=2, w=1)
    preview = preview_attack(state, "ontario", "quebec", force)
    table = preview_html(state, preview)
    table = re.sub(r'\sdata-[\w-]+="[^"]*"', "", table)
    table = re.sub(r'\stabindex="[^"]*"', "", table)  # the page's tips: not in a picture
    table = table.replace('class="rps-rounds"', 'class="info"')
    table = re.sub(r'class="rps-[\w-]+"', "", table)
    board = render_board(state, path=["ontario", "quebec"])
    classic, _, _ = geometry_data()
    shapes = classic["territories"]
    crop = box_around((shape_box(shapes[t]["d"]) for t in ("ontario", "quebec")), 18)
    caption = (
        "Wolves kill Elementals, Elementals kill Jaguars, Jaguars kill Wolves, "
        "all at once each round."
    )
    label = "Ontario attacking Quebec"
    return figure("rps-attack", crop_board(board, crop, "rb-rps", label), escape(caption), table)


FIGURES_BY_NAME: dict[str, Callable[[], str]] = {
    "classic-attack": classic_attack,
    "capital-orders": capital_orders,
    "greatwar1907-attack": greatwar_attack,
    "greatwar1907-supply": greatwar_supply,
    "rps-attack": rps_attack,
}


def main() -> None:
    FIGURES.mkdir(parents=True, exist_ok=True)
    for name, draw in FIGURES_BY_NAME.items():
        html = draw()
        (FIGURES / f"{name}.html").write_text(html, encoding="utf-8")
        print(f"rulebook figure {name}: {len(html):,} characters")


if __name__ == "__main__":
    main()
