"""Classic options: the game types of the 1990 manual and every variant, as one
frozen dataclass.  Every parameter that RULINGS.md fixes lives here as data."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from engine.errors import OptionError

GAME_TYPES = ("us_full", "uk_full", "us_short", "uk_short", "custom")
OBJECTIVES = ("world", "missions", "headquarters")

# Manual p.5: initial armies by number of players (2 players: 40 each, with or without neutral).
STARTING_ARMIES = {2: 40, 3: 35, 4: 30, 5: 25, 6: 20}
# RULINGS §1: rising sets 4, 6, 8, 10, 12, 15, then +5 each.
RISING_SET_VALUES = (4, 6, 8, 10, 12, 15)
RISING_SET_STEP = 5
LOW_EXCHANGE_START = 4
LOW_EXCHANGE_STEP = 1
# RULINGS §1: fixed sets (UK): three artillery 4, three infantry 6, three cavalry 8, one of each 10.
FIXED_SET_VALUES = {"artillery": 4, "infantry": 6, "cavalry": 8, "mixed": 10}
TERRITORY_BONUS = 2  # armies on a traded card's territory
TERRITORY_BONUS_PER_TURN = 2  # at most this many such armies a turn (US: the first match only)
MANDATORY_TRADE_AT = 5
ELIMINATION_TRADE_AT = 6
ELIMINATION_TRADE_DOWN_TO = 4
MIN_REINFORCEMENT = 3
TERRITORIES_PER_ARMY = 3
NO_LIMIT = 750  # manual p.35: without an army limit there is effectively a limit of 750
ARMY_LIMIT_RANGE = (5, 750)
DEFAULT_ARMY_LIMIT = 12
NEUTRAL_SHARE = 3  # a third of the territories go to Neutral
NEUTRAL_START_ARMIES = {"us": 1, "uk": 2}
US_NEUTRAL_SETUP = (2, 1)  # per setup round: armies on own territories, armies on a neutral one
MISSION_TERRITORIES = 24
MISSION_HELD_TERRITORIES = 18
MISSION_HELD_ARMIES = 2

_PRESETS: dict[str, dict[str, Any]] = {
    "us_full": {"selection": "manual", "card_sets": "rising", "objective": "world"},
    "uk_full": {"selection": "random", "card_sets": "fixed", "objective": "world"},
    "us_short": {"selection": "manual", "card_sets": "rising", "objective": "headquarters"},
    "uk_short": {"selection": "random", "card_sets": "fixed", "objective": "missions"},
    "custom": {"selection": "random", "card_sets": "rising", "objective": "world"},
}


@dataclass(frozen=True)
class ClassicOptions:
    """All Classic options.  ``game_type`` fills in defaults that explicit options override.

    ``neutral`` is ``"none"``, ``"us"`` or ``"uk"`` (two players only); ``"auto"`` picks the
    game type's family (UK for uk_*, US otherwise) in a two-player game and none otherwise.
    ``enemy_hqs`` is how many enemy headquarters a player must hold besides their own;
    0 means all of them.  ``army_limit`` 0 means off; "on" without a number gives
    ``DEFAULT_ARMY_LIMIT``.
    """

    game_type: str = "us_full"
    selection: str = "manual"
    card_sets: str = "rising"
    low_exchange: bool = False
    objective: str = "world"
    enemy_hqs: int = 0
    neutral: str = "auto"
    army_limit: int = 0
    supply_lines: bool = False
    attack_advantage: bool = False
    computer_advantage: bool = False
    special_setup: bool = False

    @property
    def family(self) -> str:
        return "uk" if self.game_type.startswith("uk") else "us"

    @property
    def territory_cap(self) -> int:
        return self.army_limit or NO_LIMIT

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any], players: int) -> ClassicOptions:
        """Options from names and values (strings allowed, as from a command line).

        :raises OptionError: unknown name, bad value, or an impossible combination.
        """
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise OptionError(
                "option/unknown",
                f"unknown classic option(s) {', '.join(unknown)}; known: {', '.join(known)}",
            )
        game_type = str(raw.get("game_type", "us_full"))
        if game_type not in GAME_TYPES:
            raise OptionError(
                "option/bad-value", f"game_type must be one of {', '.join(GAME_TYPES)}"
            )
        values: dict[str, Any] = {"game_type": game_type, **_PRESETS[game_type]}
        for name, value in raw.items():
            if name == "army_limit":
                values[name] = _army_limit(value)
            else:
                values[name] = _convert(name, value, type(getattr(cls(), name)))
        options = replace(cls(), **values)
        return options._resolved(players, explicit=set(raw))

    def _resolved(self, players: int, explicit: set[str]) -> ClassicOptions:
        _choice("selection", self.selection, ("random", "manual"))
        _choice("card_sets", self.card_sets, ("rising", "fixed"))
        _choice("objective", self.objective, OBJECTIVES)
        _choice("neutral", self.neutral, ("auto", "none", "us", "uk"))
        if self.low_exchange and self.card_sets != "rising":
            raise OptionError("option/conflict", "low_exchange is valid only with rising card sets")
        lo, hi = ARMY_LIMIT_RANGE
        if self.army_limit and not lo <= self.army_limit <= hi:
            raise OptionError(
                "option/bad-value",
                f"army_limit must be 0 (off), on ({DEFAULT_ARMY_LIMIT}) or {lo}..{hi}, "
                f"got {self.army_limit}",
            )
        if self.enemy_hqs < 0 or self.enemy_hqs > players - 1:
            raise OptionError(
                "option/bad-value",
                f"enemy_hqs must be 0 (all) to {players - 1}, got {self.enemy_hqs}",
            )
        neutral = self.neutral
        if neutral == "auto":
            neutral = self.family if players == 2 else "none"
        if neutral != "none" and players != 2:
            raise OptionError("option/conflict", "a neutral player needs exactly two players")
        selection = self.selection
        if neutral != "none":
            # Manual p.38: all neutral games begin with random territory selection.
            if "selection" in explicit and selection == "manual":
                raise OptionError(
                    "option/conflict", "neutral games begin with random territory selection"
                )
            selection = "random"
        if self.special_setup and selection == "manual":
            # RULINGS §1: special setup implies random territory selection.
            raise OptionError(
                "option/conflict",
                "special_setup places armies at random and needs random territory selection, "
                "but selection is manual (choose selection=random, or leave special_setup off)",
            )
        return replace(self, neutral=neutral, selection=selection)


def _choice(name: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise OptionError(
            "option/bad-value", f"{name} must be one of {', '.join(allowed)}, got {value!r}"
        )


def _army_limit(value: Any) -> int:
    """``army_limit``: a number, or on/off (RULINGS §1: "on" without a number gives 12)."""
    if isinstance(value, bool):
        return DEFAULT_ARMY_LIMIT if value else 0
    if isinstance(value, str) and value.strip().lower() in ("on", "true", "yes"):
        return DEFAULT_ARMY_LIMIT
    if isinstance(value, str) and value.strip().lower() in ("off", "false", "no"):
        return 0
    converted: int = _convert("army_limit", value, int)
    return converted


def _convert(name: str, value: Any, kind: type) -> Any:
    if kind is bool:
        if isinstance(value, bool):
            return value
        text = str(value).lower()
        if text in ("1", "true", "yes", "on"):
            return True
        if text in ("0", "false", "no", "off"):
            return False
    elif kind is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            return int(value)
    elif kind is str and isinstance(value, str):
        return value
    raise OptionError("option/bad-value", f"option {name} needs a {kind.__name__}, got {value!r}")
