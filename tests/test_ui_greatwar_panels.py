"""The Great War 1907 side panel as HTML (pure): what the player sees while writing
orders, during the replay and in the report, and the forum card."""

from __future__ import annotations

import json

from engine.core import PlayerSpec
from engine.keys import PlayerKey
from ui.greatwar1907 import panels
from ui.greatwar1907.session import GreatWarSession


def _writing(seed: str = "panels") -> GreatWarSession:
    specs = [PlayerSpec("Ada", "human")] + [PlayerSpec(f"C{i}", "easy") for i in range(7)]
    session = GreatWarSession.new(specs, {}, seed)
    session.acknowledge_handover()
    return session


def test_the_hand_over_screen_names_the_nation_and_hides_the_orders() -> None:
    specs = [PlayerSpec("Ada", "human"), PlayerSpec("Boris", "human")]
    specs += [PlayerSpec(f"C{i}", "easy") for i in range(6)]
    session = GreatWarSession.new(specs, {}, "handover")
    html = panels.handover_html(session)
    assert "Pass the device to Ada (Russian Empire)" in html
    assert 'data-action="gw-handover"' in html
    assert panels.entry_html(session) == ""  # nothing of the orders before the hand-over


def test_the_allowance_is_shown_and_goes_down_as_you_build() -> None:
    """R18: "each network's allowance shown and updated as you spend"."""
    s = _writing()
    assert "<b>25.5 pp</b> left of 25.5 pp" in panels.entry_html(s)
    s.count = "3"
    s.click("mos")
    html = panels.entry_html(s)
    assert "<b>22.5 pp</b> left of 25.5 pp" in html
    assert "Build 3 div in Moscow (3 pp)" in html
    assert 'data-testid="gw-remove-builds-0"' in html


def test_diplomacy_buttons_show_each_change_and_its_cost() -> None:
    """R79-R81: one-sided changes cost pp, shown before you commit; two-sided ones are
    free and need the other nation's order."""
    s = _writing()
    s.set_mode("diplomacy")
    html = panels.entry_html(s)
    assert 'data-testid="gw-dip-france-war"' in html and "War (3 pp)" in html
    assert "Peace (3 pp)" in html  # Germany: alliance to peace
    assert "War (6 pp)" in html  # Germany: alliance to war
    assert "Alliance (free, both must order it)" in html
    assert 'data-testid="gw-relations"' in html


def test_an_attack_shows_its_exact_odds_before_sealing() -> None:
    s = _writing()
    s.seal()
    s.skip_replay()
    s.next_phase()
    s.acknowledge_handover()
    s.set_mode("attack")
    origin = next(p for p in s.highlight())
    s.click(origin)
    target = s.targets()[0]
    s.click(target)
    html = panels.entry_html(s)
    assert f'data-testid="gw-odds-{target}"' in html
    assert " v 3 dice" in html or " v 4 dice" in html or " v 2 dice" in html


def test_the_replay_uses_the_shells_controls_and_the_report_exports() -> None:
    s = _writing("replay")
    s.click("mos")
    s.seal()
    html = panels.replay_html(s)
    assert 'data-testid="gw-replay-title">Before' in html
    assert 'data-action="gw-replay-forward"' in html  # ui/shell/replay.py, our prefix
    s.replay_control("last")
    assert s.frame is not None and s.frame.title == "After"
    s.skip_replay()
    report = panels.report_html(s)
    for test_id in ("gw-copy-bbcode", "gw-copy-markdown", "gw-download-svg", "gw-next-phase"):
        assert f'data-testid="{test_id}"' in report
    assert "[b]" in panels.export_text(s, "bbcode")
    assert "greatwar1907-turn-1-deployment.svg" in report


def test_the_forum_card_speaks_of_nations_and_lists_no_idle_seat() -> None:
    key = PlayerKey.generate()
    specs = [PlayerSpec("Ada", "human"), PlayerSpec("Bo", "human")] + [
        PlayerSpec(f"X{i}", "idle") for i in range(6)
    ]
    s = GreatWarSession.new_forum(specs, {}, "card", key, 0)
    html = panels.forum_html(s)
    assert "These nations are kept for their players" in html
    assert 'data-testid="gw-invite-link-1"' in html
    assert 'data-testid="gw-invite-link-2"' not in html  # France stands idle
    assert "Not yet claimed: Bo —" in html


def test_the_bench_autosave_is_a_game_waiting_for_its_human() -> None:
    from bench.greatwar_page import autosave

    session = GreatWarSession.from_json(json.loads(autosave()))
    # one human: no hand-over screen, the page opens on the orders
    assert (session.stage, session.viewer) == ("entry", 0) and session.missing_humans() == [0]


def test_the_review_list_says_what_a_diplomacy_change_costs() -> None:
    s = _writing()
    s.diplomacy("france", "war")
    s.diplomacy("spain", "alliance")
    html = panels.review_html(s)
    assert "War with French Third Republic (3 pp)" in html
    assert "Alliance with Spain (if they order it too)" in html
    assert 'data-testid="gw-change-diplomacy-0"' in html


def test_an_offense_quotes_the_order_as_the_review_list_wrote_it() -> None:
    """Spec §6: an offense names "the order as written". The page's review list and
    its "orders not carried out" list show the same sentence, in the map's names: a
    move of every division out of a conquered Zagreb (R62) is cut to keep a garrison."""
    s = _writing("quote")
    s.state.conquered.add("zag")
    standing = s.state.divisions("zag", "russia")
    s.set_mode("move")
    s.click("zag")
    s.toggle_leader("brusilov")
    s.count = str(standing)
    s.click("bud")
    written = f"Move {standing} Zagreb → Budapest with Aleksei Brusilov"
    assert f"<span>{written}</span>" in panels.review_html(s)
    s.seal()
    s.skip_replay()
    s.next_phase()
    s.acknowledge_handover()
    html = panels.offenses_html(s)
    assert f"Your order “{written}” was cut: cut to {standing - 1} to keep a garrison" in html
    assert "zag" not in html and "brusilov" not in html
