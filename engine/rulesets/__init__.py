"""The shipped rulesets; importing this package registers them."""

from engine.rulesets import capital as capital
from engine.rulesets import classic as classic

__all__ = ["classic"]
