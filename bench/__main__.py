"""``python -m bench [--runs N]``: measure, then write bench/results.json and
bench/results.md and print the table; ``python -m bench compare --ref REF``: the engine
figures of this tree and of a git ref side by side, in one run (bench/compare.py).  See
bench/README.md."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from bench.browser import KINDS
from bench.machine import machine_info
from bench.report import check_targets, render_markdown, summarize_page_runs
from bench.stats import summarize

BENCH_DIR = Path(__file__).resolve().parent
TIMING_KEYS = (
    "map_attached",
    "map_paint",
    "fcp",
    "form_enabled",
    "key_sent",
    "key_handled",
    "input_delay",
    "dom_content_loaded",
    "python_start",
    "ready",
    "longest_task_ms",
    "longest_task_start",
    "longest_task_after_paint_ms",
    "blocking_ms_before_ready",
    "snapshot_bytes",
    "snapshot_make_ms",
)


def log(message: str) -> None:
    print(message, flush=True)


def summarize_browser(runs: Any) -> tuple[dict[str, Any], list[str]]:
    """Summaries per page and measure, the same-run ready ratio, and notes on failures."""
    notes: list[str] = []
    out: dict[str, Any] = {"chromium": runs.chromium_version, "order": runs.order}
    for kind in KINDS:
        loads = getattr(runs, kind)
        if not loads:
            continue
        ok = [load for load in loads if load.ok]
        for load in loads:
            if load.page_results and load.page_results.get("python_start_ms") is not None:
                load.timings["python_start"] = load.page_results["python_start_ms"]
        figures: dict[str, Any] = {
            key: summarize(load.timings.get(key) for load in ok) for key in TIMING_KEYS
        }
        figures["bytes_on_wire"] = summarize((load.bytes_on_wire for load in ok), 0)
        figures["bytes_uncompressed"] = summarize((load.bytes_uncompressed for load in ok), 0)
        figures["bytes_gzip"] = summarize((load.bytes_gzip for load in ok), 0)
        probed = [load for load in ok if load.timings.get("key_kept") is not None]
        if probed:
            figures["keys_kept"] = f"{sum(bool(load.timings['key_kept']) for load in probed)}"
            figures["keys_kept"] += f" of {len(probed)}"
        figures["requests"] = summarize((load.requests for load in ok), 0)
        restored = [load for load in ok if load.timings.get("snapshot")]
        if restored and kind == "game_return":
            count = sum(load.timings["snapshot"] == "restored" for load in restored)
            figures["snapshot_restored"] = f"{count} of {len(restored)}"
        figures["biggest"] = ok[0].biggest if ok else []
        figures["form_control"] = next(
            (load.timings.get("form_control") for load in ok if load.timings.get("form_control")),
            None,
        )
        out[kind] = {k: v for k, v in figures.items() if v not in (None, [])}
        failed = len(loads) - len(ok)
        if failed:
            notes.append(f"{kind}: {failed} of {len(loads)} loads failed: {loads[0].errors[:1]}")
        misdirected = [load for load in ok if load.timings.get("key_in_form") is False]
        if misdirected:
            notes.append(
                f"{kind}: in {len(misdirected)} load(s) the probe key did not reach the form "
                "control (the form was not enabled and focused yet when it was typed)"
            )
        errors = sorted({e for load in loads for e in load.errors})
        if errors:
            notes.append(f"{kind}: page reported {len(errors)} distinct error(s): {errors[:3]}")
        off_host = sorted({u for load in loads for u in load.off_host})
        if off_host:
            notes.append(f"{kind}: requests to other hosts: {off_host[:5]}")
        page_errors = [
            str(load.page_results["error"]).strip().splitlines()[-1]
            for load in ok
            if load.page_results and "error" in load.page_results
        ]
        if page_errors:
            notes.append(f"{kind}: the bench page's Python failed: {page_errors[0]}")
    ratios = [
        game.timings["ready"] / bare.timings["ready"]
        for game, bare in zip(runs.game, runs.bare, strict=True)
        if game.ok and bare.ok and game.timings.get("ready") and bare.timings.get("ready")
    ]
    out["ready_ratio"] = summarize(ratios)
    # Return visits against the cold bare page of the same run.
    out["return_ratio"] = summarize(
        again.timings["ready"] / bare.timings["ready"]
        for again, bare in zip(runs.game_return, runs.bare, strict=False)
        if again.ok and bare.ok and again.timings.get("ready") and bare.timings.get("ready")
    )
    return out, notes


def main(argv: list[str] | None = None) -> int:
    given = sys.argv[1:] if argv is None else argv
    if given[:1] == ["compare"]:
        from bench.compare import main as compare_main

        return compare_main(given[1:])
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (default 5)")
    parser.add_argument("--skip-browser", action="store_true", help="engine only")
    parser.add_argument("--skip-engine", action="store_true", help="browser only")
    parser.add_argument(
        "--quick", action="store_true", help="small sizes for a try-out; writes to bench/raw/"
    )
    parser.add_argument("--out", type=Path, default=None, help="output directory")
    parser.add_argument(
        "--only-greatwar-page",
        action="store_true",
        help="only the Great War 1907 page task (bench/greatwar_page.py); prints its figures",
    )
    parser.add_argument(
        "--chromium",
        default=os.environ.get(
            "BENCH_CHROMIUM", os.environ.get("E2E_CHROMIUM", "/usr/bin/chromium")
        ),
    )
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    out_dir: Path = args.out or (BENCH_DIR / "raw" if args.quick else BENCH_DIR)
    raw_dir = BENCH_DIR / "raw"
    out_dir.mkdir(parents=True, exist_ok=True)
    raw_dir.mkdir(parents=True, exist_ok=True)

    if args.only_greatwar_page:
        from bench.greatwar_page import run_greatwar_page

        print(json.dumps(run_greatwar_page(args.runs, chromium=args.chromium, log=log), indent=1))
        return 0
    started = time.perf_counter()
    load_before = os.getloadavg()
    results: dict[str, Any] = {}
    notes: list[str] = []
    if not args.skip_browser:
        if not Path(args.chromium).is_file():
            log(f"bench: {args.chromium} not found: run `make chromium`")
            return 2
        from bench.browser import run_browser

        runs = run_browser(args.runs, chromium=args.chromium, quick_page=args.quick, log=log)
        (raw_dir / "loads.json").write_text(
            json.dumps(
                {kind: [load.to_json() for load in getattr(runs, kind)] for kind in KINDS},
                indent=1,
            ),
            encoding="utf-8",
        )
        results["browser"], browser_notes = summarize_browser(runs)
        notes += browser_notes
        results["page"] = summarize_page_runs(
            [load.page_results or {} for load in runs.bench_page if load.ok]
        )
        from bench.greatwar_page import run_greatwar_page

        results["greatwar_page"] = run_greatwar_page(args.runs, chromium=args.chromium, log=log)
        from bench.rps_page import run_rps_page  # Risk, Paper, Scissors in the page

        results["rps_page"] = run_rps_page(args.runs, args.chromium)
        from bench.speed_page import run_speed_page  # the game speed (issue 30)

        log("bench: the game speed in the page (a Classic round of two computers)")
        results["speed_page"] = run_speed_page(args.runs, args.chromium)
        from bench.map_page import run_map_page  # the board's viewport (issue 28)

        log("bench: the board in the page, per ruleset…")
        results["map_page"] = run_map_page(args.runs, args.chromium)
        from bench.resume_page import run_resume_page  # a resumed game's first paint

        log("bench: a resumed game's first board paint, per ruleset…")
        results["resume_page"] = run_resume_page(args.runs, args.chromium)
        from bench.forum_page import run_forum_page  # a forum thread pasted (issue 30)

        log("bench: a forum thread pasted in the page (as met, cold, cold in one call)…")
        results["forum_page"] = run_forum_page(args.runs, min(2, args.runs), args.chromium)
        from bench.computer_page import run_computer_page  # every level (issue 31)

        log("bench: every computer level of every ruleset, in the page and in CPython…")
        results["computer_page"] = run_computer_page(1, args.chromium, quick=args.quick)
    if not args.skip_engine:
        from bench.engine_bench import run_engine

        results["engine"] = run_engine(args.runs, log=log, quick=args.quick)
    load_after = os.getloadavg()
    cores = os.cpu_count() or 1
    if max(load_before[0], load_after[0]) > cores:
        notes.append(
            f"the machine was busy (load average {load_before[0]:.1f} before, "
            f"{load_after[0]:.1f} after, on {cores} cores): expect noisy figures"
        )
    results["meta"] = {
        "machine": machine_info(None if args.skip_browser else args.chromium),
        "runs": args.runs,
        "quick": args.quick,
        "command": " ".join(["python -m bench", *(argv if argv is not None else sys.argv[1:])]),
        "elapsed_s": round(time.perf_counter() - started, 1),
        "load_average": f"{load_before[0]:.2f} / {load_after[0]:.2f}",
        "notes": notes,
    }
    results["targets"] = check_targets(results)
    ordered: dict[str, Any] = {
        key: results[key]
        for key in (
            "meta",
            "targets",
            "browser",
            "page",
            "greatwar_page",
            "rps_page",
            "speed_page",
            "map_page",
            "resume_page",
            "forum_page",
            "engine",
        )
        if key in results
    }
    (out_dir / "results.json").write_text(json.dumps(ordered, indent=1) + "\n", encoding="utf-8")
    table = render_markdown(ordered)
    (out_dir / "results.md").write_text(table, encoding="utf-8")
    print()
    print(table)
    log(f"bench: wrote {out_dir / 'results.json'} and {out_dir / 'results.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
