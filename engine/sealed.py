"""Sealed orders for simultaneous games by forum, with or without a moderator, and for
the sealed rounds of a sequential game by email.

Without a moderator (commit and reveal): each faction posts a *sealed code*, a signed
commitment ``sha256(game, turn, round, faction, orders, salt)``; when every sealed code is
in, each faction posts its *reveal code* (the orders and the secret salt, signed); anyone
pastes all codes, the page checks each reveal against its commitment and resolves.  The
dice are reseeded from all salts together, so no faction can steer them, and nobody can
change orders after seeing another's.  The save of the resolved round carries every
sealed and reveal code, so that every later page checks the same things again
(:func:`engine.sealed_round.check_resolution`).

With a moderator (named in the game's first save): factions send their reveal codes
(their *orders codes*) to the moderator privately; only the moderator's key may resolve,
without commitments, and only the moderator may force a deadline.

Without a moderator nobody resolves a round alone
(:func:`engine.sealed_round.check_consent`): a deadline is forced only with a *deadline
code* (the deadline passed, these factions are silent) from every faction that revealed,
naming every faction whose reveal the save leaves out, and only when the factions that
signed are a strict majority of those that seal. So a two-faction game never passes over
the other faction: it needs the other's reveal, its deadline code, its concession of the
game (:mod:`engine.forfeit`) or a new game.

The ruleset says which positions wait for a sealed round, which order resolves it and
how many rounds a turn has (:meth:`engine.core.Ruleset.awaits_sealed_orders`,
:attr:`engine.core.Ruleset.sealed_rounds`, :meth:`engine.core.Ruleset.resolving_order`);
this module knows no ruleset by name.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.core import Order, find_ruleset
from engine.errors import EngineError, SaveError
from engine.fault_words import Fault, refusal, words
from engine.invitations import invitation_digest, kept_for, refuse_uninvited
from engine.keys import PlayerKey, b64url_encode
from engine.savecode import SaveCodeError, canonical_json, decode_code, encode_code

SEAL, REVEAL, DEADLINE = "seal", "reveal", "deadline"


class SealedOrdersError(SaveError):
    """A sealed or reveal code that does not fit this game and round."""


class SealBase(Protocol):
    """The position sealed codes are made for (a :class:`engine.saves.SaveRecord`)."""

    @property
    def game_id(self) -> str: ...

    @property
    def ruleset(self) -> str: ...

    @property
    def keys(self) -> tuple[str | None, ...]: ...

    @property
    def state(self) -> Any: ...

    @property
    def invitations(self) -> tuple[str | None, ...]: ...


@dataclass(frozen=True)
class Sealed:
    faction: int
    commitment: str
    code: str
    key: str


@dataclass(frozen=True)
class Revealed:
    """A faction's opened orders; ``seen`` is the :func:`witness` of every sealed code the
    faction saw before revealing (None in a reveal made for a moderator)."""

    faction: int
    order: Order
    salt: str
    code: str
    key: str
    seen: str | None = None


def _round_field(round_index: int) -> dict[str, int]:
    # Round 0 is left out, so that codes sealed before rounds existed (Capital Risk's one
    # round) keep their commitments and still verify.
    return {"r": round_index} if round_index else {}


def _invite_field(invite: str) -> dict[str, str]:
    # Only the first sealed orders for a seat kept by an invitation carry its secret.
    return {"i": invite} if invite else {}


def commitment(
    game_id: str,
    turn: int,
    faction: int,
    order: Order,
    salt: str,
    round_index: int = 0,
    invite: str = "",
) -> str:
    body: dict[str, Any] = {"g": game_id, "t": turn, "f": faction, "o": order.to_json()}
    body |= {"s": salt} | _round_field(round_index) | _invite_field(invite)
    return hashlib.sha256(canonical_json(body)).hexdigest()


def seal_orders(
    order: Order,
    *,
    game_id: str,
    turn: int,
    faction: int,
    key: PlayerKey,
    salt: str | None = None,
    round_index: int = 0,
    invite: str = "",
) -> tuple[str, str]:
    """The (sealed code, reveal code) pair for one faction's orders this round.

    The first orders for a seat kept by an invitation carry its secret ``invite``: the
    sealed code commits to it unseen, the reveal shows it (when every seal is pinned).
    """
    salt = salt if salt is not None else b64url_encode(secrets.token_bytes(16))
    where = {"g": game_id, "t": turn, "f": faction} | _round_field(round_index)
    digest = commitment(game_id, turn, faction, order, salt, round_index, invite)
    sealed = encode_code({"k": SEAL, "c": digest} | where, key, faction)
    opened = {"k": REVEAL, "o": order.to_json(), "s": salt} | _invite_field(invite)
    reveal = encode_code(opened | where, key, faction)
    return sealed, reveal


def witness(seals: dict[int, Sealed]) -> str:
    """One hash of every faction's commitment, in faction order: a reveal that names it
    pins every seal of the round, so nobody (the resolver included) can seal again after
    seeing a reveal."""
    return hashlib.sha256(
        "|".join(f"{f}:{seals[f].commitment}" for f in sorted(seals)).encode()
    ).hexdigest()


def bind_reveal(base: SealBase, reveal: str, seal_codes: Iterable[str], key: PlayerKey) -> str:
    """The faction's reveal code again, now naming the :func:`witness` of every sealed
    code of the round (which must include the faction's own seal, matching the reveal).

    :raises EngineError: a sealed code that does not fit, or a reveal that does not
        open this faction's seal.
    """
    seals = read_seals(base, seal_codes)
    opened = read_reveals(base, [reveal], seals)
    (faction,) = opened
    payload = dict(decode_code(reveal).payload)
    payload["w"] = witness(seals)
    return encode_code(payload, key, faction)


def deadline_code(base: SealBase, faction: int, missing: Iterable[int], key: PlayerKey) -> str:
    """A faction's signed statement that the deadline of this round passed with the
    factions ``missing`` silent: without a moderator, a forced resolution needs one from
    every faction that revealed."""
    payload = {
        "k": DEADLINE,
        "g": base.game_id,
        "t": base.state.turn,
        "f": faction,
        "m": sorted(set(missing)),
    } | _round_field(_round_of(base))
    return encode_code(payload, key, faction)


_WHAT = {SEAL: "sealed code", REVEAL: "reveal code", DEADLINE: "deadline code"}
"""What a player calls each kind of sealed-round code."""


def _round_of(base: SealBase) -> int:
    return find_ruleset(base.ruleset).sealed_round(base.state)


def _read(code: str, kind: str, base: SealBase) -> tuple[int, dict[str, Any], str]:
    """(faction, payload, signer key) of a sealed, reveal or deadline code for this game
    and round.

    A faction whose seat has a key must sign with it; a faction still unclaimed claims
    its seat with the key of its first code (trust on first use), which may not be
    another faction's key.
    """
    what = _WHAT.get(kind, f"{kind} code")
    try:
        decoded = decode_code(code)
    except SaveCodeError as exc:  # cut off, altered...: whose it says it is, if it says
        raise exc.naming([p.name for p in base.state.players], what) from None
    key = b64url_encode(decoded.public_key)
    seat = decoded.seat
    names = [p.name for p in base.state.players]
    payload = decoded.payload
    # The seat names a player of this game only if the code is of this game.
    whose = names[seat] if seat < len(names) and payload.get("g") == base.game_id else ""
    if payload.get("k") != kind:
        found = payload.get("k")
        raise SealedOrdersError(
            "sealed/kind",
            words(
                Fault.WRONG_KIND,
                whose=whose,
                what=_WHAT.get(found, "code") if isinstance(found, str) else "code",
                expected=f"a {what}",
            ),
        )
    if payload.get("g") != base.game_id:
        raise SealedOrdersError("sealed/other-game", words(Fault.OTHER_GAME, what=what))
    if seat >= len(base.keys):
        raise SealedOrdersError("sealed/wrong-seat", f"there is no faction {seat + 1}")
    if base.keys[seat] is not None and base.keys[seat] != key:
        raise SealedOrdersError(
            "sealed/wrong-seat", f"the code is not signed with faction {seat + 1}'s key"
        )
    if base.keys[seat] is None and key in base.keys:
        raise SealedOrdersError(
            "sealed/wrong-seat",
            f"the code for faction {seat + 1} is signed with another faction's key",
        )
    turn = payload.get("t")
    if turn != base.state.turn:
        if isinstance(turn, int) and turn > base.state.turn:
            subject = f"{whose}'s {what}" if whose else f"This {what}"
            raise SealedOrdersError(
                "sealed/wrong-turn",
                f"{subject} is for turn "
                f"{turn}, but your game is at turn {base.state.turn}: load the newest save "
                "code first, then paste it again",
            )
        raise SealedOrdersError(
            "sealed/wrong-turn",
            words(
                Fault.OLD_TURN,
                whose=whose,
                what=what,
                turn=f"turn {turn}",
                held=f"turn {base.state.turn}",
            ),
        )
    round_index = _round_of(base)
    code_round = payload.get("r", 0)
    if code_round != round_index:
        rounds = find_ruleset(base.ruleset).sealed_rounds
        if isinstance(code_round, int) and 0 <= code_round < min(round_index, len(rounds)):
            raise refusal(
                SealedOrdersError,
                "sealed/wrong-round",
                Fault.OLD_TURN,
                whose=whose,
                what=what,
                turn=f"the {rounds[code_round]} of turn {turn}",
                held=f"the {rounds[round_index]}",
            )
        raise SealedOrdersError(
            "sealed/wrong-round",
            f"this code is for another round of the turn; the game waits for round "
            f"{round_index + 1} ({rounds[round_index] if round_index < len(rounds) else '?'})",
        )
    if payload.get("f") != seat:
        raise SealedOrdersError("sealed/wrong-seat", "the code's faction is not its signer")
    return seat, payload, key


def read_signed(code: str, kind: str, base: SealBase) -> tuple[int, dict[str, Any], str]:
    """(faction, payload, signer key) of a signed code of ``kind`` for this game and round
    (the checks of every sealed-round code: the seat's key, the game, turn and round).

    :raises EngineError: naming what does not fit.
    """
    return _read(code, kind, base)


def read_seals(base: SealBase, codes: Iterable[str]) -> dict[int, Sealed]:
    """Sealed codes by faction; the same code twice is fine, a second commitment is not.

    :raises EngineError: naming the bad code.
    """
    seals: dict[int, Sealed] = {}
    for code in codes:
        faction, payload, key = _read(code, SEAL, base)
        digest = payload.get("c")
        if not isinstance(digest, str):
            raise SealedOrdersError("sealed/payload", "the sealed code has no commitment")
        if faction in seals and seals[faction].commitment != digest:
            raise SealedOrdersError(
                "sealed/second-commitment",
                f"faction {faction + 1} has already sealed different orders this turn",
            )
        if faction in seals and seals[faction].key != key:
            raise SealedOrdersError(
                "sealed/wrong-seat", f"faction {faction + 1} sealed with two different keys"
            )
        seals[faction] = Sealed(faction, digest, code, key)
    return seals


def read_reveals(
    base: SealBase, codes: Iterable[str], seals: dict[int, Sealed] | None
) -> dict[int, Revealed]:
    """Reveal codes by faction, each checked against its commitment when ``seals`` is
    given (without a moderator); with ``seals`` None (a moderator's host) none is needed.

    :raises EngineError: a reveal that does not match its commitment, a reveal without a
        sealed code, two different reveals for one faction.
    """
    ruleset = find_ruleset(base.ruleset)
    round_index = ruleset.sealed_round(base.state)
    reveals: dict[int, Revealed] = {}
    for code in codes:
        faction, payload, key = _read(code, REVEAL, base)
        order = ruleset.parse_order(payload.get("o", {}))
        salt = payload.get("s")
        if not isinstance(salt, str):
            raise SealedOrdersError("sealed/payload", "the reveal code has no salt")
        invite = _check_invite(base, faction, payload.get("i"))
        if getattr(order, "faction", faction) != faction:
            raise SealedOrdersError(
                "sealed/wrong-seat", f"faction {faction + 1} revealed another faction's orders"
            )
        if ruleset.resolving_kind == order.KIND:
            raise SealedOrdersError(
                "sealed/payload", f"faction {faction + 1}'s reveal holds a resolution, not orders"
            )
        if faction in ruleset.keyless_factions(base.state):
            raise SealedOrdersError(
                "sealed/computer-seat",
                f"faction {faction + 1} is a computer player: nobody signs orders for it",
            )
        if faction in ruleset.computer_seats(base.state):
            raise SealedOrdersError(
                "sealed/computer-seat",
                f"faction {faction + 1} is played by the computer now (struck out): its"
                " orders come from the position, not from a reveal code",
            )
        if seals is not None:
            if faction not in seals:
                raise SealedOrdersError(
                    "sealed/no-commitment", f"faction {faction + 1} revealed without sealing first"
                )
            if seals[faction].key != key:
                raise SealedOrdersError(
                    "sealed/wrong-seat",
                    f"faction {faction + 1}'s reveal is signed with another key than its seal",
                )
            expected = commitment(
                base.game_id, base.state.turn, faction, order, salt, round_index, invite
            )
            if expected != seals[faction].commitment:
                raise SealedOrdersError(
                    "sealed/mismatch",
                    f"faction {faction + 1}'s reveal does not match its sealed code: the "
                    "orders were changed after sealing",
                )
        if faction in reveals and reveals[faction].order != order:
            raise SealedOrdersError(
                "sealed/second-reveal", f"faction {faction + 1} revealed two different orders"
            )
        if faction in reveals and reveals[faction].key != key:
            raise SealedOrdersError(
                "sealed/wrong-seat", f"faction {faction + 1} revealed with two different keys"
            )
        seen = payload.get("w")
        if seen is not None and not isinstance(seen, str):
            raise SealedOrdersError("sealed/payload", "the reveal code's witness is not a hash")
        reveals[faction] = Revealed(faction, order, salt, code, key, seen)
    return reveals


def _check_invite(base: SealBase, faction: int, invite: object) -> str:
    """The invitation a reveal shows: required (and checked) for the first orders of a
    seat kept for an invited player, refused anywhere else.

    :raises EngineError: ``sealed/invited`` naming the kept seat, or a stray invitation.
    """
    kept = kept_for(base.invitations, faction) if base.keys[faction] is None else None
    if kept is None:
        if invite is not None:
            raise SealedOrdersError(
                "sealed/payload",
                f"faction {faction + 1}'s reveal shows an invitation, but none keeps its seat",
            )
        return ""
    if not isinstance(invite, str) or invitation_digest(invite) != kept:
        raise refuse_uninvited(faction, "sealed/invited")
    return invite


def read_deadlines(base: SealBase, codes: Iterable[str], missing: Sequence[int]) -> set[int]:
    """The factions whose deadline codes say this round's deadline passed with exactly
    the factions ``missing`` silent.

    :raises EngineError: a deadline code naming another set of silent factions.
    """
    return set(deadline_signers(base, codes, missing))


def deadline_signers(
    base: SealBase, codes: Iterable[str], missing: Sequence[int]
) -> dict[int, str]:
    """The key that signed each faction's deadline code (as :func:`read_deadlines`).

    :raises EngineError: a deadline code naming another set of silent factions.
    """
    signed: dict[int, str] = {}
    for code in codes:
        faction, payload, key = _read(code, DEADLINE, base)
        if payload.get("m") != sorted(missing):
            raise SealedOrdersError(
                "sealed/deadline",
                f"faction {faction + 1}'s deadline code names other silent factions "
                f"({payload.get('m')!r}) than this resolution ({sorted(missing)})",
            )
        if signed and faction <= max(signed):
            raise SealedOrdersError(
                "sealed/evidence", "deadline codes must come once each, in faction order"
            )
        signed[faction] = key
    return signed


__all__ = [
    "EngineError",
    "Revealed",
    "SealBase",
    "Sealed",
    "SealedOrdersError",
    "bind_reveal",
    "commitment",
    "deadline_code",
    "deadline_signers",
    "read_deadlines",
    "read_reveals",
    "read_seals",
    "read_signed",
    "seal_orders",
    "witness",
]
