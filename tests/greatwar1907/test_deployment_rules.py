"""Rule cases of the Deployment phase (spec §10, cases 1-29, 33-35, 71-86, 92-99)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrderError
from engine.rulesets.greatwar1907.state import Fleet, GreatWarState
from tests.greatwar1907.helpers import (
    RULESET,
    offenses,
    order,
    position,
    production_line,
    resolve,
    start,
)


def test_01_turn_one_has_no_encirclement() -> None:
    """R15: "In turn 1 encirclement is off: each nation has one network holding all its
    provinces"."""
    state = position(
        """
        turn 1
        nao ottoman=1
        """
    )
    order(state, "uk", builds=[{"province": "ire", "divisions": 5}])
    resolve(state)
    assert state.divisions("ire", "uk") == 2 + 5
    assert offenses(state, "uk") == []
    assert "allowance 18.25, spent 5" in production_line(state, "uk")


def test_02_blockaded_ireland_builds_from_its_own_3_pp() -> None:
    """R14: a district holding a ship at sea of a nation at war closes it; Ireland is
    then a network of 3 pp."""
    state = position(
        """
        turn 2
        nao ottoman=1
        """
    )
    order(state, "uk", builds=[{"province": "ire", "divisions": 4}])
    resolve(state)
    assert state.divisions("ire", "uk") == 2 + 3
    assert offenses(state, "uk") == ["build/no-pp"]
    line = production_line(state, "uk")
    assert "allowance 15.25" in line and "{Ireland} allowance 3, spent 3" in line


def test_03_a_ship_in_the_irish_sea_does_not_cut_ireland() -> None:
    """R14: Ireland's port opens on the North Atlantic, not the Irish Sea."""
    state = position(
        """
        turn 2
        iri ottoman=1
        """
    )
    order(state, "uk", builds=[{"province": "ire", "divisions": 4}])
    resolve(state)
    assert state.divisions("ire", "uk") == 6
    assert offenses(state, "uk") == []


def test_08_ships_in_port_close_nothing() -> None:
    """R14: "Ships in ports never close a district"."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        turn 2
        relation ottoman uk war
        ist ottoman fleet=3
        """
    )
    from engine.rulesets.greatwar1907.supply import networks

    assert [n.allowance for n in networks(state, "uk")] == [73]


def test_09_builds_beyond_the_allowance_are_cut_and_the_rest_lost() -> None:
    """R18: "the first that does not fit is cut (build/no-pp)"; R21: unspent
    allowance, fractions included, is lost."""
    state = start(turn=2)
    order(state, "spain", builds=[{"province": "mad", "divisions": 18}])
    resolve(state)
    assert offenses(state, "spain") == ["build/no-pp"]
    assert "spent 17, lost 0.75" in production_line(state, "spain")


def test_10_bank_unspent_credits_the_largest_network() -> None:
    """R21 option ``bank_unspent``: the unspent quarters are credited at the next D1."""
    state = start(turn=2, bank_unspent=True)
    order(state, "spain", builds=[{"province": "mad", "divisions": 17}])
    resolve(state)
    assert state.nations["spain"].banked == 3
    resolve(state)  # Attack
    order(state, "spain", builds=[{"province": "mad", "divisions": 18}])
    resolve(state)
    assert offenses(state, "spain") == []  # 17.75 + 0.75 = 18.5


def test_11_debt_from_the_attack_phase_blocks_builds() -> None:
    """R20: an Attack-phase cost is owed; what D1 cannot take stays owed, and while
    anything is owed the nation may not build (build/in-debt)."""
    state = start(turn=2, phase="attack")
    order(state, "italy", diplomacy=[{"with": "uk", "to": "war"}])
    resolve(state)
    assert state.nations["italy"].owed == 12
    # the next Deployment phase, Italy owing 12 and keeping only Genoa, 2 pp (hypothetical)
    italian = ("mil", "ven", "rom", "nap", "tar", "pal", "sar", "mar", "cor", "tun")
    state = position(
        """
        turn 3
        nation italy vp=5 np=1 generals=1 owed=12
        relation italy uk war
        """
        + "\n".join(f"{p} neutral" for p in italian)
    )
    order(state, "italy", builds=[{"province": "gen", "divisions": 1}])
    resolve(state)
    assert state.nations["italy"].owed == 4
    assert offenses(state, "italy") == ["build/in-debt"]


def test_12_built_divisions_move_in_the_same_phase() -> None:
    """R22: "you can build and freemove the divisions in the same Deployment phase"."""
    state = start()
    before = state.divisions("ode", "russia")
    order(
        state,
        "russia",
        builds=[{"province": "kiev", "divisions": 2}],
        moves=[{"from": "kiev", "path": ["ode"], "divisions": 2}],
    )
    resolve(state)
    assert state.divisions("ode", "russia") == before + 2
    assert offenses(state) == []


def test_13_no_ship_without_a_port() -> None:
    """R23: a ship "may be built only in a province the nation owns that has a port"."""
    state = start()
    order(state, "germany", builds=[{"province": "ber", "ships": 1}])
    resolve(state)
    assert offenses(state, "germany") == ["build/no-port"]


def test_14_a_new_hull_cannot_sail_until_the_next_d1() -> None:
    """R23: a new ship "is a hull in that port until the start of the next Deployment
    phase"; R24: the starting hull is ready at D1 of turn 1."""
    state = start()
    order(
        state,
        "germany",
        builds=[{"province": "ham", "ships": 1}],
        sail=[{"from": "ham", "path": ["nth"], "ships": 5, "divisions": 0}],
    )
    resolve(state)
    assert offenses(state, "germany") == ["sail/too-many"]
    assert state.hulls["ham"] == 1
    assert state.at_sea["nth"]["germany"].ships == 5 + 4
    resolve(state)
    resolve(state)  # D1 of turn 2
    assert state.fleet_in_port("ham", "germany") == Fleet(1, 0)


def test_15_starting_hull_sails_in_turn_one() -> None:
    """R24: "The 6 hulls in map.json become ships at step D1 of turn 1"."""
    state = start()
    order(state, "uk", sail=[{"from": "lon", "path": ["eng"], "ships": 5}])
    resolve(state)
    assert offenses(state) == []
    assert state.at_sea["eng"]["uk"].ships == 5


def test_17_one_step_without_a_general() -> None:
    """R27/R28: a longer path "is cut to the steps allowed, which is one step without
    such a general (move/too-far)"."""
    state = start()
    order(state, "russia", moves=[{"from": "war", "path": ["kiev", "ode"], "divisions": 2}])
    resolve(state)
    assert offenses(state) == ["move/too-far"]
    assert state.divisions("kiev", "russia") == 2 + 2


def test_18_brusilov_gives_an_extra_step() -> None:
    """R28: with a general with ``extra_free_moves`` e the path may have 1 + e steps."""
    state = start()
    lem = state.divisions("lem", "russia")
    order(
        state,
        "russia",
        moves=[{"from": "zag", "path": ["bud", "lem"], "divisions": 3, "leaders": ["brusilov"]}],
    )
    resolve(state)
    assert offenses(state) == []
    assert state.divisions("lem", "russia") == lem + 3
    assert state.leaders["brusilov"].place == "lem"


def test_19_no_free_move_into_neutral_land() -> None:
    """R27: never into a province at peace, at war or Neutral (move/not-friendly)."""
    state = start()
    order(state, "italy", moves=[{"from": "gen", "path": ["swi"], "divisions": 1}])
    resolve(state)
    assert offenses(state) == ["move/not-friendly"]


def test_20_free_move_into_an_allys_province_makes_a_guest() -> None:
    """R12, R27: a division may move into a province of its ally; it is a guest there."""
    state = start()
    order(state, "italy", moves=[{"from": "mil", "path": ["vie"], "divisions": 1}])
    resolve(state)
    assert state.divisions("vie", "italy") == 1
    assert offenses(state) == []


def test_21_arrivals_cannot_move_on() -> None:
    """R29: "a division arriving in P cannot leave it in the same phase"."""
    state = start()
    par = state.divisions("par", "germany")
    order(
        state,
        "germany",
        moves=[
            {"from": "rei", "path": ["par"], "divisions": 2},
            {"from": "par", "path": ["lil"], "divisions": par + 2},
        ],
    )
    resolve(state)
    assert offenses(state) == ["move/too-many"]
    assert state.divisions("par", "germany") == 2


def test_22_an_unconquered_province_may_be_emptied() -> None:
    """R62: "Provinces with conquered: false may be left empty"."""
    state = start()
    order(state, "germany", moves=[{"from": "par", "path": ["lil"], "divisions": None}])
    resolve(state)
    assert state.divisions("par", "germany") == 0
    assert offenses(state) == []


def test_23_a_conquered_province_keeps_one_division() -> None:
    """R62: "At least one division must remain in all conquered territories"."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        bel russia 3 conquered
        zag russia 5
        """
    )
    order(state, "russia", moves=[{"from": "bel", "path": ["zag"], "divisions": 3}])
    resolve(state)
    assert offenses(state) == ["move/garrison"]
    assert state.divisions("bel", "russia") == 1


def test_24_a_no_garrison_general_lifts_the_rule() -> None:
    """R62/R72: "A general with no_garrison standing in it lifts this rule"."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        leader weyler russia bel
        bel russia 3 conquered
        zag russia 5
        """
    )
    order(state, "russia", moves=[{"from": "bel", "path": ["zag"], "divisions": 3}])
    resolve(state)
    assert offenses(state) == []
    assert state.divisions("bel", "russia") == 0


def test_26_embarking_is_the_move_of_the_phase() -> None:
    """R34: "a division that embarked in this phase cannot disembark in it"."""
    state = start()
    order(
        state,
        "germany",
        embark=[{"province": "ham", "divisions": 1}],
        disembark=[{"province": "ham", "divisions": 1}],
    )
    resolve(state)
    assert offenses(state) == ["disembark/moved"]
    assert state.fleet_in_port("ham", "germany") == Fleet(4, 1)


def test_27_embark_is_cut_to_the_divisions_standing() -> None:
    """R33: cargo may not exceed 2 per ship (embark/no-room); more divisions than stand
    there is cut (embark/too-many).  (The spec's case reads "edi 3 aboard", but the
    data has 1 division standing in Edinburgh, so it is cut to 1 as London is to 3.)"""
    state = start()
    order(
        state,
        "uk",
        embark=[{"province": "edi", "divisions": 3}, {"province": "lon", "divisions": 7}],
    )
    resolve(state)
    assert offenses(state) == ["embark/too-many", "embark/too-many"]
    assert state.fleet_in_port("edi", "uk") == Fleet(3, 1)
    assert state.fleet_in_port("lon", "uk") == Fleet(5, 3)


def test_27b_embark_beyond_the_room_is_cut() -> None:
    """R33: "Cargo may not exceed 2 per ship (embark/no-room, cut)"."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        edi uk 9 fleet=3
        """
    )
    order(state, "uk", embark=[{"province": "edi", "divisions": 9}])
    resolve(state)
    assert offenses(state) == ["embark/no-room"]
    assert state.fleet_in_port("edi", "uk") == Fleet(3, 6)


def test_28_one_sea_step_without_an_admiral() -> None:
    """R35: a longer path is cut to the steps allowed (sail/too-far)."""
    state = start()
    order(state, "spain", sail=[{"from": "bar", "path": ["wme", "gol"], "ships": 2}])
    resolve(state)
    assert offenses(state) == ["sail/too-far"]
    assert state.at_sea["wme"]["spain"].ships == 2


def test_29_no_entering_a_port_that_is_not_friendly() -> None:
    """R35: enter "the port of a friendly province" only (sail/port-not-friendly)."""
    state = position(
        """
        cme italy=1
        """
    )
    order(state, "italy", sail=[{"from": "cme", "path": ["mal"], "ships": 1}])
    resolve(state)
    assert offenses(state) == ["sail/port-not-friendly"]
    assert state.at_sea["cme"]["italy"].ships == 1


def test_33_fleets_that_swap_districts_pass() -> None:
    """R38: every sail order takes its step at once; two fleets swapping districts
    never share one, so no battle."""
    state = position(
        """
        relation germany uk war
        eng uk=2
        """
    )
    order(state, "uk", sail=[{"from": "eng", "path": ["nth"]}])
    order(state, "germany", sail=[{"from": "nth", "path": ["eng"]}])
    resolve(state)
    assert state.at_sea["nth"] == {"uk": Fleet(2, 0)}
    assert state.at_sea["eng"] == {"germany": Fleet(5, 6)}
    assert state.last_report["fleet_battles"] == []  # type: ignore[index]


def test_34_staying_ships_carry_the_cargo() -> None:
    """R37: "the ships that stay must be able to carry the cargo that stays"."""
    state = start()
    order(state, "germany", sail=[{"from": "nth", "path": ["eng"], "ships": 1, "divisions": 0}])
    resolve(state)
    assert offenses(state) == []
    assert state.at_sea["nth"]["germany"] == Fleet(4, 6)


def test_35_cargo_is_adjusted_to_fit() -> None:
    """R37: "its divisions is raised or lowered to the nearest count that fits
    (sail/cargo)"."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        nth germany=5/10
        """
    )
    order(state, "germany", sail=[{"from": "nth", "path": ["eng"], "ships": 1, "divisions": 0}])
    resolve(state)
    assert offenses(state) == ["sail/cargo"]
    assert state.at_sea["eng"]["germany"] == Fleet(1, 2)


def test_71_kitchener_placed_and_moved_in_one_phase() -> None:
    """R66/R67: the UK may place Kitchener in any owned province; R30: "A leader newly
    placed may move in the same phase"."""
    state = start()
    order(state, "uk", place=[{"leader": "kitchener", "at": "egy"}])
    resolve(state)
    assert (state.leaders["kitchener"].where, state.leaders["kitchener"].place) == (
        "province",
        "egy",
    )
    state = start()
    order(
        state,
        "uk",
        place=[{"leader": "kitchener", "at": "lon"}],
        moves=[{"from": "lon", "path": ["bir"], "divisions": 1, "leaders": ["kitchener"]}],
    )
    resolve(state)
    assert offenses(state) == []
    assert state.leaders["kitchener"].place == "bir"


def test_72_placement_only_in_own_provinces() -> None:
    """R67: a general in any province it owns (place/bad-spot otherwise)."""
    state = start()
    order(state, "uk", place=[{"leader": "kitchener", "at": "par"}])
    resolve(state)
    assert offenses(state) == ["place/bad-spot"]
    assert state.leaders["kitchener"].where is None


def test_73_an_unmatched_gift_does_nothing() -> None:
    """R73: "An unmatched bundle does nothing (trade/unmatched)"."""
    state = start()
    order(state, "germany", trades=[{"with": "france", "give": {"provinces": ["par"]}}])
    resolve(state)
    assert offenses(state) == ["trade/unmatched"]
    assert state.owner_of("par") == "germany"


def test_74_a_gift_to_a_landless_nation() -> None:
    """R74: "A recipient that owns no province is exempt"; the giver's divisions pass."""
    state = start()
    par = state.divisions("par", "germany")
    order(state, "germany", trades=[{"with": "france", "give": {"provinces": ["par"]}}])
    order(state, "france", trades=[{"with": "germany", "get": {"provinces": ["par"]}}])
    resolve(state)
    assert state.owner_of("par") == "france"
    assert state.divisions("par", "france") == par
    assert offenses(state) == []


def test_75_no_pp_to_a_landless_nation() -> None:
    """R75: "pp can be neither given to nor paid by a nation that owns no province"."""
    state = start()
    order(state, "germany", trades=[{"with": "france", "give": {"pp": 2}}])
    order(state, "france", trades=[{"with": "germany", "get": {"pp": 2}}])
    resolve(state)
    assert offenses(state, "germany") == ["trade/no-land"]


def test_76_a_province_needs_a_border_or_a_line_of_ships() -> None:
    """R74: the recipient must own an adjacent province or have a line of ships."""
    state = start()
    order(state, "russia", trades=[{"with": "italy", "give": {"provinces": ["zag"]}}])
    order(state, "italy", trades=[{"with": "russia", "get": {"provinces": ["zag"]}}])
    resolve(state)
    assert offenses(state, "russia") == ["trade/no-border"]
    assert state.owner_of("zag") == "russia"


def test_78_pp_by_sea_without_a_grant() -> None:
    """R75: a route over districts free of enemies; credited at the next D1."""
    state = start()
    order(state, "spain", trades=[{"with": "italy", "give": {"pp": 2}}])
    order(state, "italy", trades=[{"with": "spain", "get": {"pp": 2}}])
    resolve(state)
    assert offenses(state) == []
    assert state.nations["italy"].credits == [(8, None)]
    resolve(state)
    order(state, "italy", builds=[{"province": "rom", "divisions": 17}])
    resolve(state)
    assert offenses(state) == []  # 15 + 2


def test_79_a_two_sided_change_needs_both() -> None:
    """R80: "A two-sided change ordered by one nation only does nothing"."""
    state = start()
    order(state, "italy", diplomacy=[{"with": "spain", "to": "alliance"}])
    resolve(state)
    assert offenses(state) == ["dip/unmatched"]
    assert state.relation("italy", "spain") == "peace"


def test_80_both_declaring_war_both_pay() -> None:
    """R80: "If both nations order the same one-sided change in the same phase, both
    pay"."""
    state = start()
    order(state, "spain", diplomacy=[{"with": "italy", "to": "war"}])
    order(state, "italy", diplomacy=[{"with": "spain", "to": "war"}])
    resolve(state)
    assert state.relation("italy", "spain") == "war"
    assert "spent 3" in production_line(state, "spain")
    assert "spent 3" in production_line(state, "italy")


def test_81_a_landless_nation_cannot_afford_war() -> None:
    """R83: the change is refused if the remaining allowance cannot cover it."""
    state = start()
    order(state, "france", diplomacy=[{"with": "spain", "to": "war"}])
    resolve(state)
    assert offenses(state) == ["dip/cannot-afford"]


def test_82_no_break_with_units_in_the_allys_land() -> None:
    """R84: a break is refused while the breaker has units in the ally's land."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        relation germany italy alliance
        vie germany 3 italy=2
        """
    )
    order(state, "italy", diplomacy=[{"with": "germany", "to": "peace"}])
    resolve(state)
    assert offenses(state) == ["dip/units-in-ally-land"]


def test_83_the_ally_that_breaks_displaces_guests() -> None:
    """R84: "the former ally's units left in the breaker's provinces are displaced"."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        relation germany italy alliance
        vie germany 3 italy=2
        mil italy 3
        """
    )
    mil = state.divisions("mil", "italy")
    order(state, "germany", diplomacy=[{"with": "italy", "to": "peace"}])
    resolve(state)
    assert state.relation("germany", "italy") == "peace"
    assert state.divisions("vie", "italy") == 0
    assert state.divisions("mil", "italy") + state.divisions("ven", "italy") >= mil + 2


def test_84_forced_drop_defaults_to_the_declarer() -> None:
    """R85: "If X names none ... X drops the one that declared the war"."""
    state = start()
    order(state, "italy", diplomacy=[{"with": "uk", "to": "war"}])
    resolve(state)
    assert state.nations["germany"].drop_due == ("uk", "italy", "italy")
    order(state, "germany")
    resolve(state)
    assert state.relation("germany", "italy") == "peace"
    assert state.relation("germany", "uk") == "alliance"


def test_85_no_alliance_with_an_enemy_of_an_ally() -> None:
    """R86: "You MAY NOT ally an enemy of your ally" (dip/ally-at-war)."""
    state = start()
    order(state, "spain", diplomacy=[{"with": "ottoman", "to": "alliance"}])
    order(state, "ottoman", diplomacy=[{"with": "spain", "to": "alliance"}])
    resolve(state)
    assert offenses(state) == ["dip/ally-at-war", "dip/ally-at-war"]


def test_86_war_to_alliance_is_not_a_change() -> None:
    """R79: war to alliance is "not allowed (dip/no-such-change)"."""
    state = start()
    order(state, "russia", diplomacy=[{"with": "austria_hungary", "to": "alliance"}])
    order(state, "austria_hungary", diplomacy=[{"with": "russia", "to": "alliance"}])
    resolve(state)
    assert offenses(state) == ["dip/no-such-change", "dip/no-such-change"]


def test_92_the_latest_submission_wins() -> None:
    """R4: "A later submission by a nation for the same phase replaces its earlier one
    completely"."""
    state = start()
    order(state, "spain", builds=[{"province": "mad", "divisions": 1}])
    order(state, "spain", builds=[{"province": "bar", "divisions": 1}])
    mad, bar = state.divisions("mad", "spain"), state.divisions("bar", "spain")
    resolve(state)
    assert state.divisions("mad", "spain") == mad
    assert state.divisions("bar", "spain") == bar + 1


def test_93_a_silent_human_seat_gets_empty_orders() -> None:
    """R5: "a human seat that sent nothing gets empty orders ... the report says so"."""
    state = start()
    resolve(state)
    assert any("Spain sent no orders" in c for c in state.last_report["comments"])  # type: ignore[index]


def test_94_an_idle_seat_never_accepts() -> None:
    """R1: "An idle seat never gives orders"."""
    state = position(
        """
        seat france france idle
        """
    )
    order(state, "germany", trades=[{"with": "france", "give": {"provinces": ["par"]}}])
    with pytest.raises(IllegalOrderError) as err:
        order(state, "france", trades=[{"with": "germany", "get": {"provinces": ["par"]}}])
    assert err.value.code == "order/idle-seat"
    resolve(state)
    assert offenses(state) == ["trade/unmatched"]


def test_96_an_unknown_province_is_refused_at_submission() -> None:
    """R6: an order that names an unknown province is malformed (order/unknown-id), and
    the state is untouched."""
    state = start()
    before = state.to_json()
    with pytest.raises(IllegalOrderError) as err:
        order(state, "spain", builds=[{"province": "xyz", "divisions": 1}])
    assert err.value.code == "order/unknown-id"
    assert state.to_json() == before


def test_96b_another_nations_leader_is_not_yours() -> None:
    """R6: a leader of another nation is malformed (order/not-yours)."""
    state = start()
    with pytest.raises(IllegalOrderError) as err:
        order(state, "spain", moves=[{"from": "bar", "path": ["val"], "leaders": ["diaz"]}])
    assert err.value.code == "order/not-yours"


def test_97_a_province_received_builds_on_the_recipients_network() -> None:
    """R18: a province received by trade joins the recipient's network it links to."""
    state = start()
    order(state, "germany", trades=[{"with": "spain", "give": {"provinces": ["par"]}}])
    order(
        state,
        "spain",
        trades=[{"with": "germany", "get": {"provinces": ["par"]}}],
        builds=[{"province": "par", "divisions": 1}],
    )
    resolve(state)
    assert offenses(state) == []
    assert state.owner_of("par") == "spain"
    assert "spent 1," in production_line(state, "spain")


def test_98_pay_first_chooses_the_network() -> None:
    """R19: costs are charged to the network holding ``pay_first`` first."""
    state = position(
        """
        turn 3
        nao ottoman=1
        """
    )
    order(state, "uk", pay_first="ire", diplomacy=[{"with": "italy", "to": "war"}])
    resolve(state)
    line = production_line(state, "uk")
    assert "{Ireland} allowance 3, spent 3" in line


def test_99_cargo_that_would_empty_a_conquered_port_is_cut() -> None:
    """R62: the garrison may be aboard the owner's ships in the port; a sail that would
    take it away is cut (sail/garrison)."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        relation germany uk war
        edi germany 1 fleet=5 conquered
        """
    )
    order(
        state,
        "germany",
        embark=[{"province": "edi", "divisions": 1}],
        sail=[{"from": "edi", "path": ["nth"], "ships": 2, "divisions": 1}],
    )
    resolve(state)
    assert offenses(state) == ["sail/garrison"]
    assert state.fleet_in_port("edi", "germany") == Fleet(3, 1)


def _balkans(grant: bool) -> GreatWarState:
    """Istanbul British (at war with the Ottomans), Sofia and Bucharest Russian: the
    Ottoman land around Thessaloniki is cut off from Anatolia unless Russia grants
    passage."""
    return RULESET.from_position_text(
        f"""
        ruleset greatwar1907
        turn 2
        relation ottoman uk war
        {"grant russia ottoman" if grant else ""}
        ist uk
        sof russia
        buc russia
        adr uk=1
        """
    )


def test_04_05_the_pocket_and_the_grant() -> None:
    """R14, R17: without a grant the pocket {ths, tir, lar} is 2.75 pp; with Russia's
    grant from the previous phase the Ottomans have one network of 12.5."""
    from engine.rulesets.greatwar1907.supply import networks

    assert [n.allowance / 4 for n in networks(_balkans(False), "ottoman")] == [9.75, 2.75]
    assert [n.allowance / 4 for n in networks(_balkans(True), "ottoman")] == [12.5]


def test_06_a_grant_ordered_now_counts_from_the_next_phase() -> None:
    """R17: "A grant or revocation takes effect from the next phase"."""
    state = _balkans(False)
    order(state, "russia", passage=[{"nation": "ottoman", "grant": True}])
    order(state, "ottoman", builds=[{"province": "ths", "divisions": 3}])
    resolve(state)
    assert offenses(state) == ["build/no-pp"]
    assert ("russia", "ottoman") in state.grants
    assert "allowance 2.75, spent 2" in production_line(state, "ottoman")


def test_extra_sea_moves_let_a_fleet_leave_port_and_move_on() -> None:
    """R35/R72 ``extra_sea_moves``: with such an admiral the path may have 1 + e steps
    "(for example leave port and move one district)"; he sails out with his ships."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        leader beatty uk lon
        lon uk 3 fleet=4
        """
    )
    order(
        state,
        "uk",
        sail=[{"from": "lon", "path": ["eng", "bis"], "ships": 2, "leaders": ["beatty"]}],
    )
    resolve(state)
    assert offenses(state) == []
    assert state.at_sea["bis"]["uk"].ships == 2
    assert (state.leaders["beatty"].where, state.leaders["beatty"].place) == ("sea", "bis")


def test_fast_build_ships_sail_at_once() -> None:
    """R72 ``fast_build``: "ships built in the port of the province he stands in are
    ready at once and may sail in the same Deployment phase"."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        leader fisher uk liv
        liv uk 1 fleet=1
        """
    )
    order(
        state,
        "uk",
        builds=[{"province": "liv", "ships": 2}],
        sail=[{"from": "liv", "path": ["iri"], "ships": 3}],
    )
    resolve(state)
    assert offenses(state) == []
    assert state.at_sea["iri"]["uk"].ships == 3
    assert "liv" not in state.hulls


def test_drop_ally_named_and_a_bad_name() -> None:
    """R85: X names the ally to drop; naming a nation that is not one of the two is
    `dip/bad-drop` and the default drop is used."""
    state = start()
    order(state, "italy", diplomacy=[{"with": "uk", "to": "war"}])
    resolve(state)
    order(state, "germany", drop_ally="russia")
    resolve(state)
    assert offenses(state, "germany") == ["dip/bad-drop"]
    assert state.relation("germany", "italy") == "peace"  # the declarer, by default
    assert state.relation("germany", "uk") == "alliance"


def test_credits_go_to_the_receive_at_network() -> None:
    """R75: the amount is credited at the recipient's next D1 to the network holding
    ``receive_at``."""
    state = start()
    order(state, "spain", trades=[{"with": "italy", "give": {"pp": 1}}])
    order(state, "italy", trades=[{"with": "spain", "get": {"pp": 1}, "receive_at": "tun"}])
    resolve(state)
    assert state.nations["italy"].credits == [(4, "tun")]


def test_99b_when_the_garrison_stays_aboard_a_ship_stays_with_it() -> None:
    """R62, R37: the garrison aboard needs a ship that stays; the moving ships still
    carry at most 2 each (decision: the order's ships are reduced)."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        turn 2
        edi germany fleet=2/4 conquered
        nth germany=5/6
        """
    )
    order(state, "germany", sail=[{"from": "edi", "path": ["nth"], "ships": 2, "divisions": 4}])
    resolve(state)
    assert offenses(state) == ["sail/garrison"]
    assert state.fleet_in_port("edi", "germany") == Fleet(1, 2)
    assert state.at_sea["nth"]["germany"] == Fleet(5 + 1, 6 + 2)
