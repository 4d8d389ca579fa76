"""The Expert Capital Risk setup in a duel: rule cases for the capital and first stacks
chosen by playing the first turn (the rival's setup read from the public deal), its
privacy and determinism, its fixed count of simulated turns, and setups that need no
cuts."""

from __future__ import annotations

import pytest

import engine.rulesets.capital.ai.opening as opening
from engine.core import PlayerSpec
from engine.maps import load_map
from engine.rulesets.capital import CapitalState, Phase
from engine.rulesets.capital.ai.levels import GOOD
from engine.rulesets.capital.ai.outlook import public_copy
from engine.rulesets.capital.ai.setup import setup_order
from engine.rulesets.capital.ai.view import View
from engine.rulesets.capital.orders import SubmitSetup
from engine.rulesets.capital.setup import normalise_setup, setup_pool
from tests.capital_helpers import RS, A, B, counting


def _deal(seed: str, seats: tuple[str, ...] = ("expert", "good")) -> CapitalState:
    state = RS.new_game([PlayerSpec(f"P{i}", level) for i, level in enumerate(seats)], {}, seed)
    assert state.phase is Phase.SETUP
    return state


def test_expert_masses_next_to_the_capital_its_rival_will_choose() -> None:
    """Seed: "Think carefully where to place your capitol" and "capture those of the
    other factions".  On this deal Good, for B, puts its capital on India with 9 more
    units and one unit on each of its other bases; Good, for A, would spread its setup
    the same way.  Expert reads B's setup from the public deal, plays its own setups
    through the first turn and masses 13 units on Afghanistan, next to India, keeping
    its capital Yakutsk."""
    state = _deal("open-7")
    rival = setup_order(View(state, B), GOOD)
    assert rival.capital == "india"
    assert max(n for _, n in setup_order(View(state, A), GOOD).placements) == 9
    chosen = opening.opening_setup(state, A)
    assert chosen.capital == "yakutsk"
    stack, units = max(chosen.placements, key=lambda p: p[1] or 0)
    assert (stack, units) == ("afghanistan", 13)
    assert stack in load_map("classic").neighbours("india")


def test_expert_setup_keeps_the_games_dice_and_never_reads_a_sealed_setup() -> None:
    """The setup is sealed: what B has already sealed is not part of the board Expert
    plays, the game's generator draws nothing for Expert's trials, and the same deal
    gives the same setup."""
    state = _deal("open-7")
    before = (state.rng.seed, state.rng.counter)
    first = opening.opening_setup(state, A)
    assert (state.rng.seed, state.rng.counter) == before
    sealed = state.clone()
    sealed.setup[B] = SubmitSetup(B, "ural", (("ural", 29),)).to_json()
    assert public_copy(sealed, A).setup == [None, None]
    assert opening.opening_setup(sealed, A) == first


@pytest.mark.parametrize("factions", [2, 3, 4])
def test_opening_search_is_a_fixed_count_of_first_turns(
    factions: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The budget counts simulated first turns, not time: at most ten setups in a duel;
    with more factions Expert seals Good's setup without playing any."""
    state = _deal("open-b", ("expert",) + ("good",) * (factions - 1))
    count = counting(monkeypatch, opening, "first_turn")
    chosen = opening.opening_setup(state, A)
    if factions == 2:
        assert 1 < count() <= opening.TRIALS == 10
    else:
        assert count() == 0
        assert chosen == setup_order(View(state, A), GOOD)


@pytest.mark.parametrize("seed", ["open-1", "open-2", "open-3", "open-4"])
def test_every_setup_tried_is_legal_as_written(seed: str) -> None:
    """Every setup Expert weighs (and so the one it seals) places exactly its pool on
    its own territories, its capital among them: the engine cuts nothing."""
    state = _deal(seed)
    public = public_copy(state, A)
    tried = opening.candidates(public, A, opening.rival_setups(public, A))
    assert tried[0] == setup_order(View(state, A), GOOD)
    for setup in tried:
        _, _, cuts = normalise_setup(state, A, setup)
        assert cuts == []
        assert sum(n or 0 for _, n in setup.placements) == setup_pool(state, A)
    assert opening.opening_setup(state, A) in tried
