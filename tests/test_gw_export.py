"""The Great War 1907 report's exports (ui/greatwar1907/export.py): BBCode and Markdown
in the seed's moderator style with every player-typed string made inert, the map as a
standalone SVG image, and HTML for the page; and the shared pieces in ui/shell/export.py."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from urllib.parse import unquote

from engine.core import PlayerSpec
from engine.rulesets.greatwar1907.report import SECTIONS
from engine.rulesets.greatwar1907.setup import new_game
from engine.rulesets.greatwar1907.state import GreatWarState
from engine.rulesets.greatwar1907.turn import resolve_phase
from tests.greatwar1907.helpers import NATIONS, order
from ui.greatwar1907.export import (
    bbcode,
    data_url,
    image_line,
    map_file_name,
    map_svg,
    markdown,
    report_html,
)
from ui.shell.export import escape_markup, markdown_html

EVIL = "[b]Ann*_[/b] <i>"


def resolved(deadline: str = "Friday [u]18:00[/u]") -> GreatWarState:
    """Turn 1's Deployment resolved, Russia's player named with markup, one build."""
    names = [EVIL if n == "russia" else n.title() for n in NATIONS]
    state = new_game(
        [PlayerSpec(name, "human") for name in names], {"deadline": deadline}, "export"
    )
    order(state, "uk", builds=[{"province": "ire", "divisions": 5}])
    resolve_phase(state, force=True)
    return state


def test_bbcode_is_the_moderator_report_with_names_made_inert() -> None:
    """A player's name cannot open a tag in the post: its brackets become full-width
    brackets; the report's own tags stay."""
    state = resolved()
    post = bbcode(state)
    assert post.startswith("[size=150][b]The Great War 1907 – Turn 1 (1907), Deployment")
    for _, heading in SECTIONS:
        if heading in ("Nations", "Builds and placements", "Map", "Deadline"):
            assert f"[b]{heading}[/b]" in post
    assert "\uff3bb\uff3dAnn*_\uff3b/b\uff3d <i>" in post
    assert "[b]Ann" not in post and "[u]18:00" not in post
    assert "United Kingdom of Great Britain and Ireland: 5 div, 0 ships in Ireland" in post


def test_markdown_escapes_names_and_keeps_its_headings() -> None:
    state = resolved()
    text = markdown(state)
    assert text.startswith("# The Great War 1907")
    assert "## Nations" in text and "## Builds and placements" in text
    assert r"\[b\]Ann\*\_\[/b\] \<i\>" in text
    assert "Ann*_" not in text
    assert "- United Kingdom of Great Britain and Ireland: 5 div" in text


def test_the_map_goes_into_the_post_as_an_image() -> None:
    """Issue 17: "exportable as BBCode and Markdown with the map as an SVG image"; an
    address cannot close the tag early."""
    state = resolved()
    url = "https://forum.example/up/turn 1 [x].svg"
    post = bbcode(state, url).splitlines()
    assert post[1] == "[img]https://forum.example/up/turn%201%20%5Bx%5D.svg[/img]"
    md = markdown(state, url).splitlines()
    assert md[1].startswith("![Map: The Great War 1907") and md[1].endswith("%5Bx%5D.svg)")
    assert image_line("a)b", "t", "markdown") == "![t](a%29b)"
    assert bbcode(state).splitlines()[1] == ""


def test_report_html_escapes_everything_and_keeps_a_nation_in_one_paragraph() -> None:
    state = resolved()
    html = report_html(state)
    assert "<h4>Nations</h4>" in html and 'data-section="builds-and-placements"' in html
    assert "[b]Ann*_[/b] &lt;i&gt;" in html and "<i>" not in html
    assert "Friday [u]18:00[/u]" in html
    nations = html.split('data-section="nations"')[1].split("</section>")[0]
    assert nations.count("<p>") == len(NATIONS)
    assert nations.count("<br>Alliances:") == len(NATIONS)


def test_no_report_before_the_first_resolution() -> None:
    state = new_game([PlayerSpec(n, "human") for n in NATIONS], {}, "x")
    assert bbcode(state) == markdown(state) == report_html(state) == ""
    assert map_file_name(state) == "greatwar1907-turn-1-deployment.svg"


def test_map_svg_is_a_standalone_image_naming_nations_and_players() -> None:
    state = resolved()
    svg = map_svg(state)
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("width") == "1000"
    assert float(root.get("height", 0)) > 838  # the legend strip under the board
    ids = [e.get("data-id") for e in root.iter() if e.get("data-id")]
    assert len(ids) == 89 + 19
    title = root.find("{http://www.w3.org/2000/svg}title")
    assert title is not None and (title.text or "").startswith("The Great War 1907 – Turn 1")
    legend = [t.text for t in root if t.tag.endswith("text")]
    assert f"Russian Empire ({EVIL})" in legend and len(legend) == len(NATIONS)
    assert "&lt;i&gt;" in svg  # the name is text, not markup
    url = data_url(svg)
    assert url.startswith("data:image/svg+xml;charset=utf-8,%3Csvg")
    assert unquote(url.split(",", 1)[1]) == svg
    assert map_file_name(state) == "greatwar1907-turn-1-deployment.svg"


def test_escape_markup_per_format() -> None:
    assert escape_markup("[b]x[/b]", "bbcode") == "\uff3bb\uff3dx\uff3b/b\uff3d"
    assert escape_markup("*a_b*", "markdown") == r"\*a\_b\*"
    assert escape_markup("[b]", "text") == "[b]"


def test_markdown_html_undoes_escapes_before_html_escaping() -> None:
    html = markdown_html("# T\n\n## A b\n- \\*x\\* **bold** <y>\nline  \nnext")
    assert html == (
        '<h3 class="report-title">T</h3><section class="rsec" data-section="a-b">'
        "<h4>A b</h4><ul><li>*x* <b>bold</b> &lt;y&gt;</li></ul><p>line<br>next</p></section>"
    )
