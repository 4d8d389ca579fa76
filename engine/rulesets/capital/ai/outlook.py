"""What a Capital Risk position is worth to the Expert level, and what it may read of it.

Expert judges a plan by the positions it leads to, on a copy of the board holding only
what its seat sees (no rival's hidden cards, nothing sealed), with dice from a private
generator seeded from that public board.  A position is worth, for Expert:

* everything when it wins the game, nothing when it loses or is eliminated;
* much less without its own capital (no faction wins without its own), less still
  when its capital stands open to the next turn's likeliest attack (the issue: a
  default all-out attack emptied both capitals and lost at turn 2);
* more for every capital it holds towards victory, less for every capital a rival holds;
* besides, its share of the armies, of the territories and of next turn's
  reinforcements (land, the largest connected group, continents) on the board.
"""

from __future__ import annotations

import hashlib

from engine.rulesets.capital.ai.odds import mass
from engine.rulesets.capital.ai.race import faction_threat
from engine.rulesets.capital.ai.view import View
from engine.rulesets.capital.reinforce import reinforcements
from engine.rulesets.capital.state import CapitalState

WIN = 100.0  # a won game
CAPITAL_LOST = 40.0  # our own capital in enemy hands: we cannot win without it
CAPITAL_OPEN = 25.0  # times the chance the next turn's likeliest attack takes it
CAPITAL_HELD = 12.0  # each further capital we hold towards victory
RIVAL_CAPITAL = 6.0  # each capital a rival holds besides its own (it nears victory)
ARMY_SHARE = 20.0  # our share of all armies on the board
LAND_SHARE = 10.0  # our share of all territories
INCOME_SHARE = 15.0  # our share of next turn's reinforcements (land, links, continents)
THREAT_SHARE = 0.3  # enemy's probable placement share when sizing the next attack


def position_seed(state: CapitalState, seat: int) -> str:
    """A seed made only of what every player sees: the board, the turn and the seat."""
    board = ";".join(f"{t}:{state.owner[t]}:{state.armies[t]}" for t in sorted(state.owner))
    capitals = ",".join(str(p.capital) for p in state.players)
    text = f"capital-expert|{state.turn}|{seat}|{capitals}|{board}"
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def public_copy(state: CapitalState, seat: int) -> CapitalState:
    """The board as ``seat`` may read it: the rivals' hidden cards set aside (under the
    pile, so the deck keeps its size) and nobody's setup or orders sealed yet."""
    copy = state.clone()
    for f, player in enumerate(copy.players):
        if f != seat and player.cards:
            copy.draw_pile.extend(player.cards)
            player.cards = []
    copy.orders = [None] * len(copy.players)
    copy.setup = [None] * len(copy.players)
    return copy


def capital_exposure(state: CapitalState, seat: int) -> float:
    """The chance that the likeliest attack next turn takes our capital as it stands."""
    view = View(state, seat)
    cap = view.capital
    if cap is None:
        return 1.0
    threat = faction_threat(view, cap, THREAT_SHARE)
    return mass(threat, state.armies[cap]) if threat else 0.0


def worth(state: CapitalState, seat: int) -> float:
    """What a resolved turn is worth to ``seat`` (see the module's notes): 100 for a won
    game, 0 for a lost one, anything else strictly between."""
    if state.winner is not None:
        return WIN if state.winner == seat else 0.0
    me = state.players[seat]
    if not me.alive:
        return 0.0
    value = WIN / 2
    holds_own = me.capital is not None and state.owner[me.capital] == seat
    if holds_own:
        value -= CAPITAL_OPEN * capital_exposure(state, seat)
    else:
        value -= CAPITAL_LOST
    for f, player in enumerate(state.players):
        if player.capital is None or f == seat:
            continue
        holder = state.owner[player.capital]
        if holder == seat:
            value += CAPITAL_HELD
        elif holder != f and state.players[holder].alive:
            value -= RIVAL_CAPITAL
    armies = sum(state.armies.values()) or 1
    mine = sum(n for t, n in state.armies.items() if state.owner[t] == seat)
    value += ARMY_SHARE * mine / armies
    value += LAND_SHARE * sum(1 for o in state.owner.values() if o == seat) / len(state.owner)
    incomes = [reinforcements(state, f) for f, p in enumerate(state.players) if p.alive]
    value += INCOME_SHARE * reinforcements(state, seat) / (sum(incomes) or 1)
    return min(WIN - 1.0, max(1.0, value))
