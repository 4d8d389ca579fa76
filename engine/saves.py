"""Game saves for play by email and forum: a signed save code per turn, chained.

A save's payload holds the ruleset and its version, the full game state (compact form,
including the random generator's state), every seat's public key, the hash of the save
it continues from, and the orders given since that save with the running roll counter.
Whoever receives the next code replays those orders on the previous position: the
dice come from the random state, so a dishonest position cannot pass.  This module makes
and reads one save code; engine/save_chain.py accepts it as the next save of a game.

A sealed round's resolution (every turn of a simultaneous game; a sequential game's
round the ruleset names, :meth:`engine.core.Ruleset.awaits_sealed_orders`) also carries
the sealed-order codes that back it, checked again on every replay
(:func:`engine.sealed_round.check_resolution`).  A save that continues
another save than the one held is a fork: never verified, whatever it shows.

What each code proves, and what a game by email still cannot prevent (anyone can read
the random state in a code and so foresee the dice; a player may sit on a turn and try
a different continuation from the same save), is said in docs/play-by-email.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.appointment import FIELD as APPOINT_FIELD
from engine.core import Order, Ruleset, find_ruleset
from engine.errors import SaveError
from engine.fault_words import Fault, words
from engine.forfeit import FIELD as FORFEIT_FIELD
from engine.invitations import invitation_digest
from engine.keys import PUBLIC_KEY_SIZE, PlayerKey, b64url_decode, b64url_encode
from engine.savecode import (
    decode_code,
    encode_code,
    payload_hash,
)
from engine.statecheck import MAX_COUNT, MAX_TEXT

PAYLOAD_FIELDS = {"g", "rs", "rv", "seq", "prev", "keys", "turn", "acts", "rolls", "st"}
SEALED_FIELDS = {
    "proof",  # each faction's signed reveal code
    "seals",  # the sealed codes those reveals open (no moderator)
    "dl",  # deadline codes backing a forced resolution (no moderator)
    "mod",  # the moderator's key: named in the first save, or once by every faction ("appoint")
    "ff",  # a forfeit claim and its concession: the save that ends the game (engine.forfeit)
    "appoint",  # every faction's appointment of a moderator (engine.appointment)
}

EVIDENCE_FIELDS = {"proof", "seals", "dl"}
"""The sealed codes a sealed round's resolving save carries, and no other save."""

INVITATION_FIELDS = {
    "inv",  # per seat: null, or the digest of the seat's invitation secret (first save)
    "invite",  # the invitation secret, in the save that claims an invited seat
}

__all__ = [
    "SaveError",
    "SaveRecord",
    "invitation_digest",
    "make_save",
    "read_save",
]


@dataclass(frozen=True)
class SaveRecord:
    """A decoded, signature-checked save."""

    code: str
    seat: int
    game_id: str
    ruleset: str
    seq: int
    prev: str | None
    keys: tuple[str | None, ...]
    turn: int
    actions: tuple[dict[str, Any], ...]
    rolls: tuple[int, int]
    state: Any
    payload: dict[str, Any]
    rules_version: int = 1
    moderator: str | None = None
    invitations: tuple[str | None, ...] = ()

    @property
    def hash(self) -> str:
        return payload_hash(self.payload)

    def codes(self, field: str) -> tuple[str, ...]:
        """The sealed-order codes a simultaneous save carries in ``field`` (checked text)."""
        return tuple(self.payload.get(field, ()))


def make_save(
    ruleset: Ruleset[Any],
    state: Any,
    *,
    game_id: str,
    keys: Sequence[str | None],
    signer: PlayerKey,
    seat: int,
    previous: SaveRecord | None = None,
    actions: Sequence[Order] = (),
    proofs: Sequence[str] = (),
    seals: Sequence[str] = (),
    deadlines: Sequence[str] = (),
    moderator: str | None = None,
    invitations: Sequence[str | None] = (),
    invite: str = "",
    forfeit: Sequence[str] = (),
    appointments: Sequence[str] = (),
) -> str:
    """The save code of ``state``, signed by ``seat`` with ``signer``.

    A first save may keep seats for invited players (``invitations``: per seat None or
    :func:`invitation_digest` of a secret sent only to that player); every later save
    carries them on, and the save that claims an invited seat holds its ``invite``.

    A sealed round's resolution carries its reveal codes (``proofs``), the sealed
    codes they open (``seals``) and any ``deadlines`` codes; a moderated game names its
    ``moderator``'s key in its first save, and every later save carries it on.  The save
    that ends a game by forfeit carries the claim and its concession (``forfeit``); the
    save that names a moderator later carries every faction's ``appointments`` of the
    ``moderator`` given.

    :raises SaveError: when the signer's key is not the seat's key.
    """
    if keys[seat] is not None and keys[seat] != signer.public_key_text:
        raise SaveError("save/wrong-key", f"this browser's key is not the key of seat {seat + 1}")
    if state.rng.script is not None:
        # A rule case's script decides the dice: a game must never carry one.
        raise SaveError("save/scripted-dice", "a position with scripted dice cannot be saved")
    payload = {
        "g": game_id,
        "rs": ruleset.name,
        "rv": ruleset.version,
        "seq": 0 if previous is None else previous.seq + 1,
        "prev": None if previous is None else previous.hash,
        "keys": list(keys),
        "turn": state.turn,
        "acts": [order.to_json() for order in actions],
        "rolls": [previous.state.rng.counter if previous else 0, state.rng.counter],
        "st": ruleset.to_compact(state),
    }
    if previous is not None:
        moderator = moderator if appointments else previous.moderator
        invitations = previous.invitations
    if any(invitations):
        payload["inv"] = list(invitations)
    if invite:
        payload["invite"] = invite
    for field, codes in (
        ("proof", proofs),
        ("seals", seals),
        ("dl", deadlines),
        (FORFEIT_FIELD, forfeit),
        (APPOINT_FIELD, appointments),
    ):
        if codes:
            payload[field] = list(codes)
    if moderator is not None:
        payload["mod"] = moderator
    return encode_code(payload, signer, seat)


def _bad(field: str, why: str) -> SaveError:
    return SaveError("save/payload", f"the save's {field!r} {why}")


def read_save(code: str) -> SaveRecord:
    """Decode and check a save code on its own (signature, fields, ruleset, state).

    :raises EngineError: a SaveCodeError for a damaged or forged code, a SaveError for a
        code that is not a game save of a known ruleset and version.
    """
    decoded = decode_code(code)
    payload = decoded.payload
    ruleset = find_ruleset(_text(payload, "rs")) if isinstance(payload.get("rs"), str) else None
    allowed = PAYLOAD_FIELDS | INVITATION_FIELDS
    if ruleset and ruleset.sealed_rounds:
        allowed |= SEALED_FIELDS
    missing = sorted(PAYLOAD_FIELDS - set(payload))
    extra = sorted(set(payload) - allowed)
    if "st" not in payload and isinstance(payload.get("k"), str):  # a sealed-round code
        what = _SEALED_KINDS.get(payload["k"], "signed code")
        raise SaveError("save/payload", words(Fault.WRONG_KIND, what=what, expected="a save code"))
    if missing or extra or ruleset is None:
        raise SaveError(
            "save/payload",
            f"this code is not a game save (missing {missing or 'nothing'}, "
            f"unexpected {extra or 'nothing'})",
        )
    version = _integer(payload, "rv")
    if version > ruleset.version:
        raise SaveError("save/newer-version", words(Fault.NEWER_VERSION, what="save code"))
    keys = payload["keys"]
    if not isinstance(keys, list) or not all(k is None or _is_key_text(k) for k in keys):
        raise _bad("keys", "must be a list of public keys (or null for a free seat)")
    if decoded.seat >= len(keys) or keys[decoded.seat] != b64url_encode(decoded.public_key):
        raise SaveError(
            "save/wrong-seat",
            f"the code is signed by a key that is not seat {decoded.seat + 1}'s key",
        )
    actions = payload["acts"]
    if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
        raise _bad("acts", "must be a list of orders")
    rolls = payload["rolls"]
    if not (isinstance(rolls, list) and len(rolls) == 2 and all(_is_count(r) for r in rolls)):
        raise _bad("rolls", "must be two counters")
    prev = payload["prev"]
    if prev is not None and not isinstance(prev, str):
        raise _bad("prev", "must be a hash or null")
    seq = _integer(payload, "seq")
    if seq == 0 and prev is not None:
        raise _bad("prev", "is set, but save 0 (a first save) continues nothing")
    if seq > 0 and prev is None:
        raise _bad("prev", "is missing: only the first save (0) continues nothing")
    forfeit = payload.get(FORFEIT_FIELD, [])
    if not isinstance(forfeit, list) or (FORFEIT_FIELD in payload and len(forfeit) != 2):
        raise _bad(FORFEIT_FIELD, "must be a forfeit claim and its concession")
    for field in ("proof", "seals", "dl", FORFEIT_FIELD, APPOINT_FIELD):
        codes = payload.get(field, [])
        if not isinstance(codes, list) or (not codes and field in payload):
            raise _bad(field, "must be a non-empty list of codes")
        if not all(isinstance(c, str) for c in codes):
            raise _bad(field, "must be a list of codes")
    moderator = payload.get("mod")
    if moderator is not None and not _is_key_text(moderator):
        raise _bad("mod", "must be the moderator's public key")
    invitations = payload.get("inv", [])
    if not isinstance(invitations, list) or (
        ("inv" in payload and (len(invitations) != len(keys) or not any(invitations)))
        or not all(i is None or _is_digest(i) for i in invitations)
    ):
        raise _bad("inv", "must hold, per seat, null or an invitation digest")
    invite = payload.get("invite", "")
    if not isinstance(invite, str) or ("invite" in payload and not 16 <= len(invite) <= 100):
        raise _bad("invite", "must be an invitation secret")
    state = ruleset.from_compact(payload["st"])
    if state.rng.script is not None:
        raise _bad("st", "holds scripted dice, which only a rule case has")
    if state.rng.counter != rolls[1]:
        raise _bad("rolls", "does not match the random state")
    turn = _integer(payload, "turn")
    if turn != state.turn:
        raise _bad("turn", f"says turn {turn} but the position is at turn {state.turn}")
    return SaveRecord(
        code=code.strip(),
        seat=decoded.seat,
        game_id=_text(payload, "g"),
        ruleset=ruleset.name,
        seq=seq,
        prev=prev,
        keys=tuple(keys),
        turn=turn,
        actions=tuple(actions),
        rolls=(rolls[0], rolls[1]),
        state=state,
        payload=payload,
        rules_version=version,
        moderator=moderator,
        invitations=tuple(invitations),
    )


_SEALED_KINDS = {
    "seal": "sealed code",
    "reveal": "reveal code",
    "deadline": "deadline code",
    "forfeit": "forfeit claim",
    "concede": "concession",
    "appoint": "appointment code",
}
"""What a player calls each code of a sealed round (engine.sealed's kinds)."""


def _is_key_text(value: object) -> bool:
    if not isinstance(value, str) or len(value) != 43:
        return False
    try:
        return len(b64url_decode(value)) == PUBLIC_KEY_SIZE
    except ValueError:
        return False


def _is_digest(value: object) -> bool:
    return (
        isinstance(value, str) and len(value) == 64 and all(c in "0123456789abcdef" for c in value)
    )


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT


def _text(payload: dict[str, Any], field: str) -> str:
    value = payload[field]
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise _bad(field, f"must be text of at most {MAX_TEXT} characters")
    return value


def _integer(payload: dict[str, Any], field: str) -> int:
    value = payload[field]
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise _bad(field, f"must be a whole number from 0 to {MAX_COUNT}")
    return value
