"""Capital Risk in the page (issue 5): order entry, pass-and-play session, replay,
exports, autosave and the forum helpers -- all pure, in CPython."""

from __future__ import annotations

import hashlib
import json
import xml.etree.ElementTree as ET
from itertools import combinations
from typing import Any

import pytest

from engine.core import PlayerSpec, find_ruleset
from engine.errors import EngineError
from engine.keys import PlayerKey
from engine.maps import load_map
from engine.rulesets.capital import SubmitOrders, placement_limit
from maps import read_map_file
from ui.capital import entry, forum
from ui.capital.entry import Draft, EntryError
from ui.capital.export import bbcode, data_url, map_svg, markdown, report_html
from ui.capital.form import read_capital_form
from ui.capital.panels import (
    entry_html,
    forum_html,
    handover_html,
    report_panel_html,
    status_html,
)
from ui.capital.replay import replay_steps
from ui.capital.session import CapitalSession, parse_count
from ui.shell.palette import FACTION_STYLES, MACHADO, delta_e, seat_style, simulate

SECTIONS = (
    "Reinforcement",
    "Attacks",
    "Surge attacks",
    "Resolved",
    "Final",
    "Reinforcements",
    "Offenses",
)
GEOMETRY = read_map_file("classic_geometry.json")


def specs(*controls: str) -> list[PlayerSpec]:
    return [PlayerSpec(f"F{i + 1}", c) for i, c in enumerate(controls)]


def in_orders() -> CapitalSession:
    """Two humans and a computer, past setup, the first human at the screen."""
    session = CapitalSession.new(specs("human", "human", "baseline"), {"deadline": "Fri"}, "ui")
    for _ in range(2):
        session.acknowledge_handover()
        session.click(session.highlight()[0])
        session.seal()
    assert session.stage == "replay"
    session.skip_replay()
    session.next_turn()
    session.acknowledge_handover()
    assert session.stage == "entry" and session.viewer == 0
    return session


def click_on(s: CapitalSession, territory: str) -> str:
    """Click ``territory``; a warning it raises (the attack or move leaves the capital
    with 1 unit beside a stronger enemy) is answered "Go on anyway"."""
    message = s.click(territory)
    return s.answer_warning(True) if s.asking is not None else message


def resolved() -> CapitalSession:
    session = in_orders()
    session.set_mode("attack")
    origin = session.highlight()[0]
    session.click(origin)
    session.click(session.highlight()[0])
    session.seal()
    session.acknowledge_handover()
    session.seal()
    assert session.stage == "replay"
    return session


def test_placement_is_cut_to_the_limit_and_the_pool() -> None:
    s = in_orders()
    state, f = s.state, 0
    t = next(
        t for t in s.highlight() if placement_limit(state, f, t) < entry.left(state, f, s.draft)
    )
    cap = placement_limit(state, f, t)
    message = entry.add_placement(state, f, s.draft, t, cap + 5)
    assert f"cut from {cap + 5}" in message
    assert entry.placed(s.draft)[t] == cap
    with pytest.raises(EntryError, match="placement limit"):
        entry.add_placement(state, f, s.draft, t, 1)
    assert t not in s.highlight()  # a full territory is no longer a legal click
    enemy = next(x for x, o in state.owner.items() if o != f)
    with pytest.raises(EntryError, match="not yours"):
        entry.add_placement(state, f, s.draft, enemy, 1)
    total = entry.pool(state, f, s.draft)
    for x in s.highlight():
        if entry.left(state, f, s.draft) == 0:
            break
        entry.add_placement(state, f, s.draft, x, None)
    assert sum(entry.placed(s.draft).values()) <= total


def test_setup_has_no_limit_and_needs_a_capital() -> None:
    s = CapitalSession.new(specs("human", "human"), {}, "setup")
    s.acknowledge_handover()
    assert s.mode == "capital"
    with pytest.raises(EntryError, match="capital"):
        s.order()
    own = s.highlight()
    s.click(own[0])
    s.set_mode("place")
    s.count = "15"
    assert "15 placed" in s.click(own[0])
    assert s.offenses() and "not placed" in s.offenses()[-1]


def test_attack_with_a_blank_count_means_maximum() -> None:
    s = in_orders()
    s.set_mode("attack")
    s.count = ""
    origin = s.highlight()[0]
    s.click(origin)
    target = s.highlight()[0]
    click_on(s, target)
    assert s.draft.attacks == [(origin, target, None)]
    order = s.order()
    assert isinstance(order, SubmitOrders) and order.attacks[0].units is None
    s.count = "500"
    other = s.highlight()
    assert target in other
    message = click_on(s, target)  # the same attack again, with a count: cut to what is there
    assert "cut from 500" in message and len(s.draft.attacks) == 1


def test_surge_needs_an_attacked_territory_and_tactical_move_has_one_origin() -> None:
    s = in_orders()
    s.set_mode("surge")
    assert s.highlight() == []
    s.set_mode("attack")
    origin = s.highlight()[0]
    s.click(origin)
    via = s.highlight()[0]
    click_on(s, via)
    s.set_mode("surge")
    assert s.highlight() == [via]
    s.click(via)
    onward = s.highlight()
    assert onward and via not in onward
    s.count = "2"
    s.click(onward[0])
    assert s.draft.surge == (via, onward[0], 2, None)  # no placement condition
    s.set_mode("move")
    s.count = ""
    start = next(t for t in s.highlight() if entry.move_targets(s.state, 0, t))
    s.click(start)
    dest = s.highlight()[0]
    click_on(s, dest)
    assert s.draft.tactical_origin == start and s.draft.moves == [(dest, None)]
    order = s.order()
    assert isinstance(order, SubmitOrders) and order.tactical is not None


def surge_started(s: CapitalSession) -> str:
    """Attack the first target of the first origin, then start a surge from it."""
    s.set_mode("attack")
    s.click(s.highlight()[0])
    via = s.highlight()[0]
    click_on(s, via)
    s.set_mode("surge")
    s.click(via)
    return via


def test_removing_orders_and_the_offenses_preview() -> None:
    s = in_orders()
    via = surge_started(s)
    s.click(s.highlight()[0])
    rows = entry.entries(s.state, 0, s.draft)
    assert [r.kind for r in rows] == ["attack", "surge"]
    s.remove("attack", 0)  # the surge depended on it
    assert s.draft.attacks == [] and s.draft.surge is None
    assert any("not placed" in o for o in s.offenses())
    s.set_mode("place")
    for t in s.highlight():
        if entry.left(s.state, 0, s.draft) > 0:
            entry.add_placement(s.state, 0, s.draft, t, None)
    assert s.offenses() == []
    # an order the engine would cut is previewed: a surge whose attack cannot be made
    s.draft.surge = (via, via, 3, None)
    assert any("surge" in o for o in s.offenses())


def test_session_hands_over_and_keeps_orders_secret() -> None:
    s = CapitalSession.new(specs("human", "human", "baseline"), {}, "secret")
    assert s.stage == "handover" and s.state.missing() == [0, 1]
    assert "Pass the device to F1" in handover_html(s)
    s.acknowledge_handover()
    s.click(s.highlight()[0])
    html = entry_html(s, set())
    assert "Seal setup" in html and "Capital:" in html
    s.seal()
    assert s.stage == "handover" and s.viewer is None
    assert "Pass the device to F2" in handover_html(s)
    s.acknowledge_handover()
    assert s.draft.empty  # F2 sees none of F1's entries
    assert "✓" in status_html(s)


def test_autosave_round_trip_mid_entry() -> None:
    s = in_orders()
    s.set_mode("attack")
    s.click(s.highlight()[0])
    s.count = "3"
    text = json.dumps(s.to_json())
    back = CapitalSession.from_json(json.loads(text))
    assert back.to_json() == s.to_json()
    assert back.selected == s.selected and back.draft == s.draft and back.count == "3"
    assert Draft.from_json(s.draft.to_json()) == s.draft


def test_replay_steps_follow_the_report() -> None:
    s = resolved()
    report = s.state.last_report
    assert report is not None
    steps = replay_steps(report)
    assert steps[0].title == "Reinforcement"
    assert [st.title for st in steps[-2:]] == ["Resolved", "Final"]
    battles = steps[1:-2]
    assert len(battles) == len(report["attacks"])
    for step, battle in zip(battles, report["attacks"], strict=True):
        assert step.focus == battle["target"]
        assert len(step.rounds) == len(battle["rounds"])
        assert step.arrows
    assert len(steps[-1].owner) == 42
    s.replay_next()
    assert s.stage == "replay" and s.replay_step == 1
    s.skip_replay()
    assert s.stage == "report"


def test_the_resolution_replay_pauses_and_steps_back() -> None:
    """Issue 16: Capital's resolution replay could not be paused or stepped back."""
    from ui.capital.panels import replay_html

    s = resolved()
    assert 'data-testid="cap-replay-back" aria-label="Previous step" disabled' in replay_html(s)
    s.replay_next()
    s.replay_next()
    s.replay_back()
    assert s.replay_step == 1
    s.replay_back()
    s.replay_back()
    assert s.replay_step == 0 and s.stage == "replay"
    s.toggle_replay_pause()
    assert s.replay_paused and "▶ Play" in replay_html(s)
    s.toggle_replay_pause()
    assert not s.replay_paused and "Pause" in replay_html(s)


def test_a_step_by_hand_pauses_the_resolution_replay_and_speed_changes() -> None:
    """Issue 16: "Next step" fought the timer (clicks went 1→5→7→8→9→11). A step by
    hand (first, back, next) pauses first, as the shell's replay does; speed goes
    through the shell's speeds."""
    from ui.capital.panels import replay_html

    s = resolved()
    assert not s.replay_paused
    s.replay_by_hand("next")
    assert s.replay_paused and s.replay_step == 1
    s.replay_by_hand("next")
    s.replay_by_hand("first")
    assert s.replay_step == 0 and s.replay_paused
    html = replay_html(s)
    assert 'data-testid="cap-replay-first"' in html and "1×" in html
    s.change_replay_speed(True)
    s.change_replay_speed(True)
    assert s.replay_speed == 4.0
    s.change_replay_speed(True)
    assert s.replay_speed == 4.0
    for _ in range(5):
        s.change_replay_speed(False)
    assert s.replay_speed == 0.5 and "0.5×" in replay_html(s)
    with pytest.raises(ValueError, match="unknown replay step"):
        s.replay_by_hand("sideways")


def test_exports_have_every_section_and_the_svg_is_valid() -> None:
    s = resolved()
    s.skip_replay()
    report = s.state.last_report
    assert report is not None
    bb, md, html = bbcode(report), markdown(report), report_html(report)
    for title in (*SECTIONS, "Comments", "Deadline"):
        assert f"[b][u]{title}[/u][/b]" in bb
        assert f"## {title}" in md
        assert f"<h4>{title}</h4>" in html
    svg = map_svg(s.state, GEOMETRY, "Turn 1")
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    paths = [e for e in root.iter() if e.get("data-territory")]
    assert len(paths) == 42
    assert data_url(svg).startswith("data:image/svg+xml;charset=utf-8,%3Csvg")
    panel = report_panel_html(s, data_url(svg))
    assert "cap-copy-bbcode" in panel and 'download="capital-turn-1.svg"' in panel


def test_parse_count() -> None:
    assert parse_count("") is None and parse_count(" 4 ") == 4
    with pytest.raises(EntryError):
        parse_count("lots")


def test_new_game_form_for_capital_risk() -> None:
    fields = {
        "cf0-name": "Ann",
        "cf0-kind": "human",
        "cf0-mate": "Al",
        "cf1-name": "",
        "cf1-kind": "baseline",
        "cf3-name": "Dee",
        "cf3-kind": "human",
        "cap-deadline": "Friday",
        "cap-where": "forum",
        "cap-seat": "3",
        "cap-seed": "s",
    }
    on = {"cf0-on", "cf1-on", "cf3-on"}
    players, options, seed, where, seat = read_capital_form(
        lambda n: fields.get(n, ""), lambda n: n in on
    )
    assert [p.name for p in players] == ["Ann", "Blue", "Dee"]
    assert options == {"deadline": "Friday", "teams": [["Ann", "Al"], ["Blue"], ["Dee"]]}
    assert (seed, where, seat) == ("s", "forum", 2)
    with pytest.raises(ValueError):
        read_capital_form(lambda n: "", lambda n: n == "cf0-on")
    fields["cap-struck-out"] = "neutral"  # RULINGS §2: the host's choice
    _, options, _, _, _ = read_capital_form(lambda n: fields.get(n, ""), lambda n: n in on)
    assert options["struck_out"] == "neutral"
    session = CapitalSession.new(specs("human", "human"), {"struck_out": "neutral"}, "s")
    assert session.state.options.struck_out == "neutral"


def test_eight_faction_colours_stay_apart() -> None:
    """Eight factions, eight colours and patterns; apart in normal and simulated vision."""
    colours = [s.color for s in FACTION_STYLES]
    assert len(set(colours)) == 8 and len({s.pattern for s in FACTION_STYLES}) == 8
    assert [seat_style(i).color for i in range(6)] == colours[:6]  # Classic unchanged
    for a, b in combinations(colours, 2):
        assert delta_e(a, b) > 30
    for deficiency in MACHADO:
        for a, b in combinations(colours, 2):
            assert delta_e(simulate(a, deficiency), simulate(b, deficiency)) > 15


KEYS = [PlayerKey.generate(hashlib.sha256(f"ui-capital-{i}".encode()).digest()) for i in range(2)]


def invitation(host: CapitalSession, seat: int) -> str:
    """The private invitation link to ``seat`` that the host's forum card lists."""
    return forum.invitation_link("https://host/", host.code, seat, host.invites[seat])


def forum_pair() -> tuple[CapitalSession, CapitalSession]:
    a = CapitalSession.new_forum(specs("human", "human"), {}, "forum-ui", KEYS[0], 0)
    b = CapitalSession.join(invitation(a, 1), KEYS[1])
    assert b.stage == "claim" and b.game_id == a.game_id
    b.claim(1, KEYS[1])
    assert "claimed: F1, F2" in a.paste_save(b.code)
    return a, b


def seal_both(a: CapitalSession, b: CapitalSession) -> None:
    for s, key in ((a, KEYS[0]), (b, KEYS[1])):
        if s.setup:
            s.click(s.highlight()[0])
        s.seal(key)
        assert s.stage == "sealed" and s.sealed and s.reveal
    if not a.moderated:
        for s, key in ((a, KEYS[0]), (b, KEYS[1])):
            s.confirm_sealed(a.sealed + "\n" + b.sealed, key)


def test_forum_turn_by_sealed_codes() -> None:
    a, b = forum_pair()
    seal_both(a, b)
    codes = forum.split_codes(f"{a.sealed[:40]}\n{a.sealed[40:]}  {b.sealed}")
    assert codes == [a.sealed, b.sealed]  # wrapped and run-together codes are found
    a.resolve_codes(f"{a.sealed}\n{b.sealed}", f"{a.reveal}\n{b.reveal}", KEYS[0])
    assert a.stage == "replay" and a.state.turn == 1
    b.paste_save(a.code)
    assert b.stage == "replay" and b.state.last_report == a.state.last_report
    with pytest.raises(EngineError) as info:
        b.paste_save(a.code)
    assert info.value.code == "save/duplicate"


def test_forum_refuses_mismatch_second_commitment_and_missing_reveals() -> None:
    a, b = forum_pair()
    seal_both(a, b)
    first_sealed, first_reveal = b.sealed, b.reveal
    b.stage = "entry"
    b.draft.placements.append((b.state.territories_of(1)[0], 1))
    b.seal(KEYS[1])
    with pytest.raises(EngineError) as info:
        a.resolve_codes(a.sealed + first_sealed, a.reveal + b.reveal, KEYS[0])
    assert info.value.code == "sealed/mismatch"
    with pytest.raises(EngineError) as info:
        a.resolve_codes(a.sealed + first_sealed + b.sealed, a.reveal, KEYS[0])
    assert info.value.code == "sealed/second-commitment"
    with pytest.raises(EngineError) as info:
        a.resolve_codes(a.sealed + first_sealed, a.reveal, KEYS[0])
    assert info.value.code == "sealed/missing"
    a.resolve_codes(a.sealed + first_sealed, a.reveal + first_reveal, KEYS[0])
    assert a.state.turn == 1


def test_forum_wrong_turn_refused() -> None:
    a, b = forum_pair()
    seal_both(a, b)
    old_sealed, old_reveal = a.sealed, a.reveal
    a.resolve_codes(a.sealed + b.sealed, a.reveal + b.reveal, KEYS[0])
    b.paste_save(a.code)
    with pytest.raises(EngineError) as info:
        a.resolve_codes(old_sealed, old_reveal, KEYS[0])
    assert info.value.code == "sealed/wrong-turn"


def test_moderated_forum_game_only_the_moderator_resolves_and_forces() -> None:
    """With a moderator (the creator, named by key in the first save) factions send only
    orders codes; only the moderator resolves, and a silent faction gets default orders;
    the other factions' pages verify that the moderator signed the resolution."""
    a = CapitalSession.new_forum(specs("human", "human"), {}, "forum-ui", KEYS[0], 0, True)
    b = CapitalSession.join(invitation(a, 1), KEYS[1])
    assert b.moderated
    b.claim(1, KEYS[1])
    a.paste_save(b.code)
    seal_both(a, b)
    with pytest.raises(EngineError) as info:
        b.resolve_codes("", a.reveal + b.reveal, KEYS[1])
    assert info.value.code == "sealed/not-moderator"
    a.resolve_codes("", a.reveal + b.reveal, KEYS[0])
    b.paste_save(a.code)
    a.skip_replay()
    a.next_turn()
    a.seal(KEYS[0])
    a.resolve_codes("", a.reveal, KEYS[0])
    assert "sent no orders" in " ".join(a.state.last_report["comments"])  # type: ignore[index]
    b.skip_replay()
    b.paste_save(a.code)
    assert b.state.turn == a.state.turn == 2


# ------------------------------------------------------------------ card trades
# Classic deck: 0, 3, 6 infantry; 1, 4, 7 cavalry; 2, 5, 8 artillery; 42, 43 wild.


def holding(*cards: int) -> CapitalSession:
    session = in_orders()
    session.state.players[0].cards = list(cards)
    return session


def test_picking_three_cards_makes_a_trade_order() -> None:
    s = holding(0, 1, 2, 3)
    before = entry.pool(s.state, 0, s.draft)
    html = entry_html(s)
    assert "Your cards (4)" in html and 'data-testid="cap-card-2"' in html
    assert "Pick three cards" in html
    s.pick_card(2)
    s.pick_card(0)
    assert s.pick_card(1).startswith("Set: infantry Alaska, cavalry Northwest Territory")
    assert "10 units" in entry_html(s) and 'data-testid="cap-trade">' in entry_html(s)
    message = s.trade()
    assert "10 units" in message and s.picked == []
    assert s.draft.trades == [(0, 1, 2)]
    assert entry.pool(s.state, 0, s.draft) == before + 10
    [row] = [e for e in entry.entries(s.state, 0, s.draft) if e.kind == "trade"]
    assert row.index == 0 and "10 units" in row.text
    html = entry_html(s)
    assert "cards +10" in html and 'data-testid="cap-remove-trade-0"' in html
    assert 'data-testid="cap-card-0" disabled' in html  # traded cards cannot be picked
    with pytest.raises(EntryError, match="no longer"):
        s.pick_card(0)
    s.remove("trade", 0)
    assert s.draft.trades == [] and entry.pool(s.state, 0, s.draft) == before


def test_set_values_and_the_territory_bonus() -> None:
    s = holding(0, 3, 6, 1, 42, 2)
    state = s.state
    assert entry.check_trade(state, 0, Draft(), [0, 3, 6]) == 4
    assert entry.check_trade(state, 0, Draft(), [0, 3, 42]) == 4
    assert entry.check_trade(state, 0, Draft(), [0, 1, 42]) == 10
    assert entry.check_trade(state, 0, Draft(), [0, 1, 2]) == 10
    alaska = state.owner["alaska"] == 0
    text = entry.describe_trade(state, 0, [0, 3, 6])
    assert ("+2 on Alaska" in text) == alaska


def test_an_invalid_set_is_refused_with_a_message() -> None:
    s = holding(0, 3, 1, 2)
    for c in (0, 3, 1):
        s.pick_card(c)
    assert "Not a set" in entry_html(s)
    assert 'data-testid="cap-trade" disabled' in entry_html(s)
    with pytest.raises(EntryError, match="Not a set: three infantry"):
        s.trade()
    assert s.draft.trades == [] and s.picked == [0, 3, 1]
    with pytest.raises(EntryError, match="Three cards are picked"):
        s.pick_card(2)
    s.pick_card(3)  # put back
    assert s.picked == [0, 1]
    with pytest.raises(EntryError, match="exactly three"):
        s.trade()
    with pytest.raises(EntryError, match="no longer"):
        s.trade([0, 1, 8])


def test_a_second_set_needs_six_cards() -> None:
    s = holding(0, 3, 6, 1, 4)
    s.trade([0, 3, 6])
    assert 'data-testid="cap-card-1" disabled' in entry_html(s)  # no second set
    with pytest.raises(EntryError, match="second set needs 6"):
        s.trade([1, 4, 0])
    assert s.draft.trades == [(0, 3, 6)]

    s = holding(0, 3, 6, 1, 4, 7, 2, 5, 8)
    s.trade([0, 3, 6])
    s.trade([7, 1, 4])
    assert s.draft.trades == [(0, 3, 6), (1, 4, 7)]
    with pytest.raises(EntryError, match="At most 2 sets"):
        s.trade([2, 5, 8])


def test_sealed_orders_carry_the_trades() -> None:
    s = holding(0, 1, 2, 3, 4, 5)
    s.trade([0, 1, 2])
    s.trade([3, 4, 5])
    order = s.order()
    assert isinstance(order, SubmitOrders) and order.trades == ((0, 1, 2), (3, 4, 5))
    assert not [c for c in s.offenses() if "cards" in c and "set" in c]
    s.seal()
    sealed = s.state.submissions[0]
    assert sealed is not None and sealed["trades"] == [[0, 1, 2], [3, 4, 5]]
    assert s.picked == [] and s.stage == "handover"
    s.acknowledge_handover()
    assert s.viewer == 1 and "Your cards" not in entry_html(s)  # F1's hand stays hidden


def test_autosave_round_trip_keeps_trades_and_picked_cards() -> None:
    s = holding(0, 1, 2, 3, 4, 5, 6)
    s.trade([0, 1, 2])
    s.pick_card(6)
    text = json.dumps(s.to_json())
    back = CapitalSession.from_json(json.loads(text))
    assert back.draft.trades == [(0, 1, 2)] and back.picked == [6]
    assert back.to_json() == s.to_json()
    order = back.order()
    assert isinstance(order, SubmitOrders) and order.trades == ((0, 1, 2),)
    old = s.to_json()
    del old["picked"]  # an autosave from before card picking
    assert CapitalSession.from_json(old).picked == []


def test_battle_lines_are_written_for_people() -> None:
    """Issue 16: "Blue rolls 11 on a white die", never a name read as a die colour."""
    from ui.capital.replay import battle_rounds

    battle = {
        "sides": [{"faction": 0}, {"faction": 1}],
        "rounds": [
            {"rolls": [["Yellow", 10, 11], ["White", 11, 11]], "losses": [0, 1]},
            {"rolls": [["Yellow", 3, 4], None], "losses": [1, 0]},
        ],
    }
    lines = battle_rounds(battle, ["Ada", "Boris"])
    assert lines[0] == (
        "Round 1: Ada rolls 11 on a yellow die (10 + 1) and loses nothing;"
        " Boris rolls 11 on a white die and loses 1."
    )
    assert lines[1] == (
        "Round 2: Ada rolls 4 on a yellow die (3 + 1) and loses 1; Boris does not roll."
    )


def test_odds_are_shown_while_writing_attacks() -> None:
    """Issue 16: Capital odds shown while writing attacks, from the colour-dice odds of
    engine.odds; "max" counts this draft's placements and leaves one unit behind."""
    from engine.odds import win_probability
    from ui.capital.entry import Draft, attack_odds, attack_units, entries

    s = CapitalSession.new(specs("human", "human"), {}, "odds")
    state = s.state
    origin = next(iter(state.territories_of(0)))
    target = next(t for t in sorted(state.owner) if state.owner[t] == 1)
    state.armies[origin], state.armies[target] = 5, 3
    draft = Draft(placements=[(origin, 2)], attacks=[(origin, target, None)])
    assert attack_units(state, draft, 0) == 6
    odds = attack_odds(state, draft, 0)
    assert odds == win_probability(6, 3, state.options.dice)
    text = next(e.text for e in entries(state, 0, draft) if e.kind == "attack")
    assert f"{odds:.0%} to take it from 3" in text


def test_the_surge_dialog_carries_the_placement_condition() -> None:
    """RULINGS §2: a surge may carry "only if U holds at most M units after placements";
    the page's surge entry writes it into the sealed orders and lists it."""
    s = in_orders()
    via = surge_started(s)
    onward = s.highlight()[0]
    s.surge_max = "3"
    message = s.click(onward)
    assert s.draft.surge == (via, onward, None, 3)
    assert f"only if {s.name(onward)} holds at most 3 after placements" in message
    texts = [e.text for e in entry.entries(s.state, 0, s.draft)]
    assert any("holds at most 3" in t for t in texts)
    order = s.order()
    assert isinstance(order, SubmitOrders) and order.surge is not None
    assert order.surge.at_most == 3
    assert Draft.from_json(s.draft.to_json()) == s.draft


def test_an_own_territory_that_cannot_attack_says_why() -> None:
    """The page names the real reason a territory cannot attack: every neighbour is
    already the faction's, or too few units after placements (not "needs 2+ units" for
    both)."""
    s = in_orders()
    s.set_mode("attack")
    state, the_map = s.state, load_map("classic")
    thin = next(
        t
        for t in state.territories_of(0)
        if any(state.owner[n] != 0 for n in the_map.neighbours(t))
    )
    state.armies[thin] = 1
    with pytest.raises(EntryError) as info:
        s.click(thin)
    assert "holds 1 unit after your placements, and one must stay behind" in str(info.value)
    inland = "brazil"
    state.owner[inland], state.armies[inland] = 0, 5
    for n in the_map.neighbours(inland):
        state.owner[n] = 0
    with pytest.raises(EntryError) as info:
        s.click(inland)
    assert str(info.value) == "Brazil cannot attack: every neighbour is already yours"


def test_forum_page_never_adopts_an_unverified_fork() -> None:
    """ "The Capital page adopts it with no choice at all" -- a seated player's signed
    save that chains onto no code the page holds is refused, the verified game kept, and
    the message says what it would change; the same save with its chain is checked."""
    from engine.savecode import decode_code, encode_code

    a, b = forum_pair()
    held = a.record()
    state = held.state.clone()
    for territory in state.owner:
        state.owner[territory] = 1
    payload = dict(decode_code(held.code).payload)
    payload |= {"seq": held.seq + 1, "prev": "0" * 32, "st": state.to_json()}
    payload.pop("invite")  # the held save claimed Bob's seat; the fork claims nothing
    forged = encode_code(payload, KEYS[1], 1)
    before = a.state.to_json()
    with pytest.raises(EngineError) as info:
        a.paste_save(forged)
    assert info.value.code == "save/unverified" and "territories" in info.value.message
    assert a.state.to_json() == before and a.record() is held
    seal_both(a, b)
    b.resolve_codes(a.sealed + b.sealed, a.reveal + b.reveal, KEYS[1])
    assert "Turn resolved" in a.paste_save(b.code)


def test_forum_deadline_without_a_moderator_needs_more_than_half_consenting() -> None:
    """Without a moderator, a silent faction gets default orders only when every faction
    that revealed has signed that the deadline passed and more than half consent: in a
    game of two the one who revealed cannot force the turn alone (the resolve box says
    why and what can be done); once the silent faction signs too, the forced turn is
    verified by its own page."""
    a, b = forum_pair()
    seal_both(a, b)
    with pytest.raises(EngineError) as info:
        a.resolve_codes(a.sealed + b.sealed, a.reveal, KEYS[0])
    assert info.value.code == "sealed/missing"
    with pytest.raises(EngineError) as info:
        a.sign_deadline(a.reveal + b.reveal, KEYS[0])
    assert info.value.code == "sealed/none-silent"
    assert "signed" in a.sign_deadline(a.reveal, KEYS[0]) and a.deadline
    html = forum_html(a)
    assert 'data-testid="cap-deadline-code"' in html and a.deadline in html
    with pytest.raises(EngineError) as info:
        a.resolve_codes(a.sealed + b.sealed, a.reveal, KEYS[0], a.deadline)
    assert info.value.code == "sealed/no-majority" and a.stuck
    html = forum_html(a)
    assert 'data-testid="cap-stuck"' in html and "nobody resolves a turn alone" in html
    b.sign_deadline(a.reveal, KEYS[1])  # the silent faction consents: default orders
    a.resolve_codes(a.sealed + b.sealed, a.reveal, KEYS[0], a.deadline + b.deadline)
    assert "F2 sent no setup" in " ".join(a.state.last_report["comments"])  # type: ignore[index]
    assert a.deadline == "" and a.stuck == ""
    assert "Turn resolved" in b.paste_save(a.code)


def test_forum_factions_are_kept_for_their_invitees() -> None:
    """Issue 12, 6: the host's page keeps every other faction for its invitee and lists
    a private invitation link per faction still free; a browser that pasted only the save
    code may watch but claims nothing, a wrong invitation is refused by name, and the
    invitee's own link seats it."""
    a = CapitalSession.new_forum(specs("human", "human"), {}, "forum-ui", KEYS[0], 0)
    html = forum_html(a, "https://host/index.html")
    assert 'data-testid="cap-invite-link-1"' in html and "invite=1." in html
    watcher = CapitalSession.join(a.code, KEYS[1])
    assert watcher.stage == "claim" and watcher.claimable() == []
    assert 'data-testid="cap-no-seat"' in forum_html(watcher)
    with pytest.raises(EngineError) as info:
        watcher.claim(1, KEYS[1])
    assert info.value.code == "save/invited" and "seat 2 is kept" in info.value.message
    wrong = invitation(a, 1).replace(a.invites[1], "a-guessed-invitation-000000")
    with pytest.raises(EngineError) as info:
        CapitalSession.join(wrong, KEYS[1])
    assert info.value.code == "save/invited"
    again = CapitalSession.from_json(a.to_json())
    assert again.invites == a.invites and again.pending_invitations() == [(1, a.invites[1])]
    b = CapitalSession.join(invitation(a, 1), KEYS[1])
    assert b.claimable() == [1]
    b.claim(1, KEYS[1])
    a.paste_save(b.code)
    assert a.pending_invitations() == [] and "cap-invitations" not in forum_html(a)


def test_the_phase_hint_says_what_to_do_next_in_setup_and_orders() -> None:
    """Issue 16: phase hints say what to do next (Classic's banner has one; Capital's
    order panel now too): a capital, then the starting units, then seal; in the orders
    phase, the reinforcements left, then attacks and the seal."""
    from ui.capital.hints import phase_hint

    s = CapitalSession.new(specs("human", "human"), {}, "hint")
    s.acknowledge_handover()
    total = entry.pool(s.state, 0, s.draft)
    assert phase_hint(s) == (
        f"Next: choose your secret capital, then place your {total} starting units and Seal setup."
    )
    own = s.highlight()
    s.click(own[0])
    assert f"({total} of {total} left)" in phase_hint(s)
    s.set_mode("place")
    s.count = str(total)
    s.click(own[0])
    assert phase_hint(s).startswith("Ready: Seal setup.")
    html = entry_html(s)
    assert 'data-testid="cap-hint"' in html and "Ready: Seal setup." in html

    s = in_orders()
    left = entry.left(s.state, 0, s.draft)
    assert phase_hint(s).startswith(f"Next: place your reinforcements ({left} of {left} left)")


def test_offenses_are_explained_where_they_are_listed() -> None:
    """Issue 16: explain what an offense is, in the page, where offenses are listed; the
    box looks like a warning only when something would be cut."""
    s = in_orders()
    html = entry_html(s)
    assert 'data-testid="cap-offenses-help"' in html and "What is an offense?" in html
    assert "under Offenses" in html
    assert s.offenses() == ["5 reinforcements not placed: they will be spread over your borders"]
    assert 'class="offense-box has-offenses"' in html
    for t in s.highlight():
        if entry.left(s.state, 0, s.draft) == 0:
            break
        entry.add_placement(s.state, 0, s.draft, t, None)
    assert s.offenses() == []
    assert 'class="offense-box"' in entry_html(s)  # nothing would be cut: no warning colour


def _played_by_hand(state: Any, faction: int) -> Any:
    """Orders for a human faction (written here by the Easy computer, as a player might)."""
    from engine.ai import choose_for

    helper = state.clone()
    helper.players[faction].control = "easy"
    return choose_for(helper, faction)


def _struck_out_forum_game() -> tuple[Any, list[PlayerKey]]:
    """Three keyed factions past setup, without a moderator; F3 sent no orders for
    ``strikes_out`` turns and is out, its seat now the Standard computer's."""
    from engine.rulesets.capital import Resolve
    from engine.saves import make_save, read_save

    keys = [PlayerKey.generate(hashlib.sha256(f"struck-{i}".encode()).digest()) for i in range(3)]
    rs = find_ruleset("capital")
    state = rs.new_game([PlayerSpec(f"F{i + 1}", "human") for i in range(3)], {}, "struck")
    for faction in range(3):
        state = rs.apply(state, _played_by_hand(state, faction)).state
    state = rs.apply(state, Resolve()).state
    state.players[2].control = "standard"  # as _strike leaves it (RULINGS §2)
    code = make_save(
        rs, state, game_id="struck", keys=[k.public_key_text for k in keys], signer=keys[0], seat=0
    )
    return read_save(code), keys


def _sealed_and_revealed(
    record: Any, keys: list[PlayerKey], factions: list[int]
) -> tuple[str, str]:
    from engine.sealed import bind_reveal, seal_orders

    seals, reveals = [], []
    for f in factions:
        sealed, reveal = seal_orders(
            _played_by_hand(record.state, f),
            game_id=record.game_id,
            turn=record.state.turn,
            faction=f,
            key=keys[f],
            salt=f"salt{f}",
        )
        seals.append(sealed)
        reveals.append(reveal)
    bound = [bind_reveal(record, r, seals, keys[f]) for f, r in zip(factions, reveals, strict=True)]
    return "\n".join(seals), "\n".join(bound)


def test_a_struck_out_faction_is_played_by_the_computer_in_a_forum_game() -> None:
    """RULINGS §2: after strikes_out silent turns "the Standard computer takes its seat".
    By forum nobody seals for it: the resolving page plays its orders from the position
    (the computer players are deterministic), the other factions need no deadline code,
    and every page that checks the save computes the same orders."""
    from engine.ai import choose_for
    from engine.save_chain import continue_game

    record, keys = _struck_out_forum_game()
    rs = find_ruleset("capital")
    assert rs.sealing_factions(record.state) == [0, 1]
    assert rs.computer_seats(record.state) == [2]
    sealed, revealed = _sealed_and_revealed(record, keys, [0, 1])
    result = forum.resolve(record, sealed, revealed, keys[0], 0)
    assert result.state.turn == record.state.turn + 1
    report = result.state.last_report or {}
    assert not any("F3 sent no orders" in c for c in report["comments"])
    computer = choose_for(record.state, 2)
    assert result.record.actions[0] == computer.to_json()
    # another page (F2's) checks the save the same way, and the same codes give the same turn
    assert continue_game(record, result.code).record.state.to_json() == result.state.to_json()
    again = forum.resolve(record, sealed, revealed, keys[0], 0)
    assert again.state.to_json() == result.state.to_json()


def test_a_struck_out_faction_may_not_send_orders_of_its_own() -> None:
    """Its reveal is refused (typed) as soon as a page reads it, so the computer's
    orders are never doubled by the player's."""
    record, keys = _struck_out_forum_game()
    with pytest.raises(EngineError) as info:
        _sealed_and_revealed(record, keys, [0, 1, 2])
    assert info.value.code == "sealed/computer-seat"
    assert "played by the computer" in str(info.value)


def test_the_message_after_the_last_seal_names_the_resolution_not_the_seal() -> None:
    """Issue 16: the message line never shows a stale move: when the last seal resolves
    the turn, the line says the turn resolved (the replay runs), not who sealed."""
    s = in_orders()
    first = s.seal()
    assert first == "F1's orders are sealed" and s.stage == "handover"
    s.acknowledge_handover()
    last = s.seal()
    assert s.stage == "replay"
    assert last == "Turn 1 resolved: the replay shows it step by step"
