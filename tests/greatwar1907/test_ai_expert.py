"""The ``expert`` nation (issue 31): an offensive for Victory Points (R63: every capture
of a garrison is one, and VP are never lost), wars declared only where they upset
nobody's orders (checked on a copy of the game), Standard's negotiation, and never the
game's generator."""

from __future__ import annotations

from engine.ai import choose_for
from engine.rulesets.greatwar1907.ai import expert, negotiation
from engine.rulesets.greatwar1907.orders import (
    Attack,
    Diplomacy,
    Move,
    SubmitAttack,
    SubmitDeployment,
)
from engine.rulesets.greatwar1907.report import report_text
from engine.rulesets.greatwar1907.state import GreatWarState
from tests.greatwar1907.helpers import RULESET, offenses, resolve

LYON = """
ruleset greatwar1907
phase attack
seat germany "computer germany" expert
rei germany 5
lyo spain 2
"""
"""Germany (Expert) at peace with Spain: 5 divisions in Reims next to Lyon's 2."""


def _state(text: str, nation: str = "germany", level: str = "expert") -> GreatWarState:
    state = RULESET.from_position_text(text)
    state.players[state.seat_of(nation)].control = level
    return state


def _orders(state: GreatWarState, nation: str = "germany") -> SubmitAttack | SubmitDeployment:
    seat = state.seat_of(nation)
    chosen = choose_for(state, seat)
    assert isinstance(chosen, SubmitAttack | SubmitDeployment)
    state.orders[seat] = chosen.to_json()
    return chosen


def test_expert_declares_war_on_a_weak_neighbour_and_attacks_at_once() -> None:
    """R82: "A war declared in an Attack phase allows attacks in that same phase"; R63:
    the capture of a garrison is a VP.  Lyon's 2 Spanish divisions next to Reims' 5:
    Expert declares war on Spain in the Attack phase, giving its reason, and sends the 5
    at Lyon; the war is in force before the battle step, so the attack is carried out."""
    state = _state(LYON)
    chosen = _orders(state)
    assert isinstance(chosen, SubmitAttack)
    assert chosen.diplomacy == (Diplomacy("spain", "war", "weak-neighbour"),)
    assert chosen.attacks == (Attack("rei", "lyo", 5),)
    resolve(state)
    assert state.relation("germany", "spain") == "war"
    assert offenses(state) == []
    line = "German Empire: peace to war with Spain, cost 3 pp. "
    assert line + "German Empire's reason: Spain is weak and next door" in report_text(state)


def test_standard_keeps_the_peace_in_the_same_position() -> None:
    """The level below: Standard declares war only in the Deployment phase and only with
    no war on land to fight; here it takes the empty Belgian province next door (no VP)
    and leaves Lyon alone."""
    state = _state(LYON, level="standard")
    chosen = _orders(state)
    assert isinstance(chosen, SubmitAttack)
    assert chosen.diplomacy == ()
    assert chosen.attacks == (Attack("rei", "bru", 1),)


def test_expert_declares_no_war_that_would_drop_another_nations_order() -> None:
    """R17: passage is granted only "to a nation it is at peace with".  Germany has
    granted Spain passage, so Spain's computer (Standard) returns the grant in this
    Attack phase: a war declared by Germany first (A1 before A2) would leave Spain's
    grant dropped (`pass/not-at-peace`).  Expert resolves its offensive on a copy with
    the orders Spain's level would seal, sees the offense, and keeps the peace."""
    state = _state(LYON + 'seat spain "computer spain" standard\ngrant germany spain\n')
    chosen = _orders(state)
    assert isinstance(chosen, SubmitAttack)
    assert not [d for d in chosen.diplomacy if d.to == "war"]
    assert not [a for a in chosen.attacks if a.target == "lyo"]
    _orders(state, "spain")
    resolve(state)
    assert state.relation("germany", "spain") == "peace"
    assert offenses(state) == []


def test_expert_declares_no_war_on_a_nation_whose_land_holds_its_units() -> None:
    """R84: a break "is refused while the breaker has any division ... in a province of
    that ally".  Germany, allied to Russia, has a division standing in Warsaw next to
    Königsberg's 6: it declares no war on Russia and attacks nothing."""
    text = """
    ruleset greatwar1907
    phase attack
    kbg germany 6
    war russia 2 germany=1
    """
    state = _state(text)
    chosen = _orders(state)
    assert isinstance(chosen, SubmitAttack)
    assert chosen.diplomacy == () and chosen.attacks == ()


def test_expert_marches_idle_divisions_toward_the_nearest_garrison() -> None:
    """R27: a free move is one step into a friendly province.  Berlin's 8 divisions stand
    away from every foreign garrison; Danzig borders Warsaw's 3 Russian divisions: in
    the Deployment phase Expert moves Berlin's 8 into Danzig (Standard leaves them, as
    no province next to Berlin faces an enemy or a Neutral province)."""
    text = """
    ruleset greatwar1907
    den germany
    ams germany
    bru germany
    swi germany
    ber germany 8
    war russia 3
    """
    expert_orders = _orders(_state(text))
    standard_orders = _orders(_state(text, level="standard"))
    assert isinstance(expert_orders, SubmitDeployment)
    assert isinstance(standard_orders, SubmitDeployment)
    assert Move("ber", ("dan",), 8) in expert_orders.moves
    assert not [m for m in standard_orders.moves if m.origin == "ber"]


def test_expert_is_deterministic_and_leaves_the_game_generator_alone() -> None:
    """The copies Expert resolves use a private generator: the position (its generator
    included) is unchanged, and the same position gives the same orders."""
    state = _state(LYON)
    seat = state.seat_of("germany")
    before = state.to_json()
    first = choose_for(state, seat)
    assert state.to_json() == before
    assert choose_for(state.clone(), seat) == first


def test_expert_plans_are_tried_offensive_first_and_standard_last() -> None:
    """The plans in the order tried: the offensive with its war, then the attacks on
    nations already at war and Neutral only (here: the empty Belgian province, which is
    also Standard's plan, listed once)."""
    state = _state(LYON)
    plans = expert.attack_plans(state, state.seat_of("germany"))
    assert [p.attacks for p in plans] == [
        (Attack("rei", "lyo", 5),),
        (Attack("rei", "bru", 1),),
    ]


def test_other_computers_negotiate_with_an_expert_as_with_a_standard_nation() -> None:
    """A computer nation orders a peace or an alliance with another computer nation only
    where that nation's level would order it too; Expert negotiates as Standard, so the
    others read it as Standard."""
    state = _state(LYON)
    assert negotiation.View(state).level("germany") == negotiation.STANDARD


def test_expert_wars_leave_no_computer_order_dropped_in_a_game_with_a_human() -> None:
    """Issue 31: whatever the human orders (here every offer every phase, 6 turns) and
    whatever wars the Expert nations declare, no computer order is dropped or cut,
    save a standing offer the human did not take up (``dip/unmatched``,
    ``trade/unmatched``, R80, R73)."""
    from typing import Any

    from engine.core import PlayerSpec
    from engine.rulesets.greatwar1907.orders import Resolve, parse_order
    from engine.rulesets.greatwar1907.state import Phase
    from tests.greatwar1907.test_properties import _offering_human

    levels = ("human", "expert", "standard", "expert", "easy", "expert", "standard", "expert")
    players = [PlayerSpec(f"p{i}", level) for i, level in enumerate(levels)]
    state = RULESET.new_game(players, {"turn_limit": 6}, "expert-offers")
    wars = 0
    while state.phase is not Phase.GAME_OVER:
        missing = [i for i, o in enumerate(state.orders) if o is None]
        order: Any = Resolve()
        if missing:
            seat = missing[0]
            order = parse_order(_offering_human(state, 0)) if seat == 0 else choose_for(state, seat)
        outcome = RULESET.apply(state, order)
        state = outcome.state
        if any(e["type"] == "resolved" for e in outcome.events):
            report = state.last_report or {}
            for o in report["offenses"]:
                if o["nation"] != "russia":
                    assert o["code"] in ("dip/unmatched", "trade/unmatched"), o
            wars += sum("weak and next door" in line for line in report["diplomacy"])
    assert wars
