"""What happened in the last Capital Risk turn (:mod:`engine.summary`), read from the
turn's report (kept as ``last_report``): territories that changed hands between the
placements and the end of the turn, capitals taken, factions out, the winner."""

from __future__ import annotations

from typing import Any

from engine.maps import load_map
from engine.rulesets.capital.state import CapitalState
from engine.summary import Fact, Happened, Kind


def _owners(positions: list[dict[str, Any]]) -> dict[str, int]:
    return {t: row["faction"] for row in positions for t, _ in row["territories"]}


def happened(state: CapitalState) -> Happened:
    """The last resolution's headline facts (none before the first one).  Placements
    never change owners, so the report's Reinforcement positions are the turn's start."""
    report = state.last_report
    names = tuple(p.name for p in state.players)
    if report is None:
        return Happened("", names, ())
    the_map = load_map(report["map"])
    start = _owners(report["reinforcement"])
    end = _owners(report["final"])
    taken: dict[tuple[int, int], list[str]] = {}
    for territory in the_map.territory_ids:  # map order, as the report lists them
        before, after = start.get(territory), end.get(territory)
        if before is not None and after is not None and before != after:
            taken.setdefault((after, before), []).append(the_map.name_of(territory))
    facts = [
        Fact(Kind.TOOK, target=loser, actor=taker, places=tuple(places))
        for (taker, loser), places in taken.items()
    ]
    for seat, player in enumerate(state.players):
        capital = player.capital
        if capital is None:
            continue
        before, after = start.get(capital), end.get(capital)
        if before is not None and after is not None and before != after and after != seat:
            facts.append(
                Fact(Kind.CAPITAL, target=seat, actor=after, places=(the_map.name_of(capital),))
            )
    held_before, held_after = set(start.values()), set(end.values())
    facts += [Fact(Kind.OUT, target=s) for s in sorted(held_before - held_after)]
    winners = (state.winner,) if state.winner is not None else ()
    return Happened(str(report["title"]), names, tuple(facts), winners)
