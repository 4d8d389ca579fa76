"""index.html carries the pre-rendered map and seat rows; they must match the code that
makes them (run `make prerender` after changing the map, the palette or the renderer)."""

from __future__ import annotations

from pathlib import Path

from ui.pages import PAGES
from ui.shell.dom import save_key
from ui.shell.prerender import (
    board_svg,
    faction_rows,
    fill,
    kept_board_script,
    resume_script,
    rules_options,
    seat_rows,
)
from ui.shell.tips import form_tips_script

INDEX = Path(__file__).resolve().parent.parent / "index.html"


def test_index_html_prerendered_parts_are_current() -> None:
    html = INDEX.read_text(encoding="utf-8")
    expected = fill(fill(html, "board", board_svg()), "seats", seat_rows())
    expected = fill(fill(expected, "rules", rules_options()), "resume", resume_script())
    expected = fill(expected, "factions", faction_rows())
    expected = fill(expected, "kept-board", kept_board_script())
    expected = fill(expected, "tips", form_tips_script())
    assert html == expected, "index.html is stale: run `make prerender`"


def test_the_form_offers_every_registered_ruleset_page() -> None:
    """The Rules select lists the page registry (ui/pages.py), first one selected."""
    html = INDEX.read_text(encoding="utf-8")
    for i, entry in enumerate(PAGES):
        selected = " selected" if i == 0 else ""
        assert f'<option value="{entry.ruleset}"{selected}>' in html
        assert f'"{save_key(entry.ruleset)}"' in resume_script()


def test_prerendered_board_has_every_territory() -> None:
    html = INDEX.read_text(encoding="utf-8")
    assert html.count('data-territory="') >= 42
