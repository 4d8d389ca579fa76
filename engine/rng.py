"""The game's random generator, whose whole state lives in the game state.

Draws are SHA-256 of ``seed:counter`` (counter mode), so the state is two small
values that serialise into a save code, and the same seed gives the same numbers in
CPython and in Pyodide.  Nothing in the engine calls the global ``random`` module.

A rule case gives the dice instead (:meth:`Rng.with_script`, or
``Ruleset.apply(state, order, dice=..., draws=...)`` in :mod:`engine.core`): the
generator then takes every draw from its :class:`Script`, in two streams:

* ``dice``: one entry per die rolled (:meth:`Rng.die`, :meth:`Rng.dice`), the face
  shown, ``1..sides``;
* ``draws``: one entry per other draw, in the order the rules make them: for
  :meth:`Rng.below` the number, ``0..n-1``; for :meth:`Rng.chance` ``true`` (it
  happens) or ``false`` (or the number below ``out_of`` it would have drawn); for
  :meth:`Rng.choice` the item picked itself (a territory, a leader's id); for
  :meth:`Rng.shuffle` a list of items that come first, in that order, the others
  following in the order they had.

The script is part of the generator's JSON form, so it survives every copy of the
state (the Great War copies its state through JSON).  While a script is set, a
scripted draw takes no number from the seed and nothing falls back to the seed: a
draw the script has no entry for raises ``dice/too-few``; what is left over when the
case is done raises ``dice/too-many`` (:meth:`Rng.check_used`).  A game without a
script draws exactly as before, number for number.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.errors import DiceError

T = TypeVar("T")

_BITS = 256
_SHOWN = 6
"""How many items of a pick's offer an error message lists."""


@dataclass
class Rng:
    """A deterministic generator: ``seed`` plus the number of draws made so far, and,
    in a rule case, the script of dice and draws it gives instead."""

    seed: str
    counter: int = 0
    script: Script | None = None

    def _block(self) -> int:
        digest = hashlib.sha256(f"{self.seed}:{self.counter}".encode()).digest()
        self.counter += 1
        return int.from_bytes(digest, "big")

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, by rejection so that no value is favoured."""
        if self.script is not None:
            return self.script.below(n)
        if n <= 0:
            raise ValueError(f"Rng.below needs a positive bound, got {n}")
        limit = (1 << _BITS) - ((1 << _BITS) % n)
        while True:
            value = self._block()
            if value < limit:
                return value % n

    def die(self, sides: int = 6) -> int:
        """One roll of a die with faces ``1..sides``."""
        if self.script is not None:
            return self.script.die(sides)
        return self.below(sides) + 1

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return [self.die(sides) for _ in range(count)]

    def chance(self, hits: int, out_of: int) -> bool:
        """Whether an event with ``hits`` chances in ``out_of`` happens (one draw below
        ``out_of``, so the same numbers as ``below(out_of) < hits``)."""
        if self.script is not None:
            return self.script.chance(hits, out_of)
        return self.below(out_of) < hits

    def choice(self, items: Sequence[T]) -> T:
        if self.script is not None:
            return self.script.choice(items)
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates in place."""
        if self.script is not None:
            self.script.shuffle(items)
            return
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Rng:
        return Rng(self.seed, self.counter, None if self.script is None else self.script.copy())

    def with_script(self, dice: Sequence[int] = (), draws: Sequence[Any] = ()) -> Rng:
        """A copy that takes its dice and draws from these lists (see the module's
        documentation), replacing any script it had.

        :raises DiceError: ``dice/bad-script`` for an entry no draw could use.
        """
        return Rng(self.seed, self.counter, Script.given(dice, draws))

    @classmethod
    def scripted(cls, dice: Sequence[int] = (), draws: Sequence[Any] = ()) -> Rng:
        """A generator that only gives these dice and draws (for a setup function)."""
        return cls("script").with_script(dice, draws)

    def without_script(self) -> Rng:
        return Rng(self.seed, self.counter)

    def check_used(self) -> None:
        """:raises DiceError: ``dice/too-many``: the script has entries no draw took."""
        if self.script is not None:
            self.script.check_used()

    def to_json(self) -> list[Any]:
        if self.script is None:
            return [self.seed, self.counter]
        return [self.seed, self.counter, self.script.to_json()]

    @classmethod
    def from_json(cls, data: Any) -> Rng:
        """:raises DiceError: ``dice/bad-script`` for a third entry that is no script."""
        if isinstance(data, list | tuple) and len(data) == 3:
            seed, counter, script = data
            return cls(str(seed), int(counter), Script.from_json(script))
        seed, counter = data
        return cls(str(seed), int(counter))


def _is_entry(value: Any, depth: int = 0) -> bool:
    """A draw entry: a number, a truth value, a name, or (for a shuffle) a list of them."""
    if isinstance(value, bool | int | str):
        return True
    return depth == 0 and isinstance(value, list) and all(_is_entry(v, 1) for v in value)


def _offer(items: Sequence[Any]) -> str:
    shown = ", ".join(repr(i) for i in items[:_SHOWN])
    return shown + (", ..." if len(items) > _SHOWN else "")


@dataclass
class Script:
    """The dice and draws a rule case gives, and how many of each the rules took."""

    dice: list[int]
    draws: list[Any]
    dice_used: int = 0
    draws_used: int = 0

    @classmethod
    def given(cls, dice: Sequence[int], draws: Sequence[Any]) -> Script:
        """:raises DiceError: ``dice/bad-script`` naming the first unusable entry."""
        dice, draws = list(dice), [list(d) if isinstance(d, tuple) else d for d in draws]
        for i, face in enumerate(dice):
            if isinstance(face, bool) or not isinstance(face, int):
                raise DiceError("dice/bad-script", f"die {i + 1} is {face!r}, not a face")
        for i, entry in enumerate(draws):
            if not _is_entry(entry):
                raise DiceError(
                    "dice/bad-script",
                    f"draw {i + 1} is {entry!r}: a draw is a number, true/false, an item's "
                    "name, or a list of items for a shuffle",
                )
        return cls(dice, draws)

    def copy(self) -> Script:
        return Script(list(self.dice), list(self.draws), self.dice_used, self.draws_used)

    def _next_die(self, asked: str) -> int:
        if self.dice_used >= len(self.dice):
            raise DiceError(
                "dice/too-few",
                f"die {self.dice_used + 1} ({asked}) was rolled, but the case gives only "
                f"{len(self.dice)} dice",
            )
        face = self.dice[self.dice_used]
        self.dice_used += 1
        return face

    def _next_draw(self, asked: str) -> Any:
        if self.draws_used >= len(self.draws):
            raise DiceError(
                "dice/too-few",
                f"draw {self.draws_used + 1} ({asked}) was made, but the case gives only "
                f"{len(self.draws)} draws",
            )
        entry = self.draws[self.draws_used]
        self.draws_used += 1
        return entry

    def _wrong(self, what: str, entry: Any, asked: str, stream: str = "draw") -> DiceError:
        used = self.dice_used if stream == "die" else self.draws_used
        return DiceError("dice/out-of-range", f"{stream} {used} is {entry!r}, {what} ({asked})")

    def die(self, sides: int) -> int:
        asked = f"a d{sides}"
        face = self._next_die(asked)
        if not 1 <= face <= sides:
            raise self._wrong(f"not a face from 1 to {sides}", face, asked, "die")
        return face

    def below(self, n: int) -> int:
        asked = f"a number from 0 to {n - 1}"
        entry = self._next_draw(asked)
        if isinstance(entry, bool) or not isinstance(entry, int) or not 0 <= entry < n:
            raise self._wrong(f"not a number from 0 to {n - 1}", entry, asked)
        return entry

    def chance(self, hits: int, out_of: int) -> bool:
        asked = f"a chance of {hits} in {out_of}"
        entry = self._next_draw(asked)
        if isinstance(entry, bool):
            return entry
        if not isinstance(entry, int) or not 0 <= entry < out_of:
            raise self._wrong(f"neither true/false nor a number below {out_of}", entry, asked)
        return entry < hits

    def choice(self, items: Sequence[T]) -> T:
        asked = f"a pick among {len(items)}: {_offer(items)}"
        entry = self._next_draw(asked)
        for item in items:
            if item == entry and type(item) is type(entry):
                return item
        raise self._wrong("not on offer", entry, asked)

    def shuffle(self, items: MutableSequence[Any]) -> None:
        asked = f"a shuffle of {len(items)} items: {_offer(items)}"
        entry = self._next_draw(asked)
        first = entry if isinstance(entry, list) else [entry]
        rest = list(items)
        for wanted in first:
            if wanted not in rest:
                raise self._wrong(f"names {wanted!r}, not among the items left", entry, asked)
            rest.remove(wanted)
        items[:] = [*first, *rest]

    def leftovers(self) -> tuple[list[int], list[Any]]:
        return self.dice[self.dice_used :], self.draws[self.draws_used :]

    def check_used(self) -> None:
        dice, draws = self.leftovers()
        if dice or draws:
            parts = [f"dice {dice} were never rolled"] if dice else []
            parts += [f"draws {draws} were never made"] if draws else []
            raise DiceError("dice/too-many", "the case gives too many: " + " and ".join(parts))

    def to_json(self) -> dict[str, Any]:
        return {
            "dice": list(self.dice),
            "draws": list(self.draws),
            "used": [self.dice_used, self.draws_used],
        }

    @classmethod
    def from_json(cls, data: Any) -> Script:
        """:raises DiceError: ``dice/bad-script`` naming what does not fit."""
        if not isinstance(data, dict) or set(data) != {"dice", "draws", "used"}:
            raise DiceError("dice/bad-script", "a script is {dice, draws, used}")
        dice, draws, used = data["dice"], data["draws"], data["used"]
        if not isinstance(dice, list) or not isinstance(draws, list):
            raise DiceError("dice/bad-script", "a script's dice and draws are lists")
        script = cls.given(dice, draws)
        if (
            not isinstance(used, list)
            or len(used) != 2
            or not all(isinstance(u, int) and not isinstance(u, bool) for u in used)
            or not 0 <= used[0] <= len(dice)
            or not 0 <= used[1] <= len(draws)
        ):
            raise DiceError("dice/bad-script", f"a script's used counts {used!r} do not fit")
        script.dice_used, script.draws_used = used
        return script


def reseeded(rng: Rng, entropy: str) -> Rng:
    """A fresh generator mixing ``entropy`` into ``rng``'s seed and position: used when
    several players contribute secret salts so that no one of them controls the dice.
    A rule case's script stays in force."""
    digest = hashlib.sha256(f"{rng.seed}:{rng.counter}:{entropy}".encode()).hexdigest()
    return Rng(digest[:32], 0, None if rng.script is None else rng.script.copy())
