"""Rule cases of the Attack phase and the end of a turn (spec §10, cases 16, 25,
30-70, 87-91, 100).  Dice are scripted in the order of R8 and R52: each round the
first side's dice, then the other's, then each tied pair's rethrows."""

from __future__ import annotations

from engine.rulesets.greatwar1907.state import Fleet
from tests.greatwar1907.helpers import (
    RULESET,
    offenses,
    order,
    position,
    resolve,
    start,
)


def attack_phase(turn: int = 2) -> object:
    return start(turn=turn, phase="attack")


def test_16_a_hull_is_lost_with_its_province() -> None:
    """R25: "A hull is destroyed when its province changes owner"."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        phase attack
        relation germany uk war
        yor germany 6
        edi uk 1 hulls=1
        """
    )
    order(state, "germany", attacks=[{"from": "yor", "target": "edi", "divisions": 6}])
    resolve(state, dice=[6, 6, 1] * 3)
    assert state.owner_of("edi") == "germany"
    assert "edi" not in state.hulls


def test_25_recapturing_a_starting_province_clears_the_flag() -> None:
    """R61: a capture sets the flag "except when the captor is the nation that owned the
    province at the start of the game"."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        phase attack
        relation germany uk war
        lil germany 3
        par uk 1 conquered
        """
    )
    order(state, "germany", attacks=[{"from": "lil", "target": "par", "divisions": 3}])
    resolve(state, dice=[6, 6, 1])
    assert state.owner_of("par") == "germany"
    assert "par" not in state.conquered


def test_30_no_leaving_port_in_the_attack_phase() -> None:
    """R36: "A ship may not leave or enter a port (sail/port)" in the Attack phase."""
    state = start(phase="attack")
    order(state, "italy", sail=[{"from": "nap", "path": ["tyr"], "ships": 1}])
    resolve(state)
    assert offenses(state) == ["sail/port"]


def test_31_no_sailing_into_a_district_held_by_a_friend() -> None:
    """R36: only into a district that holds no ships but one's own and enemies'."""
    state = position(
        """
        phase attack
        nws uk=2
        """
    )
    order(state, "uk", sail=[{"from": "nws", "path": ["nth"]}])
    resolve(state)
    assert offenses(state) == ["sail/blocked"]
    assert state.at_sea["nws"]["uk"].ships == 2


def test_32_sailing_into_an_enemy_fleet_is_a_battle_the_mover_attacks() -> None:
    """R36, R41, R43: "If one side entered, it attacks and the other defends"."""
    state = position(
        """
        phase attack
        relation germany uk war
        nws uk=2
        """
    )
    order(state, "uk", sail=[{"from": "nws", "path": ["nth"]}])
    resolve(state, dice=[1, 1, 6, 6] * 5)
    battles = state.last_report["fleet_battles"]  # type: ignore[index]
    assert len(battles) == 1
    assert "German Empire 5 ships (6 div, defending)" in battles[0]
    assert "(0 div, attacking)" in battles[0]


def test_36_fleet_battle_one_against_one() -> None:
    """R44, R52: a tie is rethrown until the dice differ; the lower loses; the nation
    whose opponent's fleet is destroyed gains 1 NP (R46)."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        phase attack
        relation germany uk war
        nth germany=1
        nws uk=1
        """
    )
    order(state, "uk", sail=[{"from": "nws", "path": ["nth"]}])
    np_before = state.nations["germany"].np
    resolve(state, dice=[3, 3, 5, 2])  # Germany first: 3 v 3, rethrown 5 v 2
    assert "uk" not in state.at_sea["nth"]
    assert state.at_sea["nth"]["germany"] == Fleet(1, 0)
    assert state.nations["germany"].np == np_before + 1


def test_38_several_nations_in_one_district() -> None:
    """R42: each warring pair is a separate battle, "ordered by the earlier nation of
    the pair in nation order, then by the later one"."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        phase attack
        relation germany uk war
        relation ottoman uk war
        eme germany=2 ottoman=2 uk=2
        """
    )
    resolve(state, dice=[6, 6, 1, 1] * 2 + [6, 6, 1, 1] * 2)
    battles = state.last_report["fleet_battles"]  # type: ignore[index]
    assert battles[0].startswith("Eastern Mediterranean: German Empire")
    assert "fleet is destroyed" in battles[0]
    assert len(battles) == 1  # the UK fleet was sunk by Germany: no UK-Ottoman battle


def test_39_ships_in_port_never_fight() -> None:
    """R41: "Ships in port never fight"."""
    state = position(
        """
        relation germany uk war
        """
    )
    resolve(state)
    assert state.last_report["fleet_battles"] == []  # type: ignore[index]


def test_40_a_declaration_makes_sharing_fleets_fight() -> None:
    """R41, R43, R82: fleets already together at peace fight after step 1 once war is
    declared, both defending."""
    state = position(
        """
        nth germany=5/6 uk=2
        """
    )
    order(state, "germany", diplomacy=[{"with": "uk", "to": "war"}])
    # Germany and the UK are allies: alliance to war costs 6
    resolve(state, dice=[6, 6, 1, 1])
    battles = state.last_report["fleet_battles"]  # type: ignore[index]
    assert len(battles) == 1 and battles[0].count("defending") == 2


def test_41_an_admiral_may_evade_and_still_blockades() -> None:
    """R72 ``evade_chance``: "this chance that the battle does not take place in this
    step; the ships stay together and still blockade"."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        relation germany uk alliance
        leader souchon germany nth
        nth germany=5/6 uk=2
        """
    )
    order(state, "germany", diplomacy=[{"with": "uk", "to": "war"}])
    resolve(state, chances=[0])
    assert "evaded" in state.last_report["fleet_battles"][0]  # type: ignore[index]
    assert set(state.at_sea["nth"]) == {"germany", "uk"}
    from engine.rulesets.greatwar1907.supply import closed_districts

    assert "nth" in closed_districts(state, "uk") and "nth" in closed_districts(state, "germany")


def test_42_strike_on_a_neutral_port_on_the_district() -> None:
    """R47: the port of p must open on d; p Neutral or at war."""
    state = attack_phase()
    order(state, "germany", strikes=[{"from": "nth", "target": "ams", "divisions": 6}])
    resolve(state, dice=[6, 6, 6, 1, 1, 1] * 4)
    assert offenses(state) == []
    assert state.owner_of("ams") == "germany"


def test_43_strike_needs_the_port_on_the_district() -> None:
    """R47: `strike/no-port-here`."""
    state = position(
        """
        turn 2
        phase attack
        relation germany uk war
        """
    )
    order(state, "germany", strikes=[{"from": "nth", "target": "lon", "divisions": 2}])
    resolve(state)
    assert offenses(state) == ["strike/no-port-here"]


def test_44_strike_after_the_move() -> None:
    """R47: the fleet may have moved into d in this phase; the strike is resolved at A5."""
    state = attack_phase()
    order(
        state,
        "uk",
        sail=[{"from": "eme", "path": ["aeg"]}],
        strikes=[{"from": "aeg", "target": "smy", "divisions": 2}],
    )
    resolve(state, dice=[6, 6, 1, 1] * 3)
    assert offenses(state) == []
    assert state.owner_of("smy") == "uk"


def test_45_strike_without_a_fleet_is_dropped() -> None:
    """R48: dropped "if the nation has no ships in d any more (strike/no-fleet)"."""
    state = position(
        """
        turn 2
        phase attack
        aeg ottoman=5
        """
    )
    order(
        state,
        "uk",
        sail=[{"from": "eme", "path": ["aeg"]}],
        strikes=[{"from": "aeg", "target": "smy"}],
    )
    resolve(state, dice=[1, 1, 6, 6] * 4)
    assert "uk" not in state.at_sea.get("aeg", {})
    assert offenses(state) == ["strike/no-fleet"]


def test_46_strike_and_attack_form_one_force() -> None:
    """R49: "A strike on p joins the same nation's land attacks on p into one force"."""
    state = attack_phase()
    order(
        state,
        "germany",
        attacks=[{"from": "ruh", "target": "bru", "divisions": 2}],
        strikes=[{"from": "nth", "target": "bru", "divisions": 3}],
    )
    resolve(state, dice=[6, 6, 1, 1, 1] * 3)
    line = state.last_report["attacks"][0]  # type: ignore[index]
    assert line.startswith("Attack on Brussels") and "from North Sea, Ruhr 5 v" in line


def test_48_a_failed_strike_kills_its_divisions_the_general_may_go_back_aboard() -> None:
    """R51: the striking divisions are dead, the ships stay; a surviving general goes
    back aboard."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        turn 2
        phase attack
        leader kitchener uk aeg
        relation ottoman uk war
        smy ottoman 2 fleet=2
        aeg uk=2/2
        """
    )
    order(
        state,
        "uk",
        strikes=[{"from": "aeg", "target": "smy", "divisions": 2, "leaders": ["kitchener"]}],
    )
    resolve(state, dice=[1, 1, 6, 6] * 2, chances=[0])
    assert state.at_sea["aeg"]["uk"] == Fleet(2, 0)
    assert (state.leaders["kitchener"].where, state.leaders["kitchener"].place) == ("sea", "aeg")


def test_49_one_attacker_rolls_one_die() -> None:
    """R53: never more dice than divisions: 1 attacker v 2 defenders, one pair."""
    state = position(
        """
        turn 2
        phase attack
        swi neutral 2
        """
    )
    order(state, "italy", attacks=[{"from": "gen", "target": "swi", "divisions": 1}])
    resolve(state, dice=[2, 5, 3])
    assert "r1 2 v 5 3: -1/-0" in state.last_report["attacks"][0]  # type: ignore[index]


def test_50_three_against_three_with_a_tie() -> None:
    """R52: attacker 5 5 2 v defender 5 4 1, the 5 v 5 pair rethrown 6 v 1: "every
    compared pair kills exactly one unit": the defender loses 3, the province is taken."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        phase attack
        leader haig italy gen
        gen italy 4
        swi neutral 3
        """
    )  # Haig: +1 attack die, so 3 dice
    assert "attack_dice" in state.map.leader("haig").effects
    order(
        state,
        "italy",
        attacks=[{"from": "gen", "target": "swi", "divisions": 3, "leaders": ["haig"]}],
    )
    resolve(state, dice=[5, 5, 2, 5, 4, 1, 6, 1])
    line = state.last_report["attacks"][0]  # type: ignore[index]
    assert "r1 5 5 2 v 5 4 1, tie 6 v 1: -0/-3 => Italy takes it with 3" in line
    assert state.owner_of("swi") == "italy"


def test_51_neutral_land_needs_no_declaration() -> None:
    """R10, R54: "Any nation may attack a Neutral province without a declaration"."""
    state = start(phase="attack")
    order(state, "spain", attacks=[{"from": "mad", "target": "lis", "divisions": 2}])
    resolve(state, dice=[6, 6, 1, 1] * 2)
    assert offenses(state) == []
    assert state.owner_of("lis") == "spain"


def test_52_no_attack_on_a_nation_at_peace() -> None:
    """R54: `attack/not-hostile`."""
    state = start(phase="attack")
    order(state, "italy", attacks=[{"from": "mar", "target": "lyo", "divisions": 2}])
    resolve(state)
    assert offenses(state) == ["attack/not-hostile"]


def test_53_attacks_drawing_on_the_same_divisions_are_served_as_listed() -> None:
    """R54: "Orders drawing on the same divisions are served as listed and cut when they
    run out (attack/too-many)"."""
    state = start(phase="attack")
    order(
        state,
        "russia",
        attacks=[
            {"from": "zag", "target": "bel", "divisions": 5},
            {"from": "zag", "target": "bos", "divisions": 2},
        ],
    )
    resolve(state, dice=[6, 6, 1, 1] * 3)
    assert offenses(state) == ["attack/too-many"]


def test_54_guests_may_attack() -> None:
    """R12, R54: "from may be the nation's own province or an ally's (guests)"."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        phase attack
        relation germany italy alliance
        vie germany 3 italy=2
        swi neutral 4
        """
    )
    order(state, "italy", attacks=[{"from": "vie", "target": "swi", "divisions": 2}])
    resolve(state, dice=[1, 1, 6, 6] * 3)
    assert offenses(state) == []
    assert "Italy from Vienna" in state.last_report["attacks"][0]  # type: ignore[index]


def test_55_an_empty_province_is_taken_without_battle_or_vp() -> None:
    """R58, R63: "Taking an empty province gives no VP"."""
    state = position(
        """
        phase attack
        swi neutral
        """
    )
    vp = state.nations["italy"].vp
    order(state, "italy", attacks=[{"from": "gen", "target": "swi", "divisions": 1}])
    resolve(state)
    assert state.owner_of("swi") == "italy"
    assert state.nations["italy"].vp == vp


def test_57_a_later_force_fights_the_new_holder_if_at_war() -> None:
    """R57: "Each later force then fights whoever holds p, if that holder is Neutral or
    at war with it"."""
    state = position(
        """
        turn 2
        phase attack
        relation ottoman russia war
        """
    )
    order(
        state,
        "russia",
        attacks=[{"from": "zag", "target": "bel", "divisions": 4, "leaders": ["brusilov"]}],
    )
    order(state, "ottoman", attacks=[{"from": "ths", "target": "bel", "divisions": 2}])
    resolve(state, dice=[6, 4, 1, 5, 4, 2, 3, 3, 2, 2, 3, 5, 1] + [1, 1, 6, 6, 6] * 3)
    attacks = state.last_report["attacks"]  # type: ignore[index]
    assert "Russian Empire takes it with 3" in attacks[0]
    assert "Ottoman Empire from Thessaloniki 2 v Russian Empire 3" in attacks[1]


def test_58_attacks_both_ways_across_a_border() -> None:
    """R55: attacking divisions do not defend their origin; two separate battles."""
    state = position(
        """
        phase attack
        relation italy spain war
        """
    )
    spain_vp = state.nations["spain"].vp
    order(state, "italy", attacks=[{"from": "mar", "target": "lyo", "divisions": None}])
    order(state, "spain", attacks=[{"from": "lyo", "target": "mar", "divisions": 1}])
    resolve(state, dice=[1, 1, 6, 6, 6] * 6)
    assert state.owner_of("mar") == "spain"
    assert state.nations["spain"].vp == spain_vp


def test_59_fleets_do_not_cut_ferries() -> None:
    """R14, R54: Germany attacks London from Lille over the Dover ferry with a UK
    fleet in the Channel."""
    state = position(
        """
        phase attack
        relation germany uk war
        eng uk=3
        """
    )
    order(state, "germany", attacks=[{"from": "lil", "target": "lon", "divisions": 3}])
    resolve(state, dice=[1, 1, 6, 6, 6] * 3)
    assert offenses(state, "germany") == []
    assert state.last_report["attacks"][0].startswith("Attack on London")  # type: ignore[index]


def test_60_a_stood_down_force_whose_origin_fell() -> None:
    """R59: a force that stood down returns to its origin if still friendly, otherwise to
    the friendly neighbour of the target with most of its divisions."""
    # The Ottoman force from Thessaloniki on Belgrade stands down (its ally Russia takes
    # Belgrade) while Thessaloniki falls to the UK, which holds Sofia (hypothetical).
    state = position(
        """
        phase attack
        sof uk 6
        """
    )
    order(state, "russia", attacks=[{"from": "zag", "target": "bel", "divisions": 4}])
    order(state, "ottoman", attacks=[{"from": "ths", "target": "bel", "divisions": 2}])
    order(state, "uk", attacks=[{"from": "sof", "target": "ths", "divisions": 6}])
    resolve(state, dice=[6, 6, 6, 1, 1] * 6)
    assert state.owner_of("bel") == "russia"
    assert state.owner_of("ths") == "uk"
    # no Ottoman province borders Belgrade; Budapest and Zagreb (Russian, allied) are
    # friendly with no Ottoman divisions: map order picks Budapest
    assert state.divisions("bud", "ottoman") == 2
    assert state.divisions("ths", "ottoman") == 0


def test_61_ships_in_a_captured_port() -> None:
    """R60: the former owner's ships become the captor's; other nations' ships are
    pushed out to the district."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        phase attack
        relation germany uk war
        yor germany 6
        edi uk 1 fleet=3 fleet:spain=1
        """
    )
    order(state, "germany", attacks=[{"from": "yor", "target": "edi", "divisions": 6}])
    resolve(state, dice=[6, 6, 1])
    assert state.docked["edi"] == {"germany": Fleet(3, 0)}
    assert state.at_sea["nth"]["spain"] == Fleet(1, 0)


def test_62_cargo_in_port_defends_after_the_standing_divisions() -> None:
    """R56: the owner's divisions aboard its ships in the port defend; "Losses are taken
    from the owner's standing divisions first, then from the owner's divisions aboard"."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        phase attack
        relation germany uk war
        yor germany 6
        edi uk 1 fleet=3/2
        """
    )
    order(state, "germany", attacks=[{"from": "yor", "target": "edi", "divisions": 1}])
    # r1: 6 v 1 1 1, the UK loses one (its standing division); r2: 1 v 6 6
    resolve(state, dice=[6, 1, 1, 1, 1, 6, 6])
    assert "r1 6 v 1 1 1: -0/-1; r2 1 v 6 6: -1/-0 => holds" in state.last_report["attacks"][0]  # type: ignore[index]
    assert state.divisions("edi", "uk") == 0
    assert state.docked["edi"]["uk"] == Fleet(3, 2)


def test_63_no_vp_for_neutral_garrisons_when_the_option_is_off() -> None:
    """R63 option ``neutral_garrison_vp`` off: only garrisons of nations at war count."""
    state = start(phase="attack", neutral_garrison_vp=False)
    vp = state.nations["spain"].vp
    order(state, "spain", attacks=[{"from": "mad", "target": "lis", "divisions": 2}])
    resolve(state, dice=[6, 6, 1, 1] * 2)
    assert state.owner_of("lis") == "spain"
    assert state.nations["spain"].vp == vp


def test_64_diaz_on_italian_soil() -> None:
    """R70: Diaz's soil_dice: +2 attack dice in a province whose core is Italy: 4 dice
    with 5 divisions."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        phase attack
        relation italy spain war
        leader diaz italy mil
        mil italy 5
        gen spain 3
        """
    )
    order(
        state,
        "italy",
        attacks=[{"from": "mil", "target": "gen", "divisions": 5, "leaders": ["diaz"]}],
    )
    resolve(state, dice=[6, 6, 6, 6, 1, 1, 1])
    assert "r1 6 6 6 6 v 1 1 1" in state.last_report["attacks"][0]  # type: ignore[index]


def test_65_liman_von_sanders_trains_a_division() -> None:
    """R64: ``spawn_division`` current: one free division where he stands, if owned."""
    state = start(phase="attack")
    resolve(state)
    assert state.divisions("ath", "ottoman") == 4


def test_66_falkenhayn_spawns_only_in_a_captured_province() -> None:
    """R64: ``captured``: only in a province his nation captured this Attack phase."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        turn 2
        phase attack
        relation germany uk war
        leader falkenhayn germany nth
        edi uk 1 fleet=3
        nth germany=5/6
        """
    )
    order(
        state,
        "germany",
        strikes=[{"from": "nth", "target": "edi", "divisions": 2, "leaders": ["falkenhayn"]}],
    )
    resolve(state, dice=[1, 1, 6, 1, 6])
    assert state.owner_of("edi") == "uk"
    assert not any("raises a division in Edinburgh" in a for a in state.last_report["awards"])  # type: ignore[index]


def test_67_kitchener_dies_when_the_survival_roll_fails() -> None:
    """R71: "He survives with the chance survive_loss"; "Dead leaders leave the game for
    good"."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        phase attack
        relation ottoman uk war
        leader kitchener uk egy
        egy uk 5
        dam ottoman 3
        """
    )
    order(
        state,
        "uk",
        attacks=[{"from": "egy", "target": "dam", "divisions": 2, "leaders": ["kitchener"]}],
    )
    resolve(state, dice=[1, 1, 6, 6, 6] * 3, chances=[999])
    assert not state.leaders["kitchener"].alive


def test_68_a_general_at_nine_vp() -> None:
    """R65: the n-th general at 3·n(n+1)/2 VP: the 2nd at 9; drawn from the pile,
    unplaced."""
    state = start(phase="attack")
    pile = len(state.general_pile)
    order(state, "ottoman", attacks=[{"from": "ath", "target": "lam", "divisions": 3}])
    resolve(state, dice=[6, 6, 1, 1, 1] * 3, draws=["kemal"])
    assert state.nations["ottoman"].vp == 9
    assert state.nations["ottoman"].generals_awarded == 2
    assert len(state.general_pile) == pile - 1 and "kemal" not in state.general_pile
    drawn = [x for x in state.leaders.values() if x.nation == "ottoman" and x.where is None]
    assert [x.id for x in drawn] == ["kemal"] and drawn[0].alive


def test_69_several_thresholds_at_once() -> None:
    """R65: "a nation that passes several totals at once gets several" (9 and 18)."""
    from engine.rulesets.greatwar1907.attack import award
    from engine.rulesets.greatwar1907.context import Context

    state = position(
        """
        phase attack
        nation ottoman vp=19 generals=1
        """
    )
    award(Context(state, {}))
    assert state.nations["ottoman"].generals_awarded == 3
    assert sum(1 for x in state.leaders.values() if x.nation == "ottoman") == 3


def test_70_an_empty_pile_still_counts_the_award() -> None:
    """R65: "if the pile is empty nothing is drawn, but the count still goes up"."""
    from engine.rulesets.greatwar1907.attack import award
    from engine.rulesets.greatwar1907.context import Context

    state = position(
        """
        phase attack
        nation ottoman vp=9 generals=1
        generals
        """
    )
    award(Context(state, {}))
    assert state.nations["ottoman"].generals_awarded == 2
    assert sum(1 for x in state.leaders.values() if x.nation == "ottoman") == 1


def test_87_war_declared_in_the_attack_phase_allows_attacks() -> None:
    """R82: "A war declared in an Attack phase allows attacks in that same phase"; the
    cost is owed (R83)."""
    state = start(phase="attack")
    order(
        state,
        "spain",
        diplomacy=[{"with": "italy", "to": "war"}],
        attacks=[{"from": "tou", "target": "mar", "divisions": 2}],
    )
    resolve(state, dice=[1, 1, 6, 6, 6] * 3)
    assert offenses(state) == []
    assert state.nations["spain"].owed == 12
    assert state.last_report["attacks"][0].startswith("Attack on Marseilles")  # type: ignore[index]


def test_88_thirty_vp_wins() -> None:
    """R89: "If any nation has at least victory_vp VP (default 30), the game ends"."""
    state = position(
        """
        phase attack
        nation spain vp=30 generals=1
        """
    )
    resolve(state)
    assert state.phase.value == "game-over" and state.winners == ["spain"]


def test_89_ties_by_provinces_then_pp_then_shared() -> None:
    """R91: "More VP, then more provinces owned, then more pp ... the tied nations share
    the win"."""
    state = position(
        """
        phase attack
        nation spain vp=31 generals=1
        nation italy vp=31 np=1 generals=1
        """
    )
    resolve(state)
    assert state.winners == ["spain"]  # 11 provinces each, 17.75 pp against 15
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        phase attack
        nation spain vp=31
        nation italy vp=31
        lyo italy
        """
    )
    resolve(state)
    assert state.winners == ["italy"]  # 12 provinces against 10
    state = position(
        """
        phase attack
        nation france vp=31
        nation austria_hungary vp=31
        """
    )
    resolve(state)
    assert state.winners == ["france", "austria_hungary"]


def test_90_turn_limit() -> None:
    """R90: after turn ``turn_limit`` the nation with most VP wins."""
    state = start(turn=20, phase="attack")
    resolve(state)
    assert state.winners == ["ottoman"]  # 8 VP


def test_91_the_game_ends_at_a9_after_spawns_and_awards() -> None:
    """R88: victory is checked at step A9, after A7 spawning and A8 awards."""
    state = position(
        """
        phase attack
        nation ottoman vp=29 generals=1
        """
    )
    order(state, "ottoman", attacks=[{"from": "ath", "target": "lam", "divisions": 3}])
    resolve(state, dice=[6, 6, 1, 1, 1] * 3, draws=["kemal", "enver", "hindenburg"])
    assert state.winners == ["ottoman"]
    assert state.nations["ottoman"].generals_awarded == 4
    assert any("raises a division" in a for a in state.last_report["awards"])  # type: ignore[index]


def test_100_a_defending_general_who_survives_retreats() -> None:
    """R71: a surviving general of a captured province goes to the adjacent province of
    his nation with most of its divisions."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        phase attack
        relation spain uk war
        leader smith_dorrien uk gib
        svl spain 6
        gib uk 2 fleet=2
        mor uk 3
        """
    )
    assert state.map.leader("smith_dorrien").effects["survive_loss"] == 0.75
    order(state, "spain", attacks=[{"from": "svl", "target": "gib", "divisions": 6}])
    resolve(state, dice=[6, 6, 1, 1] * 4, chances=[0])
    assert state.owner_of("gib") == "spain"
    assert (state.leaders["smith_dorrien"].where, state.leaders["smith_dorrien"].place) == (
        "province",
        "mor",
    )


def test_page_helpers_list_the_legal_targets() -> None:
    """Spec §3.2: "the legal free-move, sailing, strike and attack targets from a place"."""
    from engine.rulesets.greatwar1907 import (
        attack_targets,
        free_move_targets,
        sail_targets,
        strike_targets,
    )

    state = start()
    assert free_move_targets(state, "italy", "mil") == ["vie", "gen", "ven", "rom"]
    assert sail_targets(state, "spain", "bar") == ["wme"]
    assert "mal" not in sail_targets(state, "italy", "cme")
    state = start(phase="attack")
    assert sail_targets(state, "italy", "nap") == []
    assert strike_targets(state, "germany", "nth") == ["ams", "bru", "nor"]
    assert attack_targets(state, "italy", "gen") == ["swi"]


def test_an_admirals_attack_dice_count_in_fleet_battles() -> None:
    """R69, R72: an admiral's ``attack_dice`` counts in the fleet battles of the fleet
    he is aboard when his side attacks: 3 dice for 3 ships with Beatty."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        phase attack
        relation germany uk war
        leader beatty uk nws
        nth germany=3
        nws uk=3
        """
    )
    order(state, "uk", sail=[{"from": "nws", "path": ["nth"]}])
    resolve(state, dice=[1, 1, 6, 6, 6] * 2)
    line = state.last_report["fleet_battles"][0]  # type: ignore[index]
    assert "r1 1 1 v 6 6 6: -2/-0" in line  # Germany (first) 2 dice, defending; UK 3
