"""The Great War 1907 computer nations (see :mod:`.levels`), registered with
:mod:`engine.ai` when first asked for."""

from __future__ import annotations

from collections.abc import Callable

from engine.ai import register_player
from engine.core import Order
from engine.rulesets.greatwar1907.ai.levels import EASY, STANDARD, Profile, choose
from engine.rulesets.greatwar1907.state import GreatWarState


def _chooser(profile: Profile) -> Callable[[GreatWarState, int], Order]:
    def chooser(state: GreatWarState, seat: int) -> Order:
        return choose(state, seat, profile)

    return chooser


for _profile in (EASY, STANDARD):
    register_player("greatwar1907", _profile.name, _chooser(_profile))
