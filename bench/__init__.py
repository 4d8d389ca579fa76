"""``make bench`` (``python -m bench``): what players feel and what the engine costs.

* :mod:`bench.browser` loads the game page, the bare Pyodide page (tools/bare) and the
  in-page bench page (bench/page) in headless Chromium, interleaved, fresh context each.
* :mod:`bench.engine_bench` times the engine in CPython.
* :mod:`bench.tasks` holds the timing tasks shared by CPython and the bench page.
* :mod:`bench.report` checks the targets and renders bench/results.md.
"""
