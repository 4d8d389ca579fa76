"""Risk, Paper, Scissors in the page: the board renderer (Earth, seas, the Moon inset),
the exact battle preview, the final scoring screen and the status strip."""
