"""A game's saves one after another: whether a code is the next save of the game held
(:func:`continue_game`: same game, next turn, same keys, the signer had the move) and
whether its orders, replayed on the previous position, lead to the position it shows
(the dice come from the random state, so a dishonest position cannot pass); a code that
continues another save than the one held is a fork, never verified.  What differs
between two positions, for a player deciding about such a code (:func:`differences`).

engine/saves.py makes and reads a single save code.
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
from engine.savecode import SaveCodeError, canonical_json, decode_code
from engine.saves import EVIDENCE_FIELDS, SaveRecord, read_save
from engine.sealed_round import SealedEvidence, check_resolution

__all__ = ["Continuation", "continue_chain", "continue_game", "differences"]


@dataclass(frozen=True)
class Continuation:
    """A save accepted as the next one of a game, with anything the players should know."""

    record: SaveRecord
    warnings: tuple[str, ...]
    verified: bool


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
        raise SaveError(
            "save/payload",
            "the save's 'rolls' does not start from the previous save's roll counter",
        )
    _replay(previous, record)
    return Continuation(record, (), verified=True)


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
        raise SaveError(
            "save/payload", "the save's 'invite' is shown, but this save claims no invited seat"
        )


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
