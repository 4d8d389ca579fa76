"""Capital Risk by forum in the page: the shared sealed-orders plumbing
(:mod:`ui.shell.forum`) under Capital Risk's name (its game ids start with
:attr:`ui.capital.session.CapitalSession.GAME_ID_PREFIX`)."""

from __future__ import annotations

from ui.shell.forum import (
    Resolution,
    accept,
    bind,
    claim,
    claimable,
    create_base,
    invitation_link,
    invite_for,
    is_moderator,
    resolve,
    seal,
    seat_of,
    sign_deadline,
    split_codes,
    unclaimed,
)

RULESET = "capital"

__all__ = [
    "RULESET",
    "Resolution",
    "accept",
    "bind",
    "claim",
    "claimable",
    "create_base",
    "invitation_link",
    "invite_for",
    "is_moderator",
    "resolve",
    "seal",
    "seat_of",
    "sign_deadline",
    "split_codes",
    "unclaimed",
]
