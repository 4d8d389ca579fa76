"""The review list of a Great War 1907 draft in the player's words (pure): each order as
a sentence, and what the resolver would cut or drop, said before sealing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rulesets.greatwar1907.options import (
    CHANGES,
    ONE_SIDED,
)
from engine.rulesets.greatwar1907.state import GreatWarState
from ui.greatwar1907.drafts import Draft, name, nation_of, pp
from ui.greatwar1907.purse import build_cost, diplomacy_cost, network_lines


def describe_trade(state: GreatWarState, t: Mapping[str, Any]) -> str:
    def bundle(b: Mapping[str, Any]) -> str:
        parts = [name(state, p) for p in b.get("provinces", [])]
        if b.get("pp"):
            parts.append(f"{float(b['pp']):g} pp")
        return " + ".join(parts) or "nothing"

    text = f"you give {bundle(t['give'])}, you get {bundle(t['get'])}"
    if t.get("pay_from"):
        text += f"; paid by the network of {name(state, t['pay_from'])}"
    if t.get("receive_at"):
        text += f"; credited to the network of {name(state, t['receive_at'])}"
    return text + " (only if they order the same)"


def describe(
    state: GreatWarState, section: str, part: Mapping[str, Any], nation: str | None = None
) -> str:
    """One order of the review list, as the player would say it (with ``nation``, a
    diplomacy change says its cost)."""

    def count(value: Any, unit: str = "") -> str:
        return "all" + unit if value is None else f"{value}{unit}"

    def with_leaders(text: str) -> str:
        if part.get("leaders"):
            return text + " with " + ", ".join(state.map.leader(x).name for x in part["leaders"])
        return text

    if section == "builds":
        bits = [f"{n} {w}" for n, w in ((part["divisions"], "div"), (part["ships"], "ships")) if n]
        return (
            f"Build {', '.join(bits)} in {name(state, part['province'])} ({pp(build_cost(part))})"
        )
    if section == "moves":
        return with_leaders(
            f"Move {count(part['divisions'])} {name(state, part['from'])} → "
            + " → ".join(name(state, p) for p in part["path"])
        )
    if section == "embark":
        return f"Embark {count(part['divisions'])} in {name(state, part['province'])}"
    if section == "disembark":
        return f"Disembark {count(part['divisions'])} in {name(state, part['province'])}"
    if section == "sail":
        aboard = "" if part.get("divisions") is None else f" carrying {part['divisions']} div"
        return with_leaders(
            f"Sail {count(part['ships'], ' ships')}{aboard} {name(state, part['from'])} → "
            + " → ".join(name(state, p) for p in part["path"])
        )
    if section == "passage":
        verb = "Grant passage to" if part["grant"] else "Revoke the passage of"
        return f"{verb} {name(state, part['nation'])} (from next phase)"
    if section == "drop_ally":
        return f"Drop the alliance with {name(state, part['nation'])} (no cost)"
    if section == "pay_first":
        return f"Diplomacy costs paid first by the network of {name(state, part['province'])}"
    if section == "place":
        return f"Place {state.map.leader(part['leader']).name} at {name(state, part['at'])}"
    if section == "trades":
        return f"Trade with {name(state, part['with'])}: {describe_trade(state, part)}"
    if section == "diplomacy":
        text = f"{str(part['to']).capitalize()} with {name(state, part['with'])}"
        if nation is None or (state.relation(nation, part["with"]), part["to"]) not in CHANGES:
            return text
        cost = diplomacy_cost(state, nation, str(part["with"]), str(part["to"]))
        return f"{text} ({pp(cost)})" if cost else f"{text} (if they order it too)"
    if section == "attacks":
        return with_leaders(
            f"Attack {name(state, part['target'])} from {name(state, part['from'])} "
            f"with {count(part['divisions'])}"
        )
    if section == "strikes":
        ships_in = part.get("ships_in")
        port = "" if ships_in is None else f", {ships_in} ships into port if taken"
        return with_leaders(
            f"Strike {name(state, part['target'])} from {name(state, part['from'])} "
            f"with {count(part['divisions'])}{port}"
        )
    return f"{section}: {dict(part)}"


def unanswered(state: GreatWarState, other: str) -> str | None:
    """Why an offer to ``other`` (trade, peace, alliance) will not be answered this
    phase: a computer never accepts one, an idle nation writes nothing (None: a human
    may answer it)."""
    kind = state.players[state.seat_of(other)].kind
    if kind == "computer":
        return f"{name(state, other)} is played by the computer, and computers never accept offers"
    if kind == "idle":
        return f"nobody plays {name(state, other)}, so nobody answers it"
    return None


def warnings(state: GreatWarState, seat: int, draft: Draft) -> list[str]:
    """What the resolver would cut or drop, said before sealing."""
    out = []
    for line in network_lines(state, seat, draft):
        if line.left < 0:
            out.append(
                f"A network spends {pp(line.spent)} of {pp(line.allowance)}: builds will be cut"
            )
    nation = nation_of(state, seat)
    for d in draft.parts.get("diplomacy", []):
        rule = CHANGES.get((state.relation(nation, d["with"]), d["to"]))
        if rule is not None and rule[0] != ONE_SIDED:
            why = unanswered(state, d["with"])
            out.append(
                f"{str(d['to']).capitalize()} with {name(state, d['with'])} "
                + (
                    f"will not happen: {why}"
                    if why
                    else f"happens only if {name(state, d['with'])} orders it too"
                )
            )
    for t in draft.parts.get("trades", []):
        why = unanswered(state, t["with"])
        out.append(
            f"The trade with {name(state, t['with'])} "
            + (f"will not happen: {why}" if why else "needs their mirror offer")
        )
    return out
