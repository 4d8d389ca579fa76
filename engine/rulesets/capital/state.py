"""The Capital Risk game state: plain data, JSON round-trippable, cheap to copy.

Sealed submissions are kept as the JSON of the order (``setup`` during the setup phase,
``orders`` afterwards), one slot per faction; a later submission simply replaces the slot,
which is how "the later sealed orders win" for a team of two players.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.board import Board, Seat
from engine.core import copy_json
from engine.rulesets.capital.options import CapitalOptions

NEUTRAL_CONTROL = "neutral"  # a struck-out faction whose territories never act again


class Phase(StrEnum):
    SETUP = "setup"  # every faction sends initial placement and capital, then Resolve
    ORDERS = "orders"  # every faction sends its turn's orders, then Resolve
    GAME_OVER = "game-over"


@dataclass
class Faction(Seat):
    """One army colour; ``members`` are the (up to two) players who may send its orders."""

    army: str
    members: list[str]
    alive: bool = True
    cards: list[int] = field(default_factory=list)
    capital: str | None = None
    strikes: int = 0  # turns in a row without orders

    @property
    def acts(self) -> bool:
        """Alive and sending orders (a neutral faction only holds its territories)."""
        return self.alive and self.control != NEUTRAL_CONTROL

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        if not self.strikes:  # left out at 0, so that save codes stay as they were
            del data["strikes"]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Faction:
        return cls(
            str(data["name"]),
            str(data["control"]),
            str(data["color"]),
            str(data["army"]),
            [str(m) for m in data["members"]],
            bool(data["alive"]),
            [int(c) for c in data["cards"]],
            None if data["capital"] is None else str(data["capital"]),
            int(data.get("strikes", 0)),
        )


@dataclass
class CapitalState(Board[Faction]):
    """Everything about a Capital Risk game; ``owner``/``armies`` are keyed by territory.

    ``capital`` of each faction is stored as soon as the setup resolves; before that the
    choice sits sealed in ``setup``.  ``last_report`` is the structured report of the
    latest resolution (see :mod:`engine.rulesets.capital.report`).
    """

    options: CapitalOptions
    phase: Phase = Phase.SETUP
    turn: int = 0
    draw_pile: list[int] = field(default_factory=list)
    setup: list[dict[str, Any] | None] = field(default_factory=list)
    orders: list[dict[str, Any] | None] = field(default_factory=list)
    capitals_revealed: bool = False
    start_factions: int = 0
    winner: int | None = None
    last_report: dict[str, Any] | None = None
    ruleset: str = "capital"

    @property
    def submissions(self) -> list[dict[str, Any] | None]:
        """The sealed slots of the current phase."""
        return self.setup if self.phase is Phase.SETUP else self.orders

    @property
    def current(self) -> int:
        """The first living faction whose orders are missing; when none is missing, the
        first living faction (who may then call for the resolution)."""
        slots = self.submissions
        living = [i for i, p in enumerate(self.players) if p.acts]
        for seat in living:
            if slots[seat] is None:
                return seat
        return living[0] if living else 0

    def missing(self) -> list[int]:
        slots = self.submissions
        return [i for i, p in enumerate(self.players) if p.acts and slots[i] is None]

    def clone(self) -> CapitalState:
        return self.copy_with(
            draw_pile=list(self.draw_pile),
            setup=[copy_json(s) for s in self.setup],
            orders=[copy_json(s) for s in self.orders],
            last_report=copy_json(self.last_report),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "options": self.options.to_json(),
            **self.board_json(),
            "phase": self.phase.value,
            "turn": self.turn,
            "draw_pile": list(self.draw_pile),
            "setup": [copy_json(s) for s in self.setup],
            "orders": [copy_json(s) for s in self.orders],
            "capitals_revealed": self.capitals_revealed,
            "start_factions": self.start_factions,
            "winner": self.winner,
            "last_report": copy_json(self.last_report),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CapitalState:
        return cls(
            options=CapitalOptions.from_json(data["options"]),
            **Board.board_fields(data, Faction.from_json),
            phase=Phase(data["phase"]),
            turn=int(data["turn"]),
            draw_pile=[int(c) for c in data["draw_pile"]],
            setup=[copy_json(s) for s in data["setup"]],
            orders=[copy_json(s) for s in data["orders"]],
            capitals_revealed=bool(data["capitals_revealed"]),
            start_factions=int(data["start_factions"]),
            winner=None if data["winner"] is None else int(data["winner"]),
            last_report=copy_json(data["last_report"]),
            ruleset=str(data.get("ruleset", "capital")),
        )
