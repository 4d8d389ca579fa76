"""What happened in the last Great War 1907 phase (:mod:`engine.summary`), nation by
nation: wars declared, peace made, alliances made and ended (the report's diplomacy),
provinces taken and lost (the owners before and after), ships pushed out of port,
divisions and ships lost and allowance lost unspent (the resolution's ``accounts``
event), leaders gained, the winners.

Readers are seats; a seat's name is its nation's ("Germany declared war on you.").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engine.core import Event
from engine.rulesets.greatwar1907.state import GreatWarState, Phase
from engine.summary import Fact, Happened, Kind

_WAR = re.compile(r"^(?P<by>.+?): (?:peace|alliance) to war with (?P<on>.+), cost ")
_TREATY = re.compile(r"^(?P<pair>.+?): \w+ to (?P<to>peace|alliance)(?:\.|$)")
"""A two-sided change both nations ordered: peace after a war, or an alliance ("A and B:
war to peace"; a nation's name may hold an "and" of its own)."""
_BREAK = re.compile(
    r"^(?P<by>.+?)(?:: alliance to peace with | drops its alliance with )(?P<on>.+?)"
    r"(?:, cost | \(forced)"
)
"""An alliance ended by one of the two (ordered, or forced by a war between allies)."""
_PUSHED = re.compile(r"^(?P<who>.+?): (?P<n>\d+) ships? pushed out of (?P<port>.+) to (?P<sea>.+)$")
_LOST_SHIPS = ("R44", "R60")
"""Ships sunk in a fleet battle, or taken with their port."""
_HANDED_OVER = "R74"
"""Divisions that pass with a traded province change hands: the giver did not lose them."""


def happened(
    after: GreatWarState, before: GreatWarState | None = None, events: Sequence[Event] = ()
) -> Happened:
    """The facts of the phase that turned ``before`` into ``after`` (``after``'s
    ``last_report``).  Without ``before`` (a chain of forum saves) the provinces and
    leaders are not told; without ``events`` neither the units lost nor the pp lost."""
    report = after.last_report or {}
    names = tuple(after.map.name_of(n) for n in after.nation_ids)
    seat_by_name = {name: seat for seat, name in enumerate(names)}
    facts: list[Fact] = []
    for line in report.get("diplomacy", []):
        facts += _diplomacy(str(line), seat_by_name)
    if before is not None:
        facts += _provinces(before, after)
    facts += _ships(after, events)
    for line in report.get("moves", []):
        pushed = _PUSHED.match(str(line))
        if pushed and pushed["who"] in seat_by_name:
            facts.append(
                Fact(
                    Kind.DISPLACED,
                    seat_by_name[pushed["who"]],
                    places=(pushed["port"], pushed["sea"]),
                    amount=int(pushed["n"]),
                )
            )
    facts += _pp_lost(after, report, events)
    if before is not None:
        for leader in after.leaders.values():
            old = before.leaders.get(leader.id)
            if leader.alive and (old is None or old.nation != leader.nation):
                card = after.map.leader(leader.id)
                facts.append(Fact(Kind.LEADER, after.seat_of(leader.nation), places=(card.name,)))
    winners = tuple(after.seat_of(n) for n in after.winners)
    # "Turn 1 (1907), Deployment phase": the page already says which game it is
    title = str(report.get("title", "")).split(" – ", 1)[-1]
    return Happened(title, names, tuple(facts), winners)


def _diplomacy(line: str, seat_by_name: dict[str, int]) -> list[Fact]:
    """The war, peace or alliance a line of the report's diplomacy tells (none for a
    passage granted or a cost paid twice)."""
    found: tuple[Kind, str, str] | None = None
    if war := _WAR.match(line):
        found = (Kind.WAR, war["by"], war["on"])
    elif treaty := _TREATY.match(line):
        kind = Kind.PEACE if treaty["to"] == "peace" else Kind.ALLIANCE
        for first in seat_by_name:
            if treaty["pair"].startswith(f"{first} and "):
                second = treaty["pair"][len(first) + len(" and ") :]
                if second in seat_by_name:
                    found = (kind, first, second)
    elif broken := _BREAK.match(line):
        found = (Kind.ALLIANCE_ENDED, broken["by"], broken["on"])
    if found is None or not {found[1], found[2]} <= seat_by_name.keys():
        return []
    kind, actor, target = found
    return [Fact(kind, seat_by_name[target], seat_by_name[actor])]


def _provinces(before: GreatWarState, after: GreatWarState) -> list[Fact]:
    """Provinces whose owner changed, grouped by taker and loser (Neutral: no seat)."""
    taken: dict[tuple[int, int | None], list[str]] = {}
    for province in after.map.provinces:
        old, new = before.owner[province.id], after.owner[province.id]
        if old != new and new >= 0:
            taken.setdefault((new, old if old >= 0 else None), []).append(
                after.map.name_of(province.id)
            )
    return [
        Fact(Kind.TOOK, target=loser, actor=taker, places=tuple(places))
        for (taker, loser), places in taken.items()
    ]


def _accounts(events: Sequence[Event]) -> dict[str, Any]:
    for event in events:
        if event.get("type") == "accounts":
            return dict(event)
    return {}


def _ships(after: GreatWarState, events: Sequence[Event]) -> list[Fact]:
    """Divisions lost (in battle, drowned with their fleet, taken, disbanded: every
    destroyed division but those handed over in a trade), then ships sunk or taken."""
    divisions: dict[str, int] = {}
    ships: dict[str, int] = {}
    for nation, kind, change, rule in _accounts(events).get("tallies", []):
        if change >= 0:
            continue
        if kind == "divisions" and not str(rule).startswith(_HANDED_OVER):
            divisions[nation] = divisions.get(nation, 0) - int(change)
        elif kind == "ships" and str(rule).startswith(_LOST_SHIPS):
            ships[nation] = ships.get(nation, 0) - int(change)
    facts = [
        Fact(Kind.DIVISIONS_LOST, after.seat_of(n), amount=divisions[n])
        for n in after.nation_ids
        if divisions.get(n)
    ]
    return facts + [
        Fact(Kind.SUNK, after.seat_of(n), amount=ships[n]) for n in after.nation_ids if ships.get(n)
    ]


def _pp_lost(after: GreatWarState, report: dict[str, Any], events: Sequence[Event]) -> list[Fact]:
    """A deployment's allowance left unspent is lost, unless the game banks it."""
    if report.get("phase") != Phase.DEPLOYMENT.value or after.options.bank_unspent:
        return []
    pp = _accounts(events).get("pp", {})
    return [
        Fact(Kind.PP_LOST, after.seat_of(n), amount=int(pp[n]["left"]) / 4)
        for n in after.nation_ids
        if n in pp and int(pp[n].get("left", 0)) > 0
    ]
