"""The update of each resolution, as the seed lists it: Reinforcement, Attacks, Resolved,
Final, Reinforcements, Offenses, Comments, Deadline — with "Surge attacks" after
"Attacks" (RULINGS §2: the seed's Attacks section leaves them out).

:func:`positions` and the turn resolver build the report as JSON data (kept in the state
as ``last_report``); :func:`render` turns it into plain text, BBCode or Markdown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.maps import load_map
from engine.markup import escape_markup
from engine.rulesets.capital.state import CapitalState

SECTIONS = (
    ("reinforcement", "Reinforcement"),
    ("attacks", "Attacks"),
    ("surges", "Surge attacks"),
    ("resolved", "Resolved"),
    ("final", "Final"),
    ("reinforcements", "Reinforcements"),
    ("offenses", "Offenses"),
    ("comments", "Comments"),
    ("deadline", "Deadline"),
)
FORMATS = ("text", "bbcode", "markdown")

_KIND_TITLES = {
    "border-clash": "Border clash",
    "mass-invasion": "Mass invasion",
    "invasion": "Invasion",
    "spoils-of-war": "Spoils of war",
}


def positions(state: CapitalState) -> list[dict[str, Any]]:
    """Each faction's territories and units, in map order."""
    return [
        {"faction": i, "territories": [[t, state.armies[t]] for t in state.territories_of(i)]}
        for i in range(len(state.players))
    ]


def new_report(state: CapitalState, title: str) -> dict[str, Any]:
    """An empty report for ``state``'s map and factions, every section present."""
    return {
        "title": title,
        "turn": state.turn,
        "map": state.map_id,
        "factions": [p.name for p in state.players],
        "reinforcement": [],
        "attacks": [],
        "surges": [],
        "resolved": [],
        "final": [],
        "reinforcements": [],
        "offenses": [],
        "comments": [],
        "deadline": state.options.deadline,
    }


def report_text(state: CapitalState, fmt: str = "text") -> str:
    """The last resolution's update, ready to print (empty before the first one)."""
    if state.last_report is None:
        return ""
    return render(state.last_report, fmt)


def render(report: dict[str, Any], fmt: str = "text") -> str:
    """The report as plain text, BBCode or Markdown.

    :raises ValueError: for an unknown format.
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown report format {fmt!r}; known: {', '.join(FORMATS)}")
    report = _escaped(report, fmt)
    heading: Callable[[str], str] = {
        "text": lambda s: f"== {s} ==",
        "bbcode": lambda s: f"[b][u]{s}[/u][/b]",
        "markdown": lambda s: f"## {s}",
    }[fmt]
    bold: Callable[[str], str] = {
        "text": lambda s: s,
        "bbcode": lambda s: f"[b]{s}[/b]",
        "markdown": lambda s: f"**{s}**",
    }[fmt]
    bullet = "* " if fmt == "bbcode" else "- "
    the_map = load_map(report["map"])
    names = report["factions"]
    lines = [bold(report["title"]) if fmt != "markdown" else f"# {report['title']}", ""]
    for key, title in SECTIONS:
        lines.append(heading(title))
        body = _section(key, report, names, the_map.name_of, bold)
        lines += [bullet + b if key not in ("deadline",) else b for b in body] or ["(none)"]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _escaped(report: dict[str, Any], fmt: str) -> dict[str, Any]:
    """A copy of ``report`` whose user strings (names, deadline, comments and offence
    messages, which quote names) are escaped for ``fmt``."""
    if fmt == "text":
        return report

    def esc(text: Any) -> str:
        return escape_markup(str(text), fmt)

    out = dict(report)
    out["title"] = esc(report["title"])
    out["factions"] = [esc(n) for n in report["factions"]]
    out["deadline"] = esc(report["deadline"]) if report["deadline"] else ""
    out["comments"] = [esc(c) for c in report["comments"]]
    out["offenses"] = [
        dict(o, message=esc(o["message"]), code=esc(o["code"])) for o in report["offenses"]
    ]
    return out


def _section(
    key: str,
    report: dict[str, Any],
    names: list[str],
    place: Callable[[str], str],
    bold: Callable[[str], str],
) -> list[str]:
    value = report.get(key, [])  # reports saved before "surges" existed lack it
    if key in ("reinforcement", "resolved", "final"):
        return [
            f"{bold(names[row['faction']])}: "
            + ", ".join(f"{place(t)} {n}" for t, n in row["territories"])
            for row in value
            if row["territories"]
        ]
    if key in ("attacks", "surges"):
        return [_battle(b, names, place) for b in value]
    if key == "reinforcements":
        return [f"{names[row['faction']]}: {row['units']}" for row in value]
    if key == "offenses":
        return [f"{names[o['faction']]}: {o['message']} [{o['code']}]" for o in value]
    if key == "comments":
        return list(value)
    return [value] if value else []


def _battle(b: dict[str, Any], names: list[str], place: Callable[[str], str]) -> str:
    kind = _KIND_TITLES[b["kind"]]
    if b["surge"]:
        kind = f"Surge ({kind.lower()})"
    sides = [f"{names[s['faction']]} {place(s['territory'])} ({s['units']})" for s in b["sides"]]
    rounds = []
    for number, r in enumerate(b["rounds"], start=1):
        rolls = "/".join("-" if x is None else f"{x[0]} {x[2]}" for x in r["rolls"])
        losses = "/".join(str(n) for n in r["losses"])
        rounds.append(f"r{number} {rolls} -{losses}")
    result = b["result"]
    if b["kind"] == "border-clash":
        outcome = "survivors " + "/".join(str(n) for n in result["survivors"])
    elif result.get("spoils"):
        outcome = "emptied; spoils of war after the invasions"
    elif result.get("conquered"):
        outcome = f"{names[result['owner']]} takes it with {result['units']}"
    else:
        outcome = f"{names[result['owner']]} holds with {result['units']}"
    return f"{kind} at {place(b['target'])}: {' v '.join(sides)}: {'; '.join(rounds)} => {outcome}"
