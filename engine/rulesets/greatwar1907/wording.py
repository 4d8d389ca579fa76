"""Orders in the player's words: one sentence per order part, written from the part's
JSON form (the form a submission is written in, spec §3.2), with the map's names.

The report's Offenses quote an order with it (spec §6: "the order as written") and the
page's review list shows the same sentence, so a player finds in the report the very
order they wrote.  A null count is written "all" (R7).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rulesets.greatwar1907.mapdata import ScenarioMap
from engine.rulesets.greatwar1907.orders import SubmitAttack, SubmitDeployment

ATTACK_ONLY = ("strikes", "attacks")


def part_json(section: str, part: object) -> dict[str, Any]:
    """The JSON form of one order part (a ``Move``, ``Sail``, ``Trade`` ...) of a
    submission's ``section``, exactly as the submission writes it."""
    kind = SubmitAttack if section in ATTACK_ONLY else SubmitDeployment
    data: dict[str, Any] = kind(0, "", **{section: (part,)}).to_json()  # type: ignore[arg-type]
    written_part: dict[str, Any] = data[section][0]
    return written_part


def quote(m: ScenarioMap, section: str, part: object) -> str:
    """One parsed order part as the player wrote it (the Offenses' quote, §6)."""
    return written(m, section, part_json(section, part))


def leader_name(m: ScenarioMap, lid: str) -> str:
    try:
        return m.leader(lid).name
    except KeyError:
        return lid


def ships(number: int) -> str:
    """ "1 ship", "0 ships", "3 ships": a count of ships as players write it."""
    return f"{number} ship" if number == 1 else f"{number} ships"


def divisions(number: int) -> str:
    """ "1 division", "4 divisions" (the report's own lists write "div")."""
    return f"{number} division" if number == 1 else f"{number} divisions"


def count(value: Any, unit: str = "") -> str:
    """A count as written: a number, or "all" for null (R7)."""
    return "all" + unit if value is None else f"{value}{unit}"


def bundle(m: ScenarioMap, b: Mapping[str, Any] | None) -> str:
    """One side of a trade: its provinces and pp, or "nothing"."""
    b = b or {}
    parts = [m.name_of(p) for p in b.get("provinces", [])]
    if b.get("pp"):
        parts.append(f"{float(b['pp']):g} pp")
    return " + ".join(parts) or "nothing"


def drop_text(m: ScenarioMap, nation: str) -> str:
    """The forced-drop choice (R85) as written."""
    return f"Drop the alliance with {m.name_of(nation)}"


_REASONS = {
    "armies-on-border": "{other}'s armies on its border",
    "room-to-grow": "its only room to grow is {other}'s land",
    "cannot-win": "the war with {other} cannot be won now",
    "no-front": "no front with {other} to fight on",
    "common-enemy": "an enemy in common with {other}",
    "weak-neighbour": "{other} is weak and next door",
}


def reason_text(m: ScenarioMap, reason: str, other: str) -> str:
    """A nation's reason for a change of relation with ``other``, for the report ("" for
    none)."""
    template = _REASONS.get(reason)
    return "" if template is None else template.format(other=m.name_of(other))


def written(m: ScenarioMap, section: str, part: Mapping[str, Any]) -> str:
    """One order part of ``section``, in its JSON form, as a sentence."""

    def path() -> str:
        return " → ".join(m.name_of(x) for x in (part["from"], *part.get("path", [])))

    def going_with(text: str, joint: str = " with ") -> str:
        names = [leader_name(m, x) for x in part.get("leaders") or []]
        return text + joint + ", ".join(names) if names else text

    if section == "diplomacy":
        return f"{str(part['to']).capitalize()} with {m.name_of(part['with'])}"
    if section == "passage":
        other = m.name_of(part["nation"])
        return f"Grant passage to {other}" if part.get("grant") else f"Revoke passage of {other}"
    if section == "trades":
        text = (
            f"Trade with {m.name_of(part['with'])}: you give {bundle(m, part.get('give'))}, "
            f"you get {bundle(m, part.get('get'))}"
        )
        if part.get("pay_from"):
            text += f"; paid by the network of {m.name_of(part['pay_from'])}"
        if part.get("receive_at"):
            text += f"; credited to the network of {m.name_of(part['receive_at'])}"
        return text
    if section == "builds":
        bits = [f"{n} {w}" for n, w in ((part["divisions"], "div"), (part["ships"], "ships")) if n]
        return f"Build {', '.join(bits) or 'nothing'} in {m.name_of(part['province'])}"
    if section == "place":
        return f"Place {leader_name(m, part['leader'])} at {m.name_of(part['at'])}"
    if section == "embark":
        return f"Embark {count(part.get('divisions'))} in {m.name_of(part['province'])}"
    if section == "disembark":
        return f"Disembark {count(part.get('divisions'))} in {m.name_of(part['province'])}"
    if section == "moves":
        return going_with(f"Move {count(part.get('divisions'))} {path()}")
    if section == "sail":
        cargo = part.get("divisions")
        carrying = "" if cargo is None else f" carrying {cargo} div"
        fleet = "all ships" if part.get("ships") is None else ships(part["ships"])
        return going_with(f"Sail {fleet}{carrying} {path()}")
    if section == "attacks":
        return going_with(
            f"Attack {m.name_of(part['target'])} from {m.name_of(part['from'])} "
            f"with {count(part.get('divisions'))}",
            ", led by ",
        )
    if section == "strikes":
        ships_in = part.get("ships_in")
        going_in = "" if ships_in is None else f", {ships(ships_in)} into port if taken"
        return going_with(
            f"Strike {m.name_of(part['target'])} from {m.name_of(part['from'])} "
            f"with {count(part.get('divisions'))}{going_in}",
            ", led by ",
        )
    return f"{section}: {dict(part)}"
