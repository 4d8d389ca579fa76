"""Sealed orders by forum in the page, for every simultaneous ruleset (pure; the
browser's key is passed in).  The ruleset is the record's (or, for a new game, the
state's): its hooks say which factions seal (``sealing_factions``) and which sealed
round the position waits for (``sealed_round``).

* The creator's page makes the *base save* (``make_save`` with the creator's key in
  its faction's seat) and a game id.
* Every other seat is kept for its player by an invitation (the digest of a one-time
  secret in the base save); the host sends each player their own invitation link
  (:func:`invitation_link`), privately.  The invitee claims the seat by signing, showing
  the secret: either its first sealed orders commit to it and their reveal shows it (the
  next save records the key that signed them), or it pastes the latest save code (the
  link) and its page makes the next save with its key in its seat.
* Each turn: each faction seals its orders (:func:`seal`) and posts the sealed code;
  when all sealed codes are in, it posts its reveal code; anyone pastes all codes into
  :func:`resolve`, which checks each reveal against its commitment, resolves with the
  dice reseeded from every salt and makes the next save code (with the reveals as
  proofs).  With a moderator, the host pastes the factions' reveal ("orders") codes
  without commitments and resolves at the deadline (silent factions: default orders).
* Everyone else pastes the next save code (:func:`accept`): the engine replays the
  signed orders and checks that they lead to the position shown.
* Past a deadline without a moderator, a round is forced only with the consent of more
  than half of the factions (:func:`engine.sealed_round.check_consent`); where that cannot
  come (a game of two, one silent) the page offers a forfeit claim
  (:func:`claim_forfeit`, :func:`concede`) or a new game (:func:`stuck_reason`).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.appointment import appointed, appointment_code
from engine.core import Event, Order, Ruleset, find_ruleset
from engine.errors import EngineError
from engine.forfeit import Forfeit, concession, forfeit_claim, read_forfeit
from engine.invitations import kept_for, new_invitations, opens, refuse_uninvited
from engine.keys import PlayerKey
from engine.save_chain import Continuation, continue_chain, continue_game, differences
from engine.savecode import decode_code
from engine.saves import SaveError, SaveRecord, make_save, read_save
from engine.sealed import (
    Revealed,
    bind_reveal,
    deadline_code,
    deadline_signers,
    read_reveals,
    read_seals,
    seal_orders,
)
from engine.sealed_round import (
    claimed_keys,
    majority,
    proofs_for,
    resolution_orders,
    seals_for,
    voters,
)
from ui.shell.pbem import INVITE_MARK, page_link
from ui.shell.slices import Steps, run_steps


def new_game_id(prefix: str) -> str:
    return f"{prefix}-" + secrets.token_hex(4)


def split_codes(text: str) -> list[str]:
    """Every code in pasted text (codes may be wrapped, run together or in a mail)."""
    flat = "".join(text.split())  # as fast on a megabyte as a copy; a regex took 70 ms
    if flat and "RK1." not in flat:
        return [flat]  # no code at all: refused as such, not as a code cut off
    return ["RK1." + part for part in flat.split("RK1.") if part]


def create_base(
    state: Any, key: PlayerKey, seat: int, game_id: str, moderated: bool = False
) -> tuple[str, dict[int, str]]:
    """(the base save of a new forum game, signed by its creator for ``seat``; the
    invitation secret of every other seat, kept for its player).  In a moderated game the
    creator is the moderator, named by key in this first save."""
    keys: list[str | None] = [None] * len(state.players)
    keys[seat] = key.public_key_text
    invites, invitations = new_invitations([s for s in range(len(keys)) if s != seat], len(keys))
    code = make_save(
        find_ruleset(state.ruleset),
        state,
        game_id=game_id,
        keys=keys,
        signer=key,
        seat=seat,
        moderator=key.public_key_text if moderated else None,
        invitations=invitations,
    )
    return code, invites


def invitation_link(page_url: str, code: str, seat: int, secret: str) -> str:
    """The private link that opens ``code`` with the invitation to ``seat`` (whoever has
    it can take that seat: it goes to that player only)."""
    return f"{page_link(page_url, code)}{INVITE_MARK}{seat}.{secret}"


def claimable(record: SaveRecord, invite: str = "") -> list[int]:
    """The seats a browser that plays none may claim: free seats not kept for anyone, a
    kept seat only with its invitation ``invite``."""
    return [
        s
        for s in unclaimed(record)
        if kept_for(record.invitations, s) is None or opens(record.invitations, s, invite)
    ]


def invite_for(record: SaveRecord, seat: int, invite: str) -> str:
    """What ``seat``'s first signed code must show: ``invite`` for a seat still kept for
    an invited player, nothing otherwise.

    :raises SaveError: ``save/invited``, the seat is kept and ``invite`` does not open it.
    """
    if record.keys[seat] is not None or kept_for(record.invitations, seat) is None:
        return ""
    if not opens(record.invitations, seat, invite):
        raise refuse_uninvited(seat)
    return invite


def is_moderator(record: SaveRecord, key: PlayerKey) -> bool:
    """Whether this browser's key is the moderator the game's first save named."""
    return record.moderator is not None and record.moderator == key.public_key_text


def sealing(record: SaveRecord) -> list[int]:
    """The factions that seal orders for the record's position (the ruleset says)."""
    return find_ruleset(record.ruleset).sealing_factions(record.state)


def awaits_round(record: SaveRecord) -> bool:
    """Whether the record's position waits for a sealed round (its codes are kept)."""
    return find_ruleset(record.ruleset).awaits_sealed_orders(record.state)


def newer_saves(record: SaveRecord, codes: Sequence[str]) -> tuple[list[str], int]:
    """(the saves of the record's game after it, each once, in save order; how many
    others were older or the held one): a page pasted whole holds the saves a player
    already has beside the ones they missed."""
    newer: dict[str, tuple[int, str]] = {}
    old = 0
    for code in codes:
        try:
            found = read_save(code)
        except EngineError:
            continue  # not a save (a sealed code, a reveal...): the caller sorts those
        if found.game_id != record.game_id:
            continue
        if found.seq <= record.seq:
            old += 1
            continue
        newer.setdefault(found.hash, (found.seq, found.code))
    return [code for _, code in sorted(newer.values())], old


def unclaimed(record: SaveRecord) -> list[int]:
    """Seats that seal orders (the ruleset says which) and have no key yet."""
    acting = set(sealing(record))
    return [i for i, k in enumerate(record.keys) if k is None and i in acting]


def seat_of(record: SaveRecord, key: PlayerKey) -> int | None:
    """The seat this browser's key holds in the game, if any."""
    for i, k in enumerate(record.keys):
        if k == key.public_key_text:
            return i
    return None


def claim(record: SaveRecord, key: PlayerKey, seat: int, invite: str = "") -> str:
    """The next save with this browser's key in ``seat`` (same position); a seat kept for
    an invited player needs its invitation secret ``invite``, shown in that save.

    :raises SaveError: the seat is taken by another key, or kept for an invitee.
    """
    if record.keys[seat] not in (None, key.public_key_text):
        raise SaveError("save/seat-taken", f"faction {seat + 1} is already claimed")
    mine = seat_of(record, key)
    if mine is not None and mine != seat:
        raise SaveError("save/seat-taken", f"this browser already plays faction {mine + 1}")
    shown = invite_for(record, seat, invite)
    keys = list(record.keys)
    keys[seat] = key.public_key_text
    return make_save(
        find_ruleset(record.ruleset),
        record.state,
        game_id=record.game_id,
        keys=keys,
        signer=key,
        seat=seat,
        previous=record,
        invite=shown,
    )


def seal(
    record: SaveRecord, order: Order, key: PlayerKey, seat: int, invite: str = ""
) -> tuple[str, str]:
    """(sealed code, reveal code) of this faction's orders for the record's turn; the
    first orders for a seat kept for an invited player carry its invitation ``invite``.

    :raises SaveError: the seat is kept and ``invite`` does not open it.
    """
    return seal_orders(
        order,
        game_id=record.game_id,
        turn=record.state.turn,
        faction=seat,
        key=key,
        round_index=find_ruleset(record.ruleset).sealed_round(record.state),
        invite=invite_for(record, seat, invite),
    )


def bind(record: SaveRecord, reveal: str, sealed_text: str, key: PlayerKey) -> str:
    """This faction's reveal code, naming every sealed code of the turn it has seen (so
    that no seal can be replaced once anyone has revealed).

    :raises EngineError: a sealed code that does not fit, or one missing.
    """
    seals = split_codes(sealed_text)
    bound = bind_reveal(record, reveal, seals, key)
    living = set(sealing(record))
    have = set(read_seals(record, seals))
    if living - have:
        names = ", ".join(record.state.players[f].name for f in sorted(living - have))
        raise SaveError("sealed/missing", f"sealed codes missing from {names}")
    return bound


@dataclass(frozen=True)
class Resolution:
    """A resolved sealed round: the new position, the events that led there, its signed
    save code and the record that code makes."""

    state: Any
    code: str
    record: SaveRecord
    events: list[Event]


def sign_resolution(
    ruleset: Ruleset[Any],
    record: SaveRecord,
    orders: Sequence[Order],
    reveals: dict[int, Revealed],
    key: PlayerKey,
    seat: int,
    seals: Sequence[str],
    deadlines: Sequence[str],
) -> Resolution:
    """Play a sealed round's resolving ``orders`` from the record's position and sign the
    next save, with the reveals as proofs and the sealed and deadline codes (which the
    caller's rule chose) as its evidence.

    :raises EngineError: the new save does not continue the record.
    """
    return run_steps(
        sign_resolution_steps(ruleset, record, orders, reveals, key, seat, seals, deadlines)
    )


def sign_resolution_steps(
    ruleset: Ruleset[Any],
    record: SaveRecord,
    orders: Sequence[Order],
    reveals: dict[int, Revealed],
    key: PlayerKey,
    seat: int,
    seals: Sequence[str],
    deadlines: Sequence[str],
) -> Steps[Resolution]:
    """:func:`sign_resolution` in steps: a pause may come after the orders are played
    and after the save is signed (:mod:`ui.shell.slices`)."""
    state = record.state
    events: list[Event] = []
    for order in orders:
        outcome = ruleset.apply(state, order)
        state = outcome.state
        events += outcome.events
    yield
    code = make_save(
        ruleset,
        state,
        game_id=record.game_id,
        keys=claimed_keys(record, reveals),
        signer=key,
        seat=seat,
        previous=record,
        actions=orders,
        proofs=proofs_for(reveals),
        seals=seals,
        deadlines=deadlines,
    )
    yield
    # The resolver's page checks the new save as every other page will (a reveal made
    # before all seals were in, for instance, is refused here, not after posting).
    return Resolution(state, code, continue_game(record, code).record, events)


def resolve(
    record: SaveRecord,
    sealed_text: str,
    reveal_text: str,
    key: PlayerKey,
    seat: int,
    deadline_text: str = "",
) -> Resolution:
    """Check every code and resolve the turn; returns the new state and save code.

    Without a moderator a silent faction gets default orders only with the deadline code
    (:func:`sign_deadline`) of every faction that revealed, pasted in ``deadline_text``.

    Without a moderator every reveal must match its sealed code and every living faction
    must have revealed; the save carries the sealed and reveal codes so that every page
    checks them again.  In a moderated game only the moderator (named in the first save)
    resolves: no sealed codes are needed and factions that sent nothing get default
    orders (the deadline has passed).

    :raises EngineError: the engine's message for the first code that is refused.
    """
    return run_steps(resolve_steps(record, sealed_text, reveal_text, key, seat, deadline_text))


def resolve_steps(
    record: SaveRecord,
    sealed_text: str,
    reveal_text: str,
    key: PlayerKey,
    seat: int,
    deadline_text: str = "",
) -> Steps[Resolution]:
    """:func:`resolve` in steps: a pause may come after the codes are read, then as in
    :func:`sign_resolution_steps`."""
    ruleset = find_ruleset(record.ruleset)
    seal_codes: list[str] = []
    deadlines: list[str] = []
    forced = True
    if record.moderator is not None:
        if not is_moderator(record, key):
            raise SaveError(
                "sealed/not-moderator",
                "this game has a moderator: only the moderator's page resolves its turns",
            )
        reveals = read_reveals(record, split_codes(reveal_text), seals=None)
        orders = resolution_orders(ruleset, reveals, True, False, record.state)
    else:
        seals = read_seals(record, split_codes(sealed_text))
        reveals = read_reveals(record, split_codes(reveal_text), seals)
        missing = [record.state.players[f].name for f in sealing(record) if f not in reveals]
        deadlines = _in_faction_order(split_codes(deadline_text))
        if missing and not deadlines:
            raise SaveError(
                "sealed/missing",
                f"reveal codes missing from {', '.join(missing)} (past the deadline: paste "
                "the deadline code of every faction that revealed; more than half of the "
                "factions must sign)",
            )
        forced = bool(missing)
        if forced:
            silent = [f for f in sealing(record) if f not in reveals]
            consenting = set(deadline_signers(record, deadlines, silent)) | set(reveals)
            if not majority(consenting, record):
                raise SaveError("sealed/no-majority", stuck_reason(record, consenting))
        orders = resolution_orders(ruleset, reveals, forced, True, record.state)
        seal_codes = seals_for(seals)
    evidence = deadlines if record.moderator is None and forced else ()
    yield
    return (
        yield from sign_resolution_steps(
            ruleset, record, orders, reveals, key, seat, seal_codes, evidence
        )
    )


def sign_deadline(record: SaveRecord, reveal_text: str, key: PlayerKey, seat: int) -> str:
    """This faction's deadline code: the deadline passed and the factions whose reveal is
    not among ``reveal_text`` are silent (without a moderator a forced turn needs one
    from every faction that revealed).

    :raises EngineError: a reveal that does not fit, or nobody silent.
    """
    revealed = read_reveals(record, split_codes(reveal_text), seals=None)
    silent = [f for f in sealing(record) if f not in revealed]
    if not silent:
        raise SaveError("sealed/none-silent", "every faction has revealed: resolve the turn")
    return deadline_code(record, seat, silent, key)


def stuck_reason(record: SaveRecord, consenting: set[int]) -> str:
    """Why a round cannot be forced with only ``consenting`` factions, and what can be done
    (what the resolve box says)."""
    names = record.state.players
    counted = voters(record)
    silent = ", ".join(names[f].name for f in counted if f not in consenting)
    if len(counted) == 2:
        return (
            f"{silent} has neither revealed nor signed that the deadline passed, and in a "
            "game of two nobody resolves a turn alone. What can be done: ask them to post "
            "their reveal or their deadline code; claim a forfeit (the game shows as "
            "disputed until they agree, which ends it with you the winner); or abandon the "
            "game (New game)."
        )
    return (
        f"Only {len(consenting & set(counted))} of the {len(counted)} factions consent "
        f"({silent} neither revealed nor signed): a turn is forced past the deadline only "
        "when more than half consent. What can be done: ask the silent ones to post their "
        "reveal or their deadline code (a silent faction may sign too), or abandon the game "
        "(New game)."
    )


def two_factions(record: SaveRecord) -> bool:
    """Whether the round's consent is between two factions: one silent stops the game,
    and a forfeit claim is the way out (:mod:`engine.forfeit`)."""
    return len(voters(record)) == 2


def claim_forfeit(record: SaveRecord, key: PlayerKey, seat: int) -> str:
    """This faction's signed claim that the other faction of a game of two forfeited this
    round (every page shows the game as disputed until the other concedes).

    :raises EngineError: not a game of two, or a seat not claimed.
    """
    return forfeit_claim(record, seat, key)


def read_dispute(record: SaveRecord, codes: Sequence[str]) -> Forfeit:
    """The forfeit claim (and any concession) among pasted ``codes``.

    :raises EngineError: codes that do not fit this game and round.
    """
    return read_forfeit(record, codes)


def concede(record: SaveRecord, claim: str, key: PlayerKey, seat: int) -> str:
    """This faction agrees to ``claim`` (it forfeits): the save that ends the game, with
    the claim and the concession, signed by this faction, to post.

    :raises EngineError: a claim that does not name this faction, or does not fit.
    """
    found = read_forfeit(record, [claim])
    if found.rival != seat:
        raise SaveError(
            "forfeit/seat", "this claim names another faction: only that faction concedes"
        )
    code = make_save(
        find_ruleset(record.ruleset),
        record.state,
        game_id=record.game_id,
        keys=list(record.keys),
        signer=key,
        seat=seat,
        previous=record,
        forfeit=[claim, concession(record, claim, key)],
    )
    continue_game(record, code)  # checked here as every page will
    return code


def sign_appointment(record: SaveRecord, moderator_seat: int, key: PlayerKey, seat: int) -> str:
    """This faction's signed agreement that the player of ``moderator_seat`` moderates the
    game from this round on (every faction of the round must sign one).

    :raises EngineError: that seat has no player yet.
    """
    if not 0 <= moderator_seat < len(record.keys) or record.keys[moderator_seat] is None:
        raise SaveError("appoint/not-seated", "only a seated player can be named moderator")
    return appointment_code(record, seat, str(record.keys[moderator_seat]), key)


def appointment_status(record: SaveRecord, codes: Sequence[str]) -> tuple[str, list[int]]:
    """(the moderator's seat name, the factions still to sign) of appointment codes.

    :raises EngineError: codes that do not fit, or that name different moderators.
    """
    moderator, signed = appointed(record, codes)
    name = record.state.players[record.keys.index(moderator)].name
    return name, [f for f in voters(record) if f not in signed]


def appoint(record: SaveRecord, codes: Sequence[str], key: PlayerKey, seat: int) -> str:
    """The save that names the moderator every faction signed for (no orders), to post.

    :raises EngineError: a faction's appointment missing, or codes that do not fit.
    """
    moderator, _ = appointed(record, codes)
    by_faction = {decode_code(code).seat: code for code in codes}
    code = make_save(
        find_ruleset(record.ruleset),
        record.state,
        game_id=record.game_id,
        keys=list(record.keys),
        signer=key,
        seat=seat,
        previous=record,
        moderator=moderator,
        appointments=[by_faction[f] for f in sorted(by_faction)],
    )
    continue_game(record, code)  # checked here as every page will
    return code


def _in_faction_order(codes: Sequence[str]) -> list[str]:
    """Deadline codes once each, in faction order (as a save holds them)."""
    by_faction = {decode_code(code).seat: code for code in codes}
    return [by_faction[f] for f in sorted(by_faction)]


def accept(record: SaveRecord, codes: Sequence[str]) -> Continuation:
    """The next save of this game (a claim or a resolved turn), checked by replay; or a
    chain of saves from the held one, checked save by save.  A save that does not chain
    onto the held code is refused here: its position is not verified, so the page keeps
    its game.

    :raises EngineError: another game, an old turn, orders that do not lead there, or
        ``save/unverified`` naming what the unverified code would change.
    """
    continuation = continue_chain(record, codes)
    if not continuation.verified:
        changes = "; ".join(differences(record, continuation.record)) or "nothing visible"
        raise SaveError(
            "save/unverified",
            f"its position is not verified: {' '.join(continuation.warnings)}. It would "
            f"change: {changes}. Your verified game is kept; paste the saves it continues "
            "(before it) to have it checked.",
        )
    return continuation
