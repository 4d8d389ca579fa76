"""Capital Risk adjudication cases, DATC style: each quotes the seed
(capital-risk-risknes-v.txt) or RULINGS §2, sets a small board, gives orders and checks
the result.  Unless said otherwise each test faction owns isolated territories, so its
reinforcements (1 per territory here) land one on each; "3 (+1)" means 3 units before
placement.  Dice are raw D12 faces in the order the resolver asks: per round the
defender first, then the attacking armies in faction and order-list order."""

from __future__ import annotations

import json

import pytest

from engine.core import PlayerSpec
from engine.errors import IllegalOrderError
from engine.maps import load_map
from engine.rulesets.capital import (
    CapitalState,
    Phase,
    Resolve,
    SubmitSetup,
    legal_attack_targets,
    normalise_orders,
    placement_limit,
    render,
    report_text,
)
from engine.rulesets.capital.legal import plan_orders
from engine.rulesets.capital.reinforce import base_reinforcements, set_value
from engine.rulesets.capital.report import SECTIONS
from tests.capital_helpers import (
    RS,
    A,
    B,
    C,
    D,
    at,
    board,
    kinds,
    offense_codes,
    orders,
    position,
    run,
)

MAP = load_map("classic")

# ---------------------------------------------------------------- invasions


def test_invasion_attacker_wins_and_occupies_with_survivors() -> None:
    """Seed: "Invasions: Battles where a single army attacks another single army";
    RULINGS §2: "Rounds go on until one side has no units" and a conquered territory is
    occupied by the surviving attackers."""
    s = board({"alaska": (A, 3), "kamchatka": (B, 1)})
    s = run(s, [orders(A, attacks=[("alaska", "kamchatka", None)])], [3, 8, 2, 9])
    assert at(s, "kamchatka") == (A, 3)
    assert at(s, "alaska") == (A, 1)
    assert kinds(s) == ["invasion"]


def test_invasion_tie_goes_to_attacker() -> None:
    """Seed: "In the event of a draw, the attacker will always win unless the battle is a
    Border Clash or Spoils of War"."""
    s = board({"alaska": (A, 1), "kamchatka": (B, 0)})
    s = run(s, [orders(A, attacks=[("alaska", "kamchatka", 1)])], [5, 5])
    assert at(s, "kamchatka") == (A, 1)


def test_invasion_defender_holds_and_attackers_are_lost() -> None:
    """RULINGS §2: "the lower roll loses one unit ... Rounds go on until one side has no
    units" — a failed attack loses every unit sent."""
    s = board({"alaska": (A, 3), "kamchatka": (B, 1)})
    s = run(s, [orders(A, attacks=[("alaska", "kamchatka", 2)])], [9, 2, 9, 2])
    assert at(s, "kamchatka") == (B, 2)
    assert at(s, "alaska") == (A, 2)


def test_units_attacking_elsewhere_do_not_defend() -> None:
    """Seed: "a single army attacks another single army which is stationary or attacking
    elsewhere"; decision: units sent out of a territory have left it, the defender
    defends with what stayed."""
    s = board({"alaska": (A, 3), "kamchatka": (B, 4), "japan": (C, 1)})
    s = run(
        s,
        [
            orders(A, attacks=[("alaska", "kamchatka", 3)]),
            orders(B, attacks=[("kamchatka", "japan", 3)]),
        ],
        [1, 10, 1, 10, 1, 10, 1, 10],
    )
    assert at(s, "kamchatka") == (A, 3)
    assert at(s, "japan") == (B, 3)


def test_die_colour_follows_current_unit_count() -> None:
    """RULINGS §2: "white +0 (1–5 units), yellow +1 (6–10) ... The colour is chosen from
    an army's current unit count each round"."""
    s = board({"alaska": (A, 6), "kamchatka": (B, 1)})
    s = run(s, [orders(A, attacks=[("alaska", "kamchatka", 6)])], [5, 4, 12, 1, 1, 1])
    assert s.last_report is not None
    rounds = s.last_report["attacks"][0]["rounds"]
    assert rounds[0]["rolls"][1] == ["Yellow", 4, 5]  # 6 units: yellow, tie to attacker
    assert rounds[2]["rolls"][1] == ["White", 1, 1]  # down to 5 units: white
    assert at(s, "kamchatka") == (A, 5)


def test_colour_chart_is_option_data() -> None:
    """RULINGS §2: "The table is data, so a moderator can load the original chart"."""
    s = board({"alaska": (A, 1), "kamchatka": (B, 0)}, options={"colours": [[1, "Grey", 5]]})
    s = run(s, [orders(A, attacks=[("alaska", "kamchatka", 1)])], [12, 8])
    assert s.last_report is not None
    assert s.last_report["attacks"][0]["rounds"][0]["rolls"] == [["Grey", 12, 17], ["Grey", 8, 13]]
    assert at(s, "kamchatka") == (B, 1) and at(s, "alaska") == (A, 1)


# ---------------------------------------------------------------- border clashes


def test_border_clash_tie_costs_each_side_one_unit() -> None:
    """Seed: "Border Clash or Spoils of War in which case both Armies will utilize
    attacker rules and the result is a draw"; RULINGS §2: a tie costs each side one."""
    s = board({"alaska": (A, 1), "kamchatka": (B, 1)})
    s = run(
        s,
        [
            orders(A, attacks=[("alaska", "kamchatka", 1)]),
            orders(B, attacks=[("kamchatka", "alaska", 1)]),
        ],
        [6, 6],
    )
    assert kinds(s) == ["border-clash"]
    assert at(s, "alaska") == (A, 1) and at(s, "kamchatka") == (B, 1)


def test_border_clash_survivors_go_on_to_their_target() -> None:
    """RULINGS §2: "the two attacking forces fight first; survivors go on to their
    targets" — then invade what stayed behind."""
    s = board({"alaska": (A, 4), "kamchatka": (B, 2)})
    s = run(
        s,
        [
            orders(A, attacks=[("alaska", "kamchatka", 4)]),
            orders(B, attacks=[("kamchatka", "alaska", 1)]),
        ],
        [9, 2, 1, 5, 1, 5],
    )
    assert kinds(s) == ["border-clash", "invasion"]
    assert at(s, "kamchatka") == (A, 4)
    assert at(s, "alaska") == (A, 1)


def test_attacks_across_different_borders_are_no_clash() -> None:
    """Seed: "Border Clashes: Battles where the armies of two players have attacked each
    other's territory" — across the same border only."""
    s = board({"alaska": (A, 2), "japan": (A, 1), "kamchatka": (B, 4)})
    s = run(
        s,
        [
            orders(A, attacks=[("alaska", "kamchatka", 2)]),
            orders(B, attacks=[("kamchatka", "japan", 2)]),
        ],
        [12, 1, 12, 1, 1, 7, 1, 7],
    )
    assert kinds(s) == ["invasion", "invasion"]
    assert at(s, "kamchatka") == (B, 3)
    assert at(s, "japan") == (B, 2)
    assert at(s, "alaska") == (A, 1)


def test_border_clash_both_wiped_out_leaves_targets_alone() -> None:
    """RULINGS §2 border clash: when both moving forces die, nothing reaches a target."""
    s = board({"alaska": (A, 2), "kamchatka": (B, 2)})
    s = run(
        s,
        [
            orders(A, attacks=[("alaska", "kamchatka", 2)]),
            orders(B, attacks=[("kamchatka", "alaska", 2)]),
        ],
        [3, 3, 7, 7],
    )
    assert at(s, "alaska") == (A, 1) and at(s, "kamchatka") == (B, 1)


# ---------------------------------------------------------------- mass invasions


def test_mass_invasion_each_comparison_costs_its_loser() -> None:
    """RULINGS §2: "each attacking army rolls separately against the defender's one roll
    per round; each comparison costs its loser one unit" (ties to the attacker); one
    faction's armies that take a territory merge."""
    s = board({"northwest_territory": (A, 2), "quebec": (A, 2), "ontario": (B, 2)})
    s = run(
        s,
        [orders(A, attacks=[("northwest_territory", "ontario", 2), ("quebec", "ontario", 2)])],
        [6, 7, 6, 10, 3, 11],
    )
    assert kinds(s) == ["mass-invasion"]
    assert at(s, "ontario") == (A, 3)


def test_mass_invasion_defender_beats_one_army_the_other_goes_on() -> None:
    """RULINGS §2 mass invasion: a beaten army stops rolling; the others fight on."""
    s = board({"northwest_territory": (A, 2), "quebec": (A, 2), "ontario": (B, 3)})
    s = run(
        s,
        [orders(A, attacks=[("northwest_territory", "ontario", 2), ("quebec", "ontario", 2)])],
        [9, 2, 12, 9, 2, 12, 9, 12, 9, 12],
    )
    assert at(s, "ontario") == (A, 2)


def test_mass_invasion_repulsed() -> None:
    """Seed: "Mass Invasions: Battles where multiple armies attack a single army"."""
    s = board({"northwest_territory": (A, 1), "quebec": (A, 1), "ontario": (B, 3)})
    s = run(
        s,
        [orders(A, attacks=[("northwest_territory", "ontario", 1), ("quebec", "ontario", 1)])],
        [12, 1, 1],
    )
    assert at(s, "ontario") == (B, 4)


def test_mass_invasion_by_two_factions_then_spoils_of_war() -> None:
    """Seed: "Spoils of War: Battle between two players after a successful Mass Invasion
    for territory control", with the draw costing both (border-clash tie rules)."""
    s = board({"northwest_territory": (A, 2), "quebec": (C, 2), "ontario": (B, 0)})
    s = run(
        s,
        [
            orders(A, attacks=[("northwest_territory", "ontario", 2)]),
            orders(C, attacks=[("quebec", "ontario", 2)]),
        ],
        [1, 5, 5, 8, 3, 4, 4],
    )
    assert kinds(s) == ["mass-invasion", "spoils-of-war"]
    assert at(s, "ontario") == (A, 1)


def test_spoils_of_war_are_fought_after_every_invasion() -> None:
    """RULINGS §2: "All spoils battles are fought after every invasion, as the seed's
    priority order says" (Mass Invasions, Invasions, Spoils of War): the plain invasion
    of Peru is rolled before the spoils of Ontario, in the dice and in the report."""
    s = board(
        {
            "northwest_territory": (A, 2),
            "quebec": (C, 2),
            "ontario": (B, 0),
            "brazil": (A, 1),
            "peru": (B, 0),
        }
    )
    s = run(
        s,
        [
            orders(A, attacks=[("northwest_territory", "ontario", 2), ("brazil", "peru", 1)]),
            orders(C, attacks=[("quebec", "ontario", 2)]),
        ],
        [1, 5, 5, 1, 5, 8, 3, 4, 4],
    )
    assert kinds(s) == ["mass-invasion", "invasion", "spoils-of-war"]
    assert at(s, "peru") == (A, 1)
    assert at(s, "ontario") == (A, 1)
    text = report_text(s)
    assert text.index("Peru") < text.index("Spoils")


def test_spoils_of_war_with_nobody_left_keeps_old_owner() -> None:
    """Decision (seed silent): when the spoils of war leave nobody, the old owner keeps
    the territory with one unit, so no territory is ever empty."""
    s = board({"northwest_territory": (A, 1), "quebec": (C, 1), "ontario": (B, 0)})
    s = run(
        s,
        [
            orders(A, attacks=[("northwest_territory", "ontario", 1)]),
            orders(C, attacks=[("quebec", "ontario", 1)]),
        ],
        [1, 5, 5, 3, 3],
    )
    assert at(s, "ontario") == (B, 1)


def test_border_clash_then_mass_invasion_then_spoils() -> None:
    """Seed priority: "Border Clashes ... Mass Invasions ... Invasions ... Spoils of War":
    the clash survivors join the other armies attacking the same territory."""
    s = board({"alaska": (A, 3), "kamchatka": (B, 3), "japan": (C, 2)})
    s = run(
        s,
        [
            orders(A, attacks=[("alaska", "kamchatka", 3)]),
            orders(B, attacks=[("kamchatka", "alaska", 1)]),
            orders(C, attacks=[("japan", "kamchatka", 2)]),
        ],
        [10, 1, 1, 12, 12, 12, 1, 1, 1, 2, 2, 12, 1],
    )
    assert kinds(s) == ["border-clash", "mass-invasion", "spoils-of-war"]
    assert at(s, "kamchatka") == (A, 2)


def test_mass_invasions_are_fought_before_invasions() -> None:
    """Seed: battles "in sequence utilizing the following order of priority" — mass
    invasions come before single invasions whatever the map order."""
    s = board(
        {
            "alaska": (A, 1),
            "kamchatka": (B, 0),
            "northwest_territory": (C, 1),
            "quebec": (C, 1),
            "ontario": (B, 0),
        }
    )
    s = run(
        s,
        [
            orders(A, attacks=[("alaska", "kamchatka", 1)]),
            orders(C, attacks=[("northwest_territory", "ontario", 1), ("quebec", "ontario", 1)]),
        ],
        [1, 5, 5, 1, 5],
    )
    assert kinds(s) == ["mass-invasion", "invasion"]
    assert s.last_report is not None
    assert [b["target"] for b in s.last_report["attacks"]] == ["ontario", "kamchatka"]


# ---------------------------------------------------------------- surge attacks


def test_surge_after_a_conquest() -> None:
    """RULINGS §2: "Surge attack: at most one per faction per turn, written with the
    orders as 'if T falls to me, attack U from T with N'; it runs after all other
    battles" (N missing: maximum)."""
    s = board({"alaska": (A, 3), "kamchatka": (B, 0), "japan": (C, 0)})
    s = run(
        s,
        [orders(A, attacks=[("alaska", "kamchatka", 3)], surge=("kamchatka", "japan", None))],
        [1, 5, 1, 6],
    )
    assert s.last_report is not None
    assert [(b["kind"], b["surge"]) for b in s.last_report["attacks"]] == [("invasion", False)]
    assert [(b["kind"], b["surge"]) for b in s.last_report["surges"]] == [("invasion", True)]
    assert at(s, "japan") == (A, 2)
    assert at(s, "kamchatka") == (A, 1)


def test_surge_whose_condition_fails_is_not_made() -> None:
    """Seed: surge attacks "cannot be conditional unless the conditions regard enemy
    placement strength" — the condition is that T fell to the faction."""
    s = board({"alaska": (A, 3), "kamchatka": (B, 0), "japan": (C, 0)})
    s = run(
        s,
        [orders(A, attacks=[("alaska", "kamchatka", 3)], surge=("kamchatka", "japan", None))],
        [12, 1, 12, 1, 12, 1],
    )
    assert at(s, "japan") == (C, 1)
    assert s.last_report is not None
    assert any("surge" in c and "did not fall" in c for c in s.last_report["comments"])


def test_surge_units_cut_to_what_the_conquered_territory_holds() -> None:
    """RULINGS §2: impossible orders are cut down and listed under Offenses."""
    s = board({"alaska": (A, 3), "kamchatka": (B, 0), "japan": (C, 0)})
    s = run(
        s,
        [orders(A, attacks=[("alaska", "kamchatka", 3)], surge=("kamchatka", "japan", 5))],
        [1, 5, 1, 6],
    )
    assert "surge/too-many" in offense_codes(s, A)
    assert at(s, "japan") == (A, 2)


def test_surge_from_a_territory_not_attacked_is_dropped() -> None:
    """RULINGS §2: the surge condition must be a territory the faction attacks."""
    s = board({"alaska": (A, 3), "kamchatka": (B, 0)})
    cut, offenses = normalise_orders(s, A, orders(A, surge=("kamchatka", "japan", None)))
    assert cut.surge is None
    assert [o.code for o in offenses] == ["surge/no-attack"]


# ---------------------------------------------------------------- placement


def test_placement_limit_is_one_plus_owned_neighbours() -> None:
    """Seed: "if a player wishes to reinforce China, and has two territories attached to
    it (India, Mongolia) only three reinforcements may be placed in China"."""
    s = board({"china": (A, 1), "india": (A, 1), "mongolia": (A, 1)})
    assert placement_limit(s, A, "china") == 3
    assert placement_limit(s, A, "india") == 2
    assert placement_limit(s, A, "siam") == 1 + 2  # neighbours china and india


def test_placement_over_the_limit_is_cut() -> None:
    """RULINGS §2: "a territory may receive at most 1 + the number of adjacent
    territories the faction owns (start of turn)"."""
    s = board({"alaska": (A, 1), "northwest_territory": (A, 1), "alberta": (A, 1)})
    s = run(s, [orders(A, place=[("alaska", 5)])])
    assert "place/over-limit" in offense_codes(s, A)
    assert at(s, "alaska") == (A, 4)
    assert s.armies["northwest_territory"] == 1 and s.armies["alberta"] == 1


def test_placement_beyond_the_pool_and_on_foreign_land_is_cut() -> None:
    """RULINGS §2: "impossible orders are cut down to what the rules allow"."""
    s = board({"alaska": (A, 1), "northwest_territory": (A, 1), "alberta": (A, 1)})
    s = run(s, [orders(A, place=[("ontario", 2), ("alaska", 2), ("alberta", 3)])])
    assert offense_codes(s, A) == ["place/not-owned", "place/over-pool"]
    assert s.armies["alaska"] == 3 and s.armies["alberta"] == 2


def test_missing_placements_are_spread_over_borders() -> None:
    """Seed: numbers missing are "assumed to be at maximum"; decision: reinforcements an
    order leaves unplaced are spread over the faction's borders, not lost."""
    s = board({"alaska": (A, 1), "northwest_territory": (A, 1), "alberta": (A, 1)})
    s = run(s, [orders(A)])
    assert [s.armies[t] for t in ("alaska", "northwest_territory", "alberta")] == [2, 2, 2]


def test_initial_placement_has_no_limit() -> None:
    """Seed: the placement limit "does not apply for initial positioning"."""
    s = RS.new_game([PlayerSpec("A"), PlayerSpec("B")], {}, "x")
    own = s.territories_of(A)
    s = RS.apply(s, SubmitSetup(A, own[0], ((own[0], None),))).state
    s = RS.apply(s, SubmitSetup(B, s.territories_of(B)[0])).state
    s = RS.apply(s, Resolve()).state
    assert s.armies[own[0]] == 40 - len(own) + 1


# ---------------------------------------------------------------- cards


def test_fixed_set_values() -> None:
    """Seed: "3 Infantry Cards: 4 ... 3 Cavalry Cards: 6 ... 3 Artillery Cards: 8 ... 1
    of Each Card: 10"; a wild stands for any type."""
    assert set_value(MAP, (0, 3, 6)) == 4
    assert set_value(MAP, (1, 4, 7)) == 6
    assert set_value(MAP, (2, 5, 8)) == 8
    assert set_value(MAP, (0, 1, 2)) == 10
    assert set_value(MAP, (0, 1, 42)) == 10  # wild as artillery makes one of each
    assert set_value(MAP, (2, 5, 42)) == 8  # wild as artillery: the best reading
    assert set_value(MAP, (0, 1, 4)) is None


def test_card_territory_bonus_of_two() -> None:
    """Seed: "Should any card a player exchanges depicts a territory they currently
    occupy, that player automatically gains 2 Reinforcements in the indicated
    territory"; RULINGS §2: they count against the placement limit (changed by the
    ruling: Alaska's limit 3 now holds the 2 bonus units and 1 placed)."""
    s = position(
        """
        seat 0 A human cards=0,9,12
        alaska 0 1
        northwest_territory 0 1
        alberta 0 1
        """
    )  # cards 0, 9, 12: Alaska, Venezuela, Argentina, three infantry
    s = run(
        s,
        [
            orders(
                A,
                place=[("alaska", 1), ("northwest_territory", 3), ("alberta", 3)],
                trades=[(0, 9, 12)],
            )
        ],
    )
    assert s.armies["alaska"] == 1 + 1 + 2
    assert offense_codes(s, A) == []
    assert s.draw_pile[-3:] == [0, 9, 12]  # spent cards go under the pile


def test_card_bonus_counts_against_the_placement_limit() -> None:
    """RULINGS §2: "the 2 units a traded card gives in a held territory count against that
    territory's placement limit like any reinforcement; what does not fit is cut and
    listed under Offenses". Isolated Japan, limit 1: it ends with 1 + 1, not 1 + 2."""
    japan = next(c.index for c in MAP.deck if c.territory == "japan")
    kind = MAP.deck[japan].type
    others = [c.index for c in MAP.deck if c.type == kind and c.territory not in ("japan", None)]
    s = position(f"seat 0 A human cards={japan},{others[0]},{others[1]}\njapan 0 1")
    s = run(s, [orders(A, trades=[(japan, others[0], others[1])])])
    assert at(s, "japan") == (A, 1 + 1)
    assert "cards/bonus-over-limit" in offense_codes(s, A)
    assert "cards/truncated" in offense_codes(s, A)  # the set's units have no room left
    assert "card bonus on Japan cut from 2 to 1" in report_text(s)


def test_card_armies_truncated_by_placement_capacity() -> None:
    """Seed: "If a player has an exceedingly small amount of territory, the quantity of
    reinforcements they receive from cards may be truncated"."""
    s = position("seat 0 A human cards=3,6,9\nalaska 0 1")
    s = run(s, [orders(A, trades=[(3, 6, 9)])])
    assert "cards/truncated" in offense_codes(s, A)
    assert s.armies["alaska"] == 2


def test_two_sets_only_with_six_cards() -> None:
    """Seed: "Should a player have six or more cards and they have two valid sets they
    made trade both in on the same turn"."""
    north_america = "\n".join(f"{t} 0 1" for t in MAP.continents["north_america"].territories)
    s = position(f"seat 0 A human cards=9,12,15,10,13,16\n{north_america}")
    plan = plan_orders(s, A, orders(A, trades=[(9, 12, 15), (10, 13, 16)]))
    assert plan.orders.trades == ((9, 12, 15), (10, 13, 16))
    assert plan.pool == 11 + 4 + 6
    s = position(f"seat 0 A human cards=9,12,15,10,13\n{north_america}")
    plan = plan_orders(s, A, orders(A, trades=[(9, 12, 15), (10, 13, 16)]))
    assert plan.orders.trades == ((9, 12, 15),)
    assert [o.code for o in plan.offenses] == ["cards/too-many-sets"]


def test_five_cards_must_be_traded_down() -> None:
    """Seed: "If a player should hold five or more cards, they must exchange a sufficient
    number to have less than five before the next Reinforcement phase"."""
    s = position(
        """
        seat 0 A human cards=9,12,15,10,13
        alaska 0 1
        northwest_territory 0 1
        alberta 0 1
        """
    )
    s = run(s, [orders(A)])
    assert "cards/must-trade" in offense_codes(s, A)
    assert len(s.players[A].cards) == 2


def test_one_card_for_a_conquest_none_without() -> None:
    """RULINGS §2: card awards after the battles — one card to a faction that conquered
    at least one territory."""
    s = board({"alaska": (A, 1), "kamchatka": (B, 0), "argentina": (C, 1), "brazil": (B, 3)})
    top = s.draw_pile[0]
    s = run(
        s,
        [
            orders(A, attacks=[("alaska", "kamchatka", 1)]),
            orders(C, attacks=[("argentina", "brazil", 1)]),
        ],
        [12, 1, 1, 5],
    )
    assert s.players[A].cards == [top]
    assert s.players[C].cards == []


# ---------------------------------------------------------------- tactical move


def test_tactical_move_obeys_the_placement_limit() -> None:
    """Seed: "The number of forces that may tactically reinforce a territory is limited
    and is the same as the number of units that may normally reinforce that territory"."""
    s = board({"alaska": (A, 1), "northwest_territory": (A, 1), "alberta": (A, 5)})
    s = run(s, [orders(A, tactical=("alberta", [("alaska", 5)]))])
    assert "move/over-limit" in offense_codes(s, A)
    assert s.armies["alaska"] == 2 + 3
    assert s.armies["alberta"] == 6 - 3


def test_tactical_move_to_several_destinations() -> None:
    """Seed: "Only one territory may be the origin of the tactical movement but there may
    be several destinations"."""
    s = board({"alaska": (A, 1), "northwest_territory": (A, 1), "alberta": (A, 5)})
    s = run(s, [orders(A, tactical=("alberta", [("alaska", 2), ("northwest_territory", None)]))])
    assert [s.armies[t] for t in ("alaska", "northwest_territory", "alberta")] == [4, 5, 1]


def test_tactical_move_from_a_lost_origin_is_dropped() -> None:
    """Seed: "At the end of a combat round a tactical movement ... may be executed" —
    cut to what is still legal after the battles."""
    s = board(
        {"alaska": (A, 1), "northwest_territory": (A, 1), "alberta": (A, 1), "western_us": (B, 5)}
    )
    s = run(
        s,
        [
            orders(A, tactical=("alberta", [("alaska", 1)])),
            orders(B, attacks=[("western_us", "alberta", 5)]),
        ],
        [1, 12, 1, 12],
    )
    assert at(s, "alberta") == (B, 5)
    assert "move/origin-lost" in offense_codes(s, A)
    assert s.armies["alaska"] == 2


def test_tactical_move_to_a_non_neighbour_is_dropped() -> None:
    """Decision: tactical destinations are neighbours of the origin (as Classic moves)."""
    s = board({"alaska": (A, 3), "ontario": (A, 1)})
    cut, offenses = normalise_orders(s, A, orders(A, tactical=("alaska", [("ontario", 1)])))
    assert cut.tactical is None
    assert [o.code for o in offenses] == ["move/not-adjacent"]


# ---------------------------------------------------------------- cut-down orders


def test_attacks_must_leave_one_unit_behind() -> None:
    """RULINGS §2: "Attacking units must leave at least one unit behind in their origin"
    — the sum of all attacks from one origin is capped."""
    s = board({"alaska": (A, 3), "kamchatka": (B, 5), "northwest_territory": (B, 5)})
    cut, offenses = normalise_orders(
        s, A, orders(A, attacks=[("alaska", "kamchatka", 3), ("alaska", "northwest_territory", 3)])
    )
    assert [(a.target, a.units) for a in cut.attacks] == [("kamchatka", 3)]
    assert [o.code for o in offenses] == ["attack/too-many", "attack/no-units"]


def test_missing_attack_numbers_mean_maximum_shared() -> None:
    """Seed: "You will specify numbers for your placements and attacks, or else they will
    assumed to be at maximum"; two open attacks from one origin share it."""
    s = board({"alaska": (A, 6), "kamchatka": (B, 5), "northwest_territory": (B, 5)})
    cut, offenses = normalise_orders(
        s,
        A,
        orders(A, attacks=[("alaska", "kamchatka", None), ("alaska", "northwest_territory", None)]),
    )
    assert sorted((a.target, a.units) for a in cut.attacks) == [
        ("kamchatka", 3),
        ("northwest_territory", 3),
    ]
    assert offenses == []


def test_impossible_attacks_are_dropped_with_offenses() -> None:
    """Seed: "If your orders do not follow the rules as outlined, they will be
    interpreted as necessary to accomodate the rules"; RULINGS §2: listed as Offenses."""
    s = board({"alaska": (A, 3), "northwest_territory": (A, 2), "kamchatka": (B, 2)})
    s = run(
        s,
        [
            orders(
                A,
                attacks=[
                    ("kamchatka", "alaska", 1),
                    ("alaska", "northwest_territory", 1),
                    ("alaska", "ontario", 1),
                ],
            )
        ],
    )
    assert offense_codes(s, A) == ["attack/not-owned", "attack/own-target", "attack/not-adjacent"]
    assert kinds(s) == []


def test_legal_attack_targets_for_the_ui() -> None:
    """RULINGS §2: attacks go to adjacent foreign territories and need a unit to stay."""
    s = board({"alaska": (A, 3), "northwest_territory": (A, 2), "japan": (A, 1)})
    assert legal_attack_targets(s, A, "alaska") == ["alberta", "kamchatka"]
    assert legal_attack_targets(s, A, "japan") == []
    assert legal_attack_targets(s, B, "alaska") == []


def test_silent_faction_gets_default_orders() -> None:
    """Brief/RULINGS §2: a faction that sent nothing gets default orders (reinforcements
    spread over its borders, no attacks) and the report says so."""
    s = board({"alaska": (A, 3), "kamchatka": (B, 3)})
    s = RS.apply(s, Resolve(force=True)).state
    assert s.last_report is not None
    assert "A sent no orders: default orders used" in s.last_report["comments"]
    assert s.armies["alaska"] == 4 and s.last_report["attacks"] == []


def test_resolve_waits_for_every_faction_unless_forced() -> None:
    """RULINGS §2: "Turn = orders from every faction ... then one resolution"."""
    s = board({"alaska": (A, 3), "kamchatka": (B, 3)})
    s = RS.apply(s, orders(A)).state
    with pytest.raises(IllegalOrderError) as err:
        RS.apply(s, Resolve())
    assert err.value.code == "resolve/missing-orders"
    for f in (B, C, D):
        s = RS.apply(s, orders(f)).state
    assert Resolve() in RS.legal_orders(s)
    assert RS.apply(s, Resolve()).state.turn == 2


def test_orders_of_the_wrong_phase_are_refused() -> None:
    """Phases and their orders are data: setup submissions only during setup."""
    s = board({"alaska": (A, 3)})
    with pytest.raises(IllegalOrderError) as err:
        RS.apply(s, SubmitSetup(A, "alaska"))
    assert err.value.code == "order/wrong-phase"


# ---------------------------------------------------------------- reinforcements


def test_reinforcement_formula_with_continent_bonus() -> None:
    """Seed: "((Total Territories) + (Largest Number of Connected Territories)) / 3" plus
    continent bonuses."""
    north_america = MAP.continents["north_america"].territories
    assert base_reinforcements(MAP, north_america) == (9 + 9) // 3 + 5
    assert base_reinforcements(MAP, [*north_america, "japan", "argentina"]) == (11 + 9) // 3 + 5


@pytest.mark.parametrize(
    ("owned", "expected"),
    [
        (["alaska"], 1),
        (["alaska", "japan"], 2),
        (["alaska", "kamchatka"], 3),
        (["alaska", "japan", "argentina"], 3),
    ],
)
def test_reinforcement_minimums(owned: list[str], expected: int) -> None:
    """Seed: "a minimum of 3 reinforcements so long as they have two connected
    territories or three seperate territories; if they have two seperate territories they
    will get 2, and if they only have territory they will get 1"."""
    assert base_reinforcements(MAP, owned) == expected


def test_largest_group_counts_sea_links() -> None:
    """Seed: "including those linked by dotted lines" — Brazil–North Africa joins."""
    owned = ["venezuela", "peru", "brazil", "north_africa", "egypt", "congo"]
    assert MAP.largest_connected_group(owned) == 6
    assert base_reinforcements(MAP, owned) == (6 + 6) // 3


# ---------------------------------------------------------------- capitals and victory


def test_capital_victory_needs_own_plus_half_the_factions() -> None:
    """RULINGS §2: "hold your own capital plus floor(n/2) other factions' capitals (n =
    factions at start, minimum 1)" — with 4 factions, own plus 2."""
    s = position(
        """
        seat 0 A human capital=alaska
        seat 1 B human capital=kamchatka
        seat 2 C human capital=japan
        seat 3 D human capital=brazil
        alaska 0 3
        japan 0 1
        kamchatka 1 0
        """
    )
    s = run(s, [orders(A, attacks=[("alaska", "kamchatka", 3)])], [1, 5])
    assert s.winner == A and s.phase is Phase.GAME_OVER
    assert RS.legal_orders(s) == []


def test_no_victory_without_own_capital_and_no_elimination_for_losing_it() -> None:
    """Seed: "you don't lose the game automatically if you lose your capitol ... The only
    problem with not owning your capitol is that you cannot win the game"."""
    s = position(
        """
        seat 0 A human capital=argentina
        seat 1 B human capital=kamchatka
        seat 2 C human capital=japan
        seat 3 D human capital=brazil
        alaska 0 3
        japan 1 1
        kamchatka 1 0
        argentina 1 1
        """
    )
    s = run(s, [orders(A, attacks=[("alaska", "kamchatka", 3)])], [1, 5])
    assert s.winner is None
    assert s.players[B].alive
    assert s.last_report is not None
    assert any("capital Kamchatka captured by A" in c for c in s.last_report["comments"])


def test_faction_without_territory_is_out() -> None:
    """Brief: "A faction with no territories is out"; its cards go under the pile."""
    s = position(
        """
        seat 1 B human cards=5
        alaska 0 3
        kamchatka 1 0
        """
    )
    s = run(s, [orders(A, attacks=[("alaska", "kamchatka", 3)])], [1, 5])
    assert not s.players[B].alive
    assert 5 in s.draw_pile and s.players[B].cards == []
    assert B not in s.missing() and s.current != B


def test_two_factions_need_one_enemy_capital() -> None:
    """RULINGS §2: floor(2/2) = 1 other capital besides one's own."""
    s = position(
        """
        seat 0 A human capital=alaska
        seat 1 B human capital=kamchatka
        alaska 0 3
        kamchatka 1 0
        argentina 1 1
        """,
        factions=2,
        rest=A,
    )
    s = run(s, [orders(A, attacks=[("alaska", "kamchatka", 3)])], [1, 5])
    assert s.winner == A and s.players[B].alive


# ---------------------------------------------------------------- setup, teams, report


def test_capitals_are_secret_until_all_have_chosen() -> None:
    """Seed: "Capitol locations are chosen by the factions during the initial setup
    phase"; RULINGS §2: "revealed when all have chosen"."""
    s = RS.new_game([PlayerSpec("A"), PlayerSpec("B")], {}, "cap")
    a_cap = s.territories_of(A)[0]
    s = RS.apply(s, SubmitSetup(A, a_cap)).state
    assert s.players[A].capital is None and not s.capitals_revealed
    assert s.current == B
    s = RS.apply(s, SubmitSetup(B, s.territories_of(A)[1])).state  # not B's: cut down
    s = RS.apply(s, Resolve()).state
    assert s.capitals_revealed and s.phase is Phase.ORDERS and s.turn == 1
    assert s.players[A].capital == a_cap
    assert s.players[B].capital in s.territories_of(B)  # foreign choice cut to a default
    assert s.last_report is not None
    assert [o["code"] for o in s.last_report["offenses"]] == ["setup/capital-not-owned"]


def test_team_later_submission_wins() -> None:
    """RULINGS §2: "a faction may have two players; either may send its orders; the later
    sealed orders win"."""
    s = position(
        """
        option teams [["Ann","Bob"],["Cat"]]
        seat 0 A human members=Ann,Bob
        seat 1 B human members=Cat
        alaska 0 3
        kamchatka 1 1
        """
    )
    s = RS.apply(s, orders(A, attacks=[("alaska", "kamchatka", 3)], player="Ann")).state
    s = RS.apply(s, orders(A, player="Bob")).state
    assert s.orders[A] is not None and s.orders[A]["player"] == "Bob"
    with pytest.raises(IllegalOrderError) as err:
        RS.apply(s, orders(A, player="Cat"))
    assert err.value.code == "order/not-member"
    s = run(s, [])
    assert kinds(s) == []  # Ann's attack was replaced by Bob's orders


def test_report_sections_in_order_in_every_format() -> None:
    """Seed: "Updates will be composed of ... Reinforcement, Attacks, Resolved, Final,
    Reinforcements, Offenses, Comments, Deadline"."""
    s = board({"alaska": (A, 3), "kamchatka": (B, 1)}, options={"deadline": "Friday 18:00"})
    s = run(
        s,
        [orders(A, attacks=[("alaska", "kamchatka", None)], place=[("ontario", 1)])],
        [3, 8, 2, 9],
    )
    assert s.last_report is not None
    for fmt in ("text", "bbcode", "markdown"):
        text = render(s.last_report, fmt)
        positions = [text.index(title) for _, title in SECTIONS]
        assert positions == sorted(positions), fmt
        assert "Friday 18:00" in text and "Invasion at Kamchatka" in text
    assert "[b][u]Attacks[/u][/b]" in render(s.last_report, "bbcode")
    assert "## Offenses" in render(s.last_report, "markdown")
    assert report_text(s) == render(s.last_report, "text")
    assert "place/not-owned" in report_text(s)


def test_state_json_round_trip_after_a_resolution() -> None:
    """Style: the state is JSON data; ``from_json(to_json(s))`` is exact."""
    s = board({"alaska": (A, 3), "kamchatka": (B, 1)})
    s = run(s, [orders(A, attacks=[("alaska", "kamchatka", None)])], [3, 8, 2, 9])
    data = json.loads(json.dumps(s.to_json()))
    assert CapitalState.from_json(data).to_json() == s.to_json()
    assert s.clone().to_json() == s.to_json()


def test_orders_json_round_trip() -> None:
    """Orders are frozen dataclasses that parse back from their JSON."""
    o = orders(
        A,
        place=[("alaska", None)],
        attacks=[("alaska", "kamchatka", 2)],
        surge=("kamchatka", "japan", None),
        tactical=("alaska", [("alberta", 1)]),
        trades=[(0, 3, 6)],
        player="Ann",
    )
    assert RS.parse_order(json.loads(json.dumps(o.to_json()))) == o
    assert hash(o) == hash(RS.parse_order(o.to_json()))
