"""The command line: ``python -m engine odds A D``, ``python -m engine simulate ...``.

Bad arguments give exit status 2 and one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from engine.errors import EngineError

EXIT_USAGE = 2
EXIT_UNVERIFIED = 1
"""`inspect`: a later code continues another save than the one before it (a fork)."""


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {text!r}")
    return value


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative: {text!r}")
    return value


def _option(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"options are NAME=VALUE, got {text!r}")
    return name.strip(), value.strip()


STDIN = "-"
"""A code argument that reads the codes from standard input (an argument is capped at
128 KiB by the system; a code may reach 1 MB)."""


def _code_file_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--file",
        metavar="PATH",
        help="read the codes from this file (one after the other, wrapped or not)",
    )


def _codes_in(text: str) -> list[str]:
    """The save codes in text, in order: each starts with ``RK1.``; whitespace anywhere
    is dropped (a mail wraps codes).  Anything before the first comes back as it is, to
    be refused with its own message."""
    flat = "".join(text.split())
    head, *codes = flat.split("RK1.")
    return ([head] if head else []) + ["RK1." + c for c in codes]


def _given_codes(args: Any) -> list[str]:
    """The codes of ``inspect`` or ``report``: the arguments, standard input (``-``) or
    ``--file``.

    :raises UsageError: no code, both a file and arguments, or a file that cannot be read.
    """
    arguments = [args.code, *getattr(args, "later", [])] if args.code is not None else []
    if args.file is not None:
        if arguments:
            raise UsageError("give the codes either as arguments or with --file, not both")
        try:
            with open(args.file, encoding="utf-8") as handle:
                text = handle.read()
        except (OSError, UnicodeError) as exc:
            raise UsageError(f"cannot read {args.file}: {exc}") from None
        where = args.file
    elif arguments == [STDIN]:
        text, where = sys.stdin.read(), "standard input"
    elif STDIN in arguments:
        raise UsageError(f"{STDIN} (standard input) must be the only code argument")
    else:
        if not arguments:
            raise UsageError(f"give a save code, {STDIN} to read standard input, or --file PATH")
        return arguments
    codes = _codes_in(text)
    if not codes:
        raise UsageError(f"no save code in {where}")
    return codes


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m engine", description="Risk-family game engine")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    odds = sub.add_parser("odds", help="exact probability that A attackers conquer D defenders")
    odds.add_argument("attackers", type=_positive)
    odds.add_argument("defenders", type=_positive)
    odds.add_argument("--advantage", action="store_true", help="with attack advantage")

    sim = sub.add_parser("simulate", help="a whole game between computer players")
    sim.add_argument("--ruleset", default="classic")
    sim.add_argument("--players", type=_positive, default=None, help="default: the ruleset's")
    sim.add_argument("--seed", default="1")
    sim.add_argument("--option", type=_option, action="append", default=[], metavar="NAME=VALUE")
    sim.add_argument("--max-turns", type=_positive, default=500)
    sim.add_argument(
        "--level",
        default=None,
        help="computer level for every seat (default: baseline, or standard without one)",
    )
    sim.add_argument(
        "--save-code", action="store_true", help="print the final save code on the last line"
    )

    inspect = sub.add_parser(
        "inspect",
        help="verify a save code (and each later code of its chain, replayed) and print the "
        "last state as JSON",
    )
    inspect.add_argument("code", nargs="?", help=f"a save code, or {STDIN} for standard input")
    inspect.add_argument(
        "later",
        nargs="*",
        help="the codes that follow CODE, in order: each is checked as every page checks it",
    )
    _code_file_argument(inspect)

    battle = sub.add_parser("battle", help="the exact result of a dice-free battle")
    battle.add_argument("--ruleset", default="rps")
    battle.add_argument("attackers", help="e.g. 3E2J1W or 1J+land")
    battle.add_argument("defenders")

    report = sub.add_parser("report", help="the last turn's (or phase's) report of a save code")
    report.add_argument("code", nargs="?", help=f"a save code, or {STDIN} for standard input")
    _code_file_argument(report)
    report.add_argument("--format", choices=("text", "bbcode", "markdown"), default="text")

    tour = sub.add_parser("tournament", help="computer levels against each other")
    tour.add_argument("--ruleset", default="classic")
    tour.add_argument("--games", type=_positive, default=100)
    tour.add_argument("--seed", default="1")
    tour.add_argument("--players", type=_positive, default=None)
    tour.add_argument("--levels", default="", help="comma-separated (default: all levels)")
    tour.add_argument("--option", type=_option, action="append", default=[], metavar="NAME=VALUE")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command == "odds":
            return _odds(args)
        if args.command == "simulate":
            return _simulate(args)
        if args.command == "inspect":
            return _inspect(args)
        if args.command == "report":
            return _report(args)
        if args.command == "battle":
            return _battle(args)
        if args.command == "tournament":
            return _tournament(args)
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except EngineError as exc:
        detail = getattr(exc, "detail", "")  # a code's technical reason, for the command line
        print(
            f"error: {exc.message} [{exc.code}]{f' ({detail})' if detail else ''}", file=sys.stderr
        )
        return EXIT_USAGE
    return EXIT_USAGE


def _odds(args: Any) -> int:
    from engine import odds

    result = odds.battle_odds(
        args.attackers, args.defenders, odds.ClassicDice(advantage=args.advantage)
    )
    advantage = " with attack advantage" if args.advantage else ""
    print(f"{args.attackers} attacking armies against {args.defenders} defenders{advantage}")
    print(
        f"expected losses: attacker {result.expected_attacker_losses:.3f}, "
        f"defender {result.expected_defender_losses:.3f}"
    )
    print(f"{result.win_probability:.12f}")
    return 0


def _simulate(args: Any) -> int:
    from engine.ai import levels
    from engine.core import find_ruleset
    from engine.simulate import computer_seats, play

    ruleset = find_ruleset(args.ruleset)
    options = dict(args.option)
    # A ruleset may name its own defaults (the Great War 1907: 8 nations, "standard").
    count = args.players or getattr(ruleset, "default_players", 4)
    level = args.level or getattr(ruleset, "default_level", None)
    if level is None:
        known = levels(ruleset.name)
        level = "baseline" if "baseline" in known or not known else "standard"
    players = computer_seats(count, level)

    def report(state: Any, events: list[dict[str, Any]]) -> None:
        seat = state.current
        alive = sum(1 for p in state.players if p.alive and p.control != "neutral")
        counts = ", ".join(
            f"{p.name.split()[-1]}:{len(state.territories_of(i))}"
            for i, p in enumerate(state.players)
            if p.alive
        )
        print(f"turn {state.turn} {state.players[seat].name} to play; {alive} alive; {counts}")

    record = play(
        args.ruleset,
        players,
        options,
        args.seed,
        args.max_turns,
        on_turn=report,
        record_orders=args.save_code,
    )
    # A ruleset may write its result line itself (Risk, Paper, Scissors: scores) or name
    # its winners (the Great War 1907: nations, shared wins).
    result_line = getattr(ruleset, "result_line", None)
    line = result_line(record.state) if result_line is not None else None
    names: list[str] = getattr(ruleset, "winner_names", lambda state: [])(record.state)
    if not names and record.winner is not None:
        names = [record.state.players[record.winner].name]
    if line is not None:
        print(line)
    elif names:
        shared = " (shared)" if len(names) > 1 else ""
        print(f"winner: {' and '.join(names)}{shared} after {record.turns} turns")
    else:
        print(f"no winner after {args.max_turns} turns")
    if args.save_code:
        print(_final_save_code(args, record))
    return 0


def _final_save_code(args: Any, record: Any) -> str:
    """The final position as a save code, signed by a key derived from the seed."""
    import hashlib

    from engine.core import find_ruleset
    from engine.keys import PlayerKey
    from engine.saves import make_save

    ruleset = find_ruleset(args.ruleset)
    seats = len(record.state.players)
    keys = [
        PlayerKey.generate(hashlib.sha256(f"{args.seed}:seat:{seat}".encode()).digest())
        for seat in range(seats)
    ]
    signer = record.winner if record.winner is not None else 0
    return make_save(
        ruleset,
        record.state,
        game_id=hashlib.sha256(f"game:{args.seed}".encode()).hexdigest()[:16],
        keys=[k.public_key_text for k in keys],
        signer=keys[signer],
        seat=signer,
    )


def _inspect(args: Any) -> int:
    import json
    import sys

    from engine.save_chain import continue_game
    from engine.saves import read_save

    first, *later = _given_codes(args)
    record = read_save(first)
    chain = []
    for code in later:
        continuation = continue_game(record, code)
        record = continuation.record
        chain.append({"save": record.seq, "verified": continuation.verified})
        if not continuation.verified:
            print(f"not verified: {' '.join(continuation.warnings)}", file=sys.stderr)
            return EXIT_UNVERIFIED
    print(
        json.dumps(
            {
                "ruleset": record.ruleset,
                "game": record.game_id,
                "save": record.seq,
                "signed_by_seat": record.seat,
                "turn": record.turn,
                "checked": (
                    f"orders replayed from save {chain[0]['save'] - 1}"
                    if chain
                    else "signature and fields only: pass the codes it continues, before it, "
                    "to replay its orders"
                ),
                "chain": chain,
                "state": record.state.to_json(),
            },
            indent=1,
        )
    )
    return 0


def _report(args: Any) -> int:
    from engine.core import find_ruleset
    from engine.saves import read_save

    codes = _given_codes(args)
    if len(codes) > 1:
        raise UsageError(f"report reads one save code, got {len(codes)}")
    record = read_save(codes[0])
    text = find_ruleset(record.ruleset).turn_report(record.state, args.format)
    if text is None:
        raise UsageError(f"the {record.ruleset} rules write no turn reports")
    print(text if text else "no turn has been resolved yet")
    return 0


def _battle(args: Any) -> int:
    from engine.core import find_ruleset

    ruleset = find_ruleset(args.ruleset)
    lines = getattr(ruleset, "battle_lines", None)
    if lines is None:
        raise UsageError(f"{ruleset.name} battles use dice; try: python -m engine odds A D")
    for line in lines(args.attackers, args.defenders):
        print(line)
    return 0


def _tournament(args: Any) -> int:
    from engine.ai import levels as known_levels
    from engine.core import find_ruleset
    from engine.tournament import format_result, run_tournament

    name = find_ruleset(args.ruleset).name  # an alias lists its ruleset's levels
    args.ruleset = name
    available = known_levels(name)
    chosen = [lv for lv in args.levels.split(",") if lv] or [
        lv for lv in ("easy", "standard", "good") if lv in available
    ]
    unknown = [lv for lv in chosen if lv not in available]
    if unknown or len(chosen) < 2:
        raise UsageError(
            f"levels must be two or more of {', '.join(available)}; got {', '.join(chosen)}"
        )
    result = run_tournament(name, args.games, args.seed, args.players, chosen, dict(args.option))
    for line in format_result(result):
        print(line)
    return 0
