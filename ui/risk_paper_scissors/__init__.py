"""Risk, Paper, Scissors in the page: its new-game form part, session, panels and page."""
