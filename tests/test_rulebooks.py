"""The players' rulebooks (issue 29, "Rulebooks for players"): one per ruleset, written for
players, with a part for every phase the engine has and worked examples drawn by the game's
own renderers (ui/rulebooks/, shown by ui/shell/help.py)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from engine.rulesets.capital.state import Phase as CapitalPhase
from engine.rulesets.classic.state import Phase as ClassicPhase
from engine.rulesets.greatwar1907.state import Phase as GreatWarPhase
from engine.rulesets.risk_paper_scissors.state import Phase as RpsPhase
from tests.rulebook_scan import findings
from tests.tool_loader import load_tool
from ui.pages import PAGES
from ui.shell.help import (
    FIGURE,
    FIGURES,
    figure_html,
    help_html,
    load_rules,
    markdown_html,
    phase_title,
    rulebook_path,
)

RULESETS: dict[str, Any] = {
    "classic": ClassicPhase,
    "capital": CapitalPhase,
    "greatwar1907": GreatWarPhase,
    "risk_paper_scissors": RpsPhase,
}
REQUIRED_SECTIONS = (
    "What you are trying to do",
    "Setting up",
    "A turn, step by step",
    "Every order",
    "Units and cards",
    "Scoring and victory",
    "Worked example",
)


def shown_text(html: str) -> str:
    """The words a player reads: tags (and the drawings' markup) taken out."""
    html = re.sub(r"<svg\b.*?</svg>", " ", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))


def test_every_page_of_the_shell_has_a_rulebook() -> None:
    assert {entry.ruleset for entry in PAGES} == set(RULESETS)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_rulebook_has_the_sections_a_player_needs(ruleset: str) -> None:
    """Issue 29: "What you are trying to do, a turn step by step, every order, every card and unit,
    scoring and victory, with worked examples", in that order."""
    text = rulebook_path(ruleset).read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, flags=re.M)
    assert headings == list(REQUIRED_SECTIONS), headings
    assert text.startswith("# ") and "rulebook" in text.splitlines()[0]


@pytest.mark.parametrize(("ruleset", "phases"), RULESETS.items())
def test_every_phase_the_engine_has_gets_a_part(ruleset: str, phases: Any) -> None:
    """Issue 29: "How to play" shows the part for the phase being played."""
    rules = load_rules(ruleset)
    for phase in phases:
        part = rules.guide(phase.value)
        assert part.strip(), f"the {ruleset} rulebook has no part for {phase.value}"
        html = help_html(ruleset, phase.value, full=False)
        assert f"How to play: {phase_title(phase.value)}" in html
        assert 'data-action="help-full"' in html and "The whole rulebook" in html


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_path_module_option_key_or_rule_id_in_a_rulebook(ruleset: str) -> None:
    """Issue 29: "No file paths, module or option names, rule ids or notes about sources": the
    source, the whole rulebook as shown, and every phase's part as shown."""
    source = rulebook_path(ruleset).read_text(encoding="utf-8")
    prose = re.sub(r"<!--.*?-->|\[\[figure [a-z0-9-]+\]\]", "", source)
    assert findings(prose) == []
    assert findings(shown_text(help_html(ruleset, None, full=True))) == []
    for phase in RULESETS[ruleset]:
        assert findings(shown_text(help_html(ruleset, phase.value, full=False))) == []
    for word in ("seed", "specification", "ruling", "manual", "transcription", "adjudicat"):
        assert not re.search(rf"\b{word}", prose, flags=re.I), f"a note about sources: {word!r}"


def test_the_scan_catches_what_it_looks_for() -> None:
    """The scan itself is not a test that cannot fail."""
    for bad in (
        "see docs/rules-classic.md",
        "engine.rulesets",
        "the army_limit option",
        "rule R17",
        "step D1",
        "§3",
        "`code`",
    ):
        assert findings(bad), bad
    assert findings("Rolls 3E/2J/1W against the move-in of 12 armies (30 %).") == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_rulebook_has_a_worked_example_drawn_by_the_renderer(ruleset: str) -> None:
    text = rulebook_path(ruleset).read_text(encoding="utf-8")
    names = [m["name"] for line in text.splitlines() if (m := FIGURE.match(line.strip()))]
    assert names, "no worked example"
    for name in names:
        assert (FIGURES / f"{name}.html").is_file(), name
        html = figure_html(name)
        assert "<svg" in html and 'class="rulebook-map"' in html and "<figcaption>" in html
        # a picture only: none of the board's hooks that the page's scripts and tests use
        assert "data-territory" not in html and "tabindex" not in html
    full = help_html(ruleset, None, full=True)
    assert 'class="rulebook-figure"' in full


def test_the_figures_are_what_the_renderers_draw_today() -> None:
    """The worked examples stay true to the game: drawn again, each is the same file
    (run ``python tools/rulebook_figures.py`` after changing a renderer or a rule)."""
    tool = load_tool("rulebook_figures")
    for name, draw in tool.FIGURES_BY_NAME.items():
        assert (FIGURES / f"{name}.html").read_text(encoding="utf-8") == draw(), name


def test_the_classic_example_is_the_engines_roll() -> None:
    """The example's words come from the roll the engine played: 6 beats 5, and the tie
    3 against 3 goes to the defender."""
    caption = shown_text(figure_html("classic-attack"))
    assert "6 beats 5: Boris loses 1" in caption
    assert "a tie goes to the defender, Ada loses 1" in caption
    assert "Left: Ontario 5, Quebec 1" in caption


def test_the_rps_example_is_the_checked_battle() -> None:
    """3E/2J/1W against 1E/1J/2W leaves 1E/1J against nothing: a conquest."""
    text = shown_text(figure_html("rps-attack"))
    assert "Conquest" in text and "held by 1E 1J" in text


def test_a_rulebook_without_a_phase_opens_whole_with_no_way_back() -> None:
    """Before a game (from the new-game form) the whole rulebook shows, titled, and no
    "back to the phase" button, since there is no phase."""
    html = help_html("capital", None, full=True)
    assert "Capital Risk: the rulebook" in html and 'data-view="rulebook"' in html
    assert "help-guide" not in html and "help-full" not in html
    back = help_html("capital", "orders", full=True)
    assert 'data-action="help-guide"' in back and "Back to Orders" in back


def test_a_missing_figure_reads_as_a_sentence() -> None:
    html = markdown_html("[[figure no-such-example]]")
    assert "could not be drawn" in html


def test_the_page_build_ships_the_rulebooks_and_their_figures() -> None:
    root = Path(__file__).resolve().parents[1]
    vendor = load_tool("vendor")
    shipped = {p.relative_to(root).as_posix() for p in vendor.app_files(root)}
    for ruleset in RULESETS:
        assert rulebook_path(ruleset).relative_to(root).as_posix() in shipped
    for figure in FIGURES.glob("*.html"):
        assert figure.relative_to(root).as_posix() in shipped
    assert not any(name.startswith("docs/") for name in shipped)


@pytest.mark.parametrize(("ruleset", "phases"), RULESETS.items())
def test_a_phase_part_points_at_other_parts_by_their_names(ruleset: str, phases: Any) -> None:
    """Issue 29: "How to play" shows only the part for the phase being played, so a part
    never sends the player to text "above" or "below" (which the part may not show); it
    names the section (see "Every order"), and that section exists."""
    rules = load_rules(ruleset)
    headings = set(re.findall(r"^## (.+)$", rules.text, flags=re.M))
    for phase in phases:
        part = rules.guide(phase.value)
        assert not re.search(r"\bsee\b[^.]*\b(?:above|below)\b", part, flags=re.I), phase
        for named in re.findall(r'\bsee "([^"]+)"', part, flags=re.I):
            assert named in headings, (phase, named)
