"""How the computer nations negotiate: peace, alliances, passage grants and trades.

Orders are sealed (R3): a computer nation writes its orders from the position before
the phase, without seeing anyone's orders of the same phase.  So it answers offers in
the two ways the rules leave open:

- **Standing answers** for the two-sided changes (peace treaties, alliances, R79): every
  phase, a computer nation orders each change it would accept now, toward a human
  nation (in the Attack phase, no peace with a human it attacks in that phase).  A
  human who orders the same change in the same phase gets it at once (R80 matches
  them); one who does not sees the computer's order listed as unmatched, which
  tells them the computer is willing.  Toward another computer nation it orders a change
  only when that nation's own level would order it too (both are pure functions of the
  same position), so computer pairs never leave an unmatched order.
- **Next-Deployment answers** for trades (R73): a bundle must match exactly and trades
  are Deployment orders only, so a computer nation reads the unmatched trade offers of
  the previous Deployment phase (the report keeps them, ``trades.OPEN_TRADES``) and
  orders the matching bundle at the next Deployment phase when it is worth it; the
  offering nation orders it again to close the deal.
- Passage (R17) is one-sided: a computer nation grants passage to a nation at peace
  that grants it passage (an offer it returns), or that shares an enemy with it
  (``standard``'s own offer), unless that nation is at war with one of its allies or
  masses armies on its border; it revokes a grant when those reasons end.

Alliances and grants are ordered only in the Attack phase, where no computer declares
war or breaks an alliance, so R86 and R17 cannot be upset by another computer's
one-sided change; each nation takes at most one new ally per phase.  A computer nation
breaks an alliance in the Deployment phase only, with a reason the report prints
(``armies-on-border``: the ally is the stronger and its armies outnumber its own on their
border two to one;
``room-to-grow``: nothing else to take and the ally is weak next door).

``easy`` is forgiving: it accepts peace from any human at war with it, allies with a
human against a common enemy even when that human's armies are on its border, returns
every passage grant of a human at peace, takes a trade worth three quarters of what it
gives, and never breaks an alliance.  Between computers it keeps to itself, as before.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.errors import EngineError
from engine.rulesets.greatwar1907.diplomacy import units_in_land_of
from engine.rulesets.greatwar1907.economy import Allowances
from engine.rulesets.greatwar1907.options import CHANGES, DIVISION_COST
from engine.rulesets.greatwar1907.orders import (
    Diplomacy,
    Passage,
    SubmitDeployment,
    Trade,
    parse_order,
)
from engine.rulesets.greatwar1907.state import GreatWarState, Phase
from engine.rulesets.greatwar1907.supply import has_route
from engine.rulesets.greatwar1907.trades import OPEN_TRADES

EASY, STANDARD = "easy", "standard"
NEGOTIATING = (EASY, STANDARD)
NEGOTIATES_AS = {"expert": STANDARD}
"""Levels that negotiate as another does: ``expert`` answers and offers as ``standard``
(so every computer nation can tell what an Expert nation would order)."""
MASSED = 6  # an ally's divisions on the border that count as a threat (with 2:1)
PROVINCE_TURNS = 4  # a province is worth this many turns of its production in a trade
MAX_ALLIES = 2  # a nation seeks no new ally beyond this many


@dataclass
class View:
    """One position read once for every negotiation question: the provinces of each
    nation and the armies each nation stands next to (or inside) another's land."""

    state: GreatWarState
    owned: dict[str, list[str]] = field(default_factory=dict)
    levels: dict[str, str] = field(default_factory=dict)
    _borders: dict[tuple[str, str], int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        nations = self.state.nation_ids
        self.levels = {
            seat.nation: NEGOTIATES_AS.get(seat.control, seat.control)
            for seat in self.state.players
        }
        for n in nations:
            self.owned[n] = []
        for province in self.state.map.provinces:
            seat = self.state.owner[province.id]
            if 0 <= seat < len(nations):
                self.owned[nations[seat]].append(province.id)

    def level(self, nation: str) -> str:
        return self.levels[nation]

    def border(self, a: str, b: str) -> int:
        """Divisions of ``a`` next to ``b``'s land or standing inside it."""
        key = (a, b)
        if key not in self._borders:
            m = self.state.map
            theirs = set(self.owned[b])
            total = sum(self.state.divisions(p, a) for p in theirs)
            for p in self.owned[a]:
                if any(q in theirs for q in m.neighbours(p)):
                    total += self.state.divisions(p, a)
            self._borders[key] = total
        return self._borders[key]

    def touching(self, a: str, b: str) -> bool:
        theirs = set(self.owned[b])
        m = self.state.map
        return any(q in theirs for p in self.owned[a] for q in m.neighbours(p))

    def threat(self, x: str, a: str) -> bool:
        """``x`` masses armies on ``a``'s border: two to one and at least :data:`MASSED`."""
        near = self.border(x, a)
        return near >= MASSED and near >= 2 * max(1, self.border(a, x))

    def common_enemy(self, a: str, x: str) -> bool:
        s = self.state
        return any(s.at_war(a, y) and s.at_war(x, y) for y in s.nation_ids if y not in (a, x))

    def can_take(self, a: str, x: str) -> bool:
        """A province of ``x`` next to ``a`` that ``a`` outnumbers one and a half to one."""
        s = self.state
        m = s.map
        mine = set(self.owned[a])
        for q in self.owned[x]:
            held = s.armies[q]
            for p in m.neighbours(q):
                if p in mine and 2 * s.divisions(p, a) >= 3 * held + 2:
                    return True
        return False


def _ally_at_war(state: GreatWarState, a: str, b: str) -> bool:
    """R86: either nation is at war with an ally of the other."""
    return any(state.at_war(a, x) for x in state.allies(b)) or any(
        state.at_war(b, x) for x in state.allies(a)
    )


# ------------------------------------------------------------------ what a nation wants
def peace_reason(view: View, a: str, x: str, level: str) -> str | None:
    """The reason ``a`` (playing ``level``) would sign peace with ``x`` now, or None."""
    s = view.state
    if not s.at_war(a, x):
        return None
    if level == EASY:
        return "cannot-win" if view.level(x) == "human" else None
    if level != STANDARD:
        return None
    if not view.touching(a, x):
        return "no-front"
    if view.border(x, a) >= view.border(a, x) and not view.can_take(a, x):
        return "cannot-win"
    return None


def wants_alliance(view: View, a: str, x: str, level: str) -> bool:
    """``a`` (playing ``level``) would ally with ``x`` now: at peace, allowed by R86, an
    enemy in common, and (``standard``) no armies of ``x`` massed on its border."""
    s = view.state
    if s.relation(a, x) != "peace" or not view.owned[a] or not view.owned[x]:
        return False
    if level not in NEGOTIATING or (level == EASY and view.level(x) != "human"):
        return False
    if len(s.allies(a)) >= MAX_ALLIES or _ally_at_war(s, a, x):
        return False
    if not view.common_enemy(a, x):
        return False
    return level == EASY or not view.threat(x, a)


def alliance_partner(view: View, nation: str) -> str | None:
    """The one new ally ``nation`` asks for this phase: pairs taken in nation order, each
    nation in at most one, the same answer whichever computer nation asks."""
    s = view.state
    acting = [n for n in s.nation_ids if view.level(n) != "idle"]
    taken: set[str] = set()
    for i, a in enumerate(acting):
        for b in acting[i + 1 :]:
            if a in taken or b in taken:
                continue
            la, lb = view.level(a), view.level(b)
            if la == "human" and lb == "human":
                continue
            want_a = la == "human" or wants_alliance(view, a, b, la)
            want_b = lb == "human" or wants_alliance(view, b, a, lb)
            if not (want_a and want_b):
                continue
            taken.update((a, b))
            if nation == a:
                return b
            if nation == b:
                return a
    return None


def wants_passage_for(view: View, a: str, x: str, level: str, partner: str | None) -> bool:
    """``a`` would let ``x``'s supply and pp through its land (R17)."""
    s = view.state
    if s.relation(a, x) != "peace" or x == partner or level not in NEGOTIATING:
        return False
    if any(s.at_war(x, ally) for ally in s.allies(a)):
        return False
    human = view.level(x) == "human"
    if level == EASY:
        return human and (x, a) in s.grants
    if view.threat(x, a):
        return False
    return (x, a) in s.grants or view.common_enemy(a, x)


def _has_targets(view: View, a: str) -> bool:
    s = view.state
    m = s.map
    return any(s.hostile_target(a, q) for p in view.owned[a] for q in m.neighbours(p))


def break_reason(view: View, a: str, ally: str) -> str | None:
    """``standard`` breaks an alliance whose ally, the stronger, masses armies on its
    border (to peace), or whose weak land is its only room to grow (to war); R84 must
    allow the break, and a forced drop due between the two (R85) settles it instead."""
    s = view.state
    if s.relation(a, ally) != "alliance" or units_in_land_of(s, a, ally):
        return None
    due = s.nations[ally].drop_due
    if due is not None and a in due[:2]:
        return None
    strength, theirs = _army(s, a), _army(s, ally)
    if view.threat(ally, a) and theirs >= strength:
        return "armies-on-border"
    if (
        3 * theirs <= 2 * strength
        and not view.common_enemy(a, ally)
        and view.can_take(a, ally)
        and not _has_targets(view, a)
    ):
        return "room-to-grow"
    return None


def _spoken_first(view: View, a: str, ally: str) -> bool:
    """A ``standard`` ally earlier in nation order that may break with ``a`` this phase
    goes first: ``a`` leaves the pair alone (no second change of it, R81)."""
    s = view.state
    return (
        view.level(ally) == STANDARD
        and s.nation_ids.index(ally) < s.nation_ids.index(a)
        and s.nations[ally].drop_due is None
        and break_reason(view, ally, a) is not None
    )


# ------------------------------------------------------------------ the orders
def diplomacy_orders(
    state: GreatWarState, nation: str, level: str
) -> tuple[list[Diplomacy], list[Passage]]:
    """Peace and alliance orders and passage grants of ``nation`` this phase."""
    view = View(state)
    diplomacy: list[Diplomacy] = []
    for x in state.nation_ids:
        if x == nation or view.level(x) == "idle":
            continue
        reason = peace_reason(view, nation, x, level)
        if reason is None:
            continue
        other = view.level(x)
        if other != "human" and peace_reason(view, x, nation, other) is None:
            continue  # a computer nation that would not sign: no unmatched order
        diplomacy.append(Diplomacy(x, "peace", reason))
    passage: list[Passage] = []
    if state.phase is Phase.ATTACK:
        partner = alliance_partner(view, nation)
        if partner is not None:
            diplomacy.append(Diplomacy(partner, "alliance", "common-enemy"))
        for x in state.nation_ids:
            if x == nation or view.level(x) == "idle":
                continue
            want = wants_passage_for(view, nation, x, level, partner)
            granted = (nation, x) in state.grants
            if want and not granted:
                passage.append(Passage(x, True))
            elif granted and not want:
                passage.append(Passage(x, False))
    return diplomacy, passage


def _army(state: GreatWarState, nation: str) -> int:
    return sum(per.get(nation, 0) for per in state.units.values())


def breaks(state: GreatWarState, nation: str, level: str, pools: Allowances) -> list[Diplomacy]:
    """``standard``, Deployment phase: at most one break, paid from this phase's
    allowance (R83), never while a forced drop is due (R85 settles that one)."""
    if level != STANDARD or state.phase is not Phase.DEPLOYMENT:
        return []
    if state.nations[nation].drop_due is not None:
        return []
    view = View(state)
    s = state
    for ally in s.allies(nation):
        reason = break_reason(view, nation, ally)
        if reason is None or _spoken_first(view, nation, ally):
            continue
        to = "peace" if reason == "armies-on-border" else "war"
        cost = CHANGES[("alliance", to)][1]
        spare = 0 if to == "peace" else 4 * DIVISION_COST
        if pools.total() < cost + spare:
            continue
        pools.spend_anywhere(s, cost, None)
        return [Diplomacy(ally, to, reason)]
    return []


# ------------------------------------------------------------------ trades
def open_offers(state: GreatWarState, nation: str) -> list[tuple[str, Trade]]:
    """The trades other nations offered ``nation`` at the last Deployment phase and
    nobody matched, read from the report (public once resolved)."""
    report = state.last_report or {}
    offers: list[tuple[str, Trade]] = []
    for raw in report.get(OPEN_TRADES, []):
        if not isinstance(raw, dict) or raw.get("with") != nation:
            continue
        giver = raw.get("from")
        if giver not in state.nation_ids or giver == nation:
            continue
        part = {k: v for k, v in raw.items() if k != "from"}
        try:
            order = parse_order(
                {"kind": "submit-deployment", "faction": 0, "nation": giver, "trades": [part]}
            )
        except EngineError:
            continue
        if isinstance(order, SubmitDeployment) and order.trades:
            offer = (str(giver), order.trades[0])
            if offer not in offers:
                offers.append(offer)
    return offers


def _province_worth(state: GreatWarState, p: str, owner: str) -> int:
    """In quarters: a few turns of its production, plus the units that come with it."""
    fleet = state.fleet_in_port(p, owner)
    ships = (fleet.ships + fleet.cargo) if fleet else 0
    return 4 * (PROVINCE_TURNS * state.map.province(p).pp + state.divisions(p, owner) + ships)


def trade_answer(
    state: GreatWarState, nation: str, level: str, giver: str, offer: Trade, pools: Allowances
) -> Trade | None:
    """The bundle that matches ``offer`` when it is worth it to ``nation``, or None.

    A computer nation never gives a province away (its own orders stand there), takes
    only provinces next to its land (R74), and pays pp only from a network with a route
    (R75) and the amount to spare."""
    if level not in NEGOTIATING or state.at_war(nation, giver):
        return None
    mine = set(state.provinces_of(nation))
    if not mine or offer.get.provinces:
        return None
    m = state.map
    worth_in = offer.give.pp
    for q in offer.give.provinces:
        if state.owner_of(q) != giver or not any(p in mine for p in m.neighbours(q)):
            return None
        worth_in += _province_worth(state, q, giver)
    if len(set(offer.give.provinces)) != len(offer.give.provinces):
        return None
    pay = offer.get.pp
    if (pay or offer.give.pp) and not state.provinces_of(giver):
        return None  # R75: no pp to or from a nation without land
    if offer.give.pp and not has_route(
        state, giver, nation, state.provinces_of(giver), state.grants
    ):
        return None
    fair = worth_in > pay if level == STANDARD else 4 * worth_in >= 3 * pay
    if not fair or (worth_in == 0 and pay == 0):
        return None
    pay_from = None
    if pay:
        for pool in sorted(pools.pools, key=lambda x: (-x.remaining, m.order_of(x.provinces[0]))):
            if pool.remaining >= pay and has_route(
                state, nation, giver, pool.provinces, state.grants
            ):
                pay_from = pool.provinces[0]
                pools.spend_at(pay_from, pay, "trade")
                break
        if pay_from is None:
            return None
    return Trade(giver, give=offer.get, get=offer.give, pay_from=pay_from)


def trade_orders(
    state: GreatWarState, nation: str, level: str, pools: Allowances, in_debt: bool
) -> list[Trade]:
    if in_debt:
        return []
    answers = []
    for giver, offer in open_offers(state, nation):
        answer = trade_answer(state, nation, level, giver, offer, pools)
        if answer is not None:
            answers.append(answer)
    return answers
