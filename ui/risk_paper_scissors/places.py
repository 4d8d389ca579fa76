"""Where each Risk, Paper, Scissors territory is drawn: the shapes and label points of
the 42 land territories (``maps/classic_geometry.json``), the 12 water regions and the
Moon inset (``maps/risk_paper_scissors_geometry.json``), and the map file's names, kinds
and groups, each read once.  Moon points come in the Moon's own 200-unit viewBox and are
placed on the Earth's by :func:`on_earth` (the inset's ``place``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

Point = tuple[float, float]


@cache
def geometry_data() -> tuple[Mapping[str, Any], Mapping[str, Any], Mapping[str, Any]]:
    """Classic geometry, RPS geometry and the RPS map file, read once."""
    from maps import read_map_file

    return (
        read_map_file("classic_geometry.json"),
        read_map_file("risk_paper_scissors_geometry.json"),
        read_map_file("risk_paper_scissors.json"),
    )


@cache
def territory_kinds() -> dict[str, str]:
    """Territory id -> ``land``, ``water`` or ``lunar``, in map order."""
    return {t["id"]: t["kind"] for t in geometry_data()[2]["territories"]}


@cache
def territory_names() -> dict[str, str]:
    return {t["id"]: t["name"] for t in geometry_data()[2]["territories"]}


@cache
def group_of() -> dict[str, str]:
    return {t["id"]: t["group"] for t in geometry_data()[2]["territories"]}


@cache
def groups() -> dict[str, Mapping[str, Any]]:
    return {g["id"]: g for g in geometry_data()[2]["groups"]}


def moon_transform() -> tuple[float, float, float]:
    """(x, y, scale) placing the Moon's viewBox on the Earth's."""
    moon = geometry_data()[1]["moon"]
    x, y, width, _ = moon["place"]
    return float(x), float(y), float(width) / float(moon["viewBox"][2])


def on_earth(point: Sequence[float]) -> Point:
    x, y, scale = moon_transform()
    return x + float(point[0]) * scale, y + float(point[1]) * scale


@cache
def label_points() -> dict[str, Point]:
    """Where each territory's badge sits, in Earth viewBox units (Moon ones transformed)."""
    classic, rps, _ = geometry_data()
    points: dict[str, Point] = {}
    for tid, kind in territory_kinds().items():
        if kind == "land":
            x, y = classic["territories"][tid]["label"]
            points[tid] = (float(x), float(y))
        elif kind == "water":
            x, y = rps["water"][tid]["label"]
            points[tid] = (float(x), float(y))
        else:
            points[tid] = on_earth(rps["moon"]["territories"][tid]["label"])
    return points


def shape_of(tid: str) -> str:
    classic, rps, _ = geometry_data()
    kind = territory_kinds()[tid]
    if kind == "land":
        return str(classic["territories"][tid]["d"])
    if kind == "water":
        return str(rps["water"][tid]["d"])
    return str(rps["moon"]["territories"][tid]["d"])


@cache
def lunar_rows() -> dict[str, Mapping[str, Any]]:
    return {t["id"]: t for t in geometry_data()[2]["territories"] if t["kind"] == "lunar"}
