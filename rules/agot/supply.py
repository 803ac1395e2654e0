"""Armies and the supply track: counting barrels, checking army sizes, the fewest removals."""

from __future__ import annotations

from rules.agot.board import board
from rules.agot.control import control, unit_total
from rules.agot.state import State


def supply_count(st: State, seat: int) -> int:
    b = board()
    total = sum(b.supply[a] for a in b.supply_areas if control(st, a) == seat)
    return min(total, b.max_supply)


def army_sizes(st: State, seat: int, delta: dict[str, int] | None = None) -> list[int]:
    """Unit counts per area of ``seat``, optionally with ``delta`` units added per area."""
    sizes: dict[str, int] = {a: unit_total(u) for a, u in st.units.items() if u[0] == seat}
    if delta:
        for a, d in delta.items():
            sizes[a] = sizes.get(a, 0) + d
    return [s for s in sizes.values() if s >= 2]


def fits(sizes: list[int], level: int) -> bool:
    allowed = board().supply_table[level]
    armies = sorted((s for s in sizes if s >= 2), reverse=True)
    if len(armies) > len(allowed):
        return False
    return all(a <= b for a, b in zip(armies, allowed, strict=False))


def within_supply(st: State, seat: int, delta: dict[str, int] | None = None) -> bool:
    return fits(army_sizes(st, seat, delta), st.supply[seat])


def min_removals(sizes: list[int], level: int) -> int:
    """Fewest units to remove so that the armies fit: the largest armies take the largest
    slots in order, every other army shrinks to a single unit (which is no army)."""
    allowed = board().supply_table[level]
    armies = sorted((s for s in sizes if s >= 2), reverse=True)
    cost = 0
    for i, a in enumerate(armies):
        cap = allowed[i] if i < len(allowed) else 1
        cost += max(0, a - cap)
    return cost


def reduction_plan(sizes: dict[str, int], level: int) -> dict[str, int]:
    """Units to remove per area for the cheapest reconciliation (the default action)."""
    allowed = board().supply_table[level]
    order = sorted((a for a, s in sizes.items() if s >= 2), key=lambda a: (-sizes[a], a))
    plan: dict[str, int] = {}
    for i, a in enumerate(order):
        cap = allowed[i] if i < len(allowed) else 1
        if sizes[a] > cap:
            plan[a] = sizes[a] - cap
    return plan
