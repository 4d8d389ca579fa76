"""Small HTML pieces the Risk, Paper, Scissors panels share (pure)."""

from __future__ import annotations

from html import escape

from engine.rulesets.risk_paper_scissors.state import RpsState
from ui.risk_paper_scissors.tips import UNIT_TIPS
from ui.shell.tips import TipKind, tip

UNIT_LABELS = (("e", "Elementals"), ("j", "Jaguars"), ("w", "Wolves"))


def color_of(state: RpsState, seat: int) -> str:
    """The seat's colour as the board draws it (the engine's default names are not
    colours a page can use)."""
    from ui.risk_paper_scissors.render import styles_of

    return styles_of(state)[seat].color


def button(
    label: str,
    action: str,
    testid: str,
    cls: str = "",
    *,
    off: bool = False,
    hint: tuple[TipKind, str] | None = None,
    **data: object,
) -> str:
    """A button; ``hint``: its tip, (kind, text) (:func:`ui.shell.tips.tip`)."""
    attrs = "".join(f' data-{k.replace("_", "-")}="{escape(str(v))}"' for k, v in data.items())
    if hint is not None:
        attrs += tip(*hint)
    disabled = " disabled" if off else ""
    return (
        f'<button type="button" class="btn {cls}" data-action="{action}"'
        f' data-testid="{testid}"{attrs}{disabled}>{label}</button>'
    )


def unit_stepper(action: str, prefix: str, unit: str, count: int, after: str = "") -> str:
    """A unit kind's − count + buttons (test ids ``{prefix}-{unit}-minus`` / ``-plus``,
    the count ``{prefix}-{unit}``), both buttons with the unit's tip."""
    hint: tuple[TipKind, str] = ("unit", UNIT_TIPS[unit])
    return (
        button("−", action, f"{prefix}-{unit}-minus", "small", unit=unit, delta=-1, hint=hint)
        + f'<strong data-testid="{prefix}-{unit}">{count}</strong>{after}'
        + button("+", action, f"{prefix}-{unit}-plus", "small", unit=unit, delta=1, hint=hint)
    )
