"""The game's random generator, whose whole state lives in the game state.

Draws are SHA-256 of ``seed:counter`` (counter mode), so the state is two small
values that serialise into a save code, and the same seed gives the same numbers in
CPython and in Pyodide.  Nothing in the engine calls the global ``random`` module.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")

_BITS = 256


@dataclass
class Rng:
    """A deterministic generator: ``seed`` plus the number of draws made so far."""

    seed: str
    counter: int = 0

    def _block(self) -> int:
        digest = hashlib.sha256(f"{self.seed}:{self.counter}".encode()).digest()
        self.counter += 1
        return int.from_bytes(digest, "big")

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, by rejection so that no value is favoured."""
        if n <= 0:
            raise ValueError(f"Rng.below needs a positive bound, got {n}")
        limit = (1 << _BITS) - ((1 << _BITS) % n)
        while True:
            value = self._block()
            if value < limit:
                return value % n

    def die(self, sides: int = 6) -> int:
        """One roll of a die with faces ``1..sides``."""
        return self.below(sides) + 1

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return [self.die(sides) for _ in range(count)]

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Rng:
        return Rng(self.seed, self.counter)

    def to_json(self) -> list[Any]:
        return [self.seed, self.counter]

    @classmethod
    def from_json(cls, data: Any) -> Rng:
        seed, counter = data
        return cls(str(seed), int(counter))


def reseeded(rng: Rng, entropy: str) -> Rng:
    """A fresh generator mixing ``entropy`` into ``rng``'s seed and position: used when
    several players contribute secret salts so that no one of them controls the dice."""
    digest = hashlib.sha256(f"{rng.seed}:{rng.counter}:{entropy}".encode()).hexdigest()
    return Rng(digest[:32], 0)
