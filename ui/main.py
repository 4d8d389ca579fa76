"""The page's entry point (runs in Pyodide via PyScript; index.html loads this file).

Start-up: the board SVG and the new-game form are already in index.html, so the page is
usable before Python runs.  This script attaches the listeners first, then the page
imports the engine (only what the first screen needs).
"""

from __future__ import annotations

import asyncio

from ui.classic.page import Page

PAGE = Page()
PAGE.wire()
PAGE.tasks.add(asyncio.ensure_future(PAGE.boot()))
