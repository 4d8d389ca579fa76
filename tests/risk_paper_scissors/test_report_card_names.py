"""The report names a played card as players do (issue 18: the log showed "played
land.assemble")."""

from __future__ import annotations

from engine.core import PlayerSpec, find_ruleset
from engine.rulesets.risk_paper_scissors.report import event_line


def test_a_played_card_is_named_by_its_deck_and_name() -> None:
    """Spec 14: a played card is public; the line reads 'Ada played Land Assemble', and a
    Death Trap that fires is named the same way."""
    ruleset = find_ruleset("risk_paper_scissors")
    state = ruleset.new_game([PlayerSpec(n, "easy") for n in ("Ada", "Bo", "Cy")], {}, "names")
    territory = next(iter(state.board.names))
    played = {"type": "card-played", "seat": 0, "card": "land.assemble"}
    fired = {"type": "card-fired", "seat": 1, "card": "land.death_trap", "territory": territory}
    assert event_line(state, played) == "Ada played Land Assemble"
    where = state.board.names[territory]
    assert event_line(state, fired) == f"Bo's Land Death Trap fired on {where}"
