"""Computer levels against each other, with the 95% interval of each level's share.

``python -m bench.ai_tournament --ruleset classic --levels expert,good --players 2 --games 40
--seed x1`` plays the games ``python -m engine tournament`` plays (the same seating, every
level in every seat, and the same deals: :func:`engine.tournament.seating` and
:func:`engine.tournament.deal_number`), one at a time with progress on stderr, and prints
each level's share of the finished games with its Wilson 95% interval.  ``make bench``
runs a small fixed-seed tournament of the top Classic level against Good
(:func:`measure_top_level`), of the top Capital Risk level against Good
(:func:`measure_capital_top_level`; ``--ruleset capital`` plays Capital Risk's levels,
factions for players), and of Expert against Standard in Risk, Paper, Scissors
(:func:`measure_rps_top_level`) and the Great War (:func:`measure_greatwar_top_level`).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share of ``wins`` in ``games`` (0..1 when none)."""
    if games <= 0:
        return 0.0, 1.0
    share = wins / games
    denominator = 1 + z * z / games
    centre = (share + z * z / (2 * games)) / denominator
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def run(
    ruleset: str,
    levels: Sequence[str],
    players: int,
    games: int,
    seed: str,
    options: dict[str, Any] | None = None,
    max_turns: int = 600,
    progress: Callable[[str], None] | None = None,
    first: int = 0,
) -> dict[str, Any]:
    """Play the games ``first`` .. ``first + games - 1`` of the tournament (so a long one
    can be shared between processes and added up); wins, shares and intervals per level,
    unfinished games, seconds."""
    from engine.core import PlayerSpec
    from engine.simulate import play
    from engine.tournament import deal_number, seating

    wins = dict.fromkeys(levels, 0)
    unfinished = 0
    turns: list[int] = []
    started = time.perf_counter()
    for game in range(first, first + games):
        seated = seating(levels, players, game)
        specs = [PlayerSpec(f"{level} {seat + 1}", level) for seat, level in enumerate(seated)]
        deal = f"{seed}-{deal_number(len(levels), game)}"
        record = play(ruleset, specs, dict(options or {}), deal, max_turns)
        turns.append(record.turns)
        if record.winner is None or record.winner >= len(seated):
            unfinished += 1
        else:
            wins[seated[record.winner]] += 1
        if progress is not None:
            done = game + 1 - first
            progress(f"{done}/{games} " + " ".join(f"{lv} {wins[lv]}" for lv in levels))
    finished = games - unfinished
    figures = {}
    for level in levels:
        low, high = wilson(wins[level], finished)
        share = wins[level] / finished if finished else 0.0
        figures[level] = {
            "wins": wins[level],
            "share": round(share, 3),
            "low": round(low, 3),
            "high": round(high, 3),
        }
    return {
        "ruleset": ruleset,
        "players": players,
        "seed": seed,
        "first": first,
        "games": games,
        "unfinished": unfinished,
        "mean_turns": round(sum(turns) / len(turns), 1) if turns else 0.0,
        "seconds": round(time.perf_counter() - started, 1),
        "levels": figures,
    }


def describe(result: dict[str, Any]) -> list[str]:
    """One line per level, best first: share, 95% interval, wins of finished games."""
    finished = result["games"] - result["unfinished"]
    ranked = sorted(result["levels"].items(), key=lambda item: -item[1]["share"])
    lines = [
        f"{level} {f['share']:.3f} (95% {f['low']:.3f}–{f['high']:.3f}; "
        f"{f['wins']} of {finished} finished)"
        for level, f in ranked
    ]
    lines.append(
        f"{result['players']} players, seed {result['seed']}: {result['games']} games, "
        f"{result['unfinished']} unfinished, {result['mean_turns']} turns a game, "
        f"{result['seconds']} s"
    )
    return lines


def turn_costs(
    level: str = "expert",
    players: int = 6,
    seeds: Sequence[str] = ("l1", "l2"),
    max_turns: int = 60,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """CPU time of each whole computer turn and of each decision (choose and apply), in
    Classic games where every seat plays ``level``, set-up left out; and, for Expert,
    the simulated orders each turn spent (its budget counts those, not time).  Median,
    p90 and max of each, in ms (CPU time, so other work on the machine does not count)."""
    from engine.ai import choose_order
    from engine.core import PlayerSpec, find_ruleset
    from engine.rulesets.classic.ai import expert

    ruleset: Any = find_ruleset("classic")
    turn_ms: list[float] = []
    decision_ms: list[float] = []
    simulated: list[int] = []
    for seed in seeds:
        specs = [PlayerSpec(f"Computer {i + 1}", level) for i in range(players)]
        state = ruleset.new_game(specs, {}, seed)
        current, turn_cpu, spent = state.turn, 0.0, 0
        while ruleset.winner(state) is None and state.turn <= max_turns:
            started = time.process_time()
            state = ruleset.apply(state, choose_order(state)).state
            took = time.process_time() - started
            spent = expert.turn_spent()
            if current >= 1:
                turn_cpu += took
                decision_ms.append(took * 1000)
            if state.turn != current:
                if current >= 1:
                    turn_ms.append(turn_cpu * 1000)
                    simulated.append(spent)
                    if progress is not None:
                        progress(f"{seed} turn {current}: {turn_cpu * 1000:.0f} ms, {spent}")
                current, turn_cpu = state.turn, 0.0
                expert.forget_turns()

    def spread(values: Sequence[float]) -> dict[str, float]:
        ordered = sorted(values)
        if not ordered:
            return {"median": 0.0, "p90": 0.0, "max": 0.0}
        p90 = ordered[min(len(ordered) - 1, math.ceil(0.9 * len(ordered)) - 1)]
        return {
            "median": round(ordered[len(ordered) // 2], 1),
            "p90": round(p90, 1),
            "max": round(ordered[-1], 1),
        }

    return {
        "level": level,
        "players": players,
        "seeds": list(seeds),
        "turns": len(turn_ms),
        "turn_ms": spread(turn_ms),
        "decision_ms": spread(decision_ms),
        "simulated_orders": spread([float(n) for n in simulated]),
    }


TOP_LEVEL_GAMES = {2: 60, 4: 24}
"""``make bench``'s tournament: games per table size (small: it must fit the bench)."""


def measure_top_level(log: Callable[[str], None] = print, quick: bool = False) -> dict[str, Any]:
    """The top Classic level against Good at 2 and 4 players, fixed seed."""
    out: dict[str, Any] = {}
    for players, games in TOP_LEVEL_GAMES.items():
        result = run("classic", ("expert", "good"), players, 2 if quick else games, "bench-top")
        out[f"{players}p"] = result
        for line in describe(result):
            log(f"bench: classic expert vs good: {line}")
    return out


CAPITAL_TOP_LEVEL_GAMES = {2: 100, 4: 40}
"""``make bench``'s Capital Risk tournament: games per number of factions."""


def measure_capital_top_level(
    log: Callable[[str], None] = print, quick: bool = False
) -> dict[str, Any]:
    """The top Capital Risk level (Expert, which looks ahead) against Good at 2 and 4
    factions, fixed seed: the same games ``python -m engine tournament --ruleset
    capital --levels expert,good`` plays."""
    out: dict[str, Any] = {}
    for factions, games in CAPITAL_TOP_LEVEL_GAMES.items():
        result = run("capital", ("expert", "good"), factions, 2 if quick else games, "bench-top")
        out[f"{factions}f"] = result
        for line in describe(result):
            log(f"bench: capital expert vs good: {line}")
    return out


RPS_TOP_LEVEL_GAMES = {3: 30, 4: 20, 5: 20}
"""``make bench``'s Risk, Paper, Scissors tournament: games per table size."""


def measure_rps_top_level(
    log: Callable[[str], None] = print, quick: bool = False
) -> dict[str, Any]:
    """Risk, Paper, Scissors' Expert against Standard at 3, 4 and 5 players, fixed seed
    (the figures with their games are in docs/rules-risk-paper-scissors.md)."""
    out: dict[str, Any] = {}
    for players, games in RPS_TOP_LEVEL_GAMES.items():
        result = run(
            "risk_paper_scissors",
            ("expert", "standard"),
            players,
            2 if quick else games,
            "bench-top",
        )
        out[f"{players}p"] = result
        for line in describe(result):
            log(f"bench: rps expert vs standard: {line}")
    return out


GREATWAR_TOP_LEVEL_GAMES = 40
"""``make bench``'s Great War tournament: games of 8 nations (Expert and Standard nations
alternate, seats rotated)."""


def measure_greatwar_top_level(
    log: Callable[[str], None] = print, quick: bool = False
) -> dict[str, Any]:
    """The Great War's Expert against Standard with 8 nations, fixed seed (the figures
    with their games are in docs/rules-greatwar1907.md)."""
    games = 2 if quick else GREATWAR_TOP_LEVEL_GAMES
    result = run("greatwar1907", ("expert", "standard"), 8, games, "bench-top")
    for line in describe(result):
        log(f"bench: greatwar expert vs standard: {line}")
    return {"8p": result}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ai_tournament", description=__doc__)
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--levels", default="expert,good")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", default="bench-top")
    parser.add_argument("--max-turns", type=int, default=600)
    parser.add_argument("--first", type=int, default=0, help="number of the first game (0)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON too")
    parser.add_argument(
        "--turn-costs",
        action="store_true",
        help="instead: CPU time per whole turn and per decision of --levels' first level, "
        "every seat that level, --players players, seeds from --seed (comma-separated), "
        "--max-turns turns",
    )
    args = parser.parse_args(argv)
    if args.turn_costs:
        costs = turn_costs(
            args.levels.split(",")[0],
            args.players,
            tuple(args.seed.split(",")),
            args.max_turns,
            progress=lambda line: print(line, file=sys.stderr, flush=True),
        )
        print(json.dumps(costs))
        return 0
    levels = tuple(lv for lv in args.levels.split(",") if lv)
    result = run(
        args.ruleset,
        levels,
        args.players,
        args.games,
        args.seed,
        max_turns=args.max_turns,
        first=args.first,
        progress=lambda line: print(line, file=sys.stderr, flush=True),
    )
    for line in describe(result):
        print(line)
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
