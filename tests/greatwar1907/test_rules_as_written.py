"""Rule cases of issue 25 §5: the Great War 1907 as written (displacement, leaders named
twice, the default forced drop, passage grants of the same phase, null counts)."""

from __future__ import annotations

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


def _moves(state: GreatWarState) -> list[str]:
    return list((state.last_report or {}).get("moves", []))


# ---------------------------------------------------------------- R77 displacement
def test_a_break_into_war_displaces_ships_with_their_cargo() -> None:
    """R84: "When a break goes through, the former ally's units left in the breaker's
    provinces and ports are displaced (R77)"; R77: "Ships go from the port to its
    district, with their cargo"."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        relation spain uk alliance
        lon uk 3 fleet=4 fleet:spain=2/3
        """
    )
    order(state, "uk", diplomacy=[{"with": "spain", "to": "war"}])
    resolve(state)
    assert state.relation("uk", "spain") == "war"
    assert state.fleet_in_port("lon", "spain") is None
    assert state.fleet_at_sea("eng", "spain") == Fleet(2, 3)
    assert "Spain: 2 ships carrying 3 div displaced from London to English Channel" in _moves(state)


def test_displaced_ships_fight_enemies_in_the_district_at_the_next_movement_step() -> None:
    """R77: displaced ships go to the district "and fight there at the next movement
    step if enemies are present"; neither side entered in that step, so both defend
    (R43)."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        relation spain uk alliance
        lon uk 3 fleet=4 fleet:spain=2/3
        eng uk=1
        """
    )
    order(state, "uk", diplomacy=[{"with": "spain", "to": "war"}])
    # R44/R52: the UK rolls 1 die, Spain 2; one pair, which the UK loses
    resolve(state, dice=[1, 6, 5])
    battles = state.last_report["fleet_battles"]  # type: ignore[index]
    assert battles[0].startswith(
        "English Channel: United Kingdom of Great Britain and Ireland 1 ship (0 div, "
        "defending) v Spain 2 ships (3 div, defending)"
    )
    assert state.fleet_at_sea("eng", "uk") is None
    assert state.fleet_at_sea("eng", "spain") == Fleet(2, 3)
    assert state.nations["spain"].np == 1


def test_a_forced_drop_displaces_the_dropped_allys_ships() -> None:
    """R85: "units of either side in the other's land are displaced", ships with their
    cargo to the port's district (R77)."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        relation germany italy alliance
        relation germany uk alliance
        ham germany 1 fleet=3 fleet:italy=1/2
        """
    )
    order(state, "italy", diplomacy=[{"with": "uk", "to": "war"}])
    resolve(state)
    assert state.nations["germany"].drop_due == ("uk", "italy", "italy")
    order(state, "germany")
    resolve(state)
    assert state.relation("germany", "italy") == "peace"
    assert state.fleet_in_port("ham", "italy") is None
    assert state.fleet_at_sea("nth", "italy") == Fleet(1, 2)


def test_a_province_trade_displaces_third_nations_ships() -> None:
    """R74: on transfer "units of third nations not allied with the recipient, are
    displaced (R77)": Russia's ship and its cargo in Lille's port go to the Channel."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        lil germany 3 fleet:russia=1/2
        """
    )
    order(state, "germany", trades=[{"with": "spain", "give": {"provinces": ["lil"]}}])
    order(state, "spain", trades=[{"with": "germany", "get": {"provinces": ["lil"]}}])
    resolve(state)
    assert offenses(state) == []
    assert state.owner_of("lil") == "spain"
    assert state.fleet_in_port("lil", "russia") is None
    assert state.fleet_at_sea("eng", "russia") == Fleet(1, 2)


# ---------------------------------------------------------------- a leader counts once
def test_brusilov_named_twice_in_a_move_counts_once() -> None:
    """R28: "A move order whose leaders include a general with extra_free_moves e may
    have a path of up to 1 + e steps"; a leader counts once, and naming him twice is
    an offense (the second naming is left out, move/leader)."""
    state = start()
    kiev = state.divisions("kiev", "russia")
    order(
        state,
        "russia",
        moves=[
            {
                "from": "zag",
                "path": ["bud", "lem", "kiev"],
                "divisions": 3,
                "leaders": ["brusilov", "brusilov"],
            }
        ],
    )
    resolve(state)
    assert offenses(state) == ["move/leader", "move/too-far"]
    assert state.divisions("kiev", "russia") == kiev
    assert state.leaders["brusilov"].place == "lem"


def test_brusilov_named_twice_in_an_attack_adds_one_die() -> None:
    """R70: "The modifiers of all leaders on one side add up" — all leaders, each once:
    Brusilov's +1 gives 3 attack dice, not 4 (R53)."""
    state = position(
        """
        phase attack
        bel neutral 3
        """
    )
    order(
        state,
        "russia",
        attacks=[
            {"from": "zag", "target": "bel", "divisions": 4, "leaders": ["brusilov", "brusilov"]}
        ],
    )
    resolve(state, dice=[6, 6, 6, 1, 1, 1] + [6, 6, 6, 1, 1] * 3)
    assert offenses(state) == ["move/leader"]
    attack = state.last_report["attacks"][0]  # type: ignore[index]
    assert "r1 6 6 6 v 1 1 1" in attack


def test_beatty_named_twice_in_a_sail_gives_one_extra_step() -> None:
    """R35: "With an admiral with extra_sea_moves e in the order, the path may have up
    to 1 + e steps"; named twice he still gives e once."""
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
        sail=[
            {
                "from": "lon",
                "path": ["eng", "bis", "mat"],
                "ships": 2,
                "leaders": ["beatty", "beatty"],
            }
        ],
    )
    resolve(state)
    assert offenses(state) == ["move/leader", "sail/too-far"]
    assert state.fleet_at_sea("mat", "uk") is None
    assert state.at_sea["bis"]["uk"].ships == 2


# ---------------------------------------------------------------- R85 default drop
def test_both_allies_declaring_the_later_is_dropped_by_default() -> None:
    """R85: X "drops the one that declared the war (if both declared, the later in nation
    order)"; R80: both pay.  Germany's allies the UK and Italy both declare: Italy
    (later) is dropped."""
    state = start()
    order(state, "uk", diplomacy=[{"with": "italy", "to": "war"}])
    order(state, "italy", diplomacy=[{"with": "uk", "to": "war"}])
    resolve(state)
    assert "spent 3" in production_line(state, "uk")
    assert "spent 3" in production_line(state, "italy")
    assert state.nations["germany"].drop_due == ("uk", "italy", "italy")
    order(state, "germany")
    resolve(state)
    assert state.relation("germany", "italy") == "peace"
    assert state.relation("germany", "uk") == "alliance"


# ---------------------------------------------------------------- R17 grants of this phase
def _balkans(*more: str) -> GreatWarState:
    """Turn 2: Istanbul British (at war with the Ottomans), Sofia and Bucharest Russian,
    Russia and the Ottomans at peace, a British fleet in the Adriatic: the Ottoman pocket
    {Thessaloniki, Tirana, Larissa} is a network of its own (2.75 pp); ``more`` lines
    added."""
    lines = "\n".join(more)
    return RULESET.from_position_text(
        f"""ruleset greatwar1907
        turn 2
        relation ottoman uk war
        ist uk
        sof russia
        buc russia
        adr uk=1
        {lines}
        """
    )


def test_a_pp_gift_is_paid_over_the_grants_of_the_start_of_the_phase() -> None:
    """R17: "A grant or revocation takes effect from the next phase"; R75: paid from "the
    largest network that has a route".  The main Ottoman network reaches Russia only
    through Kars (here Spanish), whose grant is ordered in this phase: the pocket, which
    borders Sofia, pays."""
    state = _balkans("kar spain", *(f"{sea} uk=1" for sea in ("blk", "mmr", "aeg", "eme", "cme")))
    order(state, "spain", passage=[{"nation": "ottoman", "grant": True}])
    order(state, "ottoman", trades=[{"with": "russia", "give": {"pp": 1}}])
    order(state, "russia", trades=[{"with": "ottoman", "get": {"pp": 1}}])
    resolve(state)
    assert offenses(state) == []
    assert ("spain", "ottoman") in state.grants
    line = production_line(state, "ottoman")
    assert "{Thessaloniki, Tirana, Larissa} allowance 2.75, spent 1," in line
    assert state.nations["russia"].credits == [(4, None)]


def test_a_province_received_joins_a_network_over_the_grants_of_the_start() -> None:
    """R18: a province received by trade joins the network "that it is linked to in the
    supply graph"; R17: a grant ordered now counts from the next phase.  Sofia links to
    the main Ottoman network only through Russia's grant of this phase, so it joins the
    pocket (2.75 pp) and the third division is cut."""
    state = _balkans("blk uk=1")
    order(
        state,
        "russia",
        passage=[{"nation": "ottoman", "grant": True}],
        trades=[{"with": "ottoman", "give": {"provinces": ["sof"]}}],
    )
    order(
        state,
        "ottoman",
        trades=[{"with": "russia", "get": {"provinces": ["sof"]}}],
        builds=[{"province": "sof", "divisions": 3}],
    )
    resolve(state)
    assert state.owner_of("sof") == "ottoman"
    assert offenses(state) == ["build/no-pp"]
    assert state.divisions("sof", "ottoman") == 2
    assert "Larissa, Sofia} allowance 2.75, spent 2," in production_line(state, "ottoman")


# ---------------------------------------------------------------- R7 null counts
def _conquered_zagreb(phase: str) -> GreatWarState:
    """Russia's conquered Zagreb with 5 divisions (no general there), Budapest beside it
    with 4, an empty Neutral Belgrade."""
    return RULESET.from_position_text(
        f"""
        ruleset greatwar1907
        phase {phase}
        zag russia 5 conquered
        bud russia 4
        """
    )


def test_a_null_attack_from_a_conquered_province_is_no_offense() -> None:
    """R7: "A null count means the most the rules allow"; R62: a conquered province
    keeps one division.  Nothing the player wrote is cut, so nothing is listed."""
    state = _conquered_zagreb("attack")
    standing = state.divisions("zag", "russia")
    order(state, "russia", attacks=[{"from": "zag", "target": "bel", "divisions": None}])
    resolve(state)
    assert offenses(state) == []
    assert state.divisions("zag", "russia") == 1
    assert state.divisions("bel", "russia") == standing - 1


def test_a_null_move_from_a_conquered_province_is_no_offense() -> None:
    """R7 and R62 (move/garrison only when a written count is cut)."""
    state = _conquered_zagreb("deployment")
    standing = state.divisions("zag", "russia")
    bud = state.divisions("bud", "russia")
    order(state, "russia", moves=[{"from": "zag", "path": ["bud"], "divisions": None}])
    resolve(state)
    assert offenses(state) == []
    assert state.divisions("zag", "russia") == 1
    assert state.divisions("bud", "russia") == bud + standing - 1


def test_a_written_count_from_a_conquered_province_is_still_cut() -> None:
    """R62: "Move, sail and attack orders that would take its last division away are cut
    to leave one (move/garrison ... attack/garrison)"."""
    state = _conquered_zagreb("attack")
    standing = state.divisions("zag", "russia")
    order(state, "russia", attacks=[{"from": "zag", "target": "bel", "divisions": standing}])
    resolve(state)
    assert offenses(state) == ["attack/garrison"]
    assert state.divisions("zag", "russia") == 1


def test_a_null_sail_from_a_conquered_port_is_no_offense() -> None:
    """R7, R37 and R62: null ships and null cargo out of a conquered port whose garrison
    is aboard: the most allowed sails (one ship stays with the garrison aboard)."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        relation germany uk war
        edi germany fleet=2/3 conquered
        """
    )
    order(state, "germany", sail=[{"from": "edi", "path": ["nth"]}])
    resolve(state)
    assert offenses(state) == []
    assert state.fleet_in_port("edi", "germany") == Fleet(1, 1)
    assert state.fleet_at_sea("nth", "germany") == Fleet(1, 2)


# ---------------------------------------------------------------- §6 the order as written
def _offense_lines(state: GreatWarState) -> list[tuple[str, str, str]]:
    return [
        (o["code"], o["order"], o["detail"]) for o in (state.last_report or {}).get("offenses", [])
    ]


def test_offenses_quote_the_deployment_orders_as_written() -> None:
    """§6: each offense is "one line under Offenses: nation, the order as written, what
    was done, and the code" — the player's order in the map's names (as the page's
    review list shows it), not the engine's ids."""
    state = start()
    state.conquered.add("bar")
    standing = state.divisions("bar", "spain")
    order(
        state,
        "spain",
        builds=[{"province": "par", "divisions": 1}],
        moves=[{"from": "bar", "path": ["val"], "divisions": standing, "leaders": ["montojo"]}],
        sail=[{"from": "bar", "path": ["wme", "gol"], "ships": 9}],
        trades=[{"with": "italy", "give": {"provinces": ["alg"], "pp": 1.5}}],
        diplomacy=[{"with": "italy", "to": "alliance"}],
    )
    resolve(state)
    assert _offense_lines(state) == [
        ("dip/unmatched", "Alliance with Italy", "the other nation did not order it"),
        (
            "trade/unmatched",
            "Trade with Italy: you give Algiers + 1.5 pp, you get nothing",
            "Italy did not order the matching trade",
        ),
        ("build/not-owned", "Build 1 div in Paris", "Paris is not yours"),
        (
            "move/garrison",
            f"Move {standing} Barcelona → Valencia with Patricio Montojo",
            f"cut to {standing - 1} to keep a garrison",
        ),
        (
            "sail/too-many",
            "Sail 9 ships Barcelona → Western Mediterranean → Gulf of Lion",
            f"cut to {state.fleet_at_sea('wme', 'spain').ships} ships",  # type: ignore[union-attr]
        ),
        (
            "sail/too-far",
            "Sail 9 ships Barcelona → Western Mediterranean → Gulf of Lion",
            "cut to Barcelona → Western Mediterranean",
        ),
    ]


def test_offenses_quote_the_attack_orders_as_written() -> None:
    """§6 in the Attack phase: attacks and strikes with their leaders, by name."""
    state = start(phase="attack")
    order(
        state,
        "russia",
        attacks=[{"from": "zag", "target": "tri", "divisions": 2, "leaders": ["brusilov"]}],
        strikes=[{"from": "blk", "target": "ank", "divisions": 2, "ships_in": 1}],
    )
    resolve(state)
    assert _offense_lines(state) == [
        (
            "strike/not-hostile",
            "Strike Ankara from Black Sea with 2, 1 ship into port if taken",
            "Ankara is neither an enemy's nor Neutral",
        ),
        (
            "attack/not-hostile",
            "Attack Trieste from Zagreb with 2, led by Aleksei Brusilov",
            "Trieste is neither an enemy's nor Neutral",
        ),
    ]
