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

BOARD_KEYS = ("owner", "armies", "units")


def to_compact(state: RpsState) -> dict[str, Any]:
    """The state's compact form (see the module's docstring)."""
    data = state.to_json()
    for key in BOARD_KEYS:
        data.pop(key, None)
    data["map"] = state.board.id
    data["garrisons"] = {t: garrison(state, t) for t in state.owner}
    return data


def garrison(state: RpsState, territory: str) -> list[Any]:
    """One held territory as ``[owner, e, j, w, [commanders]]``."""
    side = state.side_at(territory)
    named = [c for c in COMMANDER_TYPES if c in side.commanders]
    return [state.owner[territory], side.e, side.j, side.w, named]
