"""Rule cases for what sets Standard and Easy apart at four players and beyond.

Measured at four players, Standard as first written was level with Good and Easy level
with Standard; the levels now differ in how much they count the enemy next door and in
whether they walk their armies to the front.
"""

from __future__ import annotations

import pytest

from engine.ai import choose_order
from engine.rulesets.classic.orders import EndTurn, FreeMove, Place
from engine.rulesets.classic.state import ClassicState, Phase
from tests.classic_ai_positions import AUSTRALIA, ai_position


def _australia(control: str, armies: dict[str, int], phase: Phase, *more: str) -> ClassicState:
    """Seat 0 (``control``) holds Australia; seat 1 holds the rest, three armies each
    unless ``armies`` says otherwise."""
    return ai_position(
        [control] * 3, dict.fromkeys(AUSTRALIA, 0), armies=armies, phase=phase, more=more
    )


def test_standard_counts_half_an_army_per_enemy_army_next_door() -> None:
    """Standard guards a held continent's border, counting half an army for each enemy
    army that could strike it: Indonesia (3 armies) faces ten in Siam, so it lacks
    9 x 0.5 - 3 = 1.5 armies, and Standard places two of its eight there first (weighing
    a whole army per enemy army it used to place six)."""
    state = _australia(
        "standard", {"indonesia": 3, "siam": 10}, Phase.REINFORCE, "reinforcements 8"
    )
    assert choose_order(state) == Place("indonesia", 2)


def test_easy_does_not_count_the_enemy_next_door() -> None:
    """Easy is careless: fourteen enemy armies in Siam next to Indonesia (3) do not make
    Indonesia look short of armies, and no attack from it is worth making, so Easy's
    first army goes elsewhere in Australia; Standard reinforces Indonesia."""
    armies = {"indonesia": 3, "siam": 14}
    easy = choose_order(_australia("easy", armies, Phase.REINFORCE, "reinforcements 8"))
    assert isinstance(easy, Place) and easy.territory != "indonesia"
    standard = choose_order(_australia("standard", armies, Phase.REINFORCE, "reinforcements 8"))
    assert isinstance(standard, Place) and standard.territory == "indonesia"


@pytest.mark.parametrize(("level", "moves"), [("easy", False), ("standard", True)])
def test_only_easy_leaves_interior_armies_behind(level: str, moves: bool) -> None:
    """Eight armies idle in Eastern Australia, two steps from the front at Indonesia:
    Standard walks them towards the front with its free move; Easy ends its turn and
    leaves them where they are."""
    state = _australia(level, {"eastern_australia": 8, "indonesia": 2}, Phase.FORTIFY)
    order = choose_order(state)
    if moves:
        assert isinstance(order, FreeMove)
        assert order.origin == "eastern_australia" and order.count == 7
    else:
        assert order == EndTurn()
