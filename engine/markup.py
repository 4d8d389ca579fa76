"""The one escaping of user strings for a report's formats (pure).

Every report export (the engine's ``report --format``, each ruleset's, and the pages'
exports through ``ui.shell.export``, which re-exports this module's functions) makes
what players typed — names, a deadline, comments — inert with :func:`escape_markup`,
so that a name reads as typed and never as a tag, a link, an image or a new line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

FORMATS = ("text", "bbcode", "markdown")

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~&])")
_LINE_BREAK = re.compile(r"[\r\n\u2028\u2029\x85\x0b\x0c]+")


def escape_markup(text: str, fmt: str) -> str:
    """``text`` (a name, a deadline: anything a player typed) made inert in ``fmt``:
    BBCode gets its brackets as full-width brackets (no forum parses those as a tag),
    Markdown gets every punctuation mark that could start markup backslash-escaped;
    in both a line break becomes a space (a typed name cannot start a line of its own).
    ``text`` is returned as it is."""
    if fmt == "bbcode":
        return _LINE_BREAK.sub(" ", text.replace("[", "\uff3b").replace("]", "\uff3d"))
    if fmt == "markdown":
        return _LINE_BREAK.sub(" ", _MARKDOWN_SPECIAL.sub(r"\\\1", text))
    return text


def escape_typed(value: Any, typed: Iterable[str], fmt: str) -> Any:
    """A copy of ``value`` (strings, lists and dicts of them) with every occurrence of a
    ``typed`` string escaped for ``fmt`` in one pass (longest first), so that an escape is
    never escaped again; for a report whose engine prose quotes what players typed."""
    names = sorted({t for t in typed if t}, key=len, reverse=True)
    if fmt == "text" or not names:
        return value
    pattern = re.compile("|".join(re.escape(n) for n in names))

    def esc(item: Any) -> Any:
        if isinstance(item, str):
            return pattern.sub(lambda m: escape_markup(m.group(0), fmt), item)
        if isinstance(item, list | tuple):
            return [esc(v) for v in item]
        if isinstance(item, dict):
            return {k: esc(v) for k, v in item.items()}
        return item

    return esc(value)
