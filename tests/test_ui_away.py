"""'While you were away' (ui/shell/away.py): a human seat coming back after others
played hears what changed for it."""

from __future__ import annotations

from engine.core import PlayerSpec, find_ruleset
from ui.shell.away import Away, away_html


def test_a_human_back_after_a_computer_turn_gets_a_summary() -> None:
    ruleset = find_ruleset("classic")
    players = [PlayerSpec("Ada", "human"), PlayerSpec("Boris", "easy")]
    start = ruleset.new_game(players, {"game_type": "uk_full", "special_setup": True}, "away")
    away = Away()
    mine = start.clone()
    mine.current = 0
    assert away.see(ruleset, mine) is None  # Ada acts: nothing to tell yet
    theirs = mine.clone()
    theirs.current = 1
    assert away.see(ruleset, theirs) is None  # Boris plays
    back = theirs.clone()
    taken = sorted(back.territories_of(0))[0]
    back.owner[taken] = 1
    back.current = 0
    summary = away.see(ruleset, back)
    assert summary is not None and summary.lost == (taken,)
    html = away_html(back, summary)
    assert "While you were away" in html and "Ada: lost" in html
    assert away.see(ruleset, back) is None  # told once
