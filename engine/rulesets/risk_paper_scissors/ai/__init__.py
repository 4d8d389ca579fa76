"""Computer players for Risk, Paper, Scissors: ``easy``, ``standard`` and ``expert``.

All are deterministic given the state.  Combat has no dice, so a player can know the
exact result of every attack it considers (:func:`battle`); the levels differ in what
they buy and where they attack:

* ``easy`` buys the Colony Influence cards its commanders make score, two years in
  three the cheapest capture of its best target, else the type that kills what
  threatens its most exposed territory; attacks whatever its whole stack would capture,
  moves idle stacks to the front, bids nothing and buys no other card.
* ``standard`` buys the cheapest mix that captures a chosen target (composition is the
  whole game), weighs targets by points, income and the groups they complete, keeps
  the energy its attacks need, buys the Colony Influence cards its commanders make
  score, Land Assemble (played at once), one Cease Fire (armed every turn on its most
  pressed territory) and Energy Crisis, one each of Rocket Strike, Death Trap,
  Redeployment and Invade Earth (played when they help: :mod:`.cardplay`), moves idle
  stacks to the front, and bids a little for the first slot.
* ``expert`` bids for the slot that matters (the last one of the last year; the first
  after a year in the last: two turns in a row) and checks Standard's purchases and
  attacks by playing a few candidates out: :mod:`.expert`.
"""

from __future__ import annotations

from engine.ai import register_player
from engine.rulesets.risk_paper_scissors.ai.expert import choose_expert
from engine.rulesets.risk_paper_scissors.ai.levels import choose_easy, choose_standard

register_player("risk_paper_scissors", "easy", choose_easy)
register_player("risk_paper_scissors", "standard", choose_standard)
register_player("risk_paper_scissors", "expert", choose_expert)
