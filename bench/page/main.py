"""The bench page's Python: time engine work inside Pyodide and write JSON into #results.

Runs in the browser only (``pyscript`` exists there); ``bench_tasks`` is bench/tasks.py,
copied into the working directory by bench/page/pyscript.toml.
"""

import json
import time
import traceback

from pyscript import document, window

python_start_ms = round(window.performance.now(), 1)  # navigation start -> this script
started = time.perf_counter()
quick = "quick" in str(window.location.search)
document.getElementById("status").textContent = "Running the engine benchmark…"
try:
    import bench_tasks

    if "hostile" in str(window.location.search):  # ?hostile: only the hostile-code task
        results = {"hostile_codes": bench_tasks.hostile_code_times()}
    elif "forum" in str(window.location.search):  # ?forum: only the forum-thread paste
        results = {"forum_paste": bench_tasks.forum_paste_times()}
    else:
        results = bench_tasks.page_suite(quick=quick)
    results["python_start_ms"] = python_start_ms
except Exception:
    results = {"error": traceback.format_exc()}
results["suite_ms"] = round((time.perf_counter() - started) * 1000.0, 1)
document.getElementById("results").textContent = json.dumps(results)
document.getElementById("status").textContent = "Done."
document.body.dataset.ready = "true"
