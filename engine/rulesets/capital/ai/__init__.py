"""Capital Risk's computer players: ``baseline`` and the levels ``easy``, ``standard``,
``good`` (listed in :attr:`CapitalRuleset.computer_players`)."""
