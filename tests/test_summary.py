"""What happened, for the player who reads it (engine/summary.py and each ruleset's
summary): the headline facts of a resolved turn or phase in plain sentences, first what
happened to the reader, then elsewhere, the winner at the top; and the Capital Risk
report in plain sentences, the attacker named first."""

from __future__ import annotations

import re
from typing import Any

from engine.core import PlayerSpec
from engine.rulesets.capital.plain import battle_sentence, sections
from engine.rulesets.capital.summary import happened as capital_happened
from engine.rulesets.greatwar1907 import Resolve
from engine.rulesets.greatwar1907.summary import happened as greatwar_happened
from engine.summary import Fact, Happened, Kind
from tests.capital_helpers import RS, orders, position, run
from tests.greatwar1907.helpers import NATIONS, RULESET, give, order, start

ANN, BOB, CHLOE = 0, 1, 2


def _capital_turn() -> Any:
    """Ann takes Ontario and Quebec from Bob; Chloe takes North Africa, Ann's capital."""
    s = position(
        """
        seat 0 Ann human
        seat 1 Bob human
        seat 2 Chloe human
        greenland 0 3
        northwest_territory 0 3
        north_africa 0 1
        quebec 1 1
        ontario 1 1
        egypt 2 4
        """
    )
    for seat, capital in enumerate(("north_africa", "quebec", "egypt")):
        s.players[seat].capital = capital
    return run(
        s,
        [
            orders(
                ANN,
                place=[("greenland", 1)],
                attacks=[("northwest_territory", "ontario", 2), ("greenland", "quebec", 3)],
            ),
            orders(BOB, place=[("quebec", 1)]),
            orders(CHLOE, place=[("egypt", 1)], attacks=[("egypt", "north_africa", 4)]),
        ],
        DICE,
    )


DICE = [12, 4, 2, 9, 1, 8, 3, 3, 3, 3, 3, 3, 5, 7]
"""The battles in map order, each round the defender's die first: Ontario (Ann loses a
round, then wins two), Quebec (three ties: the attacker wins each), North Africa."""


def test_core_words_each_fact_for_the_reader_and_for_the_others() -> None:
    """The same facts read "You took Ontario and Quebec, lost North Africa to Chloe." by
    Ann and "Ann took Ontario and Quebec from Bob." by Chloe; the winner comes first."""
    names = ("Ann", "Bob", "Chloe")
    facts = (
        Fact(Kind.TOOK, BOB, ANN, ("Ontario", "Quebec")),
        Fact(Kind.TOOK, ANN, CHLOE, ("North Africa",)),
        Fact(Kind.CAPITAL, ANN, CHLOE, ("North Africa",)),
        Fact(Kind.WAR, ANN, BOB),
        Fact(Kind.SUNK, ANN, amount=2),
        Fact(Kind.DISPLACED, BOB, places=("Brest", "Bay of Biscay"), amount=1),
        Fact(Kind.PP_LOST, ANN, amount=19.5),
        Fact(Kind.LEADER, BOB, places=("Foch",)),
        Fact(Kind.OUT, BOB),
    )
    turn = Happened("Turn 3", names, facts, (CHLOE,))
    assert turn.headline(ANN) == "Chloe wins the game!"
    assert turn.headline(CHLOE) == "You win the game!"
    assert turn.to_you(ANN) == [
        "Bob declared war on you.",
        "You took Ontario and Quebec, lost North Africa to Chloe.",
        "Chloe took your capital, North Africa.",
        "You lost 2 ships.",
        "You lost 19.5 pp of unspent allowance.",
    ]
    assert turn.elsewhere(ANN) == [
        "Bob's 1 ship was pushed out of Brest into Bay of Biscay.",
        "Bob gains a leader: Foch.",
        "Bob is out of the game.",
    ]
    assert turn.elsewhere(CHLOE)[:2] == [
        "Bob declared war on Ann.",
        "Ann took Ontario and Quebec from Bob.",
    ]
    assert "You took North Africa." in turn.to_you(CHLOE)
    assert "North Africa was Ann's capital." in turn.to_you(CHLOE)
    assert "Ann lost 19.5 pp of unspent allowance." not in turn.elsewhere(CHLOE)  # hers
    assert "Ann lost 19.5 pp of unspent allowance." in turn.elsewhere(None)  # a spectator
    assert Happened("", names, (), (ANN, CHLOE)).headline(BOB) == "Ann and Chloe share the win!"
    assert Happened("", names, (), ()).empty


def test_capital_summary_tells_each_player_what_happened_to_them() -> None:
    """Issue 29: "Above every Capital Risk ... report, a summary for the player who reads
    it ("You took Ontario and Quebec, lost North Africa; Chloe took your capital")".
    Ann reads: "You took Ontario and Quebec, lost North Africa to Chloe." and "Chloe took
    your capital, North Africa."; Bob reads that he is out."""
    turn = capital_happened(_capital_turn())
    assert turn.to_you(ANN) == [
        "You took Ontario and Quebec, lost North Africa to Chloe.",
        "Chloe took your capital, North Africa.",
        "Quebec was Bob's capital.",
    ]
    assert turn.elsewhere(ANN) == ["Bob is out of the game."]
    assert turn.to_you(BOB) == [
        "You lost Ontario and Quebec to Ann.",
        "Ann took your capital, Quebec.",
        "You are out of the game.",
    ]
    assert turn.to_you(CHLOE) == [
        "You took North Africa.",
        "North Africa was Ann's capital.",
    ]
    assert turn.elsewhere(CHLOE) == [
        "Ann took Ontario and Quebec from Bob.",
        "Ann took Bob's capital, Quebec.",
        "Bob is out of the game.",
    ]
    assert turn.headline(ANN) == ""  # nobody has won yet


def test_capital_summary_announces_the_winner() -> None:
    """RULINGS §2: the last faction with territory wins; the summary says so first."""
    s = position(
        """
        seat 0 Ann human
        seat 1 Bob human
        """,
        factions=2,
        rest=0,
    )
    s.owner["kamchatka"], s.armies["kamchatka"] = 1, 1
    s.armies["alaska"] = 5
    for seat, capital in enumerate(("alaska", "kamchatka")):
        s.players[seat].capital = capital
    s = run(
        s, [orders(ANN, place=[("alaska", 1)], attacks=[("alaska", "kamchatka", 5)])], [1, 9, 1, 9]
    )
    turn = capital_happened(s)
    assert turn.headline(ANN) == "You win the game!"
    assert turn.headline(BOB) == "Ann wins the game!"
    assert turn.to_you(BOB) == [
        "You lost Kamchatka to Ann.",
        "Ann took your capital, Kamchatka.",
        "You are out of the game.",
    ]


def test_capital_report_battles_read_attacker_first() -> None:
    """Issue 29: battles as sentences with the attacker first ("Ann attacked Ontario from
    Quebec with 2 against Bob's 1: rolled white 4 against white 12; Ann lost 1. Bob holds
    Ontario."), the attacker's die named before the defender's."""
    report = _capital_turn().last_report
    assert report is not None
    battles = sections(report)[0]
    assert battles.title == "Battles"
    assert battles.lines == (
        "Ann attacked Ontario from Northwest Territory with 2 against Bob's 2: rolled white 4"
        " against white 12; Ann lost 1; then rolled white 9 against white 2; Bob lost 1; then"
        " rolled white 8 against white 1; Bob lost 1. Ann takes Ontario with 1.",
        "Ann attacked Quebec from Greenland with 3 against Bob's 3: rolled white 3 against"
        " white 3; Bob lost 1; then rolled white 3 against white 3; Bob lost 1; then rolled"
        " white 3 against white 3; Bob lost 1. Ann takes Quebec with 3.",
        "Chloe attacked North Africa from Egypt with 4 against Ann's 1: rolled white 7 against"
        " white 5; Ann lost 1. Chloe takes North Africa with 4.",
    )


def test_capital_report_shows_resolved_and_final_once_when_the_same() -> None:
    """Issue 29: "RESOLVED and FINAL shown once when they are the same"; a tactical move
    makes them differ, and then both are shown."""
    report = _capital_turn().last_report
    assert report is not None
    titles = [s.title for s in sections(report)]
    assert "After the battles and moves" in titles
    assert "After the battles" not in titles and "After the tactical moves" not in titles
    s = position(
        """
        seat 0 Ann human
        seat 1 Bob human
        alaska 0 3
        kamchatka 0 1
        """,
        factions=2,
        rest=1,
    )
    s = run(s, [orders(ANN, place=[("alaska", 1)], tactical=("alaska", [("kamchatka", 2)]))])
    titles = [x.title for x in sections(s.last_report or {})]
    assert "After the battles" in titles and "After the tactical moves" in titles


def _check_battle(b: dict[str, Any], sentence: str, names: list[str], place: Any) -> None:
    """One battle's sentence against its record: who attacked from where with how many,
    each round's dice and who lost, and the outcome."""
    sides, rounds, result = b["sides"], b["rounds"], b["result"]
    body = sentence.removeprefix("Surge: ")
    assert sentence.startswith("Surge: ") == b["surge"]
    if b["kind"] == "border-clash":
        first, second = sides
        assert body.startswith(
            f"{names[first['faction']]} attacked {place(second['territory'])} from"
            f" {place(first['territory'])} with {first['units']} while"
            f" {names[second['faction']]} attacked the other way with {second['units']}"
        )
    elif b["kind"] == "spoils-of-war":
        assert " fought for the emptied " + place(b["target"]) in body
    else:
        attackers, defence = sides[1:], sides[0]
        first = attackers[0]
        assert body.startswith(
            f"{names[first['faction']]} attacked {place(b['target'])} from"
            f" {place(first['territory'])} with {first['units']}"
        )
        assert f" against {names[defence['faction']]}'s {defence['units']}: " in body
    steps = body.split(": ", 1)[1].split("; then ")
    assert len(steps) == len(rounds)
    for step, r in zip(steps, rounds, strict=True):
        dice = [f"{x[0].lower()} {x[2]}" for x in r["rolls"] if x is not None]
        if b["kind"] in ("invasion", "mass-invasion"):
            dice = dice[1:] + dice[:1]  # the attackers' dice before the defender's
        at = 0
        for die in dice:  # in this order, each a whole number ("white 1" is not "white 11")
            found = re.compile(re.escape(die) + r"(?!\d)").search(step, at)
            assert found is not None, (step, dice)
            at = found.end()
        for side, lost in zip(sides, r["losses"], strict=True):
            if lost:
                assert f"{names[side['faction']]} lost {lost}" in step
    if result.get("spoils"):
        assert body.endswith("fight for it after the invasions.")
    elif "survivors" in result:
        for side, left in zip(sides, result["survivors"], strict=True):
            who = names[side["faction"]]
            assert (f"{who} goes on with {left}" if left else f"{who} has none left") in body
    else:
        verb = "takes" if result["conquered"] else "holds"
        target = place(b["target"])
        assert body.endswith(f"{names[result['owner']]} {verb} {target} with {result['units']}.")


def test_capital_report_checked_sentence_by_sentence_against_its_battles() -> None:
    """Issue 29: "A Capital report checked sentence by sentence against its events":
    computers play five-faction games; every battle of every turn (invasions, mass
    invasions, border clashes, spoils of war, surges) has one sentence that names its
    attacker first, each round's dice and losers, and its outcome as recorded."""
    from engine.maps import load_map
    from engine.simulate import computer_seats, play

    seen: set[str] = set()

    def check(state: Any, events: Any) -> None:
        report = state.last_report
        names = list(report["factions"])
        place = load_map(report["map"]).name_of
        for key in ("attacks", "surges"):
            for b in report.get(key, []):
                seen.add(b["kind"] + (" surge" if b["surge"] else ""))
                _check_battle(b, battle_sentence(b, names, place), names, place)

    for seed in ("plain-1", "plain-2", "plain-3"):
        play("capital", computer_seats(5), {}, seed, max_turns=12, on_turn=check)
    assert {"invasion", "mass-invasion", "border-clash"} <= seen, seen


def test_capital_summary_before_any_turn_is_empty() -> None:
    """Nothing is told before the first resolution."""
    s = RS.new_game([PlayerSpec("Ann"), PlayerSpec("Bob")], {}, "x")
    assert capital_happened(s).empty


# ---------------------------------------------------------------- the Great War


def _phase(state: Any) -> tuple[Any, Any]:
    """Resolve ``state``'s phase as the page does: the position before, the events."""
    before = state.clone()
    outcome = RULESET.apply(state, Resolve(force=True))
    return greatwar_happened(outcome.state, before, outcome.events), outcome.state


def test_greatwar_war_declared_on_you_is_told_first() -> None:
    """Issue 27: "The top of each resolved phase says, in plain words, what happened to
    you: wars declared on you ... pp lost". The United Kingdom reads "Italy declared war
    on you." and the allowance it left unspent; the others read the war between them."""
    state = start(turn=1, phase="deployment")
    order(state, "italy", diplomacy=[{"with": "uk", "to": "war"}])
    phase, _ = _phase(state)
    uk, italy, spain = (NATIONS.index(n) for n in ("uk", "italy", "spain"))
    mine = phase.to_you(uk)
    assert mine[0] == "Italy declared war on you."
    assert mine[1].startswith("You lost ") and mine[1].endswith(" pp of unspent allowance.")
    assert phase.to_you(italy)[0] == f"You declared war on {phase.names[uk]}."
    assert phase.elsewhere(spain)[0] == f"Italy declared war on {phase.names[uk]}."
    assert not any("pp" in line for line in phase.elsewhere(spain))  # their money is theirs


def test_greatwar_provinces_taken_and_lost() -> None:
    """Issue 27: provinces lost and taken, by whom: Germany takes Paris from the United
    Kingdom ("You lost Paris (Île-de-France & Centre) to German Empire."), whose one
    division there is lost with it."""
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
    state.rng = state.rng.with_script([6, 6, 1], [])
    phase, _ = _phase(state)
    uk, germany = NATIONS.index("uk"), NATIONS.index("germany")
    paris = state.map.name_of("par")
    assert phase.to_you(uk) == [f"You lost {paris} to German Empire.", "You lost 1 division."]
    assert phase.to_you(germany) == [f"You took {paris}."]
    assert phase.elsewhere(0) == [
        f"German Empire took {paris} from {phase.names[uk]}.",
        f"{phase.names[uk]} lost 1 division.",
    ]


def test_greatwar_ships_lost_in_a_fleet_battle() -> None:
    """Issue 27: "ships sunk": the United Kingdom's fleet sails into the German fleet in
    the North Sea and loses (3 v 3 rethrown, 5 v 2: rule case 36); it reads "You lost 1
    ship." and Germany reads nothing lost."""
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
    state.rng = state.rng.with_script([3, 3, 5, 2], [])
    phase, _ = _phase(state)
    assert phase.to_you(NATIONS.index("uk")) == ["You lost 1 ship."]
    assert phase.to_you(NATIONS.index("germany")) == []


def test_greatwar_without_the_position_before_tells_what_the_report_holds() -> None:
    """A chain of forum saves has no single position before: the wars (from the
    report's diplomacy) are still told; provinces are not guessed."""
    state = start(turn=1, phase="deployment")
    order(state, "italy", diplomacy=[{"with": "uk", "to": "war"}])
    after = RULESET.apply(state, Resolve(force=True)).state
    phase = greatwar_happened(after)
    assert phase.to_you(NATIONS.index("uk")) == ["Italy declared war on you."]
    give(after, "par", "germany")  # not a fact of this phase: never told
    assert all("Paris" not in x for x in greatwar_happened(after).elsewhere(None))


def test_greatwar_leaders_gained() -> None:
    """Issue 27: "leaders gained": a leader of the nation that it did not have before
    the phase (R64's awards draw them) is told by name."""
    from engine.rulesets.greatwar1907.state import Leader

    before = start(turn=2, phase="attack")
    after = before.clone()
    card = next(c for c in after.map.leaders if c.id not in before.leaders)
    after.leaders[card.id] = Leader(card.id, "france", None, None, True, 2)
    after.last_report = {"title": "Turn 2", "phase": "attack"}
    phase = greatwar_happened(after, before)
    assert phase.to_you(NATIONS.index("france")) == [f"You gain a leader: {card.name}."]
    assert phase.elsewhere(NATIONS.index("uk")) == [
        f"{after.map.name_of('france')} gains a leader: {card.name}."
    ]


def test_greatwar_divisions_drowned_with_their_fleet_are_lost() -> None:
    """Issue 27 ("what happened to you"): lost divisions are told. R45: "A sunk
    fleet's cargo is lost": the United Kingdom's one ship carrying 2 divisions sails
    into the German fleet and is sunk (3 v 3 rethrown, 5 v 2); it reads the 2 divisions
    and the ship lost."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        phase attack
        relation germany uk war
        nth germany=1
        nws uk=1/2
        """
    )
    order(state, "uk", sail=[{"from": "nws", "path": ["nth"], "divisions": 2}])
    state.rng = state.rng.with_script([3, 3, 5, 2], [])
    phase, _ = _phase(state)
    assert phase.to_you(NATIONS.index("uk")) == ["You lost 2 divisions.", "You lost 1 ship."]
    assert phase.to_you(NATIONS.index("germany")) == []


def test_greatwar_divisions_handed_over_in_a_trade_are_not_lost() -> None:
    """R74: a traded province's divisions pass with it: the giver reads the province
    lost, not the divisions."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        phase deployment
        par germany 2
        """
    )
    order(state, "germany", trades=[{"with": "france", "give": {"provinces": ["par"]}}])
    order(state, "france", trades=[{"with": "germany", "get": {"provinces": ["par"]}}])
    phase, after = _phase(state)
    assert after.owner_of("par") == "france"
    germany = NATIONS.index("germany")
    assert not any("division" in line for line in phase.to_you(germany))
    assert any(state.map.name_of("par") in line for line in phase.to_you(germany))


def _treaties(lines: list[str]) -> list[str]:
    """The lines about wars, peace and alliances (the allowance lost is told too)."""
    return [line for line in lines if line.endswith((" peace.", " allies.")) or "alliance" in line]


def test_greatwar_peace_made_is_told_to_both_and_to_the_others() -> None:
    """R80: war to peace is two-sided, both nations order it. The United Kingdom and Italy,
    at war, make peace: each reads "You and <the other> made peace.", Spain reads the pair
    in the report's order."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        phase deployment
        relation italy uk war
        """
    )
    order(state, "uk", diplomacy=[{"with": "italy", "to": "peace"}])
    order(state, "italy", diplomacy=[{"with": "uk", "to": "peace"}])
    phase, after = _phase(state)
    assert after.relation("italy", "uk") == "peace"
    uk, italy, spain = (NATIONS.index(n) for n in ("uk", "italy", "spain"))
    assert _treaties(phase.to_you(uk)) == ["You and Italy made peace."]
    assert _treaties(phase.to_you(italy)) == [f"You and {phase.names[uk]} made peace."]
    assert _treaties(phase.elsewhere(spain)) == [f"{phase.names[uk]} and Italy made peace."]


def test_greatwar_an_alliance_made_is_told_to_both() -> None:
    """R80: peace to alliance is two-sided. Spain and Italy ally: Spain reads "You and
    Italy are now allies."."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        phase deployment
        """
    )
    order(state, "spain", diplomacy=[{"with": "italy", "to": "alliance"}])
    order(state, "italy", diplomacy=[{"with": "spain", "to": "alliance"}])
    phase, after = _phase(state)
    assert after.relation("italy", "spain") == "alliance"
    spain, italy = NATIONS.index("spain"), NATIONS.index("italy")
    assert _treaties(phase.to_you(spain)) == ["You and Italy are now allies."]
    assert _treaties(phase.to_you(italy)) == [f"You and {phase.names[spain]} are now allies."]


def test_greatwar_an_alliance_ended_is_told_to_the_former_ally() -> None:
    """R84: alliance to peace is one-sided. Germany ends its alliance with Italy: Italy
    reads "<Germany> ended its alliance with you."; a peace one nation alone ordered
    (Italy, with the United Kingdom, at war) is no peace and is not told."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        phase deployment
        relation germany italy alliance
        relation italy uk war
        """
    )
    order(state, "germany", diplomacy=[{"with": "italy", "to": "peace"}])
    order(state, "italy", diplomacy=[{"with": "uk", "to": "peace"}])
    phase, after = _phase(state)
    assert after.relation("germany", "italy") == "peace"
    assert after.relation("italy", "uk") == "war"
    germany, italy = NATIONS.index("germany"), NATIONS.index("italy")
    germans = phase.names[germany]
    assert _treaties(phase.to_you(italy)) == [f"{germans} ended its alliance with you."]
    assert _treaties(phase.to_you(germany)) == ["You ended your alliance with Italy."]


def test_greatwar_a_forced_drop_of_an_alliance_is_told() -> None:
    """R85: Italy declares war on the United Kingdom, both Germany's allies; Germany names
    none to drop, so it drops the declarer, Italy, which reads "<Germany> ended its
    alliance with you."."""
    state = start()
    order(state, "italy", diplomacy=[{"with": "uk", "to": "war"}])
    state = RULESET.apply(state, Resolve(force=True)).state
    assert state.nations["germany"].drop_due == ("uk", "italy", "italy")
    order(state, "germany")
    phase, after = _phase(state)
    assert after.relation("germany", "italy") == "peace"
    germans = phase.names[NATIONS.index("germany")]
    assert _treaties(phase.to_you(NATIONS.index("italy"))) == [
        f"{germans} ended its alliance with you."
    ]
