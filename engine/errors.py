"""One error hierarchy for the whole engine.

Every error carries a stable ``code`` (``"order/not-adjacent"``) that the UI and tests
can match on, and a human message that names the offending input.  Battle outcomes
are results, never errors.
"""

from __future__ import annotations


class EngineError(ValueError):
    """Base of every error the engine raises on bad input.

    :param code: stable machine-readable code, ``"area/what"``.
    :param message: one sentence for a player, naming the input at fault.
    """

    fault: str = ""
    """The fault of a pasted code this refusal is (:class:`engine.fault_words.Fault`'s
    value), where its code alone does not say (a save of another ruleset is refused as
    ``save/other-game``); "" otherwise."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{message} [{code}]")
        self.code = code
        self.message = message


class MapError(EngineError):
    """A map file is malformed: one-way link, unknown continent, unreachable territory."""


class OptionError(EngineError):
    """An unknown ruleset, option name or option value."""


class IllegalOrderError(EngineError):
    """An order that the rules do not allow in this position; the state is unchanged."""


class InvalidOrderError(EngineError):
    """An order that is malformed (unknown kind, missing field, wrong type)."""


class SaveError(EngineError):
    """A save code that is valid as a code but does not fit this game."""


class PositionError(EngineError):
    """A position text that cannot be read: the message names the line and the field
    (``line 3: territory 'alaska': owner 7 is not a seat (2 players)``)."""


class DiceError(EngineError):
    """A rule case's scripted dice and draws (:meth:`engine.rng.Rng.with_script`) do not
    fit what the rules asked for: too few (``dice/too-few``, naming the draw that ran
    short), too many (``dice/too-many``, naming the leftovers), a face the die does not
    have or a pick that is not on offer (``dice/out-of-range``), or a script that is not
    a script (``dice/bad-script``)."""
