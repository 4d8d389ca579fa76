"""What the page draws from the other modules of this wing (pure): the board with the
player's selection and planned path, the status strip, the battle preview and the final
scoring (the renderer's render, battle_view and scoring_view), for the session's viewer.
"""

from __future__ import annotations

from ui.risk_paper_scissors import entry
from ui.risk_paper_scissors.entry import Plan, side_of
from ui.risk_paper_scissors.session import Session
from ui.shell.board import Callout, OrderArrow


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
        orders=board_orders(session, plan),
        callouts=board_callouts(session),
    )


def board_orders(session: Session, plan: Plan | None) -> list[OrderArrow]:
    """The attack being written, as an arrow with its force (issue 28): a tap on it is
    the panel's Cancel."""
    if plan is None or plan.order.KIND != "Attack":
        return []
    from ui.risk_paper_scissors.marks import unit_text

    order = plan.order
    force = unit_text(side_of(session.draft.force))
    label = f"Attack {session.name(order.target)} from {session.name(order.origin)}"
    return [OrderArrow(order.origin, order.target, force, label, "rps-cancel", kind="attack")]


def board_callouts(session: Session) -> list[Callout]:
    """The last battle of the player on move, in a callout at the territory fought for:
    its outcome and rounds."""
    fought = session.last_battle
    if not fought or "outcome" not in fought or "target" not in fought:
        return []
    state = session.state
    seat = fought.get("seat")
    if seat is not None and seat != state.current:
        return []  # another player's turn now: their battle is in the log
    outcome = str(fought["outcome"])
    lines = [outcome.capitalize()]
    if fought.get("rounds"):
        lines[0] += f" after {fought['rounds']} round{'s' if fought['rounds'] != 1 else ''}"
    if "attacker_left" in fought:
        from engine.rulesets.risk_paper_scissors.battle import parse_side
        from ui.risk_paper_scissors.battle_view import side_short

        left = [side_short(parse_side(str(fought[k]))) for k in ("attacker_left", "defender_left")]
        lines.append(f"left {left[0]} / {left[1]}")
    won = outcome in ("capture", "empty")
    tone = ""
    if session.viewer is not None and session.viewer == seat:
        tone = "won" if won else "lost"
    elif session.viewer is not None and session.viewer == fought.get("defender"):
        tone = "lost" if won else "won"
    return [Callout(str(fought["target"]), tuple(lines), tone, outcome == "capture")]


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
