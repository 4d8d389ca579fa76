"""The part of a ruleset's session that plays one seat of a forum game with sealed
codes (pure): claiming a seat, loading the next save, confirming the sealed codes seen,
signing a deadline and resolving from every code; where a round cannot be forced (a game
of two, one silent), a forfeit claim and its concession.  A session class inherits it and
gives its fields (a dataclass: ``state``, ``code``, ``seat``, ...) and
:meth:`_after_forum_update` (where its stage goes after a new save).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from engine import forumtext
from engine.appointment import APPOINT
from engine.core import find_ruleset
from engine.errors import EngineError, SaveError
from engine.fault_words import Fault, refusal, short_title
from engine.forfeit import dispute_text, ended_by, is_forfeit_code, kind_of
from engine.keys import PlayerKey
from engine.savecode import decode_code
from engine.saves import SaveRecord, read_save
from engine.sealed_round import voters
from ui.shell import forum
from ui.shell.pbem import extract_code, extract_invite
from ui.shell.slices import Steps, run_steps

SeatT = TypeVar("SeatT", bound="ForumSeat")


class ForumSeat:
    """Sealed-code play of one seat; the fields are the inheriting session's."""

    RULESET: ClassVar[str]
    """The engine's name of the session's ruleset."""
    TITLE: ClassVar[str]
    """The ruleset as a refusal names it ("this is not a Capital Risk game")."""
    SEAT_WORD: ClassVar[str]
    """What a seat is called: "faction", "nation"."""

    state: Any
    stage: str
    viewer: int | None
    log: list[str]
    code: str
    seat: int | None
    game_id: str
    sealed: str
    reveal: str
    confirmed: bool
    deadline: str
    invites: dict[int, str]
    invite: str
    forfeit: str
    """A forfeit claim given to this page (or signed here), until a save settles it."""
    stuck: str
    """Why the last try to force the round could not, and what can be done ("" if none)."""
    appointments: str
    """Appointment codes of a moderator given to this page (signed here or pasted)."""
    moderated: bool
    pool: str
    """The codes of the round this page waits for, from every page pasted so far (one a
    line): the sealed orders, reveals and deadline codes it has seen."""
    page_note: str
    """What the last pasted page held, in players' words ("" before any)."""
    recent: list[str]
    """The last saves this page holds, oldest first: together, the code for a player who
    missed posts (a player a round or two behind loads them in one paste)."""
    replay_step: int
    replay_paused: bool
    timings: dict[str, float]
    drafts: dict[int, Any]
    _record: SaveRecord | None

    @classmethod
    def join(cls: type[SeatT], code: str, key: PlayerKey) -> SeatT:
        """Join a forum game from a pasted save code or invitation link.

        :raises EngineError: a damaged code, a save of another ruleset, or an invitation
            that opens no seat of the game.
        """
        invite = extract_invite(code)
        codes = forum.split_codes(extract_code(code))
        if len(codes) != 1:
            raise SaveError("save/one-code", "paste exactly one save code")
        record = read_save(codes[0])
        if record.ruleset != cls.RULESET:
            raise refusal(
                SaveError,
                "save/other-ruleset",
                Fault.OTHER_RULESET,
                what="save code",
                ruleset=short_title(find_ruleset(record.ruleset).title),
                here=short_title(cls.TITLE),
            )
        make: Any = cls  # the inheriting session, a dataclass with these fields
        session: SeatT = make(record.state, "forum", code=record.code, game_id=record.game_id)
        session._record = record
        session.seat = forum.seat_of(record, key)
        if invite is not None and session.seat is None:
            seat, secret = invite
            if seat >= len(record.keys) or record.keys[seat] is not None:
                raise SaveError("save/seat-taken", f"{cls.SEAT_WORD} {seat + 1} is already claimed")
            forum.invite_for(record, seat, secret)
            session.invite = secret
        session.moderated = record.moderator is not None
        session._after_forum_update()
        return session

    def _after_forum_update(self) -> None:
        raise NotImplementedError  # each session says where its stage goes

    def _replay_ready(self) -> bool:
        """Whether the resolution just loaded has a replay (default: it has)."""
        return True

    def _forum_resolved(self, before: Any) -> None:
        """The new save resolved ``before`` into ``state``: a session that replays from
        the position before keeps what it needs here (default: nothing)."""

    def record(self) -> SaveRecord:
        if self._record is None or self._record.code != self.code:
            self._record = read_save(self.code)
        return self._record

    def claimable(self) -> list[int]:
        """The factions this browser may claim (one kept for an invitee only with the
        invitation it was opened with)."""
        return forum.claimable(self.record(), self.invite) if self.seat is None else []

    def unclaimed_seats(self) -> list[int]:
        """The seats that seal orders and have no key yet (an idle seat is never claimed)."""
        return forum.unclaimed(self.record()) if self.code else []

    def pending_invitations(self) -> list[tuple[int, str]]:
        """(seat, secret) of each invitation this browser made whose seat is still free."""
        free = set(self.unclaimed_seats())
        return [(s, v) for s, v in sorted(self.invites.items()) if s in free]

    def claim(self, seat: int, key: PlayerKey) -> str:
        """Claim ``seat`` for this browser: the next save code, to post."""
        self.code = forum.claim(self.record(), key, seat, self.invite)
        self._remember(self.code)
        self.invite = ""
        self.seat = seat
        self._after_forum_update()
        name = self.state.players[seat].name
        self.log.append(f"You claimed {name}")
        return f"You play {name}: post the new save code so the others can load it"

    def confirm_sealed(self, sealed_text: str, key: PlayerKey) -> str:
        """Every faction's sealed code is in: make the reveal code, naming them all.

        :raises EngineError: a sealed code that does not fit, or one missing.
        """
        self.reveal = forum.bind(self.record(), self.reveal, sealed_text, key)
        self.confirmed = True
        return "Every sealed code is in: post your reveal code"

    def paste_save(self, text: str) -> str:
        """Load the next save of this game (a claim or a resolved turn).

        :raises EngineError: the engine's reason for refusing the code.
        """
        codes = forum.split_codes(text)
        if not codes:
            raise SaveError(
                "save/no-code", "paste the next save code (or the saves since yours, in order)"
            )
        if any(is_forfeit_code(c) for c in codes):
            return self.take_forfeit(codes)
        if any(kind_of(c) == APPOINT for c in codes):
            return self.take_appointments(codes)
        old_turn = self.state.turn
        continuation = forum.accept(self.record(), codes)
        self.code = continuation.record.code
        self._record = continuation.record
        for accepted in codes:
            self._remember(accepted)
        warnings = list(continuation.warnings)
        if continuation.record.state.turn != old_turn or continuation.record.state.phase != (
            self.state.phase
        ):
            before = self.state
            self.state = continuation.record.state
            self._replay_forum_turn(before)
            self.log.append(f"{(self.state.last_report or {}).get('title', 'Turn')} loaded")
            return "Turn resolved: " + " ".join(warnings) if warnings else "Turn resolved"
        stage = self.stage
        self._after_forum_update()
        if self.record().moderator is not None and not self.moderated:
            self.moderated = True
            self.forfeit = self.stuck = self.appointments = ""
            self.log.append("The factions named a moderator")
            return "The game is moderated from now on: " + self.appointment_text()
        if self.ended() is not None:
            self.forfeit = self.stuck = ""
            self.log.append(self.ended_text())
            return self.ended_text()
        if stage == "sealed":
            self.stage = "sealed"
        claimed = [p.name for p, k in zip(self.state.players, self.code_keys(), strict=False) if k]
        return "Save loaded; claimed: " + ", ".join(claimed) + (" " + " ".join(warnings))

    # ------------------------------------------------------------ two posts a phase

    RECENT_SAVES: ClassVar[int] = 4
    """How many saves the code for a player who missed posts holds (a Great War turn
    is two sealed rounds, so two turns behind is four saves)."""

    def _remember(self, code: str) -> None:
        recent = [c for c in getattr(self, "recent", []) if c != code]
        self.recent = [*recent, code][-self.RECENT_SAVES :]

    def catch_up_code(self) -> str:
        """The code for a player who missed posts: this page's last saves, oldest first
        (a page loads the ones after the save it holds and sets the rest aside)."""
        held = [c for c in getattr(self, "recent", []) if c != self.code]
        return "\n".join([*held, self.code]) if self.code else ""

    def own_codes(self) -> list[str]:
        """This seat's own codes of the round (its sealed code, its reveal once it names
        every seal): a page counts them without their being pasted back."""
        if not self.sealed:
            return []
        own = [self.sealed] if self.sealed and not self.moderated else []
        return own + ([self.reveal] if self.reveal and self.confirmed else [])

    def paste_page(self, text: str, key: PlayerKey | Callable[[], PlayerKey]) -> str:
        """A whole forum page or email thread pasted (or a code alone): every code in it
        is found (:func:`engine.forumtext.scan`) and used.  A newer save of this game is
        loaded (a player who missed posts); this round's sealed orders, reveals and
        deadline codes are kept; once every sealed code is in, this seat's reveal is
        made (its second post); once every reveal is in, the page resolves the round
        itself, as every other page does from the same codes.  Codes of other games or
        old turns are counted, never fatal.

        ``key`` is this browser's key, or how to get it (only a reveal or a resolution
        signs with it).

        :raises EngineError: nothing readable in the text, or a newer save refused (the
            engine's reason; the game is untouched).
        """
        return run_steps(self.paste_steps(text, key))

    def paste_steps(self, text: str, key: PlayerKey | Callable[[], PlayerKey]) -> Steps[str]:
        """:meth:`paste_page` in steps (:mod:`ui.shell.slices`): a pause may come after
        each code is read (its signature checked), after the round's codes are sorted,
        and in a resolution after its codes are read, after the orders are played and
        after the save is signed; the session changes only between whole steps.

        :raises EngineError: as :meth:`paste_page`.
        """
        page = yield from forumtext.scan_steps(text)  # a step per code read
        yield
        if not page.codes and not page.damaged:
            # Nothing that reads as a code: the save reader says why (or asks for one).
            return self.paste_save(text)
        if not page.codes:
            names = [p.name for p in self.state.players]
            held = forumtext.summary(names, None, page, None, moderated=False)
            damage = forumtext.damage_notes(names, page)
            raise SaveError(page.damaged[0].error, " ".join([held + ".", *damage]))
        notes: list[str] = []
        ours = [c for c in page.codes if forumtext.game_of(c) == self.game_id]
        others = len(page.codes) - len(ours)
        if not ours:
            # Nothing of this game: the save reader names what the code is (another
            # game, another ruleset) in the words every ruleset uses.
            return self.paste_save(page.codes[0])
        forfeits = [c for c in ours if is_forfeit_code(c)]
        appointments = [c for c in ours if kind_of(c) == APPOINT]
        if forfeits:
            notes.append(self.take_forfeit(forfeits))
        if appointments:
            notes.append(self.take_appointments(appointments))
        newer, old = forum.newer_saves(self.record(), ours)
        loaded = 0
        if newer:
            notes.append(self.paste_save("\n".join(newer)))
            loaded = len(newer)
        record = self.record()
        waiting = forum.awaits_round(record) and self.ended() is None
        round_codes = None
        if waiting:
            found = [c for c in ours if forumtext.code_kind(c) in forumtext.ROUND_KINDS]
            pool = list(dict.fromkeys([*forum.split_codes(self.pool), *found]))
            round_codes = forumtext.sort_codes(
                record, [*pool, *self.own_codes()], moderated=self.moderated
            )
            # Keep what fits this round (a refused code is shown, not kept).
            kept = {*round_codes.seals.values(), *round_codes.reveals.values()}
            kept |= set(round_codes.deadlines)
            self.pool = "\n".join(c for c in pool if c in kept)
        progress = ""
        if round_codes is not None:
            yield  # the round's codes sorted and kept; next, take the round on
            # The note counts this seat's reveal too once this paste made it.
            progress, round_codes = yield from self._progress(round_codes, key)
        names = [p.name for p in record.state.players]
        self.page_note = forumtext.summary(
            names,
            record if waiting else None,
            page,
            round_codes,
            moderated=self.moderated,
            saves=loaded,
            old_saves=old,
        )
        if others:
            self.page_note += "; " + forumtext.plural(others, "code") + " of another game set aside"
        damage = forumtext.damage_notes(names, page)
        return " ".join([self.page_note + ".", *damage, *[n for n in [*notes, progress] if n]])

    def _progress(
        self, found: forumtext.RoundCodes, key_of: PlayerKey | Callable[[], PlayerKey]
    ) -> Steps[tuple[str, forumtext.RoundCodes]]:
        """Take the round as far as the codes held allow: this seat's reveal once every
        seal is in, the resolution once every reveal is in.  Returns what happened ("" when
        nothing moved) and the round's codes as they stand then."""

        def key() -> PlayerKey:
            return key_of if isinstance(key_of, PlayerKey) else key_of()

        record = self.record()
        everyone = voters(record)
        seals_in = all(f in found.seals for f in everyone)
        reveals_in = all(f in found.reveals for f in everyone)
        if self.moderated:
            if reveals_in and self.seat is not None and forum.is_moderator(record, key()):
                reveals = "\n".join(found.reveals.values())
                return (yield from self.resolve_steps("", reveals, key())), found
            return "", found
        if self.stage == "sealed" and not self.confirmed and seals_in:
            self.reveal = forum.bind(record, self.reveal, "\n".join(found.seals.values()), key())
            self.confirmed = True
            self.pool = "\n".join([*forum.split_codes(self.pool), self.reveal])
            found = forumtext.sort_codes(
                record, [*forum.split_codes(self.pool), *self.own_codes()], moderated=False
            )
            # Even with every other reveal already here, this page waits: its own reveal
            # is not posted yet, and the other pages need it (the next paste resolves).
            return "Every sealed code is in: post your reveal code (your second post).", found
        if seals_in and reveals_in:
            if self.seat is None:
                return (
                    "Every reveal is in: a player's page has resolved the round; paste their "
                    "code for a player who missed posts to follow the game."
                ), found
            yield from self.resolve_steps(
                "\n".join(found.seals.values()), "\n".join(found.reveals.values()), key()
            )
            title = (self.state.last_report or {}).get("title", "The turn")
            return (
                f"Every reveal is in: {title} resolved here from every player's codes, as on "
                "every page; nothing more to post."
            ), found
        return "", found

    def _replay_forum_turn(self, before: Any) -> None:
        """A forum turn has been resolved (``before`` was the position it resolved): the
        sealed codes are spent, replay it."""
        self._forum_resolved(before)
        self.sealed = self.reveal = self.deadline = ""
        self.forfeit = self.stuck = self.appointments = ""
        self.pool = ""
        self.confirmed = False
        self.drafts = {}
        self.stage = "replay" if self._replay_ready() else "report"
        self.replay_step = 0
        self.replay_paused = False  # each resolution's replay plays until paused
        self.viewer = self.seat

    def code_keys(self) -> tuple[str | None, ...]:
        return self.record().keys if self.code else ()

    def sign_deadline(self, reveal_text: str, key: PlayerKey) -> str:
        """This faction's deadline code for the silent factions (shown to post).

        :raises EngineError: a reveal that does not fit, or nobody silent.
        """
        if self.seat is None:
            raise SaveError(
                "save/no-seat", "claim your seat first: the deadline code is signed with its key"
            )
        self.deadline = forum.sign_deadline(self.record(), reveal_text, key, self.seat)
        return "Deadline code signed: post it"

    def resolve_codes(
        self, sealed_text: str, reveal_text: str, key: PlayerKey, deadline_text: str = ""
    ) -> str:
        """Resolve the turn from every faction's codes; the new save code is ``code``.

        :raises EngineError: the engine's message for a refused code.
        """
        return run_steps(self.resolve_steps(sealed_text, reveal_text, key, deadline_text))

    def resolve_steps(
        self, sealed_text: str, reveal_text: str, key: PlayerKey, deadline_text: str = ""
    ) -> Steps[str]:
        """:meth:`resolve_codes` in steps (:func:`ui.shell.forum.resolve_steps`); the
        session changes in the last."""
        if self.seat is None:
            raise SaveError(
                "save/no-seat", "claim your seat first: the new save is signed with its key"
            )
        started = time.perf_counter()
        try:
            result = yield from forum.resolve_steps(
                self.record(), sealed_text, reveal_text, key, self.seat, deadline_text
            )
        except EngineError as exc:
            self.stuck = exc.message if exc.code == "sealed/no-majority" else ""
            raise
        self.stuck = ""
        self.timings["resolve_ms"] = (time.perf_counter() - started) * 1000
        before = self.state
        self.state = result.state
        self.code = result.code
        self._record = result.record
        self._remember(self.code)
        self._replay_forum_turn(before)
        title = (self.state.last_report or {}).get("title", "Turn")
        self.log.append(f"{title} resolved here")
        return f"{title} resolved: post the new save code"

    # ------------------------------------------------------------ a game of two, one silent

    def ended(self) -> tuple[int, int] | None:
        """(winner, conceding seat) once the game ended by forfeit, else None."""
        return ended_by(self.record().payload) if self.code else None

    def two_factions(self) -> bool:
        """Whether this round's consent is between two factions (one silent stops it)."""
        return bool(self.code) and forum.two_factions(self.record())

    def dispute(self) -> str:
        """What the page shows about the forfeit claim it holds ("" for none)."""
        if not self.forfeit:
            return ""
        try:
            found = forum.read_dispute(self.record(), [self.forfeit])
        except EngineError:  # the round moved on: the claim no longer fits
            return ""
        return dispute_text([p.name for p in self.state.players], found)

    def may_concede(self) -> bool:
        """Whether the forfeit claim held here names this browser's faction."""
        if not self.forfeit or self.seat is None:
            return False
        try:
            return forum.read_dispute(self.record(), [self.forfeit]).rival == self.seat
        except EngineError:
            return False

    def take_forfeit(self, codes: list[str]) -> str:
        """A forfeit claim pasted into the page: shown as disputed until the claimed
        faction concedes (its concession comes in a save, which ends the game).

        :raises EngineError: a claim that does not fit this game and round.
        """
        found = forum.read_dispute(self.record(), codes)
        if found.agreed:
            raise SaveError(
                "forfeit/no-save",
                "a concession ends the game only in the save that carries it: paste that save code",
            )
        self.forfeit = found.claim
        text = self.dispute()
        self.log.append(text)
        return text

    def claim_forfeit(self, key: PlayerKey) -> str:
        """Sign this faction's claim that the other faction forfeited (shown to post).

        :raises EngineError: not a game of two, or no seat here.
        """
        if self.seat is None:
            raise SaveError("save/no-seat", "claim your seat first: a forfeit claim is signed")
        self.forfeit = forum.claim_forfeit(self.record(), key, self.seat)
        self.log.append(self.dispute())
        return "Forfeit claim signed: post it. The game is disputed until the other agrees"

    def concede(self, key: PlayerKey) -> str:
        """Agree to the forfeit claim held here: the save that ends the game, to post.

        :raises EngineError: the claim names another faction, or does not fit.
        """
        if self.seat is None:
            raise SaveError("save/no-seat", "claim your seat first: a concession is signed")
        if not self.forfeit:
            raise SaveError("forfeit/none", "no forfeit claim has been given to this page")
        self.code = forum.concede(self.record(), self.forfeit, key, self.seat)
        self._remember(self.code)
        self._record = None
        self.forfeit = self.stuck = ""
        self._after_forum_update()
        text = self.ended_text()
        self.log.append(text)
        return f"{text}: post the new save code"

    def ended_text(self) -> str:
        """What the page says of a game ended by forfeit ("" while it goes on)."""
        ended = self.ended()
        if ended is None:
            return ""
        names = [p.name for p in self.state.players]
        return f"{names[ended[1]]} conceded: {names[ended[0]]} wins by forfeit; the game is over"

    # ------------------------------------------------------------ a moderator named by all

    def appointment_text(self) -> str:
        """Who the factions named moderator, and who has yet to sign ("" for nothing)."""
        if self.moderated:
            moderator = self.record().moderator
            keys = self.record().keys
            if moderator in keys:
                return f"{self.state.players[keys.index(moderator)].name} moderates"
            return "the host moderates"
        codes = forum.split_codes(self.appointments)
        if not codes:
            return ""
        try:
            name, waiting = forum.appointment_status(self.record(), codes)
        except EngineError:  # the round moved on: the codes no longer fit
            return ""
        if not waiting:
            return f"Every faction named {name} moderator: make the save that names them"
        names = ", ".join(self.state.players[f].name for f in waiting)
        return f"Naming {name} moderator: waiting for {names}"

    def appointment_complete(self) -> bool:
        return self.appointment_text().startswith("Every faction named")

    def take_appointments(self, codes: list[str]) -> str:
        """Appointment codes pasted into the page, kept with those it holds.

        :raises EngineError: codes that do not fit, or that name another moderator.
        """
        held = forum.split_codes(self.appointments)
        merged = list(dict.fromkeys(held + [c for c in codes if kind_of(c) == APPOINT]))
        forum.appointment_status(self.record(), merged)
        self.appointments = "\n".join(merged)
        return self.appointment_text()

    def sign_appointment(self, moderator_seat: int, key: PlayerKey) -> str:
        """Sign this faction's appointment of ``moderator_seat``'s player (shown to post).

        :raises EngineError: no seat here, or codes held that name another moderator.
        """
        if self.seat is None:
            raise SaveError("save/no-seat", "claim your seat first: an appointment is signed")
        code = forum.sign_appointment(self.record(), moderator_seat, key, self.seat)
        held = forum.split_codes(self.appointments)
        own = [c for c in held if decode_code(c).seat != self.seat]
        forum.appointment_status(self.record(), [*own, code])
        self.appointments = "\n".join([*own, code])
        return "Appointment signed: post it. " + self.appointment_text()

    def make_appointment(self, key: PlayerKey) -> str:
        """Every faction's appointment is here: the save that names the moderator.

        :raises EngineError: an appointment missing, or codes that do not fit.
        """
        if self.seat is None:
            raise SaveError("save/no-seat", "claim your seat first: the save is signed")
        self.code = forum.appoint(
            self.record(), forum.split_codes(self.appointments), key, self.seat
        )
        self._record = None
        self._remember(self.code)
        self.moderated = True
        self.appointments = self.forfeit = self.stuck = ""
        self._after_forum_update()
        self.log.append("The factions named a moderator")
        who = self.appointment_text()
        return f"The game is moderated from now on ({who}): post the new save code"
