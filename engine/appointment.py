"""A moderator named by every faction: the only way a game gets a moderator after its
first save.

Without a moderator nobody forces a sealed round alone
(:func:`engine.sealed_round.check_consent`), so a game where the silent factions are half or
more waits.  The factions can agree to let one of them decide: each signs an
*appointment code* (this round) naming the same moderator, a seated player's key.  The
save that carries one code from every faction that seals this round (``appoint``, no
orders, the position unchanged) names that key as the game's moderator from then on, and
every page checks it; a moderated game is never changed this way.

The codes are read like every sealed-round code (:func:`engine.sealed.read_signed`).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import find_ruleset
from engine.errors import SaveError
from engine.keys import PlayerKey
from engine.savecode import encode_code
from engine.sealed import SealBase, read_signed
from engine.sealed_round import voters

APPOINT = "appoint"
FIELD = "appoint"
"""The save field holding one appointment code per faction, in faction order."""


def appointment_code(base: SealBase, faction: int, moderator: str, key: PlayerKey) -> str:
    """``faction``'s signed agreement that ``moderator`` (a seated player's public key)
    moderates the game from this round on.

    :raises SaveError: the key is not a seated player's.
    """
    _check_moderator(base, moderator)
    round_index = find_ruleset(base.ruleset).sealed_round(base.state)
    payload = {"k": APPOINT, "g": base.game_id, "t": base.state.turn, "f": faction}
    payload |= {"m": moderator} | ({"r": round_index} if round_index else {})
    return encode_code(payload, key, faction)


def _check_moderator(base: SealBase, moderator: object) -> str:
    if not isinstance(moderator, str) or moderator not in base.keys:
        raise SaveError(
            "appoint/not-seated",
            "a moderator named by the factions is one of the game's seated players (its "
            "key signs the moderated saves)",
        )
    return moderator


def appointed(base: SealBase, codes: Sequence[str]) -> tuple[str, list[int]]:
    """(the moderator named, the factions that signed so far) of appointment codes: every
    code must name the same seated player's key; a faction signs once.

    :raises EngineError: codes that do not fit this game and round, or that disagree.
    """
    named: set[str] = set()
    signed: list[int] = []
    counted = set(voters(base))
    for code in codes:
        faction, payload, _ = read_signed(code, APPOINT, base)
        if faction not in counted or base.keys[faction] is None:
            raise SaveError(
                "appoint/seat",
                f"faction {faction + 1} has no say in this round or has not claimed its seat",
            )
        if faction in signed:
            raise SaveError("appoint/codes", f"faction {faction + 1} signed two appointments")
        named.add(_check_moderator(base, payload.get("m")))
        signed.append(faction)
    if len(named) != 1:
        raise SaveError(
            "appoint/codes", "the appointment codes must all name the same one moderator"
        )
    return named.pop(), signed


def check_appointment(base: SealBase, codes: Sequence[str], moderator: str | None) -> None:
    """Check the save that names a moderator: the game had none, it is at a sealed round,
    and every faction that seals this round signed an appointment of ``moderator``, once
    each, in faction order.

    :raises EngineError: naming what does not hold.
    """
    if getattr(base, "moderator", None) is not None:
        raise SaveError("appoint/moderated", "this game already has a moderator")
    if not find_ruleset(base.ruleset).awaits_sealed_orders(base.state):
        raise SaveError("appoint/codes", "a moderator is named only at a sealed round")
    named, signed = appointed(base, codes)
    if signed != sorted(signed) or set(signed) != set(voters(base)):
        raise SaveError(
            "appoint/missing",
            "a moderator is named only by every faction of the round, each once, in faction order",
        )
    if named != moderator:
        raise SaveError("appoint/codes", "the save names another moderator than the codes")


__all__ = ["APPOINT", "FIELD", "appointed", "appointment_code", "check_appointment"]
