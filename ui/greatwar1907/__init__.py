"""The Great War 1907 in the page: its form, session, order entry, panels and page."""
