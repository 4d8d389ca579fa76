"""The Capital Risk turn report in plain sentences, for the page: each battle with the
attacker first ("Ann attacked Ontario from Quebec with 2 against Bob's 1: rolled white 4
against white 12; Ann lost 1. Bob holds Ontario."), the positions after the battles and
at the end of the turn (once when the tactical moves changed nothing), next turn's
reinforcements, comments and offenses.

The forum exports keep the moderator's format (:mod:`engine.rulesets.capital.report`);
this reads the same report data.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.maps import load_map
from engine.summary import Section

Place = Callable[[str], str]


def _roll(roll: list[Any]) -> str:
    """A die as the player reads it: its colour and total ("white 4", "red 9")."""
    return f"{str(roll[0]).lower()} {roll[2]}"


def _losses(names: list[str], factions: list[int], losses: list[int]) -> str:
    lost = [f"{names[f]} lost {n}" for f, n in zip(factions, losses, strict=True) if n]
    return ", ".join(lost) if lost else "nobody lost a unit"


def battle_sentence(b: dict[str, Any], names: list[str], place: Place) -> str:
    """One battle of the report, the attacker named first."""
    kind, sides, rounds, result = b["kind"], b["sides"], b["rounds"], b["result"]
    target = place(b["target"])
    factions = [s["faction"] for s in sides]
    if kind == "border-clash":
        a, d = sides
        head = (
            f"{names[a['faction']]} attacked {place(d['territory'])} from"
            f" {place(a['territory'])} with {a['units']} while {names[d['faction']]} attacked"
            f" the other way with {d['units']}; the two forces met on the border"
        )
        steps = [
            f"rolled {_roll(r['rolls'][0])} against {_roll(r['rolls'][1])};"
            f" {_losses(names, factions, r['losses'])}"
            for r in rounds
        ]
        left = [
            f"{names[s['faction']]} goes on with {n}"
            if n
            else f"{names[s['faction']]} has none left"
            for s, n in zip(sides, result["survivors"], strict=True)
        ]
        prefix = "Surge: " if b["surge"] else ""
        return f"{prefix}{head}: {'; then '.join(steps)}. {_capital(', '.join(left))}."
    if kind == "spoils-of-war":
        fighters = _listed([f"{names[s['faction']]} with {s['units']}" for s in sides])
        head = f"{fighters} fought for the emptied {target}"
        steps = [
            "rolled "
            + ", ".join(
                f"{names[f]} {_roll(r)}" for f, r in zip(factions, r_["rolls"], strict=True) if r
            )
            + f"; {_losses(names, factions, r_['losses'])}"
            for r_ in rounds
        ]
    else:
        defence, attackers = sides[0], sides[1:]
        who = _listed(
            [
                f"{names[s['faction']]} attacked {target} from {place(s['territory'])}"
                f" with {s['units']}"
                for s in attackers
            ]
        )
        head = f"{who} against {names[defence['faction']]}'s {defence['units']}"
        steps = []
        for r in rounds:
            defender_roll, attack_rolls = r["rolls"][0], r["rolls"][1:]
            several = len(attackers) > 1  # then each die is named by its thrower
            thrown = ", ".join(
                f"{names[s['faction']]} {_roll(x)}" if several else _roll(x)
                for s, x in zip(attackers, attack_rolls, strict=True)
                if x is not None
            )
            steps.append(
                f"rolled {thrown} against"
                f" {names[defence['faction']] + ' ' if several else ''}{_roll(defender_roll)};"
                f" {_losses(names, factions, r['losses'])}"
            )
    prefix = "Surge: " if b["surge"] else ""
    return f"{prefix}{head}: {'; then '.join(steps)}. {_outcome(result, names, target)}"


def _outcome(result: dict[str, Any], names: list[str], target: str) -> str:
    if result.get("spoils"):
        return f"{target} is emptied; the attackers left in it fight for it after the invasions."
    if result.get("conquered"):
        return f"{names[result['owner']]} takes {target} with {result['units']}."
    return f"{names[result['owner']]} holds {target} with {result['units']}."


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _listed(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _positions(rows: list[dict[str, Any]], names: list[str], place: Place) -> tuple[str, ...]:
    return tuple(
        f"{names[row['faction']]}: " + ", ".join(f"{place(t)} {n}" for t, n in row["territories"])
        for row in rows
        if row["territories"]
    )


def sections(report: dict[str, Any]) -> list[Section]:
    """The report's sections in plain words; empty ones left out."""
    names = list(report["factions"])
    place = load_map(report["map"]).name_of
    out = [
        Section("Battles", tuple(battle_sentence(b, names, place) for b in report["attacks"])),
        Section(
            "Surge attacks",
            tuple(battle_sentence(b, names, place) for b in report.get("surges", [])),
        ),
    ]
    resolved = _positions(report["resolved"], names, place)
    final = _positions(report["final"], names, place)
    if resolved == final:
        out.append(Section("After the battles and moves", final))
    else:
        out.append(Section("After the battles", resolved))
        out.append(Section("After the tactical moves", final))
    out.append(
        Section(
            "Reinforcements next turn",
            tuple(f"{names[r['faction']]}: {r['units']}" for r in report["reinforcements"]),
        )
    )
    out.append(Section("Comments", tuple(str(c) for c in report["comments"])))
    out.append(
        Section(
            "Orders the rules changed",
            tuple(f"{names[o['faction']]}: {o['message']}" for o in report["offenses"]),
        )
    )
    return [s for s in out if s.lines]
