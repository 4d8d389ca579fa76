"""Card sets: which three cards make a set, and what a set is worth."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product

from engine.maps import CardType, GameMap
from engine.rulesets.classic.options import (
    FIXED_SET_VALUES,
    LOW_EXCHANGE_START,
    LOW_EXCHANGE_STEP,
    RISING_SET_STEP,
    RISING_SET_VALUES,
    ClassicOptions,
)

_SUITS = (CardType.INFANTRY, CardType.CAVALRY, CardType.ARTILLERY)


def _suit_assignments(types: Sequence[CardType]) -> list[tuple[CardType, ...]]:
    """Every way the wild cards in ``types`` can stand for a suit."""
    choices = [_SUITS if t is CardType.WILD else (t,) for t in types]
    return list(product(*choices))


def set_kind(types: Sequence[CardType]) -> str | None:
    """The best kind of set three cards make: a suit name, ``"mixed"``, or None.

    Three of a suit, one of each suit, or any two plus a wild (manual p.7).
    With fixed values the most valuable reading of the wild cards is taken.
    """
    if len(types) != 3:
        return None
    kinds = set()
    for suits in _suit_assignments(types):
        if len(set(suits)) == 1:
            kinds.add(suits[0].value)
        elif len(set(suits)) == 3:
            kinds.add("mixed")
    if not kinds:
        return None
    return max(kinds, key=lambda k: FIXED_SET_VALUES[k])


def rising_value(sets_traded: int, low_exchange: bool) -> int:
    """Value of the next set when ``sets_traded`` sets were traded by anyone before.

    RULINGS §1: 4, 6, 8, 10, 12, 15, then +5 each; low exchange rate: +1 each step.
    """
    if low_exchange:
        return LOW_EXCHANGE_START + LOW_EXCHANGE_STEP * sets_traded
    if sets_traded < len(RISING_SET_VALUES):
        return RISING_SET_VALUES[sets_traded]
    extra = sets_traded - len(RISING_SET_VALUES) + 1
    return RISING_SET_VALUES[-1] + RISING_SET_STEP * extra


def set_value(
    game_map: GameMap, cards: Sequence[int], options: ClassicOptions, sets_traded: int
) -> int | None:
    """Armies for trading ``cards`` now, or None if they are not a set."""
    kind = set_kind([game_map.deck[c].type for c in cards])
    if kind is None:
        return None
    if options.card_sets == "fixed":
        return FIXED_SET_VALUES[kind]
    return rising_value(sets_traded, options.low_exchange)


def valid_sets(game_map: GameMap, hand: Sequence[int]) -> list[tuple[int, int, int]]:
    """Every set (sorted card triples) in a hand."""
    found = []
    for trio in combinations(sorted(hand), 3):
        if set_kind([game_map.deck[c].type for c in trio]) is not None:
            found.append((trio[0], trio[1], trio[2]))
    return found
