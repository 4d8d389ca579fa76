"""Position judgement shared by the Classic computer levels.

A :class:`View` is built once per decision: who owns what, which continents are
worth taking, where the enemy stands.  The level modules turn it into orders; the
level's :class:`Profile` sets how much each consideration weighs, so the levels differ
in judgement rather than in code paths.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from engine import odds
from engine.maps import GameMap, load_map
from engine.rulesets.classic.missions import MISSIONS
from engine.rulesets.classic.state import ClassicState

# A territory's worth in armies: it counts towards reinforcements and is one more
# front to hold.  The card for a turn's first conquest is worth about one set's share.
TERRITORY_WORTH = 1.0
CARD_WORTH = 3.0
HQ_WORTH = 30.0  # an enemy headquarters is most of the way to winning the short game
STRANDED = 1.0  # cost of armies moved into a neutral pocket away from every front
ODDS_CAP = 40  # odds beyond this many armies are as good as certain; keeps the DP small


@dataclass(frozen=True)
class Profile:
    """How one computer level judges: thresholds and weights, no code."""

    name: str
    min_win: float  # least conquest probability to start an attack
    continue_win: float  # least conquest probability to keep on with a battle
    continent_weight: float  # worth of continent progress, per bonus army
    break_weight: float  # worth of breaking an enemy's continent, per bonus army
    threat_weight: float  # how many armies an enemy army next door calls for
    reserve: float  # share of the threat an attacking origin keeps behind
    move_reserve: float  # share of the threat an origin keeps when moving in after a conquest
    spread: int  # territories reinforcements are spread over (1 = consolidate)
    card_timing: bool  # hold rising sets until forced, worth it, or a push needs them
    neutral_weight: float  # worth of a neutral territory that opens nothing
    reroll_gain: float  # least expected army swing to spend the attack advantage
    kill_weight: float  # worth of a rival's lost army against one of ours (two players: 1)
    guard: bool  # reinforce borders whose loss would hurt before planning attacks
    supply_smart: bool  # route free moves along supply lines to the most threatened border
    exposure: float = 0.0  # weight of the worth an attack leaves open to the enemy's reply
    stage_win: float = 0.3  # least plan chance, with the reinforcements, to stage them for it
    plans: tuple[str, ...] = ()  # turn plans made: "hunt", "push", "break" (classic_plan)
    push_rivals: tuple[int, ...] = (1, 2, 3)  # rivals left (3: three or more) to push against
    free_moves: bool = True  # make the turn's free move (Easy leaves its armies where they stand)


@dataclass(frozen=True)
class MapInfo:
    """Static facts about a map the judgement needs often (cached per map)."""

    game_map: GameMap
    neighbours: dict[str, tuple[str, ...]]
    continent: dict[str, str]
    members: dict[str, tuple[str, ...]]
    bonus: dict[str, int]
    borders: dict[str, int]  # continent -> territories with a link leaving it


@cache
def map_info(map_id: str) -> MapInfo:
    the_map = load_map(map_id)
    neighbours = {t: the_map.neighbours(t) for t in the_map.territory_ids}
    continent = {t: the_map.territories[t].continent for t in the_map.territory_ids}
    members = {c.id: c.territories for c in the_map.continents.values()}
    borders = {
        cid: sum(1 for t in ts if any(continent[n] != cid for n in neighbours[t]))
        for cid, ts in members.items()
    }
    bonus = {c.id: c.bonus for c in the_map.continents.values()}
    return MapInfo(the_map, neighbours, continent, members, bonus, borders)


@lru_cache(maxsize=8192)
def win_chance(attackers: int, defenders: int, advantage: bool = False) -> float:
    """Conquest probability, cached: the same (a, d) pairs come up all game."""
    if attackers <= 0:
        return 0.0
    if defenders <= 0:
        return 1.0
    if attackers > ODDS_CAP or defenders > ODDS_CAP:
        # Scale both down: odds depend mostly on the ratio at this size.
        scale = max(attackers, defenders) / ODDS_CAP
        attackers = max(1, round(attackers / scale))
        defenders = max(1, round(defenders / scale))
    return odds.win_probability(attackers, defenders, advantage=advantage)


class View:
    """One seat's reading of a position, built once per decision."""

    def __init__(self, state: ClassicState, seat: int, profile: Profile) -> None:
        self.state = state
        self.seat = seat
        self.profile = profile
        self.info = info = map_info(state.map_id)
        self.neutral = state.neutral
        owner, armies = state.owner, state.armies
        self.own = sorted(t for t, o in owner.items() if o == seat)
        self.own_set = set(self.own)
        # Enemies are the seats that can attack; neutral never does (manual p.15).
        self.enemy_of = {t: o for t, o in owner.items() if o != seat and o != self.neutral}
        self.advantage = state.options.computer_advantage
        self.mission = None if (m := state.players[seat].mission) is None else MISSIONS[m]
        self.hq = state.players[seat].headquarters
        self.enemy_hqs = {
            p.headquarters
            for s, p in enumerate(state.players)
            if s != seat and p.headquarters is not None
        }
        self.rivals = len(state.rivals_of(seat))
        self.counts: dict[int, int] = {}
        for o in owner.values():
            self.counts[o] = self.counts.get(o, 0) + 1
        self.mine_in: dict[str, int] = {}
        self.held: dict[str, int] = {}  # continent -> seat holding all of it
        for cid, ts in info.members.items():
            self.mine_in[cid] = sum(1 for t in ts if owner[t] == seat)
            first = owner[ts[0]]
            if all(owner[t] == first for t in ts):
                self.held[cid] = first
        self.danger = {t: self._danger(t) for t in self.own}
        self.want = {cid: self._continent_want(cid) for cid in info.members}
        del armies

    # ------------------------------------------------------------ threats

    def _danger(self, territory: str, besides: str = "") -> float:
        """Armies that could strike ``territory`` (leaving out ``besides``): the strongest
        neighbour in full, the others in part (they strike one at a time)."""
        hits = sorted(
            (
                self.state.armies[n] - 1
                for n in self.info.neighbours[territory]
                if n in self.enemy_of and n != besides
            ),
            reverse=True,
        )
        if not hits:
            return 0.0
        return hits[0] + 0.4 * sum(hits[1:])

    def is_front(self, territory: str) -> bool:
        return any(n in self.enemy_of for n in self.info.neighbours[territory])

    def importance(self, territory: str) -> float:
        """How much losing ``territory`` would hurt beyond the territory itself."""
        weight = 1.0
        cid = self.info.continent[territory]
        if self.held.get(cid) == self.seat:
            weight += self.info.bonus[cid] * self.profile.continent_weight
        elif self.want[cid] > 0:
            weight += self.want[cid] * 0.5
        if territory == self.hq:
            weight += HQ_WORTH
        return weight

    def deficit(self, territory: str) -> float:
        """Armies ``territory`` lacks to face its danger."""
        need = self.danger[territory] * self.profile.threat_weight
        if territory == self.hq:
            need = need * 1.5 + 2
        return need - self.state.armies[territory]

    # ------------------------------------------------------------ continents and targets

    def _continent_want(self, cid: str) -> float:
        """Worth of progress in ``cid``, per territory: bonus over what stands in the way."""
        info, state = self.info, self.state
        members = info.members[cid]
        missing = len(members) - self.mine_in[cid]
        if missing == 0:
            return 0.0
        foes = sum(state.armies[t] for t in members if state.owner[t] != self.seat)
        bonus = info.bonus[cid] * self.mission_factor(cid)
        # Few borders make a continent cheap to keep; many defenders make it dear to take.
        ease = (self.mine_in[cid] + 1) / (len(members) + info.borders[cid] + foes / 3)
        return self.profile.continent_weight * bonus * ease

    def mission_factor(self, cid: str) -> float:
        mission = self.mission
        if mission is not None and mission.kind == "continents":
            return 3.0 if cid in mission.continents else (1.5 if mission.plus_one else 0.7)
        return 1.0

    def target_value(self, target: str) -> float:
        """Worth, in armies, of conquering ``target`` now."""
        state, info, profile = self.state, self.info, self.profile
        owner = state.owner[target]
        cid = info.continent[target]
        value = TERRITORY_WORTH
        missing = len(info.members[cid]) - self.mine_in[cid]
        if missing == 1:
            # Completing a continent: its whole bonus, every turn we keep it.
            value += 2.0 * info.bonus[cid] * profile.continent_weight * self.mission_factor(cid)
        else:
            value += self.want[cid]
        if owner == self.neutral:
            opens = any(n in self.enemy_of for n in info.neighbours[target])
            if not opens and self.want[cid] < 1.0 and missing != 1:
                # A buffer that leads nowhere: taking it strands the armies that move in.
                value = value * profile.neutral_weight - STRANDED
        else:
            if self.held.get(cid) == owner:
                value += info.bonus[cid] * profile.break_weight
            left = self.counts.get(owner, 0)
            if left <= 3:
                # Close to eliminating them: their cards come to us.
                cards = len(state.players[owner].cards)
                value += (2.0 + 1.5 * cards) / left
            if (
                self.mission is not None
                and self.mission.kind == "destroy"
                and self.mission.seat == owner
            ):
                value += 4.0 / max(1, left - 1)
        if not state.conquered:
            value += CARD_WORTH
        if target in self.enemy_hqs:
            value += HQ_WORTH
        elif any(n in self.enemy_hqs for n in info.neighbours[target]):
            value += 2.0
        if self.mission is not None and self.mission.kind == "territories":
            value += 1.0
        return value

    def keep_back(self, origin: str, target: str) -> int:
        """Armies an attacking ``origin`` keeps for its own defence against the
        neighbours other than ``target`` (which the attack removes)."""
        # Only borders whose loss would hurt (a held continent, the headquarters) keep a
        # reserve: measured, holding back anywhere else only weakens the attack.
        if self.profile.reserve <= 0 or self.importance(origin) <= 2:
            return 0
        return int(self._danger(origin, target) * self.profile.reserve)

    def at_risk(self, territory: str, armies: float, besides: str = "") -> float:
        """Expected worth lost if ``territory`` holds ``armies`` against the enemy armies
        next door (leaving out ``besides``)."""
        if not besides and territory in self.danger:
            danger = self.danger[territory]
        else:
            danger = self._danger(territory, besides)
        if danger < 1:
            return 0.0
        # The enemy rolls without our computer advantage.
        taken = win_chance(int(danger), max(1, round(armies)))
        return taken * self.importance(territory)

    def chance(self, attackers: int, defenders: int) -> float:
        return win_chance(attackers, defenders, self.advantage)
