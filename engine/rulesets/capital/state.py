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

from engine import statecheck as check
from engine.board import Board, Seat
from engine.core import copy_json
from engine.maps import load_map
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
    def from_json(cls, data: Mapping[str, Any], where: str = "players[0]") -> Faction:
        """:raises EngineError: ``savecode/state`` naming the field that does not fit."""

        def get(name: str) -> Any:
            return check.item(data, name, where)

        capital = get("capital")
        return cls(
            check.name(get("name"), f"{where}.name"),
            check.text(get("control"), f"{where}.control"),
            check.colour(get("color"), f"{where}.color"),
            check.text(get("army"), f"{where}.army"),
            [check.name(m, f"{where}.members") for m in check.listing(get("members"), where)],
            check.flag(get("alive"), f"{where}.alive"),
            check.integers(get("cards"), f"{where}.cards"),
            None if capital is None else check.text(capital, f"{where}.capital"),
            check.integer(data.get("strikes", 0), f"{where}.strikes"),
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
    def living(self) -> int:
        """How many factions are still in the game."""
        return sum(1 for p in self.players if p.alive)

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
        """The state of its JSON form, every field checked (it may come from a save code
        that any seated player can sign).

        :raises EngineError: ``savecode/state`` (or the options' and map's own errors)
            naming the field that does not fit.
        """

        def get(name: str) -> Any:
            return check.item(data, name)

        the_map = load_map(check.text(get("map"), "map"))
        raw_players = check.listing(get("players"), "players")
        if not 2 <= len(raw_players) <= check.MAX_SEATS:
            check.refuse("players", f"must list 2 to {check.MAX_SEATS} factions")
        players = [Faction.from_json(p, f"players[{i}]") for i, p in enumerate(raw_players)]
        count = len(players)
        owner, armies = check.board(
            check.mapping(get("owner"), "owner"),
            check.mapping(get("armies"), "armies"),
            the_map.territory_ids,
            count,
        )
        deck = range(len(the_map.deck))
        for i, p in enumerate(players):
            if p.capital is not None and p.capital not in owner:
                check.refuse(f"players[{i}].capital", f"is not a territory: {p.capital!r}")
            if any(c not in deck for c in p.cards):
                check.refuse(f"players[{i}].cards", "names a card that is not in the deck")
        slots = {}
        for name in ("setup", "orders"):
            raw = check.listing(get(name), name, count)
            slots[name] = [check.optional_mapping(v, f"{name}[{i}]") for i, v in enumerate(raw)]
        draw_pile = check.integers(get("draw_pile"), "draw_pile", 0, len(the_map.deck) - 1)
        return cls(
            options=CapitalOptions.from_json(check.mapping(get("options"), "options")),
            map_id=the_map.id,
            players=players,
            owner=owner,
            armies=armies,
            rng=check.rng(get("rng")),
            phase=Phase(check.text(get("phase"), "phase", [p.value for p in Phase])),
            turn=check.integer(get("turn"), "turn"),
            draw_pile=draw_pile,
            setup=[copy_json(s) for s in slots["setup"]],
            orders=[copy_json(s) for s in slots["orders"]],
            capitals_revealed=check.flag(get("capitals_revealed"), "capitals_revealed"),
            start_factions=check.integer(get("start_factions"), "start_factions", 0, count),
            winner=check.optional_integer(get("winner"), "winner", 0, count - 1),
            last_report=check.optional_mapping(get("last_report"), "last_report"),
            ruleset=check.text(data.get("ruleset", "capital"), "ruleset", ["capital"]),
        )
