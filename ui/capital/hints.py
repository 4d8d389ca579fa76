"""What a Capital Risk faction should do next, and what an offense is (pure text for
the order panel; Classic's turn banner has the same kind of line)."""

from __future__ import annotations

from ui.capital import entry
from ui.capital.session import CapitalSession

OFFENSES_EXPLAINED = (
    "An offense is a part of your orders the rules cannot carry out as written (more"
    " units than you have, a placement over a territory's limit, an attack from a"
    " territory that cannot spare the units). Nothing is refused: when the turn resolves,"
    " that part is cut to what the rules allow, and the turn report lists every cut"
    " under Offenses. The list above shows what would be cut now, so you can fix it first."
)


def phase_hint(session: CapitalSession) -> str:
    """One line: the next step of the faction behind the screen, then how the turn ends."""
    f = session.viewer
    if f is None:
        return ""
    state, draft = session.state, session.draft
    left = entry.left(state, f, draft)
    total = entry.pool(state, f, draft)
    if session.setup:
        if draft.capital is None:
            return (
                f"Next: choose your secret capital, then place your {total} starting units"
                " and Seal setup."
            )
        if left:
            return (
                f"Next: place your starting units ({left} of {total} left) — Place, then click"
                " your territories; then Seal setup."
            )
        return "Ready: Seal setup. Nothing is revealed until every faction has sealed."
    if left:
        return (
            f"Next: place your reinforcements ({left} of {total} left), then write attacks, a"
            " surge or a tactical move if you want them, and Seal orders."
        )
    return (
        "Next: write attacks (Attack), a surge or a tactical move, or none; then Seal orders."
        " Every faction's orders resolve together once all have sealed."
    )
