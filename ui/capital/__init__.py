"""Capital Risk in the page (issue 5): order entry on the map, pass-and-play behind
hand-over screens, resolution with a step-by-step replay, the report and its exports,
and play by forum with sealed codes.

Pure modules (no browser imports): :mod:`ui.capital.entry` (a faction's draft orders),
:mod:`ui.capital.session` (the game as the page sees it), :mod:`ui.capital.replay`,
:mod:`ui.capital.export`, :mod:`ui.capital.forum` and :mod:`ui.capital.panels` (HTML).
:mod:`ui.capital.page` is the small browser controller the shell (:mod:`ui.shell.page`)
hands Capital Risk games to.
"""
