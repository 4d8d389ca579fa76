"""The spec's worked examples (§9) with their exact numbers."""

from __future__ import annotations

from engine.rulesets.greatwar1907.state import Fleet
from tests.greatwar1907.helpers import (
    RULESET,
    offenses,
    order,
    position,
    production_line,
    resolve,
    start,
)


def test_example_1_supply_with_a_blockade() -> None:
    """Example 1: Ireland 3 pp alone; "3 divisions built in Ireland, the 4th cut
    (build/no-pp); London 12 and the Liverpool ship built (13 of 15.25); 2.25 pp lost"."""
    state = position(
        """
        turn 3
        nao ottoman=1
        """
    )
    order(
        state,
        "uk",
        builds=[
            {"province": "ire", "divisions": 4},
            {"province": "lon", "divisions": 12},
            {"province": "liv", "ships": 1},
        ],
    )
    resolve(state)
    assert offenses(state) == ["build/no-pp"]
    line = production_line(state, "uk")
    assert "allowance 15.25, spent 13, lost 2.25" in line
    assert "{Ireland} allowance 3, spent 3, lost 0" in line
    assert state.hulls["liv"] == 1


def test_example_2_the_ottoman_balkans_with_and_without_passage() -> None:
    """Example 2: the pocket is 2.75 pp; Russian land does not pass without a grant;
    with the grant, effective from the next Deployment phase, one network of 12.5."""
    from engine.rulesets.greatwar1907.supply import networks

    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        turn 2
        phase attack
        relation ottoman uk war
        ist uk
        sof russia
        buc russia
        adr uk=1
        """
    )
    order(state, "russia", passage=[{"nation": "ottoman", "grant": True}])
    assert [n.allowance / 4 for n in networks(state, "ottoman")] == [9.75, 2.75]
    resolve(state)
    assert [n.allowance / 4 for n in networks(state, "ottoman")] == [12.5]


def test_example_3_fleet_battle_with_drowning() -> None:
    """Example 3: UK 3 ships enter the North Sea (German 5 ships, 6 div); after three
    rounds the UK has none; Germany 2 ships, 2 divisions drown; +1 NP."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        relation germany uk war
        leader falkenhayn germany nth
        nth germany=5/6
        nws uk=3
        """
    )
    order(state, "uk", sail=[{"from": "nws", "path": ["nth"]}])
    # Germany (earlier in nation order) rolls first each round.
    resolve(state, dice=[4, 2, 6, 2, 3, 5, 3, 3, 5, 1, 6, 5, 4, 4])
    assert state.at_sea["nth"] == {"germany": Fleet(2, 4)}
    assert state.nations["germany"].np == 1
    line = state.last_report["fleet_battles"][0]  # type: ignore[index]
    assert "r1 4 2 v 6 2, tie 3 v 5: -2/-0" in line  # Germany listed first
    assert "German Empire: 2 div drowned" in line
    assert (state.leaders["falkenhayn"].where, state.leaders["falkenhayn"].place) == ("sea", "nth")


def test_example_4_an_amphibious_strike() -> None:
    """Example 4: 4 divisions and Falkenhayn strike Edinburgh (1 division, 3 UK ships):
    taken with 3; 5 German ships in port; 7 → 8 VP; A7 spawn: 4 divisions."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        phase attack
        relation germany uk war
        nation germany vp=7 generals=1
        leader falkenhayn germany nth
        edi uk 1 fleet=3
        nth germany=2/4
        """
    )
    order(
        state,
        "germany",
        strikes=[{"from": "nth", "target": "edi", "divisions": 4, "leaders": ["falkenhayn"]}],
    )
    resolve(state, dice=[5, 3, 2, 6, 4, 4, 1, 4, 6, 2])
    assert state.owner_of("edi") == "germany" and "edi" in state.conquered
    assert state.divisions("edi", "germany") == 4
    assert state.docked["edi"] == {"germany": Fleet(5, 0)}
    assert "nth" not in state.at_sea
    assert state.nations["germany"].vp == 8
    assert state.nations["germany"].generals_awarded == 1
    assert state.leaders["falkenhayn"].place == "edi"


def test_example_5_several_attackers_on_one_province() -> None:
    """Example 5: Russia 4 with Brusilov and the Ottomans 2 attack Belgrade (2); Russia
    fights first, takes it with 3 (+1 VP); the allied Ottomans stand down and return."""
    state = start(turn=2, phase="attack")
    order(
        state,
        "russia",
        attacks=[{"from": "zag", "target": "bel", "divisions": 4, "leaders": ["brusilov"]}],
    )
    order(state, "ottoman", attacks=[{"from": "ths", "target": "bel", "divisions": 2}])
    resolve(state, dice=[6, 4, 1, 5, 4, 2, 3, 3, 2, 2, 3, 5, 1])
    assert state.owner_of("bel") == "russia" and "bel" in state.conquered
    assert state.divisions("bel", "russia") == 3
    assert state.leaders["brusilov"].place == "bel"
    assert state.nations["russia"].vp == 6
    assert state.divisions("zag", "russia") == 1
    assert state.divisions("ths", "ottoman") == 2
    line = state.last_report["attacks"][0]  # type: ignore[index]
    assert line == (
        "Attack on Belgrade: Russian Empire from Zagreb 4 (Brusilov) v Neutral 2: "
        "r1 6 4 1 v 5 4, tie 2 v 3: -1/-1; r2 3 2 2 v 3, tie 5 v 1: -0/-1 "
        "=> Russian Empire takes it with 3 (+1 VP)"
    )
    assert "Ottoman Empire from Thessaloniki 2 stands down" in state.last_report["attacks"][1]  # type: ignore[index]


def test_example_6_diplomacy_costs() -> None:
    """Example 6: Italy declares war on the UK in turn 2 (3 pp, 12 left); Germany has a
    forced drop due and drops the UK at no cost; Spain's break into war in an Attack
    phase owes 6, taken at the next D1 (17.75 → 11.75)."""
    state = start(turn=2)
    order(
        state,
        "italy",
        diplomacy=[{"with": "uk", "to": "war"}],
        builds=[{"province": "rom", "divisions": 12}],
    )
    resolve(state)
    assert offenses(state) == []
    assert "allowance 15, spent 15, lost 0" in production_line(state, "italy")
    assert state.nations["germany"].drop_due is not None
    order(
        state,
        "germany",
        drop_ally="uk",
    )
    order(state, "spain", diplomacy=[{"with": "uk", "to": "war"}])
    resolve(state)
    assert state.relation("germany", "uk") == "peace"
    assert state.relation("germany", "italy") == "alliance"
    assert state.nations["spain"].owed == 24
    resolve(state)
    assert "allowance 17.75, spent 6, lost 11.75" in production_line(state, "spain")


def test_example_7_a_trade_of_pp_with_and_without_a_route() -> None:
    """Example 7: with a hostile ship in the North Atlantic, pp paid from Ireland have
    no route (trade/no-route); from London they are accepted."""
    state = position(
        """
        turn 3
        nao ottoman=1
        """
    )
    bundle = {"with": "spain", "give": {"pp": 2}, "pay_from": "ire"}
    order(state, "uk", trades=[bundle])
    order(state, "spain", trades=[{"with": "uk", "get": {"pp": 2}}])
    resolve(state)
    assert offenses(state, "uk") == ["trade/no-route"]
    state = position(
        """
        turn 3
        nao ottoman=1
        """
    )
    order(state, "uk", trades=[{**bundle, "pay_from": "lon"}])
    order(state, "spain", trades=[{"with": "uk", "get": {"pp": 2}}])
    resolve(state)
    assert offenses(state) == []
    assert "allowance 15.25, spent 2" in production_line(state, "uk")
    assert state.nations["spain"].credits == [(8, None)]


def test_example_7_a_province_by_a_line_of_ships() -> None:
    """Example 7: Zagreb to Italy needs an Italian ship at sea in the Adriatic; then the
    Russian divisions become Italian, Brusilov is displaced to Budapest, the flag is
    false, and Italy may build there."""
    state = position(
        """
        turn 4
        adr italy=1
        """
    )
    zag = state.divisions("zag", "russia")
    order(state, "russia", trades=[{"with": "italy", "give": {"provinces": ["zag"]}}])
    order(
        state,
        "italy",
        trades=[{"with": "russia", "get": {"provinces": ["zag"]}}],
        builds=[{"province": "zag", "divisions": 1}],
    )
    resolve(state)
    assert offenses(state) == []
    assert state.owner_of("zag") == "italy" and "zag" not in state.conquered
    assert state.divisions("zag", "italy") == zag + 1
    assert state.leaders["brusilov"].place == "bud"


def test_example_8_a_generals_dice() -> None:
    """Example 8: Italy (3 and Diaz) takes Lyon (3 Spanish) with 2: 3 dice off Italian
    soil; round 2 Italy 2 dice, Spain 1."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        phase attack
        relation italy spain war
        nation italy vp=5 generals=1
        leader diaz italy mar
        mar italy 4
        lyo spain 3
        """
    )
    order(
        state,
        "italy",
        attacks=[{"from": "mar", "target": "lyo", "divisions": 3, "leaders": ["diaz"]}],
    )
    resolve(state, dice=[6, 5, 2, 6, 3, 1, 4, 5, 4, 1, 2])
    line = state.last_report["attacks"][0]  # type: ignore[index]
    assert "r1 6 5 2 v 6 3 1, tie 4 v 5: -1/-2; r2 4 1 v 2: -0/-1" in line
    assert state.owner_of("lyo") == "italy" and state.divisions("lyo", "italy") == 2
    assert state.leaders["diaz"].place == "lyo"
    assert state.nations["italy"].vp == 6


def test_example_8_other_dice_counts() -> None:
    """Example 8: Diaz on Italian soil with 5: 4 dice; Kitchener with 2: 2; Liman von
    Sanders defending Athens with 3: 3, with 5: 4; Foch defending: 2; Diaz and Haig on
    Italian soil: 5."""
    from engine.rulesets.greatwar1907.battle import dice_for, leader_dice
    from engine.rulesets.greatwar1907.mapdata import scenario

    m = scenario()
    assert dice_for(5, 2 + leader_dice(m, ["diaz"], True, "italy")) == 4
    assert dice_for(2, 2 + leader_dice(m, ["kitchener"], True, "uk")) == 2
    assert dice_for(3, 3 + leader_dice(m, ["liman_von_sanders"], False, "neutral")) == 3
    assert dice_for(5, 3 + leader_dice(m, ["liman_von_sanders"], False, "neutral")) == 4
    assert dice_for(5, 3 + leader_dice(m, ["foch"], False, "france")) == 2
    assert dice_for(6, 2 + leader_dice(m, ["diaz", "haig"], True, "italy")) == 5


def test_example_9_build_embark_and_sail_on_turn_one() -> None:
    """Example 9: Hamburg's hull is ready at D1 (4 ships); 3 divisions built, 4
    embarked and sailed into the North Sea: 9 ships, 10 divisions; disembarking them
    is dropped (disembark/moved)."""
    state = start()
    order(
        state,
        "germany",
        builds=[{"province": "ham", "divisions": 3}],
        embark=[{"province": "ham", "divisions": 4}],
        sail=[{"from": "ham", "path": ["nth"], "ships": 4, "divisions": 4}],
        disembark=[{"province": "ham", "divisions": 4}],
    )
    resolve(state)
    assert state.at_sea["nth"]["germany"] == Fleet(9, 10)
    assert state.divisions("ham", "germany") == 0
    assert offenses(state) == ["disembark/moved"]


def test_example_10_victory() -> None:
    """Example 10: Ottomans 28 + 2 = 30, Germany 29 + 2 = 31: Germany wins with more VP."""
    state = position(
        """
        turn 11
        phase attack
        nation ottoman vp=30 generals=1
        nation germany vp=31 generals=1
        """
    )
    resolve(state)
    assert state.winners == ["germany"]
