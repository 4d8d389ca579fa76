"""The same words for the same fault of a pasted code, in every ruleset.

A code a player pastes (a save code, sealed orders, a reveal, a deadline code, an
invitation link, a key backup) can be refused for a handful of reasons a player can act
on: it was cut off, altered (or forged, or damaged in copying), it is no code at all,
it belongs to another game or another ruleset, it is an old turn, a second version of a
turn (a fork), or a turn already loaded.  Every place that reads codes raises its own
typed error (``savecode/truncated``, ``sealed/other-game``...), whose code stays stable;
this module is the one classification of those codes into a :class:`Fault` and the one
text a player reads for each: what happened, whose code it is when the code says so,
and what to do next.  Player words only: no format, module or field names.
"""

from __future__ import annotations

from enum import Enum
from typing import Final, TypeVar

from engine.errors import EngineError

E = TypeVar("E", bound=EngineError)

__all__ = [
    "Fault",
    "fault_of",
    "refusal",
    "short_title",
    "title",
    "words",
]


class Fault(Enum):
    """A kind of fault a player can act on, whichever code and ruleset it comes from."""

    EMPTY = "empty"
    NOT_A_CODE = "not-a-code"
    CUT_OFF = "cut-off"
    ALTERED = "altered"
    OTHER_GAME = "other-game"
    OTHER_RULESET = "other-ruleset"
    OLD_TURN = "old-turn"
    FORK = "fork"
    REPEATED = "repeated"
    NEWER_VERSION = "newer-version"
    WRONG_KIND = "wrong-kind"


FAULTS: Final[dict[str, Fault]] = {
    "savecode/empty": Fault.EMPTY,
    "save/no-code": Fault.EMPTY,
    "save/empty-paste": Fault.EMPTY,
    "keybackup/empty": Fault.EMPTY,
    "savecode/prefix": Fault.NOT_A_CODE,
    "keybackup/prefix": Fault.NOT_A_CODE,
    "savecode/truncated": Fault.CUT_OFF,
    "keybackup/length": Fault.CUT_OFF,
    "keybackup/parts": Fault.ALTERED,
    "savecode/parts": Fault.ALTERED,
    "savecode/base64": Fault.ALTERED,
    "savecode/compression": Fault.ALTERED,
    "savecode/json": Fault.ALTERED,
    "savecode/envelope": Fault.ALTERED,
    "savecode/signature": Fault.ALTERED,
    "keybackup/base64": Fault.ALTERED,
    "keybackup/checksum": Fault.ALTERED,
    "save/other-game": Fault.OTHER_GAME,
    "sealed/other-game": Fault.OTHER_GAME,
    "save/other-ruleset": Fault.OTHER_RULESET,
    "pbem/ruleset": Fault.OTHER_RULESET,
    "save/old-turn": Fault.OLD_TURN,
    "sealed/wrong-turn": Fault.OLD_TURN,
    "save/fork": Fault.FORK,
    "save/duplicate": Fault.REPEATED,
    "savecode/version": Fault.NEWER_VERSION,
    "save/newer-version": Fault.NEWER_VERSION,
    "keybackup/version": Fault.NEWER_VERSION,
    "sealed/kind": Fault.WRONG_KIND,
}
"""Each typed error code of a code reader, by the fault a player reads for it."""

TITLES: Final[dict[Fault, str]] = {
    Fault.EMPTY: "No code",
    Fault.NOT_A_CODE: "Not a code",
    Fault.CUT_OFF: "Code cut off",
    Fault.ALTERED: "Altered or damaged code",
    Fault.OTHER_GAME: "Another game",
    Fault.OTHER_RULESET: "Another ruleset",
    Fault.OLD_TURN: "Old turn",
    Fault.FORK: "A fork: a second version of a turn",
    Fault.REPEATED: "Turn already loaded",
    Fault.NEWER_VERSION: "From a newer version",
    Fault.WRONG_KIND: "Another kind of code",
}


def fault_of(error: EngineError | str) -> Fault | None:
    """The fault of a refusal, or of its typed error code (``"savecode/truncated"`` ->
    ``CUT_OFF``); None for a refusal that is no fault of a pasted code (a rule, a seat, a
    dishonest turn: those keep their own words).  The one classification: every page
    and test reads faults through it."""
    if isinstance(error, EngineError):
        return Fault(error.fault) if error.fault else FAULTS.get(error.code)
    return FAULTS.get(error)


def title(error: EngineError | str, default: str = "Not a valid code") -> str:
    """A short heading for a refusal (or its error code)."""
    fault = fault_of(error)
    return TITLES[fault] if fault is not None else default


def refusal(error_type: type[E], code: str, fault: Fault, **details: str) -> E:
    """An error of ``error_type`` with the typed ``code`` and the words of ``fault``
    (``details`` as :func:`words` takes them), classified as ``fault`` whatever its code."""
    error = error_type(code, words(fault, **details))
    error.fault = fault.value
    return error


def short_title(title: str) -> str:
    """A ruleset's title as a sentence names it: "Classic (Computer RISK, 1990)" -> "Classic"."""
    return title.split(" (", 1)[0]


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def words(
    fault: Fault,
    *,
    whose: str = "",
    what: str = "code",
    game: str = "",
    ruleset: str = "",
    here: str = "",
    turn: str = "",
    held: str = "",
    expected: str = "",
) -> str:
    """The one text a player reads for ``fault``.

    :param whose: the player (seat name) whose code it is, when the code says so.
    :param what: what was pasted: "code", "key backup code", "sealed code"...
    :param game: the other game's short name (for ``OTHER_GAME``).
    :param ruleset: the code's ruleset title; ``here`` the title of the game here.
    :param turn: the code's turn or save ("save 3"); ``held`` the game's own.
    :param expected: the kind of code wanted (for ``WRONG_KIND``).
    """
    subject = f"{_possessive(whose)} {what}" if whose else f"This {what}"
    sender = whose or "whoever sent it"
    if fault is Fault.EMPTY:
        return (
            f"There is no {what} to read: paste the {what} from the post or email, then try again."
        )
    if fault is Fault.NOT_A_CODE:
        return (
            f"This text holds no {what}. Copy the whole {what} from the post or email (a game "
            "code starts with RK1.) and paste it here; nothing changed."
        )
    if fault is Fault.CUT_OFF:
        return (
            f"{subject} is cut off: its end is missing. Copy it again, all of it (a long "
            "code may be wrapped over several lines), and paste it again; nothing changed."
        )
    if fault is Fault.ALTERED:
        return (
            f"{subject} was changed after it was signed: altered, forged or damaged in "
            f"copying. Nothing changed. Copy it again from the post or email; if it fails "
            f"again, ask {sender} to post it again."
        )
    if fault is Fault.OTHER_GAME:
        named = f" ({game})" if game else ""
        return (
            f"{subject} belongs to another game{named}, not this one. Nothing changed: "
            "paste a code from this game's thread or emails."
        )
    if fault is Fault.OTHER_RULESET:
        rules = f"a {ruleset} game" if ruleset else "another ruleset"
        this = f"; this game is {here}" if here else ""
        return (
            f"{subject} is from {rules}{this}. Nothing changed: open it with Load a code "
            "(it opens on its own game's page), or paste this game's code here."
        )
    if fault is Fault.OLD_TURN:
        at = f" ({turn})" if turn else ""
        now = f" (it is at {held})" if held else ""
        return (
            f"{subject} is from an old turn{at}; the game has already moved on{now}. "
            "Nothing changed: paste the newest code."
        )
    if fault is Fault.FORK:
        at = f" of {turn}" if turn else ""
        return (
            f"{whose or 'Someone'} sent two different versions{at}: this {what} and the one "
            "your game already has (a fork). Your game is kept as it was; agree with the "
            "other players on which version counts."
        )
    if fault is Fault.REPEATED:
        at = f" ({turn})" if turn else ""
        return f"{subject} is already loaded{at}: nothing changed."
    if fault is Fault.NEWER_VERSION:
        return (
            f"{subject} was made by a newer version of the game. Nothing changed: "
            "reload the page to update it, then paste the code again."
        )
    wanted = f" this box wants {expected}" if expected else " this box wants another kind"
    return (
        f"{subject} is not the kind of code asked for here:{wanted}. Nothing "
        "changed: paste it in its own box."
    )
