"""The board SVG: one path per territory with owner colour and army count, highlights."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from engine.core import PlayerSpec, find_ruleset
from ui.shell.palette import PALETTE, tint
from ui.shell.render import render_map, swatch

ROOT = Path(__file__).resolve().parent.parent
NS = {"svg": "http://www.w3.org/2000/svg"}


@pytest.fixture(scope="module")
def geometry() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "maps" / "classic_geometry.json").read_text())
    return data


@pytest.fixture(scope="module")
def state() -> Any:
    players = [
        PlayerSpec(n, "human", c) for n, c in zip(("Ann", "Bob", "Cy"), PALETTE, strict=False)
    ]
    return find_ruleset("classic").new_game(
        players, {"game_type": "custom", "special_setup": True}, "r1"
    )


def paths(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {
        p.get("data-territory", ""): p
        for p in root.iter(f"{{{NS['svg']}}}path")
        if p.get("data-territory")
    }


def test_every_territory_is_a_path_with_owner_and_armies(state: Any, geometry: Any) -> None:
    svg = render_map(state, geometry)
    found = paths(svg)
    assert len(found) == 42
    for tid, path in found.items():
        owner = state.owner[tid]
        assert path.get("data-owner") == str(owner)
        assert path.get("fill") == f"url(#pat-{owner})"
        assert path.get("data-armies") == str(state.armies[tid])
    # each seat's pattern uses the light tint of its colour (plus marks in the colour)
    for seat, colour in enumerate(PALETTE[:3]):
        assert f'id="pat-{seat}"' in svg
        assert tint(colour, 0.38) in svg
    root = ET.fromstring(svg)
    badges = [g for g in root.iter(f"{{{NS['svg']}}}g") if g.get("data-badge")]
    assert len(badges) == 42
    for badge in badges:
        circle = badge.find("svg:circle", NS)
        text = badge.find("svg:text", NS)
        assert circle is not None and text is not None
        tid = badge.get("data-badge", "")
        assert circle.get("fill") == state.players[state.owner[tid]].color
        assert text.text == str(state.armies[tid])


def test_names_sea_links_and_continents(state: Any, geometry: Any) -> None:
    svg = render_map(state, geometry)
    assert "Eastern Australia" in svg and "Kamchatka" in svg
    assert svg.count("data-continent=") == 6
    assert "stroke-dasharray" in svg


def test_highlight_and_selection(state: Any, geometry: Any) -> None:
    svg = render_map(
        state,
        geometry,
        highlight={"alaska", "peru"},
        selected="brazil",
        arrows=[("brazil", "peru")],
    )
    found = paths(svg)
    assert "legal" in (found["alaska"].get("class") or "")
    assert found["alaska"].get("tabindex") == "0"
    assert "legal" not in (found["china"].get("class") or "")
    assert found["china"].get("tabindex") == "-1"
    assert "selected" in (found["brazil"].get("class") or "")
    assert svg.count('class="legal-outline"') == 2
    assert 'class="attack-arrow"' in svg


def test_empty_board(geometry: Any) -> None:
    svg = render_map(None, geometry)
    found = paths(svg)
    assert len(found) == 42
    assert all(p.get("data-owner") == "-1" for p in found.values())
    assert "data-badge" not in svg


def test_secret_headquarters_only_for_viewer(state: Any, geometry: Any) -> None:
    s = state.clone()
    from engine.rulesets.classic.state import Phase

    s.phase = Phase.HEADQUARTERS
    mine = s.territories_of(0)[0]
    theirs = s.territories_of(1)[0]
    s.players[0].headquarters = mine
    s.players[1].headquarters = theirs
    svg = render_map(s, geometry, viewer=0)
    hq_badges = re.findall(
        r'data-badge="(\w+)"[^>]*><circle[^>]*/><text[^>]*>\d+</text><path class="hq"', svg
    )
    assert hq_badges == [mine]


def test_swatch() -> None:
    assert swatch(2).startswith("<svg")


def test_every_territory_has_a_tap_target_under_the_land() -> None:
    """Issue 16: every territory's tap target is at least 24 px (Iceland was 19x9 px):
    a disc per territory, drawn under the land so that a neighbour's land still wins."""
    import json
    from pathlib import Path

    from ui.shell.render import HIT_RADIUS, render_map

    geometry = json.loads(
        (Path(__file__).resolve().parents[1] / "maps" / "classic_geometry.json").read_text()
    )
    svg = render_map(None, geometry)
    assert svg.count("data-hit=") == len(geometry["territories"])
    assert svg.index('class="hit-areas"') < svg.index('class="territories"')
    board_width = geometry["viewBox"][2]
    assert 2 * HIT_RADIUS * 920 / board_width >= 24
