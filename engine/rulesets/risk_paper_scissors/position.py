"""The Risk, Paper, Scissors position text (docs/rules-risk-paper-scissors.md, "Position
text"): players with energy and cards, each garrison in the game's own army notation
(``3E2J+land``) with its station and armed card, the year, the phase and the turn's
counters; everything left out takes its default.

Read through the JSON form of the state and the ruleset's own state checks, so a text
makes exactly the states a save code can make.  This year's log is the game's record,
not its position: a text does not carry it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, Final

from engine import position as pos
from engine.errors import EngineError
from engine.rulesets.risk_paper_scissors.battle import Side, parse_side
from engine.rulesets.risk_paper_scissors.board import load_board
from engine.rulesets.risk_paper_scissors.cards import CARDS
from engine.rulesets.risk_paper_scissors.options import COMMANDER_TYPES, RpsOptions
from engine.rulesets.risk_paper_scissors.orders import Phase
from engine.rulesets.risk_paper_scissors.setup import COLOURS
from engine.rulesets.risk_paper_scissors.state import RpsState, TurnState

RULESET: Final = "risk_paper_scissors"

FIELDS: Final = (
    pos.Field("phase", "phase", tuple(p.value for p in Phase)),
    pos.Field("year", "turn", "count"),
    pos.Field("order", "order", "seats"),
    pos.Field("slot", "slot", "count"),
    pos.Field("last_slots", "last_slots", "counts"),
    pos.Field("next_seat", "next_seat", "seat"),
    pos.Field("devastated", "devastated", "words"),
)
TURN_FIELDS: Final = (
    pos.Field("bank", "bank", "count"),
    pos.Field("cards_bought", "cards_bought", "count"),
    pos.Field("cease_fire", "cease_fire", "seats"),
    pos.Field("attacks_over", "attacks_over", "flag"),
    pos.Field("invade_targets", "invade_targets", "words"),
)
SEAT_FIELDS: Final = (
    pos.Field("energy", "energy", "count"),
    pos.Field("hand", "hand", "words"),
    pos.Field("alive", "alive", "flag"),
)
SEAT_DEFAULTS: Final = {"energy": 0, "hand": [], "alive": True}
STATION: Final = "station"
ONCE: Final = frozenset({f.word for f in (*FIELDS, *TURN_FIELDS)} | {"rng", "pending", "result"})
MANY: Final = frozenset({"option", "seat", "bid"})


def _defaults(seats: int) -> dict[str, Any]:
    found = pos.defaults_of(RpsState)
    found["last_slots"] = [0] * seats
    found.update(pos.defaults_of(TurnState))
    return found


def army(side: Side) -> str:
    """A garrison or force in the game's notation: ``3E2J1W+land,diplomat``."""
    counts = "".join(f"{n}{kind}" for n, kind in ((side.e, "E"), (side.j, "J"), (side.w, "W")) if n)
    named = [c for c in COMMANDER_TYPES if c in side.commanders]
    return counts + ("+" + ",".join(named) if named else "")


def write(state: RpsState) -> str:
    """The position text of ``state`` (canonical: read back and written again, the
    same text)."""
    data = state.to_json()
    defaults = _defaults(len(state.players))
    lines = [f"ruleset {RULESET}"]
    lines += pos.write_options(data["options"], RpsOptions().to_json())
    seed, counter = data["rng"][:2]  # a rule case's script is no part of a position
    lines.append(pos.rng_line(seed, counter))
    for index, player in enumerate(data["players"]):
        named = pos.write_named(player, SEAT_FIELDS, SEAT_DEFAULTS)
        lines.append(" ".join(pos.seat_head(index, player) + named))
    lines += pos.write_fields(data, FIELDS, defaults)
    lines += pos.write_fields(data["turn_state"], TURN_FIELDS, defaults)
    for index, bid in enumerate(data["bids"]):
        if bid is not None:
            slots = f" slots={pos.shown(bid['slots'], 'counts')}" if bid["slots"] else ""
            lines.append(f"bid {index} {bid['amount']}{slots}")
    if state.pending is not None:
        p = state.pending
        lines.append(f"pending {p.origin} {p.target} {army(p.force)} {p.count}")
    if data["result"] is not None:
        lines.append(f"result {pos.compact_json(data['result'])}")
    for territory, owner in state.owner.items():
        words = [territory, str(owner), army(state.side_at(territory))]
        if territory in state.stations:
            words.append(STATION)
        if territory in state.armed:
            words.append(f"armed={state.armed[territory]}")
        lines.append(" ".join(words))
    return pos.join(lines)


def read(
    text: str, build: Callable[[Mapping[str, Any]], RpsState], aliases: Collection[str] = ()
) -> RpsState:
    """The state ``text`` describes (:func:`engine.position.read_sheet`), checked whole
    by ``build``, the ruleset's state reader."""
    sheet, board, players = pos.read_sheet(
        text,
        RULESET,
        (ONCE, MANY),
        aliases,
        lambda _: load_board(),
        lambda board: board.order,
        lambda sheet, _: _seats(sheet),
    )
    count = len(players)
    defaults = _defaults(count)
    default_options = RpsOptions().to_json()
    last_slots = sheet.one("last_slots")
    if last_slots is not None and len(last_slots.words) != count:
        raise last_slots.fail("last_slots", f"must give one slot per seat ({count})")
    data: dict[str, Any] = {
        "ruleset": RULESET,
        "options": pos.read_options(sheet, default_options, default_options.keys()),
        "map": board.id,
        "players": players,
        "rng": pos.read_rng(sheet),
        **pos.read_fields(sheet, FIELDS, defaults, count),
        "turn_state": pos.read_fields(sheet, TURN_FIELDS, defaults, count),
        "log": [],
    }
    for name in ("devastated", "invade_targets"):
        line = sheet.one(name)
        listed = data[name] if name == "devastated" else data["turn_state"][name]
        for t in listed:
            if line is not None and t not in board.order:
                raise line.fail(name, f"{t!r} is not a territory of the map")
    garrisons: dict[str, list[Any]] = {}
    stations: list[str] = []
    armed: dict[str, str] = {}
    for line in sheet.places:
        where = f"territory {line.keyword!r}"
        words = line.positional(where, 2, 3)
        owner = pos.read_value(line, f"{where}: owner", words[0], "seat", count)
        side = _army(line, f"{where}: army", words[1])
        if not side.e + side.j + side.w + len(side.commanders):
            raise line.fail(f"{where}: army", "a held territory holds at least one unit")
        if len(words) > 2:
            pos.choice(line, where, words[2], (STATION,))
            stations.append(line.keyword)
        card = line.named(where, ("armed",)).get("armed")
        if card is not None:
            armed[line.keyword] = pos.choice(line, f"{where}: armed", card, sorted(CARDS))
        garrisons[line.keyword] = [
            owner,
            side.e,
            side.j,
            side.w,
            [c for c in COMMANDER_TYPES if c in side.commanders],
        ]
    data["garrisons"] = {t: garrisons[t] for t in board.order if t in garrisons}
    data["stations"] = [t for t in board.order if t in stations]
    data["armed"] = {t: armed[t] for t in board.order if t in armed}
    data["bids"] = _bids(sheet, count)
    data["pending"] = _pending(sheet, board.order)
    result = sheet.one("result")
    data["result"] = None
    if result is not None:
        (word,) = result.positional("result", 1, 1)
        if not isinstance(word.value, dict):
            raise result.fail("result", "must be the result as a JSON object")
        data["result"] = word.value
    return pos.checked(lambda: build(data))  # type: ignore[no-any-return]


def _army(line: pos.Line, field: str, word: pos.Word) -> Side:
    value = pos.text(line, field, word)
    try:
        return parse_side(value)
    except EngineError as exc:
        raise line.fail(field, exc.message) from None


def _seats(sheet: pos.Sheet) -> list[dict[str, Any]]:
    lines = sheet.all("seat")
    if not 3 <= len(lines) <= 5:
        raise pos.missing(
            f"a Risk, Paper, Scissors position needs 3 to 5 'seat' lines, not {len(lines)}",
        )
    players = []
    for index, line in enumerate(lines):
        where = f"seat {index}"
        head = pos.read_seat_head(line, index)
        name, control, colour = head.name, head.control, head.colour or COLOURS[index]
        values = pos.read_named(line, where, SEAT_FIELDS, SEAT_DEFAULTS, 0)
        for card in values["hand"]:
            if card not in CARDS:
                raise line.fail(f"{where} hand", f"there is no card {card!r}")
        players.append({"name": name, "control": control, "color": colour, **values})
    return players


def _bids(sheet: pos.Sheet, count: int) -> list[dict[str, Any] | None]:
    bids: list[dict[str, Any] | None] = [None] * count
    for line in sheet.all("bid"):
        seat_word, amount = line.positional("bid", 2, 2)
        seat = pos.read_value(line, "bid seat", seat_word, "seat", count)
        if bids[seat] is not None:
            raise line.fail("bid", f"seat {seat}'s bid is already written")
        slots = line.named(f"bid {seat}", ("slots",)).get("slots")
        bids[seat] = {
            "amount": pos.whole(line, f"bid {seat} amount", amount),
            "slots": [] if slots is None else pos.wholes(line, f"bid {seat} slots", slots),
        }
    return bids


def _pending(sheet: pos.Sheet, order: tuple[str, ...] | list[str]) -> dict[str, Any] | None:
    line = sheet.one("pending")
    if line is None:
        return None
    origin, target, force, count = line.positional("pending", 4, 4)
    for field, word in (("origin", origin), ("target", target)):
        if pos.text(line, f"pending {field}", word) not in order:
            raise line.fail(f"pending {field}", f"{word.shown()} is not a territory of the map")
    side = _army(line, "pending army", force)
    return {
        "origin": origin.value,
        "target": target.value,
        "force": [side.e, side.j, side.w, sorted(side.commanders)],
        "count": pos.whole(line, "pending count", count),
    }
