"""The Capital Risk computer levels: Easy, Standard and Good.

All three share one strategy (a defensible capital, exact battle odds from
:mod:`engine.odds`, mass invasions, placements planned with the attacks, a surge, a
tactical move) and differ in judgement, set by a :class:`Profile`:

* Easy attacks from one territory at a time, ignores what the enemy will place,
  guards its capital only against a near-certain loss, spreads its leftovers over the
  borders and never surges or makes a tactical move.  With four factions or more
  alive it plays the crowd as a beginner does: it shuts its capital in behind nearly
  every army it can put there and throws the rest at odds barely above even.
* Standard pools two armies into mass invasions, guards its capital against the
  likely attack, surges when the follow-up is likely and makes a tactical move.  With
  three factions alive it attacks only at good odds (third parties profit from its
  losses); with four or more it holds its capital tightly (against all but a
  one-in-twelve attack) and attacks at fair odds.  Measured (tournaments of two
  levels, half the seats each): both habits of the bigger crowd cost games, the tight
  guard most (the armies it keeps home are armies the third parties never have to
  face), which is what sets Easy below Standard and Standard below Good at four and
  six factions; with three factions, where one enemy capital wins, they are left out.
* Good pools up to three armies, expects the enemy to reinforce where it matters,
  guards its capital tightly in a duel (and less so among four or more, where a big
  guard is an army the others never have to face), keeps a share back on borders
  facing other enemies, goes for enemy capitals at lower odds, reads the enemy's
  likely orders once two factions are left, builds big stacks where the placement
  limit allows and walks idle stacks to the capital or the front.

Every decision is a pure function of the state (ties broken by map order), so a level
plays the same way from the same position and never touches the game's Rng.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from engine.ai import register_player
from engine.core import Order
from engine.rulesets.capital.ai.foresight import Forecast, forecast, foresight_surge
from engine.rulesets.capital.ai.moves import plan_surge, plan_tactical, plan_trades
from engine.rulesets.capital.ai.plan import LevelProfile, Planner
from engine.rulesets.capital.ai.setup import setup_order
from engine.rulesets.capital.ai.view import View
from engine.rulesets.capital.orders import Resolve, SubmitOrders
from engine.rulesets.capital.reinforce import capacity, reinforcements
from engine.rulesets.capital.state import CapitalState, Phase

EASY = LevelProfile(
    name="easy",
    min_win=0.7,
    capital_win=0.6,
    max_origins=1,
    capital_risk=0.8,
    enemy_place=0.0,
    keep_share=0.0,
    second_line=False,
    surge_win=2.0,
    capital_value=2.0,
    setup_capital_share=0.3,
    tactical=False,
    throng_from=4,
    throng_min_win=0.5,
    throng_capital_win=0.45,
    throng_capital_risk=0.02,
)

STANDARD = LevelProfile(
    name="standard",
    min_win=0.55,
    capital_win=0.5,
    max_origins=2,
    capital_risk=0.3,
    enemy_place=0.0,
    keep_share=0.0,
    second_line=False,
    surge_win=0.7,
    capital_value=5.0,
    setup_capital_share=0.4,
    tactical=True,
    crowd_from=3,
    crowd_min_win=0.75,
    crowd_capital_win=0.65,
    throng_from=4,
    throng_min_win=0.6,
    throng_capital_win=0.5,
    throng_capital_risk=0.08,
)

GOOD = LevelProfile(
    name="good",
    race=True,
    threat_by_faction=True,
    foresight_upto=2,
    foresight_capital_win=0.35,
    crowd_from=4,
    crowd_min_win=0.8,
    crowd_capital_win=0.7,
    crowd_capital_risk=0.3,
    min_win=0.45,
    capital_win=0.45,
    max_origins=3,
    capital_risk=0.15,
    enemy_place=0.0,
    keep_share=0.0,
    second_line=False,
    surge_win=0.5,
    capital_value=8.0,
    setup_capital_share=0.45,
    tactical=True,
)

PROFILES = {p.name: p for p in (EASY, STANDARD, GOOD)}


def judgement(state: CapitalState, profile: LevelProfile) -> LevelProfile:
    """The profile as it applies now: with many factions alive a level plays by its
    crowd odds and guard (from ``crowd_from`` living factions), or its throng ones (from
    ``throng_from``).  Good: every army lost in a doubtful attack is a gift to the third
    parties, and a big guard is an army they never have to face; Standard and Easy have
    throng habits that, measured, cost them games (see the module's notes)."""
    living = state.living
    if living >= profile.throng_from:
        risk = profile.throng_capital_risk
        return replace(
            profile,
            min_win=profile.throng_min_win,
            capital_win=profile.throng_capital_win,
            capital_risk=risk if risk >= 0 else profile.capital_risk,
        )
    if living < profile.crowd_from:
        return profile
    risk = profile.crowd_capital_risk if profile.crowd_capital_risk >= 0 else profile.capital_risk
    return replace(
        profile,
        min_win=profile.crowd_min_win,
        capital_win=profile.crowd_capital_win,
        capital_risk=risk,
    )


def model_of(state: CapitalState, foe: int) -> LevelProfile:
    """How Good expects ``foe`` to play: as its seat's computer level (public in the
    lobby) without foresight, so the reading never recurses; anyone else as Standard."""
    return replace(PROFILES.get(state.players[foe].control, STANDARD), foresight_upto=0)


def orders_for(
    state: CapitalState, seat: int, profile: LevelProfile, seen: Forecast | None = None
) -> SubmitOrders:
    """One faction's sealed orders for the turn under ``profile``; with ``seen`` (the
    enemy's orders as Expert reads them), planned against that forecast."""
    profile = judgement(state, profile)
    view = View(state, seat)
    trades, card_units, bonus = plan_trades(view)
    room = capacity(state, seat) - sum(bonus.values())
    pool = min(reinforcements(state, seat) + card_units, room)
    foresight = state.living <= profile.foresight_upto or seen is not None
    if foresight:
        profile = replace(profile, capital_win=profile.foresight_capital_win)
    plan = Planner(view, profile, pool, bonus)
    if foresight:
        seen = seen or forecast(view, model_of)
        plan.expected, plan.clashes = seen.defenders, seen.clashes
    plan.guard_capital()
    plan.plan_attacks()
    plan.place_rest()
    surge = plan_surge(plan, profile.surge_win) if profile.surge_win <= 1.0 else None
    if plan.expected and profile.surge_win <= 1.0:
        surge = foresight_surge(plan, profile.surge_win)
    tactical = plan_tactical(plan) if profile.tactical else None
    placements = tuple((t, plan.placed[t]) for t in view.own if plan.placed.get(t))
    return SubmitOrders(seat, "", placements, tuple(plan.attacks), surge, tactical, tuple(trades))


def chooser(profile: LevelProfile) -> Callable[[CapitalState, int], Order]:
    """The registered player function of one level."""

    def choose(state: CapitalState, seat: int) -> Order:
        if state.phase is Phase.SETUP:
            if state.setup[seat] is None:
                return setup_order(View(state, seat), profile)
            return Resolve()
        if state.orders[seat] is None:
            return orders_for(state, seat, profile)
        return Resolve()

    return choose


for _profile in (EASY, STANDARD, GOOD):
    register_player("capital", _profile.name, chooser(_profile))
