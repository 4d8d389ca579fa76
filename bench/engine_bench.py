"""Engine measurements in CPython: whole games per second, computer turns per level,
Capital Risk resolutions, the odds command in a fresh process, save-code sizes, and a
Risk, Paper, Scissors paste of 1 MB in the page's pure-Python paths (bench/paste.py).

Every ``measure_*`` function repeats its measurement ``runs`` times and returns summaries
(:func:`bench.stats.summarize`: median, min, max over the runs).  The size arguments exist
so that tests/test_bench_smoke.py can run them quickly.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bench import tasks
from bench.ai_tournament import (
    measure_capital_top_level,
    measure_greatwar_top_level,
    measure_rps_top_level,
    measure_top_level,
)
from bench.paste import rps_paste_times
from bench.stats import summarize

ROOT = Path(__file__).resolve().parent.parent
Log = Callable[[str], None]


def _quiet(_: str) -> None:
    pass


def measure_games_per_second(
    runs: int,
    players: Sequence[int] = (2, 4, 6),
    seeds: Sequence[str] = ("g1", "g2", "g3", "g4"),
    max_turns: int = 500,
    log: Log = _quiet,
) -> dict[str, Any]:
    """Whole Classic games between baseline computer players: games per second over
    ``seeds`` (one figure per run), with the mean number of turns."""
    from engine.simulate import computer_seats, play

    out: dict[str, Any] = {}
    for count in players:
        rates: list[float] = []
        turns: list[int] = []
        for _ in range(runs):
            started = time.perf_counter()
            for seed in seeds:
                record = play("classic", computer_seats(count), {}, seed, max_turns=max_turns)
                turns.append(record.turns)
            rates.append(len(seeds) / (time.perf_counter() - started))
        out[str(count)] = {
            "games_per_s": summarize(rates),
            "seeds": list(seeds),
            "mean_turns": round(statistics.mean(turns), 1),
        }
        log(f"bench: classic {count} players: {statistics.median(rates):.2f} games/s")
    return out


def measure_turns_per_level(
    runs: int,
    ruleset: str,
    players: int = 6,
    seeds: Sequence[str] = ("l1", "l2"),
    max_turns: int = 60,
    log: Log = _quiet,
) -> dict[str, Any]:
    """Per computer level: the median computer turn (ms) of each run, summarized over runs.

    Classic: a whole turn of one computer seat (choose and apply every order).  Capital
    Risk: one faction choosing its orders for a turn (the resolution is timed apart)."""
    from engine.ai import levels

    out: dict[str, Any] = {}
    for level in levels(ruleset):
        medians: list[float] = []
        p90s: list[float] = []
        count = 0
        for _ in range(runs):
            if ruleset == "classic":
                times = tasks.classic_turn_times(players, level, tuple(seeds), max_turns)
            else:
                times = tasks.capital_order_times(players, tuple(seeds), max_turns, level)
            spread = tasks._spread(times)
            medians.append(spread["median"])
            p90s.append(spread["p90"])
            count = len(times)
        out[level] = {"turn_ms": summarize(medians), "p90_ms": summarize(p90s), "turns": count}
        log(f"bench: {ruleset} {level}: {statistics.median(medians):.2f} ms per computer turn")
    return out


def measure_capital_resolution(
    runs: int,
    factions: int = 8,
    seeds: Sequence[str] = ("r1", "r2"),
    turns: int = 10,
    log: Log = _quiet,
) -> dict[str, Any]:
    """Milliseconds to resolve one Capital Risk turn with every faction's orders sealed:
    per run the median over ``turns`` turns of each seed."""
    medians: list[float] = []
    maxima: list[float] = []
    count = 0
    states = [s for seed in seeds for s in tasks.capital_sealed_states(factions, seed, turns)]
    for _ in range(runs):
        times = _resolve_all(states)
        medians.append(statistics.median(times))
        maxima.append(max(times))
        count = len(times)
    log(f"bench: capital resolution, {factions} factions: {statistics.median(medians):.2f} ms")
    return {
        "factions": factions,
        "resolutions": count,
        "resolution_ms": summarize(medians),
        "worst_ms": summarize(maxima),
    }


def _resolve_all(states: Sequence[Any]) -> list[float]:
    from engine.core import find_ruleset
    from engine.rulesets.capital import Resolve

    ruleset = find_ruleset("capital")
    times: list[float] = []
    for state in states:
        started = time.perf_counter()
        ruleset.apply(state, Resolve())
        times.append((time.perf_counter() - started) * 1000.0)
    return times


ODDS_WRAPPER = """
import contextlib, io, json, sys, time
started = time.perf_counter()
from engine.cli import main
imported = time.perf_counter()
with contextlib.redirect_stdout(io.StringIO()) as out:
    status = main(sys.argv[1:])
done = time.perf_counter()
print(json.dumps({"import_ms": (imported - started) * 1000, "call_ms": (done - imported) * 1000,
                  "status": status, "answer": out.getvalue().strip().splitlines()[-1]}))
"""


def measure_odds(
    runs: int,
    cases: Sequence[tuple[int, int]] = ((50, 50), (100, 100)),
    python: str = sys.executable,
    log: Log = _quiet,
) -> dict[str, Any]:
    """``python -m engine odds A D`` in fresh processes: the whole process (wall clock
    around the real command) and, in a wrapper process, the ``main()`` call alone (that
    includes the lazy import of engine.odds and every table it builds) and the import of
    engine.cli before it."""
    out: dict[str, Any] = {}
    # As a player runs it: with compiled bytecode cached (this machine's environment
    # may forbid writing it, which would time the compiler instead), after one warm-up.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(
        [python, "-m", "engine", "odds", "2", "1"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        check=True,
    )
    for attackers, defenders in cases:
        argv = ["odds", str(attackers), str(defenders)]
        process: list[float] = []
        calls: list[float] = []
        imports: list[float] = []
        answer = ""
        for _ in range(runs):
            started = time.perf_counter()
            done = subprocess.run(
                [python, "-m", "engine", *argv],
                cwd=ROOT,
                env=env,
                capture_output=True,
                text=True,
                check=True,
            )
            process.append((time.perf_counter() - started) * 1000.0)
            answer = done.stdout.strip().splitlines()[-1]
            wrapped = subprocess.run(
                [python, "-c", ODDS_WRAPPER, *argv],
                cwd=ROOT,
                env=env,
                capture_output=True,
                text=True,
                check=True,
            )
            data = json.loads(wrapped.stdout.strip().splitlines()[-1])
            calls.append(float(data["call_ms"]))
            imports.append(float(data["import_ms"]))
        out[f"{attackers}_{defenders}"] = {
            "attackers": attackers,
            "defenders": defenders,
            "probability": answer,
            "call_ms": summarize(calls),
            "import_ms": summarize(imports),
            "process_ms": summarize(process),
        }
        log(
            f"bench: odds {attackers} {defenders}: call {statistics.median(calls):.1f} ms, "
            f"process {statistics.median(process):.1f} ms"
        )
    return out


def _code_lengths(
    ruleset: Any, before: Any, state: Any, orders: Sequence[Any], keys: Sequence[Any], seat: int
) -> tuple[int, int]:
    """Characters in the save code of ``state`` signed by ``seat``: alone, and chained
    after the save of ``before`` with the ``orders`` that led from it."""
    from engine.saves import make_save, read_save

    texts = [k.public_key_text for k in keys]

    def save(at: Any, **chain: Any) -> str:
        return make_save(
            ruleset, at, game_id="bench", keys=texts, signer=keys[seat], seat=seat, **chain
        )

    chained = save(state, previous=read_save(save(before)), actions=list(orders))
    return len(save(state)), len(chained)


def classic_save_sizes(
    players: int = 6,
    turns: Sequence[int] = (1, 20, 50),
    seeds: Sequence[str] = ("s1", "s2", "s3", "s4", "s5"),
) -> dict[str, Any]:
    """Characters in a Classic save code at the start of each turn: alone (the first save
    of a chain, no orders) and as the next save of a chain (with the previous turn's
    orders).  Uses the first seed whose game lasts that long."""
    from engine.core import find_ruleset

    ruleset = find_ruleset("classic")
    keys = tasks.player_keys(players)
    out: dict[str, Any] = {}
    for turn in turns:
        for seed in seeds:
            before, state, orders = tasks.classic_game_at_turn(players, turn, seed)
            if state.turn >= turn:
                break
        seat = ruleset.actor(before) or 0
        alone, chained = _code_lengths(ruleset, before, state, orders, keys, seat)
        out[str(turn)] = {
            "turn": state.turn,
            "seed": seed,
            "alone_chars": alone,
            "chained_chars": chained,
            "orders": len(orders),
        }
    return out


def capital_save_size(factions: int = 8, turn: int = 10, seed: str = "c1") -> dict[str, Any]:
    """Characters in a Capital Risk save code at the start of ``turn`` (orders phase):
    alone, and chained with that turn's orders (sealed-orders proofs not included)."""
    from engine.ai import choose_order
    from engine.core import PlayerSpec, find_ruleset
    from engine.rulesets.capital import Phase

    ruleset = find_ruleset("capital")
    keys = tasks.player_keys(factions, "capital")
    specs = [PlayerSpec(f"Computer {i + 1}", "baseline") for i in range(factions)]
    state = ruleset.new_game(specs, {}, seed)
    before: Any = None
    orders: list[Any] = []
    while state.phase is not Phase.GAME_OVER and state.turn < turn:
        if before is None and state.turn >= turn - 1 and state.phase is Phase.ORDERS:
            before = state
        order = choose_order(state)
        if before is not None:
            orders.append(order)
        state = ruleset.apply(state, order).state
    before = before if before is not None else state
    alone, chained = _code_lengths(ruleset, before, state, orders, keys, 0)
    return {
        "factions": factions,
        "turn": state.turn,
        "alive": sum(1 for p in state.players if p.alive),
        "alone_chars": alone,
        "chained_chars": chained,
        "orders": len(orders),
    }


def greatwar_save_size(turns: int = 10, seed: str = "w1") -> dict[str, Any]:
    """Characters in a Great War 1907 save code after ``turns`` turns of 8 computer
    nations (at the start of the next Deployment phase): alone, and chained with the
    last turn's orders (sealed-orders proofs not included)."""
    from engine.ai import choose_order
    from engine.core import PlayerSpec, find_ruleset
    from engine.rulesets.greatwar1907 import Phase

    ruleset = find_ruleset("greatwar1907")
    keys = tasks.player_keys(8, "greatwar")
    specs = [PlayerSpec(f"Computer {i + 1}", "standard") for i in range(8)]
    state = ruleset.new_game(specs, {"turn_limit": turns + 5}, seed)
    before: Any = None
    orders: list[Any] = []
    while state.phase is not Phase.GAME_OVER and state.turn <= turns:
        if before is None and state.turn == turns:
            before = state
        order = choose_order(state)
        if before is not None:
            orders.append(order)
        state = ruleset.apply(state, order).state
    before = before if before is not None else state
    alone, chained = _code_lengths(ruleset, before, state, orders, keys, 0)
    return {
        "nations": 8,
        "turn": state.turn,
        "alone_chars": alone,
        "chained_chars": chained,
        "orders": len(orders),
    }


def measure_greatwar(runs: int, turns: int = 10, log: Log = _quiet) -> dict[str, Any]:
    """Great War 1907 in CPython: one 8-nation phase resolution and one computer
    nation's orders (standard), per run the median over turns 1 to ``turns``."""
    resolution: list[float] = []
    orders: list[float] = []
    for _ in range(runs):
        resolution.append(statistics.median(tasks.greatwar_resolution_times(("w1",), turns, 1)))
        orders.append(statistics.median(tasks.greatwar_order_times(("w1",), turns)))
    log(
        f"bench: greatwar resolution {statistics.median(resolution):.2f} ms, "
        f"orders {statistics.median(orders):.2f} ms"
    )
    return {"resolution_ms": summarize(resolution), "orders_ms": summarize(orders)}


def run_engine(runs: int, log: Log = print, quick: bool = False) -> dict[str, Any]:
    """Every engine measurement at full size (``quick``: small sizes, for a try-out)."""
    seeds = ("g1",) if quick else ("g1", "g2", "g3", "g4")
    level_seeds = ("l1",) if quick else ("l1", "l2")
    level_turns = 15 if quick else 60
    return {
        "classic_games": measure_games_per_second(runs, seeds=seeds, log=log),
        "classic_turns": measure_turns_per_level(
            runs, "classic", 6, level_seeds, level_turns, log=log
        ),
        "capital_turns": measure_turns_per_level(
            runs, "capital", 6, level_seeds, 5 if quick else 10, log=log
        ),
        "capital_resolution": measure_capital_resolution(
            runs, 8, ("r1",) if quick else ("r1", "r2"), 4 if quick else 10, log=log
        ),
        "capital_tournament": measure_capital_top_level(log=log, quick=quick),
        "greatwar": measure_greatwar(runs, 3 if quick else 10, log=log),
        "odds": measure_odds(runs, log=log),
        "save_sizes": {
            "classic_6": classic_save_sizes(6, (1, 20, 50)),
            "capital_8": capital_save_size(8, 10),
            "greatwar_8": greatwar_save_size(10),
        },
        "page_suite_cpython": page_suite_fresh(quick),
        "classic_tournament": measure_top_level(log=log, quick=quick),
        "rps_tournament": measure_rps_top_level(log=log, quick=quick),
        "greatwar_tournament": measure_greatwar_top_level(log=log, quick=quick),
        "rps_paste": rps_paste_times(1 if quick else runs, 100_000 if quick else 1_000_000),
    }


def page_suite_fresh(quick: bool = False, python: str = sys.executable) -> dict[str, Any]:
    """The bench page's suite run by CPython in a fresh process (so that the engine import
    is timed cold, as in the page)."""
    code = (
        "import json, sys\n"
        "from bench.tasks import page_suite\n"
        f"print(json.dumps(page_suite(quick={quick!r})))\n"
    )
    done = subprocess.run(
        [python, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result
