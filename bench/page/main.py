"""The bench page's Python: time engine work inside Pyodide and write JSON into #results.

Runs in the browser only (``pyscript`` exists there); ``bench_tasks`` is bench/tasks.py,
copied into the working directory by bench/page/pyscript.toml.

``?forum``: only the forum thread's paste, the page's way (in slices, the browser
answering between them), with the longest main-thread task of each paste from a
PerformanceObserver of ``longtask`` entries (``bench_tasks.forum_page_times``): the
page's first paste after the game's screen is drawn, as a player meets it; ``&cold``:
nothing drawn before it; ``&oneshot``: that first paste in one call (the old way).

``?computers``: every computer level of every ruleset at its largest table, each
decision and each whole turn timed (``bench_tasks.computer_turns``).
"""

import asyncio
import json
import time
import traceback

from pyscript import document, window

window.eval(
    """window.__longtasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
      }).observe({type: "longtask", buffered: true});
    } catch (e) {}"""
)


async def longest_task(started: float, ended: float) -> float:
    """The longest main-thread task over 50 ms between two ``performance.now()`` times
    (0 for none), once the observer has been told of them."""
    await asyncio.sleep(0.1)  # the observer's entries arrive after their task
    entries = json.loads(window.JSON.stringify(window.__longtasks))
    lengths = [length for start, length in entries if start + length > started and start < ended]
    return max(lengths, default=0.0)


python_start_ms = round(window.performance.now(), 1)  # navigation start -> this script
started = time.perf_counter()
quick = "quick" in str(window.location.search)
document.getElementById("status").textContent = "Running the engine benchmark…"
try:
    import bench_tasks

    if "computers" in str(window.location.search):  # ?computers: every level's turns
        results = {"computer_turns": bench_tasks.computer_turns(quick=quick)}
    elif "hostile" in str(window.location.search):  # ?hostile: only the hostile-code task
        results = {"hostile_codes": bench_tasks.hostile_code_times()}
    elif "forum" in str(window.location.search):  # ?forum: only the forum-thread paste
        from ui.shell.slices import yield_to_browser

        search = str(window.location.search)
        results = {
            # PyScript runs this script with top-level await (Pyodide's runPythonAsync)
            "forum_page": await bench_tasks.forum_page_times(  # noqa: F704
                yield_to_browser,
                longest_task,
                screen_first="cold" not in search,
                sliced="oneshot" not in search,
                now=lambda: float(window.performance.now()),
            )
        }
    else:
        results = bench_tasks.page_suite(quick=quick)
    results["python_start_ms"] = python_start_ms
except Exception:
    results = {"error": traceback.format_exc()}
results["suite_ms"] = round((time.perf_counter() - started) * 1000.0, 1)
document.getElementById("results").textContent = json.dumps(results)
document.getElementById("status").textContent = "Done."
document.body.dataset.ready = "true"
