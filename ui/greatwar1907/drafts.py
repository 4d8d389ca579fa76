"""A Great War 1907 nation's draft of orders for the phase (pure): each order part in the
engine's own JSON form (``SubmitDeployment`` / ``SubmitAttack`` sections), so what the
review list shows is what is sealed, and the engine's parser checks it once more on the
way (:func:`to_order`).  :class:`EntryError` is how the page refuses an order as it is
written, in the player's words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import Order
from engine.errors import EngineError
from engine.rulesets.greatwar1907.orders import parse_order
from engine.rulesets.greatwar1907.state import GreatWarState, Phase

DEPLOYMENT_SECTIONS = (
    "diplomacy",
    "drop_ally",
    "passage",
    "pay_first",
    "trades",
    "builds",
    "place",
    "embark",
    "sail",
    "moves",
    "disembark",
)

ATTACK_SECTIONS = ("diplomacy", "drop_ally", "passage", "sail", "strikes", "attacks")

SINGLE_SECTIONS = {"drop_ally": "nation", "pay_first": "province"}
"""Sections that are one value in the order, kept in the draft as a list of one part
(``{"nation": ...}``) so the review list can show and remove them like the others."""

DEPLOYMENT_MODES = ("build", "ships", "move", "embark", "sail", "disembark", "place", "trade")

ATTACK_MODES = ("attack", "strike", "sail")


class EntryError(EngineError):
    """An order the page refuses as it is written (the message says why)."""

    def __init__(self, message: str) -> None:
        super().__init__("entry/refused", message)

    def __str__(self) -> str:
        return self.message


@dataclass
class Draft:
    """One nation's orders so far, section by section, in the engine's JSON form."""

    parts: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def section(self, name: str) -> list[dict[str, Any]]:
        return self.parts.setdefault(name, [])

    def add(self, name: str, part: dict[str, Any]) -> None:
        self.section(name).append(part)

    def remove(self, name: str, index: int) -> dict[str, Any]:
        """:raises EntryError: no such order in the list."""
        items = self.parts.get(name, [])
        if not 0 <= index < len(items):
            raise EntryError("that order is no longer in the list")
        return items.pop(index)

    def count(self) -> int:
        return sum(len(v) for v in self.parts.values())

    def to_json(self) -> dict[str, Any]:
        return {k: [dict(p) for p in v] for k, v in self.parts.items() if v}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Draft:
        return cls({str(k): [dict(p) for p in v] for k, v in data.items()})


def name(state: GreatWarState, place: str) -> str:
    return state.map.name_of(place)


def nation_of(state: GreatWarState, seat: int) -> str:
    return state.nation_ids[seat]


def pp(quarters: int) -> str:
    return f"{quarters / 4:g} pp"


def sections(state: GreatWarState) -> tuple[str, ...]:
    return ATTACK_SECTIONS if state.phase is Phase.ATTACK else DEPLOYMENT_SECTIONS


def modes(state: GreatWarState) -> tuple[str, ...]:
    return ATTACK_MODES if state.phase is Phase.ATTACK else DEPLOYMENT_MODES


def to_order(state: GreatWarState, seat: int, draft: Draft) -> Order:
    """The sealed submission of ``draft`` (the engine's parser checks every field).

    :raises EngineError: a part the parser refuses (named).
    """
    kind = "submit-attack" if state.phase is Phase.ATTACK else "submit-deployment"
    data: dict[str, Any] = {
        "kind": kind,
        "faction": seat,
        "nation": nation_of(state, seat),
        "player": state.players[seat].name,
    }
    for section in sections(state):
        if not draft.parts.get(section):
            continue
        if section in SINGLE_SECTIONS:
            data[section] = draft.parts[section][-1][SINGLE_SECTIONS[section]]
        else:
            data[section] = [dict(p) for p in draft.parts[section]]
    return parse_order(data)
