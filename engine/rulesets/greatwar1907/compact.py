"""The compact form of a Great War 1907 state, the one its save codes carry: the board's
JSON form without what the scenario already says.

Left out: ``ruleset`` and ``map`` (a Great War save names both), ``armies`` (each
province's total of ``units``), and of each seat its ``nation`` (the seats are the
nations in the scenario's order), ``color`` (the nation's) and ``alive`` (nobody is
eliminated, R13): a seat is ``[name, control]``.  ``owner`` is a list of seat numbers
in the map's province order instead of an object keyed by province.  Every other field
is the JSON form's.

A code made before this form (the board's JSON form, or the nation-keyed one saved
before the state stood on the board) still loads: :func:`to_board_form` reads all
three, and :func:`written_now` rewrites an older one in this form (and its report in
today's words: "1 ship", once "1 ships"), so a replay compares like with like.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.rulesets.greatwar1907.mapdata import MAP_ID, scenario
from engine.rulesets.greatwar1907.records import StateError
from engine.rulesets.greatwar1907.state_reader import is_nation_keyed, nation_keyed_to_board

DERIVED = ("ruleset", "map", "armies")
"""The board form's top-level fields the compact form leaves out."""


def is_compact(data: Mapping[str, Any]) -> bool:
    """Whether ``data`` is in the compact form (its owners are a list)."""
    return isinstance(data.get("owner"), list)


def from_board_form(data: Mapping[str, Any]) -> dict[str, Any]:
    """The compact form of a state's (checked) board JSON form."""
    owner = data["owner"]
    return {
        **{k: v for k, v in data.items() if k not in DERIVED},
        "players": [[p["name"], p["control"]] for p in data["players"]],
        "owner": [owner[p.id] for p in scenario().provinces],
    }


def written_now(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """A code's state in the compact form, whichever form it was saved in (``data`` has
    been read and checked already), its report in today's words."""
    if not is_compact(data):
        board = nation_keyed_to_board(data) if is_nation_keyed(data) else data
        data = from_board_form(board)
    report = data.get("last_report")
    if report is None:
        return data
    return {**data, "last_report": _in_todays_words(report)}


_ONE_SHIPS = re.compile(r"(?<![\d.])1 ships\b")
"""Codes made before the report wrote "1 ship" in the singular say "1 ships"."""


def _in_todays_words(value: Any) -> Any:
    """A report's text as the report writes it now (its other values as they are)."""
    if isinstance(value, str):
        return _ONE_SHIPS.sub("1 ship", value)
    if isinstance(value, list):
        return [_in_todays_words(item) for item in value]
    if isinstance(value, dict):
        return {key: _in_todays_words(item) for key, item in value.items()}
    return value


def to_board_form(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """The board's JSON form of a compact one (any other form as it is).  A value this
    cannot read is passed on as it is, for the state reader to name."""
    if not is_compact(data):
        return data
    for name in DERIVED:
        if name in data:
            raise StateError("state/bad-field", f"the state's {name!r} is not in its compact form")
    m = scenario()
    provinces = [p.id for p in m.provinces]
    new = {k: v for k, v in data.items()}
    new.setdefault("ruleset", "greatwar1907")
    new.setdefault("map", MAP_ID)
    owner = data["owner"]
    if len(owner) == len(provinces):
        new["owner"] = dict(zip(provinces, owner, strict=True))
    players = data.get("players")
    if isinstance(players, list) and len(players) == len(m.nations):
        new["players"] = [
            _seat(raw, n.id, n.colour) for raw, n in zip(players, m.nations, strict=True)
        ]
    units = data.get("units", {})
    new["armies"] = {p: _total(units.get(p)) if isinstance(units, dict) else 0 for p in provinces}
    return new


def _seat(raw: Any, nation: str, colour: str) -> Any:
    if not (isinstance(raw, list) and len(raw) == 2):
        return raw
    name, control = raw
    return {"name": name, "control": control, "color": colour, "nation": nation, "alive": True}


def _total(per: Any) -> Any:
    """The divisions of a province's units entry (what the reader will check)."""
    if per is None:
        return 0
    if not isinstance(per, dict):
        return None
    counts = [c for c in per.values() if isinstance(c, int) and not isinstance(c, bool)]
    return sum(counts) if len(counts) == len(per) else None
