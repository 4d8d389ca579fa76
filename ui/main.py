"""The page's entry point (runs in Pyodide via PyScript; index.html loads this file).

Start-up: the board SVG and the new-game form are already in index.html, so the page is
usable before Python runs.  This script builds the shell (ui/shell/page.py) and the
ruleset pages it lists (ui/pages.py), attaches their listeners, then starts the engine
(only what the first screen needs).
"""

from __future__ import annotations

import asyncio

from ui.shell.page import Shell

SHELL = Shell()
SHELL.wire()
SHELL.tasks.add(asyncio.ensure_future(SHELL.boot()))
