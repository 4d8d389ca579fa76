"""Play by email or forum, as the page sees it (pure; no browser imports).

A game by email is a ruleset page's session (:class:`ui.classic.controller.Session`)
with a :class:`PbemGame` attached: the game's id, the last save this browser accepted (a
signed save code, see :mod:`engine.saves`), the orders given here since that save, the
seat this browser plays and the code it last made for the others.

The flow:

* :func:`create` starts an email game: the creating browser claims the first human seat
  and signs save 0.
* The page plays orders as usual (:class:`~ui.classic.controller.Session` appends them to
  :attr:`PbemGame.actions`). Computer seats are played by the browser that has the turn.
  When the seat to act leaves this browser (another human, or the game is over),
  :func:`seal` signs the next save; :func:`send_bundle` builds what the player sends
  (the code, a ``mailto:`` URL and a link that opens the game).
* A received code goes through :func:`interpret`: refused (with the engine's message,
  the game untouched), accepted, a warning to accept or reject (a fork or a skipped
  turn), or an offer to join a game this browser does not have (:func:`join`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol
from urllib.parse import quote

from engine.core import Event, find_ruleset
from engine.errors import EngineError
from engine.fault_words import Fault, short_title
from engine.fault_words import refusal as fault_refusal
from engine.fault_words import title as fault_title
from engine.invitations import kept_for, new_invitations, opens
from engine.keys import PlayerKey
from engine.save_chain import continue_chain, differences
from engine.savecode import SaveCodeError, decode_code
from engine.saves import SaveRecord, make_save, read_save


class Session(Protocol):
    """What an email game needs of a ruleset page's session (the shell imports no
    ruleset page: the session's class lives in ``ui/<ruleset>/``)."""

    pbem: PbemGame | None

    @property
    def state(self) -> Any: ...

    @property
    def actor(self) -> int | None: ...

    @property
    def over(self) -> bool: ...

    def adopt(self, state: Any, events: Sequence[Event], line: str) -> None: ...


LINK_PREFIX = "#game="
INVITE_MARK = "&invite="
PBEM_RULESET = "classic"

# Short titles for the engine's refusal codes that are no fault of a code's copying (the
# faults, cut off, altered, another game..., have the titles of engine.fault_words).
TITLES = {
    "savecode/wrong-seat": "Wrong seat",
    "savecode/unknown-key": "Unknown signer",
    "save/payload": "Not a game save",
    "save/wrong-seat": "Signed by the wrong seat",
    "save/old-version": "From an older version",
    "sealed/unsigned": "Orders not signed",
    "savecode/state": "Impossible position",
    "save/keys-changed": "Seat keys changed",
    "save/replay": "Dishonest turn",
    "option/ruleset": "Unknown rules",
}


@dataclass
class PbemGame:
    """The email-game record inside a session.

    :ivar game_id: random id shared by every save of the game.
    :ivar record: the last save this browser accepted or made.
    :ivar actions: orders (JSON) given in this browser since :attr:`record`.
    :ivar seat: the seat this browser plays, or None (watching only).
    :ivar outbox: the code this browser made last, to send (None once a newer code came in).
    :ivar invites: the host's invitation secrets, by seat (each sent only to its player).
    :ivar invite: this browser's invitation to its seat, shown in the save that claims it.
    """

    game_id: str
    record: SaveRecord
    actions: list[dict[str, Any]] = field(default_factory=list)
    seat: int | None = None
    outbox: str | None = None
    invites: dict[int, str] = field(default_factory=dict)
    invite: str = ""

    @property
    def keys(self) -> list[str | None]:
        """Every seat's public key as in the last save (None: not claimed yet)."""
        return list(self.record.keys)

    def may_act(self, state: Any, seat: int | None) -> bool:
        """This browser may give orders for ``seat`` now: its own seat, or a computer
        seat (played by whichever browser has the turn), if it holds a seat at all."""
        if seat is None or self.seat is None or seat >= len(state.players):
            return False
        control = str(state.players[seat].control)
        if control == "human":
            return seat == self.seat
        return control != "neutral"

    def due(self, state: Any, actor: int | None) -> bool:
        """Orders were given here and the turn has left this browser: sign and send."""
        return bool(self.actions) and not self.may_act(state, actor)

    def rebind(self, key_text: str) -> str:
        """Re-check :attr:`seat` against the keys (after a new save or a new key).

        Returns a note for the player ("" if nothing changed).
        """
        keys = self.record.keys
        if self.seat is not None and self.seat < len(keys):
            held = keys[self.seat]
            if held is None or held == key_text:
                return ""
            self.seat = None
            note = "Your seat was claimed with another key: this browser now only watches."
        else:
            note = ""
        if key_text in keys:
            self.seat = keys.index(key_text)
            return f"This browser plays seat {self.seat + 1} again."
        return note

    def to_json(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "record": self.record.code,
            "actions": list(self.actions),
            "seat": self.seat,
            "outbox": self.outbox,
            "invites": {str(seat): secret for seat, secret in self.invites.items()},
            "invite": self.invite,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PbemGame:
        """Restore :meth:`to_json` (the save's signature is checked again).

        :raises ValueError: a malformed record (EngineError is a ValueError).
        """
        record = read_save(str(data["record"]))
        game_id = str(data["game_id"])
        if record.game_id != game_id:
            raise ValueError("the saved email game does not match its last save")
        seat = data.get("seat")
        outbox = data.get("outbox")
        return cls(
            game_id=game_id,
            record=record,
            actions=[dict(a) for a in data.get("actions", [])],
            seat=None if seat is None else int(seat),
            outbox=None if outbox is None else str(outbox),
            invites={int(k): str(v) for k, v in dict(data.get("invites", {})).items()},
            invite=str(data.get("invite", "")),
        )


# ---------------------------------------------------------------- creating and sending


def human_seats(state: Any) -> list[int]:
    return [s for s, p in enumerate(state.players) if p.control == "human"]


def create(state: Any, key: PlayerKey, game_id: str) -> PbemGame:
    """An email game for a new ``state``: this browser claims the first human seat and
    signs save 0. If another human plays first, save 0 is in the outbox at once.

    :raises ValueError: fewer than two human players.
    """
    humans = human_seats(state)
    if len(humans) < 2:
        raise ValueError(
            "A game by email or forum needs at least two human players "
            "(the others are computers, played by whoever has the turn)."
        )
    seat = humans[0]
    keys: list[str | None] = [None] * len(state.players)
    keys[seat] = key.public_key_text
    # Every other human seat is kept for the player its invitation link goes to.
    invites, invitations = new_invitations(humans[1:], len(keys))
    ruleset = find_ruleset(state.ruleset)
    code = make_save(
        ruleset,
        state,
        game_id=game_id,
        keys=keys,
        signer=key,
        seat=seat,
        invitations=invitations,
    )
    game = PbemGame(game_id=game_id, record=read_save(code), seat=seat, invites=invites)
    actor = ruleset.actor(state)
    if actor is not None and not game.may_act(state, actor):
        game.outbox = code
    return game


def seal(game: PbemGame, state: Any, key: PlayerKey) -> str:
    """Sign the save that follows :attr:`PbemGame.record` (this browser's orders since it
    lead to ``state``); it becomes the record and the outbox. Returns the code.

    :raises EngineError: this browser holds no seat, or its key is not that seat's key.
    """
    if game.seat is None:
        raise EngineError("pbem/no-seat", "this browser plays no seat in this game")
    ruleset = find_ruleset(state.ruleset)
    keys = game.keys
    claiming = keys[game.seat] is None
    if claiming:
        keys[game.seat] = key.public_key_text
    code = make_save(
        ruleset,
        state,
        game_id=game.game_id,
        keys=keys,
        signer=key,
        seat=game.seat,
        previous=game.record,
        actions=[ruleset.parse_order(a) for a in game.actions],
        invite=game.invite if claiming else "",
    )
    game.invite = ""
    game.record = read_save(code)
    game.actions = []
    game.outbox = code
    return code


@dataclass(frozen=True)
class SendBundle:
    """What the player sends: the code, a link that opens it, an email to send it in."""

    code: str
    link: str
    mailto: str
    subject: str
    body: str
    to_name: str
    invitations: tuple[tuple[str, str], ...] = ()
    """(player, link) for each seat still kept for an invited player: send each player
    only their own link (whoever has it can take the seat)."""
    game: str = "Risk"
    """The ruleset as an invitation names it ("Classic", "Risk, Paper, Scissors")."""


def page_link(page_url: str, code: str) -> str:
    """``index.html#game=<code>`` on the page's own address (the fragment is never sent
    to a server, and save codes only use URL-safe characters)."""
    base = page_url.split("#", 1)[0]
    if base.endswith("/"):
        base += "index.html"
    return f"{base}{LINK_PREFIX}{code}"


def mailto_url(subject: str, body: str, to: str = "") -> str:
    """A ``mailto:`` URL (RFC 6068): every reserved character percent-encoded, line
    breaks as CRLF."""
    crlf = body.replace("\r\n", "\n").replace("\n", "\r\n")
    subject_part = quote(subject, safe="")
    return f"mailto:{quote(to, safe='@')}?subject={subject_part}&body={quote(crlf, safe='')}"


def send_bundle(session: Session, page_url: str) -> SendBundle | None:
    """The bundle for the outbox code, or None when there is nothing to send."""
    game = session.pbem
    if game is None or game.outbox is None:
        return None
    code = game.outbox
    state = session.state
    actor = session.actor
    to_name = state.players[actor].name if actor is not None else "everyone"
    sender = state.players[game.seat].name if game.seat is not None else "A player"
    link = page_link(page_url, code)
    record = game.record
    subject = f"Risk: {sender} played (game {game.game_id[:8]}, save {record.seq})"
    if session.over:
        winner = find_ruleset(state.ruleset).winner(state)
        news = f"The game is over: {state.players[winner].name} wins." if winner is not None else ""
    else:
        news = f"It is {to_name}'s turn."
    body = (
        f"{sender} has played. {news}\n\n"
        f"Open the game with this link:\n{link}\n\n"
        "or paste this save code into the page (Load a code):\n"
        f"{code}\n"
    )
    invitations = tuple(
        (seat_label(state, seat), f"{link}{INVITE_MARK}{seat}.{secret}")
        for seat, secret in sorted(game.invites.items())
        if seat < len(record.keys) and record.keys[seat] is None
    )
    rules = short_title(find_ruleset(state.ruleset).title)
    return SendBundle(
        code, link, mailto_url(subject, body), subject, body, to_name, invitations, rules
    )


# ---------------------------------------------------------------- receiving


@dataclass(frozen=True)
class LoadResult:
    """What a pasted code means for this browser.

    :ivar kind: ``refused`` (nothing changes), ``accepted`` (verified next save),
        ``warning`` (a fork or skipped saves: the player accepts or rejects),
        ``join`` (a game this browser does not have) or ``other-game`` (a different
        game than the one here: joining it replaces the current game).
    """

    kind: str
    title: str
    message: str
    record: SaveRecord | None = None
    warnings: tuple[str, ...] = ()
    differences: tuple[str, ...] = ()
    seats: tuple[int, ...] = ()
    code: str = ""
    error: str = ""
    invite: str = ""

    @property
    def ok(self) -> bool:
        return self.kind != "refused"


def extract_code(text: str) -> str:
    """The save code in pasted text: the code itself, or a link with ``#game=`` (and
    perhaps an invitation after it)."""
    text = text.strip()
    if LINK_PREFIX in text:
        text = text.split(LINK_PREFIX, 1)[1]
    return "".join(text.split(INVITE_MARK, 1)[0].split())


def extract_invite(text: str) -> tuple[int, str] | None:
    """(seat, secret) of an invitation link's ``&invite=<seat>.<secret>``, if any."""
    if INVITE_MARK not in text:
        return None
    seat, _, secret = "".join(text.split(INVITE_MARK, 1)[1].split()).partition(".")
    return (int(seat), secret) if seat.isdigit() and secret else None


def extract_codes(text: str) -> list[str]:
    """Every save code in pasted text, in order (a chain of saves may be pasted: the
    ones a fork continues, then the fork); anything else comes back as it is, to be
    refused with its own message."""
    flat = extract_code(text)
    if flat.count("RK1.") <= 1:
        return [flat]
    head, *codes = flat.split("RK1.")
    return distinct_codes(([head] if head else []) + ["RK1." + c for c in codes])


def distinct_codes(codes: list[str]) -> list[str]:
    """``codes`` with each repeated code kept once, at its last place: no chain holds a
    save twice, and a code pasted many times (up to a megabyte of it) is read once."""
    return list(reversed(dict.fromkeys(reversed(codes))))


def refusal(exc: Exception) -> LoadResult:
    """A refusal naming the problem, from any exception (never a traceback)."""
    if isinstance(exc, EngineError):
        title = fault_title(exc, TITLES.get(exc.code, "Not a valid save code"))
        return LoadResult("refused", title, _sentence(exc.message), error=exc.code)
    return LoadResult(
        "refused",
        "Not a valid save code",
        f"This code could not be read ({type(exc).__name__}: {exc}).",
        error="pbem/unreadable",
    )


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


SAME_SAVE_LOOKBACK = 8
"""How many codes before the last :func:`unseen` reads for a save equal to the held one."""


def unseen(held: SaveRecord, codes: list[str]) -> list[str]:
    """The saves of a pasted chain after the one this browser holds (a sender may send
    two saves at once, e.g. a round's resolution and the turn after it, to a player who
    has already loaded the first)."""
    # The held save comes back as the very text it was read from (a code is its signed,
    # canonical payload), so comparing text finds it without decoding every pasted code.
    held_text = "".join(held.code.split())
    for index, code in enumerate(codes[:-1]):
        if "".join(code.split()) == held_text:
            return codes[index + 1 :]
    # The same save signed on another page (a sealed round every page resolves itself:
    # one payload, one hash, each page's signature) is the held one too.  Only the last
    # few are read: a sender sends a short chain.
    start = max(0, len(codes) - 1 - SAME_SAVE_LOOKBACK)
    for index in range(len(codes) - 2, start - 1, -1):
        try:
            same = decode_code(codes[index]).payload_hash == held.hash
        except EngineError:
            continue
        if same:
            return codes[index + 1 :]
    return codes


def offerable_seats(
    record: SaveRecord, key_text: str, invite: tuple[int, str] | None = None
) -> tuple[int, ...]:
    """Seats this browser may claim: human seats nobody claimed (a seat kept for an
    invited player only with its invitation), and any seat already signed with this
    browser's key."""
    players = record.state.players

    def open_to_me(seat: int, key: str | None) -> bool:
        if key is not None:
            return key == key_text
        if kept_for(record.invitations, seat) is None:
            return True
        if invite is None or invite[0] != seat:
            return False
        return opens(record.invitations, seat, invite[1])

    return tuple(
        s
        for s, k in enumerate(record.keys)
        if s < len(players) and players[s].control == "human" and open_to_me(s, k)
    )


def interpret(
    game: PbemGame | None, text: str, key_text: str, ruleset: str = PBEM_RULESET
) -> LoadResult:
    """Check a pasted code (or ``#game=`` link) against the game this browser has, for
    the page of ``ruleset``."""
    codes = extract_codes(text)
    code = codes[-1]
    try:
        try:
            record = read_save(code)
        except SaveCodeError as exc:  # whose it says it is, in the game held, if it says
            raise exc.naming([] if game is None else names_of(game.record)) from None
        if record.ruleset != ruleset:
            raise fault_refusal(
                EngineError,
                "pbem/ruleset",
                Fault.OTHER_RULESET,
                whose=record.state.players[record.seat].name,
                what="save code",
                ruleset=short_title(find_ruleset(record.ruleset).title),
                here=short_title(find_ruleset(ruleset).title),
            )
        if game is not None and record.game_id == game.game_id:
            codes = unseen(game.record, codes)
            continuation = continue_chain(game.record, codes)
            record = continuation.record
            if continuation.verified:
                who = record.state.players[record.seat].name
                back = (
                    f" back to save {game.record.seq}, which this browser holds"
                    if len(codes) > 1
                    else ""
                )
                return LoadResult(
                    "accepted",
                    "Turn loaded",
                    f"Save {record.seq} from {who} checked{back}: every order replayed.",
                    record=record,
                    code=code,
                )
            return LoadResult(
                "warning",
                "Unverified position",
                "This code does not continue the save this browser has, so its orders "
                "cannot be replayed here: its position is NOT verified (whoever signed it "
                "could have written any position). Paste the saves it continues, before it, "
                "to check it.",
                record=record,
                warnings=continuation.warnings,
                differences=tuple(differences(game.record, record)),
                code=code,
            )
    except Exception as exc:  # every refusal is shown, never raised into the page
        return refusal(exc)
    invite = extract_invite(text)
    seats = offerable_seats(record, key_text, invite)
    secret = invite[1] if invite is not None and invite[0] in seats else ""
    names = ", ".join(p.name for p in record.state.players)
    if game is None:
        return LoadResult(
            "join",
            "Join a game by email",
            f"Game {record.game_id[:8]} ({names}), save {record.seq}, turn {record.turn}.",
            record=record,
            seats=seats,
            code=code,
            invite=secret,
        )
    return LoadResult(
        "other-game",
        "Another game",
        f"This code belongs to another game ({record.game_id[:8]}: {names}) than the one "
        f"you are playing ({game.game_id[:8]}). Joining it replaces your current game.",
        record=record,
        seats=seats,
        code=code,
        error="save/other-game",
        invite=secret,
    )


def replay_events(previous: SaveRecord, record: SaveRecord) -> list[Event]:
    """The events of the orders in ``record`` replayed on ``previous`` (for the log)."""
    ruleset = find_ruleset(record.ruleset)
    state = previous.state
    events: list[Event] = []
    for raw in record.actions:
        outcome = ruleset.apply(state, ruleset.parse_order(raw))
        state = outcome.state
        events.extend(outcome.events)
    return events


def accept(session: Session, record: SaveRecord, key_text: str, verified: bool) -> str:
    """Make ``record`` the session's position (after :func:`interpret` said ``accepted``,
    or the player accepted a warning). Returns a note for the player."""
    game = session.pbem
    assert game is not None
    events = replay_events(game.record, record) if verified else []
    game.record = record
    game.actions = []
    game.outbox = None
    note = game.rebind(key_text)
    who = record.state.players[record.seat].name
    line = f"— Save {record.seq} from {who} loaded" + ("" if verified else " (not verified)")
    session.adopt(record.state, events, line)
    return note


def join(record: SaveRecord, seat: int | None, key_text: str, invite: str = "") -> PbemGame:
    """The email game of a code this browser did not have, playing ``seat`` (None: watch);
    ``invite`` is the invitation secret of an invited seat.

    :raises ValueError: the seat is not one this browser may claim.
    """
    held = None if seat is None or not invite else (seat, invite)
    if seat is not None and seat not in offerable_seats(record, key_text, held):
        raise ValueError(f"seat {seat + 1} is not free to claim (it is kept for an invited player)")
    return PbemGame(game_id=record.game_id, record=record, seat=seat, invite=invite)


def names_of(record: SaveRecord) -> list[str]:
    """The seat names of a save's game."""
    return [str(p.name) for p in record.state.players]


def seat_label(state: Any, seat: int) -> str:
    return f"{state.players[seat].name} (seat {seat + 1})"


def waiting_for(session: Session) -> str:
    """The sentence shown while another player has the turn."""
    actor = session.actor
    if actor is None:
        return ""
    name = session.state.players[actor].name
    game = session.pbem
    if game is not None and game.seat is None:
        return f"You are watching: waiting for {name}'s turn — paste their code."
    return f"Waiting for {name}'s turn — paste their code."


def seat_names(state: Any, seats: Sequence[int]) -> list[str]:
    return [seat_label(state, s) for s in seats]
