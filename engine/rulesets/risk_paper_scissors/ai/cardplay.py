"""When ``standard`` plays Rocket Strike, Invade Earth, Death Trap and Redeployment
(issue 31), and which of them it buys.  Every order is checked with the rules
(:func:`is_legal`) before it is given, so a card the rules refuse is never played.

- Rocket Strike (13.3): on a neighbour that the stack next to it cannot capture as it
  stands, when destroying up to ``rocket_strike_max`` units of one class makes the
  capture possible, the best such target first.
- Invade Earth: when a lunar territory holds a stack that can attack (with the Space
  Commander in play): the drawn target is then one more target of the usual attacks.
- Death Trap: armed on the own land territory facing the most enemy units, when the
  energy to pay its cost when it fires is there.
- Redeployment (an ``end`` card): once no attack is left, the largest idle stack away
  from the front goes, at no cost, to the front territory facing the most enemy units.
"""

from __future__ import annotations

import networkx as nx

from engine.core import Order
from engine.rulesets.risk_paper_scissors.ai.plan import (
    attack_force,
    battle,
    enemy_pressure,
    target_value,
    targets_from,
)
from engine.rulesets.risk_paper_scissors.battle import Kills, Outcome, Side, remove
from engine.rulesets.risk_paper_scissors.cards import CARDS
from engine.rulesets.risk_paper_scissors.legal import force_fields
from engine.rulesets.risk_paper_scissors.movement import move_graph
from engine.rulesets.risk_paper_scissors.orders import ArmCard, PlayCard
from engine.rulesets.risk_paper_scissors.play import rocket_strike_count
from engine.rulesets.risk_paper_scissors.rules import is_legal
from engine.rulesets.risk_paper_scissors.state import RpsState

ROCKET = "nuclear.rocket_strike"
INVADE = "space.invade_earth"
TRAP = "land.death_trap"
REDEPLOY = "diplomat.redeployment"
CLASSES = ("E", "J", "W")


def _play_cost(card: str) -> int:
    return CARDS[card].cost


def _budget(state: RpsState, seat: int, spent: int = 0) -> int:
    o = state.options
    return (state.players[seat].energy - spent) * o.steps_per_energy + state.turn_state.bank


def rocket_strike(state: RpsState, seat: int) -> Order | None:
    """The strike that turns the most valuable failed capture into a capture."""
    if ROCKET not in state.players[seat].hand:
        return None
    loss_order = state.options.commander_loss_order
    budget = _budget(state, seat, _play_cost(ROCKET))
    best: tuple[float, int, PlayCard] | None = None
    for origin in state.territories_of(seat):
        force = attack_force(state.side_at(origin), loss_order)
        if force.units == 0 or force.units > budget:
            continue
        for target in targets_from(state, seat, origin):
            defender = state.side_at(target)
            if not defender.units or battle(force, defender, loss_order).outcome is (
                Outcome.CAPTURE
            ):
                continue
            for index, cls in enumerate(CLASSES):
                count = rocket_strike_count(state, target, cls)
                if count == 0:
                    continue
                kills = Kills(*(count if c == cls else 0 for c in CLASSES))
                left = remove(defender, kills, loss_order)
                if battle(force, left, loss_order).outcome is not Outcome.CAPTURE:
                    continue
                value = target_value(state, seat, target)
                order = PlayCard(ROCKET, territory=target, unit_class=cls)
                key = (value, -state.board.index(target) * 3 - index)
                if (best is None or key > best[:2]) and is_legal(state, order):
                    best = (key[0], key[1], order)
    return None if best is None else best[2]


def invade_earth(state: RpsState, seat: int) -> Order | None:
    """Play it when a lunar stack of at least 2 units could use the target."""
    if INVADE not in state.players[seat].hand or state.turn_state.attacks_over:
        return None
    loss_order = state.options.commander_loss_order
    lunar = [t for t in state.territories_of(seat) if state.board.kind[t] == "lunar"]
    if not any(attack_force(state.side_at(t), loss_order).units >= 2 for t in lunar):
        return None
    order = PlayCard(INVADE)
    return order if is_legal(state, order) else None


def arm_death_trap(state: RpsState, seat: int) -> Order | None:
    """Arm it on the most pressed own land territory, energy to fire it in hand."""
    if TRAP not in state.players[seat].hand:
        return None
    if state.players[seat].energy < _play_cost(TRAP):
        return None
    land = [
        t
        for t in state.territories_of(seat)
        if state.board.kind[t] == "land" and t not in state.armed
    ]
    land.sort(key=lambda t: (-enemy_pressure(state, seat, t), state.board.index(t)))
    for territory in land[:1]:
        if enemy_pressure(state, seat, territory) == 0:
            return None
        order = ArmCard(TRAP, territory)
        if is_legal(state, order):
            return order
    return None


def redeployment(state: RpsState, seat: int) -> Order | None:
    """The largest idle stack away from the front to the most pressed front territory
    it can reach (at least 2 units, or it is not worth the card)."""
    if REDEPLOY not in state.players[seat].hand:
        return None
    board = state.board
    own = state.territories_of(seat)
    fronts = [t for t in own if enemy_pressure(state, seat, t) > 0]
    if not fronts:
        return None
    loss_order = state.options.commander_loss_order
    idle = sorted(
        (
            (attack_force(state.side_at(t), loss_order), t)
            for t in own
            if t not in fronts and attack_force(state.side_at(t), loss_order).units >= 2
        ),
        key=lambda x: (-x[0].units, board.index(x[1])),
    )
    if not idle:
        return None
    graph = move_graph(state, seat)
    for force, origin in idle:
        reach = nx.node_connected_component(graph, origin) if origin in graph else set()
        dests = [t for t in fronts if t in reach]
        if not dests:
            continue
        target = max(dests, key=lambda t: (enemy_pressure(state, seat, t), -board.index(t)))
        plain = Side(force.e, force.j, force.w)
        order = PlayCard(
            REDEPLOY,
            territory=origin,
            target=target,
            **force_fields(plain),  # type: ignore[arg-type]
        )
        if is_legal(state, order):
            return order
    return None


def card_to_buy(state: RpsState, seat: int, spare: int) -> str | None:
    """One of the four cards, when its commander is in play, none of it is held or
    armed, and the energy to play it is left over."""
    o = state.options
    hand = state.players[seat].hand
    armed = {card for t, card in state.armed.items() if state.owner.get(t) == seat}
    owns_lunar = any(state.board.kind[t] == "lunar" for t in state.territories_of(seat))
    for card, deck, wanted in (
        (ROCKET, "nuclear", True),
        (TRAP, "land", True),
        (REDEPLOY, "diplomat", True),
        (INVADE, "space", owns_lunar),
    ):
        if not wanted or card in hand or card in armed or not state.has_commander(seat, deck):
            continue
        if spare >= o.card_cost + _play_cost(card):
            return card
    return None
