"""Classic's computer players: ``baseline`` and the levels ``easy``, ``standard``, ``good``
and ``expert`` (Good's judgement checked by looking ahead; listed in
:attr:`ClassicRuleset.computer_players`)."""
