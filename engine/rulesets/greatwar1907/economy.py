"""Allowances of one Deployment phase (R16, R18-R21, R75 credits).

Computed once at step D1; every cost of the phase is charged to one network, never
beyond what it has left.  All amounts are quarters.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.rulesets.greatwar1907.state import GreatWarState
from engine.rulesets.greatwar1907.supply import networks


@dataclass
class Pool:
    provinces: list[str]
    allowance: int
    remaining: int
    spent: int = 0


@dataclass
class Allowances:
    """One nation's networks this phase, with what each has left."""

    nation: str
    pools: list[Pool] = field(default_factory=list)
    owed_before: int = 0
    credited: int = 0
    ledger: list[tuple[str, int]] = field(default_factory=list)  # (what, quarters)

    @classmethod
    def compute(cls, state: GreatWarState, nation: str) -> Allowances:
        pools = [Pool(list(n.provinces), n.allowance, n.allowance) for n in networks(state, nation)]
        return cls(nation, pools)

    def pool_of(self, province: str) -> Pool | None:
        for pool in self.pools:
            if province in pool.provinces:
                return pool
        return None

    def largest(self, state: GreatWarState) -> list[Pool]:
        """Highest remaining allowance first; ties: earliest province in map order."""
        return sorted(
            self.pools,
            key=lambda p: (-p.remaining, min(state.map.order_of(x) for x in p.provinces)),
        )

    def total(self) -> int:
        return sum(p.remaining for p in self.pools)

    def spend_at(self, province: str, amount: int, what: str = "build") -> bool:
        pool = self.pool_of(province)
        if pool is None or pool.remaining < amount:
            return False
        pool.remaining -= amount
        pool.spent += amount
        self.ledger.append((what, amount))
        return True

    def pay_from(self, pool: Pool, amount: int, what: str) -> None:
        if pool.remaining < amount:
            raise AssertionError(
                f"{self.nation} pays {amount} from a network with {pool.remaining}"
            )
        pool.remaining -= amount
        pool.spent += amount
        self.ledger.append((what, amount))

    def spend_anywhere(self, state: GreatWarState, amount: int, first: str | None) -> bool:
        """R19: from the ``first`` province's network, then the others largest first;
        refused (nothing taken) when all together cannot cover it."""
        if amount == 0:
            return True
        if self.total() < amount:
            return False
        order = self.largest(state)
        head = self.pool_of(first) if first is not None and state.owns(self.nation, first) else None
        if head is not None:
            order = [head] + [p for p in order if p is not head]
        self.ledger.append(("diplomacy", amount))
        left = amount
        for pool in order:
            take = min(pool.remaining, left)
            pool.remaining -= take
            pool.spent += take
            left -= take
            if left == 0:
                break
        return True

    def credit(self, state: GreatWarState, amount: int, at: str | None) -> None:
        if not self.pools:
            return
        pool = self.pool_of(at) if at is not None and state.owns(self.nation, at) else None
        target = pool if pool is not None else self.largest(state)[0]
        target.remaining += amount
        target.allowance += amount
        self.credited += amount

    def take_owed(self, state: GreatWarState, owed: int) -> int:
        """R20: take ``owed`` largest network first; returns what stays owed.  While
        anything stays owed every allowance is zero."""
        for pool in self.largest(state):
            take = min(pool.remaining, owed)
            pool.remaining -= take
            pool.spent += take
            owed -= take
            if take:
                self.ledger.append(("debt", take))
        if owed > 0:
            for pool in self.pools:
                pool.remaining = 0
        return owed


def start_allowances(state: GreatWarState) -> dict[str, Allowances]:
    """Step D1 for every nation: networks, credits and banked pp added, debt taken.
    pp can be credited only to a nation that owns a province (R75); otherwise they
    wait in its credits."""
    result = {}
    for nation in state.nation_ids:
        record = state.nations[nation]
        pools = Allowances.compute(state, nation)
        pools.owed_before = record.owed
        if pools.pools:
            for amount, at in record.credits:
                pools.credit(state, amount, at)
            record.credits = []
            if record.banked:
                pools.credit(state, record.banked, None)
                record.banked = 0
        record.owed = pools.take_owed(state, record.owed)
        result[nation] = pools
    return result
