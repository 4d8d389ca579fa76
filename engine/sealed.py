"""Sealed orders for simultaneous games by forum, with or without a moderator.

Without a moderator (commit and reveal): each faction posts a *sealed code*, a signed
commitment ``sha256(game, turn, faction, orders, salt)``; when every sealed code is in,
each faction posts its *reveal code* (the orders and the secret salt, signed); anyone
pastes all reveals, the page checks each against its commitment and resolves.  The dice
are reseeded from all salts together, so no faction can steer them, and nobody can change
orders after seeing another's.

With a moderator: factions send their reveal codes (their *orders codes*) to the host
privately; the host's page resolves without commitments.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import Order, find_ruleset
from engine.errors import EngineError
from engine.keys import PlayerKey, b64url_encode
from engine.savecode import canonical_json, decode_code, encode_code
from engine.saves import SaveError, SaveRecord

SEAL, REVEAL = "seal", "reveal"


class SealedOrdersError(SaveError):
    """A sealed or reveal code that does not fit this game and turn."""


@dataclass(frozen=True)
class Sealed:
    faction: int
    commitment: str
    code: str
    key: str


@dataclass(frozen=True)
class Revealed:
    faction: int
    order: Order
    salt: str
    code: str
    key: str


def commitment(game_id: str, turn: int, faction: int, order: Order, salt: str) -> str:
    body = {"g": game_id, "t": turn, "f": faction, "o": order.to_json(), "s": salt}
    return hashlib.sha256(canonical_json(body)).hexdigest()


def seal_orders(
    order: Order,
    *,
    game_id: str,
    turn: int,
    faction: int,
    key: PlayerKey,
    salt: str | None = None,
) -> tuple[str, str]:
    """The (sealed code, reveal code) pair for one faction's orders this turn."""
    salt = salt if salt is not None else b64url_encode(secrets.token_bytes(16))
    sealed = encode_code(
        {
            "k": SEAL,
            "g": game_id,
            "t": turn,
            "f": faction,
            "c": commitment(game_id, turn, faction, order, salt),
        },
        key,
        faction,
    )
    reveal = encode_code(
        {"k": REVEAL, "g": game_id, "t": turn, "f": faction, "o": order.to_json(), "s": salt},
        key,
        faction,
    )
    return sealed, reveal


def _read(code: str, kind: str, base: SaveRecord) -> tuple[int, dict[str, Any], str]:
    """(faction, payload, signer key) of a sealed or reveal code for this game and turn.

    A faction whose seat has a key must sign with it; a faction still unclaimed claims
    its seat with the key of its first code (trust on first use), which may not be
    another faction's key.
    """
    decoded = decode_code(code)
    key = b64url_encode(decoded.public_key)
    seat = decoded.seat
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
    payload = decoded.payload
    if payload.get("k") != kind:
        what = {SEAL: "a sealed code", REVEAL: "a reveal code"}[kind]
        raise SealedOrdersError("sealed/kind", f"expected {what}, got another kind of code")
    if payload.get("g") != base.game_id:
        raise SealedOrdersError("sealed/other-game", "this code belongs to another game")
    if payload.get("t") != base.state.turn:
        raise SealedOrdersError(
            "sealed/wrong-turn",
            f"this code is for turn {payload.get('t')}, but the game is at turn {base.state.turn}",
        )
    if payload.get("f") != seat:
        raise SealedOrdersError("sealed/wrong-seat", "the code's faction is not its signer")
    return seat, payload, key


def read_seals(base: SaveRecord, codes: Iterable[str]) -> dict[int, Sealed]:
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
    base: SaveRecord, codes: Iterable[str], seals: dict[int, Sealed] | None
) -> dict[int, Revealed]:
    """Reveal codes by faction, each checked against its commitment when ``seals`` is
    given (without a moderator); with ``seals`` None (a moderator's host) none is needed.

    :raises EngineError: a reveal that does not match its commitment, a reveal without a
        sealed code, two different reveals for one faction.
    """
    ruleset = find_ruleset(base.ruleset)
    reveals: dict[int, Revealed] = {}
    for code in codes:
        faction, payload, key = _read(code, REVEAL, base)
        order = ruleset.parse_order(payload.get("o", {}))
        salt = payload.get("s")
        if not isinstance(salt, str):
            raise SealedOrdersError("sealed/payload", "the reveal code has no salt")
        if getattr(order, "faction", faction) != faction:
            raise SealedOrdersError(
                "sealed/wrong-seat", f"faction {faction + 1} revealed another faction's orders"
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
            expected = commitment(base.game_id, base.state.turn, faction, order, salt)
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
        reveals[faction] = Revealed(faction, order, salt, code, key)
    return reveals


def claimed_keys(base: SaveRecord, reveals: dict[int, Revealed]) -> list[str | None]:
    """The seats' keys after this turn: unclaimed factions that revealed now hold the key
    they signed with."""
    keys = list(base.keys)
    for faction, revealed in reveals.items():
        if keys[faction] is None:
            keys[faction] = revealed.key
    return keys


def dice_entropy(reveals: dict[int, Revealed]) -> str:
    """Every faction's salt in faction order: change any one and the dice change."""
    return hashlib.sha256(
        "|".join(f"{f}:{reveals[f].salt}" for f in sorted(reveals)).encode()
    ).hexdigest()


def resolution_orders(reveals: dict[int, Revealed], force: bool, with_entropy: bool) -> list[Order]:
    """The orders that resolve the turn: every revealed submission, then Resolve."""
    from engine.rulesets.capital.orders import Resolve

    orders: list[Order] = [reveals[f].order for f in sorted(reveals)]
    orders.append(Resolve(force=force, entropy=dice_entropy(reveals) if with_entropy else ""))
    return orders


def proofs_for(reveals: dict[int, Revealed]) -> list[str]:
    return [reveals[f].code for f in sorted(reveals)]


def check_proofs(
    base: SaveRecord,
    actions: Sequence[Order],
    proofs: Sequence[str],
    keys: Sequence[str | None],
    signer: int,
) -> None:
    """In a simultaneous game's save, every faction's submission must come with that
    faction's signed reveal code, and a seat claimed in this save must be claimed by
    the key that signed that faction's reveal (or be the signer's own seat).

    :raises EngineError: naming the faction whose orders are not backed by its signature.
    """
    reveals = read_reveals(base, proofs, seals=None)
    for faction, (old, new) in enumerate(zip(base.keys, keys, strict=True)):
        claimed = old is None and new is not None and faction != signer
        if claimed and (faction not in reveals or reveals[faction].key != new):
            raise SealedOrdersError(
                "save/keys-changed",
                f"the code claims faction {faction + 1} with a key that signed no orders",
            )
    for order in actions:
        submitter: int | None = getattr(order, "faction", None)
        if submitter is None:
            continue
        if submitter not in reveals or reveals[submitter].order != order:
            raise SealedOrdersError(
                "sealed/unsigned",
                f"faction {submitter + 1}'s orders in this save are not signed by faction "
                f"{submitter + 1}",
            )


__all__ = [
    "EngineError",
    "Revealed",
    "Sealed",
    "SealedOrdersError",
    "check_proofs",
    "claimed_keys",
    "commitment",
    "dice_entropy",
    "proofs_for",
    "read_reveals",
    "read_seals",
    "resolution_orders",
    "seal_orders",
]
