"""Stepping through a game's recorded positions (pure): where the replay stands, what
the controls show, and what changed since the previous position.

Play advances one position per tick; any step taken by hand (first, back, forward,
last) pauses it first, so a click never races the timer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

SPEEDS = (0.5, 1.0, 2.0, 4.0)
"""Positions per second."""


@dataclass
class Replay:
    count: int
    index: int = 0
    playing: bool = False
    speed: float = 1.0

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("a replay needs at least one recorded position")
        self.index = min(max(self.index, 0), self.count - 1)

    @property
    def at_end(self) -> bool:
        return self.index == self.count - 1

    def step(self, action: str) -> None:
        """``first``, ``back``, ``forward``, ``last`` (each pauses), ``play`` (toggles;
        from the last position it starts again at the first) or ``faster``/``slower``."""
        if action in ("first", "back", "forward", "last"):
            self.playing = False
            target = {
                "first": 0,
                "back": self.index - 1,
                "forward": self.index + 1,
                "last": self.count - 1,
            }[action]
            self.index = min(max(target, 0), self.count - 1)
        elif action == "play":
            self.playing = not self.playing
            if self.playing and self.at_end:
                self.index = 0
        elif action in ("faster", "slower"):
            i = SPEEDS.index(self.speed) if self.speed in SPEEDS else 1
            i = min(i + 1, len(SPEEDS) - 1) if action == "faster" else max(i - 1, 0)
            self.speed = SPEEDS[i]
        else:
            raise ValueError(f"unknown replay control {action!r}")

    def tick(self) -> bool:
        """The timer's step while playing; False (and paused) at the last position."""
        if not self.playing or self.at_end:
            self.playing = False
            return False
        self.index += 1
        if self.at_end:
            self.playing = False
        return True

    @property
    def delay(self) -> float:
        return 1.0 / self.speed


def changed(ruleset: Any, before: Any | None, after: Any) -> dict[str, tuple[int, int]]:
    """Territories whose owner changed between two positions: ``{t: (old, new)}``."""
    from engine.history import conquests

    return {} if before is None else conquests(ruleset, before, after)


def caption(ruleset: Any, before: Any | None, after: Any, over: bool) -> str:
    """What the position shows, for people: the turn and who took how much from whom."""
    moves = changed(ruleset, before, after)
    gains: dict[int, int] = {}
    for _, new in moves.values():
        gains[new] = gains.get(new, 0) + 1
    names = ruleset.board_summary(after).names
    parts = [f"{names[s]} took {n} territor{'y' if n == 1 else 'ies'}" for s, n in gains.items()]
    head = "Game over" if over else ruleset.record_point(after)[1]
    if before is None:
        return f"{head}: the first recorded position."
    return f"{head}: " + ("; ".join(parts) if parts else "no territory changed hands") + "."


CONTROLS: Sequence[tuple[str, str, str]] = (
    ("first", "« First", "First position"),
    ("back", "‹ Back", "Previous position"),
    ("play", "▶ Play", "Play"),
    ("forward", "Next ›", "Next position"),
    ("last", "Last »", "Last position"),
)


def controls_html(replay: Replay, turn_text: str, prefix: str = "replay") -> str:
    """The controls; ``prefix`` names their actions and test ids (``replay-`` for the
    game record's dialog, a page's own for a replay it shows in its panel)."""
    buttons = []
    for action, symbol, label in CONTROLS:
        if action == "play" and replay.playing:
            symbol, label = "❚❚ Pause", "Pause"
        disabled = (action in ("first", "back") and replay.index == 0) or (
            action in ("forward", "last") and replay.at_end
        )
        buttons.append(
            f'<button type="button" class="btn" data-action="{prefix}-{action}"'
            f' data-testid="{prefix}-{action}" aria-label="{label}" title="{label}"'
            f"{' disabled' if disabled else ''}>{symbol}</button>"
        )
    speed = (
        f'<span class="speed"><button type="button" class="btn" data-action="{prefix}-slower"'
        f' data-testid="{prefix}-slower" aria-label="Slower">−</button>'
        f'<span data-testid="{prefix}-speed">{replay.speed:g}×</span>'
        f'<button type="button" class="btn" data-action="{prefix}-faster"'
        f' data-testid="{prefix}-faster" aria-label="Faster">+</button></span>'
    )
    return (
        f'<div class="replay-controls" role="toolbar" aria-label="Replay">{"".join(buttons)}'
        f"{speed}</div>"
        f'<p class="replay-pos" data-testid="{prefix}-pos" data-index="{replay.index}"'
        f' data-count="{replay.count}">Position {replay.index + 1} of {replay.count} · '
        f"{escape(turn_text)}</p>"
    )
