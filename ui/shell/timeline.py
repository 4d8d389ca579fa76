"""The positions a game went through, one per turn, kept beside its autosave so that
the replay and the statistics can show any turn (pure; the storage is passed in).

A frame is the state's compact form (the one save codes use) taken whenever the
ruleset's ``record_point`` moves on (each turn; each player's turn in Risk, Paper,
Scissors, whose turn number counts years) and once more when the game ends.  Frames
live in the browser's storage under ``risk-family.<ruleset>.timeline.v1``, one list per
ruleset, apart like the autosaves.  A position from an earlier turn than the last frame
(an undo across a turn, or a new game) drops the frames it contradicts.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

VERSION = 1
MAX_FRAMES = 600
"""A very long game keeps its first frame and its latest ones (storage is small)."""


def storage_key(ruleset: str) -> str:
    return f"risk-family.{ruleset}.timeline.v1"


def _cast(ruleset: Any, state: Any) -> list[list[str]]:
    board = ruleset.board_summary(state)
    return [[name, color] for name, color in zip(board.names, board.colors, strict=True)]


@dataclass
class Track:
    """One ruleset's frames: ``(record point, over, compact state)``, oldest first."""

    ruleset: str
    cast: list[list[str]] = field(default_factory=list)
    frames: list[tuple[int, bool, dict[str, Any]]] = field(default_factory=list)

    def note(self, state: Any) -> bool:
        """Record ``state`` if it starts a turn or ends the game; True when a frame was
        added (the track should then be stored)."""
        from engine.core import find_ruleset

        ruleset = find_ruleset(self.ruleset)
        turn, _ = ruleset.record_point(state)
        over = ruleset.winner(state) is not None
        cast = _cast(ruleset, state)
        if cast != self.cast:
            self.cast, self.frames = cast, []
        while self.frames and self.frames[-1][0] > turn:
            self.frames.pop()
        if self.frames and self.frames[-1][:2] == (turn, over):
            return False
        self.frames.append((turn, over, ruleset.to_compact(state)))
        if len(self.frames) > MAX_FRAMES:
            del self.frames[1 : len(self.frames) - MAX_FRAMES + 1]
        return True

    def states(self) -> list[Any]:
        from engine.core import find_ruleset

        ruleset = find_ruleset(self.ruleset)
        return [ruleset.from_compact(frame) for _, _, frame in self.frames]

    def turns(self) -> list[int]:
        return [turn for turn, _, _ in self.frames]

    def to_json(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "cast": self.cast,
            "frames": [[turn, over, frame] for turn, over, frame in self.frames],
        }

    @classmethod
    def from_json(cls, ruleset: str, data: Any) -> Track:
        track = cls(ruleset)
        if isinstance(data, dict) and data.get("version") == VERSION:
            track.cast = [list(map(str, who)) for who in data.get("cast", [])]
            track.frames = [(int(t), bool(o), dict(f)) for t, o, f in data.get("frames", [])]
        return track


class Timeline:
    """Every ruleset's track, read from and written to the storage on demand."""

    def __init__(self, get: Callable[[str], str | None], put: Callable[[str, str], None]) -> None:
        self.get = get
        self.put = put
        self.tracks: dict[str, Track] = {}

    def track(self, ruleset: str) -> Track:
        if ruleset not in self.tracks:
            text = self.get(storage_key(ruleset))
            try:
                data = json.loads(text) if text else None
            except ValueError:
                data = None
            self.tracks[ruleset] = Track.from_json(ruleset, data)
        return self.tracks[ruleset]

    def note(self, ruleset: str, state: Any) -> None:
        track = self.track(ruleset)
        if track.note(state):
            self.put(storage_key(ruleset), json.dumps(track.to_json()))

    def restart(self, ruleset: str, state: Any) -> None:
        """A new game of ``ruleset`` began with ``state``: its old frames go."""
        self.tracks[ruleset] = Track(ruleset)
        self.note(ruleset, state)
