"""Capital Risk by forum in the page: the shared sealed-orders plumbing
(:mod:`ui.shell.forum`) with Capital Risk's game ids."""

from __future__ import annotations

from ui.shell import forum as shared
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
    "new_game_id",
    "resolve",
    "seal",
    "seat_of",
    "sign_deadline",
    "split_codes",
    "unclaimed",
]


def new_game_id() -> str:
    return shared.new_game_id("cap")
