"""A forfeit claim and its concession: how a game of two ends when one seat stays silent.

Without a moderator nobody forces a sealed round alone (:func:`engine.sealed_round.check_consent`),
so in a game of two factions a silent rival stops the game.  The faction left waiting
signs a *forfeit claim* (this round, naming the rival); every page given it shows the
game as disputed ("X claims Y forfeited; Y has not agreed").  Only the rival's own
*concession* (signed with its seat's key, naming the claimant) settles it: the save
that carries both codes (``ff``, no orders, the position unchanged) is the game's last,
won by the claimant; every page refuses any save after it.  Without the concession the
claim stays a claim: the game does not move.

Both codes are read like every sealed-round code (:func:`engine.sealed.read_signed`: the
seat's key, the game, turn and round).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import find_ruleset
from engine.errors import SaveError
from engine.keys import PlayerKey
from engine.savecode import decode_code, encode_code
from engine.sealed import SealBase, read_signed
from engine.sealed_round import voters

CLAIM, CONCEDE = "forfeit", "concede"
FIELD = "ff"
"""The save field holding [claim, concession]: the save that ends the game by forfeit."""


@dataclass(frozen=True)
class Forfeit:
    """A forfeit claim by ``claimant`` that ``rival`` forfeited, with ``rival``'s
    concession when it has agreed."""

    claimant: int
    rival: int
    claim: str
    concession: str | None = None

    @property
    def agreed(self) -> bool:
        return self.concession is not None


def _payload(base: SealBase, kind: str, signer: int, other: int) -> dict[str, Any]:
    round_index = find_ruleset(base.ruleset).sealed_round(base.state)
    return {"k": kind, "g": base.game_id, "t": base.state.turn, "f": signer, "y": other} | (
        {"r": round_index} if round_index else {}
    )


def _check_pair(base: SealBase, claimant: int, rival: int) -> None:
    """A forfeit is between the two factions of a game of two, each holding its seat.

    :raises SaveError: ``forfeit/not-two`` or ``forfeit/seat``.
    """
    counted = voters(base)
    if len(counted) != 2:
        raise SaveError(
            "forfeit/not-two",
            f"a forfeit is claimed only in a game of two factions (this round has "
            f"{len(counted)}): with more, the others force the round once more than half "
            "consent",
        )
    if claimant == rival or {claimant, rival} != set(counted):
        raise SaveError("forfeit/seat", "a forfeit names the other faction of the game")
    for seat in (claimant, rival):
        if base.keys[seat] is None:
            raise SaveError(
                "forfeit/seat",
                f"faction {seat + 1} has not claimed its seat: only a seated faction claims "
                "or concedes a forfeit",
            )


def forfeit_claim(base: SealBase, claimant: int, key: PlayerKey) -> str:
    """``claimant``'s signed claim that the other faction forfeited at this round.

    :raises SaveError: not a game of two, or a seat not claimed.
    """
    others = [f for f in voters(base) if f != claimant]
    rival = others[0] if others else claimant
    _check_pair(base, claimant, rival)
    return encode_code(_payload(base, CLAIM, claimant, rival), key, claimant)


def concession(base: SealBase, claim: str, key: PlayerKey) -> str:
    """The rival's signed agreement to ``claim``: it concedes the game to the claimant.

    :raises EngineError: a claim that does not fit this game and round.
    """
    found = read_forfeit(base, [claim])
    return encode_code(_payload(base, CONCEDE, found.rival, found.claimant), key, found.rival)


def kind_of(code: str) -> str | None:
    """The kind a signed code says it is (``forfeit``, ``concede``, ``reveal``…), None for
    a code that is not readable."""
    try:
        kind = decode_code(code).payload.get("k")
    except Exception:  # any unreadable code: the caller refuses it with its own reason
        return None
    return kind if isinstance(kind, str) else None


def is_forfeit_code(code: str) -> bool:
    return kind_of(code) in (CLAIM, CONCEDE)


def read_forfeit(base: SealBase, codes: Sequence[str]) -> Forfeit:
    """The forfeit claim among ``codes`` and, when given, the rival's concession of it.

    :raises EngineError: no claim, two different claims, a concession that does not
        answer the claim, or a code that does not fit this game and round.
    """
    claims = list(dict.fromkeys(c for c in codes if kind_of(c) == CLAIM))
    concessions = list(dict.fromkeys(c for c in codes if kind_of(c) == CONCEDE))
    if len(claims) != 1 or len(concessions) > 1:
        raise SaveError(
            "forfeit/codes", "give one forfeit claim (and at most one concession answering it)"
        )
    claimant, payload, _ = read_signed(claims[0], CLAIM, base)
    rival = payload.get("y")
    if not isinstance(rival, int) or isinstance(rival, bool):
        raise SaveError("forfeit/codes", "the forfeit claim names no faction")
    _check_pair(base, claimant, rival)
    agreed = None
    if concessions:
        signer, answer, _ = read_signed(concessions[0], CONCEDE, base)
        if signer != rival or answer.get("y") != claimant:
            raise SaveError(
                "forfeit/codes",
                f"the concession is not faction {rival + 1}'s answer to faction "
                f"{claimant + 1}'s claim",
            )
        agreed = concessions[0]
    return Forfeit(claimant, rival, claims[0], agreed)


def dispute_text(names: Sequence[str], forfeit: Forfeit) -> str:
    """What every page shows about a forfeit (``names``: the seats' player names)."""
    claimant, rival = names[forfeit.claimant], names[forfeit.rival]
    if forfeit.agreed:
        return f"{rival} conceded: {claimant} wins by forfeit; the game is over"
    return f"Disputed: {claimant} claims {rival} forfeited; {rival} has not agreed"


def ended_by(payload: dict[str, Any]) -> tuple[int, int] | None:
    """(claimant, rival) of a save that ended its game by forfeit, else None (the save's
    codes were checked when it was accepted)."""
    codes = payload.get(FIELD)
    if not codes:
        return None
    return decode_code(codes[0]).seat, decode_code(codes[1]).seat


def check_forfeit_save(base: SealBase, codes: Sequence[str], signer: int) -> Forfeit:
    """Check the codes of a save that ends the game by forfeit: the claim and its
    concession, in that order, the save signed by one of the two.

    :raises EngineError: naming what does not hold.
    """
    if not find_ruleset(base.ruleset).awaits_sealed_orders(base.state):
        raise SaveError("forfeit/codes", "a forfeit ends a game only at a sealed round")
    found = read_forfeit(base, codes)
    if found.concession is None or list(codes) != [found.claim, found.concession]:
        raise SaveError(
            "forfeit/disputed",
            "the save ends the game by forfeit without the other faction's concession: "
            "a claim alone does not end a game",
        )
    if signer not in (found.claimant, found.rival):
        raise SaveError("forfeit/seat", "only the claimant or the rival signs a forfeit's save")
    return found


__all__ = [
    "CLAIM",
    "CONCEDE",
    "FIELD",
    "Forfeit",
    "check_forfeit_save",
    "concession",
    "dispute_text",
    "ended_by",
    "forfeit_claim",
    "is_forfeit_code",
    "kind_of",
    "read_forfeit",
]
