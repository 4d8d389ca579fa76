"""The table of computer players agrees with what the modules register."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

from engine.ai import _PLAYERS, levels
from engine.core import find_ruleset, ruleset_names

ROOT = Path(__file__).resolve().parent.parent


def test_every_listed_player_is_registered_by_its_module() -> None:
    listed = {
        (name, level): module
        for name in ruleset_names()
        for level, module in find_ruleset(name).computer_players.items()
    }
    for (ruleset, control), module in listed.items():
        importlib.import_module(module)
        assert (ruleset, control) in _PLAYERS, (ruleset, control, module)
    assert set(_PLAYERS) >= set(listed)
    assert levels("classic") == ["baseline", "easy", "expert", "good", "standard"]
    assert levels("capital") == ["baseline", "easy", "expert", "good", "standard"]


def test_listing_levels_imports_no_player() -> None:
    """The page lists the levels at start-up; that must not import the players."""
    code = (
        "import sys; from engine.ai import levels; levels('classic'); "
        "print(any(m.startswith('engine.rulesets.classic.ai') for m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False"


def test_rulesets_load_on_demand_and_aliases_resolve() -> None:
    """Rulesets are plug-ins listed as data; an alias finds its ruleset; asking for
    Classic does not load Capital Risk."""
    code = (
        "import sys; from engine.core import find_ruleset; find_ruleset('classic'); "
        "print('engine.rulesets.capital' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False"
    from engine.core import find_ruleset, ruleset_names

    assert find_ruleset("capital-risk").name == "capital"
    assert find_ruleset("risk").name == "classic"
    assert find_ruleset("rps").name == "risk_paper_scissors"
    assert find_ruleset("gw1907").name == "greatwar1907"
    assert ruleset_names() == ["capital", "classic", "greatwar1907", "risk_paper_scissors"]
