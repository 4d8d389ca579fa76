"""The Great War 1907 position text (docs/rules-greatwar1907.md, "Position text"): each
province's owner with the divisions, fleets and hulls there, the fleets at sea, the
nations' points, relations, passage grants, leaders and piles, the turn, the phase and
any sealed orders; everything left out takes its default (a province its 1907 owner
with nothing in it, a relation peace, a record zero).

Read through the JSON form of the state and the ruleset's own state checks, so a text
makes exactly the states a save code can make.  The last phase's report is the game's
record, not its position: a text does not carry it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping
from typing import Any, Final

from engine import position as pos
from engine.errors import EngineError
from engine.rulesets.greatwar1907.mapdata import NEUTRAL, ScenarioMap, scenario
from engine.rulesets.greatwar1907.options import GreatWarOptions
from engine.rulesets.greatwar1907.orders import SubmitAttack, SubmitDeployment, parse_order
from engine.rulesets.greatwar1907.state import GreatWarState, Phase

RULESET: Final = "greatwar1907"
RELATIONS: Final = ("alliance", "war")
PEACE: Final = "peace"
"""A relation's default: the reader takes it written (a case may say so), the writer
leaves it out."""
CONQUERED: Final = "conquered"
FLEET: Final = "fleet"

FIELDS: Final = (
    pos.Field("turn", "turn", "count"),
    pos.Field("phase", "phase", tuple(p.value for p in Phase)),
    pos.Field("winners", "winners", "words"),
)
NATION_FIELDS: Final = (
    pos.Field("vp", "vp", "count"),
    pos.Field("np", "np", "count"),
    pos.Field("generals", "generals_awarded", "count"),
    pos.Field("admirals", "admirals_awarded", "count"),
    pos.Field("owed", "owed", "count"),
    pos.Field("banked", "banked", "count"),
    pos.Field("credits", "credits", "json"),
    pos.Field("drop", "drop_due", "json"),
)
NATION_DEFAULTS: Final = {
    "vp": 0,
    "np": 0,
    "generals_awarded": 0,
    "admirals_awarded": 0,
    "owed": 0,
    "banked": 0,
    "credits": [],
    "drop_due": None,
}
PILES: Final = (("generals", "general_pile", "general"), ("admirals", "admiral_pile", "admiral"))
ONCE: Final = frozenset({f.word for f in FIELDS} | {"rng"} | {p[0] for p in PILES})
MANY: Final = frozenset({"option", "seat", "nation", "relation", "grant", "leader", "orders"})


def _defaults() -> dict[str, Any]:
    return pos.defaults_of(GreatWarState)


def write(state: GreatWarState) -> str:
    """The position text of ``state`` (canonical: read back and written again, the
    same text)."""
    m = state.map
    data = state.to_json()
    lines = [f"ruleset {RULESET}"]
    lines += pos.write_options(data["options"], GreatWarOptions().to_json())
    seed, counter = data["rng"][:2]  # a rule case's script is no part of a position
    lines.append(pos.rng_line(seed, counter))
    for seat in state.players:
        if seat.name != m.nation(seat.nation).name or seat.control != "human":
            name = _seat_name_word(m, seat.nation, seat.name)
            lines.append(f"seat {seat.nation} {name} {pos.bare(seat.control)}")
    lines += pos.write_fields(data, FIELDS, _defaults())
    for nation, record in data["nations"].items():
        named = pos.write_named(record, NATION_FIELDS, NATION_DEFAULTS)
        if named:
            lines.append(" ".join(["nation", nation, *named]))
    for a, b, relation in data["relations"]:
        lines.append(f"relation {a} {b} {relation}")
    for a, b in data["grants"]:
        lines.append(f"grant {a} {b}")
    previous = -1
    for leader in sorted(state.leaders.values(), key=lambda x: (x.received, x.id)):
        words = ["leader", leader.id, leader.nation, leader.place or pos.NONE]
        if not leader.alive:
            words.append("dead")
        if leader.received != previous + 1:
            words.append(f"received={leader.received}")
        previous = leader.received
        lines.append(" ".join(words))
    for word, key, kind in PILES:
        if data[key] != _default_pile(m, kind, data["leaders"]):
            lines.append(" ".join([word, *data[key]]))
    for index, slot in enumerate(data["orders"]):
        if slot is not None:
            lines.append(f"orders {state.nation_ids[index]} {pos.compact_json(slot)}")
    for province in m.provinces:
        words = _province_words(state, province.id)
        if words != [province.owner]:
            lines.append(" ".join([province.id, *words]))
    for sea in m.seas:
        fleets = state.at_sea.get(sea.id, {})
        if fleets:
            lines.append(
                " ".join(
                    [
                        sea.id,
                        *(f"{n}={_fleet(f.ships, f.cargo)}" for n, f in sorted(fleets.items())),
                    ]
                )
            )
    return pos.join(lines)


def _fleet(ships: int, cargo: int) -> str:
    return f"{ships}/{cargo}" if cargo else str(ships)


def _province_words(state: GreatWarState, province: str) -> list[str]:
    owner = state.owner_of(province)
    words = [owner]
    standing = state.divisions_at(province)
    if standing.get(owner):
        words.append(str(standing[owner]))
    words += [f"{n}={c}" for n, c in sorted(standing.items()) if n != owner]
    docked = state.docked.get(province, {})
    if owner in docked:
        words.append(f"{FLEET}={_fleet(docked[owner].ships, docked[owner].cargo)}")
    words += [
        f"{FLEET}:{n}={_fleet(f.ships, f.cargo)}" for n, f in sorted(docked.items()) if n != owner
    ]
    if state.hulls.get(province):
        words.append(f"hulls={state.hulls[province]}")
    if province in state.conquered:
        words.append(CONQUERED)
    return words


def read(
    text: str, build: Callable[[Mapping[str, Any]], GreatWarState], aliases: Collection[str] = ()
) -> GreatWarState:
    """The state ``text`` describes (:func:`engine.position.read_sheet`), checked whole
    by ``build``, the ruleset's state reader."""
    sheet, m, seats = pos.read_sheet(
        text,
        RULESET,
        (ONCE, MANY),
        aliases,
        lambda _: scenario(),
        lambda m: [p.id for p in m.provinces] + [s.id for s in m.seas],
        _seats,
    )
    nations = list(m.nation_ids)
    defaults = _defaults()
    default_options = GreatWarOptions().to_json()
    data: dict[str, Any] = {
        "ruleset": RULESET,
        "options": pos.read_options(sheet, default_options, default_options.keys()),
        "seats": seats,
        "rng": pos.read_rng(sheet),
        **pos.read_fields(sheet, FIELDS, defaults, len(nations)),
        "last_report": None,
    }
    winners_line = sheet.one("winners")
    for w in data["winners"]:
        if winners_line is not None and w not in nations:
            raise winners_line.fail("winners", f"{w!r} is not a nation")
    data["nations"] = _nations(sheet, nations)
    data["relations"], data["grants"] = _relations(sheet, nations)
    data["leaders"] = _leaders(sheet, m)
    for word, key, kind in PILES:
        line = sheet.one(word)
        if line is None:
            data[key] = _default_pile(m, kind, data["leaders"])
        else:
            data[key] = [
                _leader_id(line, f"{word}[{i}]", w, m, kind)
                for i, w in enumerate(line.positional(word, 0, len(m.leaders)))
            ]
    orders: list[dict[str, Any] | None] = [None] * len(nations)
    for line in sheet.all("orders"):
        nation_word, order = line.positional("orders", 2, 2)
        nation = pos.choice(line, "orders nation", nation_word, nations)
        seat = nations.index(nation)
        if orders[seat] is not None:
            raise line.fail("orders", f"{nation}'s sealed orders are already written")
        orders[seat] = _sealed(line, nation, seat, order, data["phase"])
    data["orders"] = orders
    _places(sheet, m, data)
    return pos.checked(lambda: build(data))  # type: ignore[no-any-return]


def _sealed(line: pos.Line, nation: str, seat: int, word: pos.Word, phase: str) -> dict[str, Any]:
    """A nation's sealed orders: the JSON of its submission for this phase."""
    where = f"orders {nation}"
    if not isinstance(word.value, dict):
        raise line.fail(where, "must be the sealed order as a JSON object")
    try:
        order = parse_order(word.value)
    except EngineError as exc:
        raise line.fail(where, exc.message) from None
    kind = SubmitAttack if phase == Phase.ATTACK.value else SubmitDeployment
    if not isinstance(order, kind) or order.faction != seat or order.nation != nation:
        raise line.fail(where, f"must be {nation}'s {kind.KIND} (faction {seat})")
    return dict(word.value)


def _seats(sheet: pos.Sheet, m: ScenarioMap) -> list[list[str]]:
    seats = {n: [n, m.nation(n).name, "human"] for n in m.nation_ids}
    written: set[str] = set()
    for line in sheet.all("seat"):
        words = line.positional("seat", 2, 3)
        nation = pos.choice(line, "seat nation", words[0], m.nation_ids)
        if nation in written:
            raise line.fail(f"seat {nation}", "is already written")
        written.add(nation)
        seats[nation][1] = _seat_name(m, nation, line, words[1])
        if len(words) > 2:
            seats[nation][2] = pos.text(line, f"seat {nation}: control", words[2])
    return [seats[n] for n in m.nation_ids]


def _spelling(name: str) -> str:
    return name.casefold().replace("-", "_").replace(" ", "_")


def _spells_nation(m: ScenarioMap, nation: str, name: str) -> bool:
    """``name`` spells ``nation``: its id or its proper name, in any case, with ``_``,
    ``-`` or a space alike (``Austria_Hungary``, ``austria-hungary``)."""
    return _spelling(name) in (_spelling(nation), _spelling(m.nation(nation).name))


def _seat_name(m: ScenarioMap, nation: str, line: pos.Line, word: pos.Word) -> str:
    """A seat's name as written; a bare word that spells the nation is the nation's
    proper name (``Austria_Hungary`` is shown "Austria-Hungary"), a quoted one is kept
    as it stands."""
    name = pos.text(line, f"seat {nation}: name", word)
    return m.nation(nation).name if word.bare and _spells_nation(m, nation, name) else name


def _seat_name_word(m: ScenarioMap, nation: str, name: str) -> str:
    """``name`` as the word :func:`_seat_name` reads back the same: quoted where a bare
    word would read as the nation's proper name instead."""
    word = pos.bare(name)
    if word == name and name != m.nation(nation).name and _spells_nation(m, nation, name):
        return json.dumps(name)
    return word


def _nations(sheet: pos.Sheet, nations: list[str]) -> dict[str, Any]:
    records = {n: pos.copy(NATION_DEFAULTS) for n in nations}
    written: set[str] = set()
    for line in sheet.all("nation"):
        (word,) = line.positional("nation", 1, 1)
        nation = pos.choice(line, "nation", word, nations)
        if nation in written:
            raise line.fail(f"nation {nation}", "is already written")
        written.add(nation)
        record = pos.read_named(line, f"nation {nation}", NATION_FIELDS, NATION_DEFAULTS, 0)
        _check_credits(line, nation, record["credits"], nations)
        drop = record["drop_due"]
        if drop is not None and not (
            isinstance(drop, list) and len(drop) == 3 and all(isinstance(x, str) for x in drop)
        ):
            raise line.fail(f"nation {nation} drop", 'must be ["ally","ally","default drop"]')
        records[nation] = record
    return records


def _check_credits(line: pos.Line, nation: str, credits: Any, nations: list[str]) -> None:
    """``credits=[[quarters, "nation" or null], ...]``."""
    where = f"nation {nation} credits"
    if not isinstance(credits, list):
        raise line.fail(where, 'must be a list of [quarters, "nation" or null]')
    for entry in credits:
        ok = isinstance(entry, list) and len(entry) == 2
        quarters, source = entry if ok else (None, None)
        if not ok or isinstance(quarters, bool) or not isinstance(quarters, int) or quarters < 0:
            raise line.fail(where, f"has a bad entry {pos.compact_json(entry)}")
        if source is not None and source not in nations:
            raise line.fail(where, f"names {source!r}, not a nation")


def _relations(sheet: pos.Sheet, nations: list[str]) -> tuple[list[list[str]], list[list[str]]]:
    relations: dict[tuple[str, str], str] = {}
    for line in sheet.all("relation"):
        first, second, kind = line.positional("relation", 3, 3)
        a = pos.choice(line, "relation nation", first, nations)
        b = pos.choice(line, "relation nation", second, nations)
        relation = pos.choice(line, f"relation {a} {b}", kind, (*RELATIONS, PEACE))
        if a == b:
            raise line.fail("relation", f"{a} cannot be in {relation} with itself")
        key = (a, b) if a < b else (b, a)
        if key in relations:
            raise line.fail("relation", f"{a} and {b} already have a relation")
        relations[key] = relation
    relations = {k: r for k, r in relations.items() if r != PEACE}
    grants: set[tuple[str, str]] = set()
    for line in sheet.all("grant"):
        a, b = (
            pos.choice(line, "grant nation", w, nations) for w in line.positional("grant", 2, 2)
        )
        grants.add((a, b))
    return (
        [[a, b, r] for (a, b), r in sorted(relations.items())],
        sorted([list(g) for g in grants]),
    )


def _leader_id(line: pos.Line, field: str, word: pos.Word, m: ScenarioMap, kind: str | None) -> str:
    known = [c.id for c in m.leaders if kind is None or c.kind == kind]
    return pos.choice(line, field, word, known)


def _leaders(sheet: pos.Sheet, m: ScenarioMap) -> list[list[Any]]:
    leaders: dict[str, list[Any]] = {}
    previous = -1
    for line in sheet.all("leader"):
        words = line.positional("leader", 3, 4)
        lid = _leader_id(line, "leader", words[0], m, None)
        if lid in leaders:
            raise line.fail(f"leader {lid}", "is already written")
        nation = pos.choice(line, f"leader {lid}: nation", words[1], m.nation_ids)
        place = pos.text(line, f"leader {lid}: place", words[2])
        if place == pos.NONE:
            where, spot = None, None
        elif m.is_province(place):
            where, spot = "province", place
        elif m.is_sea(place):
            where, spot = "sea", place
        else:
            raise line.fail(f"leader {lid}: place", f"{place!r} is neither a province nor a sea")
        alive = True
        if len(words) > 3:
            pos.choice(line, f"leader {lid}", words[3], ("dead",))
            alive = False
        received_word = line.named(f"leader {lid}", ("received",)).get("received")
        received = (
            previous + 1
            if received_word is None
            else pos.whole(line, f"leader {lid}: received", received_word)
        )
        previous = received
        leaders[lid] = [lid, nation, where, spot, alive, received]
    return [leaders[k] for k in sorted(leaders)]


def _default_pile(m: ScenarioMap, kind: str, leaders: list[list[Any]]) -> list[str]:
    """Every card of the kind no nation has, in the scenario's order."""
    given = {row[0] for row in leaders}
    return [c.id for c in m.leaders if c.kind == kind and c.id not in given]


def _places(sheet: pos.Sheet, m: ScenarioMap, data: dict[str, Any]) -> None:
    """The province and sea lines into owner, conquered, standing, docked, hulls and
    at_sea (in the map's order, as the state keeps them)."""
    owners = [*m.nation_ids, NEUTRAL]
    owner = {p.id: p.owner for p in m.provinces}
    conquered: set[str] = set()
    standing: dict[str, dict[str, int]] = {}
    docked: dict[str, dict[str, list[int]]] = {}
    hulls: dict[str, int] = {}
    at_sea: dict[str, dict[str, list[int]]] = {}
    for line in sheet.places:
        place = line.keyword
        if m.is_sea(place):
            line.positional(f"sea {place!r}", 0, 0)
            fleets = {}
            for name, word in line.named(f"sea {place!r}", m.nation_ids).items():
                fleets[name] = _fleet_of(line, f"sea {place!r}: {name}", word)
            if fleets:
                at_sea[place] = dict(sorted(fleets.items()))
            continue
        where = f"province {place!r}"
        words = line.positional(where, 1, 3)
        holder = pos.choice(line, f"{where}: owner", words[0], owners)
        owner[place] = holder
        here: dict[str, int] = {}
        ports: dict[str, list[int]] = {}
        for word in words[1:]:
            if word.value == CONQUERED and word.bare:
                conquered.add(place)
            else:
                here[holder] = pos.whole(line, f"{where}: divisions", word, 1)
        allowed = {*owners, FLEET, "hulls", *(f"{FLEET}:{n}" for n in owners)}
        for name, word in line.named(where, allowed).items():
            if name == "hulls":
                hulls[place] = pos.whole(line, f"{where}: hulls", word, 1)
            elif name == FLEET:
                ports[holder] = _fleet_of(line, f"{where}: fleet", word)
            elif name.startswith(f"{FLEET}:"):
                ports[name.split(":", 1)[1]] = _fleet_of(line, f"{where}: {name}", word)
            else:
                here[name] = pos.whole(line, f"{where}: {name}", word, 1)
        if here:
            standing[place] = dict(sorted(here.items()))
        if ports:
            docked[place] = dict(sorted(ports.items()))
    order = [p.id for p in m.provinces]
    data["owner"] = owner
    data["conquered"] = [p for p in order if p in conquered]
    data["standing"] = {p: standing[p] for p in order if p in standing}
    data["docked"] = {p: docked[p] for p in order if p in docked}
    data["hulls"] = {p: hulls[p] for p in order if p in hulls}
    data["at_sea"] = {s.id: at_sea[s.id] for s in m.seas if s.id in at_sea}


def _fleet_of(line: pos.Line, field: str, word: pos.Word) -> list[int]:
    """``ships`` or ``ships/cargo``."""
    parts = str(word.value).split("/") if word.bare else []
    if not 1 <= len(parts) <= 2:
        raise line.fail(field, f"a fleet is written ships or ships/cargo, got {word.shown()}")
    ships = pos.whole(line, f"{field} ships", pos.Word(None, parts[0], True), 1)
    cargo = (
        pos.whole(line, f"{field} cargo", pos.Word(None, parts[1], True)) if len(parts) > 1 else 0
    )
    return [ships, cargo]
