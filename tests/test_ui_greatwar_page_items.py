"""Issue 27's remaining page items for The Great War 1907, without a browser: standings
ranked by victory points, "resolved" after a phase resolves, the replay and the game
record naming the phase they show, the count field, offers to nations that cannot
answer, attacks an ally may pre-empt, and earlier phases' reports kept for the log."""

from __future__ import annotations

import re

from engine.core import PlayerSpec, find_ruleset
from engine.history import league
from ui.greatwar1907 import panels
from ui.greatwar1907.session import GreatWarSession
from ui.shell.charts import league_html


def solo(seed: str = "items") -> GreatWarSession:
    specs = [PlayerSpec("Ada", "human")] + [PlayerSpec(f"C{i}", "easy") for i in range(7)]
    return GreatWarSession.new(specs, {}, seed)


def nation_rows(html: str) -> list[str]:
    return re.findall(r'data-testid="gw-nation-(\w+)" data-place="(\d+)"', html)


def test_the_standings_rank_the_nations_by_victory_points() -> None:
    """Issue 27: "The league and the status table show victory points and rank by them
    (VP decides the game)"; nations level on points share a place."""
    session = solo()
    state = session.state
    state.nations["italy"].vp = 9
    state.nations["spain"].vp = 4
    state.nations["uk"].vp = 4
    for nation in ("russia", "germany", "france", "austria_hungary", "ottoman"):
        state.nations[nation].vp = 1
    rows = nation_rows(panels.status_html(session))
    assert rows[:3] == [("italy", "1"), ("uk", "2"), ("spain", "2")]  # the map's order
    assert {place for _, place in rows[3:]} == {"4"}
    assert "Ranked by victory points" in panels.status_html(session)


def test_the_league_of_the_game_record_ranks_by_victory_points() -> None:
    """The game record's league shows each nation's VP and puts the most first, even
    ahead of a nation holding more land."""
    session = solo("league")
    state = session.state.clone()
    state.nations["spain"].vp = 30
    rows = league(find_ruleset("greatwar1907"), [session.state, state])
    assert rows[0].name == state.map.name_of("spain") and rows[0].vp == 30
    html = league_html(rows)
    assert ">Victory points</th>" in html and "<b>30</b>" in html  # a head with its tip


def test_a_resolved_phase_shows_resolved_not_writing() -> None:
    """After the phase resolves (replay and report) every acting nation's orders read
    "resolved"; in the next phase they are being written again."""
    session = solo("resolved")
    session.seal()
    assert session.stage in ("replay", "report")
    words = re.findall(r"<td>(writing|sealed|resolved|idle)</td>", panels.status_html(session))
    assert words and set(words) == {"resolved"}
    session.skip_replay()
    session.next_phase()
    words = re.findall(r"<td>(writing|sealed|resolved|idle)</td>", panels.status_html(session))
    assert "writing" in words and "resolved" not in words


def test_the_replay_names_the_phase_it_shows() -> None:
    """The replay's title says which phase resolved ("Deployment of turn 1 (1907)"),
    though the position has already moved on to the Attack."""
    session = solo("replay-label")
    session.seal()
    assert session.stage == "replay"
    html = panels.replay_html(session)
    turn = session.state.turn
    assert f"Deployment of turn {turn} ({1906 + turn})" in html
    assert 'data-testid="gw-replay-title">Before</span>' in html


def test_the_game_record_keeps_a_position_per_phase_named_by_the_phase() -> None:
    """The record's labels name the phase whose result the position shows."""
    ruleset = find_ruleset("greatwar1907")
    session = solo("record")
    start = session.state
    session.seal()
    after_deployment = session.state
    first, second = ruleset.record_point(start), ruleset.record_point(after_deployment)
    assert first[1] == f"Turn {start.turn} ({1906 + start.turn}), the start"
    assert second[1] == f"Turn {start.turn} ({1906 + start.turn}), after the Deployment"
    assert second[0] > first[0]


def test_a_blank_count_means_all_in_every_mode_and_the_field_says_so() -> None:
    """Issue 27: "The Count field means the same in every mode (blank = all ...; say
    which in the field)". A blank build count builds all the network can pay for
    (R18: 1 pp a division; Russia's network starts with 25.5 pp)."""
    session = solo("count")
    for mode in panels.COUNT_LABELS:
        session.mode = mode
        assert re.search(r'data-testid="gw-count-blank">blank = all', panels.counts_html(session))
    session.set_mode("build")
    assert "Build 25 div in Moscow" in session.click("mos")
    assert "0.5 pp unspent will be lost" in panels.networks_html(session)


def test_the_count_is_emptied_when_the_mode_changes_or_the_phase_ends() -> None:
    session = solo("count-clear")
    session.set_mode("build")
    session.count = "3"
    session.set_mode("move")
    assert session.count == ""
    session.count = "2"
    session.sub_counts["cargo"] = "1"
    session.seal()  # the deployment resolves: the next phase starts with empty counts
    assert (session.count, session.sub_counts) == ("", {})
    session.skip_replay()
    session.count = "4"  # typed while the report showed: not carried into the next phase
    session.next_phase()
    assert (session.stage, session.count) == ("entry", "")


def test_an_attack_an_ally_may_pre_empt_is_marked_as_it_is_written() -> None:
    """R57 (spec Example 5): Russia attacks Belgrade (Neutral) from Zagreb; its ally the
    Ottoman Empire stands beside Belgrade in Thessaloniki.  If the Ottoman force fights
    first and takes Belgrade, Russia's stands down -- the page says so as the attack is
    written, in the message and beside the attack's odds."""
    from tests.greatwar1907.helpers import give, set_relation, start

    state = start(2, "attack")
    give(state, "zag", "russia", 4)
    give(state, "ths", "ottoman", 5)
    give(state, "bel", "neutral", 2)
    assert state.relation("russia", "ottoman") == "alliance"
    session = GreatWarSession(state, stage="entry", viewer=0, mode="attack")
    session.click("zag")
    message = session.click("bel")
    assert "May be pre-empted: Ottoman Empire (ally, 5 div beside it)" in message
    review = panels.review_html(session)
    assert 'data-testid="gw-preempt-bel"' in review and "yours stands down" in review
    # at war with the Ottomans, a later Ottoman force would fight Russia: no stand-down
    set_relation(state, "russia", "ottoman", "war")
    assert 'data-testid="gw-preempt-bel"' not in panels.review_html(session)


def test_nobody_beside_the_target_means_no_mark() -> None:
    """An attack no friendly nation could also make carries no mark."""
    from tests.greatwar1907.helpers import give, start
    from ui.greatwar1907 import preempt

    state = start(2, "attack")
    for province in state.map.neighbours("bel"):
        give(state, province, "russia", 4 if province == "zag" else 0)
    assert preempt.rivals(state, "russia", "bel") == []
    assert preempt.note(state, "russia", "bel") == ""
    give(state, "bos", "ottoman", 3)  # the ally moves in beside it
    assert [r.nation for r in preempt.rivals(state, "russia", "bel")] == ["ottoman"]


def test_earlier_phases_reports_reopen_from_the_log() -> None:
    """Issue 27: "Earlier phases' reports reopen from the log": every phase resolved is
    listed, newest first; a tap shows that phase's full report, a second tap closes it;
    the list survives a reload."""
    session = solo("reports")
    session.seal()
    session.skip_replay()
    first = session.state.last_report
    assert first is not None
    session.next_phase()
    session.seal()
    session.skip_replay()
    assert [r["title"] for r in session.reports] == [
        first["title"],
        session.state.last_report["title"],
    ]
    html = panels.log_html(session)
    turn = first["turn"]
    assert html.index(f"Attack of turn {turn}") < html.index(f"Deployment of turn {turn}")
    assert "gw-past-report-body" not in html
    session.show_report(0)
    shown = panels.log_html(session)
    assert 'data-testid="gw-past-report-body"' in shown
    body = shown[shown.index("gw-past-report-body") :]
    assert first["title"] in body  # the Deployment's own report, not the last one
    again = GreatWarSession.from_json(session.to_json())
    assert again.reports == session.reports and again.shown_report == 0
    session.show_report(0)
    assert "gw-past-report-body" not in panels.log_html(session)
