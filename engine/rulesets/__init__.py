"""The shipped rulesets, as data: each name and the module that registers it.

A ruleset module is imported when the ruleset is first asked for
(:func:`engine.core.find_ruleset`), so a page that plays Classic never loads the others.
"""

MODULES: dict[str, str] = {
    "classic": "engine.rulesets.classic",
    "capital": "engine.rulesets.capital",
    "risk_paper_scissors": "engine.rulesets.risk_paper_scissors",
}
