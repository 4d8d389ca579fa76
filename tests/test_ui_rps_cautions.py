"""Risk, Paper, Scissors' warnings before a probable mistake (issue 29, "Warnings before
mistakes": "playing a card that yields nothing now (Energy Crisis with nothing to
collect)"; "replacing a placement made by hand with "Place my units for me""): each
case a rule, a small position, and the warning asked (or None)."""

from __future__ import annotations

from engine.core import find_ruleset
from engine.rulesets.risk_paper_scissors.orders import PlayCard
from tests.risk_paper_scissors.helpers import BLUE, GREEN, RED, position
from ui.risk_paper_scissors.cautions import card_yields_nothing, placement_replaced
from ui.risk_paper_scissors.session import Draft

CRISIS = "diplomat.energy_crisis"
INVADE = "space.invade_earth"


def test_energy_crisis_with_nobody_to_pay_warns() -> None:
    """13.3 Energy Crisis: "Each living opponent with at least energy_crisis_amount (1)
    energy gives you that much. One with less gives nothing."  Blue and Green at 0: the
    card would collect nothing (and the engine indeed gives nothing)."""
    s = position(energy={BLUE: 0, GREEN: 0}, hands={RED: [CRISIS]})
    assert card_yields_nothing(s, RED, CRISIS) == (
        "No opponent has the energy to give you now: Energy Crisis would collect nothing "
        "and the card would be spent."
    )
    after = find_ruleset("risk_paper_scissors").apply(s, PlayCard(CRISIS)).state
    assert after.players[RED].energy == s.players[RED].energy


def test_energy_crisis_with_one_payer_or_a_zero_amount() -> None:
    """Green has 5: it pays 1, no warning.  With ``energy_crisis_amount`` 0 nobody gives
    anything, whatever they hold: the warning again."""
    s = position(energy={BLUE: 0, GREEN: 5}, hands={RED: [CRISIS]})
    assert card_yields_nothing(s, RED, CRISIS) is None
    s = position(energy={BLUE: 9, GREEN: 9}, options={"energy_crisis_amount": 0})
    assert card_yields_nothing(s, RED, CRISIS) is not None


def test_invade_earth_without_a_lunar_unit_to_spare_warns() -> None:
    """13.3 Invade Earth: "you may Attack it from any lunar territory you own"; an attack
    leaves one unit behind (10.3).  Red's only lunar territory holds 1E: nothing could
    attack.  With 2E there, no warning; with no lunar territory the engine refuses the
    card itself (rps/no-lunar), so no warning either."""
    s = position({"plato": "Red 1E"}, hands={RED: [INVADE]})
    assert card_yields_nothing(s, RED, INVADE) == (
        "None of your lunar territories has a unit to spare: you could not attack the "
        "territory Invade Earth names this turn, and the card would be spent."
    )
    s = position({"plato": "Red 2E"}, hands={RED: [INVADE]})
    assert card_yields_nothing(s, RED, INVADE) is None
    assert card_yields_nothing(position(hands={RED: [INVADE]}), RED, INVADE) is None


def test_other_cards_are_not_warned_of() -> None:
    s = position(energy={BLUE: 0, GREEN: 0})
    assert card_yields_nothing(s, RED, "land.assemble") is None


def test_placing_for_me_over_a_hand_placement_warns() -> None:
    """Setup: "Place my units for me" places every point itself; units already placed by
    hand (1E + 1J on one territory: 4 points) would be replaced."""
    assert placement_replaced(Draft()) is None
    assert placement_replaced(Draft(placed={"peru": [0, 0, 0]})) is None
    assert placement_replaced(Draft(placed={"peru": [1, 1, 0]})) == (
        "You placed 4 points of units by hand on 1 territory: placing for you replaces them all."
    )
    two = Draft(placed={"peru": [1, 0, 0], "chile": [0, 0, 1]})
    assert placement_replaced(two) == (
        "You placed 6 points of units by hand on 2 territories: placing for you replaces them all."
    )
