"""Small Great War 1907 positions for rule cases: the starting map plus changes, orders
as JSON, scripted dice and chances, and the offenses of the last resolution."""

from __future__ import annotations

import functools
from typing import Any

from engine.core import PlayerSpec
from engine.position import option_value
from engine.rulesets.greatwar1907 import GreatWarRuleset
from engine.rulesets.greatwar1907.orders import parse_order
from engine.rulesets.greatwar1907.setup import new_game
from engine.rulesets.greatwar1907.state import Fleet, GreatWarState, Phase, pair
from engine.rulesets.greatwar1907.turn import check_submission, resolve_phase
from tests.position_cases import over, written_lines

RULESET = GreatWarRuleset()
NATIONS = ("russia", "germany", "france", "uk", "austria_hungary", "ottoman", "spain", "italy")


def start(turn: int = 1, phase: str = "deployment", **options: Any) -> GreatWarState:
    """The starting position with every seat human (nobody acts unless told)."""
    return position(f"turn {turn}\nphase {phase}", **options)


def position(text: str = "", **options: Any) -> GreatWarState:
    """The 1907 start (every seat human, seats named by their nation's id) with the lines
    of ``text``, a position text (docs/rules-greatwar1907.md, "Position text"), written
    over it: a province, sea, ``nation``, ``seat``, ``leader``, ``orders``, ``turn`` or
    ``phase`` line takes the place of the start's line for the same thing (``bel neutral
    3``: Belgium Neutral with 3 divisions and nothing else there; ``nth germany=5/6
    uk=2``: every fleet in the North Sea), a ``relation`` line the start's relation of
    the pair (``relation germany russia peace``).  ``options`` are written as ``option``
    lines."""
    return RULESET.from_position_text(start_text(text, **options))


def start_text(text: str = "", **options: Any) -> str:
    """The position text :func:`position` reads (the same arguments)."""
    written = written_lines(text)
    written += [f"option {name} {option_value(value)}" for name, value in options.items()]
    return over(_start_text(), written)


@functools.cache
def _start_text() -> str:
    return RULESET.position_text(new_game([PlayerSpec(n, "human") for n in NATIONS], {}, "rules"))


def order(state: GreatWarState, nation: str, **parts: Any) -> None:
    """Submit ``nation``'s orders for the phase (checked as a submission is)."""
    kind = "submit-deployment" if state.phase is Phase.DEPLOYMENT else "submit-attack"
    data = {"kind": kind, "faction": NATIONS.index(nation), "nation": nation, **parts}
    parsed = parse_order(data)
    check_submission(state, parsed)  # type: ignore[arg-type]
    state.orders[NATIONS.index(nation)] = parsed.to_json()


def resolve(
    state: GreatWarState,
    dice: list[int] | None = None,
    chances: list[int | bool] | None = None,
    *,
    draws: list[object] | None = None,
) -> None:
    """Resolve the phase in place (silent seats get empty orders) with the given dice
    and draws (the dice hook of engine/rng.py: a draw they do not cover fails with
    ``dice/too-few``): ``chances`` are chance rolls (numbers below 1000, or true/false),
    ``draws`` any draws (chances and leaders drawn from a pile by id) in the order the
    rules make them.  Leftovers are allowed here, as these cases give whole rounds of
    dice by the handful; ``Ruleset.apply(..., dice=...)`` refuses them."""
    if dice is not None or chances is not None or draws is not None:
        state.rng = state.rng.with_script(dice or [], [*(chances or []), *(draws or [])])
        resolve_phase(state, force=True)
        state.rng = state.rng.without_script()
    else:
        resolve_phase(state, force=True)


def offenses(state: GreatWarState, nation: str | None = None) -> list[str]:
    report = state.last_report or {}
    return [
        o["code"] for o in report.get("offenses", []) if nation is None or o["nation"] == nation
    ]


def pp(state: GreatWarState, section: str = "production") -> list[str]:
    return list((state.last_report or {}).get(section, []))


def production_line(state: GreatWarState, nation: str) -> str:
    """The Production line of one nation in the last Deployment report."""
    name = state.map.name_of(nation)
    for line in pp(state):
        if line.startswith(f"{name}:"):
            return line
    raise AssertionError(f"no production line for {nation}")


# ------------------------------------------------ changes to a state the page's tests make
# (a state already played to some point, for the report, replay and summary pages); a
# rule case writes its position with :func:`position` instead.


def set_relation(state: GreatWarState, a: str, b: str, status: str) -> None:
    if status == "peace":
        state.relations.pop(pair(a, b), None)
    else:
        state.relations[pair(a, b)] = status


def put_fleet(state: GreatWarState, nation: str, sea: str, ships: int = 1, cargo: int = 0) -> None:
    state.at_sea.setdefault(sea, {})[nation] = Fleet(ships, cargo)


def give(state: GreatWarState, province: str, owner: str, divisions: int | None = None) -> None:
    """``owner`` holds ``province``, with ``divisions`` there alone when given."""
    state.set_owner(province, owner)
    if divisions is not None:
        for nation, count in list(state.divisions_at(province).items()):
            state.add_divisions(province, nation, -count)
        state.add_divisions(province, owner, divisions)
