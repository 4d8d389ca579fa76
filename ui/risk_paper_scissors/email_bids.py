"""The year's sealed bid in a game by email (pure; the browser's key is passed in).

Spec 17.1: each year's bids are one commit–reveal round (engine/sealed.py), the turns
sequential save codes (ui/shell/pbem.py).  In the page:

1. every human seals a bid (:func:`seal_bid`) and posts the *sealed code*;
2. once every sealed code is in, each pastes them all and posts its *reveal code*
   (:func:`reveal`), which names every seal it saw (nobody can re-bid after seeing a
   reveal).  A computer seat has no key to sign a bid with, so by email it bids nothing
   (the spec's missing bid, 6.2.2): each reveal then comes with the player's signed
   statement that the computers are silent (a deadline code), which a forced resolution
   needs from everyone who revealed;
3. once every reveal is in, each page resolves the bids itself (:func:`resolve`), and
   every page reaches the same save.

Two posts a year (:func:`paste_page`): a player posts the sealed code, pastes the
thread once every sealed code is in (the page makes the reveal: the second post), and
pastes it again once every reveal is in (the page resolves).  The save of the resolved
bids is the same on every page whoever signs it (a save's hash is its payload's), so the
next turn's save follows it on every page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import forumtext
from engine.core import find_ruleset
from engine.errors import EngineError, SaveError
from engine.keys import PlayerKey
from engine.rulesets.risk_paper_scissors.orders import Bid
from engine.savecode import decode_code
from engine.saves import SaveRecord, read_save
from engine.sealed import (
    DEADLINE,
    REVEAL,
    SEAL,
    SealedOrdersError,
    bind_reveal,
    deadline_code,
    read_reveals,
    read_seals,
    seal_orders,
)
from engine.sealed_round import resolution_orders, seals_for, voters
from ui.shell.forum import Resolution, sign_resolution, split_codes
from ui.shell.pbem import PbemGame, distinct_codes


def computer_seats(record: SaveRecord) -> list[int]:
    state = record.state
    return [s for s in state.living() if state.players[s].control != "human"]


def resolver(record: SaveRecord) -> int:
    """The seat whose page makes the resolved bids' save (the first living human)."""
    state = record.state
    return int(next(s for s in state.living() if state.players[s].control == "human"))


def _seat(game: PbemGame) -> int:
    if game.seat is None:
        raise EngineError("pbem/no-seat", "this browser only watches: it has no bid to seal")
    return game.seat


def seal_bid(game: PbemGame, bid: Bid, key: PlayerKey) -> tuple[str, str]:
    """(sealed code, reveal code) of this browser's bid for the record's year.

    :raises EngineError: the bid is not legal now (checked by the engine on a copy), or
        this browser plays no seat.
    """
    seat = _seat(game)
    record = game.record
    if bid.faction != seat:
        raise EngineError("pbem/wrong-seat", f"this browser bids for seat {seat + 1}")
    find_ruleset(record.ruleset).apply(record.state, bid)  # refuses a bad bid, untouched
    invite = game.invite if record.keys[seat] is None else ""
    return seal_orders(
        bid,
        game_id=record.game_id,
        turn=record.state.turn,
        faction=seat,
        key=key,
        invite=invite,
    )


def reveal(game: PbemGame, own_reveal: str, sealed_text: str, key: PlayerKey) -> str:
    """This player's reveal code naming every sealed code pasted, followed (when
    computers play) by its deadline code for the silent computer seats.

    :raises EngineError: a sealed code that does not fit, or one missing.
    """
    seat = _seat(game)
    record = game.record
    seals = distinct_codes(split_codes(sealed_text))
    sealed = read_seals(record, seals)
    humans = [s for s in record.state.living() if s not in computer_seats(record)]
    missing = [s for s in humans if s not in sealed]
    if missing:
        names = ", ".join(record.state.players[s].name for s in missing)
        raise SealedOrdersError("sealed/missing", f"sealed codes missing from {names}")
    bound = bind_reveal(record, own_reveal, seals, key)
    computers = computer_seats(record)
    if not computers:
        return bound
    return bound + "\n" + deadline_code(record, seat, computers, key)


def resolve(game: PbemGame, sealed_text: str, reveal_text: str, key: PlayerKey) -> Resolution:
    """Check every sealed and reveal code, resolve the bids and sign the next save (with
    the codes as its evidence, so that every page checks them again).

    :raises EngineError: the engine's message for the first code that is refused.
    """
    seat = _seat(game)
    record = game.record
    ruleset = find_ruleset(record.ruleset)
    codes = distinct_codes(split_codes(reveal_text))
    kinds = {code: decode_code(code).payload.get("k") for code in codes}
    seal_codes = [
        c
        for c in distinct_codes(split_codes(sealed_text))
        if decode_code(c).payload.get("k") == SEAL
    ]
    seal_codes += [c for c in codes if kinds[c] == SEAL and c not in seal_codes]
    seals = read_seals(record, seal_codes)
    reveals = read_reveals(record, [c for c in codes if kinds[c] == REVEAL], seals)
    missing = [
        record.state.players[s].name
        for s in record.state.living()
        if s not in reveals and s not in computer_seats(record)
    ]
    if missing:
        raise SealedOrdersError("sealed/missing", f"reveal codes missing from {', '.join(missing)}")
    forced = bool(computer_seats(record))
    deadlines = sorted(
        (c for c in codes if kinds[c] == DEADLINE), key=lambda c: decode_code(c).seat
    )
    deadlines = list(dict.fromkeys(deadlines))
    orders = resolution_orders(ruleset, reveals, force=forced, with_entropy=True)
    evidence = deadlines if forced else ()
    return sign_resolution(ruleset, record, orders, reveals, key, seat, seals_for(seals), evidence)


def adopt_resolution(game: PbemGame, resolution: Resolution) -> None:
    """The resolved bids become this browser's record and the code to send."""
    game.record = read_save(resolution.code)
    game.actions = []
    game.outbox = resolution.code


def turn_due(session: Any) -> bool:
    """The year's last turn was played in this browser and the game now stands at the
    next sealed bid: that turn's save must be signed and sent now (the bid is everyone's
    at once, so the shell's "the next actor is elsewhere" never comes)."""
    game = session.pbem
    return game is not None and session.sealed_round and bool(game.actions)


def with_resolution(session: Any) -> None:
    """The turn just signed here follows the bids this browser resolved: the code to send
    carries the resolution's save first, so that a player who has not loaded it yet gets
    both (the shell skips the one a player already holds)."""
    game = session.pbem
    resolved = session.bid_round.get("resolved")
    if game is None or not resolved or game.outbox is None:
        return
    if game.record.seq == int(session.bid_round.get("seq", -2)) + 1:
        game.outbox = resolved + game.outbox  # codes split at "RK1."; a link stays URL-safe


# ------------------------------------------------------------ two posts a year


@dataclass(frozen=True)
class PageStep:
    """What a pasted page did to the year's bids: the note for the player, the round as
    it stands now (``bid_round`` of the session), and the resolution when the page
    resolved the bids itself."""

    note: str
    round: dict[str, Any]
    resolution: Resolution | None = None


def paste_page(game: PbemGame, round_: dict[str, Any], text: str, key: PlayerKey) -> PageStep:
    """A whole forum page or email thread pasted (any number of codes in any order, with
    quotes and wrapped lines): this year's sealed bids, reveals and deadline codes are
    found and kept (:func:`engine.forumtext.scan`, :func:`engine.forumtext.sort_codes`,
    each checked as the resolution checks it).  Once every player's sealed bid is in,
    this player's reveal is made (the second post); once every reveal (and, when
    computers play, every deadline code) is in, the page resolves the bids itself, as
    every other page does from the same codes: the same save, whoever signs it (a save's
    hash is its payload's), so nobody waits on a resolver.

    :raises EngineError: nothing of this game's year in the text (the save reader's or
        the sealed codes' reason), or this browser plays no seat.
    """
    seat = _seat(game)
    record = game.record
    names = [p.name for p in record.state.players]
    page = forumtext.scan(text)
    ours = [c for c in page.codes if forumtext.game_of(c) == record.game_id]
    if not ours:
        if page.damaged:
            held = forumtext.summary(names, None, page, None, moderated=False)
            raise SaveError(
                page.damaged[0].error, " ".join([held + ".", *forumtext.damage_notes(names, page)])
            )
        read_save(page.codes[0] if page.codes else text)  # names what it is instead
        raise SaveError("save/no-code", "this page holds no code of this game's bids")
    found = [c for c in ours if forumtext.code_kind(c) in forumtext.ROUND_KINDS]
    sealed_here = str(round_.get("sealed", ""))
    own = [c for c in [sealed_here, *split_codes(str(round_.get("bound", "")))] if c]
    pool = list(dict.fromkeys([*split_codes(str(round_.get("pool", ""))), *found]))
    codes = forumtext.sort_codes(record, [*pool, *own], moderated=False)
    kept = {*codes.seals.values(), *codes.reveals.values(), *codes.deadlines}
    new_round = {**round_, "pool": "\n".join(c for c in pool if c in kept)}
    everyone = voters(record)
    seals_in = all(f in codes.seals for f in everyone)
    progress = ""
    if seals_in and "bound" not in new_round:
        seals_text = "\n".join(codes.seals.values())
        new_round["bound"] = reveal(game, str(round_["reveal"]), seals_text, key)
        new_round["seals"] = seals_text
        codes = forumtext.sort_codes(
            record, [*pool, *own, *split_codes(new_round["bound"])], moderated=False
        )
        progress = "Every sealed bid is in: post your reveal code (your second post)."
    else:
        revealed = all(f in codes.reveals for f in everyone)
        signed = {decode_code(c).seat for c in codes.deadlines}
        consent = not computer_seats(record) or all(f in signed for f in everyone)
        if seals_in and revealed and consent:
            every = [*codes.reveals.values(), *codes.deadlines]
            resolution = resolve(game, "\n".join(codes.seals.values()), "\n".join(every), key)
            return PageStep(
                _note(names, record, page, codes)
                + " Every reveal is in: the bids are resolved here from every player's codes,"
                " as on every page; nothing more to post.",
                {"resolved": resolution.code, "seq": resolution.record.seq},
                resolution,
            )
    if seat not in codes.seals and "sealed" not in round_:
        progress = progress or "Seal your bid first (your first post)."
    return PageStep(
        " ".join(x for x in [_note(names, record, page, codes), progress] if x), new_round
    )


def _note(
    names: list[str], record: SaveRecord, page: forumtext.PageScan, codes: forumtext.RoundCodes
) -> str:
    note = forumtext.summary(names, record, page, codes, moderated=False)
    return " ".join([note + ".", *forumtext.damage_notes(names, page)])
