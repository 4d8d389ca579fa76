"""Map data shipped with the game: ``<id>.json`` (graph, continents, deck) and
``<id>_geometry.json`` (SVG shapes).  See README.md in this folder for the format."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


def read_map_file(filename: str) -> dict[str, Any]:
    """The parsed JSON of one file in this package, e.g. ``"classic.json"``.

    :raises FileNotFoundError: when the package holds no such file.
    """
    text = resources.files(__name__).joinpath(filename).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data
