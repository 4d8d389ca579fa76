"""Reinforcement counts, the placement limit and card sets (seed: "Reinforcements are
gained by the following formula", "Set Value is required for Simultaneous play")."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations, product

from engine.maps import CardType, GameMap, load_map
from engine.rulesets.capital.options import (
    MIN_CONNECTED_PAIR,
    MIN_SEPARATE_PAIR,
    MIN_SINGLE,
    MIN_THREE_OR_MORE,
    SET_VALUES,
    TERRITORIES_PER_UNIT,
)
from engine.rulesets.capital.state import CapitalState

_SUITS = (CardType.INFANTRY, CardType.CAVALRY, CardType.ARTILLERY)


def game_map(state: CapitalState) -> GameMap:
    return load_map(state.map_id)


def limit_for(the_map: GameMap, owner: Mapping[str, int], faction: int, territory: str) -> int:
    """At most 1 + the adjacent territories ``faction`` owns may enter ``territory``.

    ``owner`` is the ownership at the start of the turn (RULINGS §2).
    """
    return 1 + sum(1 for n in the_map.neighbours(territory) if owner[n] == faction)


def placement_limit(state: CapitalState, faction: int, territory: str) -> int:
    """How many reinforcements (or tactical units) ``territory`` may receive this turn."""
    return limit_for(game_map(state), state.owner, faction, territory)


def capacity(state: CapitalState, faction: int) -> int:
    """The most reinforcements ``faction`` can place: the sum of its territories' limits."""
    the_map = game_map(state)
    return sum(
        limit_for(the_map, state.owner, faction, t) for t, o in state.owner.items() if o == faction
    )


def base_reinforcements(the_map: GameMap, owned: Iterable[str]) -> int:
    """(territories + largest connected group) // 3, the seed's minimums, continent bonuses."""
    owned = set(owned)
    count = len(owned)
    if count == 0:
        return 0
    largest = the_map.largest_connected_group(owned)
    if count == 1:
        minimum = MIN_SINGLE
    elif count == 2:
        minimum = MIN_CONNECTED_PAIR if largest == 2 else MIN_SEPARATE_PAIR
    else:
        minimum = MIN_THREE_OR_MORE
    units = max((count + largest) // TERRITORIES_PER_UNIT, minimum)
    for continent in the_map.continents.values():
        if owned.issuperset(continent.territories):
            units += continent.bonus
    return units


def reinforcements(state: CapitalState, faction: int) -> int:
    """Reinforcements ``faction`` receives next (before cards)."""
    return base_reinforcements(game_map(state), state.territories_of(faction))


def set_kind(types: Sequence[CardType]) -> str | None:
    """The most valuable reading of three cards: a suit name, ``"mixed"``, or None."""
    if len(types) != 3:
        return None
    kinds = set()
    for suits in product(*[_SUITS if t is CardType.WILD else (t,) for t in types]):
        if len(set(suits)) == 1:
            kinds.add(suits[0].value)
        elif len(set(suits)) == 3:
            kinds.add("mixed")
    return max(kinds, key=lambda k: SET_VALUES[k]) if kinds else None


def set_value(the_map: GameMap, cards: Sequence[int]) -> int | None:
    kind = set_kind([the_map.deck[c].type for c in cards])
    return None if kind is None else SET_VALUES[kind]


def valid_sets(the_map: GameMap, hand: Sequence[int]) -> list[tuple[int, int, int]]:
    """Every set in a hand, most valuable first (ties: lowest card indices first)."""
    found = []
    for a, b, c in combinations(sorted(hand), 3):
        value = set_value(the_map, (a, b, c))
        if value is not None:
            found.append((value, (a, b, c)))
    found.sort(key=lambda item: (-item[0], item[1]))
    return [trio for _, trio in found]
