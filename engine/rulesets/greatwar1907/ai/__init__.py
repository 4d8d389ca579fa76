"""The Great War 1907 computer nations: :mod:`.levels` (``easy``, ``standard``), which
registers them with :mod:`engine.ai` when first asked for; :mod:`.plans` and
:mod:`.odds` are the ``standard`` level's planning and battle chances; :mod:`.expert`
(``expert``) weighs Standard's attack plans and bolder and more careful ones by
resolving them on copies of the game."""
