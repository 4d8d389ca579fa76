"""Every Great War 1907 rule action has a control on the page (issue 27): each test
writes an order through the control's handler (the session method the page calls),
seals it, resolves the phase with the engine and checks that the order resolved as it
was written.  Positions are the scenario's, with the few changes a case needs."""

from __future__ import annotations

import re
from dataclasses import replace

from engine.core import PlayerSpec
from engine.rulesets.greatwar1907.state import Fleet, Leader, Phase, pair
from ui.greatwar1907 import panels
from ui.greatwar1907.render import render_board
from ui.greatwar1907.session import GreatWarSession

NATIONS = ("russia", "germany", "france", "uk", "austria_hungary", "ottoman", "spain", "italy")


def _game(*humans: str, seed: str = "controls") -> GreatWarSession:
    """Pass and play with ``humans`` (nation ids) human, every other nation idle; the
    first human is writing."""
    if len(humans) == 1:  # a game needs two acting seats: the spare one writes nothing
        humans = (*humans, next(n for n in NATIONS if n not in humans))
    specs = [PlayerSpec(n, "human" if n in humans else "idle") for n in NATIONS]
    session = GreatWarSession.new(specs, {}, seed)
    session.acknowledge_handover()
    return session


def _write_as(s: GreatWarSession, nation: str) -> None:
    """Seal empty orders for the humans before ``nation`` until it is writing."""
    while s.nation != nation:
        s.seal()
        s.acknowledge_handover()


def _resolve(s: GreatWarSession) -> dict[str, object]:
    """Seal the rest of the phase (every other human writes nothing) and return the
    report of the resolved phase."""
    while s.stage in ("entry", "handover"):
        if s.stage == "handover":
            s.acknowledge_handover()
        s.seal()
    assert s.stage in ("replay", "report")
    report = s.state.last_report
    assert report is not None
    return report


def _award(s: GreatWarSession, leader: str, where: str | None, place: str | None) -> None:
    """Russia has drawn ``leader`` from the pile (standing ``where``/``place``)."""
    state = s.state
    for pile in (state.general_pile, state.admiral_pile):
        if leader in pile:
            pile.remove(leader)
    state.leaders[leader] = Leader(leader, "russia", where, place)


def _next(s: GreatWarSession) -> None:
    s.skip_replay()
    s.next_phase()
    s.acknowledge_handover()


def _offenses(report: dict[str, object], nation: str) -> list[str]:
    items = report.get("offenses", [])
    assert isinstance(items, list)
    return [str(o["code"]) for o in items if o.get("nation") == nation]


def test_a_passage_grant_is_written_shown_on_the_map_and_revoked() -> None:
    """R17: "A nation may grant or revoke passage to a nation it is at peace with, as an
    order of either phase. A grant is standing until revoked." Russia grants Spain
    passage in the Deployment phase and revokes it in the Attack phase; while it stands
    the passage overlay outlines Russia's land for Spain."""
    s = _game("russia", "spain")
    s.set_mode("diplomacy")
    html = panels.entry_html(s)
    assert 'data-testid="gw-passage-spain-grant"' in html
    assert "gw-passage-germany" not in html  # an ally needs no passage
    assert "Passage granted to Spain" in s.passage("spain", True)
    assert s.draft.parts["passage"] == [{"nation": "spain", "grant": True}]
    _resolve(s)
    assert ("russia", "spain") in s.state.grants
    board = render_board(s.state, viewer="spain", overlays=frozenset({"passage"}))
    assert "mos" in re.findall(r'class="passage-outline"[^>]*data-mark="(\w+)"', board)
    mine = render_board(s.state, viewer="russia", overlays=frozenset({"passage"}))
    assert "mad" in re.findall(r'class="passage-given-outline"[^>]*data-mark="(\w+)"', mine)
    _next(s)
    s.set_mode("diplomacy")
    assert 'data-testid="gw-passage-spain-revoke"' in panels.entry_html(s)
    s.passage("spain", False)
    _resolve(s)
    assert ("russia", "spain") not in s.state.grants
    assert "passage-outline" not in render_board(
        s.state, viewer="spain", overlays=frozenset({"passage"})
    )


def test_the_forced_drop_names_the_ally_the_player_chose() -> None:
    """R85: "When two allies of nation X go to war with each other, X must drop one of
    them to peace, at no cost. X names the ally to drop (drop_ally) in its orders for
    the next phase ... If X names none ... X drops the one that declared the war."
    Germany declares war on the Ottoman Empire; Russia, allied to both, chooses to drop
    the Ottomans, not Germany (the one that declared)."""
    s = _game("russia", "germany")
    assert panels.drop_html(s) == ""
    _write_as(s, "germany")
    s.diplomacy("ottoman", "war")
    _resolve(s)
    _next(s)
    assert s.nation == "russia"
    html = panels.entry_html(s)
    assert 'data-testid="gw-drop-germany"' in html and 'data-testid="gw-drop-ottoman"' in html
    assert "If you choose none, German Empire is dropped" in html
    assert "Drop Ottoman Empire to peace" in s.drop_ally("ottoman")
    # the dropped ally goes to peace for free: its 3 pp "Peace" button is shut, and says why
    s.set_mode("diplomacy")
    html = panels.entry_html(s)
    peace = re.search(r'<button[^>]*data-testid="gw-dip-ottoman-peace"[^>]*>', html)
    assert peace and " disabled" in peace[0] and "already makes this peace" in html
    kept = re.search(r'<button[^>]*data-testid="gw-dip-germany-peace"[^>]*>', html)
    assert kept and " disabled" not in kept[0]
    _resolve(s)
    assert s.state.relation("russia", "ottoman") == "peace"
    assert s.state.relation("russia", "germany") == "alliance"


def _encircled_uk(*humans: str) -> GreatWarSession:
    """Turn 2, the UK at war with France, a French fleet at sea in the North Atlantic:
    Ireland (3 pp, its port on the North Atlantic only) is a network of its own."""
    s = _game(*humans)
    state = s.state
    state.turn = 2
    state.relations[pair("france", "uk")] = "war"
    state.at_sea["nao"] = {"france": Fleet(2, 0)}
    _write_as(s, "uk")
    return s


def test_the_network_chosen_to_pay_first_pays_a_declaration() -> None:
    """R19: "Diplomacy costs in the Deployment phase are charged to the network holding
    the pay_first province ... and then to the other networks, largest first."  The UK
    builds a division in Ireland and declares war on Italy (3 pp) paid first by
    Ireland's network of 3 pp: the panel warns that builds will be cut, and the build
    is cut."""
    s = _encircled_uk("france", "uk")
    html = panels.networks_html(s)
    assert 'data-testid="gw-pay-first-1"' in html
    s.count = "1"
    s.click("ire")
    s.diplomacy("italy", "war")
    assert not any("builds will be cut" in w for w in s.warnings())  # London pays
    assert "network of Ireland" in s.pay_first("ire")
    assert s.order().to_json()["pay_first"] == "ire"
    assert any("builds will be cut" in w for w in s.warnings())
    report = _resolve(s)
    assert "build/no-pp" in _offenses(report, "uk")
    assert s.state.divisions("ire", "uk") == 2  # the two standing, none built


def test_without_a_choice_the_largest_network_pays_and_the_build_stands() -> None:
    """R19, the other side of the case above: with no pay_first the largest network
    (London's) pays the declaration and Ireland's build goes ahead."""
    s = _encircled_uk("france", "uk")
    s.count = "1"
    s.click("ire")
    s.diplomacy("italy", "war")
    report = _resolve(s)
    assert "build/no-pp" not in _offenses(report, "uk")
    assert s.state.divisions("ire", "uk") == 3


def test_a_trade_bundle_of_provinces_and_pp_is_matched_and_carried_out() -> None:
    """R73, R74: a bundle of several provinces and pp, matched by the partner's mirror
    offer.  "You get" lists only what the partner owns.  Russia gives Budapest and
    Lemberg and 1 pp for Prague; Germany writes the mirror in its own panel."""
    s = _game("russia", "germany")
    s.set_mode("trade")
    s.set_trade_field("with", "germany")
    html = panels.trade_html(s)
    get_list = html.split('data-testid="gw-trade-get"')[1].split("</select>")[0]
    assert 'value="pra"' in get_list and 'value="mos"' not in get_list
    for province in ("lem", "bud"):
        s.set_trade_field("give", province)
    s.set_trade_field("give_pp", "1")
    s.set_trade_field("get", "pra")
    assert s.trade_check().startswith("Route open to German Empire")
    s.offer_trade()
    give = s.draft.parts["trades"][0]["give"]
    assert give == {"provinces": sorted(["bud", "lem"], key=s.state.map.order_of), "pp": 1.0}
    s.seal()
    s.acknowledge_handover()
    s.set_mode("trade")
    s.set_trade_field("with", "russia")
    s.set_trade_field("get", "bud")
    s.set_trade_field("get", "lem")
    s.set_trade_field("get_pp", "1")
    s.set_trade_field("give", "pra")
    s.offer_trade()
    report = _resolve(s)
    assert not [c for c in _offenses(report, "russia") if c.startswith("trade/")]
    assert (s.state.owner_of("bud"), s.state.owner_of("lem")) == ("germany", "germany")
    assert s.state.owner_of("pra") == "russia"
    assert s.state.nations["germany"].credits == [(4, None)]


def test_a_trade_pays_from_the_network_chosen_and_credits_where_asked() -> None:
    """R75: "It is paid from one of the giver's networks: the one holding pay_from if
    given ... The amount is credited at the recipient's next step D1: to the network
    holding receive_at".  The encircled UK cannot pay Spain from Ireland (its only
    sea is held by the French fleet: no route) but can from London; Spain asks for the
    pp at Barcelona."""
    s = _encircled_uk("uk", "spain")
    s.set_mode("trade")
    assert 'data-testid="gw-trade-pay-from"' in panels.trade_html(s)
    s.set_trade_field("with", "spain")
    s.set_trade_field("give_pp", "2")
    s.set_trade_field("pay_from", "ire")
    assert s.trade_check().startswith("Refused: no route for pp")
    s.set_trade_field("pay_from", "lon")
    assert s.trade_check().startswith("Route open")
    assert "paid by the network of London" in s.offer_trade()
    s.seal()
    s.acknowledge_handover()
    assert s.nation == "spain"
    s.set_mode("trade")
    s.set_trade_field("with", "uk")
    s.set_trade_field("get_pp", "2")
    s.set_trade_field("receive_at", "bar")
    s.offer_trade()
    assert s.draft.parts["trades"][0]["receive_at"] == "bar"
    report = _resolve(s)
    assert not [c for c in _offenses(report, "uk") if c.startswith("trade/")]
    assert s.state.nations["spain"].credits == [(8, "bar")]


def _embarked_in_the_black_sea() -> GreatWarSession:
    """Russia builds 4 divisions in Odessa, embarks all 6 on its 4 ships and sails
    them to the Black Sea; the Attack phase is being written."""
    s = _game("russia")
    s.count = "4"
    s.click("ode")
    s.set_mode("embark")
    s.count = ""
    s.click("ode")
    s.set_mode("sail")
    s.click("ode")
    s.click("blk")
    _resolve(s)
    _next(s)
    return s


def test_a_sail_carries_the_divisions_written_apart_from_the_ships() -> None:
    """R37: "A sail order moves ships ships and divisions of the cargo."  Russia embarks
    4 in Odessa and sails 2 of its 4 ships (the hull there is ready at the start of the
    turn) carrying 3 divisions; 1 stays aboard the 2 ships that stay."""
    s = _game("russia")
    s.count = "2"
    s.click("ode")
    s.set_mode("embark")
    s.count = ""
    s.click("ode")
    assert s.draft.parts["embark"] == [{"province": "ode", "divisions": 4}]
    s.set_mode("sail")
    assert 'data-testid="gw-cargo"' in panels.entry_html(s)
    s.click("ode")
    s.count = "2"
    s.sub_counts["cargo"] = "3"
    assert "Sail 2 ships carrying 3 div from Odessa to Black Sea" in s.click("blk")
    report = _resolve(s)
    assert "sail/cargo" not in _offenses(report, "russia")
    assert s.state.fleet_at_sea("blk", "russia") == Fleet(2, 3)
    assert s.state.fleet_in_port("ode", "russia") == Fleet(2, 1)


def test_a_strike_sends_the_ships_written_into_the_port_it_takes() -> None:
    """R50: "If the force takes p, the surviving divisions stand in p and ships_in ships
    of the fleet in d enter p's port ... The default ships_in is ⌈k/2⌉."  Russia
    strikes an emptied Neutral Bucharest with 4 divisions and sends 1 ship in, not 2."""
    s = _embarked_in_the_black_sea()
    state = s.state
    state.add_divisions("buc", "neutral", -state.divisions("buc", "neutral"))
    state.docked.get("buc", {}).pop("neutral", None)
    s.set_mode("strike")
    assert 'data-testid="gw-ships-in"' in panels.entry_html(s)
    s.click("blk")
    s.count = "4"
    s.sub_counts["ships_in"] = "1"
    assert "1 ship into its port if taken" in s.click("buc")
    assert s.draft.parts["strikes"][0]["ships_in"] == 1
    _resolve(s)
    assert s.state.owner_of("buc") == "russia"
    assert s.state.fleet_in_port("buc", "russia") == Fleet(1, 0)
    assert s.state.fleet_at_sea("blk", "russia") == Fleet(3, 2)


def test_a_generals_extra_step_takes_the_move_two_provinces_on() -> None:
    """R28: "A move order whose leaders include a general with extra_free_moves e may
    have a path of up to 1 + e steps."  Brusilov (+1 step) takes 3 divisions from
    Zagreb through Budapest to Lemberg; without him Lemberg is not offered."""
    s = _game("russia")
    s.set_mode("move")
    s.click("zag")
    assert "lem" not in s.targets()
    assert "choose your general below" in s.reach_note()
    s.toggle_leader("brusilov")
    assert "lem" in s.targets() and "up to 2 steps" in s.reach_note()
    s.count = "3"
    assert "to Lemberg via Budapest" in s.click("lem")
    assert s.draft.parts["moves"][0]["path"] == ["bud", "lem"]
    before = s.state.divisions("lem", "russia")
    report = _resolve(s)
    assert "move/too-far" not in _offenses(report, "russia")
    assert s.state.divisions("lem", "russia") == before + 3
    assert s.state.leaders["brusilov"].place == "lem"


def test_an_admirals_extra_sea_move_takes_the_ships_two_steps() -> None:
    """R35: "With an admiral with extra_sea_moves e in the order, the path may have up
    to 1 + e steps (for example leave port and move one district)."  A Russian admiral
    with +1 sea move in Odessa takes the fleet out to the Black Sea and on to the Sea
    of Marmara."""
    s = _game("russia")
    _award(s, "beatty", "province", "ode")
    s.set_mode("sail")
    s.click("ode")
    assert s.targets() == ["blk"]
    s.toggle_leader("beatty")
    assert "mmr" in s.targets()
    assert "via Black Sea" in s.click("mmr")
    report = _resolve(s)
    assert "sail/too-far" not in _offenses(report, "russia")
    assert s.state.fleet_at_sea("mmr", "russia") == Fleet(4, 0)
    assert s.state.leaders["beatty"].place == "mmr"


def test_an_unplaced_admiral_is_chosen_and_placed_with_a_fleet_at_sea() -> None:
    """R67: "an admiral in any province it owns that has a port, or with any of its
    fleets at sea (at is then the district)."  The panel lists the leaders waiting;
    with an admiral chosen the map offers ports and fleets at sea, not inland land;
    a nation with nobody waiting is told so."""
    s = _game("russia")
    s.set_mode("place")
    assert 'data-testid="gw-no-leader"' in panels.entry_html(s)
    _award(s, "beatty", None, None)
    _award(s, "putnik", None, None)
    s.state.at_sea["blk"] = {"russia": Fleet(1, 0)}
    html = panels.entry_html(s)
    assert 'data-testid="gw-leader-beatty"' in html and "+1 sea move" in html
    # choosing a waiting leader says what the next tap does (he goes nowhere "from here")
    assert s.toggle_leader("beatty") == (
        "David Beatty chosen: tap where he goes (a port of yours or a fleet of yours at sea)"
    )
    places = s.highlight()
    assert "blk" in places and "ode" in places and "mos" not in places
    assert "Place" in s.click("blk")
    assert s.toggle_leader("putnik").endswith("tap where he goes (a province of yours)")
    s.click("mos")
    _resolve(s)
    beatty, putnik = s.state.leaders["beatty"], s.state.leaders["putnik"]
    assert (beatty.where, beatty.place) == ("sea", "blk")
    assert (putnik.where, putnik.place) == ("province", "mos")
    assert s.state.phase is Phase.ATTACK


def test_an_offer_to_a_nation_that_cannot_answer_says_so_when_it_is_written() -> None:
    """R73, R80: a trade or a two-sided change happens only if the other nation orders
    it too.  An idle nation writes nothing, so the offer says at once that it will not
    happen (not a phase later as unmatched); a computer nation answers when the phase
    resolves, and the offer says so; an offer to a human waits for their mirror order."""
    specs = [PlayerSpec("Ada", "human"), PlayerSpec("Bo", "human"), PlayerSpec("C", "easy")]
    specs += [PlayerSpec(f"X{i}", "idle") for i in range(5)]
    s = GreatWarSession.new(specs, {}, "answers")
    s.acknowledge_handover()
    assert "answers offers when the phase resolves" in s.diplomacy("france", "alliance")
    assert "nobody plays Spain" in s.trade("spain", give_pp="1")
    assert "will not happen" not in s.trade("germany", give_pp="1")
    warnings = " ".join(s.warnings())
    assert "The trade with Spain will not happen" in warnings
    assert "Alliance with French Third Republic happens only if the computer accepts it" in warnings
    s.set_mode("trade")
    s.set_trade_field("with", "france")
    assert "answers at the next Deployment phase" in panels.trade_html(s)
    s.set_trade_field("with", "germany")
    assert "must write the mirror offer" in panels.trade_html(s)


def test_a_trade_offered_to_a_computer_says_when_and_how_it_is_answered() -> None:
    """R73 with sealed orders: a computer nation reads an unmatched trade offer once the
    phase has resolved and orders the matching trade at the next Deployment phase when
    it is worth it (engine/rulesets/greatwar1907/ai/negotiation.py), and it never gives
    a province of its own away.  The trade form says so while it is written, not a
    phase later as an unmatched offer: offer it again next Deployment; ask for pp."""
    specs = [PlayerSpec("Ada", "human")] + [PlayerSpec(f"C{i}", "easy") for i in range(7)]
    s = GreatWarSession.new(specs, {}, "trade-answer")
    s.set_mode("trade")
    s.set_trade_field("with", "germany")
    s.set_trade_field("give", "war")
    s.set_trade_field("get_pp", "1")
    check = s.trade_check()
    assert check.startswith("Route open to German Empire")
    assert "answers at the next Deployment phase" in check
    assert "offer the same trade again then" in check
    s.set_trade_field("get", "pra")
    assert "never gives away a province of its own: it will refuse" in s.trade_check()
    offered = s.trade("germany", give=["war"], get=["pra"])
    assert "it will refuse this trade" in offered
    assert "never gives away a province of its own" in " ".join(s.warnings())


def test_sealing_with_allowance_unspent_asks_first() -> None:
    """R21: "Allowance left unspent at the end of the Deployment phase, fractions
    included, is lost."  The networks panel says what will be lost as the orders are
    written; the seal button asks first ("... will be lost: seal anyway?"); any other
    step puts the question away; nothing is asked when nothing is lost."""
    s = _game("russia")
    assert "25.5 pp unspent will be lost when this phase ends" in panels.networks_html(s)
    assert 'data-action="gw-seal-ask"' in panels.seal_html(s)
    assert s.ask_seal() is False
    assert s.seal_caution() == (
        "25.5 pp will be lost: seal anyway? Allowance left unspent at the end of this phase "
        "is gone for good."
    )  # asked in the shell's warning dialog: "Go on anyway" seals, "Go back" does not
    s.count = "1"
    s.click("mos")
    s.count = "24"
    s.click("mos")
    assert "0.5 pp unspent will be lost" in panels.networks_html(s)
    s.set_mode("trade")
    s.set_trade_field("with", "germany")
    s.set_trade_field("give_pp", "0.5")
    s.offer_trade()
    assert s.unspent() == 0 and s.ask_seal() is True and s.seal_caution() is None
    assert 'data-action="gw-seal"' in panels.seal_html(s)
    banked = _game("russia")
    banked.state.options = replace(banked.state.options, bank_unspent=True)
    assert banked.ask_seal() is True  # banked pp are not lost
