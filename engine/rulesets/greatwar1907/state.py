"""The Great War 1907 game state (spec §2): plain data, standing on the shared
:class:`~engine.board.Board`, JSON round-trippable (engine/rulesets/greatwar1907/
state_reader.py checks every field on the way in; a :class:`StateError` names it).

The board's fields hold what every ruleset has: ``owner[p]`` is the seat of the nation
that owns province ``p`` (:data:`NEUTRAL_SEAT` for Neutral; seats are the nations in the
scenario's order), and ``units[p]`` the divisions standing there by nation (their
``armies[p]`` total).  The Great War's own fields hold the rest: ``docked[p][nation]`` a
fleet in p's port, ``at_sea[d][nation]`` a fleet in a district, ``hulls[p]`` the owner's
ships under construction, the nations' records, relations, grants and leaders.  Rule
code reads owners and divisions through :meth:`GreatWarState.owner_of`,
:meth:`GreatWarState.divisions` and their kin, by nation id.  Zero entries are never
stored, so two equal positions have equal JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import board
from engine.core import copy_json
from engine.rulesets.greatwar1907.mapdata import NEUTRAL, ScenarioMap, scenario
from engine.rulesets.greatwar1907.options import GreatWarOptions
from engine.rulesets.greatwar1907.records import (
    MAX_QUARTERS,
    MAX_UNITS,
    NEUTRAL_SEAT,
    Fleet,
    Leader,
    NationRecord,
    Phase,
    Seat,
    StateError,
    owner_ids,
    pair,
    seat_numbers,
)
from engine.rulesets.greatwar1907.state_reader import nation_keyed_to_board, read_fields

__all__ = [
    "MAX_QUARTERS",
    "MAX_UNITS",
    "NEUTRAL_SEAT",
    "Fleet",
    "GreatWarState",
    "Leader",
    "NationRecord",
    "Phase",
    "Seat",
    "StateError",
    "nation_keyed_to_board",
    "pair",
    "seat_numbers",
    "total_units",
]

_NOBODY: Mapping[str, int] = {}


@dataclass
class GreatWarState(board.Board[Seat]):
    options: GreatWarOptions
    turn: int = 1
    phase: Phase = Phase.DEPLOYMENT
    conquered: set[str] = field(default_factory=set)
    docked: dict[str, dict[str, Fleet]] = field(default_factory=dict)
    hulls: dict[str, int] = field(default_factory=dict)
    at_sea: dict[str, dict[str, Fleet]] = field(default_factory=dict)
    nations: dict[str, NationRecord] = field(default_factory=dict)
    relations: dict[tuple[str, str], str] = field(default_factory=dict)
    grants: set[tuple[str, str]] = field(default_factory=set)
    leaders: dict[str, Leader] = field(default_factory=dict)
    general_pile: list[str] = field(default_factory=list)
    admiral_pile: list[str] = field(default_factory=list)
    orders: list[dict[str, Any] | None] = field(default_factory=list)
    winners: list[str] = field(default_factory=list)
    last_report: dict[str, Any] | None = None
    ruleset: str = "greatwar1907"

    # ------------------------------------------------------------------ reading
    @property
    def map(self) -> ScenarioMap:
        return scenario()

    @property
    def nation_ids(self) -> tuple[str, ...]:
        return tuple(s.nation for s in self.players)

    @property
    def seal_round(self) -> int:
        return 2 * self.turn - (1 if self.phase is Phase.DEPLOYMENT else 0)

    @property
    def current(self) -> int:
        """The first acting seat still to send orders (else the first acting seat)."""
        acting = [i for i, s in enumerate(self.players) if s.kind != "idle"]
        for i in acting:
            if self.orders[i] is None:
                return i
        return acting[0] if acting else 0

    def seat_of(self, nation: str) -> int:
        return self.nation_ids.index(nation)

    def relation(self, a: str, b: str) -> str:
        """``self``, ``neutral`` (either side Neutral), or the pair's relation."""
        if a == b:
            return "self"
        if NEUTRAL in (a, b):
            return "neutral"
        return self.relations.get(pair(a, b), "peace")

    def at_war(self, a: str, b: str) -> bool:
        return self.relation(a, b) == "war"

    def friendly(self, nation: str, province: str) -> bool:
        """R11: owned by the nation or an ally."""
        return self.relation(nation, self.owner_of(province)) in ("self", "alliance")

    def hostile_target(self, nation: str, province: str) -> bool:
        """R54: owned by a nation at war with ``nation``, or by Neutral."""
        return self.relation(nation, self.owner_of(province)) in ("war", "neutral")

    def allies(self, nation: str) -> list[str]:
        return [n for n in self.nation_ids if self.relation(nation, n) == "alliance"]

    def owner_of(self, province: str) -> str:
        """The id of the nation that owns ``province``, or ``neutral``."""
        return owner_ids()[self.owner[province]]

    def owns(self, nation: str, place: str | None) -> bool:
        """Whether ``place`` is a province ``nation`` owns (False for a sea or None)."""
        seat = self.owner.get(place) if place is not None else None
        return seat is not None and owner_ids()[seat] == nation

    def provinces_of(self, nation: str) -> list[str]:
        seat = seat_numbers()[nation]
        return [p.id for p in self.map.provinces if self.owner[p.id] == seat]

    def divisions(self, province: str, nation: str) -> int:
        return self.units.get(province, _NOBODY).get(nation, 0)

    def divisions_at(self, province: str) -> Mapping[str, int]:
        """Every nation's divisions standing in ``province`` (read only)."""
        return self.units.get(province, _NOBODY)

    def fleet_in_port(self, province: str, nation: str) -> Fleet | None:
        return self.docked.get(province, {}).get(nation)

    def fleet_at_sea(self, sea: str, nation: str) -> Fleet | None:
        return self.at_sea.get(sea, {}).get(nation)

    def fleet_at(self, place: str, nation: str) -> Fleet | None:
        if self.map.is_sea(place):
            return self.fleet_at_sea(place, nation)
        return self.fleet_in_port(place, nation)

    def garrison(self, province: str, nation: str) -> int:
        """The nation's divisions that count for R62 in ``province``: standing or aboard
        its ships in the port."""
        fleet = self.fleet_in_port(province, nation)
        return self.divisions(province, nation) + (fleet.cargo if fleet else 0)

    def leaders_at(self, where: str, place: str, nation: str | None = None) -> list[Leader]:
        """Living leaders at a place, in the order their nations received them."""
        found = [
            x
            for x in self.leaders.values()
            if x.alive
            and x.where == where
            and x.place == place
            and (nation is None or x.nation == nation)
        ]
        order = {n: i for i, n in enumerate(self.nation_ids)}
        return sorted(found, key=lambda x: (order.get(x.nation, 99), x.received))

    def needs_garrison(self, province: str, nation: str) -> bool:
        """R62: the nation's conquered province, with no ``no_garrison`` general in it."""
        if province not in self.conquered or self.owner_of(province) != nation:
            return False
        return not any(
            self.map.leader(x.id).effects.get("no_garrison")
            for x in self.leaders_at("province", province, nation)
        )

    def pp_of(self, nation: str) -> int:
        seat = seat_numbers()[nation]
        return sum(p.pp for p in self.map.provinces if self.owner[p.id] == seat)

    # ------------------------------------------------------------------ writing
    def set_owner(self, province: str, nation: str) -> None:
        """``nation`` (or ``neutral``) owns ``province`` from now on."""
        self.owner[province] = seat_numbers()[nation]

    def add_divisions(self, province: str, nation: str, count: int) -> None:
        """Add (or, with a negative ``count``, remove) the nation's divisions standing in
        ``province``; ``armies`` stays their total."""
        try:
            self.add_units(province, nation, count)
        except ValueError:
            raise AssertionError(f"negative divisions of {nation} in {province}") from None
        if not self.units[province]:
            del self.units[province]

    def add_fleet(self, place: str, nation: str, ships: int, cargo: int) -> None:
        """Add (or with negative counts, remove) ships and cargo at a port or district."""
        table = self.at_sea if self.map.is_sea(place) else self.docked
        here = table.setdefault(place, {})
        fleet = here.setdefault(nation, Fleet(0, 0))
        fleet.ships += ships
        fleet.cargo += cargo
        if fleet.ships < 0 or fleet.cargo < 0:
            raise AssertionError(f"negative fleet of {nation} at {place}")
        if fleet.ships == 0:
            if fleet.cargo:
                raise AssertionError(f"cargo without ships of {nation} at {place}")
            del here[nation]
        if not here:
            del table[place]

    # ------------------------------------------------------------------ copying
    def clone(self) -> GreatWarState:
        """A copy sharing nothing mutable (the board's fields through the board's one
        copy; the sealed orders and the last report are replaced whole, never changed
        in place, so they are shared)."""
        return self.copy_with(
            conquered=set(self.conquered),
            docked={p: {n: f.copy() for n, f in per.items()} for p, per in self.docked.items()},
            hulls=dict(self.hulls),
            at_sea={s: {n: f.copy() for n, f in per.items()} for s, per in self.at_sea.items()},
            nations={n: r.copy() for n, r in self.nations.items()},
            relations=dict(self.relations),
            grants=set(self.grants),
            leaders={k: x.copy() for k, x in self.leaders.items()},
            general_pile=list(self.general_pile),
            admiral_pile=list(self.admiral_pile),
            orders=list(self.orders),
            winners=list(self.winners),
        )

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GreatWarState:
        """The state from its JSON form (or the nation-keyed form saved before the state
        stood on the board).

        :raises StateError: naming the first bad field.
        """
        return cls(**read_fields(data))

    def to_json(self) -> dict[str, Any]:
        """The board's JSON form (its units in the map's order, nations sorted, so equal
        positions write equal JSON), then the Great War's own fields."""
        m = self.map
        order = [p.id for p in m.provinces]
        seas = [s.id for s in m.seas]
        shared = self.board_json()
        if self.units:
            shared["units"] = {
                p: dict(sorted(self.units[p].items())) for p in order if p in self.units
            }
        return {
            "ruleset": self.ruleset,
            **shared,
            "options": self.options.to_json(),
            "turn": self.turn,
            "phase": self.phase.value,
            "conquered": [p for p in order if p in self.conquered],
            "docked": {
                p: {n: f.to_json() for n, f in sorted(self.docked[p].items())}
                for p in order
                if p in self.docked
            },
            "hulls": {p: self.hulls[p] for p in order if self.hulls.get(p)},
            "at_sea": {
                s: {n: f.to_json() for n, f in sorted(self.at_sea[s].items())}
                for s in seas
                if s in self.at_sea
            },
            "nations": {n: self.nations[n].to_json() for n in self.nation_ids},
            "relations": [
                [a, b, r] for (a, b), r in sorted(self.relations.items()) if r != "peace"
            ],
            "grants": sorted([list(g) for g in self.grants]),
            "leaders": [self.leaders[k].to_json() for k in sorted(self.leaders)],
            "general_pile": list(self.general_pile),
            "admiral_pile": list(self.admiral_pile),
            "orders": [copy_json(o) for o in self.orders],
            "winners": list(self.winners),
            "last_report": copy_json(self.last_report),
        }


def total_units(state: GreatWarState) -> tuple[int, int, int]:
    """(divisions, ships, hulls) of every owner, for the accounting properties."""
    divisions = sum(state.armies.values())
    ships = 0
    for table in (state.docked, state.at_sea):
        for per in table.values():
            for fleet in per.values():
                ships += fleet.ships
                divisions += fleet.cargo
    return divisions, ships, sum(state.hulls.values())
