"""The compact form of a Risk, Paper, Scissors state, the one its save codes carry: the
JSON form with the board written per territory as ``garrisons``, ``{territory: [owner,
e, j, w, [commanders]]}`` in map order, and the map named by its id.

It is the form the state had before it stood on the shared board (issue 26), kept for
save codes on purpose: a code made before still verifies byte for byte against today's
replay (a chain compares compact forms), and it is about half the length of ``owner``,
``armies`` and ``units`` written out.  :func:`reading.read_state` reads both forms.
"""

from __future__ import annotations

from typing import Any

from engine.rulesets.risk_paper_scissors.options import COMMANDER_TYPES
from engine.rulesets.risk_paper_scissors.state import RpsState

COMMANDERS = frozenset(COMMANDER_TYPES)


def to_compact(state: RpsState) -> dict[str, Any]:
    """The state's compact form (see the module's docstring)."""
    units = state.units
    return {
        "map": state.board.id,
        "players": [p.to_json() for p in state.players],
        "rng": state.rng.to_json(),
        "garrisons": {t: garrison(owner, units[t]) for t, owner in state.owner.items()},
        **state.own_json(),
    }


def garrison(owner: int, kinds: dict[str, int]) -> list[Any]:
    """One held territory as ``[owner, e, j, w, [commanders]]`` (the state keeps the
    kinds in canonical order: the commanders come in the game's order)."""
    e, j, w = kinds.get("E", 0), kinds.get("J", 0), kinds.get("W", 0)
    plain = (e > 0) + (j > 0) + (w > 0)
    return [owner, e, j, w, [k for k in kinds if k in COMMANDERS] if len(kinds) > plain else []]
