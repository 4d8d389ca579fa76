"""The Great War's warnings before a probable mistake (issue 29: "leaving ... a province
you just took (the Great War) with 1 unit beside a stronger enemy"; issue 27: "Sealing
with unspent allowance asks first ("19.5 pp will be lost: seal anyway?")")."""

from __future__ import annotations

from engine.rulesets.greatwar1907.records import pair, seat_numbers
from tests.test_ui_greatwar_controls import _game, _write_as
from ui.greatwar1907.cautions import conquest_exposed, unspent_lost
from ui.greatwar1907.drafts import Draft
from ui.greatwar1907.entry import add_move
from ui.greatwar1907.session import GreatWarSession


def taken_province(divisions: int, enemy: int) -> tuple[GreatWarSession, str, str, str]:
    """Germany writing, at war with Russia; a Russian province next to Germany was taken
    by Germany (conquered) and holds ``divisions`` German divisions; a Russian neighbour
    of it holds ``enemy`` Russian divisions.  Returns the session, the taken province, a
    German province next to it and the Russian neighbour."""
    s = _game("germany")
    _write_as(s, "germany")
    state = s.state
    state.relations[pair("germany", "russia")] = "war"
    for home in state.provinces_of("germany"):
        for taken in state.map.neighbours(home):
            if state.owner_of(taken) != "russia":
                continue
            russian = [n for n in state.map.neighbours(taken) if state.owner_of(n) == "russia"]
            if russian:
                state.owner[taken] = seat_numbers()["germany"]
                state.conquered.add(taken)
                state.units[taken], state.armies[taken] = {"germany": divisions}, divisions
                state.units[russian[0]], state.armies[russian[0]] = {"russia": enemy}, enemy
                for other in russian[1:]:
                    state.units.pop(other, None)
                    state.armies[other] = 0
                return s, taken, home, russian[0]
    raise AssertionError("no Russian province next to Germany")


def test_moving_out_of_a_taken_province_beside_a_stronger_enemy_warns() -> None:
    """R62 keeps 1 division in a conquered province; moving "all" out of it leaves that
    one beside Russia's 3."""
    s, taken, home, russian = taken_province(2, 3)
    draft = Draft()
    add_move(s.state, s._seat(), draft, taken, home, None)
    assert conquest_exposed(s.state, "germany", draft, taken) == (
        f"This leaves {s.name(taken)}, which you took, with 1 division beside 3 enemy "
        f"divisions in {s.name(russian)} (Russian Empire): it could be taken back."
    )


def test_no_warning_when_two_stay_the_enemy_is_weak_at_peace_or_the_province_was_yours() -> None:
    """Two divisions left, an enemy of 1, a neighbour at peace, or a province of the
    nation's own (not conquered): no warning."""
    s, taken, home, _ = taken_province(3, 3)
    draft = Draft()
    add_move(s.state, s._seat(), draft, taken, home, 1)
    assert conquest_exposed(s.state, "germany", draft, taken) is None
    for change in ("weak", "peace", "own"):
        s, taken, home, russian = taken_province(2, 3)
        if change == "weak":
            s.state.units[russian], s.state.armies[russian] = {"russia": 1}, 1
        elif change == "peace":
            s.state.relations[pair("germany", "russia")] = "peace"
        else:
            s.state.conquered.discard(taken)
        draft = Draft()
        add_move(s.state, s._seat(), draft, taken, home, None)
        assert conquest_exposed(s.state, "germany", draft, taken) is None, change


def test_the_tap_asks_first_and_writes_only_on_go_on() -> None:
    """The page asks :meth:`click_caution` before the tap writes: "Go back" leaves the
    orders as they were (the tap is not made); "Go on anyway" is the tap itself."""
    s, taken, home, _ = taken_province(2, 3)
    s.set_mode("move")
    s.count = ""
    s.click(taken)
    assert s.click_caution(home) is not None
    assert s.draft.to_json() == {}  # "Go back": nothing written
    s.click(home)  # "Go on anyway"
    assert [m["from"] for m in s.draft.parts["moves"]] == [taken]
    assert s.click_caution(taken) is None  # a tap that writes no move or attack


def test_unspent_allowance_is_asked_only_when_something_is_lost() -> None:
    """R21: unspent allowance is lost at the end of the Deployment phase."""
    assert unspent_lost(78) == (
        "19.5 pp will be lost: seal anyway? Allowance left unspent at the end of this "
        "phase is gone for good."
    )
    assert unspent_lost(0) is None
