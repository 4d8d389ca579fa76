"""What a Capital Risk computer faction knows about the board, computed once per order.

:class:`View` gathers the facts every decision needs (own territories, placement
limits, enemy reinforcement pools, capitals, distances to the front) and the estimates
built on them (how many units an enemy will probably place on a territory, how hard a
territory can be hit).  :class:`Profile` is a level's judgement.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from engine.maps import GameMap
from engine.rulesets.capital.reinforce import game_map, limit_for, reinforcements
from engine.rulesets.capital.state import CapitalState


@dataclass(frozen=True)
class Profile:
    """A level's judgement; every field is a knob the levels set differently."""

    name: str
    min_win: float  # least conquest probability for an ordinary attack
    capital_win: float  # least conquest probability for an attack on an enemy capital
    max_origins: int  # most armies pooled into one mass invasion
    capital_risk: float  # accepted chance of losing the capital to the worst plausible attack
    enemy_place: float  # share of an enemy's possible placement expected on a territory
    keep_share: float  # share of the other enemies' strength an origin keeps at home
    second_line: bool  # leftovers go to big stacks behind the front, not spread on borders
    surge_win: float  # least probability for the surge (above 1: never surge)
    capital_value: float  # value of an enemy capital against 1 for a plain territory
    setup_capital_share: float  # share of the initial units put on the capital
    tactical: bool  # use the tactical move (to the capital or toward the front)


@dataclass
class View:
    """One faction's picture of the board at the start of its orders."""

    state: CapitalState
    seat: int
    the_map: GameMap = field(init=False)
    own: list[str] = field(init=False)
    order: dict[str, int] = field(init=False)
    _threats: dict[tuple[str, float, int | None], list[int]] = field(
        init=False, default_factory=dict, repr=False
    )

    def __post_init__(self) -> None:
        self.the_map = game_map(self.state)
        ids = self.the_map.territory_ids
        self.order = {t: i for i, t in enumerate(ids)}
        self.own = [t for t in ids if self.state.owner[t] == self.seat]

    @property
    def capital(self) -> str | None:
        cap = self.state.players[self.seat].capital
        return cap if cap is not None and self.state.owner[cap] == self.seat else None

    @cached_property
    def enemy_capitals(self) -> dict[str, int]:
        """Capitals of other factions (each worth one step toward victory) by holder."""
        out: dict[str, int] = {}
        for i, p in enumerate(self.state.players):
            if (
                i != self.seat
                and p.capital is not None
                and self.state.owner[p.capital] != self.seat
            ):
                out[p.capital] = self.state.owner[p.capital]
        return out

    @cached_property
    def pools(self) -> dict[int, int]:
        """Each living faction's reinforcements next (cards ignored: they are hidden)."""
        return {
            i: reinforcements(self.state, i) for i, p in enumerate(self.state.players) if p.alive
        }

    def neighbours(self, t: str) -> tuple[str, ...]:
        return self.the_map.neighbours(t)

    def enemies_of(self, t: str) -> list[str]:
        return [n for n in self.neighbours(t) if self.state.owner[n] != self.seat]

    def limit(self, t: str) -> int:
        """The placement limit of ``t`` for its owner this turn."""
        return limit_for(self.the_map, self.state.owner, self.state.owner[t], t)

    @cached_property
    def borders(self) -> dict[int, int]:
        """Number of enemy-facing territories of each faction."""
        counts: dict[int, int] = {}
        owner = self.state.owner
        for t in self.the_map.territory_ids:
            if any(owner[n] != owner[t] for n in self.neighbours(t)):
                counts[owner[t]] = counts.get(owner[t], 0) + 1
        return counts

    def enemy_placement(self, t: str, share: float) -> int:
        """Units the enemy owning ``t`` probably adds there: a share of what it could,
        more on a capital (every faction guards its own)."""
        if share <= 0:
            return 0
        f = self.state.owner[t]
        pool = self.pools.get(f, 0)
        most = min(self.limit(t), pool)
        guess = max(pool / max(1, self.borders.get(f, 1)), share * most)
        if self.state.players[f].capital == t:
            guess = max(guess, 0.8 * most)
        return int(min(most, round(guess)))

    def defence(self, t: str, share: float) -> int:
        """Expected defenders of enemy territory ``t`` once its owner has placed."""
        return self.state.armies[t] + self.enemy_placement(t, share)

    def threat(self, t: str, share: float, exclude: int | None = None) -> list[int]:
        """The armies enemies could send against own territory ``t`` (each adjacent
        enemy territory's units less one, plus its probable placement).  Remembered per
        view: the planner asks it for every origin of every costed attack."""
        key = (t, share, exclude)
        known = self._threats.get(key)
        if known is None:
            known = self._threats[key] = self._threat(t, share, exclude)
        return list(known)

    def _threat(self, t: str, share: float, exclude: int | None) -> list[int]:
        out = []
        for n in self.enemies_of(t):
            if self.state.owner[n] == exclude:
                continue
            units = self.state.armies[n] - 1 + self.enemy_placement(n, share)
            if units > 0:
                out.append(units)
        return out

    @cached_property
    def front_distance(self) -> dict[str, int]:
        """Steps from each territory to the nearest enemy territory."""
        return self.the_map.steps_from(t for t, o in self.state.owner.items() if o != self.seat)


def spread_evenly(placed: dict[str, int], targets: list[str], count: int) -> None:
    """Add ``count`` units to ``placed`` one at a time, round the ``targets`` in turn."""
    for i in range(count):
        target = targets[i % len(targets)]
        placed[target] = placed.get(target, 0) + 1
