"""The sealed setup of the Capital Risk levels: where the capital goes, and the
initial placement (which has no placement limit, so it is the one chance to build
stacks anywhere).

Seed: "Think carefully where to place your capitol, you will need to defend it in order
to win the game."  A good capital has few enemy-facing borders, sits inside a compact
group of own territories (whose size is also its future placement limit) and lies in a
continent the faction can hope to hold.
"""

from __future__ import annotations

from engine.rulesets.capital.ai.view import Profile, View, spread_evenly
from engine.rulesets.capital.orders import SubmitSetup
from engine.rulesets.capital.setup import setup_pool

STACKS = 2  # big attack stacks built at setup besides the capital ("larger is better")


def capital_score(view: View, t: str) -> float:
    """How defensible ``t`` is as a capital (higher is better)."""
    owner, seat = view.state.owner, view.seat
    near = view.neighbours(t)
    own_near = sum(1 for n in near if owner[n] == seat)
    exposed = len(near) - own_near
    ring = {m for n in near for m in view.neighbours(n)} | set(near)
    ring.discard(t)
    ring_share = sum(1 for r in ring if owner[r] == seat) / max(1, len(ring))
    continent = view.the_map.continent_of(t)
    held = sum(1 for c in continent.territories if owner[c] == seat)
    # Small continents are the ones a faction can hold; their share counts more.
    cont_share = held / len(continent.territories) * (1.0 + 4.0 / len(continent.territories))
    return 2.0 * own_near - 3.0 * exposed + 4.0 * ring_share + 2.0 * cont_share


def choose_capital(view: View) -> str:
    """The own territory with the best :func:`capital_score` (ties: map order)."""
    return max(view.own, key=lambda t: (capital_score(view, t), -view.order[t]))


def stage_score(view: View, t: str) -> float:
    """How good ``t`` is as an attack base: many enemy neighbours to strike at, and many
    own neighbours (a high placement limit to keep the stack growing)."""
    owner, seat = view.state.owner, view.seat
    enemies = sum(1 for n in view.neighbours(t) if owner[n] != seat)
    friends = len(view.neighbours(t)) - enemies
    return 1.5 * min(enemies, 3) + friends if enemies else -1.0


def attack_bases(view: View, capital: str) -> list[str]:
    """The own territories besides ``capital`` worth building a stack on, best first
    (:func:`stage_score`; ties: map order)."""
    return sorted(
        (t for t in view.own if t != capital and stage_score(view, t) > 0),
        key=lambda t: (-stage_score(view, t), view.order[t]),
    )


def placed_setup(view: View, capital: str, guard: float, bases: list[str]) -> SubmitSetup:
    """``capital`` with ``guard`` of the setup units on it, the rest spread round
    ``bases`` in turn (on the capital when there are none)."""
    pool = setup_pool(view.state, view.seat)
    placed: dict[str, int] = {}
    on_capital = round(pool * guard)
    if on_capital:
        placed[capital] = on_capital
    spread_evenly(placed, bases or [capital], pool - on_capital)
    ordered = tuple((t, placed[t]) for t in view.own if placed.get(t))
    return SubmitSetup(view.seat, capital, ordered)


def setup_order(view: View, profile: Profile) -> SubmitSetup:
    """Capital plus initial placement: a strong capital, then a few big stacks on the
    best attack bases (or, for a level without second lines, units spread round the
    borders)."""
    capital = choose_capital(view)
    bases = attack_bases(view, capital)
    if profile.second_line:
        bases = bases[:STACKS]
    return placed_setup(view, capital, profile.setup_capital_share, bases)
