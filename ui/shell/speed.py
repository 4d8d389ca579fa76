"""The game speed (pure): how long the computers make a player wait, one setting for
every ruleset, kept per device in the browser's storage.

* **Watch**: today's pace — each computer order shown, with the page's own pause after it.
* **Fast**: each computer turn shown in at most about a second: short pauses, and once a
  turn has been shown for :data:`FAST_TURN_BUDGET` the rest of it is played at once.
* **Instant**: the computers play at once (in bounded slices, the browser answering
  between them); afterwards the map marks the territories that changed hands and the
  message line says who took what (:func:`what_happened`).

A resolution's replay (Capital Risk, the Great War) follows the same setting
(:func:`replay_wait`; the game record's replay keeps its own ± and play/pause: the player
starts it to watch); "Skip ▸▸" switches the setting to Instant, where it stays until the
player chooses another speed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum

STORAGE_KEY = "risk-family.speed.v1"
"""The browser-storage key of the setting (one for every ruleset, per device)."""


class Speed(Enum):
    WATCH = "watch"
    FAST = "fast"
    INSTANT = "instant"

    @property
    def label(self) -> str:
        return {"watch": "Watch", "fast": "Fast", "instant": "Instant"}[self.value]


DEFAULT = Speed.WATCH

FAST_PAUSE = 0.1
"""Fast: seconds a computer order stays on screen before the next one."""
FAST_TURN_BUDGET = 0.4
"""Fast: seconds of one computer turn shown order by order; the rest is played at once,
so that drawing and the engine's own time keep a turn within a second."""
SLICE = 0.06
"""Seconds of computer play between two yields to the browser when playing at once."""
INSTANT_FRAME = 0.4
"""Instant: seconds between redraws of the board while the computers play (so a long
run still shows that something happens)."""
FAST_REPLAY_STEP = 0.3
"""Fast: the longest a resolution replay's step stays on screen."""


def read_speed(get: Callable[[str], str | None]) -> Speed:
    """The stored setting (:data:`DEFAULT` when none, or when it is not one we know)."""
    try:
        text = get(STORAGE_KEY)
    except Exception:  # storage unavailable (private mode): the setting is a courtesy
        return DEFAULT
    return parse_speed(text)


def parse_speed(text: str | None) -> Speed:
    """A speed from its stored or submitted name (:data:`DEFAULT` for anything else)."""
    try:
        return Speed(str(text or "").strip().lower())
    except ValueError:
        return DEFAULT


def order_pause(speed: Speed, watch_pause: float) -> float:
    """Seconds before the next computer order is shown (0: play at once)."""
    if speed is Speed.WATCH:
        return watch_pause
    if speed is Speed.FAST:
        return min(watch_pause, FAST_PAUSE)
    return 0.0


def replay_wait(speed: Speed, watch_wait: float) -> float:
    """Seconds a resolution replay's step stays on screen at ``speed`` (0: Instant, the
    replay goes straight to its end)."""
    if speed is Speed.WATCH:
        return watch_wait
    if speed is Speed.FAST:
        return min(watch_wait, FAST_REPLAY_STEP)
    return 0.0


def changed_hands(before: Mapping[str, int], after: Mapping[str, int]) -> dict[str, int]:
    """Territories whose owner changed between two boards: ``{territory: new owner}``
    (in the order of ``after``)."""
    return {t: owner for t, owner in after.items() if before.get(t, owner) != owner}


def what_happened(
    changes: Mapping[str, int], names: list[str], territory_names: Mapping[str, str]
) -> str:
    """The message line after the computers played at once: who took what, short enough
    for a phone (the map marks each territory; "While you were away" lists the player's
    own losses), e.g. "While the computers played: Boris took 5 territories; Chloe took
    Egypt (marked on the map)."."""
    if not changes:
        return "While the computers played: no territory changed hands."
    taken: dict[int, list[str]] = {}
    for territory, owner in changes.items():
        taken.setdefault(owner, []).append(territory_names.get(territory, territory))
    parts = []
    for owner, places in taken.items():
        who = names[owner] if 0 <= owner < len(names) else "Nobody"
        listed = f"{len(places)} territories" if len(places) > 2 else " and ".join(places)
        parts.append(f"{who} took {listed}")
    return "While the computers played: " + "; ".join(parts) + " (marked on the map)."
