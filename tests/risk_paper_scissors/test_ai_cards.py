"""Issue 31: Standard plays Rocket Strike, Invade Earth, Death Trap and Redeployment
when they help, and not when they do not (one case each way per card)."""

from __future__ import annotations

from engine.ai import choose_for
from engine.rulesets.risk_paper_scissors.ai import cardplay
from engine.rulesets.risk_paper_scissors.orders import ArmCard, Attack, PlayCard
from engine.rulesets.risk_paper_scissors.state import RpsState
from tests.risk_paper_scissors.helpers import BLUE, GREEN, RED, play, position

NUCLEAR_RESERVE = {"eastern_australia": "Red 1E+land,nuclear,diplomat"}


def _standard(state: RpsState) -> RpsState:
    for player in state.players:
        player.control = "standard"
    return state


def _strike_position(defender: str) -> RpsState:
    layout = {**NUCLEAR_RESERVE, "alaska": "Red 3W", "kamchatka": defender}
    return _standard(position(layout, hands={RED: [cardplay.ROCKET]}))


def test_standard_strikes_the_unit_that_stops_its_capture() -> None:
    """13.3 Rocket Strike: "Destroy min(rocket_strike_max, units of that class there,
    units there − 1) of them."  Alaska's 2 free Wolves cannot take Kamchatka's 2E/1J
    (the Jaguar kills Wolves); striking the Jaguar leaves 2E, which Wolves capture: the
    computer strikes it, then the attack captures."""
    s = _strike_position("Blue 2E/1J")
    order = choose_for(s, RED)
    assert order == PlayCard(cardplay.ROCKET, territory="kamchatka", unit_class="J")
    s = play(s, order, Attack("alaska", "kamchatka", w=2))
    assert s.owner["kamchatka"] == RED


def test_standard_keeps_a_strike_that_would_not_make_a_capture() -> None:
    """13.3: against 3 Jaguars a strike leaves one, which still beats the Wolves: no
    strike is played (the card is kept)."""
    s = _strike_position("Blue 3J")
    order = choose_for(s, RED)
    assert not (isinstance(order, PlayCard) and order.card == cardplay.ROCKET)
    assert cardplay.rocket_strike(s, RED) is None


def test_standard_plays_invade_earth_with_a_lunar_stack() -> None:
    """13.3 Invade Earth: "This turn you may attack it from any lunar territory."  Red
    holds Copernicus with 3E and its Space Commander: the card gives that stack a
    target on Earth, so the computer plays it."""
    s = _standard(position({"copernicus": "Red 3E+space"}, hands={RED: [cardplay.INVADE]}))
    assert choose_for(s, RED) == PlayCard(cardplay.INVADE)
    s = play(s, PlayCard(cardplay.INVADE))
    assert s.turn_state.invade_targets


def test_standard_keeps_invade_earth_without_a_stack_to_send() -> None:
    """13.3: with 1E alone on the Moon nothing could attack the target: not played."""
    s = _standard(position({"copernicus": "Red 1E+space"}, hands={RED: [cardplay.INVADE]}))
    assert cardplay.invade_earth(s, RED) is None
    assert choose_for(s, RED) != PlayCard(cardplay.INVADE)


def test_standard_arms_a_death_trap_where_the_enemy_presses() -> None:
    """13.4: "Death Trap: land"; it fires "on the first attack against its territory
    that would capture or empty it".  Red's only territory faces Blue's 6E: the
    computer arms the trap there."""
    s = _standard(
        position({"new_guinea": "Blue 6E"}, hands={RED: [cardplay.TRAP]}, energy={RED: 4})
    )
    assert choose_for(s, RED) == ArmCard(cardplay.TRAP, "eastern_australia")


def test_standard_does_not_arm_a_death_trap_it_could_not_pay_for() -> None:
    """13.4: firing "needs ... at least the card's cost in energy" (3): with 2 energy
    the trap would do nothing, so it is not armed."""
    s = _standard(
        position({"new_guinea": "Blue 6E"}, hands={RED: [cardplay.TRAP]}, energy={RED: 2})
    )
    assert cardplay.arm_death_trap(s, RED) is None


def _redeploy_position(quiet: str) -> RpsState:
    """Red holds Australia, Indonesia and New Guinea; only Indonesia faces an enemy
    (Blue's 6E in Siam); Western Australia, behind it, holds ``quiet``."""
    layout = {
        "western_australia": quiet,
        "indonesia": "Red 1E",
        "new_guinea": "Red 1E",
        "siam": "Blue 6E",
    }
    return _standard(position(layout, hands={RED: [cardplay.REDEPLOY]}))


def test_standard_redeploys_an_idle_stack_to_the_front() -> None:
    """13.3 Redeployment: "Take an extra free move this turn, after you have finished
    attacking ... It costs no steps."  Red's 5E stand idle behind the front: the
    computer moves 4 of them free to Indonesia, which faces Blue's 6E."""
    s = _redeploy_position("Red 5E")
    order = cardplay.redeployment(s, RED)
    assert order == PlayCard(
        cardplay.REDEPLOY, territory="western_australia", target="indonesia", e=4
    )
    s = play(s, order)
    assert s.side_at("indonesia").e == 5
    assert s.players[RED].energy == 20


def test_standard_keeps_redeployment_when_nothing_is_idle() -> None:
    """13.3: "At least one unit stays behind": a 1E stack has nothing to send."""
    s = _redeploy_position("Red 1E")
    assert cardplay.redeployment(s, RED) is None


def test_easy_buys_the_influence_its_commanders_score_then_what_kills_the_threat() -> None:
    """13.3 Colony Influence scores while its commander lives: Easy buys Land's first
    (its reserve holds the Land Commander); with no card left to buy it two years in
    three prices a capture, and in the third year buys the type that kills the enemy
    units next to its most pressed territory (Jaguar-types kill Wolves)."""
    from engine.rulesets.risk_paper_scissors.orders import BuyCard, BuyUnits, Phase

    easy = {RED: "easy", BLUE: "easy", GREEN: "easy"}
    s = position({"new_guinea": "Blue 4W"}, phase=Phase.PURCHASE, controls=easy)
    assert choose_for(s, RED) == BuyCard("land.colony_influence")
    s = position(
        {"new_guinea": "Blue 4W"},
        phase=Phase.PURCHASE,
        controls=easy,
        hands={RED: ["land.colony_influence", "diplomat.colony_influence"]},
        more=["year 3"],
    )
    order = choose_for(s, RED)
    assert order == BuyUnits("eastern_australia", j=1)
