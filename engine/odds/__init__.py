"""Exact battle odds for Risk-family dice systems, by Markov-chain recursion.

A battle is an absorbing Markov chain over states ``(a, d)``: ``a`` attacking
units that can still be lost, ``d`` defending units.  A *round model* (see
:class:`RoundModel`) says, for one state, the exact probability distribution of
the losses of ONE round; every outcome must cost at least one unit, so
``a + d`` strictly decreases and the chain is acyclic.  The odds are then
solved by dynamic programming, bottom-up and iteratively (Pyodide's stack is
small, so no recursion):

* the conquest probability ``V(a, d)`` by a *backward* pass
  ``V(a, d) = sum(p * V(a - la, d - ld))`` over a table cached per model
  instance and grown on demand, so later queries of smaller battles are
  look-ups;
* the distribution of terminal states by a *forward* pass pushing probability
  mass from the starting state down to the absorbing states.

Probabilities are floats.  Single-round tables are exact ratios of integer
counts rounded once, and every DP step is a sum of non-negative terms, so the
relative error stays within a few hundred ulps (about 1e-14) even for
100-vs-100 battles; ``fractions.Fraction`` would be exact but its
denominators grow to hundreds of digits, far too slow for the 50 ms budget.

Cost: a plain model solves ``A x D`` cells with a few transitions each
(classic 100 v 100 cold, dice tables included, takes about 20 ms in CPython
3.11); the attack advantage evaluates up to 23 roll classes per cell (about
0.5 s for 100 v 100).  Mass invasions are documented at
:func:`mass_invasion_odds`.

Terminal states: ``(a, 0)`` with ``a > 0`` is a conquest; ``(0, d)`` a repulse;
``(0, 0)`` (only possible when a tie costs both sides, see :class:`ColourD12`)
counts as no conquest — the territory is not taken when nobody is left to
move in.

:func:`classic_attack_odds` gives the odds of one Classic attack as the rules play it
(the dice chosen, "roll once", "continuous" or "do-or-die", a blitz's stop rules).

Three dice systems are provided: :class:`ClassicDice` (1990 Computer RISK,
with the optional attack advantage after every roll), :class:`ColourD12`
(Capital Risk's coloured twelve-sided dice, including mass invasions, see
:func:`mass_invasion_odds`) and :class:`GreatWarLand` (The Great War 1907).
"""

from engine.odds.attack import MODES, AttackOdds, classic_attack_odds, conquest_chance
from engine.odds.chain import (
    BattleOdds,
    battle_odds,
    expected_losses,
    outcome_distribution,
    win_probability,
)
from engine.odds.mass import CAPITAL, mass_invasion_odds, mass_invasion_win_probability
from engine.odds.models import (
    CLASSIC,
    DEFAULT_COLOURS,
    ClassicDice,
    Colour,
    ColourD12,
    GreatWarLand,
    Outcome,
    RoundModel,
)

__all__ = [
    "CAPITAL",
    "CLASSIC",
    "DEFAULT_COLOURS",
    "MODES",
    "AttackOdds",
    "BattleOdds",
    "ClassicDice",
    "Colour",
    "ColourD12",
    "GreatWarLand",
    "Outcome",
    "RoundModel",
    "battle_odds",
    "classic_attack_odds",
    "conquest_chance",
    "expected_losses",
    "mass_invasion_odds",
    "mass_invasion_win_probability",
    "outcome_distribution",
    "win_probability",
]
