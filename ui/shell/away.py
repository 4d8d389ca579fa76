"""The "While you were away" summary: when a human seat is to act again after others
have played (computer turns, another player on this device, a pasted code), a summary of
what changed for it (pure; the shell shows the HTML and passes the storage in).

What it remembers (each human seat's position when it stopped acting, and a summary
shown but not yet dismissed) is kept in the browser's storage under
``risk-family.<ruleset>.away.v1``, beside the autosave, so that a reload neither loses
a pending summary nor forgets where a seat left off.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from engine.history import AwaySummary, away_summary
from engine.summary import Fact, Happened, Kind
from ui.shell.render import territory_names
from ui.shell.summary import summary_html

VERSION = 1


def storage_key(ruleset: str) -> str:
    return f"risk-family.{ruleset}.away.v1"


class Away:
    """Remembers, per human seat, the position in which it last stopped acting."""

    def __init__(self) -> None:
        self.left: dict[int, Any] = {}
        self.acting: int | None = None
        self.pending: AwaySummary | None = None
        """Told and not yet dismissed: shown again after a reload."""
        self.cast: list[str] = []
        """The seats' names: another cast is another game, of which nothing is told."""

    def see(self, ruleset: Any, state: Any) -> AwaySummary | None:
        """Note ``state``; a summary when a human seat is back after others played."""
        actor = ruleset.actor(state)
        if actor == self.acting:
            return None
        previous, self.acting = self.acting, actor
        if self.pending is not None and self.pending.seat != actor:
            self.pending = None  # its reader's turn is over
        if previous is not None:
            self.left[previous] = state.clone()
        if actor is None or state.players[actor].control != "human" or actor not in self.left:
            return None
        summary = away_summary(ruleset, self.left.pop(actor), state, actor)
        if summary.empty:
            return None
        self.pending = summary
        return summary

    def to_json(self, ruleset: Any) -> dict[str, Any]:
        pending = self.pending
        return {
            "version": VERSION,
            "cast": self.cast,
            "acting": self.acting,
            "left": {str(seat): ruleset.to_compact(s) for seat, s in self.left.items()},
            "pending": None
            if pending is None
            else [
                pending.seat,
                pending.lost,
                pending.won,
                pending.cards,
                pending.eliminated,
                pending.takers,
            ],
        }

    @classmethod
    def from_json(cls, ruleset: Any, data: Any) -> Away:
        """What was stored; a fresh record for anything unreadable (a summary is a
        courtesy, never a reason to stop the game)."""
        away = cls()
        if not isinstance(data, dict) or data.get("version") != VERSION:
            return away
        try:
            acting = data.get("acting")
            left = {int(k): ruleset.from_compact(v) for k, v in dict(data["left"]).items()}
            pending = data.get("pending")
            told = None
            if pending is not None:
                seat, lost, won, cards, out, *rest = pending  # takers: kept since issue 29
                takers = tuple(int(x) for x in rest[0]) if rest else ()
                told = AwaySummary(
                    int(seat), tuple(lost), tuple(won), int(cards), tuple(out), takers
                )
        except (KeyError, TypeError, ValueError, AttributeError):
            return away
        away.cast = [str(name) for name in data.get("cast", [])]
        away.acting = None if acting is None else int(acting)
        away.left, away.pending = left, told
        return away


class AwayNotes:
    """Every ruleset's :class:`Away`, read from and written to the storage."""

    def __init__(self, get: Callable[[str], str | None], put: Callable[[str, str], None]) -> None:
        self.get = get
        self.put = put
        self.books: dict[str, Away] = {}

    def book(self, ruleset: Any) -> Away:
        if ruleset.name not in self.books:
            text = self.get(storage_key(ruleset.name))
            try:
                data = json.loads(text) if text else None
            except ValueError:
                data = None
            self.books[ruleset.name] = Away.from_json(ruleset, data)
        return self.books[ruleset.name]

    def store(self, ruleset: Any) -> None:
        text = json.dumps(self.book(ruleset).to_json(ruleset))
        try:
            self.put(storage_key(ruleset.name), text)
        except Exception:  # a full storage must not stop the game; the summary is a courtesy
            return

    def see(self, ruleset: Any, state: Any) -> AwaySummary | None:
        """The summary to show now: a new one, or the one not yet dismissed."""
        book = self.book(ruleset)
        cast = list(ruleset.board_summary(state).names)
        if book.cast != cast:
            book = self.books[ruleset.name] = Away()
            book.cast = cast
        acting = book.acting
        book.see(ruleset, state)
        if book.acting != acting:
            self.store(ruleset)
        return book.pending

    def dismiss(self, ruleset: Any) -> None:
        self.book(ruleset).pending = None
        self.store(ruleset)

    def restart(self, ruleset: Any) -> None:
        """A new game of ``ruleset`` began: nothing of the old one is told."""
        self.books[ruleset.name] = Away()
        self.store(ruleset)


def away_happened(ruleset: Any, state: Any, summary: AwaySummary) -> Happened:
    """The summary as the shared "what happened" facts (:mod:`engine.summary`), the
    territories by the names players read."""
    board = ruleset.board_summary(state)
    names = territory_names(board.map_id)
    seat = summary.seat
    lost: dict[int | None, list[str]] = {}
    takers = summary.takers if len(summary.takers) == len(summary.lost) else ()
    for i, territory in enumerate(summary.lost):
        taker = takers[i] if takers and 0 <= takers[i] < len(board.names) else None
        lost.setdefault(taker, []).append(names.get(territory, territory))
    facts = [Fact(Kind.TOOK, seat, taker, tuple(places)) for taker, places in lost.items()]
    if summary.won:
        won = tuple(names.get(t, t) for t in summary.won)
        facts.append(Fact(Kind.TOOK, None, seat, won))
    if summary.cards:
        facts.append(Fact(Kind.CARDS, seat, amount=summary.cards))
    facts += [
        Fact(Kind.OUT, board.names.index(name))
        for name in summary.eliminated
        if name in board.names
    ]
    winner = ruleset.winner(state)
    return Happened("", tuple(board.names), tuple(facts), () if winner is None else (winner,))


def away_html(ruleset: Any, state: Any, summary: AwaySummary) -> str:
    """The card told to the seat that left, named so that the right player at a shared
    device reads it: what happened to it, then elsewhere (the shared summary card)."""
    board = ruleset.board_summary(state)
    who = board.names[summary.seat]
    card = summary_html(
        away_happened(ruleset, state, summary),
        summary.seat,
        heading=f"While you were away, {who}",
        testid="away-summary",
    )
    return (
        '<div class="away-card" role="status" data-testid="away">'
        f"{card}"
        '<button type="button" class="btn ghost small" data-action="away-close"'
        ' data-testid="away-close" aria-label="Dismiss">OK</button></div>'
    )
