"""The Risk, Paper, Scissors board SVG (ui/risk_paper_scissors/render.py): every territory
once, units by type, commanders, stations and space links, devastation, armed cards only
for their owner, and a pattern per player."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from engine.rulesets.risk_paper_scissors import Attack, Move
from engine.rulesets.risk_paper_scissors.board import load_board
from tests.risk_paper_scissors.helpers import BLUE, GREEN, RED, RPS, position
from ui.risk_paper_scissors.render import (
    COMMANDER_MARKS,
    flashes,
    label_points,
    legend_html,
    render_board,
    unit_text,
)
from ui.shell.render import HIT_RADIUS

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def with_attr(root: ET.Element, name: str, value: str | None = None) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.attrib and (value is None or e.get(name) == value)]


def badge(root: ET.Element, tid: str) -> ET.Element:
    (found,) = with_attr(root, "data-badge", tid)
    return found


def test_every_territory_water_region_and_lunar_territory_is_drawn_once() -> None:
    """Spec 4.1: 42 land, 12 water and 6 lunar territories; each one shape with its
    ``data-id`` (and ``data-territory``, which the shell's tap handling reads)."""
    board = load_board()
    for state in (None, position()):
        root = parse(render_board(state))
        ids = [e.get("data-id") for e in with_attr(root, "data-id")]
        assert sorted(ids) == sorted(board.order)
        kinds = {e.get("data-id"): e.get("data-kind") for e in with_attr(root, "data-id")}
        assert kinds == dict(board.kind)
        assert all(e.get("data-territory") == e.get("data-id") for e in with_attr(root, "data-id"))


def test_each_colony_bonus_is_labelled() -> None:
    """Spec 4.1: the four water colonies and two lunar colonies with their bonuses."""
    root = parse(render_board(None))
    labels = {e.get("data-group"): e.text for e in with_attr(root, "data-group") if e.text}
    assert labels == {
        "pacific_colonies": "Pacific Colonies +2",
        "north_atlantic_colonies": "North Atlantic Colonies +2",
        "south_atlantic_colonies": "South Atlantic Colonies +1",
        "indian_ocean_colonies": "Indian Ocean Colonies +2",
        "oceanus_colony": "Oceanus Colony +2",
        "tranquility_colony": "Tranquility Colony +2",
    }


def test_the_moon_inset_marks_both_landing_sites() -> None:
    """Spec 4.3: the inset has the Moon's own viewBox scaled onto the Earth's, and a ring
    on each landing site."""
    root = parse(render_board(None))
    rings = {e.get("data-landing") for e in with_attr(root, "data-landing")}
    assert rings == {"copernicus", "sea_of_tranquility"}
    (inset,) = [e for e in root.iter() if e.get("class") == "moon-inset"]
    lunar = [e.get("data-id") for e in inset.iter() if e.get("data-kind") == "lunar"]
    assert len(lunar) == 6
    names = {e.text for e in root.iter(f"{SVG}text") if "lunar-name" in (e.get("class") or "")}
    assert {"Copernicus ★", "Sea of Tranquility ★", "Plato", "Kepler"} <= names


def test_unit_counts_by_type_match_the_state() -> None:
    """Units by type in every owned territory: the badge's E, J and W counts and its text
    are the garrison's."""
    s = position(
        {
            "alaska": "Red 4E/2J/1W",
            "kamchatka": "Blue 1E/1J/2W",
            "labrador_basin": "Red 3W",
            "copernicus": "Blue 2J",
        }
    )
    root = parse(render_board(s))
    for tid, owner in s.owner.items():
        found, g = badge(root, tid), s.side_at(tid)
        assert (found.get("data-e"), found.get("data-j"), found.get("data-w")) == (
            str(g.e),
            str(g.j),
            str(g.w),
        )
        assert found.get("data-owner") == str(owner)
    texts = {tid: unit_text(s.side_at(tid)) for tid in ("alaska", "kamchatka", "labrador_basin")}
    assert texts == {"alaska": "4E 2J 1W", "kamchatka": "1E 1J 2W", "labrador_basin": "3W"}
    (shape,) = with_attr(root, "data-id", "alaska")
    assert shape.get("aria-label") == "Alaska, Red: 4 Elementals, 2 Jaguars, 1 Wolf"
    (shape,) = with_attr(root, "data-id", "labrador_basin")
    assert shape.get("aria-label") == "Labrador Basin, Red: 3 Wolves"
    count = [e for e in badge(root, "alaska").iter() if e.get("class") == "count"]
    assert count[0].text == "4E 2J 1W"
    empty = [t for t in load_board().order if t not in s.owner]
    assert not [t for t in empty if with_attr(root, "data-badge", t)]


def test_each_commander_has_its_own_mark() -> None:
    """Commanders fight as Jaguars but each is a piece of its own: one lettered disc each."""
    s = position({"china": "Red 1E/4J+diplomat,nuclear,land,naval", "japan": "Blue 1E+space"})
    root = parse(render_board(s))
    marks = [e.get("data-commander") for e in with_attr(root, "data-commander")]
    china = [
        e.get("data-commander") for e in badge(root, "china").iter() if "data-commander" in e.attrib
    ]
    assert china == ["land", "naval", "nuclear", "diplomat"]
    assert [
        e.get("data-commander") for e in badge(root, "japan").iter() if e.get("data-commander")
    ] == ["space"]
    # the reserves of Blue and Green hold land + diplomat (the helper's default position)
    assert sorted(marks) == sorted(
        ["land", "naval", "nuclear", "diplomat", "space"] + ["land", "diplomat"] * 2
    )
    letters = {
        c.get("data-commander"): "".join(t.text or "" for t in c.iter(f"{SVG}text"))
        for c in badge(root, "china").iter()
        if c.get("data-commander")
    }
    assert letters == {c: COMMANDER_MARKS[c] for c in ("land", "naval", "nuclear", "diplomat")}
    assert len(set(COMMANDER_MARKS.values())) == len(COMMANDER_MARKS)


def station_marks(root: ET.Element) -> set[str]:
    return {
        b.get("data-badge", "")
        for b in with_attr(root, "data-badge")
        if any(e.get("class") == "station" for e in b.iter())
    }


def links(root: ET.Element) -> set[tuple[str, str]]:
    return {(e.get("data-from", ""), e.get("data-to", "")) for e in with_attr(root, "data-from")}


def test_stations_are_marked_and_their_space_links_drawn_when_relevant() -> None:
    """Spec 12.2: a station links its land territory to both landing sites.  The public
    view draws no link; the viewer's own stations are linked; a selected station shows
    its own links whoever looks."""
    s = position({"siberia": "Red 3W ★", "argentina": "Blue 2E ★", "copernicus": "Blue 1E"})
    public = parse(render_board(s))
    assert station_marks(public) == {"siberia", "argentina"}
    assert links(public) == set()
    sites = {"copernicus", "sea_of_tranquility"}
    assert links(parse(render_board(s, viewer=RED))) == {("siberia", t) for t in sites}
    selected = parse(render_board(s, viewer=RED, selected="argentina"))
    assert links(selected) == {("argentina", t) for t in sites}
    assert all(e.get("class") == "space-link" for e in with_attr(selected, "data-from"))
    reminder = parse(render_board(s, viewer=RED))
    assert all(e.get("class") == "space-link faint" for e in with_attr(reminder, "data-from"))
    assert links(parse(render_board(s, viewer=GREEN))) == set()


def test_devastated_territories_are_hatched_and_crossed() -> None:
    """Spec 3.3: devastated territories are never owned and cannot be entered."""
    s = position(devastated=["ukraine", "peru"])
    root = parse(render_board(s))
    for tid in ("ukraine", "peru"):
        (shape,) = with_attr(root, "data-id", tid)
        assert "devastated" in (shape.get("class") or "").split()
        assert shape.get("fill") == "url(#devastated)"
        assert "impassable" in (shape.get("aria-label") or "")
        assert with_attr(root, "data-devastated", tid)
        assert not with_attr(root, "data-badge", tid)
    (fine,) = with_attr(root, "data-id", "brazil")
    assert "devastated" not in (fine.get("class") or "")
    assert len(with_attr(root, "data-devastated")) == 2


def test_an_armed_card_is_shown_to_its_owner_only() -> None:
    """Spec 14: where a card is armed, and which card it is, only the owner sees."""
    s = position({"north_africa": "Blue 3E"})
    s.armed["north_africa"] = "land.death_trap"
    owner = render_board(s, viewer=BLUE)
    assert [e.get("data-armed") for e in with_attr(parse(owner), "data-armed")] == [
        "land.death_trap"
    ]
    assert "Death Trap" in owner
    for viewer in (None, RED, GREEN):
        svg = render_board(s, viewer=viewer)
        assert not with_attr(parse(svg), "data-armed")
        assert "death" not in svg.lower() and "armed" not in _classes(parse(svg))


def _classes(root: ET.Element) -> set[str]:
    return {c for e in root.iter() for c in (e.get("class") or "").split()}


def test_each_player_has_a_distinct_pattern_and_colour() -> None:
    """Colour-blind safe: every seat has its own fill pattern as well as its colour, and a
    territory is filled with its owner's."""
    s = position()
    s.players += [type(s.players[0])("Yellow"), type(s.players[0])("Purple")]
    s.owner["alaska"] = 3
    s.owner["peru"] = 4
    root = parse(render_board(s))
    patterns = [p for p in root.iter(f"{SVG}pattern") if (p.get("id") or "").startswith("pat-")]
    assert [p.get("id") for p in patterns] == [f"pat-{i}" for i in range(5)]
    drawings = {ET.tostring(p[1]) for p in patterns}
    colours = {p[1].get("stroke") or p[1].get("fill") for p in patterns}
    assert len(drawings) == 5 and len(colours) == 5
    for tid, owner in s.owner.items():
        (shape,) = with_attr(root, "data-id", tid)
        assert shape.get("fill") == f"url(#pat-{owner})"


def test_selection_targets_path_and_highlights_have_their_classes() -> None:
    s = position({"alaska": "Red 4E", "northwest_territory": "Red 1E", "alberta": "Red 1E"})
    root = parse(
        render_board(
            s,
            viewer=RED,
            selected="alaska",
            targets=["kamchatka", "copernicus"],
            path=["alaska", "northwest_territory", "alberta"],
            highlights={"ontario": "flash-taken"},
        )
    )

    def classes(tid: str) -> list[str]:
        (shape,) = with_attr(root, "data-id", tid)
        return (shape.get("class") or "").split()

    assert "selected" in classes("alaska")
    assert {"target", "legal"} <= set(classes("kamchatka")) and "target" in classes("copernicus")
    assert "on-path" in classes("northwest_territory")
    assert "flash-taken" in classes("ontario")
    (line,) = with_attr(root, "data-path")
    assert line.get("data-path") == "alaska northwest_territory alberta"
    assert (line.get("d") or "").count("M") == 2


def test_a_path_across_the_pacific_wraps_round_the_edges() -> None:
    """Alaska–Kamchatka is a sea lane drawn across the left and right edges; so is a path."""
    s = position({"alaska": "Red 4E", "kamchatka": "Red 1E"})
    (line,) = with_attr(parse(render_board(s, path=["alaska", "kamchatka"])), "data-path")
    d = line.get("d") or ""
    assert d.count("M") == 2
    xs = [float(p.split(",")[0].lstrip("ML")) for p in d.split() if "," in p]
    assert all(abs(a - b) < 500 for a, b in zip(xs[::2], xs[1::2], strict=True))


def test_every_territory_has_a_tap_target() -> None:
    """Issue 16's rule: a 24 px tap target per territory (on the 920 px laptop board, or a
    phone's board at the zoom button's 2.5x), under the shapes so that land still wins."""
    root = parse(render_board(None))
    hits = [e.get("data-hit") for e in with_attr(root, "data-hit")]
    assert sorted(hits) == sorted(load_board().order)
    assert all(float(e.get("r", 0)) == HIT_RADIUS for e in with_attr(root, "data-hit"))
    assert 2 * HIT_RADIUS * 920 / 1000 >= 24
    assert set(label_points()) == set(load_board().order)


def test_the_empty_board_and_user_text_are_escaped() -> None:
    s = position()
    s.players[RED].name = "<b>Red</b> & co"
    svg = render_board(s)
    assert "<b>Red</b>" not in svg
    parse(svg)
    legend = legend_html(s)
    assert "&lt;b&gt;Red&lt;/b&gt; &amp; co" in legend
    assert "Wolves beat Elementals" in legend


def test_flashes_tell_a_conquest_from_a_move() -> None:
    """``highlights`` after an order: a territory taken (or occupied) flashes as taken; the
    origin and the target of a Move flash as moved."""
    s = position(
        {
            "alaska": "Red 4E/2J/1W",
            "kamchatka": "Blue 1E/1J/2W",
            "quebec": "Red 3E",
            "labrador_basin": "Red 1E",
        }
    )
    taken = RPS.apply(s, Attack("alaska", "kamchatka", e=3, j=2, w=1)).state
    assert flashes(s, taken) == {"kamchatka": "flash-taken", "alaska": "flash-moved"}
    sailed = RPS.apply(s, Move("quebec", "labrador_basin", e=2)).state
    assert flashes(s, sailed) == {"quebec": "flash-moved", "labrador_basin": "flash-moved"}
    s = position({"quebec": "Red 3E+naval"})  # labrador_basin empty; the Naval Commander
    landed = RPS.apply(s, Attack("quebec", "labrador_basin", e=2)).state
    assert flashes(s, landed) == {"quebec": "flash-moved", "labrador_basin": "flash-taken"}
    assert flashes(None, s) == {}
    root = parse(render_board(taken, highlights=flashes(s, taken)))
    (shape,) = with_attr(root, "data-id", "kamchatka")
    assert "flash-taken" in (shape.get("class") or "").split()
