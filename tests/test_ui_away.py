"""'While you were away' (ui/shell/away.py): a human seat coming back after others
played hears what changed for it."""

from __future__ import annotations

from typing import Any

from engine.core import PlayerSpec, find_ruleset
from engine.history import away_summary
from ui.shell.away import Away, AwayNotes, away_html, storage_key
from ui.shell.render import territory_names


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
    html = away_html(ruleset, back, summary)
    place = territory_names(back.map_id).get(taken, taken)
    assert "While you were away, Ada" in html and f"You lost {place} to Boris." in html
    assert away.see(ruleset, back) is None  # told once


def _game() -> tuple[Any, Any]:
    ruleset = find_ruleset("classic")
    players = [PlayerSpec("Ada", "human"), PlayerSpec("Boris", "easy")]
    return ruleset, ruleset.new_game(players, {"game_type": "uk_full", "special_setup": True}, "a")


def test_a_summary_not_yet_dismissed_survives_a_reload() -> None:
    """Issue 16: "while you were away" summaries survive a reload: the positions each
    seat left and the summary not yet dismissed are kept beside the autosave."""
    ruleset, start = _game()
    store: dict[str, str] = {}
    notes = AwayNotes(store.get, store.__setitem__)
    mine = start.clone()
    mine.current = 0
    assert notes.see(ruleset, mine) is None
    theirs = mine.clone()
    theirs.current = 1
    assert notes.see(ruleset, theirs) is None
    back = theirs.clone()
    taken = sorted(back.territories_of(0))[0]
    back.owner[taken] = 1
    back.current = 0
    assert notes.see(ruleset, back) is not None
    reloaded = AwayNotes(store.get, store.__setitem__)  # the page is loaded again
    summary = reloaded.see(ruleset, back)
    assert summary is not None and summary.lost == (taken,)
    reloaded.dismiss(ruleset)
    assert AwayNotes(store.get, store.__setitem__).see(ruleset, back) is None
    assert storage_key("classic") in store and storage_key("capital") not in store


def test_a_seat_left_before_a_reload_still_hears_what_happened() -> None:
    """The position Ada left is stored: computer turns after a reload still count."""
    ruleset, start = _game()
    store: dict[str, str] = {}
    mine = start.clone()
    mine.current = 0
    notes = AwayNotes(store.get, store.__setitem__)
    notes.see(ruleset, mine)
    theirs = mine.clone()
    theirs.current = 1
    notes.see(ruleset, theirs)
    back = theirs.clone()
    taken = sorted(back.territories_of(0))[:2]
    for t in taken:
        back.owner[t] = 1
    back.current = 0
    summary = AwayNotes(store.get, store.__setitem__).see(ruleset, back)
    assert summary is not None and summary.lost == tuple(taken)


def test_another_game_or_a_new_one_tells_nothing_of_the_old() -> None:
    ruleset, start = _game()
    store: dict[str, str] = {}
    notes = AwayNotes(store.get, store.__setitem__)
    mine = start.clone()
    mine.current = 0
    notes.see(ruleset, mine)
    theirs = mine.clone()
    theirs.current = 1
    notes.see(ruleset, theirs)
    notes.restart(ruleset)
    back = theirs.clone()
    back.owner[sorted(back.territories_of(0))[0]] = 1
    back.current = 0
    assert notes.see(ruleset, back) is None
    store[storage_key("classic")] = "{not json"
    assert AwayNotes(store.get, store.__setitem__).see(ruleset, back) is None


def test_the_great_war_and_rps_summaries_name_provinces_and_nations() -> None:
    """Any ruleset: owners by nation (The Great War) or by garrison (RPS) are read
    through the ruleset's board summary; the card names the places by their map names."""
    from tests.greatwar1907.helpers import RULESET, give, start
    from tests.risk_paper_scissors.helpers import BLUE, RED, RPS, position

    before = start()
    after = before.clone()
    ire = "ire"
    give(after, ire, "germany", 2)
    uk = before.seat_of("uk")
    summary = away_summary(RULESET, before, after, uk)
    assert summary.lost == (ire,)
    html = away_html(RULESET, after, summary)
    assert "While you were away, United Kingdom of Great Britain and Ireland" in html
    assert "You lost Ireland to German Empire." in html

    was = position({"alaska": "Red 2E"})
    now = position({"alaska": "Blue 1J"}, hands={RED: ["land.death_trap"]})
    told = away_summary(RPS, was, now, RED)
    assert told.lost == ("alaska",) and told.cards == 1
    card = away_html(RPS, now, told)
    assert "While you were away, Red" in card and "You lost Alaska to Blue." in card
    assert "You gained 1 card." in card
    assert away_summary(RPS, was, now, BLUE).won == ("alaska",)


def test_pass_and_play_tells_the_seat_that_left_by_name() -> None:
    """Issue 29: ""While you were away" in pass-and-play is per seat, shown to the seat
    that left": Ann seals, Bob seals and the turn resolves; the device comes back to Ann,
    and the card, headed with her name, says she lost Ontario to Bob. Once Ann has
    sealed again the card is over: Bob, who saw the turn resolve, is told nothing."""
    from engine.rulesets.capital import Resolve
    from tests.capital_helpers import RS, orders, position

    s = position(
        """
        seat 0 Ann human
        seat 1 Bob human
        quebec 1 5
        ontario 0 1
        alaska 0 2
        """,
        factions=3,
    )
    away = Away()
    assert away.see(RS, s) is None  # Ann writes
    s = RS.apply(s, orders(0, place=[("alaska", 1)])).state
    assert away.see(RS, s) is None  # the device goes to Bob
    s = RS.apply(s, orders(1, place=[("quebec", 1)], attacks=[("quebec", "ontario", 5)])).state
    s = RS.apply(s, Resolve(force=True), dice=[1, 9, 1, 9]).state  # two rounds, Bob wins both
    assert s.owner["ontario"] == 1
    told = away.see(RS, s)  # back to Ann
    assert told is not None and told.seat == 0
    html = away_html(RS, s, told)
    assert "While you were away, Ann" in html and "You lost Ontario to Bob." in html
    s = RS.apply(s, orders(0, place=[("alaska", 1)])).state
    assert away.see(RS, s) is None and away.pending is None
