"""The Great War 1907 board (ui/greatwar1907/render.py): the seed's map conventions, the
overlays, the tap targets and the classes the page and the replay use, read back from
the SVG with an XML parser."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from engine.rulesets.greatwar1907.state import GreatWarState, Leader
from engine.rulesets.greatwar1907.supply import networks
from tests.greatwar1907.helpers import NATIONS, give, put_fleet, set_relation, start
from ui.greatwar1907.legend import legend_html
from ui.greatwar1907.render import (
    OVERLAYS,
    encircled,
    geometry,
    nation_styles,
    render_board,
)
from ui.greatwar1907.units import HULL_INK, SHIP_INK
from ui.shell.palette import to_lab
from ui.shell.render import HIT_RADIUS

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def every(root: ET.Element, attr: str) -> Iterator[ET.Element]:
    return (e for e in root.iter() if attr in e.attrib)


def by(root: ET.Element, attr: str, value: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get(attr) == value]


def texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{SVG}text")]


def test_every_province_and_district_is_drawn_once_with_its_id() -> None:
    """Issue 17: every province and sea district has ``data-id`` and a tap target."""
    state = start()
    root = parse(render_board(state))
    ids = [e.get("data-id") for e in every(root, "data-id")]
    expected = [p.id for p in state.map.provinces] + [s.id for s in state.map.seas]
    assert sorted(ids) == sorted(expected)
    hits = [e.get("data-hit") for e in every(root, "data-hit")]
    assert sorted(hits) == sorted(expected)
    assert len(ids) == len(set(ids)) == 89 + 19


def test_the_empty_map_draws_every_place_and_no_unit() -> None:
    root = parse(render_board(None))
    assert len(list(every(root, "data-id"))) == 89 + 19
    assert not list(every(root, "data-divisions"))
    assert not list(every(root, "data-owner"))


def test_tap_targets_are_24_px_on_a_laptop_and_a_zoomed_phone() -> None:
    """Issue 16's rule for every board: a tap disc of at least 24 px where the board is
    drawn about 950 px wide (1366x800, or a phone's 390 px board at the zoom button's
    2.5x), and drawn under the land so that a neighbour's land still wins."""
    width = geometry()["viewBox"][2]
    assert 2 * HIT_RADIUS * 950 / width >= 24
    assert 2 * HIT_RADIUS * 390 * 2.5 / width >= 24
    svg = render_board(start())
    assert svg.index('class="hit-areas"') < svg.index('class="provinces"')


def test_each_nation_has_its_own_colour_and_pattern_and_neutral_is_black() -> None:
    """Seed: "borders of all participating countries in their unique colour";
    issue 17: each with a pattern too, so that colour-blind players can tell them apart;
    "Neutral armed forces are coloured black"."""
    styles = nation_styles()
    assert len({s.pattern for n, s in styles.items() if n != "neutral"}) == 8
    assert len({s.color for s in styles.values()}) == 9
    assert styles["neutral"].color == "#000000"
    state = start()
    root = parse(render_board(state))
    patterns = {e.get("id") for e in root.iter(f"{SVG}pattern")}
    assert patterns == {f"gw-pat-{n}" for n in NATIONS}
    for path in every(root, "data-owner"):
        owner = path.get("data-owner")
        assert owner == state.owner_of(path.get("data-id", ""))
        if owner != "neutral":
            assert path.get("fill") == f"url(#gw-pat-{owner})"
    neutral_badges = [b for b in by(root, "data-nation", "neutral") if b.get("data-divisions")]
    assert neutral_badges and all(
        b.find(f"{SVG}circle").get("fill") == "#000000"  # type: ignore[union-attr]
        for b in neutral_badges
    )


def test_divisions_are_the_big_number_of_each_province() -> None:
    """Seed: "Within provinces, the larger numbers display the number of land
    divisions"; an ally's divisions standing there get a small badge of their own."""
    state = start()
    give(state, "ber", "germany", 7)
    state.add_divisions("ber", "russia", 2)
    root = parse(render_board(state))
    for p in state.map.provinces:
        owner = state.owner_of(p.id)
        (badge,) = [b for b in by(root, "data-divisions", p.id) if b.get("data-nation") == owner]
        assert texts(badge) == [str(state.divisions(p.id, owner))]
    (guest,) = [b for b in by(root, "data-divisions", "ber") if b.get("data-nation") == "russia"]
    assert texts(guest) == ["2"]


def test_ships_in_port_are_a_superscript_and_hulls_a_lighter_third_number() -> None:
    """Seed: "The smaller number (for example, 1²) displays the number of ships in the
    port"; "Ships which are currently being built are shown as a third number, in the
    same way as built ships, but in a much lighter colour"."""
    state = start()
    assert state.hulls.get("lon") == 1 and state.docked["lon"]["uk"].ships == 4
    root = parse(render_board(state))
    (port,) = by(root, "data-port-units", "lon")
    (ships,) = [t for t in port.iter(f"{SVG}text") if t.get("class") == "in-port"]
    (hulls,) = [t for t in port.iter(f"{SVG}text") if t.get("class") == "hulls"]
    assert (ships.text, hulls.text) == ("4", "1")
    assert float(ships.get("font-size", 0)) < 9.4  # smaller than the divisions' number
    assert hulls.get("fill") == HULL_INK and ships.get("fill") == SHIP_INK
    assert to_lab(HULL_INK)[0] - to_lab(SHIP_INK)[0] > 35
    for p in state.map.provinces:
        (group,) = by(root, "data-port-units", p.id)
        shown = {
            t.get("data-nation"): int(t.get("data-ships", 0)) for t in group if t.get("data-ships")
        }
        assert shown == {n: f.ships for n, f in state.docked.get(p.id, {}).items()}


def test_at_sea_ships_are_large_and_embarked_divisions_small() -> None:
    """Seed: "In water districts, ships are displayed as the larger number, with land
    divisions garrisoned on the ships as the smaller number"."""
    state = start()
    fleet = state.at_sea["nth"]["germany"]
    root = parse(render_board(state))
    (box,) = by(root, "data-fleet", "nth:germany")
    big = next(t for t in box.iter(f"{SVG}text") if t.get("class") == "ships")
    small = next(t for t in box.iter(f"{SVG}text") if t.get("class") == "cargo")
    assert (big.text, small.text) == (str(fleet.ships), str(fleet.cargo))
    assert float(big.get("font-size", 0)) > float(small.get("font-size", 0))
    shown = {e.get("data-fleet") for e in every(root, "data-fleet")}
    assert shown == {f"{s}:{n}" for s, per in state.at_sea.items() for n in per}


def test_ports_are_blue_dots_at_port_at_and_ferries_white_lines() -> None:
    """Seed: "Ports are shown as blue dots on the coast of a particular province. The
    white lines act are short ferry routes"."""
    state = start()
    root = parse(render_board(state))
    geo = geometry()
    dots = {e.get("data-port"): e for e in every(root, "data-port")}
    assert set(dots) == {p.id for p in state.map.provinces if p.port is not None}
    for pid, dot in dots.items():
        assert [float(dot.get("cx", 0)), float(dot.get("cy", 0))] == geo["provinces"][pid]["port"]
        assert dot.get("fill") == "#1565C0"
    ferries = {e.get("data-ferry"): e for e in every(root, "data-ferry")}
    assert set(ferries) == set(geo["ferries"]) and len(ferries) == 6
    assert all(f.get("stroke") == "#FFFFFF" for f in ferries.values())


def _place(state: GreatWarState, lid: str, where: str | None, place: str | None) -> None:
    leader = state.leaders[lid]
    state.leaders[lid] = Leader(lid, leader.nation, where, place, leader.alive, leader.received)


def test_generals_and_admirals_are_drawn_where_they_stand() -> None:
    """Issue 17: "generals and admirals marked where they stand"; an unplaced or dead
    leader is not on the map."""
    state = start()
    drawn = {
        e.get("data-leader"): e.get("data-place") for e in every(root_of(state), "data-leader")
    }
    placed = {x.id: x.place for x in state.leaders.values() if x.alive and x.place}
    assert drawn == placed and placed
    lid = next(iter(placed))
    _place(state, lid, "province", "par")
    assert by(root_of(state), "data-leader", lid)[0].get("data-place") == "par"
    _place(state, lid, None, None)
    assert not by(root_of(state), "data-leader", lid)


def root_of(state: GreatWarState, **kw: object) -> ET.Element:
    return parse(render_board(state, **kw))  # type: ignore[arg-type]


def _ireland_cut_off() -> GreatWarState:
    """Seed / Example 1: an enemy fleet in the North Atlantic cuts Ireland off."""
    state = start(turn=3)
    put_fleet(state, "ottoman", "nao")
    return state


def test_encircled_overlay_outlines_the_provinces_cut_off() -> None:
    """R14-R17 on demand: "with an enemy fleet in the North Atlantic, Ireland ... is a
    network of its own" -- outlined only when the overlay is asked for."""
    state = _ireland_cut_off()
    assert encircled(state) == ["ire"]
    assert not [e for e in root_of(state).iter() if e.get("class") == "encircled-outline"]
    marks = [e for e in root_of(state, overlays=frozenset({"encircled"})).iter()]
    assert [e.get("data-mark") for e in marks if e.get("class") == "encircled-outline"] == ["ire"]


def test_supply_overlay_labels_every_network_with_its_allowance() -> None:
    state = _ireland_cut_off()
    root = root_of(state, overlays=frozenset({"supply"}))
    tags = {e.get("data-network"): e for e in root.iter() if e.get("class") == "network"}
    expected = {
        f"{n}:{i}": net for n in state.nation_ids for i, net in enumerate(networks(state, n))
    }
    assert set(tags) == set(expected)
    for key, net in expected.items():
        assert tags[key].get("data-allowance") == f"{net.allowance / 4:g}"
        assert texts(tags[key]) == [f"{net.allowance / 4:g} pp"]
    assert tags["uk:1"].get("data-provinces") == "ire" and texts(tags["uk:1"]) == ["3 pp"]
    assert not [e for e in root_of(state).iter() if e.get("class") == "network"]


def test_blockade_overlay_rings_the_fleets_closing_an_enemy_port() -> None:
    """R14: a district holding a ship of a nation at war with X is closed to X; the
    fleet that does it is marked when the overlay is on, and only while at war."""
    state = _ireland_cut_off()
    on = frozenset({"blockade"})
    (fleet,) = by(root_of(state, overlays=on), "data-fleet", "nao:ottoman")
    assert "blockade" in (fleet.get("class") or "")
    (plain,) = by(root_of(state), "data-fleet", "nao:ottoman")
    assert "blockade" not in (plain.get("class") or "")
    set_relation(state, "uk", "ottoman", "peace")
    (calm,) = by(root_of(state, overlays=on), "data-fleet", "nao:ottoman")
    assert "blockade" not in (calm.get("class") or "")


def test_selected_targets_and_highlights_get_their_classes() -> None:
    root = root_of(
        start(),
        selected="ber",
        targets=("war", "bal"),
        highlights={"par": "conquered", "nth": "battle"},
    )
    cls = {e.get("data-id"): (e.get("class") or "").split() for e in every(root, "data-id")}
    assert "selected" in cls["ber"] and "target" in cls["war"] and "target" in cls["bal"]
    assert "conquered" in cls["par"] and "battle" in cls["nth"]
    assert cls["mos"] == ["province"]
    outlines = {e.get("data-mark"): e.get("class") for e in every(root, "data-mark")}
    assert outlines["ber"] == "selected-outline" and outlines["war"] == "legal-outline"
    assert outlines["par"] == "highlight-outline conquered"
    tab = {e.get("data-id"): e.get("tabindex") for e in every(root, "data-id")}
    assert tab["war"] == tab["ber"] == "0" and tab["mos"] == "-1"


def test_no_secret_is_drawn_so_every_viewer_sees_the_same_units() -> None:
    """Spec §2: units, leaders and relations are public; only a phase's orders are
    secret, and the board does not draw orders. A viewer's own land is outlined."""
    state = start()
    state.orders[1] = {"kind": "submit-deployment", "faction": 1, "nation": "germany"}

    def units(root: ET.Element) -> list[str]:
        group = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "units")
        return [ET.tostring(e, encoding="unicode") for e in group]

    public = units(root_of(state))
    for nation in NATIONS:
        root = root_of(state, viewer=nation)
        assert units(root) == public
        own = [e.get("data-mark") for e in root.iter() if e.get("class") == "own-outline"]
        assert own == state.provinces_of(nation)


def test_an_unknown_overlay_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="fog"):
        render_board(start(), overlays=frozenset({"fog"}))
    assert {"supply", "encircled", "blockade", "passage"} == OVERLAYS


def test_legend_names_every_nation_and_draws_every_symbol_as_the_board_does() -> None:
    """The key is drawn with the board's own glyphs: the hull number in the hull ink,
    the fleet box with its ships and cargo, the blockade ring."""
    html = legend_html()
    for nation in (*NATIONS, "neutral"):
        assert f'data-legend="{nation}"' in html
    symbols = ("divisions", "in-port", "hulls", "fleet", "port", "ferry", "leader", "conquered")
    for key in (*symbols, "battle", "moved", "built", *OVERLAYS):
        assert f'data-legend="{key}"' in html
    items = {li.get("data-legend"): li for li in ET.fromstring(f"<div>{html}</div>").iter("li")}
    hull = [t for t in items["hulls"].iter(f"{SVG}text")]
    assert [t.get("fill") for t in hull] == [HULL_INK]
    assert by(items["fleet"], "data-fleet", "x:uk") and by(
        items["blockade"], "class", "blockade-ring"
    )
    assert by(items["leader"], "class", "leader general") and by(
        items["leader"], "class", "leader admiral"
    )


def test_names_make_way_for_badges_and_other_names() -> None:
    """Readable at 1366x800: a name that would cover a badge or another name moves
    beside or above its badge. On the shipped map only the Sea of Marmara, wedged
    between Istanbul and Bursa, finds no free spot."""
    from ui.greatwar1907.labels import overlaps, text_box
    from ui.greatwar1907.render import NAME_SIZE, SEA_NAME_SIZE, name_spots
    from ui.greatwar1907.units import BADGE_R

    m = start().map
    geo = geometry()
    spots = name_spots()
    assert set(spots) == set(geo["provinces"]) | set(geo["seas"])
    badges = {
        pid: (x - BADGE_R, y - BADGE_R, x + BADGE_R, y + BADGE_R)
        for pid, (x, y) in ((p, s["label"]) for p, s in geo["provinces"].items())
    }
    boxes = {
        pid: text_box(*spot, m.name_of(pid), NAME_SIZE if pid in badges else SEA_NAME_SIZE)
        for pid, spot in spots.items()
    }
    covering = {
        pid
        for pid, box in boxes.items()
        if any(overlaps(box, b) for q, b in badges.items() if q != pid)
    }
    crossing = {(a, b) for a in boxes for b in boxes if a < b and overlaps(boxes[a], boxes[b])}
    assert covering <= {"mmr"} and crossing <= {("ist", "mmr")}
    root = root_of(start())
    (ths,) = [t for t in root.iter(f"{SVG}text") if t.text == "Thessaloniki"]
    assert (float(ths.get("x", 0)), float(ths.get("y", 0))) == spots["ths"]


def test_place_names_moves_a_name_off_a_neighbours_badge() -> None:
    """Two badges side by side: the first name, too long to sit below its badge without
    covering the neighbour's, goes beside (left of) it; the second stays below."""
    from ui.greatwar1907.labels import overlaps, place_names, text_box

    sizes = {"badge": 7.0, "name": 7.0, "sea_name": 7.0, "fleet": 12.0}
    places = {"a": ("Alphabetical", (100.0, 100.0)), "b": ("Beta", (130.0, 110.0))}
    spots = place_names(places, {}, sizes)
    below = 7 + 7 - 0.5
    assert spots["b"] == (130.0, 110.0 + below)
    assert spots["a"][1] != 100.0 + below and spots["a"][0] < 100.0
    box = text_box(*spots["a"], "Alphabetical", 7.0)
    assert not overlaps(box, (123.0, 103.0, 137.0, 117.0))
