"""Classic's computer players: ``baseline`` and the levels ``easy``, ``standard``, ``good``
(listed in :attr:`ClassicRuleset.computer_players`)."""
