"""The random generator lives in the game state and is the same everywhere."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from engine import statecheck
from engine.errors import DiceError, EngineError
from engine.rng import Rng, reseeded


def test_same_seed_same_numbers_and_known_values() -> None:
    """Same seed and same orders give the same game, in CPython and in Pyodide: the draws
    are SHA-256 based, so these values are fixed for all time."""
    a, b = Rng("seed"), Rng("seed")
    assert [a.die() for _ in range(10)] == [b.die() for _ in range(10)]
    assert Rng("fixture").dice(8) == Rng("fixture").dice(8)
    assert Rng("fixture").dice(8) == FIXTURE_DICE


FIXTURE_DICE = [2, 6, 3, 6, 5, 3, 4, 2]  # recorded once; must never change


def test_state_round_trips_and_continues() -> None:
    rng = Rng("x")
    rng.dice(5)
    copy = Rng.from_json(rng.to_json())
    assert copy.dice(5) == rng.dice(5)


def test_dice_are_uniform_enough() -> None:
    rng = Rng("uniform")
    counts = Counter(rng.die() for _ in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 < c < 1150 for c in counts.values())


def test_shuffle_is_a_permutation() -> None:
    items = list(range(44))
    Rng("s").shuffle(items)
    assert sorted(items) == list(range(44)) and items != list(range(44))


FIXTURE_STREAM = [5, 5, 4, 1, 2, 2, 0, 1]  # below(6) x4, a choice, a shuffle of 3: recorded
# with the generator before the dice hook; must never change


def test_without_a_script_every_draw_is_as_before() -> None:
    """A game never scripted draws exactly the numbers it drew before the dice hook:
    below, chance, choice and shuffle take the same blocks of the seed."""
    rng = Rng("stream")
    drawn = [rng.below(6) for _ in range(4)]
    drawn.append("abcdef".index(rng.choice("abcdef")))
    items = [0, 1, 2]
    rng.shuffle(items)
    drawn += items
    assert drawn == FIXTURE_STREAM
    a, b = Rng("chance"), Rng("chance")
    assert [a.chance(250, 1000) for _ in range(50)] == [b.below(1000) < 250 for _ in range(50)]
    assert a.to_json() == ["chance", 50]


def test_a_script_gives_faces_and_draws_as_documented() -> None:
    """engine/rng.py: dice are faces; a below is the number; a chance is true/false or
    the number it would have drawn; a choice is the item; a shuffle lists the items that
    come first, the others keeping their order.  The seed's counter does not move."""
    rng = Rng("x", 7).with_script(dice=[6, 1, 12], draws=[3, True, 999, "c", ["d", "b"], 0])
    assert rng.dice(2) == [6, 1] and rng.die(12) == 12
    assert rng.below(4) == 3
    assert rng.chance(1, 1000) is True and rng.chance(999, 1000) is False
    assert rng.choice(["a", "b", "c"]) == "c"
    items = ["a", "b", "c", "d"]
    rng.shuffle(items)
    assert items == ["d", "b", "a", "c"]
    assert rng.script is not None and rng.script.leftovers() == ([], [0])
    with pytest.raises(DiceError) as info:
        rng.check_used()
    assert info.value.code == "dice/too-many" and "[0]" in info.value.message
    assert rng.below(1) == 0
    rng.check_used()
    assert rng.counter == 7
    with pytest.raises(DiceError) as info:
        rng.die()
    assert info.value.code == "dice/too-few" and "die 4 (a d6)" in info.value.message


@pytest.mark.parametrize(
    ("dice", "draws", "draw", "code"),
    [
        ([0], [], lambda r: r.die(), "dice/out-of-range"),
        ([True], [], lambda r: r.die(), "dice/bad-script"),
        ([], [5], lambda r: r.below(5), "dice/out-of-range"),
        ([], ["z"], lambda r: r.choice(["a", "b"]), "dice/out-of-range"),
        ([], [1], lambda r: r.choice(["1", "2"]), "dice/out-of-range"),
        ([], [["a", "a"]], lambda r: r.shuffle(["a", "b"]), "dice/out-of-range"),
        ([], [1000], lambda r: r.chance(1, 1000), "dice/out-of-range"),
        ([], [{"x": 1}], lambda r: r.below(2), "dice/bad-script"),
    ],
)
def test_an_entry_that_does_not_fit_is_refused(
    dice: list[Any], draws: list[Any], draw: Callable[[Rng], Any], code: str
) -> None:
    with pytest.raises(DiceError) as info:
        draw(Rng.scripted(dice, draws))
    assert info.value.code == code


def test_a_script_survives_json_copies_and_reseeding() -> None:
    """The script is part of the generator's JSON form (a state copied through JSON
    keeps it, as far as it was used), and a sealed round's reseeding keeps it."""
    rng = Rng("s", 3).with_script(dice=[2, 3], draws=["a"])
    assert rng.die() == 2
    copy = Rng.from_json(rng.to_json())
    assert copy == rng and copy.to_json() == ["s", 3, rng.script.to_json()]  # type: ignore[union-attr]
    assert statecheck.rng(rng.to_json()) == rng
    assert copy.die() == 3 and rng.script.leftovers() == ([3], ["a"])  # type: ignore[union-attr]
    fresh = reseeded(copy, "salt")
    assert fresh.seed != copy.seed and fresh.choice(["b", "a"]) == "a"
    fresh.check_used()
    assert rng.copy() == rng and rng.without_script() == Rng("s", 3)


def test_a_bad_script_in_a_state_is_refused_naming_the_field() -> None:
    with pytest.raises(EngineError) as info:
        statecheck.rng(["s", 0, {"dice": [1], "draws": [], "used": [2, 0]}])
    assert info.value.code == statecheck.STATE_ERROR and "rng script" in info.value.message
