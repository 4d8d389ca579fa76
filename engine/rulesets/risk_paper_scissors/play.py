"""Playing and arming command cards (spec 13)."""

from __future__ import annotations

from engine.core import Event
from engine.rulesets.risk_paper_scissors.battle import Kills, Side, remove
from engine.rulesets.risk_paper_scissors.cards import ASSEMBLE_KIND, CARDS, Card, Timing
from engine.rulesets.risk_paper_scissors.common import (
    check_owned,
    check_territory,
    pay_energy,
    refuse,
)
from engine.rulesets.risk_paper_scissors.movement import force_of, relocate
from engine.rulesets.risk_paper_scissors.options import UNIT_POINTS
from engine.rulesets.risk_paper_scissors.orders import ArmCard, PlayCard
from engine.rulesets.risk_paper_scissors.purchase import check_caps
from engine.rulesets.risk_paper_scissors.state import RpsState

_FIELD_UNSET = {
    "territory": "",
    "target": "",
    "unit_class": "",
    "e": 0,
    "j": 0,
    "w": 0,
    "commanders": (),
}


def _card_in_hand(state: RpsState, seat: int, card_id: str) -> Card:
    card = CARDS.get(card_id)
    if card is None:
        refuse("rps/unknown-card", f"there is no card {card_id!r}")
    if card_id not in state.players[seat].hand:
        refuse("rps/not-in-hand", f"you do not hold {card_id}")
    return card


def _need_commander(state: RpsState, seat: int, card: Card) -> None:
    if not state.has_commander(seat, card.deck):
        refuse("rps/no-commander", f"{card.id} needs your {card.deck} commander in play")


def play_card(state: RpsState, seat: int, order: PlayCard) -> list[Event]:
    card = _card_in_hand(state, seat, order.card)
    if card.timing not in (Timing.MAIN, Timing.END):
        refuse("rps/wrong-timing", f"{card.id} is {card.timing.value}: it cannot be played")
    _need_commander(state, seat, card)
    used = set(card.fields) | ({"w"} if card.id in ASSEMBLE_KIND else set())
    for name, unset in _FIELD_UNSET.items():
        if name not in used and getattr(order, name) != unset:
            refuse("rps/bad-card-field", f"{card.id} does not use the field {name!r}")
    for name in ("territory", "target", "unit_class"):
        if name in card.fields and not getattr(order, name):
            refuse("rps/bad-card-field", f"{card.id} needs the field {name!r}")
    pay_energy(state, seat, card.cost, card.id)
    events = _EFFECTS[card.id.split(".", 1)[1]](state, seat, order)
    state.players[seat].hand.remove(card.id)
    if card.timing is Timing.END:
        state.turn_state.attacks_over = True
    return [{"type": "card-played", "seat": seat, "card": card.id}, *events]


def _assemble(state: RpsState, seat: int, order: PlayCard) -> list[Event]:
    check_owned(state, seat, order.territory)
    kind = ASSEMBLE_KIND[order.card]
    if state.board.kind[order.territory] != kind:
        refuse(
            "rps/wrong-kind", f"{order.card} places on a {kind} territory, not {order.territory}"
        )
    if min(order.e, order.j, order.w) < 0:
        refuse("rps/bad-count", "unit counts must not be negative")
    points = order.e * UNIT_POINTS["E"] + order.j * UNIT_POINTS["J"] + order.w * UNIT_POINTS["W"]
    limit = state.options.assemble_points
    if order.w or points > limit:
        refuse("rps/too-many-points", f"Assemble places at most {limit} points of E and J")
    if points == 0:
        refuse("rps/bad-card-field", f"{order.card} needs at least one unit (e or j)")
    check_caps(state, seat, order.e, order.j, 0)
    state.add_side(order.territory, seat, Side(order.e, order.j))
    return [
        {
            "type": "assembled",
            "seat": seat,
            "territory": order.territory,
            "units": [order.e, order.j, 0],
        }
    ]


def _invade_earth(state: RpsState, seat: int, order: PlayCard) -> list[Event]:
    board = state.board
    if not any(board.kind[t] == "lunar" for t in state.territories_of(seat)):
        refuse("rps/no-lunar", "Invade Earth needs a lunar territory of yours")
    candidates = [t for t in board.land if t not in state.devastated and state.owner.get(t) != seat]
    if not candidates:
        refuse("rps/no-target", "every land territory is yours or devastated")
    target = state.rng.choice(candidates)
    state.turn_state.invade_targets.append(target)
    return [{"type": "invade-earth", "seat": seat, "target": target}]


def rocket_strike_count(state: RpsState, territory: str, unit_class: str) -> int:
    here = state.side_at(territory)
    present = {"E": here.e, "J": here.jaguar_types, "W": here.w}[unit_class]
    return min(state.options.rocket_strike_max, present, here.units - 1)


def _rocket_strike(state: RpsState, seat: int, order: PlayCard) -> list[Event]:
    check_territory(state, order.territory)
    owner = state.owner.get(order.territory)
    if owner is None or owner == seat:
        refuse("rps/no-target", f"no opponent owns {order.territory}")
    if order.unit_class not in ("E", "J", "W"):
        refuse("rps/bad-count", f"unit_class must be E, J or W, not {order.unit_class!r}")
    count = rocket_strike_count(state, order.territory, order.unit_class)
    if count == 0:
        refuse("rps/no-effect", f"a Rocket Strike on {order.territory} would destroy nothing")
    losses = {"E": (count, 0, 0), "J": (0, count, 0), "W": (0, 0, count)}[order.unit_class]
    left = remove(
        state.side_at(order.territory), Kills(*losses), state.options.commander_loss_order
    )
    state.set_side(order.territory, owner, left)
    return [
        {
            "type": "rocket-strike",
            "seat": seat,
            "territory": order.territory,
            "destroyed": count,
            "unit_class": order.unit_class,
        }
    ]


def _energy_crisis(state: RpsState, seat: int, order: PlayCard) -> list[Event]:
    amount = state.options.energy_crisis_amount
    gained = 0
    for other in state.living():
        if other != seat and state.players[other].energy >= amount:
            state.players[other].energy -= amount
            gained += amount
    state.players[seat].energy += gained
    return [{"type": "energy-crisis", "seat": seat, "gained": gained}]


def _redeployment(state: RpsState, seat: int, order: PlayCard) -> list[Event]:
    force: Side = force_of(order.e, order.j, order.w, order.commanders)
    relocate(state, seat, order.territory, order.target, force, paid=False)
    return [
        {
            "type": "move",
            "seat": seat,
            "origin": order.territory,
            "target": order.target,
            "force": str(force),
            "steps": 0,
        }
    ]


_EFFECTS = {
    "assemble": _assemble,
    "invade_earth": _invade_earth,
    "rocket_strike": _rocket_strike,
    "energy_crisis": _energy_crisis,
    "redeployment": _redeployment,
}


def arm_card(state: RpsState, seat: int, order: ArmCard) -> list[Event]:
    card = CARDS.get(order.card)
    if card is None:
        refuse("rps/unknown-card", f"there is no card {order.card!r}")
    if card.timing is not Timing.ARMED:
        refuse("rps/wrong-timing", f"{card.id} is {card.timing.value}: it cannot be armed")
    card = _card_in_hand(state, seat, order.card)
    _need_commander(state, seat, card)
    check_owned(state, seat, order.territory)
    if state.board.kind[order.territory] not in card.arm_kinds:
        refuse("rps/not-land", f"{card.id} lies only on land, not on {order.territory}")
    if order.territory in state.armed:
        refuse("rps/armed-already", f"{state.board.names[order.territory]} has an armed card")
    state.players[seat].hand.remove(card.id)
    state.armed[order.territory] = card.id
    return [{"type": "card-armed", "seat": seat}]
