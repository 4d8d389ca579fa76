"""Toy: two territories, one order.  "March from your territory into the other: each
side rolls a die, the lower loses a unit (ties defend); a side left with none loses the
territory.  At the start of your turn each of your territories gains a unit.  Hold both
to win."
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.board import Board, Seat
from engine.core import Event, Order, PlayerSpec, Ruleset, register
from engine.errors import IllegalOrderError
from engine.rng import Rng

TERRITORIES = ("hill", "vale")


@dataclass
class ToyState(Board[Seat]):
    phase: str = "march"
    turn: int = 1
    current: int = 0
    ruleset: str = "toy"

    def clone(self) -> ToyState:
        return self.copy_with()

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            **self.board_json(),
            "turn": self.turn,
            "current": self.current,
            "phase": self.phase,
        }


@dataclass(frozen=True)
class March(Order):
    KIND: ClassVar[str] = "march"
    origin: str


@register
class ToyRuleset(Ruleset[ToyState]):
    name: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy"
    order_types: ClassVar[tuple[type[Order], ...]] = (March,)
    phase_orders: ClassVar[Mapping[Any, frozenset[str]]] = {"march": frozenset({"march"})}
    computer_players: ClassVar[Mapping[str, str]] = {"baseline": "tests.toy.ai"}

    def new_game(
        self, players: Sequence[PlayerSpec], options: Mapping[str, Any], seed: str
    ) -> ToyState:
        return ToyState(
            map_id="toy",
            players=[Seat(p.name, p.control, p.color) for p in players[:2]],
            owner=dict(zip(TERRITORIES, (0, 1), strict=True)),
            armies=dict.fromkeys(TERRITORIES, 2),
            rng=Rng(seed),
        )

    def legal_orders(self, state: ToyState) -> list[Order]:
        return [March(t) for t in state.territories_of(state.current) if state.armies[t] > 1]

    def _apply(self, state: ToyState, order: Order) -> list[Event]:
        assert isinstance(order, March)
        if order not in self.legal_orders(state):
            raise IllegalOrderError(
                "order/not-owner", f"seat {state.current + 1} cannot march from {order.origin!r}"
            )
        target = next(t for t in TERRITORIES if t != order.origin)
        attack, defend = state.rng.below(6), state.rng.below(6)
        loser = target if attack > defend else order.origin
        state.armies[loser] -= 1
        if state.armies[target] == 0:
            state.owner[target] = state.current
            state.armies[target], state.armies[order.origin] = state.armies[order.origin] - 1, 1
        if self.winner(state) is None:
            state.current = 1 - state.current
            state.turn += state.current == 0
            for t in state.territories_of(state.current):
                state.armies[t] += 1
        return [{"type": "battle", "rolls": [attack, defend], "loser": loser}]

    def state_from_json(self, data: Mapping[str, Any]) -> ToyState:
        return ToyState(
            **Board.board_fields(data, lambda p: Seat(**p)),
            turn=int(data["turn"]),
            current=int(data["current"]),
            phase=str(data["phase"]),
        )

    def actor(self, state: ToyState) -> int | None:
        return None if self.winner(state) is not None else state.current

    def winner(self, state: ToyState) -> int | None:
        owners = set(state.owner.values())
        return owners.pop() if len(owners) == 1 else None
