"""What a player's text must not contain (issue 29): file paths, module names, option keys,
rule ids.  Shared by the unit tests of the rulebooks and the e2e scan of the shown help."""

from __future__ import annotations

import re

FORBIDDEN: dict[str, re.Pattern[str]] = {
    "a file path": re.compile(
        r"\b(?:docs|engine|ui|maps|tests|tools|shared|specs|seeds|bench|e2e)/|"
        r"\b[\w-]+\.(?:py|md|json|txt|html|svg)\b"
    ),
    "a module name": re.compile(r"\b(?:engine|ui)\.\w|\.py\b"),
    "an option key": re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b"),
    "a rule id": re.compile(r"\b[RD]\d+\b|§"),
    "code formatting": re.compile(r"`"),
}


def findings(text: str) -> list[str]:
    """Every forbidden piece of ``text``, as "<kind>: <match>" (empty: the text is clean)."""
    found: list[str] = []
    for kind, pattern in FORBIDDEN.items():
        found += [f"{kind}: {m.group(0)!r}" for m in pattern.finditer(text)]
    return found
