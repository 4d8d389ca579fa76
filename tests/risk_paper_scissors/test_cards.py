"""Spec 19 cases 56-72 and 77-78: command cards, armed cards, stations on capture."""

from __future__ import annotations

from engine.rulesets.risk_paper_scissors import RpsState
from engine.rulesets.risk_paper_scissors.orders import (
    ArmCard,
    Attack,
    ChooseLosses,
    Move,
    Phase,
    PlayCard,
)
from engine.rulesets.risk_paper_scissors.report import report_text
from engine.rulesets.risk_paper_scissors.view import view_for
from engine.rulesets.risk_paper_scissors.year import start_turn
from tests.risk_paper_scissors.helpers import BLUE, GREEN, RED, play, position, refused, units


def test_56_assemble() -> None:
    """13.3 Assemble: "Place E and J worth at most assemble_points (3) points on one land
    territory you own ... A Wolf (5 points) never fits"."""
    s = position({"alberta": "Red 2E", "labrador_basin": "Red 1E"}, hands={RED: ["land.assemble"]})
    after = play(s, PlayCard("land.assemble", territory="alberta", e=3))
    assert units(after, "alberta") == "Red 5E/0J/0W" and after.players[RED].energy == 19
    refused(s, PlayCard("land.assemble", territory="alberta", w=1), "rps/too-many-points")
    refused(s, PlayCard("land.assemble", territory="labrador_basin", e=1), "rps/wrong-kind")


def nuclear(layout: dict[str, str]) -> RpsState:
    layout = {**layout, "eastern_australia": "Red 1E+land,nuclear,diplomat"}
    return position(layout, hands={RED: ["nuclear.rocket_strike"]})


def strike(unit_class: str = "E") -> PlayCard:
    return PlayCard("nuclear.rocket_strike", territory="mongolia", unit_class=unit_class)


def test_57_rocket_strike() -> None:
    """13.3 Rocket Strike: "Destroy min(rocket_strike_max, units of that class there,
    units there − 1)"; cost 2."""
    s = play(nuclear({"mongolia": "Blue 3E"}), strike())
    assert units(s, "mongolia") == "Blue 1E/0J/0W" and s.players[RED].energy == 18


def test_58_rocket_strike_never_takes_the_last_unit() -> None:
    """13.3: "It never removes the last unit ... Refused if that number is 0"."""
    s = play(nuclear({"mongolia": "Blue 2E"}), strike())
    assert units(s, "mongolia") == "Blue 1E/0J/0W"
    refused(nuclear({"mongolia": "Blue 1E"}), strike(), "rps/no-effect")


def test_59_rocket_strike_jaguar_types() -> None:
    """13.3: "Jaguar-types go plain Jaguars first, then commanders in loss order"."""
    s = play(nuclear({"mongolia": "Blue 1E/1J+diplomat"}), strike("J"))
    assert units(s, "mongolia") == "Blue 1E/0J/0W"


def test_60_energy_crisis() -> None:
    """13.3 Energy Crisis: "Each living opponent with at least energy_crisis_amount (1)
    energy gives you that much. One with less gives nothing"."""
    s = position(energy={BLUE: 0, GREEN: 5}, hands={RED: ["diplomat.energy_crisis"]})
    s = play(s, PlayCard("diplomat.energy_crisis"))
    assert [p.energy for p in s.players] == [21, 0, 4]


def test_61_redeployment_ends_attacks() -> None:
    """13.3 Redeployment: free move; "After it, Attack is refused for the rest of the
    turn"; moves are still allowed (13.2 `end`).  Red keeps 1 energy: the Redeployment
    is free, the attack refused, the move paid."""
    layout = {"alberta": "Red 6E", "ontario": "Red 1E", "quebec": "Red 1E"}
    s = position(layout, energy={RED: 1}, hands={RED: ["diplomat.redeployment"]})
    s = play(s, PlayCard("diplomat.redeployment", territory="alberta", target="quebec", e=5))
    assert units(s, "quebec") == "Red 6E/0J/0W" and s.players[RED].energy == 1
    refused(s, Attack("quebec", "greenland", e=1), "rps/attacks-over")
    s = play(s, Move("quebec", "ontario", e=1))
    assert units(s, "ontario") == "Red 2E/0J/0W"


TRAP = {
    "brazil": "Red 1E/2J/2W",
    "north_africa": "Blue 3E",
}


def trapped(layout: dict[str, str] = TRAP, blue_energy: int = 3) -> RpsState:
    """``layout`` with Blue's Death Trap armed in North Africa."""
    return position(layout, energy={BLUE: blue_energy}, armed={"north_africa": "land.death_trap"})


def test_63_death_trap_losses_phase() -> None:
    """13.5: the trap fires (L1 would capture), Blue pays 3, Red destroys ⌈4/2⌉ = 2 units
    of its choice in the losses phase; destroying the 2J, 2W capture (L2)."""
    s = play(trapped(), Attack("brazil", "north_africa", j=2, w=2))
    assert s.phase is Phase.LOSSES and s.players[BLUE].energy == 0
    assert "north_africa" not in s.armed
    refused(s, ChooseLosses(j=1), "rps/bad-losses")
    s = play(s, ChooseLosses(j=2))
    assert s.phase is Phase.ACTION
    assert units(s, "north_africa") == "Red 0E/0J/2W" and units(s, "brazil") == "Red 1E/0J/0W"


def test_64_probe_attack_does_not_fire_the_trap() -> None:
    """13.4: "A probe attack that would only stalemate or fail does not set it off"."""
    layout = {"brazil": "Red 1E/4J/2W", "north_africa": "Blue 3E"}
    s = play(trapped(layout), Attack("brazil", "north_africa", j=2))
    assert s.armed.get("north_africa") == "land.death_trap" and units(s, "north_africa")
    assert units(s, "north_africa") == "Blue 3E/0J/0W"
    s = play(s, Attack("brazil", "north_africa", j=2, w=2))
    assert s.phase is Phase.LOSSES


def test_65_single_choice_no_losses_phase() -> None:
    """13.5: "If only one choice exists (k = n ...), the engine makes it ... If no unit of
    the force is left, the attack ends and the defender holds"."""
    layout = {"north_africa": "Blue 1E", "brazil": "Red 2W"}
    s = play(trapped(layout), Attack("brazil", "north_africa", w=1))
    assert s.phase is Phase.ACTION
    assert units(s, "north_africa") == "Blue 1E/0J/0W" and units(s, "brazil") == "Red 0E/0J/1W"


def test_66_cease_fire() -> None:
    """13.3 Cease Fire: "the attack is cancelled before combat ... its steps stay spent.
    That attacker's later attacks this turn on any territory you own are refused"."""
    layout = {"mongolia": "Blue 1E", "china": "Red 4W", "india": "Blue 1E", "siam": "Green 1E"}
    s = position(layout, armed={"mongolia": "diplomat.cease_fire"})
    s = play(s, Attack("china", "mongolia", w=1))
    assert units(s, "mongolia") == "Blue 1E/0J/0W" and units(s, "china") == "Red 0E/0J/4W"
    assert s.players[BLUE].energy == 8 and s.turn_state.bank == 1
    refused(s, Attack("china", "india", w=1), "rps/cease-fire")
    s = play(s, Attack("china", "siam", w=1))
    assert units(s, "siam") == "Red 0E/0J/1W"


def test_67_unfired_card_returns_at_turn_start() -> None:
    """13.4: "At the start of its owner's next turn, every armed card of theirs that has
    not fired goes back to their hand"."""
    s = position(armed={"madagascar": "land.death_trap"}, more=["order 1 0 2", "slot 0"])
    start_turn(s)
    assert s.players[BLUE].hand == ["land.death_trap"] and not s.armed


def test_68_owner_cannot_pay() -> None:
    """13.4: "If the owner cannot fire the card then, it stays face down and does nothing.
    If that attack then captures ..., the card is discarded"."""
    s = play(trapped(blue_energy=2), Attack("brazil", "north_africa", j=2, w=2))
    assert units(s, "north_africa") == "Red 0E/0J/2W" and not s.armed


def test_69_owner_lacks_the_deck_commander() -> None:
    """13.4: firing "also needs the owner's deck commander in play"."""
    s = trapped({**TRAP, "madagascar": "Blue 1E+diplomat"})
    s = play(s, Attack("brazil", "north_africa", j=2, w=2))
    assert units(s, "north_africa") == "Red 0E/0J/2W"


def test_70_arming_refusals() -> None:
    """13.4 ArmCard refusals: rps/armed-already, rps/not-land; PlayCard of an armed card:
    rps/wrong-timing."""
    s = position(
        {"labrador_basin": "Red 1E"},
        hands={RED: ["land.death_trap", "diplomat.cease_fire"]},
        armed={"eastern_australia": "diplomat.cease_fire"},
    )
    refused(s, ArmCard("land.death_trap", "eastern_australia"), "rps/armed-already")
    refused(s, ArmCard("land.death_trap", "labrador_basin"), "rps/not-land")
    refused(s, PlayCard("land.death_trap"), "rps/wrong-timing")


def test_71_station_changes_hands() -> None:
    """11.3 capture: "A station there passes to the attacker if the attacker has fewer
    than max_stations"."""
    s = position(
        {"siam": "Blue 1E ★", "india": "Red 2W", "alaska": "Red 1E ★", "alberta": "Red 1E ★"}
    )
    s = play(s, Attack("india", "siam", w=1))
    assert len(s.stations_of(RED)) == 3 and "siam" in s.stations


def test_72_station_destroyed_when_captor_is_full() -> None:
    """11.3: "otherwise it is destroyed"."""
    layout = {t: "Red 1E ★" for t in ("alaska", "alberta", "ontario", "quebec")}
    s = position({**layout, "siam": "Blue 1E ★", "india": "Red 2W"})
    s = play(s, Attack("india", "siam", w=1))
    assert len(s.stations_of(RED)) == 4 and "siam" not in s.stations


def test_77_redeployment_reaches_the_moon_only_through_a_station() -> None:
    """12.1: the Moon only "through a station–landing-site link"."""
    s = position(
        {"siberia": "Red 3E", "copernicus": "Red 1E"}, hands={RED: ["diplomat.redeployment"]}
    )
    order = PlayCard("diplomat.redeployment", territory="siberia", target="copernicus", e=2)
    refused(s, order, "rps/no-path")


def test_78_arming_is_hidden() -> None:
    """14: "an arming as 'Red armed a card', with no card name and no territory"; the card
    count (hand plus armed) is unchanged."""
    s = position({"mongolia": "Red 1E"}, hands={RED: ["diplomat.cease_fire"]})
    s = play(s, ArmCard("diplomat.cease_fire", "mongolia"))
    assert s.players[RED].hand == [] and s.armed == {"mongolia": "diplomat.cease_fire"}
    text = report_text(s)
    assert "Red armed a card" in text and "cease" not in text.lower()
    assert "mongolia" not in str(s.log[-1]).lower()
    for viewer in (BLUE, GREEN):
        seen = view_for(s, viewer)
        assert seen["armed"] == {} and seen["players"][RED]["hand"] is None
        assert seen["players"][RED]["cards"] == {"diplomat": 1}
    assert view_for(s, RED)["armed"] == {"mongolia": "diplomat.cease_fire"}
