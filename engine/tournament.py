"""Computer levels playing each other: win shares with every level in every seat.

Game ``g`` seats level ``levels[(g + seat) % len(levels)]``, so over each block of
``len(levels)`` games every level sits in every seat once.  With three levels or more
every other block seats them in the reverse order: who plays right after whom matters
in a game of several players (the next player picks over the positions the last one
left), so each level follows each other level equally often.  The games of a block
share one seed, hence one deal and one first player: the levels swap places on the
same board, which takes the luck of the deal out of the comparison.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.ai import levels as known_levels
from engine.core import PlayerSpec
from engine.errors import OptionError
from engine.simulate import play

DEFAULT_PLAYERS = 2  # the two-player game, with the ruleset's default neutral
DEFAULT_MAX_TURNS = 600


@dataclass(frozen=True)
class TournamentResult:
    """Wins per level over the finished games; ``unfinished`` hit the turn limit."""

    ruleset: str
    players: int
    levels: tuple[str, ...]
    games: int
    unfinished: int
    wins: Mapping[str, int] = field(default_factory=dict)

    @property
    def finished(self) -> int:
        return self.games - self.unfinished

    def share(self, level: str) -> float:
        """The level's share of the finished games' wins (0 when none finished)."""
        return self.wins.get(level, 0) / self.finished if self.finished else 0.0


def seating(levels: Sequence[str], players: int, game: int) -> list[str]:
    """The level in each seat for game number ``game`` (rotated every game, the order
    reversed every other block when there are three levels or more)."""
    count = len(levels)
    order = list(levels)
    if count >= 3 and (game // count) % 2 == 1:
        order.reverse()
    return [order[(game + seat) % count] for seat in range(players)]


def deal_number(count: int, game: int) -> int:
    """Which deal game ``game`` is played on: one per block of seatings (both orders of
    a block with three levels or more share it)."""
    return game // (count if count < 3 else 2 * count)


def run_tournament(
    ruleset: str,
    games: int,
    seed: str,
    players: int | None = None,
    levels: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
    max_turns: int = DEFAULT_MAX_TURNS,
) -> TournamentResult:
    """Play ``games`` computer games of ``ruleset`` between ``levels`` (default: all
    registered levels) with ``players`` seats (default 2; the ruleset's defaults add
    a neutral then, as Classic does).

    :raises OptionError: unknown level, fewer than two levels, or no games.
    """
    available = known_levels(ruleset)
    chosen = tuple(levels) if levels else tuple(available)
    unknown = [level for level in chosen if level not in available]
    if unknown:
        raise OptionError(
            "tournament/level",
            f"no {ruleset} level(s) {', '.join(unknown)}; known: {', '.join(available)}",
        )
    if len(set(chosen)) < 2:
        raise OptionError("tournament/levels", "a tournament needs at least two levels")
    if games < 1:
        raise OptionError("tournament/games", f"play at least one game, not {games}")
    seats = DEFAULT_PLAYERS if players is None else players
    wins = dict.fromkeys(chosen, 0)
    unfinished = 0
    for game in range(games):
        seated = seating(chosen, seats, game)
        specs = [PlayerSpec(f"{level} {seat + 1}", level) for seat, level in enumerate(seated)]
        deal = f"{seed}-{deal_number(len(chosen), game)}"
        record = play(ruleset, specs, dict(options or {}), deal, max_turns)
        if record.winner is None or record.winner >= len(seated):
            unfinished += 1
        else:
            wins[seated[record.winner]] += 1
    return TournamentResult(ruleset, seats, chosen, games, unfinished, wins)


def format_result(result: TournamentResult) -> list[str]:
    """``LEVEL SHARE`` lines, best first, then ``games N`` and ``unfinished U``."""
    ranked = sorted(result.levels, key=lambda level: (-result.share(level), level))
    lines = [f"{level} {result.share(level):.3f}" for level in ranked]
    lines += [f"games {result.games}", f"unfinished {result.unfinished}"]
    return lines
