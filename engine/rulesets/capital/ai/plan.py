"""Placements and attacks of the Capital Risk levels, planned together.

The seed's advice shapes the plan:

* "Lines of defence and counterattacks are king": the capital's defence is reserved
  first, sized so that the worst plausible attack on it (every adjacent enemy army
  plus its probable placement, as one mass invasion) succeeds with at most the level's
  accepted risk.
* "Offense is always stronger" / "More is generally better": every enemy territory in
  reach is costed as a (mass) invasion from up to ``max_origins`` own territories, with
  the fewest extra placements that lift its exact conquest probability above the
  level's threshold; the best value per cost is committed, then the next.
* "Larger is generally better": extra units go to the origin that can take the most
  (its placement limit), so one stack grows and rolls a better colour; leftovers build
  big stacks where the limit allows (territories behind the front with many own
  neighbours) instead of being spread one by one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.rulesets.capital.ai.odds import defenders_needed, mass
from engine.rulesets.capital.ai.race import Race, capital_of, faction_threat, race_value
from engine.rulesets.capital.ai.view import Profile, View
from engine.rulesets.capital.orders import Attack
from engine.rulesets.capital.reinforce import reinforcements

EXTRA_COST = 0.04  # value of one reinforcement spent on an attack, against 1 per territory
ORIGIN_COST = 0.15  # value of keeping one more origin out of a mass invasion


@dataclass(frozen=True)
class LevelProfile(Profile):
    """A :class:`Profile` with the judgement only some levels have."""

    race: bool = False  # value capitals by the capital race (see capital_race)
    threat_by_faction: bool = False  # size the capital guard against the likeliest attack
    crowd_from: int = 99  # living factions from which the crowd thresholds apply
    crowd_min_win: float = 1.0  # min_win in a crowded game (third parties profit from losses)
    crowd_capital_win: float = 1.0  # capital_win in a crowded game
    crowd_capital_risk: float = -1.0  # capital_risk in a crowded game (below 0: unchanged)
    throng_from: int = 99  # living factions from which the throng thresholds replace the crowd's
    throng_min_win: float = 1.0  # min_win among a throng (four factions or more, say)
    throng_capital_win: float = 1.0  # capital_win among a throng
    throng_capital_risk: float = -1.0  # capital_risk among a throng (below 0: unchanged)
    foresight_upto: int = 0  # most living factions at which the enemy's orders are read
    clash_weight: float = 1.0  # share of a clashing enemy army added to the defence
    foresight_capital_win: float = 1.0  # capital_win when foresight reads the capital's guard
    guard_read: bool = False  # with a read of the enemy's orders, guard against what it sends
    leader_weight: float = 0.0  # extra worth of a territory of the leading rival (by income)


def leading_rival(view: View) -> int | None:
    """The rival with the most reinforcements next turn, when it gets more than ours."""
    state = view.state
    incomes = {f: reinforcements(state, f) for f, p in enumerate(state.players) if p.alive}
    mine = incomes.pop(view.seat, 0)
    if not incomes:
        return None
    leader = max(sorted(incomes), key=incomes.__getitem__)
    return leader if incomes[leader] > mine else None


@dataclass
class Candidate:
    """One costed attack: origins with their units and the placements it needs."""

    target: str
    origins: list[tuple[str, int]]
    extra: dict[str, int]
    win: float
    score: float


@dataclass
class Planner:
    """Placements, attacks and reserves of one faction's orders, built step by step."""

    view: View
    profile: LevelProfile
    pool: int
    bonus: dict[str, int]
    room: dict[str, int] = field(init=False)
    race: Race = field(init=False)
    placed: dict[str, int] = field(default_factory=dict)
    keep: dict[str, int] = field(default_factory=dict)
    attacks: list[Attack] = field(default_factory=list)
    used: set[str] = field(default_factory=set)
    won: dict[str, tuple[float, int]] = field(default_factory=dict)  # target: (p, units)
    expected: dict[str, int] = field(default_factory=dict)  # foresight: enemy stayers
    clashes: dict[tuple[str, str], int] = field(default_factory=dict)  # foresight
    leader: int | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        # Card bonuses take their share of the placement limit first (RULINGS §2).
        self.room = {t: self.view.limit(t) - self.bonus.get(t, 0) for t in self.view.own}
        self.race = Race.of(self.view)
        if self.profile.leader_weight:
            self.leader = leading_rival(self.view)

    def after(self, t: str) -> int:
        """Units on own ``t`` once the planned placements (and card bonuses) are in."""
        return self.view.state.armies[t] + self.placed.get(t, 0) + self.bonus.get(t, 0)

    def put(self, t: str, n: int) -> int:
        """Place up to ``n`` on ``t`` within its limit and the pool; return the number."""
        n = max(0, min(n, self.room[t], self.pool))
        if n:
            self.placed[t] = self.placed.get(t, 0) + n
            self.room[t] -= n
            self.pool -= n
        return n

    # -- the capital -----------------------------------------------------------

    def guard_capital(self) -> None:
        """Reserve (and place) what the capital needs against its worst plausible attack."""
        cap = self.view.capital
        if cap is None:
            return
        share = max(self.profile.enemy_place, 0.3)
        if self.profile.guard_read and self.expected:
            threat = [n for (_, t), n in self.clashes.items() if t == cap]
        elif self.profile.threat_by_faction:
            threat = faction_threat(self.view, cap, share)
        else:
            threat = self.view.threat(cap, share)
        need = defenders_needed(threat, self.profile.capital_risk) if threat else 1
        self.keep[cap] = max(need, 1)
        self.put(cap, need - self.after(cap))

    # -- attacks -----------------------------------------------------------------

    def spare(self, origin: str, foe: int) -> int:
        """Units ``origin`` can send against faction ``foe`` while keeping its reserve:
        the capital's guard, or a share of what the *other* enemies next to it hold."""
        if origin in self.keep:
            return self.after(origin) - self.keep[origin]
        if not self.profile.keep_share:  # every level keeps nothing back: skip the count
            return self.after(origin) - 1
        others = sum(self.view.threat(origin, self.profile.enemy_place, exclude=foe))
        return self.after(origin) - 1 - int(self.profile.keep_share * others)

    def value(self, target: str) -> float:
        """Worth of conquering ``target``: a territory, more for a capital or a continent
        completed (ours) or broken (theirs)."""
        view = self.view
        worth = 1.0
        if self.leader is not None and view.state.owner[target] == self.leader:
            worth += self.profile.leader_weight
        if self.profile.race:
            worth += race_value(view, self.race, target, self.profile.capital_value)
        elif target in view.enemy_capitals:
            worth += self.profile.capital_value
        continent = view.the_map.continent_of(target)
        owner = view.state.owner
        others = [c for c in continent.territories if c != target]
        if all(owner[c] == view.seat for c in others):
            worth += continent.bonus
        elif all(owner[c] == owner[target] for c in others):
            worth += 0.5 * continent.bonus
        return worth

    def is_capital(self, target: str) -> bool:
        """Whether ``target`` is a capital this level goes for at its capital odds."""
        if self.profile.race:
            return capital_of(self.view, target) is not None
        return target in self.view.enemy_capitals

    def _extra_for(self, origins: list[str], x: int) -> dict[str, int]:
        """``x`` extra units put on the origins in order, each up to its room."""
        extra: dict[str, int] = {}
        for o in origins:
            n = min(x, self.room[o])
            if n:
                extra[o] = n
                x -= n
        return extra

    def _armies(self, origins: list[str], extra: dict[str, int], foe: int) -> list[int]:
        return [self.spare(o, foe) + extra.get(o, 0) for o in origins]

    def cost(self, target: str, origins: list[str], threshold: float) -> Candidate | None:
        """The cheapest way for ``origins`` to reach ``threshold`` against ``target``."""
        foe = self.view.state.owner[target]
        defence = self.expected.get(target, self.view.defence(target, self.profile.enemy_place))
        clash = sum(self.clashes.get((target, o), 0) for o in origins)
        defence += int(self.profile.clash_weight * clash)
        most = min(self.pool, sum(self.room[o] for o in origins))

        def odds(x: int) -> float:
            armies = self._armies(origins, self._extra_for(origins, x), foe)
            if any(a < 1 for a in armies):
                return 0.0
            return mass(armies, defence)

        if odds(most) < threshold:
            return None
        lo, hi = 0, most  # smallest x with odds(x) >= threshold lies in [lo, hi]
        while lo < hi:
            mid = (lo + hi) // 2
            if odds(mid) >= threshold:
                hi = mid
            else:
                lo = mid + 1
        extra = self._extra_for(origins, lo)
        armies = self._armies(origins, extra, foe)
        win = mass(armies, defence)
        # Each further origin is one army less for other attacks and one more territory
        # left with a single unit: pool only when the odds truly need it.
        score = self.value(target) * win - EXTRA_COST * lo - ORIGIN_COST * (len(origins) - 1)
        return Candidate(target, list(zip(origins, armies, strict=True)), extra, win, score)

    def best_attack(self, pooled: int) -> Candidate | None:
        """The best-scoring affordable attack on any enemy territory in reach."""
        view = self.view
        targets = sorted(
            {e for t in view.own if t not in self.used for e in view.enemies_of(t)} - set(self.won),
            key=view.order.__getitem__,
        )
        best: Candidate | None = None
        for target in targets:
            foe = view.state.owner[target]
            threshold = (
                self.profile.capital_win if self.is_capital(target) else self.profile.min_win
            )
            origins = [
                o
                for o in view.neighbours(target)
                if view.state.owner[o] == view.seat
                and o not in self.used
                and self.spare(o, foe) + min(self.room[o], self.pool) >= 1
            ]
            origins.sort(key=lambda o: (-(self.spare(o, foe) + self.room[o]), view.order[o]))
            for k in range(1, min(pooled, len(origins)) + 1):
                found = self.cost(target, origins[:k], threshold)
                if found is not None and (best is None or found.score > best.score):
                    best = found
        return best

    def plan_attacks(self) -> None:
        """Commit the best attack, then the next, while any is worth making: first
        single invasions (each origin free for its own target), then mass invasions
        pooling the origins left against what no single army could take."""
        for pooled in sorted({1, self.profile.max_origins}):
            while True:
                found = self.best_attack(pooled)
                if found is None or found.score <= 0:
                    break
                for o, n in found.extra.items():
                    self.put(o, n)
                for o, n in found.origins:
                    self.attacks.append(Attack(o, found.target, n))
                    self.used.add(o)
                self.won[found.target] = (found.win, sum(n for _, n in found.origins))

    # -- the rest of the reinforcements ----------------------------------------

    def place_rest(self) -> None:
        """Leftovers: first one at a time onto the borders where the visible threat
        exceeds the defence; then, for a level with second lines, big stacks on the
        front territories whose limit allows them (the next turn's attack bases and
        counterattack reserves), else on round the borders."""
        view = self.view
        borders = [t for t in view.own if view.enemies_of(t)] or list(view.own)
        need = {
            t: sum(self.view.threat(t, self.profile.enemy_place)) - self.after(t) for t in borders
        }
        if self.profile.second_line:
            self._spread(borders, need, floor=0)
            dist = view.front_distance

            def stack_score(t: str) -> tuple[float, int]:
                near_capital = any(n in view.enemy_capitals for n in view.neighbours(t))
                front = 2.0 if dist[t] == 1 else 0.5 if dist[t] == 2 else 0.0
                return (self.room[t] * front + 4.0 * near_capital, -view.order[t])

            for t in sorted((t for t in view.own if self.room[t] > 0), key=stack_score)[::-1]:
                self.put(t, self.pool)
            return
        self._spread(borders, need, floor=None)

    def _spread(self, borders: list[str], need: dict[str, int], floor: int | None) -> None:
        """One unit at a time to the border with the greatest unmet threat, while that
        exceeds ``floor`` (None: until the pool or every limit runs out)."""
        view = self.view
        while self.pool > 0:
            open_ = [t for t in borders if self.room[t] > 0]
            if not open_:
                if floor is not None:
                    return
                open_ = [t for t in view.own if self.room[t] > 0]
                if not open_:
                    return
            t = max(open_, key=lambda t: (need.get(t, -99), -view.order[t]))
            if floor is not None and need.get(t, -99) <= floor:
                return
            self.put(t, 1)
            need[t] = need.get(t, -99) - 1
