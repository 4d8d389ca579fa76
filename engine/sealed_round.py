"""Resolving a sealed round (engine/sealed.py makes and reads its codes): which orders
resolve it (every reveal in faction order, computer seats' orders from the position,
then the resolving order with dice entropy drawn from every salt), who must consent
when a round is forced without a moderator (:func:`check_consent`), and what the
resolving save must carry for every later page to check it again
(:func:`check_resolution`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import Order, Ruleset, find_ruleset
from engine.sealed import (
    Revealed,
    SealBase,
    Sealed,
    SealedOrdersError,
    deadline_signers,
    read_reveals,
    read_seals,
    witness,
)


def voters(base: SealBase) -> list[int]:
    """The factions whose consent a forced round counts: those that seal this round and
    that a player signs for (not a keyless computer seat)."""
    ruleset = find_ruleset(base.ruleset)
    keyless = set(ruleset.keyless_factions(base.state))
    return [f for f in ruleset.sealing_factions(base.state) if f not in keyless]


def majority(consenting: Iterable[int], base: SealBase) -> bool:
    """Whether ``consenting`` factions are a strict majority of the round's
    :func:`voters` (so that no faction, and no minority, resolves alone)."""
    counted = voters(base)
    return 2 * len(set(consenting) & set(counted)) > len(counted)


def check_consent(
    base: SealBase, reveals: dict[int, Revealed], deadlines: Sequence[str]
) -> set[int]:
    """Check that a round forced without a moderator has the consent it needs; returns
    the consenting factions.

    The rule: no faction resolves a round without every other living faction's reveal or
    that faction's own signed consent that the deadline passed.  So (a) every faction
    that revealed signs a deadline code, and every deadline code names exactly the
    sealing factions whose reveal the save leaves out (a faction left out is named
    silent; one of them may sign too, and then consents); a deadline code comes from a
    faction that holds its seat (or claims it with its reveal in this save), with that
    seat's key; and (b) the consenting factions are a strict majority of the
    :func:`voters`, so that one faction never passes over the others alone (in a game of
    two, never over the other).

    :raises EngineError: ``sealed/forced`` (a revealing faction did not sign),
        ``sealed/deadline`` (a code naming another silent set, or from a faction with no
        say), ``sealed/no-majority`` (too few consent).
    """
    ruleset = find_ruleset(base.ruleset)
    sealing = ruleset.sealing_factions(base.state)
    missing = [f for f in sealing if f not in reveals]
    signers = deadline_signers(base, deadlines, missing)
    counted = set(voters(base))
    for faction, key in signers.items():
        if faction not in counted:
            raise SealedOrdersError(
                "sealed/deadline",
                f"faction {faction + 1} has no say in this round (it seals nothing): its "
                "deadline code does not count",
            )
        revealed_with = reveals[faction].key if faction in reveals else None
        if base.keys[faction] is None and revealed_with != key:
            raise SealedOrdersError(
                "sealed/deadline",
                f"faction {faction + 1}'s seat is not claimed: only its player's reveal "
                "in this save can claim it, so its deadline code does not count",
            )
    unsigned = sorted(set(reveals) - set(signers))
    if unsigned:
        raise SealedOrdersError(
            "sealed/forced",
            "the turn was forced without a moderator, but faction(s) "
            f"{', '.join(str(f + 1) for f in unsigned)} did not sign that the "
            "deadline passed",
        )
    if not majority(signers, base):
        raise SealedOrdersError(
            "sealed/no-majority",
            f"the turn was forced without a moderator by {len(signers)} of the "
            f"{len(counted)} factions: nobody resolves a round without every other "
            "faction's reveal or its signed consent, unless more than half consent",
        )
    return set(signers)


def claimed_keys(base: SealBase, reveals: dict[int, Revealed]) -> list[str | None]:
    """The seats' keys after this round: unclaimed factions that revealed now hold the key
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


def computer_orders(ruleset: Ruleset[Any], state: Any) -> list[Order]:
    """The orders of the seats a computer plays (:meth:`engine.core.Ruleset.computer_seats`:
    a Capital Risk faction struck out to the Standard computer), each chosen from the
    position before the round's sealed orders, in seat order.  The computer players are
    deterministic given the state, so the resolving page and every page that checks its
    save compute the same orders."""
    from engine.ai import choose_for

    orders: list[Order] = []
    for seat in ruleset.computer_seats(state):
        order = choose_for(state, seat)
        state = ruleset.apply(state, order).state
        orders.append(order)
    return orders


def resolution_orders(
    ruleset: Ruleset[Any],
    reveals: dict[int, Revealed],
    force: bool,
    with_entropy: bool,
    state: Any = None,
) -> list[Order]:
    """The orders that resolve the round: with the round's position ``state``, the
    computer seats' orders first (:func:`computer_orders`); then every revealed
    submission in faction order, then the ruleset's resolving order."""
    orders: list[Order] = [] if state is None else computer_orders(ruleset, state)
    orders += [reveals[f].order for f in sorted(reveals)]
    entropy = dice_entropy(reveals) if with_entropy else ""
    orders.append(ruleset.resolving_order(force=force, entropy=entropy))
    return orders


def proofs_for(reveals: dict[int, Revealed]) -> list[str]:
    return [reveals[f].code for f in sorted(reveals)]


def seals_for(seals: dict[int, Sealed]) -> list[str]:
    return [seals[f].code for f in sorted(seals)]


@dataclass(frozen=True)
class SealedEvidence:
    """What a simultaneous save carries to prove its resolution: every reveal code
    (``proofs``), the sealed codes they open (``seals``, none in a moderated game) and,
    for a deadline forced without a moderator, the deadline codes."""

    proofs: Sequence[str] = ()
    seals: Sequence[str] = ()
    deadlines: Sequence[str] = ()


def check_resolution(
    base: SealBase,
    orders: Sequence[Order],
    evidence: SealedEvidence,
    *,
    keys: Sequence[str | None],
    signer: int,
    moderator: str | None,
) -> None:
    """Check a sealed round's save: its orders against the codes that back them, as every page
    does on replay: the orders are exactly the revealed ones in faction order, then the
    resolving order with the dice entropy recomputed from the reveals; without a
    moderator each reveal opens its faction's sealed code; a forced resolution is the
    moderator's (who must sign the save), or, without one, consented to as
    :func:`check_consent` says (every revealing faction's deadline code, and a strict
    majority of the factions consenting); a seat claimed in this save is claimed by the key that
    signed that faction's reveal (or is the signer's own seat).

    :raises EngineError: naming what does not hold; nothing is changed.
    """
    ruleset = find_ruleset(base.ruleset)
    if not orders:
        if evidence.proofs or evidence.seals or evidence.deadlines:
            raise SealedOrdersError(
                "sealed/unexpected", "a save without orders may not carry sealed codes"
            )
        _check_claims(base, {}, keys, signer)
        return
    moderated = moderator is not None
    if moderated and keys[signer] != moderator:
        raise SealedOrdersError(
            "sealed/not-moderator",
            "this game has a moderator: only the moderator's key may resolve a turn",
        )
    if moderated and evidence.seals:
        raise SealedOrdersError(
            "sealed/unexpected", "a moderated game's save carries no sealed codes"
        )
    seals = None if moderated else read_seals(base, evidence.seals)
    reveals = read_reveals(base, evidence.proofs, seals)
    # One resolution, one save: each code once, in faction order.
    if list(evidence.proofs) != proofs_for(reveals) or (
        seals is not None and list(evidence.seals) != seals_for(seals)
    ):
        raise SealedOrdersError(
            "sealed/evidence",
            "the save must carry each faction's sealed and reveal code once, in faction order",
        )
    if seals is not None:
        pinned = witness(seals)
        for faction in sorted(reveals):
            if reveals[faction].seen is None:
                raise SealedOrdersError(
                    "sealed/unbound",
                    f"faction {faction + 1}'s reveal does not name the sealed codes it saw: "
                    "paste every sealed code into its page, then post the reveal it shows",
                )
            if reveals[faction].seen != pinned:
                raise SealedOrdersError(
                    "sealed/resealed",
                    f"faction {faction + 1}'s reveal was made after seeing other sealed "
                    "codes than those in this save: a seal was replaced or dropped",
                )
    _check_claims(base, reveals, keys, signer)
    plain = resolution_orders(ruleset, reveals, False, not moderated, base.state)
    forced = resolution_orders(ruleset, reveals, True, not moderated, base.state)
    if list(orders) == forced and forced != plain:
        if not moderated:
            check_consent(base, reveals, evidence.deadlines)
        return
    if evidence.deadlines:
        raise SealedOrdersError(
            "sealed/unexpected", "deadline codes belong only to a forced resolution"
        )
    if list(orders) != plain:
        raise SealedOrdersError(
            "sealed/unsigned",
            "the orders in this save are not exactly the signed reveals followed by the "
            "resolution they give (dice entropy recomputed from the reveals' salts)",
        )


def _check_claims(
    base: SealBase, reveals: dict[int, Revealed], keys: Sequence[str | None], signer: int
) -> None:
    for faction, (old, new) in enumerate(zip(base.keys, keys, strict=True)):
        claimed = old is None and new is not None
        # A faction that revealed is claimed by its reveal's key (the signer's own seat
        # too: a kept seat's invitation was shown with that key); only the signer may
        # claim its seat without orders (engine.saves checks any invitation then).
        if claimed and (reveals[faction].key != new if faction in reveals else faction != signer):
            raise SealedOrdersError(
                "save/keys-changed",
                f"the code claims faction {faction + 1} with a key that signed no orders",
            )


__all__ = [
    "SealedEvidence",
    "check_consent",
    "check_resolution",
    "claimed_keys",
    "computer_orders",
    "dice_entropy",
    "majority",
    "proofs_for",
    "resolution_orders",
    "seals_for",
    "voters",
]
