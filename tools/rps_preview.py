"""A preview SVG of the whole Risk, Paper, Scissors board, for looking at the geometry.

Classic land shapes, the water regions with their names and colony bonuses, sample
army badges on every label point (as ui/shell/render.py draws them), the Moon inset with its
colonies and landing-site rings. Development-time only, standard library only::

    python3 tools/rps_preview.py --out /tmp/rps.svg
    chromium --no-sandbox --disable-gpu --headless --screenshot=/tmp/rps.png \
        --window-size=1366,800 file:///tmp/rps.svg

``tools/build_rps_geometry.py`` reserves label room for the sizes defined here.

``--screenshots DIR`` draws the page's own renderer (``ui/risk_paper_scissors/render.py``)
instead, for the opening position and a mid-game played by the computer players through
the engine (with one human-style turn that sends units to sea and to the Moon), and saves
PNGs at 1366x800 and at 390 px wide (whole board, and the 2.5x zoomed board as the
page's zoom button shows it) with Playwright and Debian's Chromium::

    .venv/bin/python tools/rps_preview.py --screenshots e2e/artifacts
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"

# Sizes in viewBox units: the army badge and land names as ui/shell/render.py draws them
# (BADGE_R, NAME_SIZE); water names, water colony names, and on the Moon inset (its
# own units) lunar names and lunar colony names.
BADGE_R = 7.5
LAND_TEXT = 6.2
WATER_TEXT, COLONY_TEXT, MOON_TEXT, MOON_COLONY_TEXT = 6.5, 6.0, 8.0, 7.0


def fmt(v: float) -> str:
    return f"{v:.1f}".removesuffix(".0")


def colony_text(group: dict[str, Any]) -> str:
    return f"{group['name']} +{group['bonus']}"


def group_colours(game: dict[str, Any]) -> dict[str, str]:
    """A light fill per group: continents round the colour wheel, water colonies in
    blues, lunar colonies in greys."""
    hues = {"continent": (30, 60, 50, 64), "water_colony": (175, 28, 45, 74)}
    colours = {}
    count: dict[str, int] = {}
    for g in game["groups"]:
        i = count[g["kind"]] = count.get(g["kind"], -1) + 1
        if g["kind"] == "lunar_colony":
            colours[g["id"]] = ("#c9c3b0", "#b3b0c9")[i % 2]
            continue
        start, step, saturation, lightness = hues[g["kind"]]
        colours[g["id"]] = f"hsl({start + step * i}, {saturation}%, {lightness}%)"
    return colours


def paths(
    shapes: dict[str, dict[str, Any]], fill: dict[str, str], stroke: str, width: float
) -> list[str]:
    """One <path> per shape; ``fill`` maps a shape's id to its colour (none if absent)."""
    return [
        f'<path d="{shape["d"]}" fill="{fill.get(sid, "none")}" stroke="{stroke}" '
        f'stroke-width="{width}"/>'
        for sid, shape in shapes.items()
    ]


def text(x: float, y: float, label: str, size: float, style: str = "") -> str:
    """A centred label; ``style`` is "bold" or "italic" (or "")."""
    font = {"bold": 'font-weight="bold" ', "italic": 'font-style="italic" '}.get(style, "")
    return (
        f'<text x="{fmt(x)}" y="{fmt(y)}" font-size="{size}" font-family="sans-serif" '
        f'{font}text-anchor="middle" paint-order="stroke" stroke="#fff" '
        f'stroke-width="{size / 4:.2f}">{label}</text>'
    )


def badge_and_name(
    at: Sequence[float], name: str, size: float, badge_r: float, style: str = ""
) -> list[str]:
    """A sample army badge on the label point and the name below, as ui/shell/render.py draws."""
    x, y = at
    return [
        f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{badge_r}" fill="#fff" fill-opacity="0.85" '
        'stroke="#333" stroke-width="0.6"/>',
        text(x, y + badge_r + size, name, size, style),
    ]


def preview_svg(data: dict[str, Any], game: dict[str, Any], classic: dict[str, Any]) -> str:
    """The whole board: Classic land, water regions, colony bonuses, the Moon inset."""
    w, h = data["viewBox"][2], data["viewBox"][3]
    terr = {t["id"]: t for t in game["territories"]}
    group = {g["id"]: g for g in game["groups"]}
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}">',
        f'<rect width="{w}" height="{h}" fill="#1d3b5a"/>',
    ]
    colour = group_colours(game)
    fill = {tid: colour[t["group"]] for tid, t in terr.items()}
    out += paths(data["water"], fill, "#fff", 0.6)
    out += paths(data["water_colonies"], {}, "#0b2035", 1.2)
    for link in classic["sea_links"]:
        for (x1, y1), (x2, y2) in link["segments"]:
            out.append(
                f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#fff" '
                'stroke-width="0.8" stroke-dasharray="3 2"/>'
            )
    out += paths(classic["territories"], fill, "#333", 0.4)
    out += paths(classic["continents"], {}, "#000", 1)
    for tid, t in classic["territories"].items():
        out.extend(badge_and_name(t["label"], terr[tid]["name"], LAND_TEXT, BADGE_R))
    for tid, t in data["water"].items():
        out.extend(badge_and_name(t["label"], terr[tid]["name"], WATER_TEXT, BADGE_R, "bold"))
    for gid, c in data["water_colonies"].items():
        x, y = c["label"]
        out.append(text(x, y + COLONY_TEXT / 3, colony_text(group[gid]), COLONY_TEXT, "italic"))
    moon = data["moon"]
    x, y, pw, _ = moon["place"]
    scale = pw / moon["viewBox"][2]
    disc = moon["disc"]
    fx, fy, fw, fh = moon["frame"]
    out.append(
        f'<rect x="{fx}" y="{fy}" width="{fw}" height="{fh}" fill="#10263b" stroke="#fff" '
        'stroke-width="0.6"/>'
    )
    out.append(f'<g transform="translate({x},{y}) scale({scale})">')
    out.append(
        f'<circle cx="{disc["cx"]}" cy="{disc["cy"]}" r="{disc["r"]}" fill="#8a8f96" '
        'stroke="#fff" stroke-width="1.2"/>'
    )
    out += paths(moon["territories"], fill, "#333", 0.6)
    out += paths(moon["colonies"], {}, "#000", 1.4)
    for lx, ly, r in moon["landing_sites"].values():
        out.append(
            f'<circle cx="{lx}" cy="{ly}" r="{r}" fill="none" stroke="#c0392b" stroke-width="2"/>'
        )
    for tid, t in moon["territories"].items():
        out.extend(badge_and_name(t["label"], terr[tid]["name"], MOON_TEXT, BADGE_R / scale))
    for gid, c in moon["colonies"].items():
        cx, cy = c["label"]
        out.append(
            text(cx, cy + MOON_COLONY_TEXT / 3, colony_text(group[gid]), MOON_COLONY_TEXT, "italic")
        )
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)


def _importable() -> None:
    """The engine and the page's Python live at the repository root."""
    import sys

    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


def positions() -> dict[str, tuple[Any, dict[str, Any]]]:
    """Name -> (state, render_board keyword arguments): the opening, and year 3 after
    the computers' play with a turn that crosses the sea and lands on the Moon."""
    _importable()
    from engine.ai import choose_order
    from engine.core import PlayerSpec, find_ruleset
    from engine.rulesets.risk_paper_scissors import (
        Attack,
        BuyUnits,
        EndPurchase,
        HireCommander,
        Move,
        Phase,
    )

    rps = find_ruleset("rps")
    players = [PlayerSpec(n, "standard") for n in ("Ada", "Bo", "Cy", "Di")]
    state = rps.new_game(players, {}, "preview")
    while state.phase is Phase.SETUP:
        state = rps.apply(state, choose_order(state)).state
    opening = state
    while not (state.turn == 3 and state.phase is Phase.PURCHASE):
        state = rps.apply(state, choose_order(state)).state
    seat = state.current
    state.players[seat].energy += 40  # enough for commanders, units and the trips
    station = state.stations_of(seat)[0]
    for commander in ("space", "naval"):
        state = rps.apply(state, HireCommander(commander, station)).state
    state = rps.apply(state, BuyUnits(station, e=3, j=1, w=1)).state
    state = rps.apply(state, EndPurchase()).state
    path: list[str] = []
    for kind, wanted in (("lunar", Attack), ("water", Attack), ("water", Move)):
        order = next(
            (
                o
                for o in rps.legal_orders(state)
                if isinstance(o, wanted) and state.board.kind[o.target] == kind
            ),
            None,
        )
        if order is None:
            continue
        # A small force of plain units: the commanders stay home.
        e, j, w = (min(n, 2) for n in (order.e, order.j, order.w))
        if e + j + w == 0:
            continue
        small = replace(order, e=e, j=j, w=w, commanders=())
        state = rps.apply(state, small).state
        if kind == "water" and wanted is Attack:
            path = [order.origin, order.target]
    return {
        "opening": (opening, {}),
        "midgame": (state, {"viewer": seat, "selected": station, "path": path}),
    }


TAP_CHECK_JS = """(points) => {
  // Scroll each territory's label point into view; what a tap there hits.
  const svg = document.querySelector('svg.board');
  const wrap = document.querySelector('.board-wrap');
  const wrong = {};
  for (const [id, [x, y]] of Object.entries(points)) {
    const at = () => { const p = svg.createSVGPoint(); p.x = x; p.y = y;
                       return p.matrixTransform(svg.getScreenCTM()); };
    let s = at();
    wrap.scrollLeft = Math.max(0, s.x + wrap.scrollLeft - 150);
    wrap.scrollTop = Math.max(0, s.y + wrap.scrollTop - wrap.getBoundingClientRect().top - 100);
    s = at();
    const el = document.elementFromPoint(s.x, s.y);
    const hit = el && el.closest('[data-territory],[data-hit]');
    const got = hit ? (hit.dataset.territory || hit.dataset.hit) : null;
    if (got !== id) wrong[id] = got;
  }
  wrap.scrollLeft = 0; wrap.scrollTop = 0;
  return wrong;
}"""


def panels() -> dict[str, str]:
    """Name -> HTML: a battle preview in the mid-game (of the legal attacks with plain
    units, at their largest force, the one with most rounds) and the final scores of the
    game played on to its end by the computers."""
    _importable()
    from engine.ai import choose_order
    from engine.core import find_ruleset
    from engine.rulesets.risk_paper_scissors import Attack, Side
    from ui.risk_paper_scissors.battle_view import battle_html
    from ui.risk_paper_scissors.scoring_view import scoring_html

    rps = find_ruleset("rps")
    state, _ = positions()["midgame"]
    attacks = [
        o
        for o in rps.legal_orders(state)
        if isinstance(o, Attack) and o.target in state.owner and o.e + o.j + o.w
    ]

    def html(order: Any) -> str:
        force = Side(order.e, order.j, order.w, frozenset(order.commanders))
        return str(battle_html(state, order.origin, order.target, force))

    battle = max((html(o) for o in attacks), key=lambda text: text.count("data-round="))
    while rps.actor(state) is not None:
        state = rps.apply(state, choose_order(state)).state
    return {"battle": battle, "scoring": scoring_html(state)}


def screenshots(folder: Path) -> list[Path]:
    """PNGs of :func:`positions` drawn by the page's renderer, at laptop and phone sizes."""
    _importable()
    from playwright.sync_api import sync_playwright

    from ui.risk_paper_scissors.render import label_points, legend_html, render_board
    from ui.risk_paper_scissors.scoring_view import status_html

    css = (ROOT / "ui" / "style.css").read_text(encoding="utf-8")
    folder.mkdir(parents=True, exist_ok=True)
    saved = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--headless", "--no-sandbox", "--disable-gpu"],
        )
        for name, (state, kwargs) in positions().items():
            svg = render_board(state, **kwargs)
            side = status_html(state, kwargs.get("viewer")) + legend_html(state)
            points = {k: list(v) for k, v in label_points().items()}
            for label, width, zoom in (
                ("1366", 1366, False),
                ("390", 390, False),
                ("390_zoom", 390, True),
            ):
                page = browser.new_page(
                    viewport={"width": width, "height": 800 if width > 400 else 844}
                )
                page.set_content(
                    f"<html><head><style>{css}</style></head><body><main class='layout'>"
                    "<section class='board-area'><div class='board-wrap"
                    f"{' zoomed' if zoom else ''}'>{svg}</div></section>"
                    f"<aside class='side'><div class='card'>{side}</div></aside>"
                    "</main></body></html>"
                )
                wrong = page.evaluate(TAP_CHECK_JS, points)
                print(
                    f"{name} {label}: {len(points) - len(wrong)}/{len(points)} label points "
                    f"tap their own territory; wrong: {wrong or 'none'}"
                )
                out = folder / f"rps_render_{name}_{label}.png"
                page.screenshot(path=str(out), full_page=not zoom)
                saved.append(out)
                if zoom:  # and the east half of the zoomed board (Asia, Australia)
                    page.evaluate("document.querySelector('.board-wrap').scrollLeft = 600")
                    out = folder / f"rps_render_{name}_{label}_east.png"
                    page.screenshot(path=str(out))
                    saved.append(out)
                page.close()
        for name, html in panels().items():
            page = browser.new_page(viewport={"width": 390, "height": 600})
            page.set_content(
                f"<html><head><style>{css}</style></head><body><main class='layout'>"
                f"<aside class='side'><div class='card'>{html}</div></aside></main></body></html>"
            )
            out = folder / f"rps_render_{name}_390.png"
            page.screenshot(path=str(out), full_page=True)
            page.close()
            saved.append(out)
        browser.close()
    return saved


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/rps.svg"))
    parser.add_argument("--screenshots", type=Path, default=None, metavar="DIR")
    args = parser.parse_args(argv)
    if args.screenshots is not None:
        for path in screenshots(args.screenshots):
            print(f"wrote {path}")
        return 0

    def read(name: str) -> dict[str, Any]:
        data: dict[str, Any] = json.loads((MAPS / name).read_text(encoding="utf-8"))
        return data

    svg = preview_svg(
        read("risk_paper_scissors_geometry.json"),
        read("risk_paper_scissors.json"),
        read("classic_geometry.json"),
    )
    args.out.write_text(svg, encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
