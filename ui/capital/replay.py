"""The step-by-step replay of a resolution on the map (pure).

Steps follow the report: Reinforcement (positions after placements), each battle in
the order fought with its rolls, Resolved (after all battles), Final (after the
tactical moves).  Each step carries a full board layout (owner and units per
territory) and the arrows to draw, so the page only renders what it is given.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.maps import load_map
from engine.rulesets.capital.report import _KIND_TITLES
from ui.shell.board import Callout


@dataclass(frozen=True)
class Step:
    title: str
    text: str
    owner: dict[str, int]
    armies: dict[str, int]
    arrows: tuple[tuple[str, str], ...] = ()
    rounds: tuple[str, ...] = field(default=())
    focus: str | None = None


def layout(rows: list[dict[str, Any]]) -> tuple[dict[str, int], dict[str, int]]:
    """Owner and units per territory from a report section's positions."""
    owner: dict[str, int] = {}
    armies: dict[str, int] = {}
    for row in rows:
        for territory, n in row["territories"]:
            owner[territory] = int(row["faction"])
            armies[territory] = int(n)
    return owner, armies


def battle_title(battle: dict[str, Any], place: Callable[[str], str]) -> str:
    kind = _KIND_TITLES[battle["kind"]]
    if battle["surge"]:
        kind = f"Surge ({kind.lower()})"
    return f"{kind} at {place(battle['target'])}"


def battle_rounds(battle: dict[str, Any], names: list[str]) -> tuple[str, ...]:
    """One line per round, written for people: "Ada rolls 11 on a yellow die (10 + 1)
    and loses 1" — the faction's name, then the die's colour (which comes from its unit
    count), so a name is never read as a colour."""
    sides = battle["sides"]
    lines = []
    for number, r in enumerate(battle["rounds"], start=1):
        parts = []
        for side, roll, loss in zip(sides, r["rolls"], r["losses"], strict=False):
            name = names[side["faction"]]
            if roll is None:
                parts.append(f"{name} does not roll")
                continue
            colour, face, total = str(roll[0]).lower(), int(roll[1]), int(roll[2])
            sum_text = f" ({face} + {total - face})" if total != face else ""
            lost = f"loses {loss}" if loss else "loses nothing"
            parts.append(f"{name} rolls {total} on a {colour} die{sum_text} and {lost}")
        lines.append(f"Round {number}: " + "; ".join(parts) + ".")
    return tuple(lines)


def battle_outcome(battle: dict[str, Any], names: list[str]) -> str:
    result = battle["result"]
    if battle["kind"] == "border-clash":
        return "Survivors go on: " + "/".join(str(n) for n in result["survivors"])
    if result.get("spoils"):
        return "The territory is emptied: spoils of war after the invasions"
    if result.get("conquered"):
        return f"{names[result['owner']]} takes it with {result['units']}"
    return f"{names[result['owner']]} holds with {result['units']}"


def replay_steps(report: dict[str, Any]) -> list[Step]:
    """The replay of ``report``: Reinforcement, every battle, Resolved, Final."""
    the_map = load_map(report["map"])
    place = the_map.name_of
    names = list(report["factions"])
    owner, armies = layout(report["reinforcement"])
    steps = [Step("Reinforcement", "Every faction's placements", dict(owner), dict(armies))]
    battles = [*report["attacks"], *report.get("surges", [])]
    for number, battle in enumerate(battles, start=1):
        target = battle["target"]
        arrows = tuple(
            (s["territory"], target) for s in battle["sides"] if s["territory"] != target
        )
        result = battle["result"]
        if "owner" in result and "units" in result and not result.get("spoils"):
            owner[target] = int(result["owner"])
            armies[target] = int(result["units"])
        sides = " v ".join(
            f"{names[s['faction']]} {place(s['territory'])} ({s['units']})" for s in battle["sides"]
        )
        steps.append(
            Step(
                f"Battle {number} of {len(battles)}: {battle_title(battle, place)}",
                f"{sides} — {battle_outcome(battle, names)}",
                dict(owner),
                dict(armies),
                arrows,
                battle_rounds(battle, names),
                target,
            )
        )
    owner, armies = layout(report["resolved"])
    steps.append(Step("Resolved", "Positions after all battles", owner, armies))
    owner, armies = layout(report["final"])
    steps.append(Step("Final", "Positions after the tactical moves", owner, armies))
    return steps


def step_callouts(step: Step) -> list[Callout]:
    """A battle of the replay in a callout at its territory (issue 28): how it ended and
    in how many rounds."""

    if step.focus is None or not step.rounds:
        return []
    outcome = step.text.rsplit(" — ", 1)[-1]
    rounds = len(step.rounds)
    lines = (outcome, f"{rounds} round{'s' if rounds != 1 else ''}")
    return [Callout(step.focus, lines, taken=" takes it " in f" {outcome} ")]
