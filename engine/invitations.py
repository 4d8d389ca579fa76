"""Seat invitations: a first save may keep a seat for one invited player by holding the
digest of a one-time secret sent only to that player (by email, or in a forum game's
private message).  A sequential game's claiming save shows the secret
(:mod:`engine.saves`); a simultaneous game's first sealed orders commit to it and their
reveal shows it (:mod:`engine.sealed`), so that the secret is public only once every seal
of the round is pinned."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence

from engine.errors import SaveError

__all__ = ["invitation_digest", "kept_for", "new_invitations", "opens", "refuse_uninvited"]


def invitation_digest(secret: str) -> str:
    """What a first save keeps of an invitation secret: the seat can be claimed only by
    a code that shows the secret itself."""
    return hashlib.sha256(f"risk-family invitation:{secret}".encode()).hexdigest()


def kept_for(invitations: Sequence[str | None], seat: int) -> str | None:
    """The invitation digest that keeps ``seat``, or None for an open seat."""
    return invitations[seat] if 0 <= seat < len(invitations) else None


def refuse_uninvited(seat: int, code: str = "save/invited") -> SaveError:
    return SaveError(
        code,
        f"seat {seat + 1} is kept for an invited player: only the code of that player, "
        "with their invitation, can claim it",
    )


def new_invitations(seats: Sequence[int], count: int) -> tuple[dict[int, str], list[str | None]]:
    """(secret by seat, the first save's digests for all ``count`` seats): one fresh
    one-time secret for each of ``seats``, the host's to send each player privately."""
    invites = {seat: secrets.token_urlsafe(18) for seat in seats}
    return invites, [invitation_digest(invites[s]) if s in invites else None for s in range(count)]


def opens(invitations: Sequence[str | None], seat: int, secret: str) -> bool:
    """Whether ``secret`` is the invitation that keeps ``seat``."""
    kept = kept_for(invitations, seat)
    return kept is not None and bool(secret) and invitation_digest(secret) == kept
