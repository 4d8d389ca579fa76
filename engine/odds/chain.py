"""The battle as an absorbing Markov chain, solved bottom-up (no recursion)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from types import MappingProxyType
from typing import Protocol

from engine.odds.models import (
    _DECISION_SLACK,
    CLASSIC,
    ClassicDice,
    Outcome,
    RoundModel,
    _advantage_classes,
    _AdvantageClass,
    _classic_table,
)

# --------------------------------------------------------------------------
# Backward pass: conquest probability tables
# --------------------------------------------------------------------------


def _check_sizes(attackers: int, defenders: int) -> None:
    """Reject negative unit counts."""
    if attackers < 0 or defenders < 0:
        raise ValueError(f"unit counts must be non-negative, got {attackers} v {defenders}")


class _CellFn(Protocol):
    """Computes ``V(a, d)`` from already-solved smaller cells."""

    def __call__(self, rows: list[list[float]], a: int, d: int) -> float:
        """Value of one non-terminal cell."""
        ...


def _extend(rows: list[list[float]], attackers: int, defenders: int, cell: _CellFn) -> None:
    """Grow a ``V[a][d]`` table in place to cover ``attackers`` x ``defenders``.

    Row-major ascending order is a topological order: every transition goes
    to a smaller ``a``, or to the same ``a`` with a smaller ``d``.
    """
    if rows and len(rows) > attackers and len(rows[0]) > defenders:
        return
    width = max(defenders, len(rows[0]) - 1 if rows else 0) + 1
    for a in range(max(attackers + 1, len(rows))):
        if a == len(rows):
            rows.append([])
        row = rows[a]
        for d in range(len(row), width):
            if a == 0 or d == 0:
                # Absorbing: conquest iff defenders gone and someone to move in.
                row.append(1.0 if d == 0 and a > 0 else 0.0)
            else:
                row.append(cell(rows, a, d))


def _transition(model: RoundModel, a: int, d: int) -> Sequence[Outcome]:
    """The model's round outcomes at ``(a, d)``, validated against the contract."""
    outcomes = model.round_outcomes(a, d)
    for _, la, ld in outcomes:
        if la + ld < 1 or la > a or ld > d or la < 0 or ld < 0:
            raise ValueError(f"{model!r} gives impossible losses ({la}, {ld}) at {a} v {d}")
    return outcomes


def _outcomes_of(model: RoundModel) -> Callable[[int, int], Sequence[Outcome]]:
    """The model's validated round outcomes by state, looked up rather than rebuilt for
    states that share them: a model may say which do with ``round_key(a, d)`` (Classic:
    the dice counts), which keeps 100 v 100 well inside its time budget."""
    key_of = getattr(model, "round_key", None)
    known: dict[object, Sequence[Outcome]] = {}

    def outcomes_at(a: int, d: int) -> Sequence[Outcome]:
        key = (a, d) if key_of is None else key_of(a, d)
        outcomes = known.get(key)
        if outcomes is None:
            outcomes = known[key] = tuple(_transition(model, a, d))
        return outcomes

    return outcomes_at


def _plain_cell(model: RoundModel) -> _CellFn:
    """Cell function of a plain round model."""
    outcomes_at = _outcomes_of(model)

    def cell(rows: list[list[float]], a: int, d: int) -> float:
        outcomes = outcomes_at(a, d)
        total = 0.0
        for p, la, ld in outcomes:
            total += p * rows[a - la][d - ld]
        return total

    return cell


def _advantage_choices(
    model: ClassicDice, adv: list[list[float]], a: int, d: int
) -> list[tuple[_AdvantageClass, bool, float]]:
    """The optimal attacker's move for each roll class at ``(a, d)``.

    Returns ``(class, rerolled, value)`` per class.  The advantage is offered
    after every roll (RULINGS §1), so whether the roll is kept or re-rolled the
    next roll has it again (``adv`` table).  Re-rolling must beat keeping by
    more than float noise, so mathematically equal choices always keep.
    """
    dice = model.round_key(a, d)
    outcomes = _classic_table(*dice)
    after_keep = [adv[a - la][d - ld] for _, la, ld in outcomes]
    after_reroll = after_keep
    choices = []
    for cls in _advantage_classes(*dice):
        keep_value = after_keep[cls.keep]
        reroll_value = sum(q * v for q, v in zip(cls.reroll, after_reroll, strict=True))
        if reroll_value > keep_value + _DECISION_SLACK:
            choices.append((cls, True, reroll_value))
        else:
            choices.append((cls, False, keep_value))
    return choices


@dataclass
class _Tables:
    """Solved conquest probabilities of one model, grown on demand."""

    plain: list[list[float]] = field(default_factory=list)
    advantage: list[list[float]] = field(default_factory=list)


_TABLES: dict[RoundModel, _Tables] = {}


def _advantage_cell(model: ClassicDice) -> _CellFn:
    """Cell function of classic dice with the attack advantage on every roll."""

    def cell(rows: list[list[float]], a: int, d: int) -> float:
        choices = _advantage_choices(model, rows, a, d)
        return sum(cls.weight * value for cls, _, value in choices)

    return cell


def _uses_advantage(model: RoundModel) -> bool:
    """Whether ``model`` is classic dice with the re-roll after every roll."""
    return isinstance(model, ClassicDice) and model.advantage


def _solve(model: RoundModel, attackers: int, defenders: int) -> _Tables:
    """Conquest tables of ``model`` covering at least ``attackers`` x ``defenders``."""
    tables = _TABLES.setdefault(model, _Tables())
    if isinstance(model, ClassicDice) and model.advantage:
        _extend(tables.advantage, attackers, defenders, _advantage_cell(model))
    else:
        _extend(tables.plain, attackers, defenders, _plain_cell(model))
    return tables


def _played_round(model: RoundModel, tables: _Tables, a: int, d: int) -> list[Outcome]:
    """One roll's losses at ``(a, d)`` as the optimal attacker plays it: with the attack
    advantage, each roll class kept or its lowest die re-rolled as the solved
    ``tables.advantage`` says (covering ``(a, d)``); otherwise the plain round."""
    if not (isinstance(model, ClassicDice) and model.advantage):
        return list(model.round_outcomes(a, d))
    outcomes = _classic_table(*model.round_key(a, d))
    mass = [0.0] * len(outcomes)
    for cls, rerolled, _ in _advantage_choices(model, tables.advantage, a, d):
        if rerolled:
            for i, q in enumerate(cls.reroll):
                mass[i] += cls.weight * q
        else:
            mass[cls.keep] += cls.weight
    return [(p, la, ld) for p, (_, la, ld) in zip(mass, outcomes, strict=True) if p]


# --------------------------------------------------------------------------
# Forward pass: distribution of terminal states
# --------------------------------------------------------------------------


def _grid(attackers: int, defenders: int) -> list[list[float]]:
    """A zeroed ``(attackers + 1) x (defenders + 1)`` mass table."""
    return [[0.0] * (defenders + 1) for _ in range(attackers + 1)]


@lru_cache(maxsize=256)
def _distribution(
    model: RoundModel, attackers: int, defenders: int
) -> tuple[tuple[tuple[int, int], float], ...]:
    """Terminal-state probabilities, pushed forward from ``(attackers, defenders)``.

    Cells are visited in descending row-major order, the reverse of the
    backward pass, so each cell has received all its mass before it is
    spread.  With the advantage (offered after every roll) the mass stays in
    one layer, the optimal choices coming from the solved backward table.
    """
    unused = _grid(attackers, defenders)  # advantage still available
    spent = _grid(attackers, defenders) if _uses_advantage(model) else unused
    tables = _solve(model, attackers, defenders) if spent is not unused else None
    unused[attackers][defenders] = 1.0
    outcomes_at = _outcomes_of(model)
    result: dict[tuple[int, int], float] = {}
    for a in range(attackers, -1, -1):
        for d in range(defenders, -1, -1):
            if a == 0 or d == 0:
                mass = unused[a][d] + (spent[a][d] if tables is not None else 0.0)
                if mass:
                    result[(a, d)] = mass
                continue
            if tables is not None and unused[a][d]:
                mass = unused[a][d]
                for p, la, ld in _played_round(model, tables, a, d):
                    unused[a - la][d - ld] += mass * p
            mass = spent[a][d]  # the plain layer when there is no advantage
            if mass:
                for p, la, ld in outcomes_at(a, d):
                    spent[a - la][d - ld] += mass * p
    return tuple(sorted(result.items()))


# --------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class BattleOdds:
    """Exact odds of one battle fought to the end.

    ``distribution`` maps each terminal ``(attacker survivors, defender
    survivors)`` to its probability; ``expected_survivors_if_win`` is the
    expected number of attacking survivors given a conquest (0 when a
    conquest is impossible).
    """

    attackers: int
    defenders: int
    win_probability: float
    distribution: Mapping[tuple[int, int], float] = field(hash=False)
    expected_attacker_losses: float
    expected_defender_losses: float
    expected_survivors_if_win: float


def _summarise(
    attackers: int,
    defenders: int,
    distribution: Sequence[tuple[tuple[int, int], float]],
    win: float,
) -> BattleOdds:
    """Bundle a terminal distribution into :class:`BattleOdds`."""
    lost_a = sum(p * (attackers - a) for (a, _), p in distribution)
    lost_d = sum(p * (defenders - d) for (_, d), p in distribution)
    won = sum(p * a for (a, d), p in distribution if d == 0 and a > 0)
    return BattleOdds(
        attackers=attackers,
        defenders=defenders,
        win_probability=win,
        distribution=MappingProxyType(dict(distribution)),
        expected_attacker_losses=lost_a,
        expected_defender_losses=lost_d,
        expected_survivors_if_win=won / win if win > 0 else 0.0,
    )


def _with_advantage(model: RoundModel, advantage: bool) -> RoundModel:
    """``model`` with the attack advantage switched on when asked (classic dice only)."""
    if not advantage:
        return model
    if not isinstance(model, ClassicDice):
        raise ValueError(f"attack advantage only exists for classic dice, not {model!r}")
    return replace(model, advantage=True)


def win_probability(
    attackers: int, defenders: int, model: RoundModel = CLASSIC, *, advantage: bool = False
) -> float:
    """Probability that ``attackers`` conquer ``defenders`` fighting to the end.

    ``advantage=True`` is shorthand for ``model=ClassicDice(advantage=True)``.

    For :class:`ClassicDice` with ``advantage`` the attacker re-rolls
    optimally: after every roll (RULINGS §1) they compare the conquest
    probability of keeping the roll with the expected conquest probability of
    re-rolling their lowest die and take the larger, keeping on
    (near-)equality.
    """
    _check_sizes(attackers, defenders)
    model = _with_advantage(model, advantage)
    tables = _solve(model, attackers, defenders)
    rows = tables.advantage if _uses_advantage(model) else tables.plain
    return rows[attackers][defenders]


def outcome_distribution(
    attackers: int, defenders: int, model: RoundModel = CLASSIC
) -> dict[tuple[int, int], float]:
    """Probability of each terminal ``(attacker survivors, defender survivors)`` state."""
    _check_sizes(attackers, defenders)
    return dict(_distribution(model, attackers, defenders))


def expected_losses(
    attackers: int, defenders: int, model: RoundModel = CLASSIC
) -> tuple[float, float]:
    """Expected ``(attacker losses, defender losses)`` of a battle fought to the end."""
    odds = battle_odds(attackers, defenders, model)
    return odds.expected_attacker_losses, odds.expected_defender_losses


def battle_odds(attackers: int, defenders: int, model: RoundModel = CLASSIC) -> BattleOdds:
    """Win probability, terminal distribution and expected losses in one bundle.

    For a plain model the forward pass alone gives everything (the win probability is
    the mass of the conquest states), so no backward table is built.
    """
    _check_sizes(attackers, defenders)
    distribution = _distribution(model, attackers, defenders)
    if _uses_advantage(model):
        win = win_probability(attackers, defenders, model)
    else:
        win = sum(p for (a, d), p in distribution if d == 0 and a > 0)
    return _summarise(attackers, defenders, distribution, win)
