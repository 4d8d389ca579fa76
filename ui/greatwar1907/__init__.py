"""The Great War 1907 in the page: its map, replay and report exports (render.py,
replay.py, export.py) and its page (page.py, session.py, panels.py, form.py)."""
