"""The Capital Risk position text (docs/rules-capital.md, "Position text"): factions,
who holds each territory with how many armies, the phase and turn, the card deck and
any sealed orders waiting for the resolution; everything left out takes its default.

Read through the JSON form of the state and the ruleset's own state checks, so a text
makes exactly the states a save code can make.  The last resolution's report is the
game's record, not its position: a text does not carry it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, Final

from engine import position as pos
from engine.errors import EngineError
from engine.maps import GameMap, load_map
from engine.rulesets.capital.options import FACTION_COLOURS, CapitalOptions
from engine.rulesets.capital.orders import SubmitOrders, SubmitSetup, parse_order
from engine.rulesets.capital.state import CapitalState, Phase

RULESET: Final = "capital"
DEFAULT_MAP: Final = "classic"

FIELDS: Final = (
    pos.Field("phase", "phase", tuple(p.value for p in Phase)),
    pos.Field("turn", "turn", "count"),
    pos.Field("capitals_revealed", "capitals_revealed", "flag"),
    pos.Field("start_factions", "start_factions", "count"),
    pos.Field("winner", "winner", "seat?"),
)
SEAT_FIELDS: Final = (
    pos.Field("army", "army", "word"),
    pos.Field("members", "members", "words"),
    pos.Field("cards", "cards", "counts"),
    pos.Field("capital", "capital", "word?"),
    pos.Field("alive", "alive", "flag"),
    pos.Field("strikes", "strikes", "count"),
)
SEALED: Final = ("setup", "orders")
ONCE: Final = frozenset({f.word for f in FIELDS} | {"map", "rng", "deck"})
MANY: Final = frozenset({"option", "seat", *SEALED})


def _seat_defaults(index: int, name: str) -> dict[str, Any]:
    return {
        "army": FACTION_COLOURS[index % len(FACTION_COLOURS)][0],
        "members": [name],
        "cards": [],
        "capital": None,
        "alive": True,
        "strikes": 0,
    }


def _state_defaults(seats: int) -> dict[str, Any]:
    found = pos.defaults_of(CapitalState)
    found["start_factions"] = seats
    return found


def write(state: CapitalState) -> str:
    """The position text of ``state`` (canonical: read back and written again, the
    same text)."""
    data = state.to_json()
    the_map = load_map(state.map_id)
    lines = [f"ruleset {RULESET}"]
    if state.map_id != DEFAULT_MAP:
        lines.append(f"map {pos.bare(state.map_id)}")
    lines += pos.write_options(data["options"], CapitalOptions().to_json())
    seed, counter = data["rng"][:2]  # a rule case's script is no part of a position
    lines.append(pos.rng_line(seed, counter))
    for index, player in enumerate(data["players"]):
        seat = {"strikes": 0, **player}
        named = pos.write_named(seat, SEAT_FIELDS, _seat_defaults(index, player["name"]))
        lines.append(" ".join(pos.seat_head(index, player) + named))
    lines += pos.write_fields(data, FIELDS, _state_defaults(len(state.players)))
    lines += pos.write_deck(data["draw_pile"], the_map, [p["cards"] for p in data["players"]])
    for name in SEALED:
        for index, slot in enumerate(data[name]):
            if slot is not None:
                lines.append(f"{name} {index} {pos.compact_json(slot)}")
    for territory in the_map.territory_ids:
        lines.append(f"{territory} {state.owner[territory]} {state.armies[territory]}")
    return pos.join(lines)


def read(
    text: str, build: Callable[[Mapping[str, Any]], CapitalState], aliases: Collection[str] = ()
) -> CapitalState:
    """The state ``text`` describes (:func:`engine.position.read_sheet`), checked whole
    by ``build``, the ruleset's state reader."""
    sheet, the_map, players = pos.read_sheet(
        text, RULESET, (ONCE, MANY), aliases, pos.map_of(DEFAULT_MAP), pos.territories, _seats
    )
    ids = the_map.territory_ids
    count = len(players)
    default_options = CapitalOptions().to_json()
    data: dict[str, Any] = {
        "ruleset": RULESET,
        "options": pos.read_options(sheet, default_options, CapitalOptions.__dataclass_fields__),
        "map": the_map.id,
        "players": players,
        "rng": pos.read_rng(sheet),
        **pos.read_fields(sheet, FIELDS, _state_defaults(count), count),
        "last_report": None,
    }
    owner: dict[str, int] = {}
    armies: dict[str, int] = {}
    for line in sheet.places:
        where = f"territory {line.keyword!r}"
        words = line.positional(where, 1, 2)
        owner[line.keyword] = pos.read_value(line, f"{where}: owner", words[0], "seat", count)
        armies[line.keyword] = (
            pos.whole(line, f"{where}: armies", words[1]) if len(words) > 1 else 1
        )
    missing = [t for t in ids if t not in owner]
    if missing:
        raise pos.missing(
            f"territory {missing[0]!r} is not written: every Capital Risk territory has "
            f"an owner ({len(missing)} missing)",
        )
    data["owner"] = {t: owner[t] for t in ids}
    data["armies"] = {t: armies[t] for t in ids}
    data["draw_pile"] = pos.read_deck(sheet, the_map, [p["cards"] for p in players])
    for name in SEALED:
        slots: list[dict[str, Any] | None] = [None] * count
        for line in sheet.all(name):
            seat_word, order = line.positional(name, 2, 2)
            seat = pos.read_value(line, f"{name} seat", seat_word, "seat", count)
            if slots[seat] is not None:
                raise line.fail(name, f"faction {seat}'s sealed {name} are already written")
            slots[seat] = _sealed(line, name, seat, order)
        data[name] = slots
    return pos.checked(lambda: build(data))  # type: ignore[no-any-return]


def _seats(sheet: pos.Sheet, the_map: GameMap) -> list[dict[str, Any]]:
    lines = sheet.all("seat")
    if len(lines) < 2:
        raise pos.missing("a Capital Risk position needs at least 2 'seat' lines")
    players = []
    for index, line in enumerate(lines):
        where = f"seat {index}"
        head = pos.read_seat_head(line, index)
        name, control = head.name, head.control
        colour = head.colour or FACTION_COLOURS[index % len(FACTION_COLOURS)][1]
        values = pos.read_named(line, where, SEAT_FIELDS, _seat_defaults(index, name), 0)
        capital = values["capital"]
        if capital is not None and capital not in the_map.territory_ids:
            raise line.fail(f"{where} capital", f"{capital!r} is not a territory of the map")
        deck = len(the_map.deck)
        for card in values["cards"]:
            if card >= deck:
                raise line.fail(f"{where} cards", f"there is no card {card} (0 to {deck - 1})")
        players.append({"name": name, "control": control, "color": colour, **values})
    return players


def _sealed(line: pos.Line, name: str, seat: int, word: pos.Word) -> dict[str, Any]:
    """A faction's sealed setup or orders: the JSON of its submission."""
    where = f"{name} {seat}"
    if not isinstance(word.value, dict):
        raise line.fail(where, "must be the sealed order as a JSON object")
    try:
        order = parse_order(word.value)
    except EngineError as exc:
        raise line.fail(where, exc.message) from None
    kind = SubmitSetup if name == "setup" else SubmitOrders
    if not isinstance(order, kind) or order.faction != seat:
        raise line.fail(where, f"must be faction {seat}'s {kind.KIND}")
    return dict(word.value)
