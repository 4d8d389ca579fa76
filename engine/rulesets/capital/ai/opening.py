"""The Expert Capital Risk setup in a duel: the capital and first stacks chosen by
playing the first turn.

Seed: "Think carefully where to place your capitol, you will need to defend it in order
to win the game."  The setup is the one placement without a limit, and with two
factions the first turn often decides the game: a capital next to the rival's big
stack falls, a stack next to the rival's capital takes it.  The deal is public and a
computer rival's level is public in the lobby, so Expert can tell where that level
puts its own capital and stacks (Good's setup is read for a human rival).  It lists a
few setups of its own (Good's, and for each of its best capitals a smaller or larger
guard with its stacks on the best attack bases, on the territories next to the rival's
capital, or on one base), plays each against the rival's setup through the first turn
(both sides' orders from Good's judgement, dice from a private generator seeded from
the public deal) and keeps the one whose first turn is worth most, Good's own when
none is worth more.  The search is a fixed count of simulated turns, not time.
"""

from __future__ import annotations

from engine.rng import Rng
from engine.rulesets.capital.ai.levels import GOOD, PROFILES, orders_for
from engine.rulesets.capital.ai.outlook import position_seed, public_copy, worth
from engine.rulesets.capital.ai.plan import LevelProfile
from engine.rulesets.capital.ai.setup import (
    attack_bases,
    capital_score,
    placed_setup,
    setup_order,
    stage_score,
)
from engine.rulesets.capital.ai.view import View
from engine.rulesets.capital.orders import SubmitSetup
from engine.rulesets.capital.setup import resolve_setup
from engine.rulesets.capital.state import CapitalState
from engine.rulesets.capital.turn import resolve_turn

CAPITALS = 2  # best capitals tried
GUARDS = (0.3, 0.45)  # shares of the setup units put on the capital
TRIALS = 10  # setups played through the first turn, at most (Good's included)


def rival_setups(public: CapitalState, seat: int) -> dict[int, SubmitSetup]:
    """Each rival's setup as its seat's level would seal it, read from the public deal
    (Good's for a human, and for an Expert, whose own search would recurse)."""
    out = {}
    for foe, player in enumerate(public.players):
        if foe != seat and player.alive:
            level: LevelProfile = PROFILES.get(player.control, GOOD)
            out[foe] = setup_order(View(public, foe), level)
    return out


def candidates(
    public: CapitalState, seat: int, rivals: dict[int, SubmitSetup]
) -> list[SubmitSetup]:
    """Good's setup first, then for each of the best capitals and each guard: stacks on
    the two best attack bases, on the own territories next to a rival's capital, and on
    the best base alone; each distinct setup once, at most :data:`TRIALS`."""
    view = View(public, seat)
    out = [setup_order(view, GOOD)]
    ranked = sorted(view.own, key=lambda t: (-capital_score(view, t), view.order[t]))
    by_stage = sorted(view.own, key=lambda t: (-stage_score(view, t), view.order[t]))
    near_rivals = {n for s in rivals.values() for n in view.neighbours(s.capital)}
    for capital in ranked[:CAPITALS]:
        bases = attack_bases(view, capital)
        strike = [t for t in by_stage if t != capital and t in near_rivals]
        for guard in GUARDS:
            for stacks in (bases[:2], strike[:2], bases[:1]):
                if not stacks and stacks is strike:
                    continue
                setup = placed_setup(view, capital, guard, stacks)
                if setup not in out:
                    out.append(setup)
    return out[:TRIALS]


def first_turn(
    public: CapitalState, seat: int, mine: SubmitSetup, rivals: dict[int, SubmitSetup], dice: str
) -> float:
    """What the board is worth to ``seat`` after the setups and one turn of orders (every
    faction's from its level's judgement, ours from Good's), with private dice."""
    board = public.clone()
    board.rng = Rng(dice)
    board.setup[seat] = mine.to_json()
    for foe, setup in rivals.items():
        board.setup[foe] = setup.to_json()
    resolve_setup(board)
    for f, player in enumerate(board.players):
        if player.acts:
            level = GOOD if f == seat else PROFILES.get(player.control, GOOD)
            board.orders[f] = orders_for(board, f, level).to_json()
    resolve_turn(board, force=True)
    return worth(board, seat)


def opening_setup(state: CapitalState, seat: int) -> SubmitSetup:
    """Expert's setup: in a duel, the candidate whose first turn is worth most (Good's on
    a tie); with more factions, Good's."""
    if state.living != 2:
        return setup_order(View(state, seat), GOOD)
    public = public_copy(state, seat)
    rivals = rival_setups(public, seat)
    options = candidates(public, seat, rivals)
    dice = position_seed(public, seat)
    values = [first_turn(public, seat, mine, rivals, dice) for mine in options]
    return options[max(range(len(options)), key=lambda i: (values[i], -i))]
