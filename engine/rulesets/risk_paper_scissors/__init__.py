"""Risk, Paper, Scissors (spec version 1, RULINGS §4): no dice, five years of sealed
bids and energy-paid turns, combat as rock-paper-scissors between Wolves, Jaguars and
Elementals.

Public helpers for the page: :func:`battle` (the exact result of a proposed attack),
:func:`parse_side`, :func:`legal_orders` and :func:`report_text`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from engine.core import UNHELD, BoardSummary, Event, Order, PlayerSpec, Ruleset, register
from engine.rulesets.risk_paper_scissors import compact, position, setup
from engine.rulesets.risk_paper_scissors.battle import (
    BattleResult,
    Outcome,
    Side,
    battle,
    describe,
    parse_side,
)
from engine.rulesets.risk_paper_scissors.common import income, log
from engine.rulesets.risk_paper_scissors.legal import legal_orders
from engine.rulesets.risk_paper_scissors.options import RpsOptions
from engine.rulesets.risk_paper_scissors.orders import (
    ORDER_TYPES,
    PHASE_ORDERS,
    ArmCard,
    Attack,
    Bid,
    BuildStation,
    BuyCard,
    BuyUnits,
    ChooseLosses,
    Claim,
    EndPurchase,
    EndTurn,
    HireCommander,
    Move,
    Phase,
    PlayCard,
    ResolveBids,
    Setup,
)
from engine.rulesets.risk_paper_scissors.reading import StateError, read_state
from engine.rulesets.risk_paper_scissors.report import report_text
from engine.rulesets.risk_paper_scissors.rules import apply_order
from engine.rulesets.risk_paper_scissors.state import RpsState

__all__ = [
    "ArmCard",
    "Attack",
    "BattleResult",
    "Bid",
    "BuildStation",
    "BuyCard",
    "BuyUnits",
    "ChooseLosses",
    "Claim",
    "EndPurchase",
    "EndTurn",
    "HireCommander",
    "Move",
    "Outcome",
    "Phase",
    "PlayCard",
    "ResolveBids",
    "RpsOptions",
    "RpsRuleset",
    "RpsState",
    "Setup",
    "Side",
    "StateError",
    "battle",
    "legal_orders",
    "parse_side",
    "read_state",
    "report_text",
]


@register
class RpsRuleset(Ruleset[RpsState]):
    name: ClassVar[str] = "risk_paper_scissors"
    title: ClassVar[str] = "Risk, Paper, Scissors"
    aliases: ClassVar[tuple[str, ...]] = ("rps",)
    # Sequential, but by email each year's bids are one commit-reveal round (spec 17.1).
    sealed_rounds: ClassVar[tuple[str, ...]] = ("bids",)
    resolving_kind: ClassVar[str] = ResolveBids.KIND
    order_types: ClassVar[tuple[type[Order], ...]] = ORDER_TYPES
    phase_orders: ClassVar[Mapping[Any, frozenset[str]]] = PHASE_ORDERS
    computer_players: ClassVar[Mapping[str, str]] = {
        "easy": "engine.rulesets.risk_paper_scissors.ai",
        "standard": "engine.rulesets.risk_paper_scissors.ai",
        "expert": "engine.rulesets.risk_paper_scissors.ai",
    }

    def new_game(
        self, players: Sequence[PlayerSpec], options: Mapping[str, Any], seed: str
    ) -> RpsState:
        return setup.new_game(players, options, seed)

    def legal_orders(self, state: RpsState) -> list[Order]:
        return legal_orders(state)

    def awaits_sealed_orders(self, state: RpsState) -> bool:
        return state.phase is Phase.BID

    def sealing_factions(self, state: RpsState) -> list[int]:
        return state.living()

    def keyless_factions(self, state: RpsState) -> list[int]:
        """A computer seat has no key to sign a bid with: by email it bids nothing (6.2.2)."""
        return [s for s in state.living() if state.players[s].control != "human"]

    def resolving_order(self, *, force: bool, entropy: str) -> Order:
        return ResolveBids(entropy=entropy, force=force)

    def state_from_json(self, data: Mapping[str, Any]) -> RpsState:
        return read_state(data)

    def to_compact(self, state: RpsState) -> dict[str, Any]:
        return compact.to_compact(state)

    def from_compact(self, data: Mapping[str, Any]) -> RpsState:
        return read_state(data)

    def position_text(self, state: RpsState) -> str:
        return position.write(state)

    def from_position_text(self, text: str) -> RpsState:
        return position.read(text, self.state_from_json, self.aliases)

    def actor(self, state: RpsState) -> int | None:
        return None if state.phase is Phase.GAME_OVER else state.current

    def winner(self, state: RpsState) -> int | None:
        """The winning seat; None while the game runs or for a shared win."""
        if state.result is None:
            return None
        winners = state.result["winners"]
        return int(winners[0]) if len(winners) == 1 else None

    def board_summary(self, state: RpsState) -> BoardSummary:
        """The shared board's summary (units are Elementals, Jaguars, Wolves and
        commanders, ``armies`` their count), with every territory of the map, an empty one
        held by nobody; cards are the hand."""
        shared = super().board_summary(state)
        return replace(
            shared,
            owners={t: state.owner.get(t, UNHELD) for t in state.board.order},
            cards=tuple(len(p.hand) for p in state.players),
        )

    def place_name(self, state: RpsState, place: str) -> str:
        """A territory by the board's name for it."""
        return state.board.names.get(place, place)

    def income(self, state: RpsState, seat: int) -> int | None:
        """The energy its territories and groups give at the next year (0 once out)."""
        return income(state, seat) if state.players[seat].alive else 0

    def record_point(self, state: RpsState) -> tuple[int, str]:
        """A position per player's turn (the turn number counts years): the year's bid,
        then each slot of the year's order, named by year and player."""
        year = state.turn
        if state.phase in (Phase.CLAIM, Phase.SETUP) or year == 0:
            return 0, "Setup"
        if state.phase is Phase.BID:
            return year * 10, f"Year {year}, the bid"
        if state.phase is Phase.GAME_OVER:
            return year * 10 + 9, f"Year {year}, the end"
        player = state.players[state.order[state.slot]].name
        return year * 10 + 1 + state.slot, f"Year {year}, {player}'s turn"

    def battle_lines(self, attacker: str, defender: str) -> list[str]:
        """``python -m engine battle``: the battle round by round, then the survivors."""
        return describe(battle(parse_side(attacker), parse_side(defender)))

    def result_line(self, state: RpsState) -> str | None:
        """The last line of ``simulate``: the winner(s) with every score."""
        if state.result is None:
            return None
        scores = state.result["scores"]
        names = [state.players[int(s)].name for s in state.result["winners"]]
        table = ", ".join(f"{state.players[int(s)].name} {p}" for s, p in scores.items())
        label = "winner" if len(names) == 1 else "winners (shared)"
        return f"{label}: {' and '.join(names)} in year {state.turn}; scores: {table}"

    def turn_report(self, state: RpsState, fmt: str) -> str | None:
        return self.report(state, fmt)

    def report(self, state: RpsState, fmt: str = "text") -> str:
        return report_text(state, fmt)

    def _apply(self, state: RpsState, order: Order) -> list[Event]:
        return log(state, apply_order(state, order))
