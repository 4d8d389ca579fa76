"""Game saves for play by email and forum: a signed save code per turn, chained.

A save's payload holds the ruleset and its version, the full game state (compact form,
including the random generator's state), every seat's public key, the hash of the save
it continues from, and the orders given since that save with the running roll counter.
Whoever receives the next code replays those orders on the previous position: the
dice come from the random state, so a dishonest position cannot pass.

A sealed round's resolution (every turn of a simultaneous game; a sequential game's
round the ruleset names, :meth:`engine.core.Ruleset.awaits_sealed_orders`) also carries
the sealed-order codes that back it, checked again on every replay
(:func:`engine.sealed.check_resolution`).  A save that continues
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
from engine.appointment import check_appointment
from engine.core import SEATLESS, UNHELD, BoardSummary, Order, Ruleset, find_ruleset
from engine.errors import SaveError
from engine.fault_words import Fault, refusal, short_title, words
from engine.forfeit import FIELD as FORFEIT_FIELD
from engine.forfeit import check_forfeit_save, ended_by
from engine.invitations import invitation_digest, refuse_uninvited
from engine.keys import PUBLIC_KEY_SIZE, PlayerKey, b64url_decode, b64url_encode
from engine.savecode import (
    SaveCodeError,
    canonical_json,
    decode_code,
    encode_code,
    payload_hash,
)
from engine.sealed import SealedEvidence, check_resolution
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
    "Continuation",
    "SaveError",
    "SaveRecord",
    "continue_chain",
    "continue_game",
    "differences",
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


@dataclass(frozen=True)
class Continuation:
    """A save accepted as the next one of a game, with anything the players should know."""

    record: SaveRecord
    warnings: tuple[str, ...]
    verified: bool


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


def continue_game(previous: SaveRecord, code: str) -> Continuation:
    """Accept ``code`` as the save that follows ``previous``, or say why not.

    Refused (the game is untouched): another game, an old or repeated turn, a changed
    key, a signer who did not have the move, orders that do not lead to the position.
    Accepted with a warning: a code that skips saves or forks the chain (it continues
    a different save than this one), which cannot be replayed here.

    :raises EngineError: naming the problem.
    """
    try:
        record = read_save(code)
    except SaveCodeError as exc:  # cut off, altered...: whose it says it is, if it says
        raise exc.naming([p.name for p in previous.state.players]) from None
    whose = _signer_name(record)
    if record.ruleset != previous.ruleset:
        raise refusal(
            SaveError,
            "save/other-game",
            Fault.OTHER_RULESET,
            whose=whose,
            what="save code",
            ruleset=short_title(find_ruleset(record.ruleset).title),
            here=short_title(find_ruleset(previous.ruleset).title),
        )
    if record.game_id != previous.game_id:
        raise SaveError(
            "save/other-game",
            words(Fault.OTHER_GAME, whose=whose, what="save code", game=record.game_id[:8]),
        )
    if record.hash == previous.hash:
        raise SaveError(
            "save/duplicate",
            words(Fault.REPEATED, whose=whose, what="turn", turn=f"save {record.seq}"),
        )
    if record.seq == previous.seq or (record.seq < previous.seq and record.prev == previous.prev):
        raise SaveError(
            "save/fork",
            words(Fault.FORK, whose=whose, what="save code", turn=f"save {record.seq}"),
        )
    if record.seq < previous.seq:
        raise SaveError(
            "save/old-turn",
            words(
                Fault.OLD_TURN,
                whose=whose,
                what="save code",
                turn=f"save {record.seq}",
                held=f"save {previous.seq}",
            ),
        )
    ended = ended_by(previous.payload)
    if ended is not None:
        names = [p.name for p in previous.state.players]
        raise SaveError(
            "save/game-over",
            f"this game ended in save {previous.seq}: {names[ended[1]]} conceded it to "
            f"{names[ended[0]]} (forfeit); no save can follow",
        )
    if len(record.keys) != len(previous.keys):
        raise SaveError("save/keys-changed", "the code changes the number of seats")
    named = previous.moderator is None and APPOINT_FIELD in record.payload
    if record.moderator != previous.moderator and not named:
        raise SaveError("save/keys-changed", "the code changes the game's moderator")
    if record.invitations != previous.invitations:
        raise SaveError("save/keys-changed", "the code changes the game's invitations")
    _check_invitation(previous, record)
    ruleset = find_ruleset(record.ruleset)
    if record.rules_version != ruleset.version:
        raise SaveError(
            "save/old-version",
            f"this turn was saved by v{record.rules_version} of the {ruleset.name} rules; "
            f"this page plays v{ruleset.version} and cannot replay it: both players need "
            "the same version of the page",
        )
    sealed = ruleset.awaits_sealed_orders(previous.state)
    for seat, (old, new) in enumerate(zip(previous.keys, record.keys, strict=True)):
        if old is not None and old != new:
            raise SaveError("save/keys-changed", f"the code changes seat {seat + 1}'s key")
        # In a sealed round a faction claims its seat with its signed orders (the replay
        # checks the proof); otherwise only the signer may claim, its own seat.
        if old is None and new is not None and seat != record.seat and not sealed:
            raise SaveError(
                "save/keys-changed", f"the code claims seat {seat + 1} for someone else"
            )
    if record.prev != previous.hash or record.seq != previous.seq + 1:
        warning = (
            f"this code continues save {record.seq - 1} with hash {record.prev}, but this "
            f"game is at save {previous.seq} with hash {previous.hash}: someone skipped "
            "a turn or replayed an old save (a fork); its orders cannot be checked here"
        )
        return Continuation(record, (warning,), verified=False)
    if record.rolls[0] != previous.state.rng.counter:
        raise _bad("rolls", "does not start from the previous save's roll counter")
    _replay(previous, record)
    return Continuation(record, (), verified=True)


_SEALED_KINDS = {
    "seal": "sealed code",
    "reveal": "reveal code",
    "deadline": "deadline code",
    "forfeit": "forfeit claim",
    "concede": "concession",
    "appoint": "appointment code",
}
"""What a player calls each code of a sealed round (engine.sealed's kinds)."""


def _signer_name(record: SaveRecord) -> str:
    """The name of the seat that signed ``record`` ("" if its position names none)."""
    players = getattr(record.state, "players", ())
    return str(players[record.seat].name) if 0 <= record.seat < len(players) else ""


def _check_invitation(previous: SaveRecord, record: SaveRecord) -> None:
    """A seat kept for an invited player is claimed only by that player's own save,
    showing the invitation; a save claims nothing else with an invitation."""
    invite = record.payload.get("invite")
    claimed = [
        seat
        for seat, (old, new) in enumerate(zip(previous.keys, record.keys, strict=True))
        if old is None and new is not None
    ]
    invited = [s for s in claimed if s < len(record.invitations) and record.invitations[s]]
    # A simultaneous game's seat claimed by its faction's reveal is checked with the
    # sealed codes: the reveal must show the invitation (engine.sealed.read_reveals).
    revealed = {decode_code(p).seat for p in record.payload.get("proof", [])}
    for seat in invited:
        if seat in revealed:
            continue
        if (
            seat != record.seat
            or invite is None
            or (invitation_digest(invite) != record.invitations[seat])
        ):
            raise refuse_uninvited(seat)
    if invite is not None and not invited:
        raise _bad("invite", "is shown, but this save claims no invited seat")


def continue_chain(previous: SaveRecord, codes: Sequence[str]) -> Continuation:
    """Accept the saves ``codes`` one after the other from ``previous`` (the save a page
    holds): a fork's own chain, pasted back to a held code, is checked save by save and
    is verified only if every link is.

    :raises EngineError: as :func:`continue_game`, for the first code refused.
    """
    if not codes:
        raise SaveError("save/empty", "no save code to load")
    record, verified = previous, True
    warnings: list[str] = []
    for code in codes:
        continuation = continue_game(record, code)
        record = continuation.record
        warnings += continuation.warnings
        verified = verified and continuation.verified
    return Continuation(record, tuple(warnings), verified)


def differences(held: SaveRecord, other: SaveRecord, limit: int = 8) -> list[str]:
    """What ``other``'s position changes against ``held``'s, for a player deciding about an
    unverified code: the turn, then each place whose holder or units differ (at most
    ``limit`` lines, then a count of the rest), then each seat whose count of territories
    changes.  Read through the ruleset's :meth:`~engine.core.Ruleset.board_summary`, the
    one shape every ruleset gives (owners by seat, units by place)."""
    ruleset = find_ruleset(other.ruleset)
    a, b = ruleset.board_summary(held.state), ruleset.board_summary(other.state)
    turns = (getattr(held.state, "turn", 0), getattr(other.state, "turn", 0))
    lines = [f"turn {turns[0]} → {turns[1]}"] if turns[0] != turns[1] else []
    places = list(dict.fromkeys([*b.owners, *b.units_at, *a.owners, *a.units_at]))
    changed = [t for t in places if _holding(a, t) != _holding(b, t)]

    def holder(summary: BoardSummary, place: str) -> str:
        seat, units = _holding(summary, place)
        if 0 <= seat < len(summary.names):
            who = summary.names[seat]
        else:
            who = "neutral" if seat == SEATLESS else "nobody"
        return f"{who} {units}"

    lines += [
        f"{ruleset.place_name(other.state, t)}: {holder(a, t)} → {holder(b, t)}"
        for t in changed[:limit]
    ]
    if len(changed) > limit:
        lines.append(f"… and {len(changed) - limit} more territories")
    for seat, name in enumerate(b.names):
        before, after = len(a.territories_of(seat)), len(b.territories_of(seat))
        if before != after:
            lines.append(f"{name}: {before} → {after} territories")
    return lines


def _holding(summary: BoardSummary, place: str) -> tuple[int, int]:
    return summary.owners.get(place, UNHELD), summary.units_at.get(place, 0)


def _replay(previous: SaveRecord, record: SaveRecord) -> None:
    """Re-apply the recorded orders to the previous position; they must lead to the new one."""
    from engine.ai import choose_order

    ruleset = find_ruleset(record.ruleset)
    state = previous.state
    if APPOINT_FIELD in record.payload:
        _check_settlement(previous, record, APPOINT_FIELD, "names a moderator")
        check_appointment(previous, record.codes(APPOINT_FIELD), record.moderator)
        _check_position(ruleset, state, record)
        return
    if FORFEIT_FIELD in record.payload:
        _check_forfeit(previous, record)
        _check_position(ruleset, state, record)
        return
    if ruleset.awaits_sealed_orders(state):
        orders = [_parse_action(ruleset, raw, i) for i, raw in enumerate(record.actions)]
        evidence = SealedEvidence(record.codes("proof"), record.codes("seals"), record.codes("dl"))
        check_resolution(
            previous,
            orders,
            evidence,
            keys=record.keys,
            signer=record.seat,
            moderator=previous.moderator,
        )
        _check_does_something(previous, record)
        for order in orders:
            state = ruleset.apply(state, order).state
        _check_position(ruleset, state, record)
        return
    _check_does_something(previous, record)
    stray = sorted(EVIDENCE_FIELDS & set(record.payload))
    if stray:
        raise SaveError(
            "save/payload",
            f"the save carries {', '.join(map(repr, stray))}, which belong only to the save "
            "that resolves a sealed round; this save continues a position that waits for "
            "no sealed round",
        )
    for index, raw in enumerate(record.actions):
        order = _parse_action(ruleset, raw, index)
        actor = ruleset.actor(state)
        if actor is None:
            raise SaveError("save/replay", f"order {index + 1} comes after the end of the game")
        if ruleset.awaits_sealed_orders(state):
            raise SaveError(
                "save/sealed-round",
                f"order {index + 1} is given in a sealed round "
                f"({ruleset.sealed_rounds[ruleset.sealed_round(state)]}), which only sealed "
                "and reveal codes may give, in a save of their own: end the save before it",
            )
        if state.players[actor].control == "human":
            if actor != record.seat:
                raise SaveError(
                    "save/wrong-seat",
                    f"order {index + 1} is seat {actor + 1}'s to give, but seat "
                    f"{record.seat + 1} signed the code",
                )
        elif order != choose_order(state):
            raise SaveError(
                "save/replay",
                f"order {index + 1} is not what the computer player of seat {actor + 1} plays",
            )
        state = ruleset.apply(state, order).state
    _check_position(ruleset, state, record)


def _check_forfeit(previous: SaveRecord, record: SaveRecord) -> None:
    """The save that ends the game by forfeit: the claim and the rival's concession, no
    orders, no other codes, no seat claimed (engine.forfeit)."""
    _check_settlement(previous, record, FORFEIT_FIELD, "ends a game by forfeit")
    check_forfeit_save(previous, record.codes(FORFEIT_FIELD), record.seat)


def _check_settlement(previous: SaveRecord, record: SaveRecord, field: str, what: str) -> None:
    """A save that settles a stuck round (a forfeit, a moderator named: its codes in
    ``field``) gives no orders, carries no other codes and claims no seat."""
    others = (EVIDENCE_FIELDS | {FORFEIT_FIELD, APPOINT_FIELD}) - {field}
    if record.actions or others & set(record.payload):
        raise SaveError("save/payload", f"the save that {what} gives no orders and no other codes")
    if record.keys != previous.keys:
        raise SaveError("save/keys-changed", f"the save that {what} claims no seat")


def _check_does_something(previous: SaveRecord, record: SaveRecord) -> None:
    """A save must do something its phase allows: give orders, or (without orders) claim
    the signer's own seat.  An empty save by a seated player would only pre-empt the
    real next save (which then becomes a fork).

    :raises SaveError: ``save/empty``.
    """
    if record.actions:
        return
    seat = record.seat
    if previous.keys[seat] is None and record.keys[seat] is not None:
        return
    raise SaveError(
        "save/empty",
        f"this save by seat {seat + 1} gives no orders and claims no seat: a save must "
        "do something its phase allows (orders, or claiming the signer's own seat); the "
        "game you have is kept",
    )


def _parse_action(ruleset: Ruleset[Any], raw: dict[str, Any], index: int) -> Order:
    """An order of the save, which must be in the one form the game writes (so that one
    game has one save code: no extra fields, no alternative spellings)."""
    order = ruleset.parse_order(raw)
    # Compared as JSON text: in Python 1 == True == 1.0, in a code they are three codes.
    if canonical_json(order.to_json()) != canonical_json(raw):
        raise SaveError(
            "save/payload", f"order {index + 1} of the save is not in the form the game writes"
        )
    return order


def _check_position(ruleset: Ruleset[Any], state: Any, record: SaveRecord) -> None:
    shown = ruleset.compact_as_written_now(record.payload["st"])
    if canonical_json(ruleset.to_compact(state)) != canonical_json(shown):
        raise SaveError(
            "save/replay",
            "the orders in this code do not lead to the position it shows: it was not "
            "made honestly",
        )


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
