"""Order entry on the map (pure): what a click on a territory means in each phase, the
force being sent, and the exact cost and outcome of a move or attack before it is
committed — computed by the engine's own rules on a copy of the position.

Nothing here reads a secret of another player: the battle preview fights the visible
garrison (an armed card of the defender, which the attacker cannot see, may still fire).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import networkx as nx

from engine.core import Order
from engine.errors import EngineError
from engine.rulesets.risk_paper_scissors.battle import BattleResult, Side, battle
from engine.rulesets.risk_paper_scissors.cards import ASSEMBLE_KIND, CARDS, Timing
from engine.rulesets.risk_paper_scissors.common import pay_steps
from engine.rulesets.risk_paper_scissors.legal import default_setup, force_fields, largest_force
from engine.rulesets.risk_paper_scissors.movement import check_attack, move_graph
from engine.rulesets.risk_paper_scissors.options import COMMANDER_TYPES
from engine.rulesets.risk_paper_scissors.orders import (
    ArmCard,
    Attack,
    Claim,
    Move,
    Phase,
    PlayCard,
    Setup,
)
from engine.rulesets.risk_paper_scissors.state import RpsState
from ui.risk_paper_scissors.session import Draft, Session

TARGETED_CARDS = frozenset({"nuclear.rocket_strike", "diplomat.redeployment", *ASSEMBLE_KIND})
"""Played cards whose target is chosen on the map (the others are played at once)."""


@dataclass(frozen=True)
class Click:
    """What a click did: an order to play now, or a message (the draft may have changed)."""

    order: Order | None = None
    message: str = ""
    warn: bool = False


@dataclass(frozen=True)
class Plan:
    """A move or attack as it stands: the order, its path and cost, and for an attack on
    a garrison the exact battle; ``error`` is the engine's refusal, if any."""

    order: Move | Attack
    path: tuple[str, ...]
    unit_steps: int
    energy: int
    bank_after: int
    battle: BattleResult | None
    error: str | None


def side_of(force: dict[str, object]) -> Side:
    commanders = force.get("commanders", ())
    assert isinstance(commanders, tuple | list)
    return Side(
        int(str(force.get("e", 0))),
        int(str(force.get("j", 0))),
        int(str(force.get("w", 0))),
        frozenset(str(c) for c in commanders),
    )


def default_force(garrison: Side, loss_order: tuple[str, ...]) -> dict[str, object]:
    """The force first offered: every unit but one, commanders staying home (a commander
    lost in battle takes its deck's cards and Colony Influence with it) unless no other
    unit could go; the player ticks a commander in to send it."""
    force = force_fields(largest_force(garrison, loss_order))
    if force["e"] or force["j"] or force["w"]:
        force["commanders"] = ()
    return force


def force_order(state: RpsState, draft: Draft) -> Move | Attack | None:
    if draft.origin is None or draft.target is None or draft.card is not None:
        return None
    seat = state.current
    kind = Move if state.owner.get(draft.target) == seat else Attack
    fields = force_fields(side_of(draft.force))
    return kind(
        draft.origin,
        draft.target,
        int(str(fields["e"])),
        int(str(fields["j"])),
        int(str(fields["w"])),
        tuple(str(c) for c in fields["commanders"]),  # type: ignore[attr-defined]
    )


def plan(state: RpsState, draft: Draft) -> Plan | None:
    """The move or attack of ``draft``, priced and (for an attack) fought in advance."""
    order = force_order(state, draft)
    if order is None:
        return None
    seat = state.current
    force = side_of(draft.force)
    probe = state.clone()
    path: tuple[str, ...] = (order.origin, order.target)
    error: str | None = None
    fight: BattleResult | None = None
    try:
        if isinstance(order, Move):
            graph = move_graph(state, seat)
            try:
                path = tuple(nx.shortest_path(graph, order.origin, order.target))
            except (nx.NetworkXNoPath, nx.NodeNotFound):
                path = (order.origin, order.target)
            steps = (len(path) - 1) * force.units
            probe = _probe(state, order)
        else:
            check_attack(probe, seat, order)
            steps = force.units
            if order.target in state.owner:
                defender = state.side_at(order.target)
                fight = battle(force, defender, state.options.commander_loss_order)
    except EngineError as exc:
        error = exc.message
        steps = (len(path) - 1) * force.units
    energy, bank_after = _price(state, seat, steps)
    if error is None and energy > state.players[seat].energy:
        error = (
            f"{steps} unit-step(s) cost {energy} energy (bank {state.turn_state.bank}); "
            f"you have {state.players[seat].energy}"
        )
    return Plan(order, path, steps, energy, bank_after, fight, error)


def _probe(state: RpsState, order: Order) -> RpsState:
    """``order`` played on a copy (a move reveals nothing): raises the engine's refusal."""
    from engine.core import find_ruleset

    probe: RpsState = find_ruleset(state.ruleset).apply(state, order).state
    return probe


def _price(state: RpsState, seat: int, steps: int) -> tuple[int, int]:
    """(energy paid, bank left) for ``steps`` unit-steps, by the engine's own rule."""
    probe = state.clone()
    probe.players[seat].energy = 10**6  # the price, even when it cannot be paid
    paid = pay_steps(probe, seat, steps)
    return paid, probe.turn_state.bank


# ---------------------------------------------------------------- clicks


def click(session: Session, territory: str) -> Click:
    state = session.state
    name = session.name(territory)
    if territory not in state.board.names:
        return Click(message=f"There is no territory {territory!r}.", warn=True)
    if session.over:
        return Click(message="The game is over.")
    if session.waiting or not session.human_turn or session.needs_handover:
        return Click(message="It is not your turn to act here.")
    phase = state.phase
    seat = state.current
    draft = session.draft
    if phase is Phase.CLAIM:
        return Click(order=Claim(territory))
    if phase is Phase.SETUP:
        if state.owner.get(territory) != seat:
            return Click(message=f"{name} is not yours: you place on your own.", warn=True)
        draft.buy_at = territory
        return Click(message=f"Placing on {name}.")
    if phase is Phase.PURCHASE:
        if state.owner.get(territory) != seat:
            return Click(
                message=f"You buy on your own territories; {name} is not yours.", warn=True
            )
        draft.buy_at = territory
        return Click(message=f"Buying on {name}.")
    if phase is Phase.ACTION:
        if draft.card is not None:
            return _card_click(session, territory)
        return _force_click(session, territory)
    return Click(message="Choose the losses in the panel.")


def _force_click(session: Session, territory: str) -> Click:
    state = session.state
    draft = session.draft
    seat = state.current
    name = session.name(territory)
    garrison = state.side_at(territory)
    if draft.origin is None or territory == draft.origin:
        if territory == draft.origin:
            draft.clear_force()
            return Click(message="Selection cleared.")
        if state.owner.get(territory) != seat:
            return Click(message=f"Choose one of your territories first; {name} is not yours.")
        if garrison.units < 2:
            return Click(message=f"{name} has one unit: one must stay behind.", warn=True)
        draft.origin = territory
        draft.target = None
        draft.force = default_force(garrison, state.options.commander_loss_order)
        return Click(message=f"From {name}: now choose where to move or attack.")
    draft.target = territory
    verb = "Move to" if state.owner.get(territory) == seat else "Attack"
    return Click(message=f"{verb} {name}: check the cost and the outcome, then confirm.")


def _card_click(session: Session, territory: str) -> Click:
    state = session.state
    draft = session.draft
    card_id = draft.card
    assert card_id is not None
    card = CARDS[card_id]
    seat = state.current
    if card.timing is Timing.ARMED:
        draft.card = None
        return Click(order=ArmCard(card_id, territory))
    if card_id == "diplomat.redeployment":
        garrison = state.side_at(territory)
        if draft.origin is None:
            if state.owner.get(territory) != seat or garrison.units < 2:
                return Click(message="Redeployment: choose one of your territories with 2+ units.")
            draft.origin = territory
            draft.force = default_force(garrison, state.options.commander_loss_order)
            return Click(message="Redeployment: now choose where the force goes.")
        draft.target = territory
        return Click(message="Redeployment: confirm the force in the panel.")
    draft.target = territory
    return Click(message=f"{card.name} on {session.name(territory)}: confirm in the panel.")


def card_order(session: Session, **fields: object) -> PlayCard | None:
    """The PlayCard the draft describes (``fields``: the panel's choice, e.g. the unit
    class of a Rocket Strike or the E/J of an Assemble)."""
    draft = session.draft
    card_id = draft.card
    if card_id is None:
        return None
    if card_id == "diplomat.redeployment":
        if draft.origin is None or draft.target is None:
            return None
        force = force_fields(side_of(draft.force))
        return PlayCard(
            card_id,
            territory=draft.origin,
            target=draft.target,
            e=int(str(force["e"])),
            j=int(str(force["j"])),
            w=int(str(force["w"])),
            commanders=tuple(str(c) for c in force["commanders"]),  # type: ignore[attr-defined]
        )
    if card_id in TARGETED_CARDS:
        if draft.target is None:
            return None
        return PlayCard(card_id, territory=draft.target, **fields)  # type: ignore[arg-type]
    return PlayCard(card_id)


def setup_order(session: Session) -> Setup:
    """Every setup point placed (the engine's balanced placement) with the chosen
    headquarters first (the station on it when it is land, unless one was chosen)."""
    state = session.state
    seat = state.current
    own = state.territories_of(seat)
    draft = session.draft
    hq = draft.headquarters
    if hq in own:
        own = [hq, *(t for t in own if t != hq)]
    order = default_setup(state, seat, own)
    if draft.station in own and state.board.kind[draft.station] == "land":
        order = replace(order, station=draft.station)
    return order


def place_step(session: Session, unit: str, delta: int) -> None:
    """One more or fewer ``unit`` (e, j or w) placed by hand on the selected territory."""
    draft = session.draft
    at = draft.buy_at
    if at is None or session.state.owner.get(at) != session.state.current:
        return
    counts = draft.placed.setdefault(at, [0, 0, 0])
    index = "ejw".index(unit)
    counts[index] = max(0, counts[index] + delta)
    if not any(counts):
        del draft.placed[at]


def placed_points(draft: Draft) -> int:
    return sum(e + 3 * j + 5 * w for e, j, w in draft.placed.values())


def manual_setup_order(session: Session) -> Setup:
    """The Setup the player placed by hand (the engine checks the points and caps)."""
    state = session.state
    own = state.territories_of(state.current)
    draft = session.draft
    hq = draft.headquarters if draft.headquarters in own else own[0]
    land = [t for t in own if state.board.kind[t] == "land"]
    station = draft.station if draft.station in own else (hq if hq in land else land[0])
    spots = [t for t in own if t in draft.placed]
    return Setup(
        tuple(spots),
        tuple(draft.placed[t][0] for t in spots),
        tuple(draft.placed[t][1] for t in spots),
        tuple(draft.placed[t][2] for t in spots),
        hq,
        hq,
        station,
    )


def adjust_force(session: Session, unit: str, delta: int) -> None:
    """One more or fewer of ``unit`` (E, J, W or a commander) in the force being sent,
    within what the origin holds."""
    state = session.state
    draft = session.draft
    if draft.origin is None or draft.origin not in state.owner:
        return
    garrison = state.side_at(draft.origin)
    force = dict(draft.force)
    if unit in COMMANDER_TYPES:
        present = list(force.get("commanders", ()))
        if delta > 0 and unit in garrison.commanders and unit not in present:
            present.append(unit)
        elif delta < 0 and unit in present:
            present.remove(unit)
        force["commanders"] = tuple(c for c in COMMANDER_TYPES if c in present)
    else:
        key = unit.lower()
        have = {"e": garrison.e, "j": garrison.j, "w": garrison.w}[key]
        force[key] = max(0, min(have, int(str(force.get(key, 0))) + delta))
    draft.force = force


def clickable(session: Session) -> tuple[str, ...]:
    """The territories a click does something on now (the map marks them)."""
    state = session.state
    if not session.human_turn or session.needs_handover:
        return ()
    seat = state.current
    phase = state.phase
    own = tuple(state.territories_of(seat))
    if phase is Phase.CLAIM:
        return tuple(
            t for t in state.board.land if t not in state.devastated and t not in state.owner
        )
    if phase in (Phase.SETUP, Phase.PURCHASE):
        return own
    if phase is not Phase.ACTION:
        return ()
    draft = session.draft
    if draft.card is None and draft.origin is not None:
        graph = move_graph(state, seat)
        moves = [t for t in own if t != draft.origin and nx.has_path(graph, draft.origin, t)]
        from engine.rulesets.risk_paper_scissors.movement import can_reach

        attacks = [
            t
            for t in state.board.order
            if state.owner.get(t) != seat
            and t not in state.devastated
            and can_reach(state, seat, draft.origin, t)
        ]
        return tuple(moves + attacks)
    if draft.card is None:
        return tuple(t for t in own if state.armies[t] > 1)
    card = CARDS[draft.card]
    if card.timing is Timing.ARMED:
        return tuple(
            t for t in own if state.board.kind[t] in card.arm_kinds and t not in state.armed
        )
    if draft.card in ASSEMBLE_KIND:
        return tuple(t for t in own if state.board.kind[t] == ASSEMBLE_KIND[draft.card])
    if draft.card == "nuclear.rocket_strike":
        return tuple(t for t, owner in state.owner.items() if owner != seat)
    return own
