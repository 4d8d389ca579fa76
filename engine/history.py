"""How a game went, turn by turn: the statistics and the battle league, computed from
the positions a game passed through (one per turn, oldest first), for any ruleset.

The positions come from the page's timeline (ui/shell/timeline.py), a save chain or a
replayed log; this module only reads them.  Everything is derived from the board every
state shares (engine/board.py) and the ruleset's ``income`` hook, so a new ruleset gets
its charts and league without code here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import Ruleset

METRICS = ("territories", "armies", "income")


@dataclass(frozen=True)
class SeatPoint:
    territories: int
    armies: int
    income: int | None


@dataclass(frozen=True)
class TurnPoint:
    """Every seat's holdings in one position."""

    turn: int
    seats: tuple[SeatPoint, ...]


@dataclass(frozen=True)
class Series:
    """One player's line on a chart: a value per recorded position."""

    seat: int
    name: str
    color: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class LeagueRow:
    """One line of the battle league (the 1990 manual's INFO menu, for any ruleset)."""

    seat: int
    name: str
    color: str
    territories: int
    """Held in the last position."""
    won: int
    """Territories taken from another player, over the recorded positions."""
    lost: int
    """Territories taken by another player."""
    peak_armies: int
    out_at: int | None
    """The turn of the first position in which the player held nothing (None: still in)."""
    battles: dict[str, int]
    """The ruleset's own battle counters, when its seats keep them (Classic's ``stats``)."""


def holdings(state: Any) -> tuple[Mapping[str, int], Mapping[str, int]]:
    """(owner, pieces) per territory: the shared board's ``owner`` and ``armies``, or what
    a state that keeps its own board gives (``state.holdings()``: Risk, Paper, Scissors
    keeps units by type in garrisons)."""
    own = getattr(state, "holdings", None)
    if callable(own):
        return own()  # type: ignore[no-any-return]
    return state.owner, state.armies


def turn_point(ruleset: Ruleset[Any], state: Any) -> TurnPoint:
    seats = []
    _, pieces = holdings(state)
    for seat in range(len(state.players)):
        held = state.territories_of(seat)
        seats.append(
            SeatPoint(
                territories=len(held),
                armies=sum(int(pieces[t]) for t in held),
                income=ruleset.income(state, seat),
            )
        )
    return TurnPoint(int(getattr(state, "turn", 0)), tuple(seats))


def series(ruleset: Ruleset[Any], states: Sequence[Any], metric: str) -> list[Series]:
    """One line per seat of ``metric`` (one of :data:`METRICS`) over ``states``; empty
    for ``income`` when the ruleset has none."""
    if metric not in METRICS:
        raise ValueError(f"unknown metric {metric!r}; known: {', '.join(METRICS)}")
    if not states:
        return []
    points = [turn_point(ruleset, s) for s in states]
    last = states[-1]
    lines = []
    for seat, player in enumerate(last.players):
        values = [getattr(p.seats[seat], metric) for p in points]
        if any(v is None for v in values):
            return []
        lines.append(Series(seat, player.name, player.color, tuple(int(v) for v in values)))
    return lines


def league(ruleset: Ruleset[Any], states: Sequence[Any]) -> list[LeagueRow]:
    """Each seat's conquests and losses between consecutive positions, best first (most
    territories held, then most taken)."""
    if not states:
        return []
    count = len(states[-1].players)
    won = [0] * count
    lost = [0] * count
    peak = [0] * count
    out_at: list[int | None] = [None] * count
    for before, after in zip([None, *states[:-1]], states, strict=True):
        point = turn_point(ruleset, after)
        for seat, held in enumerate(point.seats):
            peak[seat] = max(peak[seat], held.armies)
            if held.territories == 0 and out_at[seat] is None and before is not None:
                out_at[seat] = point.turn
        if before is None:
            continue
        owners_before = holdings(before)[0]
        for territory, owner in holdings(after)[0].items():
            previous = owners_before.get(territory)
            if previous is not None and previous >= 0 and owner >= 0 and previous != owner:
                # a claim of an unowned (negative) territory is not a conquest
                won[owner] += 1
                lost[previous] += 1
    last = states[-1]
    rows = [
        LeagueRow(
            seat=seat,
            name=player.name,
            color=player.color,
            territories=len(last.territories_of(seat)),
            won=won[seat],
            lost=lost[seat],
            peak_armies=peak[seat],
            out_at=out_at[seat],
            battles=dict(getattr(player, "stats", {}) or {}),
        )
        for seat, player in enumerate(last.players)
    ]
    return sorted(rows, key=lambda r: (-r.territories, -r.won, r.seat))


@dataclass(frozen=True)
class AwaySummary:
    """What changed for one seat between two positions (the last it acted in, and now)."""

    seat: int
    lost: tuple[str, ...]
    """Its territories another player took."""
    won: tuple[str, ...]
    """Territories it took (a computer playing for it, or the order just resolved)."""
    cards: int
    """Cards gained (negative: spent or taken)."""
    eliminated: tuple[str, ...]
    """Players who held territory before and hold none now."""

    @property
    def empty(self) -> bool:
        return not (self.lost or self.won or self.cards or self.eliminated)


def away_summary(before: Any, after: Any, seat: int) -> AwaySummary:
    """The changes ``seat`` should hear about on coming back to the game."""
    lost, won = [], []
    owners_before = holdings(before)[0]
    for territory, owner in holdings(after)[0].items():
        previous = owners_before.get(territory)
        if previous == seat and owner != seat:
            lost.append(territory)
        elif owner == seat and previous is not None and previous >= 0 and previous != seat:
            won.append(territory)
    cards = len(getattr(after.players[seat], "cards", []) or []) - len(
        getattr(before.players[seat], "cards", []) or []
    )
    eliminated = tuple(
        player.name
        for s, player in enumerate(after.players)
        if before.territories_of(s) and not after.territories_of(s)
    )
    return AwaySummary(seat, tuple(sorted(lost)), tuple(sorted(won)), cards, eliminated)
