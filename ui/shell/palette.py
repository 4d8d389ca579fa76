"""Seat colours that stay distinguishable for colour-blind players.

The palette is drawn from Okabe & Ito's "Color Universal Design" set (2008), chosen so
that every pair stays apart under simulated protanopia, deuteranopia and tritanopia
(see tests/test_palette.py).  Colour is never the only cue: every seat also has a
pattern for its territories and an initial in its army badge (ui/shell/render.py).

The simulation uses Machado, Oliveira & Fernandes (2009) matrices at severity 1.0,
applied in linear RGB; distances are CIE76 Delta-E in CIELAB (D65).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]
Lab = tuple[float, float, float]


@dataclass(frozen=True)
class SeatStyle:
    """How one seat looks on the board: colour, its name, a fill pattern id."""

    color: str
    name: str
    pattern: str


# Okabe-Ito colours, in seat order.  Black gives the sixth seat maximum contrast.
SEAT_STYLES: tuple[SeatStyle, ...] = (
    SeatStyle("#D55E00", "vermilion", "stripes"),
    SeatStyle("#0072B2", "blue", "dots"),
    SeatStyle("#F0E442", "yellow", "cross"),
    SeatStyle("#009E73", "green", "back-stripes"),
    SeatStyle("#CC79A7", "pink", "grid"),
    SeatStyle("#000000", "black", "rings"),
)
PALETTE: tuple[str, ...] = tuple(s.color for s in SEAT_STYLES)
# Capital Risk has up to eight factions: the six seats plus two more, chosen (like the six)
# to stay apart under the simulated deficiencies (tests/test_ui_capital_palette.py).
FACTION_STYLES: tuple[SeatStyle, ...] = (
    *SEAT_STYLES,
    SeatStyle("#664400", "brown", "hlines"),
    SeatStyle("#EE44EE", "magenta", "vlines"),
)
NEUTRAL = SeatStyle("#CCCCCC", "grey", "none")
UNOWNED_FILL = "#EEF0F2"
SEA = "#CFE3EE"

MACHADO: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def hex_to_rgb(color: str) -> tuple[float, float, float]:
    """``"#RRGGBB"`` as sRGB components in 0..1."""
    text = color.lstrip("#")
    if len(text) != 6:
        raise ValueError(f"expected #RRGGBB, got {color!r}")
    return (int(text[0:2], 16) / 255, int(text[2:4], 16) / 255, int(text[4:6], 16) / 255)


def rgb_to_hex(rgb: Sequence[float]) -> str:
    return "#" + "".join(f"{round(min(1.0, max(0.0, c)) * 255):02X}" for c in rgb)


def _to_linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _to_srgb(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def simulate(color: str, deficiency: str) -> str:
    """How ``color`` looks to a viewer with ``deficiency`` (a key of :data:`MACHADO`)."""
    matrix = MACHADO[deficiency]
    linear = [_to_linear(c) for c in hex_to_rgb(color)]
    out = [sum(matrix[r][k] * linear[k] for k in range(3)) for r in range(3)]
    return rgb_to_hex([_to_srgb(c) for c in out])


def to_lab(color: str) -> Lab:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (_to_linear(c) for c in hex_to_rgb(color))
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(a: str, b: str) -> float:
    """CIE76 colour difference between two sRGB colours."""
    la, lb = to_lab(a), to_lab(b)
    return float(sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5)


def tint(color: str, amount: float) -> str:
    """``color`` mixed with white: ``amount`` 0 is white, 1 the colour itself."""
    return rgb_to_hex([1 - amount * (1 - c) for c in hex_to_rgb(color)])


def text_color_on(color: str) -> str:
    """Black or white, whichever reads better on ``color``."""
    return "#000000" if to_lab(color)[0] > 55 else "#FFFFFF"


def seat_style(seat: int, color: str | None = None, neutral: bool = False) -> SeatStyle:
    """The style of a seat; a player-chosen ``color`` replaces the palette colour."""
    if neutral:
        return NEUTRAL
    base = FACTION_STYLES[seat % len(FACTION_STYLES)]
    if color:
        return SeatStyle(color, base.name, base.pattern)
    return base
