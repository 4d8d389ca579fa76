"""What happened in a resolved phase or turn, for one reader: the headline facts of every
ruleset (wars declared, territories taken and lost, capitals taken, ships sunk or pushed
out, pp lost, leaders gained, players out, the winner) and the plain sentences a player
reads at the top of a report ("You took Ontario and Quebec, lost North Africa to Chloe.").

Each ruleset builds its :class:`Happened` in its own folder (``summary.py``) from what
its resolution already records; this module only holds the shared types and words them,
so every ruleset's summary reads the same.  Pure: no browser, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum


class Kind(StrEnum):
    WAR = "war"
    """``actor`` declared war on ``target``."""
    PEACE = "peace"
    """``actor`` and ``target``, at war, made peace."""
    ALLIANCE = "alliance"
    """``actor`` and ``target`` became allies."""
    ALLIANCE_ENDED = "alliance-ended"
    """``actor`` ended its alliance with ``target`` (the two are at peace)."""
    TOOK = "took"
    """``actor`` took ``places`` from ``target`` (None: from no player, a neutral)."""
    CAPITAL = "capital"
    """``actor`` took ``target``'s capital, ``places[0]``."""
    SUNK = "sunk"
    """``target`` lost ``amount`` ships."""
    DIVISIONS_LOST = "divisions-lost"
    """``target`` lost ``amount`` divisions (in battle, drowned, disbanded)."""
    DISPLACED = "displaced"
    """``target``'s ``amount`` ships were pushed out of ``places[0]`` (into ``places[1]``)."""
    PP_LOST = "pp-lost"
    """``target`` lost ``amount`` pp it did not spend."""
    LEADER = "leader"
    """``target`` gained the leader ``places[0]`` (a leader's name)."""
    OUT = "out"
    """``target`` is out of the game."""
    CARDS = "cards"
    """``target`` holds ``amount`` more cards (fewer when negative)."""


@dataclass(frozen=True)
class Fact:
    """One thing that happened.  Seats are numbers into :attr:`Happened.names`."""

    kind: Kind
    target: int | None
    actor: int | None = None
    places: tuple[str, ...] = ()
    """Places (or a leader's name) as the player reads them, never ids."""
    amount: float = 0

    def concerns(self, seat: int) -> bool:
        return seat in (self.actor, self.target)


@dataclass(frozen=True)
class Section:
    """A part of a report in plain words: a heading and its sentences."""

    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Happened:
    """A resolved phase or turn, for any reader: ``title`` names it ("Turn 3")."""

    title: str
    names: tuple[str, ...]
    """Each seat's name as players know it (a player's, or a nation's)."""
    facts: tuple[Fact, ...]
    winners: tuple[int, ...] = ()

    def to_you(self, reader: int | None) -> list[str]:
        """What happened to ``reader``, in the second person (empty for no reader)."""
        if reader is None:
            return []
        return _sentences(self, [f for f in self.facts if f.concerns(reader)], reader)

    def elsewhere(self, reader: int | None) -> list[str]:
        """What happened between the others (everything, for no reader)."""
        facts = [
            f
            for f in self.facts
            if reader is None or not (f.concerns(reader) or f.kind is Kind.PP_LOST)
        ]  # another player's unspent money is their business: only a spectator hears it
        return _sentences(self, facts, None)

    def headline(self, reader: int | None) -> str:
        """The winner, at the top ("You win the game!", "Ann wins the game!"); empty
        while the game goes on."""
        if not self.winners:
            return ""
        if len(self.winners) == 1:
            (seat,) = self.winners
            return "You win the game!" if seat == reader else f"{self.names[seat]} wins the game!"
        text = _listed([("you" if s == reader else self.names[s]) for s in self.winners])
        return f"{text[0].upper()}{text[1:]} share the win!"

    @property
    def empty(self) -> bool:
        return not self.facts and not self.winners


def _listed(items: Sequence[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _number(amount: float) -> str:
    return f"{amount:g}"


def _plural(n: float, word: str) -> str:
    return f"{_number(n)} {word}{'' if n == 1 else 's'}"


def _sentences(happened: Happened, facts: list[Fact], reader: int | None) -> list[str]:
    """Plain sentences, one per actor or subject, in a fixed order: wars and treaties, conquests,
    capitals, ships, money, leaders, players out."""
    names = happened.names

    def who(seat: int | None, start: bool = True) -> str:
        if seat is None:
            return "a neutral" if not start else "A neutral"
        if seat == reader:
            return "You" if start else "you"
        return names[seat]

    def whose(seat: int | None) -> str:
        return "your" if seat == reader else f"{names[seat]}'s" if seat is not None else "a"

    def pair(f: Fact) -> str:
        """The two sides of a treaty, the reader first ("You and Germany")."""
        first, second = (f.target, f.actor) if f.target == reader else (f.actor, f.target)
        return f"{who(first)} and {who(second, False)}"

    out: list[str] = []
    for f in facts:
        if f.kind is Kind.WAR:
            out.append(f"{who(f.actor)} declared war on {who(f.target, False)}.")
        elif f.kind is Kind.PEACE:
            out.append(f"{pair(f)} made peace.")
        elif f.kind is Kind.ALLIANCE:
            out.append(f"{pair(f)} are now allies.")
        elif f.kind is Kind.ALLIANCE_ENDED:
            its = "your" if f.actor == reader else "its"
            out.append(f"{who(f.actor)} ended {its} alliance with {who(f.target, False)}.")
    took = [f for f in facts if f.kind is Kind.TOOK]
    if reader is not None:
        gained = [p for f in took if f.actor == reader for p in f.places]
        lost: dict[int | None, list[str]] = {}
        for f in took:
            if f.target == reader:
                lost.setdefault(f.actor, []).extend(f.places)
        parts = [f"took {_listed(gained)}"] if gained else []
        parts += [f"lost {_listed(ps)} to {who(by, False)}" for by, ps in lost.items()]
        if parts:
            out.append("You " + ", ".join(parts) + ".")
    else:
        by_actor: dict[int | None, list[Fact]] = {}
        for f in took:
            by_actor.setdefault(f.actor, []).append(f)
        for actor, mine in by_actor.items():
            from_whom: dict[int | None, list[str]] = {}
            for f in mine:
                from_whom.setdefault(f.target, []).extend(f.places)
            parts = [
                f"{_listed(ps)} from {who(t, False)}" if t is not None else _listed(ps)
                for t, ps in from_whom.items()
            ]
            out.append(f"{who(actor)} took {'; '.join(parts)}.")
    for f in facts:
        if f.kind is Kind.CAPITAL:
            place = f.places[0] if f.places else ""
            if f.actor == reader:  # the reader's own conquest is listed above: say what it was
                out.append(f"{place} was {whose(f.target)} capital.")
            else:
                out.append(f"{who(f.actor)} took {whose(f.target)} capital, {place}.")
    for f in facts:
        if f.kind is Kind.DIVISIONS_LOST:
            out.append(f"{who(f.target)} lost {_plural(f.amount, 'division')}.")
        elif f.kind is Kind.SUNK:
            out.append(f"{who(f.target)} lost {_plural(f.amount, 'ship')}.")
        elif f.kind is Kind.DISPLACED:
            into = f" into {f.places[1]}" if len(f.places) > 1 else ""
            subject = "Your" if f.target == reader else f"{names[f.target or 0]}'s"
            verb = "was" if f.amount == 1 else "were"
            out.append(
                f"{subject} {_plural(f.amount, 'ship')} {verb} pushed out of {f.places[0]}{into}."
            )
    for f in facts:
        if f.kind is Kind.PP_LOST:
            out.append(f"{who(f.target)} lost {_number(f.amount)} pp of unspent allowance.")
        elif f.kind is Kind.LEADER:
            verb = "gain" if f.target == reader else "gains"
            out.append(f"{who(f.target)} {verb} a leader: {_listed(f.places)}.")
    for f in facts:
        if f.kind is Kind.CARDS and f.amount:
            verb = "gained" if f.amount > 0 else "gave up"
            out.append(f"{who(f.target)} {verb} {_plural(abs(f.amount), 'card')}.")
    for f in facts:
        if f.kind is Kind.OUT:
            verb = "are" if f.target == reader else "is"
            out.append(f"{who(f.target)} {verb} out of the game.")
    return out
