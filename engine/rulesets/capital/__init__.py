"""Capital Risk, simultaneous (RiskNES V; RULINGS §2): sealed orders from every faction,
then one resolution; hold your capital plus floor(n/2) others to win.

Public helpers for the UI: :func:`placement_limit`, :func:`legal_attack_targets`,
:func:`normalise_orders`, :func:`report_text` and :func:`render` (text/BBCode/Markdown).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine import statecheck as check
from engine.core import Event, Order, PlayerSpec, Ruleset, register
from engine.rng import reseeded
from engine.rulesets.capital import position, setup, turn
from engine.rulesets.capital.legal import (
    Offense,
    default_orders,
    legal_attack_targets,
    normalise_orders,
)
from engine.rulesets.capital.options import STRUCK_OUT_COMPUTER, CapitalOptions
from engine.rulesets.capital.orders import (
    ORDER_TYPES,
    PHASE_ORDERS,
    Attack,
    Resolve,
    SubmitOrders,
    SubmitSetup,
    Surge,
    Tactical,
    parse_order,
)
from engine.rulesets.capital.reinforce import capacity, placement_limit, reinforcements
from engine.rulesets.capital.report import render, report_text
from engine.rulesets.capital.state import CapitalState, Faction, Phase

__all__ = [
    "Attack",
    "CapitalOptions",
    "CapitalRuleset",
    "CapitalState",
    "Faction",
    "Offense",
    "Phase",
    "Resolve",
    "SubmitOrders",
    "SubmitSetup",
    "Surge",
    "Tactical",
    "capacity",
    "default_orders",
    "legal_attack_targets",
    "normalise_orders",
    "placement_limit",
    "reinforcements",
    "render",
    "report_text",
]


@register
class CapitalRuleset(Ruleset[CapitalState]):
    name: ClassVar[str] = "capital"
    title: ClassVar[str] = "Capital Risk (simultaneous, RiskNES V)"
    aliases: ClassVar[tuple[str, ...]] = ("capital-risk",)
    simultaneous: ClassVar[bool] = True
    sealed_rounds: ClassVar[tuple[str, ...]] = ("orders",)
    resolving_kind: ClassVar[str] = Resolve.KIND
    order_types: ClassVar[tuple[type[Order], ...]] = ORDER_TYPES
    phase_orders: ClassVar[Mapping[Any, frozenset[str]]] = PHASE_ORDERS
    computer_players: ClassVar[Mapping[str, str]] = {
        "baseline": "engine.rulesets.capital.ai.baseline",
        "easy": "engine.rulesets.capital.ai.levels",
        "standard": "engine.rulesets.capital.ai.levels",
        "good": "engine.rulesets.capital.ai.levels",
        "expert": "engine.rulesets.capital.ai.expert",
    }

    def new_game(
        self, players: Sequence[PlayerSpec], options: Mapping[str, Any], seed: str
    ) -> CapitalState:
        return setup.new_game(players, options, seed)

    def legal_orders(self, state: CapitalState) -> list[Order]:
        """A representative list: the actor's default submission and the resolutions
        allowed now (forced always, plain when nobody is missing)."""
        if state.phase is Phase.GAME_OVER:
            return []
        seat = state.current
        orders: list[Order] = []
        if state.submissions[seat] is None:
            if state.phase is Phase.SETUP:
                orders.append(setup.default_setup(state, seat))
            else:
                orders.append(default_orders(state, seat))
        if not state.missing():
            orders.append(Resolve())
        orders.append(Resolve(force=True))
        return orders

    def parse_order(self, data: Mapping[str, Any]) -> Order:
        return parse_order(data)

    def sealing_factions(self, state: CapitalState) -> list[int]:
        computers = self.computer_seats(state)
        return [i for i, p in enumerate(state.players) if p.alive and i not in computers]

    def computer_seats(self, state: CapitalState) -> list[int]:
        """RULINGS §2: a faction struck out is played by the Standard computer, which
        sends no sealed code; every page plays its orders alike.  Only that level: forum
        games (and their tests) seat keyed players under other controls, and those seal."""
        return [
            i for i, p in enumerate(state.players) if p.acts and p.control == STRUCK_OUT_COMPUTER
        ]

    def resolving_order(self, *, force: bool, entropy: str) -> Order:
        return Resolve(force=force, entropy=entropy)

    def state_from_json(self, data: Mapping[str, Any]) -> CapitalState:
        """:raises EngineError: naming the field that does not fit (sealed slots too)."""
        state = CapitalState.from_json(data)
        for name, kind in (("setup", SubmitSetup), ("orders", SubmitOrders)):
            for faction, slot in enumerate(getattr(state, name)):
                if slot is None:
                    continue
                order = parse_order(slot)
                if not isinstance(order, kind) or order.faction != faction:
                    check.refuse(
                        f"{name}[{faction}]", f"must hold faction {faction + 1}'s {kind.KIND}"
                    )
        return state

    def position_text(self, state: CapitalState) -> str:
        return position.write(state)

    def from_position_text(self, text: str) -> CapitalState:
        return position.read(text, self.state_from_json, self.aliases)

    def from_compact(self, data: Mapping[str, Any]) -> CapitalState:
        """A save code's state: every field checked, and its last report one the report
        writer reads (a code read alone is its signer's word)."""
        state = self.state_from_json(data)
        check.readable_report(state.last_report, lambda fmt: report_text(state, fmt))
        return state

    def turn_report(self, state: CapitalState, fmt: str) -> str | None:
        return report_text(state, fmt)

    def actor(self, state: CapitalState) -> int | None:
        return None if state.phase is Phase.GAME_OVER else state.current

    def income(self, state: CapitalState, seat: int) -> int | None:
        return reinforcements(state, seat)

    def winner(self, state: CapitalState) -> int | None:
        return state.winner

    def _apply(self, state: CapitalState, order: Order) -> list[Event]:
        if isinstance(order, SubmitSetup):
            setup.submit_setup(state, order)
            return [{"type": "setup-sealed", "faction": order.faction}]
        if isinstance(order, SubmitOrders):
            setup.check_sender(state, order.faction, order.player)
            _check_names(state, order)
            state.orders[order.faction] = order.to_json()
            return [{"type": "orders-sealed", "faction": order.faction, "player": order.player}]
        if isinstance(order, Resolve):
            if order.entropy:
                state.rng = reseeded(state.rng, order.entropy)
            if state.phase is Phase.SETUP:
                return turn.resolve_setup_phase(state, order.force)
            return turn.resolve_turn(state, order.force)
        raise AssertionError(f"unhandled order {order!r}")


def _check_names(state: CapitalState, order: SubmitOrders) -> None:
    """Territory names must exist (a typo is malformed, not a rule to cut down).

    :raises IllegalOrderError: naming the unknown territory.
    """
    from engine.errors import IllegalOrderError

    names = [t for t, _ in order.placements]
    names += [t for a in order.attacks for t in (a.origin, a.target)]
    if order.surge is not None:
        names += [order.surge.via, order.surge.target]
    if order.tactical is not None:
        names += [order.tactical.origin] + [t for t, _ in order.tactical.moves]
    for name in names:
        if name not in state.owner:
            raise IllegalOrderError("order/unknown-territory", f"there is no territory {name!r}")
