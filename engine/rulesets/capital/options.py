"""Capital Risk options and every rule parameter (RULINGS §2) as data.

The die colour chart is the one table shared with :mod:`engine.odds`
(:data:`engine.odds.DEFAULT_COLOURS`); a moderator who finds the seed's lost chart can
load it through the ``colours`` option ("1:White:0;6:Yellow:1;...").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from engine import statecheck as check
from engine.errors import OptionError
from engine.odds import DEFAULT_COLOURS, Colour, ColourD12

MIN_FACTIONS = 2
MAX_FACTIONS = 8
MAX_TEAM = 2  # players per faction (seed: "teams ... sixteen (16)" players for 8 factions)

# Initial armies per faction, including the one army on each dealt territory.  The seed gives
# none; 2-6 factions use Classic's table, 7-8 factions get 20 (the map has only 42 territories).
STARTING_ARMIES = {2: 40, 3: 35, 4: 30, 5: 25, 6: 20, 7: 20, 8: 20}

# Eight colours a player can tell apart on the map: (army name, hex).
FACTION_COLOURS = (
    ("Red", "#d62728"),
    ("Blue", "#1f77b4"),
    ("Green", "#2ca02c"),
    ("Yellow", "#e8c21a"),
    ("Purple", "#9467bd"),
    ("Black", "#333333"),
    ("Orange", "#ff7f0e"),
    ("Teal", "#17becf"),
)

# Seed: fixed set values.  A wild card stands for any type (the best reading is taken).
SET_VALUES = {"infantry": 4, "cavalry": 6, "artillery": 8, "mixed": 10}
CARD_TERRITORY_BONUS = 2  # per traded card showing a territory the faction holds
MAX_SETS_PER_TURN = 2  # and the second only with six or more cards
TWO_SETS_FROM = 6
MUST_TRADE_AT = 5  # holding this many cards forces trades until fewer remain

TERRITORIES_PER_UNIT = 3  # (territories + largest connected group) // 3
# Seed minimums: 3 with two connected or three territories, 2 with two separate, 1 with one.
MIN_CONNECTED_PAIR = 3
MIN_THREE_OR_MORE = 3
MIN_SEPARATE_PAIR = 2
MIN_SINGLE = 1

DIE_FACES = 12

# RULINGS §2, "two strikes and you're out": a faction silent this many turns in a row is
# out; by default the Standard computer takes its seat, or (host's choice) it turns neutral.
DEFAULT_STRIKES_OUT = 2
STRUCK_OUT_CHOICES = ("computer", "neutral")
STRUCK_OUT_COMPUTER = "standard"


def _colour_row(row: object, where: str) -> list[Any]:
    """One saved colour entry ``[min_units, name, bonus]``, each part in range (a save
    code's options come from a player, not from this page)."""
    low, name, bonus = check.listing(row, where, 3)
    return [
        check.integer(low, f"{where} units", 0, check.MAX_ARMIES),
        check.text(name, f"{where} name"),
        check.integer(bonus, f"{where} bonus", 0, check.MAX_ARMIES),
    ]


def parse_colours(raw: Any) -> tuple[Colour, ...]:
    """A colour chart from "1:White:0;6:Yellow:1" or a list of [min_units, name, bonus].

    :raises OptionError: naming the bad entry.
    """
    rows: list[Any]
    if isinstance(raw, str):
        rows = [part.split(":") for part in raw.split(";") if part.strip()]
    elif isinstance(raw, list | tuple):
        rows = [[r.min_units, r.name, r.bonus] if isinstance(r, Colour) else r for r in raw]
    else:
        raise OptionError("option/bad-value", f"colours must be a chart, got {raw!r}")
    chart = []
    for row in rows:
        try:
            low, name, bonus = row
            chart.append(Colour(int(low), str(name).strip(), int(bonus)))
        except (TypeError, ValueError, OverflowError):
            raise OptionError("option/bad-value", f"bad colour entry {row!r}") from None
    try:
        ColourD12(tuple(chart))  # validates thresholds
    except ValueError as exc:
        raise OptionError("option/bad-value", f"bad colour chart: {exc}") from None
    return tuple(chart)


@dataclass(frozen=True)
class CapitalOptions:
    """Options of one Capital Risk game.

    ``deadline`` is the text printed under "Deadline" in each update; ``teams`` lists, per
    faction, the player names allowed to send its orders (empty: the faction's own name).
    ``strikes_out`` is how many turns in a row without orders put a faction out (0:
    never); ``struck_out`` says what then happens to its seat: ``"computer"`` (the
    Standard computer plays it) or ``"neutral"`` (its territories keep their units and
    never act).
    """

    deadline: str = ""
    colours: tuple[Colour, ...] = DEFAULT_COLOURS
    teams: tuple[tuple[str, ...], ...] = field(default=())
    strikes_out: int = DEFAULT_STRIKES_OUT
    struck_out: str = "computer"

    @property
    def dice(self) -> ColourD12:
        return ColourD12(self.colours)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "deadline": self.deadline,
            "colours": [[c.min_units, c.name, c.bonus] for c in self.colours],
            "teams": [list(t) for t in self.teams],
        }
        # Left out at their defaults, so that the save codes of such games stay as they were.
        if self.strikes_out != DEFAULT_STRIKES_OUT:
            data["strikes_out"] = self.strikes_out
        if self.struck_out != "computer":
            data["struck_out"] = self.struck_out
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CapitalOptions:
        """:raises EngineError: naming the option that does not fit."""
        teams = check.listing(check.item(data, "teams", "options"), "options.teams")
        return cls(
            check.text(check.item(data, "deadline", "options"), "options.deadline"),
            parse_colours(
                [
                    _colour_row(row, f"options.colours[{i}]")
                    for i, row in enumerate(
                        check.listing(check.item(data, "colours", "options"), "options.colours")
                    )
                ]
            ),
            tuple(
                tuple(check.name(n, "options.teams") for n in check.listing(t, "options.teams"))
                for t in teams
            ),
            check.integer(data.get("strikes_out", DEFAULT_STRIKES_OUT), "options.strikes_out"),
            check.text(
                data.get("struck_out", "computer"), "options.struck_out", STRUCK_OUT_CHOICES
            ),
        )

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any], factions: int) -> CapitalOptions:
        """Options from names and values (strings allowed, as from a command line).

        ``teams`` is "Ann,Bob;Cat,Dan" or a list of name lists, one entry per faction.

        :raises OptionError: unknown name or bad value.
        """
        known = [f.name for f in fields(cls)]
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise OptionError(
                "option/unknown",
                f"unknown capital option(s) {', '.join(unknown)}; known: {', '.join(known)}",
            )
        colours = parse_colours(raw["colours"]) if "colours" in raw else DEFAULT_COLOURS
        teams = _parse_teams(raw.get("teams", ()), factions)
        strikes = raw.get("strikes_out", DEFAULT_STRIKES_OUT)
        if isinstance(strikes, str) and strikes.strip().isdigit():
            strikes = int(strikes)
        if isinstance(strikes, bool) or not isinstance(strikes, int) or strikes < 0:
            raise OptionError(
                "option/bad-value",
                f"strikes_out must be a whole number of turns (0: never), got {strikes!r}",
            )
        struck_out = str(raw.get("struck_out", "computer"))
        if struck_out not in STRUCK_OUT_CHOICES:
            raise OptionError(
                "option/bad-value",
                f"struck_out must be one of {', '.join(STRUCK_OUT_CHOICES)}, got {struck_out!r}",
            )
        return cls(str(raw.get("deadline", "")), colours, teams, strikes, struck_out)


def _parse_teams(raw: Any, factions: int) -> tuple[tuple[str, ...], ...]:
    if isinstance(raw, str):
        raw = [part.split(",") for part in raw.split(";")] if raw.strip() else []
    if not isinstance(raw, list | tuple):
        raise OptionError("option/bad-value", f"teams must be a list of name lists, got {raw!r}")
    teams = tuple(tuple(str(n).strip() for n in team if str(n).strip()) for team in raw)
    if len(teams) > factions:
        raise OptionError("option/bad-value", f"teams lists {len(teams)} factions of {factions}")
    for team in teams:
        if len(team) > MAX_TEAM:
            raise OptionError(
                "option/bad-value", f"a faction has at most {MAX_TEAM} players, got {list(team)}"
            )
    return teams
