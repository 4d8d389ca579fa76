"""``python -m bench compare --ref REF``: the engine figures of this tree and of a git
ref, measured in one run, side by side.

The ref is checked out with ``git worktree add --detach`` into a temporary folder
(removed afterwards).  Each round runs every figure once per side, each side in a fresh
CPython subprocess whose working directory and import path are that side's tree (so
each side runs its own ``bench/tasks.py`` against its own engine); the sides alternate
which goes first from round to round, so that a machine busy with something else slows
both alike.  The report gives, per figure, each side's median and p90 over every sample
of every round, and the ratio of the medians (ref / this tree: above 1, this tree is
faster).  See bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

FIGURES: dict[str, str] = {
    "classic turn (6 baseline computers)": "classic_turn_times(6, 'baseline', ('p1',), {turns})",
    "capital resolution (8 factions)": "capital_resolution_times(8, ('r1',), {short}, 1)",
    "great war resolution (8 nations)": "greatwar_resolution_times(('w1',), {short}, 1)",
    "great war orders (standard)": "greatwar_order_times(('w1',), {short})",
    "rps turn (4 standard computers)": "rps_turn_times(4, 'standard', ('p1',))[0]",
    "save code encode (classic, 6)": "save_code_times(6, 20, {repeats})['encode_ms']",
    "save code decode and verify": "save_code_times(6, 20, {repeats})['decode_verify_ms']",
    "save chain replay (classic, 6)": "save_code_times(6, 20, {repeats})['chain_verify_ms']",
}
"""Each figure: an expression over that side's ``bench.tasks`` giving milliseconds (a
list of samples, or a summary whose ``median`` is taken as one sample)."""

_SIDE_PROGRAM = """
import json, sys
import bench.tasks as t
from bench.tasks import *  # noqa: F403
out = {}
for name, expression in json.loads(sys.argv[1]).items():
    value = eval(expression)
    if isinstance(value, dict):
        value = [value["median"]]
    out[name] = list(value)
print(json.dumps(out))
"""


def _git(*args: str, cwd: Path = ROOT) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def _run_side(tree: Path, figures: dict[str, str], python: str) -> dict[str, list[float]]:
    done = subprocess.run(
        [python, "-c", _SIDE_PROGRAM, json.dumps(figures)],
        cwd=tree,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"},
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the bench failed in {tree}:\n{done.stderr[-2000:]}")
    result: dict[str, list[float]] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _summary(samples: Sequence[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return statistics.median(ordered), p90


def compare(
    ref: str,
    rounds: int,
    quick: bool,
    python: str = sys.executable,
    log: Any = print,
    only: str = "",
) -> dict[str, Any]:
    """Both sides' samples per figure (those whose name holds ``only``), measured in
    alternating rounds."""
    sizes = {"turns": 12 if quick else 40, "short": 3 if quick else 6, "repeats": 3 if quick else 5}
    figures = {name: expr.format(**sizes) for name, expr in FIGURES.items() if only in name}
    if not figures:
        raise ValueError(f"no figure's name holds {only!r}")
    commit = _git("rev-parse", "--verify", f"{ref}^{{commit}}")
    here = _git("rev-parse", "--short", "HEAD")
    dirty = bool(_git("status", "--porcelain", "--untracked-files=no"))
    with tempfile.TemporaryDirectory(prefix="bench-ref-") as folder:
        tree = Path(folder) / "ref"
        _git("worktree", "add", "--detach", str(tree), commit)
        try:
            samples: dict[str, dict[str, list[float]]] = {"ref": {}, "this": {}}
            for round_index in range(rounds):
                order = ("ref", "this") if round_index % 2 == 0 else ("this", "ref")
                for side in order:
                    log(f"round {round_index + 1}/{rounds}: {side}")
                    got = _run_side(tree if side == "ref" else ROOT, figures, python)
                    for name, values in got.items():
                        samples[side].setdefault(name, []).extend(values)
        finally:
            _git("worktree", "remove", "--force", str(tree))
    return {
        "ref": ref,
        "ref_commit": commit[:10],
        "this": here + (" with uncommitted changes" if dirty else ""),
        "rounds": rounds,
        "quick": quick,
        "samples": samples,
    }


def render(result: dict[str, Any]) -> str:
    """The side-by-side table (Markdown)."""
    lines = [
        f"Engine figures, ref {result['ref']} ({result['ref_commit']}) against this tree "
        f"({result['this']}), {result['rounds']} alternating rounds"
        + (" (quick sizes)" if result["quick"] else "")
        + ", milliseconds:",
        "",
        "| figure | ref median | ref p90 | this median | this p90 | ref/this |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for name in FIGURES:
        ref = result["samples"]["ref"].get(name)
        this = result["samples"]["this"].get(name)
        if not ref or not this:
            continue
        (rm, rp), (tm, tp) = _summary(ref), _summary(this)
        ratio = rm / tm if tm else float("nan")
        lines.append(f"| {name} | {rm:.2f} | {rp:.2f} | {tm:.2f} | {tp:.2f} | {ratio:.2f} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench compare", description=__doc__)
    parser.add_argument("--ref", required=True, help="the git ref to compare with")
    parser.add_argument("--rounds", type=int, default=4, help="alternating rounds (default 4)")
    parser.add_argument("--quick", action="store_true", help="small sizes, for a try-out")
    parser.add_argument("--json", type=Path, default=None, help="also write the samples here")
    parser.add_argument("--only", default="", help="only the figures whose name holds this")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if not any(args.only in name for name in FIGURES):
        parser.error(f"no figure's name holds {args.only!r}: {', '.join(FIGURES)}")
    result = compare(
        args.ref, args.rounds, args.quick, log=lambda m: print(m, flush=True), only=args.only
    )
    if args.json is not None:
        args.json.write_text(json.dumps(result, indent=1) + "\n")
    print(render(result))
    return 0
