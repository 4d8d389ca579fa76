"""Our Classic computer levels against chronitis/pyrisk's AIs (external strength; not
shipped in the page).

``python -m bench.pyrisk_harness PATH [--level expert] [--games 8] [--seed p1]`` plays
four-player Classic games in our engine: one seat ours, the other three pyrisk's
``BetterAI``, ``ChronAI`` and ``AlAI``, read from a checkout of
https://github.com/chronitis/pyrisk at ``PATH`` and run unchanged.  That project carries no
licence, so none of its code is copied here: it is imported from the given path at run
time only.  The seats rotate from game to game (our level sits in each seat in turn) and
the share of games our level wins is printed with its Wilson 95% interval (25% would be
equal strength).

The adapter mirrors our state into pyrisk's ``World`` before every call and turns each
answer into our orders: a claimed or reinforced territory (``initial_placement``), the
placement of a turn (``reinforce``), each attack the ``attack()`` generator yields, rolled
one throw at a time while its attack strategy says go on and moved in by its move
strategy, and the ``freemove``.  pyrisk plays without cards, so its seats trade a set as
soon as they may (and must when they hold five).  An answer our rules refuse counts as
passing that step, as pyrisk's own game does with an invalid order.  pyrisk's AIs use the
global ``random`` module and sets hashed by name: the harness seeds ``random`` per game
and runs with ``PYTHONHASHSEED=0`` so a run repeats.  Their ``AI.simulate`` keeps the
battles it has simulated in a cache shared by every game of the process, so a game's
course can depend on the games played before it in the same run: a run repeats as a
whole (the same ``--first`` and ``--games``), a game alone in a fresh run may go
otherwise.  In long games with stacks in the hundreds ChronAI's planning simulates
thousands of battles a decision and a game can take hours.  Written for Python 2 as well, they
call ``filter`` for a list, the built-in ``reduce`` and ``random.choice`` of a dict's
keys: those names are given them in their modules' namespace (their files are not
changed).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import os
import random
import sys
from collections.abc import Iterator
from typing import Any

from bench.ai_tournament import wilson
from engine.ai import choose_for
from engine.core import Order, PlayerSpec, find_ruleset
from engine.errors import EngineError
from engine.rulesets.classic.cards import valid_sets
from engine.rulesets.classic.common import game_map
from engine.rulesets.classic.orders import (
    Attack,
    Claim,
    EndAttack,
    EndTurn,
    FreeMove,
    MoveIn,
    Place,
    TradeCards,
)
from engine.rulesets.classic.setup import setup_needs
from engine.rulesets.classic.state import UNOWNED, ClassicState, Phase
from engine.rulesets.classic.turn import may_trade

PYRISK_AIS = (("ai.better", "BetterAI"), ("ai.chron", "ChronAI"), ("ai.al", "AlAI"))
RENAMED = {
    "Northwest Territories": "northwest_territory",
    "Western United States": "western_us",
    "Eastern United States": "eastern_us",
    "Mexico": "central_america",
    "Venezuala": "venezuela",
    "Scandanavia": "scandinavia",
    "South East Asia": "siam",
}


def our_id(name: str) -> str:
    return RENAMED.get(name, name.lower().replace(" ", "_"))


class PyRisk:
    """pyrisk's modules, imported from a checkout."""

    def __init__(self, path: str) -> None:
        sys.path.insert(0, path)
        self.territory = importlib.import_module("territory")
        self.world = importlib.import_module("world")
        self.player = importlib.import_module("player")
        self.base_ai = importlib.import_module("ai").AI
        modules = [importlib.import_module(m) for m, _ in PYRISK_AIS]
        for module in modules:
            # Written for Python 2 as well: its filter() gave a list (ChronAI indexes one).
            module.filter = _list_filter  # type: ignore[attr-defined]
            module.reduce = functools.reduce  # type: ignore[attr-defined]
            # ... and random.choice() of a dict's keys (ChronAI's reinforce when it is
            # short of armies): the same draw from the same generator, on a list.
            module.random = _Py2Random()  # type: ignore[attr-defined]
        self.ais = [getattr(module, c) for module, (_, c) in zip(modules, PYRISK_AIS, strict=True)]
        self.errors = 0  # answers that raised: counted, and the step passed
        self.seen: set[str] = set()


def _list_filter(function: Any, items: Any) -> list[Any]:
    return list(filter(function, items))


class _Py2Random:
    """The global ``random`` module as Python 2 code sees it: ``choice`` takes any
    collection (a dict's keys were a list there)."""

    def __getattr__(self, name: str) -> Any:
        return getattr(random, name)

    def choice(self, items: Any) -> Any:
        return random.choice(items if isinstance(items, list | tuple) else list(items))


class _Game:
    """The parts of pyrisk's ``Game`` its AIs read: ``world`` and ``players``."""

    def __init__(self, world: Any) -> None:
        self.world = world
        self.players: dict[str, Any] = {}


class Mirror:
    """A pyrisk ``World`` kept equal to our state, and a pyrisk player per seat."""

    def __init__(self, lib: PyRisk, state: ClassicState, ai_for_seat: dict[int, Any]) -> None:
        world = lib.territory.World()
        world.load(lib.world.AREAS, lib.world.CONNECT)
        self.world = world
        self.game = _Game(world)
        self.by_id = {our_id(name): t for name, t in world.territories.items()}
        the_map = game_map(state)
        for tid, t in self.by_id.items():
            theirs = {our_id(n.name) for n in t.connect}
            if theirs != set(the_map.neighbours(tid)):
                raise SystemExit(f"pyrisk's map differs from ours at {tid}")
        self.players: dict[int, Any] = {}
        for seat, p in enumerate(state.players):
            ai_class = ai_for_seat.get(seat, lib.base_ai)
            player = lib.player.Player(p.name, self.game, ai_class, {})
            self.players[seat] = player
            self.game.players[p.name] = player

    def sync(self, state: ClassicState) -> None:
        for tid, t in self.by_id.items():
            owner = state.owner[tid]
            t.owner = None if owner == UNOWNED else self.players[owner]
            t.forces = state.armies[tid] if owner != UNOWNED else 0


class PyRiskSeat:
    """Turns one pyrisk AI's answers into our orders, one order at a time."""

    def __init__(self, mirror: Mirror, seat: int) -> None:
        self.mirror = mirror
        self.seat = seat
        self.ai = mirror.players[seat].ai
        self.ai.start()
        self.turn = -1
        self.placements: list[tuple[str, int]] = []
        self.attacks: Iterator[Any] | None = None
        self.current: tuple[str, str, Any, Any] | None = None
        self.moved = False

    def _new_turn(self, state: ClassicState) -> None:
        if state.turn != self.turn:
            self.turn = state.turn
            self.placements, self.attacks, self.current, self.moved = [], None, None, False

    def order(self, state: ClassicState) -> Order:
        self._new_turn(state)
        self.mirror.sync(state)
        phase = state.phase
        if phase is Phase.CLAIM:
            empty = [t for tid, t in self.mirror.by_id.items() if state.owner[tid] == UNOWNED]
            left = state.players[self.seat].setup_armies
            return Claim(_claim_name(self.ai.initial_placement(empty, left), empty))
        if phase is Phase.SETUP:
            own_left, _ = setup_needs(state)
            choice = self.ai.initial_placement(None, own_left)
            return Place(self._own(state, choice), 1)
        if phase is Phase.REINFORCE:
            return self._reinforce(state)
        if phase is Phase.ATTACK:
            return self._attack(state)
        if phase is Phase.MOVE_IN:
            pending = state.pending
            assert pending is not None
            least, most = int(pending["min"]), int(pending["max"])
            move = self.current[3] if self.current is not None else None
            total = state.armies[pending["origin"]]
            wanted = total - 1 if move is None else int(move(total))
            self.current = None
            return MoveIn(max(least, min(most, wanted)))
        if phase is Phase.FORTIFY:
            if not self.moved:
                self.moved = True
                answer = self.ai.freemove()
                if answer:
                    src, dst, count = answer
                    return FreeMove(_name(src), _name(dst), int(count))
            return EndTurn()
        raise SystemExit(f"the pyrisk adapter has no answer in phase {phase}")

    def _own(self, state: ClassicState, choice: Any) -> str:
        tid = _name(choice)
        if state.owner.get(tid) == self.seat:
            return tid
        return next(t for t, o in state.owner.items() if o == self.seat)

    def _reinforce(self, state: ClassicState) -> Order:
        if may_trade(state):
            sets = valid_sets(game_map(state), state.players[self.seat].cards)
            if sets:
                return TradeCards(sets[0])
        if not self.placements:
            choices = self.ai.reinforce(state.reinforcements) or {}
            self.placements = [(_name(t), int(c)) for t, c in choices.items() if int(c) > 0]
        while self.placements:
            tid, count = self.placements.pop(0)
            count = min(count, state.reinforcements)
            if state.owner.get(tid) == self.seat and count > 0:
                return Place(tid, count)
        return Place(self._own(state, None), state.reinforcements)

    def _attack(self, state: ClassicState) -> Order:
        while True:
            if self.current is not None:
                src, dst, go_on, _ = self.current
                attackers, defenders = state.armies[src], state.armies[dst]
                if (
                    state.owner[src] == self.seat
                    and state.owner[dst] != self.seat
                    and attackers > 1
                    and (go_on is None or go_on(attackers, defenders))
                ):
                    return Attack(src, dst, min(3, attackers - 1), "once")
                self.current = None
            if self.attacks is None:
                self.attacks = iter(self.ai.attack())
            try:
                src, dst, go_on, move = next(self.attacks)
            except StopIteration:
                return EndAttack()
            src, dst = _name(src), _name(dst)
            if (
                state.owner.get(src) == self.seat
                and state.owner.get(dst) not in (None, self.seat)
                and dst in game_map(state).neighbours(src)
            ):
                self.current = (src, dst, go_on, move)


def _name(value: Any) -> str:
    """A territory our way, from pyrisk's name or territory object."""
    if value is None:
        return ""
    return our_id(getattr(value, "name", value))


def _claim_name(answer: Any, empty: list[Any]) -> str:
    return _name(answer) if answer is not None else _name(empty[0])


def play_game(lib: PyRisk, level: str, our_seat: int, seed: str, max_turns: int) -> int | None:
    """One four-player game; the winning seat (None at the turn limit)."""
    random.seed(seed)
    ruleset: Any = find_ruleset("classic")
    order_of_ais = [lib.ais[(our_seat + i) % 3] for i in range(3)]
    specs, ai_for_seat = [], {}
    for seat in range(4):
        if seat == our_seat:
            specs.append(PlayerSpec(f"{level} {seat + 1}", level))
        else:
            ai_class = order_of_ais.pop(0)
            ai_for_seat[seat] = ai_class
            specs.append(PlayerSpec(f"{ai_class.__name__} {seat + 1}", "human"))
    state: ClassicState = ruleset.new_game(specs, {}, seed)
    mirror = Mirror(lib, state, ai_for_seat)
    seats = {seat: PyRiskSeat(mirror, seat) for seat in ai_for_seat}
    while state.winner is None and state.turn <= max_turns:
        seat = ruleset.actor(state)
        assert seat is not None
        if seat in seats:
            try:
                order = seats[seat].order(state)
            except Exception as exc:  # pyrisk's own fault: its step is passed, and counted
                lib.errors += 1
                kind = f"{type(exc).__name__}: {exc}"
                if kind not in lib.seen:
                    lib.seen.add(kind)
                    print(f"pyrisk {type(seats[seat].ai).__name__} raised {kind}", file=sys.stderr)
                seats[seat].current = None
                order = _pass(state, seat)
            try:
                state = ruleset.apply(state, order).state
            except EngineError:
                state = ruleset.apply(state, _pass(state, seat)).state
        else:
            state = ruleset.apply(state, choose_for(state, seat)).state
    return state.winner


def _pass(state: ClassicState, seat: int) -> Order:
    """What a refused answer becomes: the step passed."""
    phase = state.phase
    if phase is Phase.ATTACK:
        return EndAttack()
    if phase is Phase.FORTIFY:
        return EndTurn()
    if phase is Phase.MOVE_IN:
        assert state.pending is not None
        return MoveIn(int(state.pending["min"]))
    if phase is Phase.CLAIM:
        return Claim(next(t for t, o in state.owner.items() if o == UNOWNED))
    own = next(t for t, o in state.owner.items() if o == seat)
    return Place(own, state.reinforcements if phase is Phase.REINFORCE else 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.pyrisk_harness", description=__doc__)
    parser.add_argument("path", help="a checkout of chronitis/pyrisk (not shipped here)")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seed", default="p1")
    parser.add_argument("--max-turns", type=int, default=600)
    args = parser.parse_args(argv)
    if os.environ.get("PYTHONHASHSEED") != "0":
        # pyrisk's AIs iterate over sets of territories, hashed by name: fix string hashing
        # so that a run repeats.
        os.environ["PYTHONHASHSEED"] = "0"
        again = [sys.executable, "-m", "bench.pyrisk_harness", *(argv or sys.argv[1:])]
        os.execv(sys.executable, again)
    lib = PyRisk(args.path)
    wins = unfinished = 0
    for game in range(args.first, args.first + args.games):
        our_seat = game % 4
        winner = play_game(lib, args.level, our_seat, f"{args.seed}-{game}", args.max_turns)
        if winner is None:
            unfinished += 1
        elif winner == our_seat:
            wins += 1
        done = game + 1 - args.first
        outcome = "unfinished" if winner is None else f"seat {winner + 1} won"
        print(
            f"{done}/{args.games} {args.level} wins {wins} (game {game}: {args.level} in seat "
            f"{our_seat + 1}, {outcome})",
            file=sys.stderr,
            flush=True,
        )
    finished = args.games - unfinished
    low, high = wilson(wins, finished)
    share = wins / finished if finished else 0.0
    print(
        f"{args.level} vs BetterAI, ChronAI, AlAI (4 players): {share:.3f} "
        f"(95% {low:.3f}–{high:.3f}; {wins} of {finished} finished, "
        f"{unfinished} unfinished; seed {args.seed}, games {args.first}–"
        f"{args.first + args.games - 1}; pyrisk answers that raised: {lib.errors})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
