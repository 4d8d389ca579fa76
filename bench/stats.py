"""Summaries of repeated measurements: median with min and max."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable
from typing import Any

Summary = dict[str, Any]


def summarize(values: Iterable[float | None], digits: int = 3) -> Summary:
    """``{"median", "min", "max", "runs", "values"}`` of the measured values (None and NaN
    values, i.e. failed runs, are left out of the figures but counted in ``failed``)."""
    raw = list(values)
    good = [float(v) for v in raw if v is not None and not math.isnan(v)]
    if not good:
        return {
            "median": None,
            "min": None,
            "max": None,
            "runs": 0,
            "failed": len(raw),
            "values": [],
        }
    return {
        "median": round(statistics.median(good), digits),
        "min": round(min(good), digits),
        "max": round(max(good), digits),
        "runs": len(good),
        "failed": len(raw) - len(good),
        "values": [round(v, digits) for v in good],
    }


def median_of(summary: Summary | None) -> float | None:
    if not summary:
        return None
    value = summary.get("median")
    return None if value is None else float(value)
