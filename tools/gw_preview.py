"""Render Great War 1907 positions to SVG and PNG, for looking at the map renderer.

Development-time only. Three positions: the opening, the position after a few phases
played by the computer players (``--phases``) and the seed's encirclement examples, each
drawn plain and with every overlay, and an attack frame of the last replay; saved as
SVG, then as PNG at 1366x800, at 390 px wide and at 390 px zoomed with Debian's Chromium
(Playwright, as e2e/conftest.py launches it)::

    .venv/bin/python tools/gw_preview.py --out e2e/artifacts [--phases 6] [--no-png]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.ai import choose_order  # noqa: E402
from engine.core import PlayerSpec, find_ruleset  # noqa: E402
from engine.rulesets.greatwar1907.state import Fleet, GreatWarState  # noqa: E402
from ui.greatwar1907.legend import legend_html  # noqa: E402
from ui.greatwar1907.render import OVERLAYS, render_board  # noqa: E402
from ui.greatwar1907.replay import frames  # noqa: E402

LAST_ATTACKS: list[Any] = []  # the last phase with attacks: before, after, events
SIZES = {"1366": (1366, 800), "390": (390, 844), "390zoom": (390, 844)}
ZOOM = 2.5  # the page's zoom button: the board at 250 % of the phone's width


def positions(phases: int, seed: str = "preview") -> dict[str, GreatWarState]:
    """The opening, the position after ``phases`` phases of computer play, and the
    seed's encirclement examples (Ireland behind an enemy fleet in the North Atlantic,
    the Ottoman Balkans behind Istanbul lost and a fleet in the Adriatic)."""
    ruleset = find_ruleset("greatwar1907")
    state = ruleset.new_game(
        [PlayerSpec(f"Computer {i + 1}", "standard") for i in range(8)], {}, seed
    )
    opening = state.clone()
    done = 0
    while done < phases:
        before = state
        outcome = ruleset.apply(state, choose_order(state))
        state = outcome.state
        if any(e["type"] == "resolved" for e in outcome.events):
            done += 1
            if state.last_report and state.last_report.get("attacks"):
                LAST_ATTACKS[:] = [before, state, outcome.events]
    cut = opening.clone()
    cut.turn = 3
    cut.owner["ist"] = "uk"
    cut.at_sea["nao"] = {"ottoman": Fleet(2, 0)}
    cut.at_sea["adr"] = {"uk": Fleet(1, 0)}
    return {"opening": opening, "midgame": state, "encircled": cut}


def page_html(svg: str, width: int, zoom: bool = False) -> str:
    """The board as wide as the viewport (or ``ZOOM`` times as wide, scrolled), and the
    legend under it."""
    board = f"width:{ZOOM * 100:g}%;max-height:none" if zoom else "width:100%;max-height:800px"
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<meta name='viewport' content='width={width}'><style>"
        "body{margin:0;background:#1d2b36;color:#f3efe4;font:13px system-ui,sans-serif}"
        f"svg.board{{{board};height:auto;display:block}}"
        ".wrap{overflow:auto}"
        ".gw-legend ul{display:flex;flex-wrap:wrap;gap:.3rem 1rem;list-style:none;"
        "margin:.4rem;padding:0}"
        ".gw-legend li{display:flex;align-items:center;gap:.3rem}"
        f"</style></head><body><div class='wrap'>{svg}</div>{legend_html()}</body></html>"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "e2e" / "artifacts")
    parser.add_argument("--phases", type=int, default=10)
    parser.add_argument("--no-png", action="store_true")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    drawn: dict[str, str] = {}
    for name, state in positions(args.phases).items():
        drawn[f"{name}"] = render_board(state)
        drawn[f"{name}_overlays"] = render_board(state, overlays=OVERLAYS, viewer="germany")
    if LAST_ATTACKS:
        steps = frames(*LAST_ATTACKS)
        frame = next(f for f in steps if f.title.startswith("Attack"))
        print(f"replay frame: {frame.title}: {frame.caption}")
        drawn["replay"] = render_board(frame.state, highlights=frame.highlights)
    for name, svg in drawn.items():
        (args.out / f"gw_render_{name}.svg").write_text(svg, encoding="utf-8")
    if args.no_png:
        return
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        for size, (w, h) in SIZES.items():
            page = browser.new_page(viewport={"width": w, "height": h})
            for name, svg in drawn.items():
                zoom = size.endswith("zoom")
                page.set_content(page_html(svg, w, zoom))
                if zoom:  # central Europe in view, as a player scrolls to it
                    page.eval_on_selector(".wrap", "e => { e.scrollLeft = 0.33 * e.scrollWidth; }")
                path = args.out / f"gw_render_{name}_{size}.png"
                page.screenshot(path=str(path), full_page=size == "390")
                print(path)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
