"""What one resolution tracks besides the state: offenses, the report being written,
which divisions and leaders have acted, and the dice (always the state's Rng, R8)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.rulesets.greatwar1907.mapdata import ScenarioMap
from engine.rulesets.greatwar1907.options import CHANCE_SCALE, DIE_FACES
from engine.rulesets.greatwar1907.state import GreatWarState
from engine.rulesets.greatwar1907.wording import leader_name

DROPPED, CUT, ADJUSTED = "dropped", "cut", "adjusted"


def named_twice(m: ScenarioMap, leader: str) -> str:
    """The offense detail of a leader named more than once in one order."""
    return f"{leader_name(m, leader)} is named more than once: he counts once"


@dataclass(frozen=True)
class Offense:
    """One dropped, cut or adjusted order (spec §6)."""

    nation: str
    code: str
    order: str
    result: str
    detail: str

    def to_json(self) -> dict[str, str]:
        return {
            "nation": self.nation,
            "code": self.code,
            "order": self.order,
            "result": self.result,
            "detail": self.detail,
        }


@dataclass
class Context:
    state: GreatWarState
    report: dict[str, Any]
    offenses: list[Offense] = field(default_factory=list)
    acted_leaders: set[str] = field(default_factory=set)
    # (nation, province): divisions that may no longer move / attack this phase
    spent: dict[tuple[str, str], int] = field(default_factory=dict)
    # (nation, place): cargo that embarked this phase (cannot disembark, R34)
    fresh_cargo: dict[tuple[str, str], int] = field(default_factory=dict)
    embarked_in: set[tuple[str, str]] = field(default_factory=set)
    captured: dict[str, set[str]] = field(default_factory=dict)  # nation -> provinces (A5)
    vp_gained: dict[str, int] = field(default_factory=dict)
    # every unit made or destroyed, by the rule that did it: (nation, kind, change, rule)
    tallies: list[tuple[str, str, int, str]] = field(default_factory=list)
    np_gained: dict[str, int] = field(default_factory=dict)

    @property
    def map(self) -> ScenarioMap:
        return self.state.map

    def offense(self, nation: str, code: str, order: str, result: str, detail: str) -> None:
        self.offenses.append(Offense(nation, code, order, result, detail))

    def leaders_present(
        self, nation: str, text: str, leader_ids: Sequence[str], origin: str
    ) -> list[str]:
        """The leaders of an order that stand, alive and not yet used, in province
        ``origin``; each other one is left out and listed as a ``move/leader`` offense.
        A leader counts once: naming him again in the same order is an offense too."""
        present: list[str] = []
        for lid in leader_ids:
            if lid in present:
                self.offense(nation, "move/leader", text, CUT, named_twice(self.map, lid))
                continue
            leader = self.state.leaders.get(lid)
            if (
                leader is None
                or not leader.alive
                or leader.where != "province"
                or leader.place != origin
                or lid in self.acted_leaders
            ):
                self.offense(
                    nation,
                    "move/leader",
                    text,
                    CUT,
                    f"{leader_name(self.map, lid)} is not there or has acted: left out",
                )
                continue
            present.append(lid)
        return present

    def tally(self, nation: str, kind: str, change: int, rule: str) -> None:
        """Record divisions, ships or hulls of ``nation`` made (+) or destroyed (-) by
        ``rule`` (the unit-accounting property checks every change has one)."""
        if change:
            self.tallies.append((nation, kind, change, rule))

    def die(self) -> int:
        return self.state.rng.die(DIE_FACES)

    def chance(self, p: float) -> bool:
        return self.state.rng.chance(round(CHANCE_SCALE * p), CHANCE_SCALE)

    def log(self, section: str, entry: Any) -> None:
        self.report.setdefault(section, []).append(entry)

    def name(self, place: str) -> str:
        return self.map.name_of(place)
