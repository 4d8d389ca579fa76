"""Spec 19 cases 12, 15-18 and 32-40: moves on the step pool, and purchases."""

from __future__ import annotations

from engine.rulesets.risk_paper_scissors.orders import (
    BuildStation,
    BuyCard,
    BuyUnits,
    HireCommander,
    Move,
    Phase,
)
from tests.risk_paper_scissors.helpers import RED, play, position, refused, units

ROW = {"alberta": "Red 4E", "ontario": "Red 1E", "quebec": "Red 1E"}


def test_12_shortest_path_cost() -> None:
    """10.2: "Pay n × d steps"; 3 units 2 steps = 6 steps = 3 energy, bank 0."""
    s = play(position(ROW, energy={RED: 3}), Move("alberta", "quebec", e=3))
    assert units(s, "quebec") == "Red 4E/0J/0W"
    assert s.players[RED].energy == 0 and s.turn_state.bank == 0


def test_15_not_enough_energy() -> None:
    """10.1 pay: "if energy < cost: refuse rps/not-enough-energy (nothing changes)"."""
    refused(position(ROW, energy={RED: 2}), Move("alberta", "quebec", e=3), "rps/not-enough-energy")


def test_16_two_steps_one_energy() -> None:
    """Seed: "1 energy will move 1 unit 2 territories"."""
    layout = {"alaska": "Red 2E", "alberta": "Red 1E", "western_us": "Red 1E"}
    s = play(position(layout), Move("alaska", "western_us", e=1))
    assert s.players[RED].energy == 19 and s.turn_state.bank == 0


def test_17_no_path() -> None:
    """12.1: "other players' territories are never on a path"."""
    layout = {"alaska": "Red 2E", "argentina": "Red 1E"}
    refused(position(layout), Move("alaska", "argentina", e=1), "rps/no-path")


def test_18_leave_one() -> None:
    """10.2: "at least one unit stays there (rps/leave-one)"."""
    layout = {"alaska": "Red 2E", "alberta": "Red 1E"}
    refused(position(layout), Move("alaska", "alberta", e=2), "rps/leave-one")


def buying(layout: dict[str, str] | None = None, **kw: object) -> object:
    return position(layout, phase=Phase.PURCHASE, **kw)  # type: ignore[arg-type]


def test_32_cap_reached() -> None:
    """3.2: "Any purchase ... that would exceed a cap is refused (rps/cap-reached)"."""
    s = position({"alaska": "Red 7W"}, phase=Phase.PURCHASE)
    refused(s, BuyUnits("eastern_australia", w=1), "rps/cap-reached")


def test_33_placing_is_not_travel() -> None:
    """9: "placing is not travel, so no commander is needed"."""
    s = position({"labrador_basin": "Red 1E"}, phase=Phase.PURCHASE)
    s = play(s, BuyUnits("labrador_basin", e=2))
    assert units(s, "labrador_basin") == "Red 3E/0J/0W" and s.players[RED].energy == 14


def test_34_one_commander_of_each_type() -> None:
    """3.2: "at most one commander of each type in play. A dead commander can be hired
    again"."""
    s = position(phase=Phase.PURCHASE)
    refused(s, HireCommander("land", "eastern_australia"), "rps/commander-in-play")
    s = position({"eastern_australia": "Red 1E+diplomat"}, phase=Phase.PURCHASE)
    s = play(s, HireCommander("land", "eastern_australia"))
    assert s.has_commander(RED, "land") and s.players[RED].energy == 16


def test_35_station_limit() -> None:
    """9: stations "only while you have fewer than max_stations"."""
    layout = {t: "Red 1E ★" for t in ("alaska", "alberta", "ontario", "quebec")}
    refused(
        position(layout, phase=Phase.PURCHASE),
        BuildStation("eastern_australia"),
        "rps/station-limit",
    )


def test_36_stations_on_land_one_each() -> None:
    """9: "On a land territory you own that has no station"."""
    s = position(
        {"labrador_basin": "Red 1E", "eastern_australia": "Red 1E+land,diplomat ★"},
        phase=Phase.PURCHASE,
    )
    refused(s, BuildStation("labrador_basin"), "rps/not-land")
    refused(s, BuildStation("eastern_australia"), "rps/station-exists")


def test_37_two_cards_a_turn() -> None:
    """Seed: "Only 2 cards total can be purchased per turn"."""
    s = play(
        position(energy={RED: 5}, phase=Phase.PURCHASE),
        BuyCard("land.assemble"),
        BuyCard("land.assemble"),
    )
    assert s.players[RED].hand == ["land.assemble", "land.assemble"]
    assert s.players[RED].energy == 3
    refused(s, BuyCard("land.assemble"), "rps/card-limit")


def test_38_deck_needs_its_commander() -> None:
    """13.1: "the deck's commander must be in play when you buy a card"."""
    refused(position(phase=Phase.PURCHASE), BuyCard("naval.assemble"), "rps/no-commander")


def test_39_one_colony_influence_per_deck() -> None:
    """2: colony_influence_per_deck 1: "most Colony Influence cards of one deck a player
    may hold"."""
    s = position(phase=Phase.PURCHASE, hands={RED: ["land.colony_influence"]})
    refused(s, BuyCard("land.colony_influence"), "rps/influence-held")
    s = play(s, BuyCard("diplomat.colony_influence"))
    assert "diplomat.colony_influence" in s.players[RED].hand


def test_40_wrong_phase() -> None:
    """7.2: "The engine core checks this table before any rule code runs"."""
    s = position({"alaska": "Red 2E", "alberta": "Red 1E"}, phase=Phase.PURCHASE)
    refused(s, Move("alaska", "alberta", e=1), "order/wrong-phase")
