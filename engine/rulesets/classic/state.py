"""The Classic game state: plain data, JSON round-trippable, cheap to copy."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.board import Board, Seat
from engine.core import copy_json
from engine.rulesets.classic.options import ClassicOptions

NEUTRAL_CONTROL = "neutral"
UNOWNED = -1


class Phase(StrEnum):
    CLAIM = "claim"
    SETUP = "setup"
    HEADQUARTERS = "headquarters"
    REINFORCE = "reinforce"
    ATTACK = "attack"
    ADVANTAGE = "advantage"
    MOVE_IN = "move-in"
    FORTIFY = "fortify"
    GAME_OVER = "game-over"


STAT_KEYS = ("battles_won", "battles_lost", "armies_killed", "armies_lost", "conquests", "losses")


@dataclass
class Player(Seat):
    cards: list[int] = field(default_factory=list)
    mission: int | None = None
    headquarters: str | None = None
    alive: bool = True
    setup_armies: int = 0
    stats: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STAT_KEYS, 0))

    @property
    def is_neutral(self) -> bool:
        return self.control == NEUTRAL_CONTROL

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Player:
        return cls(
            str(data["name"]),
            str(data["control"]),
            str(data["color"]),
            [int(c) for c in data["cards"]],
            None if data["mission"] is None else int(data["mission"]),
            data["headquarters"],
            bool(data["alive"]),
            int(data["setup_armies"]),
            {k: int(data["stats"][k]) for k in STAT_KEYS},
        )


@dataclass
class ClassicState(Board[Player]):
    """Everything about a Classic game; ``owner``/``armies`` are keyed by territory id.

    Turn-scoped fields (``reinforcements``, ``conquered``, ``battle``, ``pending``,
    ``moved``, ``turn_orders``) are reset when a turn starts.
    """

    options: ClassicOptions
    phase: Phase = Phase.CLAIM
    current: int = 0
    first_player: int = 0
    turn: int = 0
    draw_pile: list[int] = field(default_factory=list)
    sets_traded: int = 0
    reinforcements: int = 0
    bonus_paid: int = 0
    conquered: bool = False
    return_to_attack: bool = False
    setup_round: list[int] = field(default_factory=lambda: [0, 0])
    battle: dict[str, Any] | None = None
    pending: dict[str, Any] | None = None
    moved: dict[str, int] = field(default_factory=dict)
    free_moves: int = 0
    winner: int | None = None
    turn_orders: int = 0
    """Orders given so far in the turn under way (public: everyone saw them).  A
    computer player that searches spends its turn's budget by it, so the same position
    gives the same order on every page, in a game resumed mid-turn too."""
    ruleset: str = "classic"

    @property
    def neutral(self) -> int | None:
        for index, player in enumerate(self.players):
            if player.is_neutral:
                return index
        return None

    def rivals_of(self, seat: int) -> list[int]:
        """The other seats still in the game, the neutral aside."""
        return [s for s, p in enumerate(self.players) if s != seat and p.alive and not p.is_neutral]

    def clone(self) -> ClassicState:
        return self.copy_with(
            draw_pile=list(self.draw_pile),
            setup_round=list(self.setup_round),
            battle=None if self.battle is None else dict(self.battle),
            pending=None if self.pending is None else copy_json(self.pending),
            moved=dict(self.moved),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "options": self.options.to_json(),
            **self.board_json(),
            "phase": self.phase.value,
            "current": self.current,
            "first_player": self.first_player,
            "turn": self.turn,
            "draw_pile": list(self.draw_pile),
            "sets_traded": self.sets_traded,
            "reinforcements": self.reinforcements,
            "bonus_paid": self.bonus_paid,
            "conquered": self.conquered,
            "return_to_attack": self.return_to_attack,
            "setup_round": list(self.setup_round),
            "battle": None if self.battle is None else dict(self.battle),
            "pending": None if self.pending is None else copy_json(self.pending),
            "moved": dict(self.moved),
            "free_moves": self.free_moves,
            "winner": self.winner,
            "turn_orders": self.turn_orders,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ClassicState:
        return cls(
            options=ClassicOptions(**data["options"]),
            **Board.board_fields(data, Player.from_json),
            phase=Phase(data["phase"]),
            current=int(data["current"]),
            first_player=int(data["first_player"]),
            turn=int(data["turn"]),
            draw_pile=[int(c) for c in data["draw_pile"]],
            sets_traded=int(data["sets_traded"]),
            reinforcements=int(data["reinforcements"]),
            bonus_paid=int(data["bonus_paid"]),
            conquered=bool(data["conquered"]),
            return_to_attack=bool(data["return_to_attack"]),
            setup_round=[int(x) for x in data["setup_round"]],
            battle=None if data["battle"] is None else dict(data["battle"]),
            pending=None if data["pending"] is None else copy_json(data["pending"]),
            moved={str(k): int(v) for k, v in data["moved"].items()},
            free_moves=int(data["free_moves"]),
            winner=None if data["winner"] is None else int(data["winner"]),
            turn_orders=int(data.get("turn_orders", 0)),
            ruleset=str(data.get("ruleset", "classic")),
        )
