"""The "While you were away" summary: when a human seat is to act again after others
have played (computer turns, another player on this device, a pasted code), a summary of
what changed for it (pure; the shell shows the HTML)."""

from __future__ import annotations

from html import escape
from typing import Any

from engine.history import AwaySummary, away_summary
from ui.shell.render import territory_names


class Away:
    """Remembers, per human seat, the position in which it last stopped acting."""

    def __init__(self) -> None:
        self.left: dict[int, Any] = {}
        self.acting: int | None = None

    def see(self, ruleset: Any, state: Any) -> AwaySummary | None:
        """Note ``state``; a summary when a human seat is back after others played."""
        actor = ruleset.actor(state)
        if actor == self.acting:
            return None
        previous, self.acting = self.acting, actor
        if previous is not None:
            self.left[previous] = state.clone()
        if actor is None or state.players[actor].control != "human" or actor not in self.left:
            return None
        summary = away_summary(self.left.pop(actor), state, actor)
        return None if summary.empty else summary


def _names(state: Any, territories: tuple[str, ...]) -> str:
    names = territory_names(state.map_id)
    return ", ".join(names.get(t, t) for t in territories)


def away_html(state: Any, summary: AwaySummary) -> str:
    who = escape(state.players[summary.seat].name)
    parts = []
    if summary.lost:
        parts.append(f"lost {escape(_names(state, summary.lost))}")
    if summary.won:
        parts.append(f"took {escape(_names(state, summary.won))}")
    if summary.cards:
        parts.append(f"{summary.cards:+d} card{'s' if abs(summary.cards) != 1 else ''}")
    out = [f"{escape(name)} is out of the game" for name in summary.eliminated]
    text = "; ".join(([f"{who}: " + ", ".join(parts)] if parts else []) + out)
    return (
        '<div class="away-card" role="status" data-testid="away">'
        f"<strong>While you were away</strong> <span>{text}.</span>"
        '<button type="button" class="btn ghost small" data-action="away-close"'
        ' data-testid="away-close" aria-label="Dismiss">OK</button></div>'
    )
