"""Every signed code in a pasted forum page or email thread (pure).

A player copies the whole page as it is (quotes, ``>`` prefixes, BBCode ``[quote]`` and
``[code]`` tags, lines the forum or mail program wrapped, codes of other games and old
turns) and pastes it once; :func:`scan` finds every code in it and ignores the rest,
:func:`sort_codes` says which codes belong to the round a game waits for, and
:func:`summary` says in players' words what the page holds ("3 sealed orders, 2
reveals; Bob's reveal missing").

A code is ``RK1.<data>.<signature>``: the data has no ``.``, and the signature is always
:data:`engine.savecode.SIGNATURE_CHARS` characters, so a code's end is known even when
prose follows it on the same line.  Inside a code, whitespace and the quote marks a
wrap puts at the start of a line are skipped (the base64url alphabet holds neither).
Only text that decodes and whose signature holds is a code: prose never is.  Text that
starts like a code but cannot be read is reported (:class:`Fragment`), with the seat
and kind its data names when its data can still be read (an altered code: "Bob's
reveal was altered or forged").
"""

from __future__ import annotations

import json
import re
import zlib
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import fault_words
from engine.errors import EngineError
from engine.fault_words import Fault
from engine.keys import b64url_decode
from engine.savecode import PREFIX, SIGNATURE_CHARS, decode_code
from engine.sealed import (
    DEADLINE,
    REVEAL,
    SEAL,
    SealBase,
    Sealed,
    SealedOrdersError,
    read_reveals,
    read_seals,
    read_signed,
    witness,
)
from engine.sealed_round import voters

SAVE = "save"
"""The kind :func:`code_kind` gives a game's save code (its payload names a ruleset)."""

ROUND_KINDS = frozenset({SEAL, REVEAL, DEADLINE})
"""The kinds of code a sealed round is played with."""

_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"), None) | {
    0xA0: " ",
    0x202F: " ",
}
"""Characters a rendered page puts inside long words (zero-width spaces, soft hyphens,
no-break spaces): dropped, or read as a space, before looking for codes."""

_QUOTE_PREFIX = re.compile(r"^[ \t>|]+", re.MULTILINE)
"""The quote marks a mail program or forum puts at the start of a line (``> > ``)."""

_START = re.compile(r"R\s*K\s*1\s*\.")
"""The prefix, perhaps broken by a wrap."""

_CODE_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
_SKIPPED = frozenset(" \t\r\n")

MIN_FRAGMENT = 24
"""A text that starts like a code with fewer data characters than this is prose that
happens to say the prefix, not a damaged code (a real code has hundreds)."""


@dataclass(frozen=True)
class Fragment:
    """Text that starts like a code but is not a readable, signed one."""

    text: str
    error: str
    """The decoder's error code (``savecode/signature``, ``savecode/truncated``...)."""
    reason: str
    seat: int | None = None
    """The seat its data names, when the data could be read without its signature."""
    kind: str | None = None
    """What its data says it is (``seal``, ``reveal``, ``save``...), when readable."""


@dataclass(frozen=True)
class PageScan:
    """What a pasted page holds: its readable codes (each once, in page order) and the
    texts that start like codes but cannot be read."""

    codes: tuple[str, ...]
    damaged: tuple[Fragment, ...] = ()


def candidates(text: str) -> list[str]:
    """Every text in ``text`` that starts with the code prefix, joined back across the
    wraps inside it (whitespace and quote marks at the start of a line skipped), cut at
    the end of its signature; not yet checked."""
    flat = _QUOTE_PREFIX.sub("", text.translate(_INVISIBLE))
    found: list[str] = []
    start = _START.search(flat)
    while start is not None:
        code, end = _read_candidate(flat, start.end())
        found.append(code)
        start = _START.search(flat, end)
    return found


def _read_candidate(flat: str, at: int) -> tuple[str, int]:
    """(the code from the prefix before ``at``, where it ends in ``flat``)."""
    data: list[str] = []
    i, n = at, len(flat)
    while i < n and (flat[i] in _CODE_CHARS or flat[i] in _SKIPPED):
        if flat[i] in _CODE_CHARS:
            data.append(flat[i])
        i += 1
    if i >= n or flat[i] != ".":
        return PREFIX + "".join(data), i
    i += 1
    signature: list[str] = []
    while i < n and len(signature) < SIGNATURE_CHARS:
        if flat[i] in _CODE_CHARS:
            signature.append(flat[i])
        elif flat[i] not in _SKIPPED:
            break
        i += 1
    return f"{PREFIX}{''.join(data)}.{''.join(signature)}", i


def scan(text: str) -> PageScan:
    """Every readable, signed code in a pasted page or thread, each once (its first
    place), and every damaged one (:class:`Fragment`)."""
    steps = scan_steps(text)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            found: PageScan = done.value
            return found


def scan_steps(text: str) -> Generator[None, None, PageScan]:
    """:func:`scan` in steps: a ``yield`` after each code is read (its signature checked),
    so a page reading a long thread can let the browser answer between them; returns the
    same :class:`PageScan`."""
    codes: dict[str, None] = {}
    damaged: list[Fragment] = []
    seen: set[str] = set()
    for candidate in candidates(text):
        if candidate in seen:
            continue
        seen.add(candidate)
        try:
            decode_code(candidate)
        except EngineError as exc:
            data = candidate[len(PREFIX) :].partition(".")[0]
            if len(data) >= MIN_FRAGMENT:
                seat, kind = peek(candidate)
                damaged.append(Fragment(candidate, exc.code, exc.message, seat, kind))
        else:
            codes[candidate] = None
        yield
    return PageScan(tuple(codes), tuple(damaged))


def peek(code: str) -> tuple[int | None, str | None]:
    """(seat, kind) a code's data names, read without checking its signature: only to
    say whose a damaged code was ("Bob's reveal was altered"), never to trust it.

    An altered character spoils the compressed data from where it stands on, so what
    decompresses before it is read: a sealed-round code's payload starts with its
    faction (``{"p":{"f":1,...``, keys sorted), then names its kind.
    """
    try:
        data = b64url_decode(code[len(PREFIX) :].partition(".")[0])
    except ValueError:
        return None, None
    text = _inflate_prefix(data)
    try:
        envelope = json.loads(text)
    except ValueError:
        envelope = None
    faction = _FACTION_AT_START.match(text)
    named = _KIND_FIELD.search(text)
    seat = int(faction.group(1)) if faction else None
    kind = named.group(1) if named else None
    if isinstance(envelope, dict):
        signer, payload = envelope.get("seat"), envelope.get("p")
        if isinstance(signer, int) and not isinstance(signer, bool):
            seat = signer
        kind = _kind(payload) if isinstance(payload, dict) else kind
    return seat, kind


_FACTION_AT_START = re.compile(r'\{"p":\{(?:"c":"[0-9a-fx]{0,64}",)?"f":(\d{1,3})[,}]')
_KIND_FIELD = re.compile(r'"k":"([a-z]{1,20})"')


def _inflate_prefix(data: bytes, limit: int = 1_000_000) -> str:
    """What raw DEFLATE ``data`` decompresses to up to its first fault (bounded)."""
    inflater = zlib.decompressobj(-15)
    out = bytearray()
    for i in range(0, len(data), 16):
        try:
            out += inflater.decompress(data[i : i + 16], limit - len(out))
        except zlib.error:
            break
        if len(out) >= limit or inflater.eof:
            break
    return out.decode("utf-8", errors="replace")


def _kind(payload: dict[str, Any]) -> str | None:
    if "rs" in payload:
        return SAVE
    kind = payload.get("k")
    return kind if isinstance(kind, str) else None


def code_kind(code: str) -> str | None:
    """What a readable code is: :data:`SAVE`, or the kind it names (``seal``,
    ``reveal``, ``deadline``, ``forfeit``...); None for an unreadable one."""
    try:
        return _kind(decode_code(code).payload)
    except EngineError:
        return None


def game_of(code: str) -> str | None:
    """The game id a readable code names (None if it names none)."""
    try:
        game = decode_code(code).payload.get("g")
    except EngineError:
        return None
    return game if isinstance(game, str) else None


@dataclass(frozen=True)
class Refused:
    """A code of this game's round that does not fit: whose (when it says), and why."""

    seat: int | None
    kind: str | None
    code: str
    error: str
    reason: str


@dataclass(frozen=True)
class RoundCodes:
    """A round's codes sorted out of a page: by faction, the sealed and reveal codes
    that fit (a reveal only with its seal, when the round has seals), the deadline
    codes, and what was set aside: codes of other games or rounds (``elsewhere``, only
    counted) and codes of this round that do not fit (``refused``, each named)."""

    seals: dict[int, str] = field(default_factory=dict)
    reveals: dict[int, str] = field(default_factory=dict)
    deadlines: tuple[str, ...] = ()
    elsewhere: tuple[str, ...] = ()
    refused: tuple[Refused, ...] = ()


_ELSEWHERE = {"sealed/other-game", "sealed/wrong-turn", "sealed/wrong-round"}
"""Refusals that only say a code belongs to another game, turn or round: a page of a
long thread holds many, and they are no fault."""


def sort_codes(base: SealBase, codes: Iterable[str], *, moderated: bool) -> RoundCodes:
    """The codes of the round ``base`` waits for, each checked as a resolution will
    check it: seals (one commitment per faction; a second different one is refused),
    then reveals (each against its faction's seal, and naming every seal of the round,
    unless the game is moderated), then deadline codes.  Nothing is raised: a code that
    does not fit is set aside with its reason, so a page with one bad code still shows
    the rest.
    """
    seals: dict[int, Sealed] = {}
    elsewhere: list[str] = []
    refused: list[Refused] = []
    pending: list[tuple[str, str]] = []
    deadlines: list[str] = []
    for code in dict.fromkeys(codes):
        kind = code_kind(code)
        if kind not in (SEAL, REVEAL, DEADLINE):
            continue
        try:
            faction, _, _ = read_signed(code, kind, base)
            if kind == SEAL:
                if moderated:
                    raise SealedOrdersError(
                        "sealed/unexpected", "a moderated game's orders are not sealed"
                    )
                found = read_seals(base, [code])[faction]
                held = seals.get(faction)
                if held is not None and held.commitment != found.commitment:
                    raise SealedOrdersError(
                        "sealed/second-commitment",
                        f"faction {faction + 1} sealed two different orders this round; the "
                        "first one on the page counts",
                    )
                seals.setdefault(faction, found)
            elif kind == REVEAL:
                pending.append((code, kind))
            else:
                deadlines.append(code)
        except EngineError as exc:
            if exc.code in _ELSEWHERE:
                elsewhere.append(code)
            else:
                seat, _ = peek(code)
                refused.append(Refused(seat, kind, code, exc.code, exc.message))
    reveals: dict[int, str] = {}
    pinned = witness(seals) if seals else ""
    for code, kind in pending:
        seat, _ = peek(code)
        try:
            opened = read_reveals(base, [code], None if moderated else seals)
            (faction, revealed) = next(iter(opened.items()))
            if not moderated and revealed.seen is None:
                raise SealedOrdersError(
                    "sealed/unbound",
                    f"faction {faction + 1}'s reveal does not name the sealed codes it saw "
                    "(it was made before every sealed code was pasted into its page)",
                )
            held_code = reveals.get(faction)
            # Two bindings of one reveal: keep the one naming this page's seals.
            if held_code not in (None, code) and revealed.seen != pinned:
                continue
            reveals[faction] = code
        except EngineError as exc:
            refused.append(Refused(seat, kind, code, exc.code, exc.message))
    return RoundCodes(
        {f: seals[f].code for f in sorted(seals)},
        {f: reveals[f] for f in sorted(reveals)},
        tuple(deadlines),
        tuple(elsewhere),
        tuple(refused),
    )


def waiting_for(base: SealBase, found: dict[int, str]) -> list[int]:
    """The factions of the round (those a player signs for) whose code is not in
    ``found``."""
    return [f for f in voters(base) if f not in found]


def plural(count: int, one: str, many: str = "") -> str:
    return f"{count} {one if count == 1 else (many or one + 's')}"


def summary(
    names: Sequence[str],
    base: SealBase | None,
    page: PageScan,
    round_codes: RoundCodes | None,
    *,
    moderated: bool,
    saves: int = 0,
    old_saves: int = 0,
) -> str:
    """What a pasted page held, in players' words: "Found 3 sealed orders, 2 reveals;
    Bob's reveal missing; 1 code of another game or an earlier turn set aside"."""

    def who(seat: int | None) -> str:
        return names[seat] if seat is not None and 0 <= seat < len(names) else "someone"

    parts: list[str] = []
    if round_codes is not None and not (
        round_codes.seals or round_codes.reveals or round_codes.refused or saves == 0
    ):
        round_codes = None  # a page of saves only: nothing to say about the round
    if round_codes is not None and base is not None:
        if not moderated:
            parts.append(plural(len(round_codes.seals), "sealed order", "sealed orders"))
        parts.append(plural(len(round_codes.reveals), "orders code" if moderated else "reveal"))
    if saves:
        parts.append(plural(saves, "new save"))
    found = "Found " + ", ".join(parts) if parts else "Found no code of this round"
    notes: list[str] = []
    if round_codes is not None and base is not None:
        missing_seals = [] if moderated else waiting_for(base, round_codes.seals)
        missing = waiting_for(base, round_codes.reveals)
        if missing_seals:
            notes.append("sealed orders missing from " + ", ".join(who(f) for f in missing_seals))
        elif missing:
            word = "orders code" if moderated else "reveal"
            owners = [f"{who(f)}'s" for f in missing]
            listed = (
                owners[0] if len(owners) == 1 else ", ".join(owners[:-1]) + " and " + owners[-1]
            )
            notes.append(f"{listed} {word if len(owners) == 1 else word + 's'} missing")
        for bad in round_codes.refused:
            notes.append(f"{who(bad.seat)}'s {_kind_word(bad.kind)} refused: {bad.reason}")
        if round_codes.elsewhere:
            notes.append(
                plural(len(round_codes.elsewhere), "code")
                + " of another game or an earlier turn set aside"
            )
    if old_saves:
        notes.append(plural(old_saves, "save") + " this game has already loaded")
    return "; ".join([found, *notes])


def damage_notes(names: Sequence[str], page: PageScan) -> list[str]:
    """Each damaged code of a pasted page in the words every ruleset uses for that fault
    (engine/fault_words): whose and what it was when its data says so, what happened to
    it, and what to do.  Whole sentences, shown after :func:`summary`."""
    notes = []
    for fragment in page.damaged:
        seat = fragment.seat if fragment.kind else None
        whose = names[seat] if seat is not None and 0 <= seat < len(names) else ""
        fault = Fault.CUT_OFF if fragment.error == "savecode/truncated" else Fault.ALTERED
        notes.append(fault_words.words(fault, whose=whose, what=_kind_word(fragment.kind)))
    return notes


def _kind_word(kind: str | None) -> str:
    return {
        SEAL: "sealed orders",
        REVEAL: "reveal",
        DEADLINE: "deadline code",
        SAVE: "save code",
    }.get(kind or "", "code")


__all__ = [
    "MIN_FRAGMENT",
    "ROUND_KINDS",
    "SAVE",
    "Fragment",
    "PageScan",
    "Refused",
    "RoundCodes",
    "candidates",
    "code_kind",
    "damage_notes",
    "game_of",
    "peek",
    "plural",
    "scan",
    "scan_steps",
    "sort_codes",
    "summary",
    "waiting_for",
]
