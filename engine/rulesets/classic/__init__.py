"""Classic: the 1990 Computer RISK rules with all their options (see RULINGS §1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.core import Event, Order, PlayerSpec, Ruleset, register
from engine.errors import EngineError
from engine.rulesets.classic import battle, compact, position, setup, turn
from engine.rulesets.classic.legal import legal_orders
from engine.rulesets.classic.orders import (
    ORDER_TYPES,
    PHASE_ORDERS,
    Attack,
    ChooseHeadquarters,
    Claim,
    EndAttack,
    EndTurn,
    FreeMove,
    MoveIn,
    Place,
    PlaceNeutral,
    Reroll,
    TradeCards,
)
from engine.rulesets.classic.state import ClassicState, Phase

__all__ = ["ClassicRuleset", "ClassicState", "Phase"]

_PLAY_PHASES = {Phase.REINFORCE, Phase.ATTACK, Phase.MOVE_IN, Phase.FORTIFY, Phase.ADVANTAGE}


@register
class ClassicRuleset(Ruleset[ClassicState]):
    name: ClassVar[str] = "classic"
    title: ClassVar[str] = "Classic (Computer RISK, 1990)"
    aliases: ClassVar[tuple[str, ...]] = ("risk", "computer-risk")
    order_types: ClassVar[tuple[type[Order], ...]] = ORDER_TYPES
    phase_orders: ClassVar[Mapping[Any, frozenset[str]]] = PHASE_ORDERS
    computer_players: ClassVar[Mapping[str, str]] = {
        "baseline": "engine.rulesets.classic.ai.baseline",
        "easy": "engine.rulesets.classic.ai.levels",
        "standard": "engine.rulesets.classic.ai.levels",
        "good": "engine.rulesets.classic.ai.levels",
        "expert": "engine.rulesets.classic.ai.expert",
    }

    def new_game(
        self, players: Sequence[PlayerSpec], options: Mapping[str, Any], seed: str
    ) -> ClassicState:
        state, _ = self.new_game_with_events(players, options, seed)
        return state

    def new_game_with_events(
        self, players: Sequence[PlayerSpec], options: Mapping[str, Any], seed: str
    ) -> tuple[ClassicState, list[Event]]:
        return setup.new_game(players, options, seed)

    def legal_orders(self, state: ClassicState) -> list[Order]:
        return legal_orders(state)

    def state_from_json(self, data: Mapping[str, Any]) -> ClassicState:
        """The state of its JSON form (an autosave), checked field by field as a save
        code's state is: it goes through the compact form and its checks.

        :raises EngineError: ``savecode/state`` naming what does not fit.
        """
        try:
            state = ClassicState.from_json(data)
            packed = compact.to_compact(state)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise EngineError("savecode/state", f"the saved game is malformed ({exc!r})") from None
        return compact.from_compact(packed)

    def to_compact(self, state: ClassicState) -> dict[str, Any]:
        return compact.to_compact(state)

    def from_compact(self, data: Mapping[str, Any]) -> ClassicState:
        return compact.from_compact(data)

    def position_text(self, state: ClassicState) -> str:
        return position.write(state)

    def from_position_text(self, text: str) -> ClassicState:
        return position.read(text, self.state_from_json, self.aliases)

    def actor(self, state: ClassicState) -> int | None:
        return None if state.phase is Phase.GAME_OVER else state.current

    def income(self, state: ClassicState, seat: int) -> int | None:
        held = state.territories_of(seat)
        if not held or state.players[seat].is_neutral:
            return 0  # Neutral never gets reinforcements of its own
        return turn.base_reinforcements(state, seat)

    def winner(self, state: ClassicState) -> int | None:
        return state.winner

    def _apply(self, state: ClassicState, order: Order) -> list[Event]:
        if state.phase in _PLAY_PHASES:
            state.turn_orders += 1  # reset when the next turn starts
        events = self._dispatch(state, order)
        if state.phase in _PLAY_PHASES:
            events += turn.check_victory(state)
        return events

    def _dispatch(self, state: ClassicState, order: Order) -> list[Event]:
        if isinstance(order, Claim):
            return setup.claim(state, order.territory)
        if isinstance(order, Place):
            if state.phase is Phase.SETUP:
                return setup.place_setup(state, order.territory, order.count)
            return turn.place_reinforcements(state, order.territory, order.count)
        if isinstance(order, PlaceNeutral):
            return setup.place_neutral(state, order.territory)
        if isinstance(order, ChooseHeadquarters):
            return setup.choose_headquarters(state, order.territory)
        if isinstance(order, TradeCards):
            return turn.trade(state, order.cards)
        if isinstance(order, Attack):
            return battle.attack(state, order.origin, order.target, order.dice, order.mode)
        if isinstance(order, Reroll):
            return battle.reroll(state, order.accept)
        if isinstance(order, MoveIn):
            return battle.move_in(state, order.count)
        if isinstance(order, EndAttack):
            state.phase = Phase.FORTIFY
            return [{"type": "end-attack", "seat": state.current}]
        if isinstance(order, FreeMove):
            return turn.free_move(state, order.origin, order.target, order.count)
        if isinstance(order, EndTurn):
            return turn.end_turn(state)
        raise AssertionError(f"unhandled order {order!r}")
