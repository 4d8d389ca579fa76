"""The purchase phase (spec 9): units, commanders, stations and cards."""

from __future__ import annotations

from engine.core import Event
from engine.rulesets.risk_paper_scissors.battle import Side
from engine.rulesets.risk_paper_scissors.cards import CARDS, Timing
from engine.rulesets.risk_paper_scissors.common import (
    check_commanders,
    check_counts,
    check_owned,
    pay_energy,
    refuse,
)
from engine.rulesets.risk_paper_scissors.orders import (
    BuildStation,
    BuyCard,
    BuyUnits,
    HireCommander,
)
from engine.rulesets.risk_paper_scissors.state import RpsState


def check_caps(state: RpsState, seat: int, e: int, j: int, w: int) -> None:
    have = state.pieces(seat)
    for unit, count in (("E", e), ("J", j), ("W", w)):
        cap = state.options.cap(unit)
        if count and have[unit] + count > cap:
            refuse(
                "rps/cap-reached",
                f"you have {have[unit]} {unit} on the board; {count} more is over the cap of {cap}",
            )


def buy_units(state: RpsState, seat: int, order: BuyUnits) -> list[Event]:
    check_owned(state, seat, order.territory)
    check_counts(e=order.e, j=order.j, w=order.w)
    count = order.e + order.j + order.w
    if count == 0:
        refuse("rps/bad-count", "BuyUnits needs at least one unit")
    check_caps(state, seat, order.e, order.j, order.w)
    pay_energy(state, seat, state.options.unit_cost * count, f"{count} unit(s)")
    state.add_side(order.territory, seat, Side(order.e, order.j, order.w))
    return [
        {
            "type": "bought-units",
            "seat": seat,
            "territory": order.territory,
            "units": [order.e, order.j, order.w],
        }
    ]


def hire_commander(state: RpsState, seat: int, order: HireCommander) -> list[Event]:
    check_commanders([order.commander])
    if state.has_commander(seat, order.commander):
        refuse("rps/commander-in-play", f"your {order.commander} commander is already in play")
    check_owned(state, seat, order.territory)
    pay_energy(state, seat, state.options.commander_cost, f"a {order.commander} commander")
    state.add_side(order.territory, seat, Side(commanders=frozenset({order.commander})))
    return [
        {
            "type": "hired",
            "seat": seat,
            "commander": order.commander,
            "territory": order.territory,
        }
    ]


def build_station(state: RpsState, seat: int, order: BuildStation) -> list[Event]:
    check_owned(state, seat, order.territory)
    if state.board.kind[order.territory] != "land":
        refuse("rps/not-land", f"a station needs a land territory, not {order.territory}")
    if order.territory in state.stations:
        refuse("rps/station-exists", f"{state.board.names[order.territory]} has a station")
    limit = state.options.max_stations
    if len(state.stations_of(seat)) >= limit:
        refuse("rps/station-limit", f"you have {limit} stations, the most allowed")
    pay_energy(state, seat, state.options.station_cost, "a space station")
    state.stations.add(order.territory)
    return [{"type": "station", "seat": seat, "territory": order.territory}]


def buy_card(state: RpsState, seat: int, order: BuyCard) -> list[Event]:
    card = CARDS.get(order.card)
    if card is None:
        refuse("rps/unknown-card", f"there is no card {order.card!r}")
    if not state.has_commander(seat, card.deck):
        refuse("rps/no-commander", f"{order.card} needs your {card.deck} commander in play")
    limit = state.options.cards_per_turn
    if state.turn_state.cards_bought >= limit:
        refuse("rps/card-limit", f"you have bought {limit} card(s) this turn, the most allowed")
    hand = state.players[seat].hand
    if card.timing is Timing.SCORE:
        held = sum(1 for c in hand if c == card.id)
        if held >= state.options.colony_influence_per_deck:
            refuse("rps/influence-held", f"you already hold {held} {order.card}")
    pay_energy(state, seat, state.options.card_cost, f"the card {order.card}")
    state.turn_state.cards_bought += 1
    hand.append(card.id)
    return [{"type": "card-bought", "seat": seat, "deck": card.deck}]
