"""Where the Great War 1907 board writes each name (pure, computed once per geometry).

The geometry gives one label point per province and district; the unit badge sits on
it. A name goes below its badge unless that covers another badge or a name already
placed, then above, then beside it; a district's name goes above its fleets, else
below them. Small places packed together (the Low Countries, Greece, the Sea of
Marmara) are where this matters. A name with no free spot keeps its first one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
CHAR_WIDTH = 0.56  # of the font size: an average letter of a sans-serif face


def text_box(x: float, baseline: float, text: str, size: float) -> Box:
    """The box of centred text on ``baseline``."""
    half = CHAR_WIDTH * size * len(text) / 2
    return (x - half, baseline - 0.75 * size, x + half, baseline + 0.22 * size)


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def place_names(
    provinces: Mapping[str, tuple[str, Sequence[float]]],
    seas: Mapping[str, tuple[str, Sequence[float]]],
    sizes: Mapping[str, float],
) -> dict[str, tuple[float, float]]:
    """id -> the name's anchor (centre x, baseline y).

    :param provinces: id -> (name, label point); the badge of radius ``sizes["badge"]``
        is on the label point.
    :param seas: id -> (name, label point); the fleets are drawn from the label point
        down (``sizes["fleet"]`` high for the first).
    :param sizes: ``badge``, ``name``, ``sea_name``, ``fleet``.
    """
    r, name, sea_name, fleet = sizes["badge"], sizes["name"], sizes["sea_name"], sizes["fleet"]
    taken: list[Box] = [(x - r, y - r, x + r, y + r) for _, (x, y) in provinces.values()]
    taken += [(x - 10, y, x + 10, y + fleet + 1) for _, (x, y) in seas.values()]
    spots: dict[str, tuple[float, float]] = {}

    def choose(
        key: str, text: str, size: float, candidates: list[tuple[float, float]], own: Box
    ) -> None:
        for x, y in candidates:
            box = text_box(x, y, text, size)
            if not any(overlaps(box, other) for other in taken if other != own):
                break
        else:
            x, y = candidates[0]
        taken.append(text_box(x, y, text, size))
        spots[key] = (x, y)

    for key, (text, (x, y)) in provinces.items():
        own = (x - r, y - r, x + r, y + r)
        half = CHAR_WIDTH * name * len(text) / 2
        candidates = [
            (x, y + r + name - 0.5),
            (x + r + 1.5 + half, y + name * 0.35),
            (x - r - 1.5 - half, y + name * 0.35),
            (x, y - r - 1.5),  # last: the supply overlay's tag goes there
        ]
        choose(key, text, name, candidates, own)
    for key, (text, (x, y)) in seas.items():
        own = (x - 10, y, x + 10, y + fleet + 1)
        half = CHAR_WIDTH * sea_name * len(text) / 2
        candidates = [
            (x, y - 4),
            (x, y + fleet + sea_name + 1),
            (x + 11 + half, y + sea_name),
            (x - 11 - half, y + sea_name),
        ]
        choose(key, text, sea_name, candidates, own)
    return spots
