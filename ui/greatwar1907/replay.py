"""A resolved phase as frames on the map (pure), for the shell's replay controls
(``ui.shell.replay.Replay`` over ``len(frames)`` positions).

The engine resolves a phase in one step: ``apply`` returns a ``resolved`` event (the
report it wrote is the new state's ``last_report``), an ``accounts`` event (every unit
made or destroyed) and, at the end of the game, a ``winner`` event. So the frames are
the report's lines in the order things happened -- diplomacy, trades, builds and
placements, moves, fleet battles, attacks, awards -- between a first frame (the
position before the orders) and a last one (the position after, with what the phase
made and cost).

Each frame is drawn on a *display* position: the position before, with every place a
line has named so far showing what it holds after the phase (so Konya takes the
United Kingdom's colour at its attack and keeps it), and the relations of after from
the diplomacy on. It is for drawing only, never for the rules: a place named twice
shows its end-of-phase contents from the first line that names it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from copy import deepcopy
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine.core import Event
from engine.rulesets.greatwar1907.mapdata import scenario
from engine.rulesets.greatwar1907.state import GreatWarState
from ui.shell.board import Callout

REPLAYED = (  # report section -> (heading, the highlight class of the places a line names)
    ("diplomacy", "Diplomacy", "diplomacy"),  # the nations' land, not places
    ("trades", "Trade", "traded"),
    ("builds", "Builds and placements", "built"),
    ("moves", "Moves", "moved"),
    ("fleet_battles", "Fleet battle", "battle"),
    ("attacks", "Attack", "battle"),
    ("awards", "Awards", "award"),
)
_ROUND_TEXT = r"r{n} {a} v {d}{ties}: -{la}/-{ld}"
_ROUND = re.compile(
    _ROUND_TEXT.format(
        n=r"(?P<n>\d+)",
        a=r"(?P<a>\d+(?: \d+)*)",
        d=r"(?P<d>\d+(?: \d+)*)",
        ties=r"(?P<ties>(?:, tie \d+ v \d+)*)",
        la=r"(?P<la>\d+)",
        ld=r"(?P<ld>\d+)",
    )
)
_ANY_ROUND = re.sub(r"\(\?P<\w+>", "(?:", _ROUND.pattern)
_ROUNDS = re.compile(rf":\s*{_ANY_ROUND}(?:;\s*{_ANY_ROUND})*")  # a battle's dice


@dataclass(frozen=True)
class Frame:
    """One position of the replay: a title ("Attack 2 of 5"), the caption in plain
    words, the display position to draw, the places to highlight (id -> css class of
    ``render_board``), and for a battle its rounds, one plain sentence each."""

    title: str
    caption: str
    state: GreatWarState
    highlights: Mapping[str, str] = field(default_factory=dict)
    rounds: tuple[str, ...] = ()


def frames(
    before: GreatWarState | None, after: GreatWarState, events: Sequence[Event]
) -> list[Frame]:
    """The replay of the phase that turned ``before`` into ``after``.

    :param before: the position the orders were given in (None: every frame draws
        ``after``, with the same captions and highlights).
    :param after: the position the resolution returned (its ``last_report``).
    :param events: the events ``apply`` returned with it.
    :raises ValueError: the events hold no ``resolved`` event, or ``after`` has no report.
    """
    resolved = [e for e in events if e.get("type") == "resolved"]
    report = after.last_report
    if not resolved or report is None:
        raise ValueError("a replay needs the events and the report of a resolved phase")
    start = before if before is not None else after
    title = str(report["title"])
    out = [Frame("Before", f"{title}: the position the orders were given in.", start)]
    touched: set[str] = set()
    relations_changed = False
    for key, heading, css in REPLAYED:
        lines = [str(x) for x in report.get(key) or []]
        for number, line in enumerate(lines, start=1):
            named = places_in(line)
            touched.update(named)
            relations_changed = relations_changed or key == "diplomacy"
            marks = {p: css for p in named}
            if key == "diplomacy":  # the land of the nations whose relation changes
                marks = {p: css for n in nations_in(line) for p in start.provinces_of(n)}
            if key == "attacks":
                marks = {p: "moved" for p in named}
                provinces = [p for p in named if p in after.owner]
                if line.startswith("Attack on ") and provinces:
                    target = provinces[0]  # "Attack on <target>: <nation> from <origins>"
                    conquered = start.owner_of(target) != after.owner_of(target)
                    marks[target] = "conquered" if conquered else "battle"
            shown = start if before is None else _display(start, after, touched, relations_changed)
            out.append(
                Frame(
                    f"{heading} {number} of {len(lines)}",
                    _caption(line),
                    shown,
                    marks,
                    _rounds(line, key),
                )
            )
    out.append(Frame("After", _summary(start, after, events), after, _changes(start, after)))
    return out


@cache
def _place_pattern() -> tuple[re.Pattern[str], re.Pattern[str], dict[str, str]]:
    """A pattern of every province and district name (longest first), one of every
    nation and leader name (blanked out first: "United Kingdom of Great Britain and
    Ireland" does not name Ireland), and name -> id."""
    m = scenario()
    ids = {m.name_of(p.id): p.id for p in m.provinces}
    ids.update({s.name: s.id for s in m.seas})
    people = [n.name for n in m.nations] + [c.name for c in m.leaders]

    def alternation(names: Sequence[str]) -> re.Pattern[str]:
        body = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
        return re.compile(rf"(?<!\w)(?:{body})(?!\w)")

    return alternation(list(ids)), alternation(people), ids


@cache
def _nation_pattern() -> tuple[re.Pattern[str], dict[str, str]]:
    m = scenario()
    names = {n.name: n.id for n in m.nations}
    body = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{body})(?!\w)"), names


def nations_in(line: str) -> list[str]:
    """The nations a report line names, in the order it names them."""
    pattern, ids = _nation_pattern()
    return list(dict.fromkeys(ids[match.group(0)] for match in pattern.finditer(line)))


def places_in(line: str) -> list[str]:
    """The provinces and districts a report line names, in the order it names them."""
    places, people, ids = _place_pattern()
    text = people.sub(lambda match: "#" * len(match.group(0)), line)
    found: list[str] = []
    for match in places.finditer(text):
        pid = ids[match.group(0)]
        if pid not in found:
            found.append(pid)
    return found


def _caption(line: str) -> str:
    """The line without its dice: "Attack on Konya: United Kingdom ... from Ankara 29 v
    Ottoman Empire 3: United Kingdom ... takes it with 19 (+1 VP)"."""
    text = _ROUNDS.sub("", line)
    text = text.replace(": no defenders =>", ": no defenders;").replace(" => holds", ": it holds")
    return text.replace(" => ", ": ").rstrip(".") + "."


def _rounds(line: str, key: str) -> tuple[str, ...]:
    first, second = (
        ("the attacker", "the defender") if key == "attacks" else ("the first", "the second")
    )
    out = []
    for r in _ROUND.finditer(line):
        ties = r.group("ties").replace(", tie ", "; ").lstrip("; ")
        again = f" (ties rolled again: {ties})" if ties else ""
        out.append(
            f"Round {r.group('n')}: {r.group('a')} against {r.group('d')}{again}; "
            f"{first} loses {r.group('la')}, {second} {r.group('ld')}."
        )
    return tuple(out)


def _display(
    start: GreatWarState, after: GreatWarState, touched: set[str], relations: bool
) -> GreatWarState:
    """``start`` with every touched place as it is in ``after`` (see the module's
    docstring); the leaders at a touched place before or after move with it.

    A copy of ``start`` (the state's own clone, no JSON round trip), changed place by
    place."""
    m = start.map
    shown = start.clone()
    for pid in touched:
        if m.is_sea(pid):
            _copy_entry(shown.at_sea, after.at_sea, pid)
            continue
        shown.owner[pid] = after.owner[pid]
        shown.armies[pid] = after.armies[pid]
        _copy_entry(shown.units, after.units, pid)
        _copy_entry(shown.docked, after.docked, pid)
        _copy_entry(shown.hulls, after.hulls, pid)
        if pid in after.conquered:
            shown.conquered.add(pid)
        else:
            shown.conquered.discard(pid)
    for lid, leader in after.leaders.items():
        old = start.leaders.get(lid)
        if leader.place in touched or (old is not None and old.place in touched):
            shown.leaders[lid] = leader.copy()
    if relations:
        shown.relations = dict(after.relations)
        shown.grants = set(after.grants)
    return shown


def _copy_entry(mine: dict[str, Any], theirs: Mapping[str, Any], key: str) -> None:
    if key in theirs:
        mine[key] = deepcopy(theirs[key])
    else:
        mine.pop(key, None)


def _changes(start: GreatWarState, after: GreatWarState) -> dict[str, str]:
    """Provinces that changed hands (``conquered``) in the phase."""
    return {p: "conquered" for p, o in after.owner.items() if start.owner[p] != o}


def _summary(start: GreatWarState, after: GreatWarState, events: Sequence[Event]) -> str:
    """The last frame's caption: who took what, what each nation made and lost (the
    ``accounts`` event), and the winner."""
    m = after.map
    parts = []
    gains: dict[str, list[str]] = {}
    for p in _changes(start, after):
        gains.setdefault(after.owner_of(p), []).append(m.name_of(p))
    for nation, names in gains.items():
        parts.append(f"{m.name_of(nation)} took {', '.join(names)}")
    totals: dict[tuple[str, str], int] = {}
    for event in events:
        if event.get("type") == "accounts":
            for nation, kind, change, _rule in event.get("tallies", []):
                totals[(nation, kind)] = totals.get((nation, kind), 0) + int(change)
    for nation in after.nation_ids:
        counts = [
            f"{n:+d} {kind}" for (who, kind), n in sorted(totals.items()) if who == nation and n
        ]
        if counts:
            parts.append(f"{m.name_of(nation)} {', '.join(counts)}")
    for event in events:
        if event.get("type") == "winner":
            names = [m.name_of(n) for n in event.get("nations", [])]
            parts.append(
                f"Game over: {' and '.join(names)} {'wins' if len(names) == 1 else 'share the win'}"
            )
    body = "; ".join(parts) if parts else "nothing changed hands"
    return f"After the phase: {body}."


def frame_callouts(frame: Frame) -> list[Callout]:
    """A battle of the replay in a callout at the province fought for (issue 28): taken
    or held, and in how many rounds."""

    fought = [p for p, css in frame.highlights.items() if css in ("conquered", "battle")]
    if not fought or not frame.rounds:
        return []
    place = fought[0]
    verdict = "Taken" if frame.highlights[place] == "conquered" else "Held"
    rounds = len(frame.rounds)
    lines = (f"⚔ {verdict}", f"{rounds} round{'s' if rounds != 1 else ''}")
    return [Callout(place, lines, taken=verdict == "Taken")]
