"""Targets (reported against, never asserted) and the readable table, bench/results.md."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench.stats import Summary, median_of, summarize

# The game's first-visit transfer before the bytecode build (README, 2026-11-30 06:44 run):
# the bytes target is "no more than that".
BYTES_BEFORE = 16.4e6


@dataclass(frozen=True)
class Target:
    key: str
    label: str
    limit: float
    unit: str  # "ms" or "x"
    strict: bool  # "<" rather than "<="
    find: Callable[[dict[str, Any]], Summary | None]


def _get(data: dict[str, Any], *path: str) -> Any:
    for key in path:
        if not isinstance(data, dict) or key not in data:
            return None
        data = data[key]
    return data


def _finder(*path: str) -> Callable[[dict[str, Any]], Summary | None]:
    def find(results: dict[str, Any]) -> Summary | None:
        found: Summary | None = _get(results, *path)
        return found

    return find


def _single(value: float) -> Callable[[dict[str, Any]], Summary | None]:
    """A figure already reduced to one number (the worst of the loads)."""
    return lambda _results: summarize([value])


RULESET_TITLES = {
    "classic": "Classic",
    "capital": "Capital Risk",
    "greatwar1907": "Great War 1907",
    "risk_paper_scissors": "Risk, Paper, Scissors",
}


def targets_for(results: dict[str, Any]) -> list[Target]:
    found: list[Target] = [
        Target(
            "map_paint",
            "First map paint",
            500,
            "ms",
            False,
            lambda r: _get(r, "browser", "game", "map_paint"),
        ),
        Target(
            "form_enabled",
            "New-game form accepts input (enabled + focused)",
            1000,
            "ms",
            False,
            lambda r: _get(r, "browser", "game", "form_enabled"),
        ),
        Target(
            "ready_ratio",
            "Cold load: ready ÷ bare Pyodide page (same run)",
            0.6,
            "x",
            False,
            lambda r: _get(r, "browser", "ready_ratio"),
        ),
        Target(
            "return_ready",
            "Return visit (service worker): ready",
            1500,
            "ms",
            False,
            lambda r: _get(r, "browser", "game_return", "ready"),
        ),
        Target(
            "return_ratio",
            "Return visit ready ÷ cold bare page (same run)",
            0.3,
            "x",
            False,
            lambda r: _get(r, "browser", "return_ratio"),
        ),
        Target(
            "longest_task_after_paint",
            "Cold load: longest main-thread task after first paint",
            200,
            "ms",
            False,
            lambda r: _get(r, "browser", "game", "longest_task_after_paint_ms"),
        ),
        Target(
            "first_visit_bytes",
            "Cold load: bytes transferred (as stored; before issue 19: 16.4 MB)",
            BYTES_BEFORE,
            "MB",
            False,
            lambda r: _get(r, "browser", "game", "bytes_on_wire"),
        ),
    ]
    levels = _get(results, "page", "classic_turn_ms") or {}
    for level in sorted(levels, key=lambda lv: (lv != "baseline", lv)):
        found.append(
            Target(
                f"page_classic_turn_{level}",
                f"Classic computer turn in the page ({level})",
                150,
                "ms",
                False,
                _finder("page", "classic_turn_ms", level),
            ),
        )
    for level in sorted(_get(results, "page", "rps_turn_ms") or {}):
        found.append(
            Target(
                f"page_rps_turn_{level}",
                f"Risk, Paper, Scissors computer turn in the page ({level}, 4 players)",
                100,
                "ms",
                False,
                _finder("page", "rps_turn_ms", level),
            ),
        )
    found += [
        Target(
            "page_capital_resolution",
            "Capital Risk resolution in the page (8 factions)",
            100,
            "ms",
            False,
            lambda r: _get(r, "page", "capital_resolution_ms"),
        ),
        Target(
            "page_greatwar_resolution",
            "Great War 1907 phase resolution in the page (8 nations)",
            100,
            "ms",
            False,
            lambda r: _get(r, "page", "greatwar_resolution_ms"),
        ),
        Target(
            "page_greatwar_orders",
            "Great War 1907 computer nation's orders in the page (standard)",
            100,
            "ms",
            False,
            lambda r: _get(r, "page", "greatwar_orders_ms"),
        ),
        Target(
            "greatwar_resolution",
            "Great War 1907 phase resolution in CPython (8 nations)",
            100,
            "ms",
            False,
            lambda r: _get(r, "engine", "greatwar", "resolution_ms"),
        ),
        Target(
            "greatwar_orders",
            "Great War 1907 computer nation's orders in CPython (standard)",
            100,
            "ms",
            False,
            lambda r: _get(r, "engine", "greatwar", "orders_ms"),
        ),
        Target(
            "rps_paste_interpret",
            "Risk, Paper, Scissors: a 1 MB paste (one save repeated) checked in CPython",
            1000,
            "ms",
            False,
            lambda r: _get(r, "engine", "rps_paste", "interpret_ms"),
        ),
        Target(
            "rps_paste_resolve",
            "Risk, Paper, Scissors: bids resolved from 1 MB of pasted codes in CPython",
            1000,
            "ms",
            False,
            lambda r: _get(r, "engine", "rps_paste", "resolve_ms"),
        ),
        Target(
            "page_rps_legal_orders",
            "Risk, Paper, Scissors legal orders, worst case (42 territories) in the page",
            1000,
            "ms",
            False,
            lambda r: _get(r, "page", "rps_legal_orders_action"),
        ),
        Target(
            "page_forum_scan",
            "Forum thread (8 factions' seals and reveals, quoted) read in the page: codes found",
            300,
            "ms",
            False,
            _finder("page", "forum_scan_ms"),
        ),
        Target(
            "page_forum_paste",
            "… the whole paste in one call (found, checked, resolved; the page reads it in slices)",
            300,
            "ms",
            False,
            _finder("page", "forum_paste_ms"),
        ),
        Target(
            "forum_page_first_task",
            "Forum thread pasted in the page as a player meets it: the longest main-thread task",
            300,
            "ms",
            False,
            lambda r: _get(r, "forum_page", "first", "as_met", "longest_task_ms"),
        ),
        Target(
            "forum_page_cold_task",
            "… the same, cold (a fresh page's first paste, nothing drawn before)",
            300,
            "ms",
            False,
            lambda r: _get(r, "forum_page", "first", "cold", "longest_task_ms"),
        ),
        Target(
            "page_forum_slice",
            "… the page's way, in slices: the longest slice (one main-thread task)",
            300,
            "ms",
            False,
            _finder("page", "forum_slice_ms"),
        ),
        Target(
            "speed_fast_round",
            "Classic round of two Standard computers in the page at the Fast speed",
            2000,
            "ms",
            False,
            lambda r: _get(r, "speed_page", "round_ms", "fast"),
        ),
        Target(
            "map_first_paint",
            "Board in the page: first map paint (prerendered Classic map taken in)",
            500,
            "ms",
            False,
            lambda r: _get(r, "map_page", "first_map_ms"),
        ),
        *(
            Target(
                f"resume_paint_{ruleset}",
                f"Resumed {title} game: first board paint (its kept board)",
                500,
                "ms",
                False,
                _finder("resume_page", "rulesets", ruleset, "paint_ms"),
            )
            for ruleset, title in RULESET_TITLES.items()
        ),
        Target(
            "odds_100_100",
            "`odds 100 100` call in CPython",
            50,
            "ms",
            True,
            lambda r: _get(r, "engine", "odds", "100_100", "call_ms"),
        ),
    ]
    computers = _get(results, "computer_page", "page") or {}
    for ruleset, levels in computers.items():
        title = RULESET_TITLES.get(ruleset, ruleset)
        for level, figures in sorted(levels.items()):
            table = f"{figures['players']} {'nations' if ruleset == 'greatwar1907' else 'seats'}"
            found += [
                Target(
                    f"computer_turn_{ruleset}_{level}",
                    f"{title} computer turn in the page ({level}, {table}): the longest",
                    1000,
                    "ms",
                    False,
                    _single(figures["turn_max_ms"]),
                ),
                Target(
                    f"computer_decision_{ruleset}_{level}",
                    "… its longest single decision (one main-thread task)",
                    300,
                    "ms",
                    False,
                    _single(figures["decision_max_ms"]),
                ),
            ]
    return found


def check_targets(results: dict[str, Any]) -> list[dict[str, Any]]:
    """One entry per target: measured median, limit, met/missed and the margin."""
    rows: list[dict[str, Any]] = []
    for target in targets_for(results):
        summary = target.find(results)
        value = median_of(summary)
        row: dict[str, Any] = {
            "key": target.key,
            "label": target.label,
            "limit": target.limit,
            "unit": target.unit,
            "comparison": "<" if target.strict else "<=",
            "median": value,
            "min": None if not summary else summary.get("min"),
            "max": None if not summary else summary.get("max"),
        }
        if value is None:
            row.update(status="not measured", margin=None, factor=None)
        else:
            met = value < target.limit if target.strict else value <= target.limit
            row.update(
                status="met" if met else "missed",
                margin=round(target.limit - value, 3),
                factor=round(value / target.limit, 3) if target.limit else None,
            )
        rows.append(row)
    return rows


# -- formatting ---------------------------------------------------------------------------


def fmt_value(value: float | None, unit: str) -> str:
    if value is None:
        return "–"
    if unit == "x":
        return f"{value:.2f}×"
    if unit == "ms":
        if abs(value) >= 10_000:
            return f"{value / 1000:.1f} s"
        if abs(value) >= 100:
            return f"{value:,.0f} ms"
        if abs(value) >= 10:
            return f"{value:.1f} ms"
        return f"{value:.2f} ms"
    if unit == "MB":
        return f"{value / 1e6:.2f} MB"
    if unit == "/s":
        return f"{value:.2f}/s"
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:.3g}"


def fmt(summary: Summary | None, unit: str = "ms") -> str:
    """``median (min–max)``."""
    if not summary or summary.get("median") is None:
        return "–"
    median = fmt_value(summary["median"], unit)
    if summary.get("runs", 0) <= 1 or summary["min"] == summary["max"]:
        return median
    return f"{median} ({fmt_value(summary['min'], unit)}–{fmt_value(summary['max'], unit)})"


def _margin(row: dict[str, Any]) -> str:
    if row["status"] == "not measured":
        return "not measured"
    unit = row["unit"]
    margin = abs(row["margin"])
    how = fmt_value(margin, unit) if unit != "x" else f"{margin:.2f}×"
    if row["status"] == "met":
        return f"**met**, {how} to spare"
    return f"**MISSED** by {how} ({row['factor']:.1f}× the limit)"


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines


def render_markdown(results: dict[str, Any]) -> str:
    meta = results.get("meta", {})
    machine = meta.get("machine", {})
    runs = meta.get("runs")
    lines = [
        "# `make bench` results",
        "",
        f"- Date: {machine.get('date', '?')}; {runs} runs per figure; every figure is "
        "median (min–max) over the runs.",
        f"- Machine: {machine.get('cpu', '?')}, {machine.get('cores', '?')} cores "
        f"({machine.get('cores_usable', '?')} usable), {machine.get('memory_gib', '?')} GiB; "
        f"{machine.get('os', '')}",
        f"- CPython {machine.get('python', '?')}; Pyodide's Python "
        f"{_get(results, 'page', 'python') or '?'}; {machine.get('chromium') or '?'}",
    ]
    if meta.get("load_average"):
        lines.append(f"- Load average before / after: {meta['load_average']}")
    lines.append(f"- Took {meta.get('elapsed_s', 0):.0f} s. Command: `{meta.get('command', '')}`")
    lines += ["", "## Targets (reported, not asserted)", ""]
    rows = []
    for row in results.get("targets", []):
        summary = {"median": row["median"], "min": row["min"], "max": row["max"], "runs": 2}
        unit = row["unit"]
        limit = fmt_value(row["limit"], unit)
        rows.append(
            [row["label"], fmt(summary, unit), f"{row['comparison']} {limit}", _margin(row)]
        )
    lines += _table(["target", "measured", "limit", "status"], rows)

    browser = results.get("browser")
    if browser:
        lines += [
            "",
            f"## Browser: headless Chromium on localhost ({runs} runs; cold loads interleaved, "
            "fresh context each; a return visit is the second load in one context)",
            "",
        ]
        lines += _browser_table(browser)
        lines += [
            "",
            "Times are from navigation start. *Accepts input*: the new-game form's first control "
            "is enabled, visible and takes focus. The probe key is typed (by Playwright, as a "
            "player would) about 1 s after navigation; its input delay is how long the busy "
            "main thread made it wait. *Longest task*: the longest main-thread task (an input "
            "can wait that long).",
        ]
    page = results.get("page")
    if page:
        lines += ["", f"## In the page (Pyodide, bench/page) vs CPython ({runs} page loads)", ""]
        lines += _page_table(page, _get(results, "engine", "page_suite_cpython") or {})
    computers = results.get("computer_page")
    if computers:
        lines += ["", "## Computer players in the page (every level, every seat that level)", ""]
        rows = []
        for ruleset, levels in computers["page"].items():
            for level, page_figures in sorted(levels.items()):
                native = computers["cpython"][ruleset][level]
                rows.append(
                    [
                        f"{RULESET_TITLES.get(ruleset, ruleset)}, {level}",
                        str(page_figures["players"]),
                        f"{page_figures['turn_median_ms']:.1f} / {page_figures['turn_p90_ms']:.0f}"
                        f" / {page_figures['turn_max_ms']:.0f} ms",
                        f"{page_figures['decision_max_ms']:.0f} ms",
                        f"{native['turn_max_ms']:.0f} / {native['decision_max_ms']:.0f} ms",
                    ]
                )
        lines += _table(
            [
                "ruleset, level",
                "seats",
                "turn: median / p90 / longest",
                "longest decision",
                "CPython: longest turn / decision",
            ],
            rows,
        )
        lines += [
            "",
            "Each level plays every seat from the start, a few turns (the top levels fewer); "
            "a decision is one main-thread task in the page; the first decision of a level "
            "includes importing it.",
        ]
    greatwar = results.get("greatwar_page")
    if greatwar:
        lines += ["", f"## The Great War 1907 in the page ({runs} cold loads, its autosave)", ""]
        lines += _table(
            ["measure", "median (min–max)"],
            [
                ["First Great War map paint", fmt(greatwar.get("map_paint_ms"))],
                ["Ready (body[data-ready=true])", fmt(greatwar.get("ready_ms"))],
                ["One Deployment phase resolved and drawn", fmt(greatwar.get("resolution_ms"))],
            ],
        )
    rps = results.get("rps_page")
    if rps:
        lines += ["", f"## Risk, Paper, Scissors in the page ({runs} cold loads, its autosave)", ""]
        lines += _table(
            ["measure", "median (min–max)"],
            [
                ["First RPS board paint", fmt(rps.get("board_paint_ms"))],
                ["Ready (body[data-ready=true])", fmt(rps.get("ready_ms"))],
                [
                    f"A {rps.get('level', '')} computer turn played and drawn "
                    f"({rps.get('players', '')} players, {rps.get('computer_turn_orders', '')} "
                    "orders)",
                    fmt(rps.get("computer_turn_ms")),
                ],
            ],
        )
    speeds = results.get("speed_page")
    if speeds:
        lines += [
            "",
            f"## The game speed in the page ({runs} cold loads a speed, a Classic autosave)",
            "",
            f'Ada\'s "End turn" until she is on turn again: two Standard computers '
            f"({speeds.get('orders', '')} orders in the first round).",
            "",
        ]
        rows = []
        for speed in ("watch", "fast", "instant"):
            rows.append(
                [
                    speed.capitalize(),
                    fmt(_get(speeds, "first_round_ms", speed)),
                    fmt(_get(speeds, "round_ms", speed)),
                    fmt(_get(speeds, "longest_task_ms", speed)),
                ]
            )
        lines += _table(
            [
                "speed",
                "first round (imports the computers)",
                "next round",
                "longest task, next round",
            ],
            rows,
        )
    lines += _board_tables(results, runs)
    engine = results.get("engine")
    if engine:
        lines += ["", f"## Engine in CPython ({runs} runs)", ""]
        lines += _engine_tables(engine)
    notes = meta.get("notes") or []
    if notes:
        lines += ["", "## Notes", ""] + [f"- {note}" for note in notes]
    return "\n".join(lines) + "\n"


def _p90(summary: Summary | None) -> str:
    value = None if not summary else summary.get("p90")
    return "–" if value is None else fmt_value(float(value), "ms")


def _board_tables(results: dict[str, Any], runs: Any) -> list[str]:
    """The board in the page (issue 28): first paint, redraw after an order, a pan frame;
    and a resumed game's first board paint, per ruleset."""
    lines: list[str] = []
    board = results.get("map_page")
    if board:
        lines += ["", f"## The board in the page ({runs} cold loads a ruleset, 1366x800)", ""]
        lines += [f"First map paint (the prerendered board): {fmt(board.get('first_map_ms'))}", ""]
        rows = [
            [
                title,
                fmt(_get(board, "redraw_ms", ruleset)),
                _p90(_get(board, "redraw_ms", ruleset)),
                fmt(_get(board, "pan_frame_ms", ruleset)),
                _p90(_get(board, "pan_frame_ms", ruleset)),
            ]
            for ruleset, title in RULESET_TITLES.items()
        ]
        lines += _table(
            ["ruleset", "redraw after an order", "p90", "zoom-and-pan frame", "p90"], rows
        )
    resumed = results.get("resume_page")
    if resumed:
        lines += [
            "",
            f"## A resumed game's first board paint ({runs} cold loads a ruleset, 1366x800)",
            "",
            "The game was started and the page left (its board kept with the autosave); "
            "then cold loads with that storage. Without the kept board, the first paint "
            "waits for Python.",
            "",
        ]
        rows = []
        for ruleset, title in RULESET_TITLES.items():
            row = _get(resumed, "rulesets", ruleset) or {}
            rows.append(
                [
                    title,
                    fmt(row.get("paint_ms")),
                    f"{row.get('kept', '?')}/{resumed.get('loads', '?')}",
                    fmt(row.get("paint_without_kept_ms")),
                    fmt(row.get("live_ms")),
                    f"{row.get('kept_chars', 0) / 1000:.0f} k",
                ]
            )
        lines += _table(
            [
                "ruleset",
                "first board paint",
                "kept board shown",
                "without it",
                "board live (Python)",
                "kept board size",
            ],
            rows,
        )
    return lines


BROWSER_ROWS: list[tuple[str, str, str]] = [
    ("map_paint", "First map paint ([data-territory] painted)", "ms"),
    ("fcp", "First contentful paint", "ms"),
    ("form_enabled", "New-game form accepts input (first control enabled + focused)", "ms"),
    ("key_sent", "Probe key typed into it at", "ms"),
    ("key_handled", "… and handled by the page at", "ms"),
    ("input_delay", "Input delay of that key", "ms"),
    ("dom_content_loaded", "DOMContentLoaded", "ms"),
    ("python_start", "Python starts running (bench page)", "ms"),
    ("ready", "Ready (body[data-ready=true])", "ms"),
    ("longest_task_ms", "Longest main-thread task", "ms"),
    ("longest_task_start", "… which starts at", "ms"),
    ("longest_task_after_paint_ms", "Longest main-thread task after first paint", "ms"),
    ("blocking_ms_before_ready", "Main-thread blocking before ready (>50 ms parts)", "ms"),
    ("bytes_on_wire", "Bytes transferred (on the wire, headers included)", "MB"),
    ("bytes_uncompressed", "Files fetched, as stored", "MB"),
    ("bytes_gzip", "Files fetched, gzip -6 (a compressing host)", "MB"),
    ("requests", "Requests", ""),
    ("snapshot_make_ms", "Python snapshot made after the first visit (worker), in", "ms"),
    ("snapshot_bytes", "… of size", "MB"),
]


def _browser_table(browser: dict[str, Any]) -> list[str]:
    pages = [
        ("game", "game (index.html)"),
        ("bare", "bare (tools/bare)"),
        ("bench_page", "bench page"),
        ("game_return", "game, return visit"),
        ("bare_return", "bare, return visit"),
    ]
    rows = []
    for key, label, unit in BROWSER_ROWS:
        cells = [fmt(_get(browser, page, key), unit) for page, _ in pages]
        if any(cell != "–" for cell in cells):
            rows.append([label, *cells])
    kept = [str(_get(browser, page, "keys_kept") or "–") for page, _ in pages]
    rows.append(["Probe key reached the form (loads)", *kept])
    restored = [str(_get(browser, page, "snapshot_restored") or "–") for page, _ in pages]
    rows.append(["Python restored from the snapshot (loads)", *restored])
    blank = [""] * (len(pages) - 1)
    rows.append(["Ready ÷ bare ready (same run)", fmt(browser.get("ready_ratio"), "x"), *blank])
    rows.append(
        [
            "Return ready ÷ cold bare ready",
            *blank[:2],
            "",
            fmt(browser.get("return_ratio"), "x"),
            "",
        ]
    )
    return _table(["measure", *(label for _, label in pages)], rows)


def _page_table(page: dict[str, Any], cpython: dict[str, Any]) -> list[str]:
    rows: list[list[str]] = []

    def add(label: str, summary: Summary | None, native: Any) -> None:
        native_value = native.get("median") if isinstance(native, dict) else native
        ratio = ""
        value = median_of(summary)
        if value is not None and native_value:
            ratio = f"{value / float(native_value):.1f}×"
        rows.append(
            [label, fmt(summary), fmt_value(native_value, "ms") if native_value else "–", ratio]
        )

    add("Import the engine (first time)", page.get("import_ms"), cpython.get("import_ms"))
    for level, summary in sorted(
        (page.get("classic_turn_ms") or {}).items(),
        key=lambda item: (item[0] != "baseline", item[0]),
    ):
        add(
            f"Classic computer turn, 6 players, {level} (median)",
            summary,
            _get(cpython, "classic_turn_ms", level),
        )
        add(
            f"Classic computer turn, 6 players, {level} (p90)",
            page.get(f"classic_p90_{level}"),
            (_get(cpython, "classic_turn_ms", level) or {}).get("p90"),
        )
    add(
        "Classic computer turn, baseline, first of the game (cold)",
        page.get("classic_first_baseline"),
        (_get(cpython, "classic_turn_ms", "baseline") or {}).get("first"),
    )
    add(
        "Capital Risk resolution, 8 factions",
        page.get("capital_resolution_ms"),
        cpython.get("capital_resolution_ms"),
    )
    for key, label in (("rps_turn_ms", "computer turn"), ("rps_game_ms", "whole game")):
        for level, summary in sorted((page.get(key) or {}).items()):
            add(
                f"Risk, Paper, Scissors {label}, 4 players, {level} (median)",
                summary,
                _get(cpython, key, level),
            )
    for phase, label in (
        ("bid", "a bid at 10⁶ energy"),
        ("purchase", "purchase, 42 territories"),
        ("action", "action, 42 territories, every card"),
    ):
        add(
            f"Risk, Paper, Scissors legal orders, worst case: {label}",
            page.get(f"rps_legal_orders_{phase}"),
            _get(cpython, "rps_legal_orders", phase, "ms"),
        )
    add(
        "Great War 1907 phase resolution, 8 nations",
        page.get("greatwar_resolution_ms"),
        cpython.get("greatwar_resolution_ms"),
    )
    add(
        "Great War 1907 computer nation's orders (standard)",
        page.get("greatwar_orders_ms"),
        cpython.get("greatwar_orders_ms"),
    )
    for key, label in (
        ("encode_ms", "Save code: encode + sign (6 players, turn 20)"),
        ("decode_verify_ms", "Save code: decode + check signature"),
        ("chain_verify_ms", "Save code: verify as next save (replay)"),
    ):
        add(label, page.get(f"save_{key}"), _get(cpython, "save_code", key))
    factions = page.get("forum_factions") or _get(cpython, "forum_paste", "factions") or 8
    add(
        f"Forum thread pasted ({factions} factions' seals and reveals, quoted, wrapped):"
        " its codes found",
        page.get("forum_scan_ms"),
        _get(cpython, "forum_paste", "scan_ms"),
    )
    add(
        "… the whole paste: found, checked and the phase resolved (one main-thread task)",
        page.get("forum_paste_ms"),
        _get(cpython, "forum_paste", "paste_ms"),
    )
    add(
        "… the page's way, in slices: the longest slice",
        page.get("forum_slice_ms"),
        _get(cpython, "forum_paste", "slice_ms"),
    )
    return _table(["task", "in the page", "CPython (one run)", "page ÷ CPython"], rows)


def _engine_tables(engine: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    rows = []
    for players, data in (engine.get("classic_games") or {}).items():
        rows.append(
            [
                f"{players} players",
                fmt(data["games_per_s"], "/s"),
                f"{data['mean_turns']}",
                str(len(data["seeds"])),
            ]
        )
    lines += _table(
        ["Classic games, baseline players", "games per second", "mean turns", "seeds per run"], rows
    )
    lines.append("")
    rows = []
    for ruleset, what in (
        ("classic_turns", "Classic, whole turn of one seat"),
        ("capital_turns", "Capital Risk, one faction's orders"),
    ):
        for level, data in (engine.get(ruleset) or {}).items():
            rows.append(
                [what, level, fmt(data["turn_ms"]), fmt(data["p90_ms"]), str(data["turns"])]
            )
    lines += _table(
        ["computer turn, 6 players", "level", "median turn", "p90 turn", "turns per run"], rows
    )
    lines.append("")
    rows = []
    for size, data in (engine.get("classic_tournament") or {}).items():
        finished = data["games"] - data["unfinished"]
        for level, f in data["levels"].items():
            rows.append(
                [
                    size,
                    level,
                    f"{f['share']:.3f}",
                    f"{f['low']:.3f}–{f['high']:.3f}",
                    f"{f['wins']} of {finished} ({data['unfinished']} unfinished)",
                ]
            )
    if rows:
        lines += _table(
            ["Classic tournament (seed bench-top)", "level", "share", "95% interval", "wins"],
            rows,
        )
        lines.append("")
    resolution = engine.get("capital_resolution") or {}
    if resolution:
        lines += _table(
            ["Capital Risk resolution", "median per run", "worst per run", "resolutions"],
            [
                [
                    f"{resolution['factions']} factions",
                    fmt(resolution["resolution_ms"]),
                    fmt(resolution["worst_ms"]),
                    str(resolution["resolutions"]),
                ]
            ],
        )
        lines.append("")
    rows = []
    for data in (engine.get("odds") or {}).values():
        rows.append(
            [
                f"`python -m engine odds {data['attackers']} {data['defenders']}`",
                fmt(data["call_ms"]),
                fmt(data["import_ms"]),
                fmt(data["process_ms"]),
                data["probability"],
            ]
        )
    lines += _table(
        ["odds (fresh process)", "main() call", "import engine.cli", "whole process", "P(win)"],
        rows,
    )
    lines.append("")
    sizes = engine.get("save_sizes") or {}
    rows = []
    for turn, data in (sizes.get("classic_6") or {}).items():
        rows.append(
            [
                f"Classic, 6 players, turn {turn}",
                f"{data['alone_chars']:,}",
                f"{data['chained_chars']:,} ({data['orders']} orders)",
            ]
        )
    capital = sizes.get("capital_8")
    if capital:
        rows.append(
            [
                f"Capital Risk, 8 factions, turn {capital['turn']}",
                f"{capital['alone_chars']:,}",
                f"{capital['chained_chars']:,} ({capital['orders']} orders)",
            ]
        )
    greatwar = sizes.get("greatwar_8")
    if greatwar:
        rows.append(
            [
                f"Great War 1907, 8 nations, after {greatwar['turn'] - 1} turns",
                f"{greatwar['alone_chars']:,}",
                f"{greatwar['chained_chars']:,} ({greatwar['orders']} orders)",
            ]
        )
    lines += _table(
        ["save code (characters)", "position alone", "chained, with the previous turn's orders"],
        rows,
    )
    return lines


def summarize_page_runs(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The bench page's per-load results, summarized over loads (median of the per-load
    medians, with min and max)."""
    good = [r for r in runs if r and "error" not in r]
    if not good:
        return {}
    out: dict[str, Any] = {
        "python": good[0].get("python"),
        "import_ms": summarize(r.get("import_ms") for r in good),
        "suite_ms": summarize(r.get("suite_ms") for r in good),
        "capital_resolution_ms": summarize(
            _get(r, "capital_resolution_ms", "median") for r in good
        ),
        "greatwar_resolution_ms": summarize(
            _get(r, "greatwar_resolution_ms", "median") for r in good
        ),
        "greatwar_orders_ms": summarize(_get(r, "greatwar_orders_ms", "median") for r in good),
        "classic_turn_ms": {},
    }
    levels = sorted({lv for r in good for lv in (r.get("classic_turn_ms") or {})})
    for level in levels:
        out["classic_turn_ms"][level] = summarize(
            _get(r, "classic_turn_ms", level, "median") for r in good
        )
        out[f"classic_p90_{level}"] = summarize(
            _get(r, "classic_turn_ms", level, "p90") for r in good
        )
    for key in ("rps_turn_ms", "rps_game_ms"):
        out[key] = {
            level: summarize(_get(r, key, level, "median") for r in good)
            for level in sorted({lv for r in good for lv in (r.get(key) or {})})
        }
    for phase in ("bid", "purchase", "action"):
        out[f"rps_legal_orders_{phase}"] = summarize(
            _get(r, "rps_legal_orders", phase, "ms", "median") for r in good
        )
    out["classic_first_baseline"] = summarize(
        _get(r, "classic_turn_ms", "baseline", "first") for r in good
    )
    for key in ("encode_ms", "decode_verify_ms", "chain_verify_ms"):
        out[f"save_{key}"] = summarize(_get(r, "save_code", key, "median") for r in good)
    for key in ("scan_ms", "paste_ms", "slice_ms"):
        out[f"forum_{key}"] = summarize(_get(r, "forum_paste", key, "median") for r in good)
    out["forum_factions"] = _get(good[0], "forum_paste", "factions")
    out["save_code_chars"] = _get(good[0], "save_code", "code_chars")
    return out
