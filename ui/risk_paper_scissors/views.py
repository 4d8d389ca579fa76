"""What the page draws from the other modules of this wing (pure): the board with the
player's selection and planned path, the status strip, the battle preview and the final
scoring (the renderer's render, battle_view and scoring_view), for the session's viewer.
"""

from __future__ import annotations

from ui.risk_paper_scissors import entry
from ui.risk_paper_scissors.entry import Plan, side_of
from ui.risk_paper_scissors.session import Session


def board_svg(session: Session, plan: Plan | None) -> str:
    from ui.risk_paper_scissors.render import render_board

    draft = session.draft
    path = plan.path if plan is not None else ()
    selected = draft.origin or draft.buy_at or draft.headquarters
    return render_board(
        session.state,
        viewer=session.viewer,
        selected=selected,
        targets=entry.clickable(session),
        path=path,
    )


def battle_preview(session: Session, plan: Plan | None) -> str:
    """The exact battle of the attack being written, round by round ("" if none)."""
    if plan is None or plan.order.KIND != "Attack" or plan.order.target not in session.state.owner:
        return ""
    from ui.risk_paper_scissors.battle_view import battle_html

    order = plan.order
    return battle_html(session.state, order.origin, order.target, side_of(session.draft.force))


def status_html(session: Session) -> str:
    from ui.risk_paper_scissors.scoring_view import status_html as strip

    return strip(session.state, viewer=session.viewer, sealed=bool(session.sealed_round))


def scoring_html(session: Session) -> str:
    from ui.risk_paper_scissors.scoring_view import scoring_html as final

    return (
        '<div class="winner-card rps-final" data-testid="scoring">'
        f"{final(session.state, viewer=session.viewer)}"
        '<div class="row end"><button type="button" class="btn" data-action="rps-close-scoring"'
        ' data-testid="close-scoring">Close</button></div></div>'
    )
