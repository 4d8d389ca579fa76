"""The seat palette stays distinguishable under simulated colour-vision deficiencies."""

from __future__ import annotations

from itertools import combinations

import pytest

from ui.shell.palette import (
    MACHADO,
    NEUTRAL,
    PALETTE,
    SEAT_STYLES,
    delta_e,
    hex_to_rgb,
    simulate,
    text_color_on,
    tint,
    to_lab,
)

NORMAL_MIN = 30.0  # CIE76: ~2.3 is a just-noticeable difference; 30 is "clearly different"
SIMULATED_MIN = 15.0
ALL = (*PALETTE, NEUTRAL.color)


def test_lab_reference_values() -> None:
    """White is L*=100 and neutral; pure sRGB red matches the textbook Lab value."""
    white = to_lab("#FFFFFF")
    assert white[0] == pytest.approx(100, abs=0.01)
    assert abs(white[1]) < 0.01 and abs(white[2]) < 0.01
    red = to_lab("#FF0000")
    assert red == pytest.approx((53.24, 80.09, 67.20), abs=0.05)


def test_simulation_matrices_keep_greys_grey() -> None:
    """Machado matrices map white to white and grey to grey (rows sum to 1)."""
    for name, matrix in MACHADO.items():
        for row in matrix:
            assert sum(row) == pytest.approx(1.0, abs=1e-3), name
        assert delta_e(simulate("#808080", name), "#808080") < 1.0


def test_simulation_confuses_red_and_green() -> None:
    """Sanity check of the simulation: red/green are far apart normally, close when simulated."""
    normal = delta_e("#D62728", "#2CA02C")
    deutan = delta_e(simulate("#D62728", "deuteranopia"), simulate("#2CA02C", "deuteranopia"))
    assert deutan < normal / 2


def test_palette_pairwise_distinct_normal_vision() -> None:
    for a, b in combinations(ALL, 2):
        assert delta_e(a, b) > NORMAL_MIN, (a, b)


@pytest.mark.parametrize("deficiency", sorted(MACHADO))
def test_palette_pairwise_distinct_simulated(deficiency: str) -> None:
    for a, b in combinations(ALL, 2):
        d = delta_e(simulate(a, deficiency), simulate(b, deficiency))
        assert d > SIMULATED_MIN, (deficiency, a, b, round(d, 1))


def test_six_seats_with_distinct_patterns() -> None:
    assert len(SEAT_STYLES) == 6
    assert len({s.pattern for s in SEAT_STYLES}) == 6
    assert len({s.color.upper() for s in SEAT_STYLES}) == 6


def test_helpers() -> None:
    assert hex_to_rgb("#FF8000") == pytest.approx((1.0, 128 / 255, 0.0))
    assert tint("#000000", 0.0) == "#FFFFFF"
    assert tint("#0072B2", 1.0) == "#0072B2"
    assert text_color_on("#000000") == "#FFFFFF"
    assert text_color_on("#F0E442") == "#000000"
    with pytest.raises(ValueError):
        hex_to_rgb("red")
