"""The board viewport's pure pieces (ui/shell/board.py): which labels win a collision,
the box a phone opens on, the action to follow; and what every renderer tells the
viewport (issue 28)."""

from __future__ import annotations

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
