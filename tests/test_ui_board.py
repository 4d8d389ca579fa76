"""The board viewport's pure pieces (ui/shell/board.py): which labels win a collision,
the box a phone opens on, the action to follow; and what every renderer tells the
viewport (issue 28)."""

from __future__ import annotations

import pytest

from ui.shell.board import board_attributes, focus_box, frame_box, label_ranks

FULL = (0.0, 0.0, 1000.0, 489.0)


def test_labels_rank_the_selected_then_the_targets_then_the_viewers_then_neighbours() -> None:
    """Issue 28: "labels that would collide give way by priority (yours, the selected
    territory and its targets first)"."""
    ranks = label_ranks(
        "brazil",
        targets={"peru", "argentina", "brazil"},
        mine={"venezuela", "brazil"},
        neighbours={"venezuela": ("central_america", "peru"), "brazil": ("north_africa",)},
    )
    assert ranks == [
        "brazil",
        "argentina",
        "peru",
        "venezuela",
        "north_africa",
        "central_america",
    ]


def test_no_viewer_and_nothing_selected_ranks_nothing() -> None:
    assert label_ranks(None, (), ()) == []


def test_the_phone_frames_where_most_of_the_viewers_land_is() -> None:
    """Issue 28: "the phone view opens framed on the current player's territories".
    Three places in Europe, one lone place in Australia: the window holds Europe."""
    europe = [(460.0, 160.0), (505.0, 162.0), (534.0, 184.0)]
    box = frame_box([(870.0, 396.0), *europe], FULL)
    x, y, w, h = box
    assert w == 420.0 and h == 489.0  # 0.42 of the board wide; the board's whole height
    assert all(x <= px <= x + w and y <= py <= y + h for px, py in europe)
    assert not x <= 870.0 <= x + w


def test_the_frame_stays_on_the_board() -> None:
    """A player in the far west: the window starts at the board's left edge."""
    x, y, w, h = frame_box([(20.0, 100.0), (40.0, 120.0)], FULL, share=0.4, aspect=0.5)
    assert (x, w, h) == (0.0, 400.0, 200.0)
    assert y >= 0 and y + h <= 489


def test_no_land_frames_the_whole_board() -> None:
    assert frame_box([], FULL) == FULL


def test_the_action_box_holds_both_ends_with_a_margin() -> None:
    assert focus_box([(100.0, 50.0), (160.0, 90.0)], margin=10) == (90.0, 40.0, 80.0, 60.0)
    assert focus_box([]) is None


def test_board_attributes_frame_the_viewer_and_follow_the_attack() -> None:
    points = {"a": (100.0, 100.0), "b": (150.0, 120.0), "c": (900.0, 400.0)}
    attrs = board_attributes(
        FULL, points, viewer=1, mine={"a", "b"}, targets={"c"}, focus=["a", "c"]
    )
    assert attrs["data-first"] == "c a b"
    assert attrs["data-frame-for"] == "1"
    assert attrs["data-focus"] == "70 70 860 360"
    x, _, w, _ = (float(v) for v in attrs["data-frame"].split())
    assert x <= 100 and x + w >= 150
    public = board_attributes(FULL, points)
    assert public["data-frame"] == "0 0 1000 489" and public["data-frame-for"] == ""
    assert "data-focus" not in public


def test_every_renderer_marks_its_labels_for_the_viewport() -> None:
    """Each ruleset's drawing gives the viewport its frame and its labels' territories
    and points (names grow round the badge's point, so a name stays under its badge)."""
    import re

    from maps import read_map_file
    from ui.greatwar1907.render import render_board as gw_board
    from ui.risk_paper_scissors.render import render_board as rps_board
    from ui.shell.render import render_map, territory_names

    geometry = read_map_file("classic_geometry.json")
    for svg in (render_map(None, geometry), gw_board(None), rps_board(None)):
        assert re.search(r'<svg[^>]* data-frame="[0-9. ]+"', svg)
        names = re.findall(r'<text[^>]*class="name[^"]*"[^>]*>', svg)
        assert names and all("data-label=" in t and "data-at=" in t for t in names)
    assert len(territory_names("classic")) == 42


# ------------------------------------------------------------ orders, results, keys


def test_an_order_arrow_leaves_the_badges_free_and_points_at_its_target() -> None:
    """Issue 28: "orders written this phase are drawn as arrows": the arrow starts and
    stops beside the two places' badges, its head's tip on the way to the target."""
    from math import dist

    from ui.shell.board import ARROW_GAP, arrow_shape

    shape = arrow_shape((100.0, 100.0), (200.0, 100.0))
    tip = shape.head[0]
    assert dist(tip, (200.0, 100.0)) == pytest.approx(ARROW_GAP, abs=0.2)
    start = tuple(float(v) for v in shape.shaft[1:].split()[0].split(","))
    assert dist(start, (100.0, 100.0)) == pytest.approx(ARROW_GAP, abs=0.2)
    # the count sits between the two places
    assert 100 < shape.middle[0] < 200


def test_orders_between_the_same_two_places_never_lie_on_each_other() -> None:
    """A to B and B to A bow to opposite sides; a second A to B bows further out."""
    from ui.shell.board import arrow_shape

    there = arrow_shape((100.0, 100.0), (200.0, 100.0)).middle
    back = arrow_shape((200.0, 100.0), (100.0, 100.0)).middle
    again = arrow_shape((100.0, 100.0), (200.0, 100.0), lane=1).middle
    assert there[1] < 100 < back[1]  # left of the way east is north (y up the screen)
    assert again[1] < there[1]


def test_an_arrow_carries_its_ends_and_lane_for_the_viewport() -> None:
    """Issue 28: arrows between close places keep a least size on the screen; the
    viewport (ui/board.js) draws them again at each zoom from the places' points and the
    arrow's lane, which the board gives it (data-a, data-b, data-lane)."""
    from ui.shell.board import OrderArrow, overlay_svg

    points = {"stp": (612.5, 101.25), "hel": (598.0, 96.0)}
    svg = overlay_svg(points, [OrderArrow("stp", "hel", "1"), OrderArrow("stp", "hel", "2")])
    assert svg.count('data-a="612.5 101.25" data-b="598 96"') == 2
    assert 'data-lane="0"' in svg and 'data-lane="1"' in svg


def _classic_points() -> dict[str, tuple[float, float]]:
    from maps import read_map_file

    geometry = read_map_file("classic_geometry.json")
    return {
        t: (float(v["label"][0]), float(v["label"][1])) for t, v in geometry["territories"].items()
    }


def test_arrow_keys_go_to_the_neighbour_closest_to_their_direction() -> None:
    """Issue 28: "arrow keys move between neighbouring territories": from Brazil, up is
    Venezuela, left Peru, down Argentina, right North Africa (over the sea lane)."""
    from ui.shell.board import DIRECTIONS, neighbour_toward
    from ui.shell.render import territory_neighbours

    points, near = _classic_points(), territory_neighbours("classic")
    ways = {k: neighbour_toward("brazil", d, points, near, 1000) for k, d in DIRECTIONS.items()}
    assert ways == {
        "ArrowUp": "venezuela",
        "ArrowLeft": "peru",
        "ArrowDown": "argentina",
        "ArrowRight": "north_africa",
    }


def test_an_arrow_key_never_jumps_to_a_territory_that_is_not_a_neighbour() -> None:
    """From Greenland, east is its neighbour Iceland; from Argentina nothing lies south,
    so down has no move (the viewport then takes the nearest territory that way); no
    arrow key of any territory leads to a territory that is not its neighbour."""
    from ui.shell.board import DIRECTIONS, neighbour_toward
    from ui.shell.render import territory_neighbours

    points, near = _classic_points(), territory_neighbours("classic")
    east = DIRECTIONS["ArrowRight"]
    assert neighbour_toward("greenland", east, points, near, 1000) == "iceland"
    assert neighbour_toward("argentina", DIRECTIONS["ArrowDown"], points, near, 1000) is None
    for tid in points:
        for d in DIRECTIONS.values():
            other = neighbour_toward(tid, d, points, near, 1000)
            assert other is None or other in near[tid]


def test_the_world_wraps_round_for_the_arrow_keys() -> None:
    """Alaska's neighbour Kamchatka lies west over the date line, not 800 units east."""
    from ui.shell.board import DIRECTIONS, neighbour_toward
    from ui.shell.render import territory_neighbours

    points, near = _classic_points(), territory_neighbours("classic")
    assert neighbour_toward("alaska", DIRECTIONS["ArrowLeft"], points, near, 1000) == "kamchatka"
    assert neighbour_toward("alaska", DIRECTIONS["ArrowLeft"], points, near) is None


def test_a_removable_arrow_carries_its_remove_buttons_attributes() -> None:
    """A tap on an order's arrow removes it the way the order list's button does: the
    arrow is a button with that button's data-action and data-* attributes."""
    import re

    from ui.shell.board import OrderArrow, overlay_svg

    points = {"a": (10.0, 10.0), "b": (90.0, 40.0)}
    removable = OrderArrow(
        "a", "b", "3", 'Attack "B" & co', "cap-remove", (("kind", "attack"), ("index", "2"))
    )
    shown = OrderArrow("b", "a", "", "Attack on A", kind="attack")
    svg = overlay_svg(
        points, [removable, shown, OrderArrow("a", "nowhere", "1", "x", "cap-remove")]
    )
    arrows = re.findall(r'<g class="order-arrow[^>]*>', svg)
    assert len(arrows) == 2  # the order to a place not on this board is left out
    assert 'data-action="cap-remove"' in arrows[0] and 'data-kind="attack"' in arrows[0]
    assert 'data-index="2"' in arrows[0] and 'role="button"' in arrows[0]
    assert "&quot;B&quot; &amp; co" in arrows[0]
    assert "data-action" not in arrows[1] and 'role="img"' in arrows[1]
    assert '<text class="count"' in svg and ">3</text>" in svg


def test_a_callout_sits_above_its_territory_and_keeps_a_readable_size() -> None:
    """Issue 28: "a battle's dice or rounds in a callout at the territory": the box ends
    above the territory's point, and the viewport keeps it on screen at a count's size
    (data-label, data-at, data-pin)."""
    import re

    from ui.shell.board import Callout, overlay_svg

    svg = overlay_svg(
        {"peru": (290.0, 360.0)}, callouts=[Callout("peru", ("⚔ 6 5 vs 4", "−0 / −1"), "won")]
    )
    assert 'class="callout won" data-label="peru" data-at="290 360" data-pin=""' in svg
    box = re.search(r'<rect x="[^"]+" y="([^"]+)" width="[^"]+" height="([^"]+)"', svg)
    assert box is not None
    y, height = (float(v) for v in box.groups())
    assert y + height < 360
    assert overlay_svg({"peru": (1.0, 1.0)}, callouts=[Callout("chile", ("x",))]) == ""


def test_every_board_gives_the_arrow_keys_its_neighbours() -> None:
    """Each ruleset's drawing carries data-moves from its own map's adjacency."""
    import re

    from maps import read_map_file
    from ui.greatwar1907.render import render_board as gw_board
    from ui.risk_paper_scissors.render import render_board as rps_board
    from ui.shell.render import render_map

    classic = render_map(None, read_map_file("classic_geometry.json"))
    assert "brazil:venezuela,north_africa,argentina,peru" in classic
    for svg in (gw_board(None), rps_board(None)):
        moves = re.search(r'data-moves="([^"]+)"', svg)
        assert moves and len(moves.group(1).split(";")) > 40


def _remove_buttons(html: str, action: str) -> list[dict[str, str]]:
    """The data attributes of each remove button of an orders list."""
    import re

    found = []
    for tag in re.findall(rf'<button[^>]*data-action="{action}"[^>]*>', html):
        found.append(dict(re.findall(r'data-(kind|index|section)="([^"]*)"', tag)))
    return found


def test_capital_arrows_remove_their_orders_as_the_list_buttons_do() -> None:
    """Issue 28: orders "removable by tapping them": Capital Risk's attack arrow carries
    the same action, kind and index as its remove button in the orders list, and its
    count as written."""
    from tests.test_ui_capital import click_on, in_orders
    from ui.capital import entry
    from ui.capital.panels import entry_html

    s = in_orders()
    s.set_mode("attack")
    s.count = "2"
    origin = s.highlight()[0]
    s.click(origin)
    target = s.highlight()[0]
    click_on(s, target)  # out of the capital: the warning is answered "Go on anyway"
    arrows = entry.order_arrows(s.state, 0, s.draft)
    assert [(a.origin, a.target, a.count, a.action) for a in arrows] == [
        (origin, target, "2", "cap-remove")
    ]
    attack_buttons = [
        b for b in _remove_buttons(entry_html(s), "cap-remove") if b["kind"] == "attack"
    ]
    assert [dict(arrows[0].data)] == attack_buttons
    entry.remove(s.draft, *(lambda d: (d["kind"], int(d["index"])))(dict(arrows[0].data)))
    assert entry.order_arrows(s.state, 0, s.draft) == []


def test_great_war_arrows_carry_their_remove_buttons_section_and_index() -> None:
    """The Great War's written sail is drawn from Odessa to the Black Sea with its ships
    ("all"), carrying the gw-remove button's section and index."""
    from tests.test_ui_greatwar_session import _one_human
    from ui.greatwar1907 import panels
    from ui.greatwar1907.review import order_arrows

    s = _one_human()
    s.set_mode("embark")
    s.count = ""
    s.click("ode")
    s.set_mode("sail")
    s.click("ode")
    s.click("blk")
    arrows = order_arrows(s.state, s.viewer, s.draft)
    assert [(a.origin, a.target, a.count, a.kind) for a in arrows] == [
        ("ode", "blk", "all", "move")
    ]
    buttons = _remove_buttons(panels.review_html(s), "gw-remove")
    assert dict(arrows[0].data) in buttons
    assert order_arrows(s.state, None, s.draft) == []


def test_a_classic_attack_shows_its_dice_in_a_callout_at_the_target() -> None:
    """Issue 28: "a battle's dice ... in a callout at the territory": the last roll's
    dice and the attack's losses so far, "taken" and a ring when it fell."""
    from types import SimpleNamespace

    from ui.classic.views import board_callouts

    rolls = [
        {"type": "roll", "seat": 0, "defender": 1, "origin": "brazil", "target": "peru",
         "attack": [6, 5, 3], "defend": [6, 2], "attacker_losses": 1, "defender_losses": 1},
        {"type": "roll", "seat": 0, "defender": 1, "origin": "brazil", "target": "peru",
         "attack": [5, 4], "defend": [3], "attacker_losses": 0, "defender_losses": 1},
    ]  # fmt: skip
    session = SimpleNamespace(
        last_rolls=rolls, viewer=0, state=SimpleNamespace(owner={"peru": 0, "brazil": 0})
    )
    (callout,) = board_callouts(session)  # type: ignore[arg-type]
    assert callout.territory == "peru"
    assert callout.lines == ("⚔ 5 4 vs 3", "−1 / −2 · taken")
    assert callout.tone == "won" and callout.taken
    held = SimpleNamespace(last_rolls=rolls[:1], viewer=1, state=SimpleNamespace(owner={"peru": 1}))
    (callout,) = board_callouts(held)  # type: ignore[arg-type]
    assert callout.lines == ("⚔ 6 5 3 vs 6 2", "−1 / −1") and not callout.taken
    assert callout.tone == "won"  # the defender held: the even trade went their way


def test_the_replays_battles_get_callouts() -> None:
    """Capital Risk's replay step of a battle and the Great War's frame of an attack show
    how it ended at the territory fought for."""
    from ui.capital.replay import Step, step_callouts
    from ui.greatwar1907.replay import Frame, frame_callouts

    step = Step("Battle 1 of 1", "Ada Peru (5) v Bob Brazil (2) — Ada takes it with 4", {}, {},
                (("peru", "brazil"),), ("Round 1: ...", "Round 2: ..."), "brazil")  # fmt: skip
    (callout,) = step_callouts(step)
    assert callout.lines == ("Ada takes it with 4", "2 rounds") and callout.taken
    assert step_callouts(Step("Resolved", "Positions", {}, {})) == []
    frame = Frame("Attack 1 of 1", "x", None, {"war": "conquered", "ber": "moved"}, ("r1",))  # type: ignore[arg-type]
    (callout,) = frame_callouts(frame)
    assert callout.territory == "war" and callout.lines == ("⚔ Taken", "1 round")
