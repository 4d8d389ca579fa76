"""Risk, Paper, Scissors' part of the new-game form (ui/risk_paper_scissors/form.py), its
place in index.html and the shell's registry, and its "How to play"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.ai import levels
from engine.rulesets.risk_paper_scissors.orders import Phase
from ui.pages import PAGES
from ui.risk_paper_scissors.form import CONTROLS, read_rps_form, seat_rows_html
from ui.shell.help import load_rules
from ui.shell.palette import PALETTE

INDEX = Path(__file__).resolve().parents[1] / "index.html"


def reader(fields: dict[str, str], ticked: set[str]):  # type: ignore[no-untyped-def]
    return (lambda name: fields.get(name, "")), (lambda name: name in ticked)


def defaults() -> dict[str, str]:
    """What the form holds before anyone changes it (index.html's own values)."""
    html = INDEX.read_text(encoding="utf-8")
    fields = dict(re.findall(r'name="(rps\d-name)" value="([^"]*)"', html))
    for name in re.findall(r'<select name="(rps\d-control)"', html):
        block = html.split(f'<select name="{name}"', 1)[1].split("</select>", 1)[0]
        fields[name] = re.search(r'value="(\w+)" selected', block).group(1)  # type: ignore[union-attr]
    return fields


def test_one_click_gives_a_newcomer_a_game_against_two_computers() -> None:
    players, options, seed, where = read_rps_form(*reader(defaults(), {"rps0-on", "rps1-on"}))
    assert [p.control for p in players] == ["human", "expert", "expert"]  # the strongest
    assert options == {} and seed == "" and where == "local"


def test_three_to_five_players_each_human_or_a_level_the_ruleset_offers() -> None:
    fields = {**defaults(), "rps3-control": "easy", "rps4-control": "human", "rps-years": "3"}
    players, options, _, _ = read_rps_form(*reader(fields, {"rps3-on", "rps4-on"}))
    assert len(players) == 5 and players[3].control == "easy" and options == {"years": 3}
    assert {value for value, _ in CONTROLS} - {"human"} == set(levels("risk_paper_scissors"))
    assert [p.color for p in players] == list(PALETTE[:5])


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"rps-years": "11"}, "Years must be"),
        ({"rps1-name": "Ada"}, "name of their own"),
        ({"rps-where": "email"}, "two human players"),
    ],
)
def test_bad_choices_are_named(change: dict[str, str], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        read_rps_form(*reader({**defaults(), **change}, set()))


def test_index_html_holds_the_current_seat_rows_and_the_rules_choice() -> None:
    html = INDEX.read_text(encoding="utf-8")
    assert seat_rows_html(PALETTE) in html
    assert 'id="risk_paper_scissors"' in html
    entry = next(e for e in PAGES if e.ruleset == "risk_paper_scissors")
    assert f'<option value="risk_paper_scissors">{entry.choice}</option>' in html


def test_every_phase_has_a_guide_in_the_rules_doc() -> None:
    """Issue 16's "How to play": a part of docs/rules-risk-paper-scissors.md per phase."""
    rules = load_rules("risk_paper_scissors")
    for phase in Phase:
        assert rules.guide(phase.value), f"no guide for {phase}"
    assert "Bid" in rules.guide("bid") and "Purchase" in rules.guide("purchase")
