"""The Great War's warnings before a probable mistake (issues 27 and 29, "Warnings
before mistakes"), pure: each check returns the sentence to ask (the shell's dialog,
:mod:`ui.shell.warnings`, offers "Go on anyway" and "Go back") or None."""

from __future__ import annotations

from engine.rulesets.greatwar1907.state import GreatWarState
from ui.greatwar1907 import entry
from ui.greatwar1907.drafts import Draft, name, pp


def unspent_lost(lost_quarters: int) -> str | None:
    """Sealing Deployment orders that leave allowance unspent (``lost_quarters``, as the
    panel counts it: 0 when unspent pp are banked): "19.5 pp will be lost: seal anyway?"."""
    if lost_quarters <= 0:
        return None
    return (
        f"{pp(lost_quarters)} will be lost: seal anyway? Allowance left unspent at the end "
        "of this phase is gone for good."
    )


def conquest_exposed(state: GreatWarState, nation: str, draft: Draft, origin: str) -> str | None:
    """Writing a move or attack out of ``origin`` (``draft`` holds it already): the warning
    when ``origin`` is a province the nation took (R61's conquered flag) and the orders
    leave it with at most 1 division (R62 keeps one unless a general lifts it) beside a
    province of a nation at war with it holding more divisions; None otherwise."""
    if origin not in state.conquered or not state.owns(nation, origin):
        return None
    left = entry.standing_after(state, nation, draft, origin)
    if state.needs_garrison(origin, nation):
        left = max(left, 1)
    if left > 1:
        return None
    enemies = []
    for n in state.map.neighbours(origin):
        owner = state.owner_of(n)
        if state.at_war(nation, owner) and state.divisions(n, owner) > left:
            enemies.append((state.divisions(n, owner), n, owner))
    if not enemies:
        return None
    strongest, where, owner = max(enemies, key=lambda e: e[0])
    units = "division" if left == 1 else "divisions"
    theirs = "division" if strongest == 1 else "divisions"
    return (
        f"This leaves {name(state, origin)}, which you took, with {left} {units} beside "
        f"{strongest} enemy {theirs} in {name(state, where)} ({state.map.nation(owner).name}):"
        " it could be taken back."
    )
