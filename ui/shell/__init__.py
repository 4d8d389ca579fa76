"""The page's shell: layout and start-up, the board renderer and palette, the new-game
form, keys, play by email; every ruleset page builds on it."""
