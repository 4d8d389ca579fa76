"""Classic in the page: the session (controller), its panels, views and event texts,
and the browser controller (page) the shell hands Classic games to."""
