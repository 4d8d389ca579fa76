"""How a game went, turn by turn: the statistics and the battle league, computed from
the positions a game passed through (one per turn, oldest first), for any ruleset.

The positions come from the page's timeline (ui/shell/timeline.py), a save chain or a
replayed log; this module only reads them.  Everything is derived from the ruleset's
``board_summary`` hook (owners, units and cards per seat, whatever the state's shape) and
its ``income`` hook, so a new ruleset gets its charts, league and "while you were away"
without code here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import UNHELD, BoardSummary, Ruleset

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
    vp: int | None = None
    """Victory points, in a ruleset they decide (its ``victory_points``); None elsewhere."""


def turn_point(ruleset: Ruleset[Any], state: Any) -> TurnPoint:
    board = ruleset.board_summary(state)
    seats = tuple(
        SeatPoint(
            territories=len(board.territories_of(seat)),
            armies=board.units[seat],
            income=ruleset.income(state, seat),
        )
        for seat in range(len(board.names))
    )
    return TurnPoint(int(getattr(state, "turn", 0)), seats)


def series(ruleset: Ruleset[Any], states: Sequence[Any], metric: str) -> list[Series]:
    """One line per seat of ``metric`` (one of :data:`METRICS`) over ``states``; empty
    for ``income`` when the ruleset has none."""
    if metric not in METRICS:
        raise ValueError(f"unknown metric {metric!r}; known: {', '.join(METRICS)}")
    if not states:
        return []
    points = [turn_point(ruleset, s) for s in states]
    last = ruleset.board_summary(states[-1])
    lines = []
    for seat, (name, color) in enumerate(zip(last.names, last.colors, strict=True)):
        values = [getattr(p.seats[seat], metric) for p in points]
        if any(v is None for v in values):
            return []
        lines.append(Series(seat, name, color, tuple(int(v) for v in values)))
    return lines


def league(ruleset: Ruleset[Any], states: Sequence[Any]) -> list[LeagueRow]:
    """Each seat's conquests and losses between consecutive positions, best first (most
    territories held; among those out, the one out later first; then most taken)."""
    if not states:
        return []
    boards = [ruleset.board_summary(s) for s in states]
    count = len(boards[-1].names)
    won = [0] * count
    lost = [0] * count
    peak = [0] * count
    out_at: list[int | None] = [None] * count
    holders = [set(board.owners.values()) for board in boards]
    for i, (state, board) in enumerate(zip(states, boards, strict=True)):
        for seat in range(count):
            peak[seat] = max(peak[seat], board.units[seat])
            # out: held land in the position before and none now (a seat that started
            # with none, as France in the Great War's 1907, was never in to be out)
            gone = i and seat in holders[i - 1] and seat not in holders[i]
            if gone and out_at[seat] is None:
                out_at[seat] = int(getattr(state, "turn", 0))
        if i:
            for previous, owner in _conquests(boards[i - 1], board).values():
                won[owner] += 1
                if previous >= 0:
                    lost[previous] += 1
    last = boards[-1]
    players = getattr(states[-1], "players", [])
    # a ruleset decided by victory points (the Great War) ranks by them first
    points = getattr(ruleset, "victory_points", None)
    vp: list[int | None] = list(points(states[-1])) if points is not None else [None] * count
    rows = [
        LeagueRow(
            seat=seat,
            name=name,
            color=last.colors[seat],
            territories=len(last.territories_of(seat)),
            won=won[seat],
            lost=lost[seat],
            peak_armies=peak[seat],
            out_at=out_at[seat],
            battles=dict(getattr(players[seat], "stats", {}) or {}) if seat < len(players) else {},
            vp=vp[seat],
        )
        for seat, name in enumerate(last.names)
    ]
    # most victory points where they decide; still in before out, then who lasted
    # longer, then who took more
    return sorted(
        rows,
        key=lambda r: (
            -(r.vp or 0),
            -r.territories,
            -(r.out_at if r.out_at is not None else 10**9),
            -r.won,
            r.seat,
        ),
    )


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
    takers: tuple[int, ...] = ()
    """The seat holding each of ``lost`` now (:data:`UNHELD` or below: no seat);
    empty in a summary stored before it was kept."""

    @property
    def empty(self) -> bool:
        return not (self.lost or self.won or self.cards or self.eliminated)


def _conquests(before: BoardSummary, after: BoardSummary) -> dict[str, tuple[int, int]]:
    """Territories a seat took: ``{t: (old holder, new seat)}``; the old holder may be
    seatless (the Great War's Neutral); claiming an unheld territory is no conquest."""
    moves = {}
    for territory, owner in after.owners.items():
        previous = before.owners.get(territory, UNHELD)
        if previous != UNHELD and owner >= 0 and previous != owner:
            moves[territory] = (previous, owner)
    return moves


def conquests(ruleset: Ruleset[Any], before: Any, after: Any) -> dict[str, tuple[int, int]]:
    """Territories that changed hands between two positions: ``{t: (old seat, new)}``."""
    return _conquests(ruleset.board_summary(before), ruleset.board_summary(after))


def away_summary(ruleset: Ruleset[Any], before: Any, after: Any, seat: int) -> AwaySummary:
    """The changes ``seat`` should hear about on coming back to the game."""
    old, new = ruleset.board_summary(before), ruleset.board_summary(after)
    lost: list[tuple[str, int]] = []
    won = []
    for territory, owner in new.owners.items():
        previous = old.owners.get(territory, UNHELD)
        if previous == seat and owner != seat:
            lost.append((territory, owner))
        elif owner == seat and previous != UNHELD and previous != seat:
            won.append(territory)
    lost.sort()
    eliminated = tuple(
        name
        for s, name in enumerate(new.names)
        if old.territories_of(s) and not new.territories_of(s)
    )
    cards = new.cards[seat] - old.cards[seat]
    return AwaySummary(
        seat,
        tuple(t for t, _ in lost),
        tuple(sorted(won)),
        cards,
        eliminated,
        tuple(owner for _, owner in lost),
    )
