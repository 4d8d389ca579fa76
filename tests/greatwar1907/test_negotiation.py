"""Computer nations that negotiate (issue 31): each case a small position where a human
nation offers peace, an alliance, passage or a trade to a computer nation, and the
computer's orders (chosen from the position alone: orders are sealed, R3) accept it when
it helps and refuse it when it does not."""

from __future__ import annotations

from typing import Any

from engine.rulesets.greatwar1907.ai import levels
from engine.rulesets.greatwar1907.orders import SubmitAttack, SubmitDeployment
from engine.rulesets.greatwar1907.report import report_text
from engine.rulesets.greatwar1907.state import GreatWarState
from engine.rulesets.greatwar1907.trades import OPEN_TRADES
from tests.greatwar1907.helpers import NATIONS, offenses, order, position, resolve, start


def _computer(nation: str, level: str = "standard") -> str:
    """The position line of ``nation``'s seat played by the computer at ``level``."""
    return f'seat {nation} "computer {nation}" {level}'


def _computer_orders(state: GreatWarState, nation: str) -> SubmitDeployment | SubmitAttack:
    """The computer nation writes its orders from the position, as every page does."""
    seat = NATIONS.index(nation)
    level = levels.EASY if state.players[seat].control == "easy" else levels.STANDARD
    chosen = levels.choose(state, seat, level)
    assert isinstance(chosen, SubmitDeployment | SubmitAttack)
    state.orders[seat] = chosen.to_json()
    return chosen


def _diplomacy(chosen: SubmitDeployment | SubmitAttack) -> list[tuple[str, str, str]]:
    return [(d.other, d.to, d.reason) for d in chosen.diplomacy]


def _war_in_the_east(
    riga_divisions: int = 1, level: str = "standard", phase: str = "deployment"
) -> GreatWarState:
    """Germany (computer) at war with Russia (human), 1 division in Königsberg (raised
    to ``riga_divisions`` when told) against Riga's 1 and Russia's 18 on the border."""
    return position(
        f"""
        phase {phase}
        {_computer("germany", level)}
        relation germany russia war
        kbg germany {riga_divisions}
        """
    )


# ------------------------------------------------------------------ peace (R79, R80)
def test_a_computer_signs_the_peace_of_a_war_it_cannot_win() -> None:
    """R79/R80: "war → peace: both nations (peace treaty)"; "a two-sided change ordered
    by one nation only does nothing".  Germany, outnumbered on the Russian border with
    no Russian province it can take, orders peace with Russia from the position alone,
    so Russia's offer in the same phase is matched and the war ends."""
    state = _war_in_the_east()
    chosen = _computer_orders(state, "germany")
    assert ("russia", "peace", "cannot-win") in _diplomacy(chosen)
    order(state, "russia", diplomacy=[{"with": "germany", "to": "peace"}])
    resolve(state)
    assert state.relation("germany", "russia") == "peace"
    assert "dip/unmatched" not in offenses(state)
    assert "the war with Russian Empire cannot be won now" in report_text(state)


def test_a_computer_refuses_peace_while_it_can_take_a_province() -> None:
    """R80: the same offer, but Germany has 12 divisions in Königsberg next to Riga's
    1: it orders no peace, so Russia's offer is unmatched and the war goes on."""
    state = _war_in_the_east(riga_divisions=12)
    chosen = _computer_orders(state, "germany")
    assert not [d for d in chosen.diplomacy if d.to == "peace"]
    order(state, "russia", diplomacy=[{"with": "germany", "to": "peace"}])
    resolve(state)
    assert state.relation("germany", "russia") == "war"
    assert offenses(state, "russia") == ["dip/unmatched"]


def test_easy_forgives_and_signs_the_peace_standard_refuses() -> None:
    """Issue 31: "the easy level is forgiving".  The position where Standard refuses
    (it can take Riga): Easy still orders peace with the human nation."""
    state = _war_in_the_east(riga_divisions=12, level="easy")
    chosen = _computer_orders(state, "germany")
    assert ("russia", "peace", "cannot-win") in _diplomacy(chosen)
    order(state, "russia", diplomacy=[{"with": "germany", "to": "peace"}])
    resolve(state)
    assert state.relation("germany", "russia") == "peace"


# ------------------------------------------------------------------ alliance (R79, R86)
def _west(common_enemy: bool) -> GreatWarState:
    """Attack phase; Germany (computer) with no ally, at peace with the UK (human); the
    UK at war with the Ottoman Empire, and Germany too when ``common_enemy``."""
    return position(
        f"""
        phase attack
        {_computer("germany")}
        relation germany russia peace
        relation germany italy peace
        relation germany uk peace
        relation germany ottoman {"war" if common_enemy else "peace"}
        """
    )


def test_a_computer_allies_against_a_common_enemy() -> None:
    """R79: "peace → alliance: both nations".  Germany and the UK are both at war with
    the Ottoman Empire and the UK masses no armies on Germany's border: Germany orders
    the alliance, the UK's offer matches it and the pair is allied."""
    state = _west(common_enemy=True)
    chosen = _computer_orders(state, "germany")
    assert ("uk", "alliance", "common-enemy") in _diplomacy(chosen)
    order(state, "uk", diplomacy=[{"with": "germany", "to": "alliance"}])
    resolve(state)
    assert state.relation("germany", "uk") == "alliance"


def test_a_computer_refuses_an_alliance_with_no_enemy_in_common() -> None:
    """R80: the same offer with Germany at war with nobody: an alliance brings it
    nothing, it orders none, and the UK's offer is unmatched."""
    state = _west(common_enemy=False)
    chosen = _computer_orders(state, "germany")
    assert not [d for d in chosen.diplomacy if d.to == "alliance"]
    order(state, "uk", diplomacy=[{"with": "germany", "to": "alliance"}])
    resolve(state)
    assert state.relation("germany", "uk") == "peace"
    assert offenses(state, "uk") == ["dip/unmatched"]


# ------------------------------------------------------------------ passage (R17)
def test_a_computer_returns_a_passage_grant() -> None:
    """R17: "A nation may grant or revoke passage to a nation it is at peace with".
    Spain (human) grants Germany passage; at its next orders Germany grants Spain
    passage in return."""
    state = position(
        f"""
        phase attack
        {_computer("germany")}
        grant spain germany
        """
    )
    chosen = _computer_orders(state, "germany")
    assert [(p.nation, p.grant) for p in chosen.passage] == [("spain", True)]
    resolve(state)
    assert ("germany", "spain") in state.grants


def test_a_computer_revokes_passage_of_a_nation_at_war_with_its_ally() -> None:
    """R17: a grant "lets supply and pp pass".  Spain grants Germany passage but is at
    war with Italy, Germany's ally: Germany does not help it and revokes its own grant."""
    state = position(
        f"""
        phase attack
        {_computer("germany")}
        relation italy spain war
        grant spain germany
        grant germany spain
        """
    )
    chosen = _computer_orders(state, "germany")
    assert [(p.nation, p.grant) for p in chosen.passage] == [("spain", False)]
    resolve(state)
    assert ("germany", "spain") not in state.grants


# ------------------------------------------------------------------ trades (R73-R75)
def _offer(give_part: dict[str, Any], get_part: dict[str, Any]) -> GreatWarState:
    """Deployment of turn 2; Germany (computer) at peace with Russia (human), which
    offered it a trade at the last Deployment phase (kept in the report)."""
    state = position(
        f"""
        turn 2
        {_computer("germany")}
        relation germany russia peace
        """
    )
    offer = {"from": "russia", "with": "germany", "give": give_part, "get": get_part}
    state.last_report = {OPEN_TRADES: [offer]}
    return state


def test_a_computer_buys_a_province_next_to_its_land() -> None:
    """R73: "It happens only if both nations order it in the same Deployment phase with
    matching parts".  Russia offered Riga (4 pp, 1 division, next to Königsberg) for
    2 pp: Germany answers with the matching bundle at the next Deployment phase, Russia
    orders it again, and Riga passes to Germany with its division (R74)."""
    state = _offer({"provinces": ["rig"]}, {"pp": 2})
    chosen = _computer_orders(state, "germany")
    assert isinstance(chosen, SubmitDeployment)
    assert [(t.other, t.give.pp, t.get.provinces) for t in chosen.trades] == [
        ("russia", 8, ("rig",))
    ]
    trade = {"with": "germany", "give": {"provinces": ["rig"]}, "get": {"pp": 2}}
    order(state, "russia", trades=[trade])
    resolve(state)
    assert state.owner_of("rig") == "germany"
    assert offenses(state, "germany") == []


def test_a_computer_refuses_a_trade_that_costs_more_than_it_brings() -> None:
    """R73: "An unmatched bundle does nothing".  Russia offered 1 pp for 2 pp, and
    Germany's own Königsberg for 10 pp: Germany orders no trade, both stay unmatched."""
    state = _offer({"pp": 1}, {"pp": 2})
    state.last_report = {
        OPEN_TRADES: [
            *(state.last_report or {})[OPEN_TRADES],
            {
                "from": "russia",
                "with": "germany",
                "give": {"pp": 10},
                "get": {"provinces": ["kbg"]},
            },
        ]
    }
    chosen = _computer_orders(state, "germany")
    assert isinstance(chosen, SubmitDeployment)
    assert chosen.trades == ()
    order(state, "russia", trades=[{"with": "germany", "give": {"pp": 1}, "get": {"pp": 2}}])
    resolve(state)
    assert offenses(state, "russia") == ["trade/unmatched"]


def test_an_unmatched_trade_offer_stays_readable_until_the_next_deployment() -> None:
    """R73 with sealed orders (R3): a computer answers a trade at the next Deployment
    phase, so the Deployment report's unmatched bundles are kept in the Attack report."""
    state = start()
    order(state, "russia", trades=[{"with": "germany", "give": {"pp": 1}}])
    resolve(state)
    assert [o["from"] for o in (state.last_report or {})[OPEN_TRADES]] == ["russia"]
    resolve(state)
    assert [o["with"] for o in (state.last_report or {})[OPEN_TRADES]] == ["germany"]


# ------------------------------------------------------------------ breaking (R84)
def test_a_computer_breaks_with_an_ally_massing_armies_and_says_why() -> None:
    """R79: "alliance → peace: one nation (break), 3 pp".  Russia, allied to Germany and
    the stronger, stands 18 divisions on Germany's border against Germany's 4: Germany
    breaks the alliance and the report gives its reason."""
    state = position(_computer("germany"))
    chosen = _computer_orders(state, "germany")
    assert ("russia", "peace", "armies-on-border") in _diplomacy(chosen)
    resolve(state)
    assert state.relation("germany", "russia") == "peace"
    assert "German Empire's reason: Russian Empire's armies on its border" in report_text(state)


def test_a_computer_keeps_an_ally_whose_armies_are_not_massed() -> None:
    """R84: the same alliance with Russia's border provinces down to 1 division each:
    no threat, no break (the 3 pp are kept)."""
    state = position(
        f"""
        {_computer("germany")}
        war russia 1
        rig russia 1
        vil russia 1
        lem russia 1
        bud russia 1
        zag russia 1
        """
    )
    chosen = _computer_orders(state, "germany")
    assert not [d for d in chosen.diplomacy if d.other == "russia"]
    resolve(state)
    assert state.relation("germany", "russia") == "alliance"


def test_a_reason_is_left_out_of_the_order_when_none_is_given() -> None:
    """§3.2: orders without a reason are written as before (codes unchanged); a reason
    outside the closed list is refused with a typed error naming the field."""
    import pytest

    from engine.errors import InvalidOrderError
    from engine.rulesets.greatwar1907.orders import Diplomacy, parse_order

    plain = SubmitDeployment(1, "germany", diplomacy=(Diplomacy("russia", "peace"),))
    assert plain.to_json()["diplomacy"] == [{"with": "russia", "to": "peace"}]
    assert parse_order(plain.to_json()) == plain
    given = SubmitDeployment(1, "germany", diplomacy=(Diplomacy("russia", "war", "room-to-grow"),))
    assert parse_order(given.to_json()) == given
    bad = {**plain.to_json(), "diplomacy": [{"with": "russia", "to": "war", "reason": "[b]x"}]}
    with pytest.raises(InvalidOrderError):
        parse_order(bad)


def test_in_the_attack_phase_no_peace_is_offered_to_a_human_being_attacked() -> None:
    """R82: "a change takes effect at once, before that phase's moves and battles", so a
    peace the human accepted would void the computer's attacks on it.  Easy, forgiving,
    offers peace in the Attack phase only when it attacks none of the human's
    provinces: with 12 divisions next to Riga's 1 it attacks and offers nothing; with
    1 division it offers peace."""
    state = _war_in_the_east(riga_divisions=12, level="easy", phase="attack")
    chosen = _computer_orders(state, "germany")
    assert isinstance(chosen, SubmitAttack)
    assert any(state.owner_of(a.target) == "russia" for a in chosen.attacks)
    assert not [d for d in chosen.diplomacy if d.to == "peace"]
    state = _war_in_the_east(riga_divisions=1, level="easy", phase="attack")
    chosen = _computer_orders(state, "germany")
    assert ("russia", "peace", "cannot-win") in _diplomacy(chosen)


# ------------------------------------------------------------------ refusals and Easy
def _spain_grants(level: str) -> GreatWarState:
    """Attack phase; Spain (human) has granted Germany (computer) passage and stands 30
    divisions in Lyon, on Germany's border, against Germany's 12 next to Spain."""
    return position(
        f"""
        phase attack
        {_computer("germany", level)}
        grant spain germany
        lyo spain 30
        """
    )


def test_a_computer_does_not_return_passage_to_a_nation_massing_armies() -> None:
    """R17: a grant lets the grantee's supply and pp cross the granter's land.  Spain's
    grant is not returned while Spain masses its armies on Germany's border (two to one,
    at least 6): Germany orders no grant, and none is recorded."""
    state = _spain_grants("standard")
    chosen = _computer_orders(state, "germany")
    assert chosen.passage == ()
    resolve(state)
    assert ("germany", "spain") not in state.grants


def test_easy_returns_passage_even_to_a_nation_massing_armies() -> None:
    """Issue 31: "the easy level is forgiving".  The same grant, the same armies on the
    border: Easy returns the human's grant."""
    state = _spain_grants("easy")
    chosen = _computer_orders(state, "germany")
    assert [(p.nation, p.grant) for p in chosen.passage] == [("spain", True)]
    resolve(state)
    assert ("germany", "spain") in state.grants


def _uk_masses(level: str) -> GreatWarState:
    """Germany (computer) and the UK (human) both at war with the Ottoman Empire; the UK
    stands 20 divisions in London, next to Lille's 1."""
    return position(
        f"""
        phase attack
        {_computer("germany", level)}
        relation germany russia peace
        relation germany italy peace
        relation germany uk peace
        relation germany ottoman war
        lil germany 1
        lon uk 20
        """
    )


def test_a_computer_refuses_an_alliance_with_a_nation_massing_armies_on_its_border() -> None:
    """R79/R80: an alliance needs both nations.  A common enemy, but the UK's 20
    divisions in London face Lille's 1: Standard orders no alliance and the UK's offer
    is unmatched."""
    state = _uk_masses("standard")
    chosen = _computer_orders(state, "germany")
    assert not [d for d in chosen.diplomacy if d.to == "alliance"]
    order(state, "uk", diplomacy=[{"with": "germany", "to": "alliance"}])
    resolve(state)
    assert state.relation("germany", "uk") == "peace"
    assert offenses(state, "uk") == ["dip/unmatched"]


def test_easy_allies_with_a_human_against_a_common_enemy_whatever_its_armies() -> None:
    """Issue 31: "the easy level is forgiving".  The same armies in London: Easy orders
    the alliance against the common enemy and the UK's offer matches it."""
    state = _uk_masses("easy")
    chosen = _computer_orders(state, "germany")
    assert ("uk", "alliance", "common-enemy") in _diplomacy(chosen)
    order(state, "uk", diplomacy=[{"with": "germany", "to": "alliance"}])
    resolve(state)
    assert state.relation("germany", "uk") == "alliance"


def test_easy_takes_a_trade_worth_three_quarters_of_what_it_pays() -> None:
    """R73: a trade happens only when both sides order matching bundles.  Russia offered
    12 pp for 16 pp: Standard takes only a trade worth more than it pays and refuses;
    Easy, forgiving, takes one worth three quarters of it and orders the mirror bundle
    (pp are written in quarters: 48 for 64)."""
    standard = _offer({"pp": 12}, {"pp": 16})
    chosen = _computer_orders(standard, "germany")
    assert isinstance(chosen, SubmitDeployment) and chosen.trades == ()
    easy = _offer({"pp": 12}, {"pp": 16})
    easy.players[NATIONS.index("germany")].control = "easy"
    chosen = _computer_orders(easy, "germany")
    assert isinstance(chosen, SubmitDeployment)
    assert [(t.other, t.give.pp, t.get.pp) for t in chosen.trades] == [("russia", 64, 48)]
