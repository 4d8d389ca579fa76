"""The Great War 1907 computer nations: :mod:`.levels` (``easy``, ``standard``), which
registers them with :mod:`engine.ai` when first asked for; :mod:`.plans` and
:mod:`.odds` are the ``standard`` level's planning and battle chances; :mod:`.expert`
(``expert``) plays Standard's negotiation and the offensive for Victory Points of
:mod:`.offensive`, each plan checked on a copy of the game before it is played."""
