"""The Classic position text (docs/rules-classic.md, "Position text"): seats, who holds
each territory with how many armies, the turn's counters and the card deck, one short
line each; everything left out takes its default.

Read through the JSON form of the state and the ruleset's own state checks, so a text
makes exactly the states a save code can make.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, Final

from engine import position as pos
from engine.errors import EngineError, PositionError
from engine.maps import GameMap, load_map
from engine.rulesets.classic.options import ClassicOptions
from engine.rulesets.classic.setup import DEFAULT_COLOURS, NEUTRAL_COLOUR
from engine.rulesets.classic.state import (
    NEUTRAL_CONTROL,
    STAT_KEYS,
    UNOWNED,
    ClassicState,
    Phase,
)

RULESET: Final = "classic"
DEFAULT_MAP: Final = "classic"

FIELDS: Final = (
    pos.Field("phase", "phase", tuple(p.value for p in Phase)),
    pos.Field("turn", "turn", "count"),
    pos.Field("current", "current", "seat"),
    pos.Field("first", "first_player", "seat"),
    pos.Field("reinforcements", "reinforcements", "count"),
    pos.Field("sets_traded", "sets_traded", "count"),
    pos.Field("bonus_paid", "bonus_paid", "count"),
    pos.Field("conquered", "conquered", "flag"),
    pos.Field("return_to_attack", "return_to_attack", "flag"),
    pos.Field("setup_round", "setup_round", "counts"),
    pos.Field("free_moves", "free_moves", "count"),
    pos.Field("winner", "winner", "seat?"),
    pos.Field("turn_orders", "turn_orders", "count"),
)
SEAT_FIELDS: Final = (
    pos.Field("cards", "cards", "counts"),
    pos.Field("mission", "mission", "count?"),
    pos.Field("hq", "headquarters", "word?"),
    pos.Field("alive", "alive", "flag"),
    pos.Field("setup", "setup_armies", "count"),
    pos.Field("stats", "stats", "counts"),
)
SEAT_DEFAULTS: Final = {
    "cards": [],
    "mission": None,
    "headquarters": None,
    "alive": True,
    "setup_armies": 0,
    "stats": [0] * len(STAT_KEYS),
}
ONCE: Final = frozenset(
    {f.word for f in FIELDS} | {"map", "rng", "deck", "battle", "pending", "moved"}
)
MANY: Final = frozenset({"option", "seat"})


def _state_defaults() -> dict[str, Any]:
    found = pos.defaults_of(ClassicState)
    found.pop("ruleset", None)
    return found


def write(state: ClassicState) -> str:
    """The position text of ``state`` (canonical: :func:`read` then :func:`write` gives
    it back unchanged)."""
    data = state.to_json()
    the_map = load_map(state.map_id)
    defaults = _state_defaults()
    lines = [f"ruleset {RULESET}"]
    if state.map_id != DEFAULT_MAP:
        lines.append(f"map {pos.bare(state.map_id)}")
    lines += pos.write_options(data["options"], _default_options(data["players"]))
    seed, counter = data["rng"][:2]  # a rule case's script is no part of a position
    lines.append(pos.rng_line(seed, counter))
    for index, player in enumerate(data["players"]):
        seat = dict(player, stats=[player["stats"][k] for k in STAT_KEYS])
        named = pos.write_named(seat, SEAT_FIELDS, SEAT_DEFAULTS)
        lines.append(" ".join(pos.seat_head(index, player) + named))
    lines += pos.write_fields(data, FIELDS, defaults)
    lines += pos.write_deck(data["draw_pile"], the_map, [p["cards"] for p in data["players"]])
    if data["battle"] is not None:
        lines.append(f"battle {data['battle']['origin']} {data['battle']['target']}")
    pending = data["pending"]
    if pending is not None and "attack" in pending:
        lines.append(
            "pending roll "
            f"attack={pos.shown(pending['attack'], 'counts')} "
            f"defend={pos.shown(pending['defend'], 'counts')} "
            f"dice={pending['dice']} mode={pos.bare(pending['mode'])}"
        )
    elif pending is not None:
        lines.append(
            f"pending move-in origin={pending['origin']} target={pending['target']} "
            f"min={pending['min']} max={pending['max']}"
        )
    if data["moved"]:
        lines.append(" ".join(["moved", *(f"{t}={n}" for t, n in data["moved"].items())]))
    for territory in the_map.territory_ids:
        owner, armies = state.owner[territory], state.armies[territory]
        if owner == UNOWNED and armies == 0:
            continue
        lines.append(f"{territory} {pos.NONE if owner == UNOWNED else owner} {armies}")
    return pos.join(lines)


def read(
    text: str, build: Callable[[Mapping[str, Any]], ClassicState], aliases: Collection[str] = ()
) -> ClassicState:
    """The state ``text`` describes (:func:`engine.position.read_sheet`), checked whole
    by ``build``, the ruleset's state reader."""
    sheet, the_map, players = pos.read_sheet(
        text, RULESET, (ONCE, MANY), aliases, pos.map_of(DEFAULT_MAP), pos.territories, _seats
    )
    ids = the_map.territory_ids
    count = len(players)
    defaults = _state_defaults()
    data: dict[str, Any] = {
        "ruleset": RULESET,
        "options": _options(sheet, players),
        "map": the_map.id,
        "players": players,
        "rng": pos.read_rng(sheet),
        **pos.read_fields(sheet, FIELDS, defaults, count),
    }
    owner = dict.fromkeys(ids, UNOWNED)
    armies = dict.fromkeys(ids, 0)
    for line in sheet.places:
        words = line.positional(f"territory {line.keyword!r}", 1, 2)
        where = f"territory {line.keyword!r}"
        if words[0].value == pos.NONE and words[0].bare:
            holder = UNOWNED
        else:
            holder = pos.read_value(line, f"{where}: owner", words[0], "seat", count)
        owner[line.keyword] = holder
        armies[line.keyword] = (
            pos.whole(line, f"{where}: armies", words[1])
            if len(words) > 1
            else (0 if holder == UNOWNED else 1)
        )
    data["owner"] = owner
    data["armies"] = armies
    data["draw_pile"] = pos.read_deck(sheet, the_map, [p["cards"] for p in players])
    data["battle"] = _battle(sheet, ids)
    data["pending"] = _pending(sheet, ids)
    data["moved"] = _moved(sheet, ids)
    return pos.checked(lambda: build(data))  # type: ignore[no-any-return]


def _seated(players: list[dict[str, Any]]) -> int:
    return sum(1 for p in players if p["control"] != NEUTRAL_CONTROL)


def _default_options(players: list[dict[str, Any]]) -> dict[str, Any]:
    """The options a new game of these seats gets when none is given."""
    try:
        return ClassicOptions.from_mapping({}, _seated(players)).to_json()
    except EngineError:
        return ClassicOptions().to_json()


def _options(sheet: pos.Sheet, players: list[dict[str, Any]]) -> dict[str, Any]:
    """The written options, resolved for the seats as a new game resolves them."""
    known = ClassicOptions().to_json()
    written = pos.read_options(sheet, known, known.keys(), only_written=True)
    try:
        return ClassicOptions.from_mapping(written, _seated(players)).to_json()
    except EngineError as exc:
        lines = sheet.all("option")
        if lines:
            raise lines[-1].fail("options", exc.message) from None
        raise PositionError("position/field", f"options: {exc.message}") from None


def _seats(sheet: pos.Sheet, the_map: GameMap) -> list[dict[str, Any]]:
    lines = sheet.all("seat")
    if len(lines) < 2:
        raise pos.missing("a Classic position needs at least 2 'seat' lines")
    players = []
    for index, line in enumerate(lines):
        where = f"seat {index}"
        head = pos.read_seat_head(line, index)
        name, control, colour = head.name, head.control, head.colour
        if colour is None:
            neutral = control == NEUTRAL_CONTROL
            colour = NEUTRAL_COLOUR if neutral else DEFAULT_COLOURS[index % len(DEFAULT_COLOURS)]
        values = pos.read_named(line, where, SEAT_FIELDS, SEAT_DEFAULTS, 0)
        hq = values["headquarters"]
        if hq is not None and hq not in the_map.territory_ids:
            raise line.fail(f"{where} hq", f"{hq!r} is not a territory of the map")
        if len(values["stats"]) != len(STAT_KEYS):
            raise line.fail(
                f"{where} stats", f"must give {len(STAT_KEYS)} counts: {', '.join(STAT_KEYS)}"
            )
        deck = len(the_map.deck)
        for card in values["cards"]:
            if card >= deck:
                raise line.fail(f"{where} cards", f"there is no card {card} (0 to {deck - 1})")
        players.append(
            {
                "name": name,
                "control": control,
                "color": colour,
                **values,
                "stats": dict(zip(STAT_KEYS, values["stats"], strict=True)),
            }
        )
    return players


def _territory(line: pos.Line, field: str, word: pos.Word, ids: tuple[str, ...]) -> str:
    name = pos.text(line, field, word)
    if name not in ids:
        raise line.fail(field, f"{name!r} is not a territory of the map")
    return name


def _battle(sheet: pos.Sheet, ids: tuple[str, ...]) -> dict[str, Any] | None:
    line = sheet.one("battle")
    if line is None:
        return None
    origin, target = line.positional("battle", 2, 2)
    return {
        "origin": _territory(line, "battle origin", origin, ids),
        "target": _territory(line, "battle target", target, ids),
    }


def _pending(sheet: pos.Sheet, ids: tuple[str, ...]) -> dict[str, Any] | None:
    line = sheet.one("pending")
    if line is None:
        return None
    (kind,) = line.positional("pending", 1, 1)
    what = pos.choice(line, "pending", kind, ("roll", "move-in"))
    if what == "roll":
        named = line.named("pending roll", ("attack", "defend", "dice", "mode"))
        if set(named) != {"attack", "defend", "dice", "mode"}:
            raise line.fail("pending roll", "needs attack=, defend=, dice= and mode=")
        return {
            "attack": pos.wholes(line, "pending attack", named["attack"], 1, 6),
            "defend": pos.wholes(line, "pending defend", named["defend"], 1, 6),
            "dice": pos.whole(line, "pending dice", named["dice"], 1, 3),
            "mode": pos.text(line, "pending mode", named["mode"]),
        }
    named = line.named("pending move-in", ("origin", "target", "min", "max"))
    if set(named) != {"origin", "target", "min", "max"}:
        raise line.fail("pending move-in", "needs origin=, target=, min= and max=")
    return {
        "origin": _territory(line, "pending origin", named["origin"], ids),
        "target": _territory(line, "pending target", named["target"], ids),
        "min": pos.whole(line, "pending min", named["min"]),
        "max": pos.whole(line, "pending max", named["max"]),
    }


def _moved(sheet: pos.Sheet, ids: tuple[str, ...]) -> dict[str, int]:
    line = sheet.one("moved")
    if line is None:
        return {}
    line.positional("moved", 0, 0)
    return {
        name: pos.whole(line, f"moved {name}", word)
        for name, word in line.named("moved", ids).items()
    }
