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
from engine.rulesets.greatwar1907.wording import bundle, written
from ui.greatwar1907.drafts import Draft, name, nation_of, pp
from ui.greatwar1907.purse import build_cost, diplomacy_cost, network_lines
from ui.shell.board import OrderArrow


def describe_trade(state: GreatWarState, t: Mapping[str, Any]) -> str:
    text = f"you give {bundle(state.map, t.get('give'))}, you get {bundle(state.map, t.get('get'))}"
    if t.get("pay_from"):
        text += f"; paid by the network of {name(state, t['pay_from'])}"
    if t.get("receive_at"):
        text += f"; credited to the network of {name(state, t['receive_at'])}"
    return text + " (only if they order the same)"


def describe(
    state: GreatWarState, section: str, part: Mapping[str, Any], nation: str | None = None
) -> str:
    """One order of the review list, as the player would say it: the engine's sentence
    for the order as written (the report's Offenses quote the same one), plus what it
    costs (with ``nation``, a diplomacy change says its cost)."""
    text = written(state.map, section, part)
    if section == "builds":
        return f"{text} ({pp(build_cost(part))})"
    if section == "passage":
        return f"{text} (from next phase)"
    if section == "drop_ally":
        return f"Drop the alliance with {name(state, part['nation'])} (no cost)"
    if section == "pay_first":
        return f"Diplomacy costs paid first by the network of {name(state, part['province'])}"
    if section == "trades":
        return f"{text} (only if they order the same)"
    if section == "diplomacy":
        if nation is None or (state.relation(nation, part["with"]), part["to"]) not in CHANGES:
            return text
        cost = diplomacy_cost(state, nation, str(part["with"]), str(part["to"]))
        return f"{text} ({pp(cost)})" if cost else f"{text} (if they order it too)"
    return text


def unanswered(state: GreatWarState, other: str) -> str | None:
    """Why an offer to ``other`` (trade, peace, alliance) cannot be answered this phase:
    an idle nation writes nothing (None: a player or the computer may answer it)."""
    if state.players[state.seat_of(other)].kind == "idle":
        return f"nobody plays {name(state, other)}, so nobody answers it"
    return None


def computer_answer(state: GreatWarState, other: str) -> str | None:
    """How a computer nation answers an offer (None: ``other`` is not the computer's).
    The words hold whether or not the computer ever accepts: it decides as the phase
    resolves, never while you write."""
    if state.players[state.seat_of(other)].kind != "computer":
        return None
    return (
        f"{name(state, other)} is played by the computer, which answers offers when the "
        "phase resolves (it may refuse)"
    )


def computer_trade_answer(state: GreatWarState, other: str, asks_land: bool = False) -> str | None:
    """How a computer nation answers a trade (None: ``other`` is not the computer's).
    Orders are sealed, so it reads an offer only once the phase has resolved, and answers
    at the next Deployment phase with the matching trade when the bundle is worth it to
    it; it never gives one of its own provinces away (``asks_land``: this bundle does)."""
    if state.players[state.seat_of(other)].kind != "computer":
        return None
    who = name(state, other)
    if asks_land:
        return (
            f"{who} is played by the computer, which never gives away a province of its "
            "own: it will refuse this trade. Ask for pp only"
        )
    return (
        f"{who} is played by the computer, which reads your offer when this phase resolves "
        "and answers at the next Deployment phase (it may refuse): offer the same trade "
        "again then, and it happens if it agrees"
    )


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
                    else "happens only if the computer accepts it when the phase resolves"
                    if computer_answer(state, d["with"])
                    else f"happens only if {name(state, d['with'])} orders it too"
                )
            )
    for t in draft.parts.get("trades", []):
        why = unanswered(state, t["with"])
        asks_land = bool((t.get("get") or {}).get("provinces"))
        computer = computer_trade_answer(state, t["with"], asks_land)
        out.append(
            f"The trade with {name(state, t['with'])} "
            + (
                f"will not happen: {why}"
                if why
                else "will not happen: the computer never gives away a province of its own"
                if computer and asks_land
                else "happens only if the computer accepts it: it answers at the next "
                "Deployment phase, when you offer it again"
                if computer
                else "needs their mirror offer"
            )
        )
    return out


ARROW_SECTIONS = ("moves", "sail", "attacks", "strikes", "embark", "disembark")
"""The sections whose orders go from one place to another: drawn on the map."""


def order_arrows(state: GreatWarState, viewer: int | None, draft: Any) -> list[OrderArrow]:
    """The viewer's orders of this phase that go somewhere, as arrows on the map (issue
    28): each carries its remove button's attributes (``gw-remove``, its section and
    index), so that a tap on the arrow removes the order as that button does."""
    from ui.greatwar1907 import drafts

    if viewer is None:
        return []
    mine = state.nation_ids[viewer]
    found = []
    for section in drafts.sections(state):
        if section not in ARROW_SECTIONS:
            continue
        for i, part in enumerate(draft.parts.get(section, [])):
            origin = part.get("from")
            path = part.get("path") or ()
            target = part.get("target") or (path[-1] if path else None)
            if origin is None or target is None:
                continue
            count = part.get("ships") if section == "sail" else part.get("divisions")
            shown = "all" if count is None else str(count)
            text = describe(state, section, part, mine)
            data = (("section", section), ("index", str(i)))
            kind = "attack" if section in ("attacks", "strikes") else "move"
            found.append(OrderArrow(str(origin), str(target), shown, text, "gw-remove", data, kind))
    return found
