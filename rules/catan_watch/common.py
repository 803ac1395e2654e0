"""Small helpers shared by the rule modules: events, violations, resource parsing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.base import Event, RuleViolation
from rules.catan_watch.data import RES_INDEX, RESOURCES

Events = list[Event]


def ev(kind: str, visible_to: frozenset[int] | None = None, **data: Any) -> Event:
    return Event(kind, data, visible_to)


def illegal(message: str) -> RuleViolation:
    return RuleViolation("illegal", message)


def bad(message: str) -> RuleViolation:
    return RuleViolation("bad_params", message)


def counts_of(value: Any, what: str) -> list[int]:
    """Parse {"brick": 1, ...} into 5 counts."""
    if not isinstance(value, Mapping):
        raise bad(f"{what} must map resource names to counts.")
    out = [0] * 5
    for name, n in value.items():
        if name not in RES_INDEX:
            raise bad(f"Unknown resource {name!r} in {what}.")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise bad(f"Counts in {what} must be non-negative whole numbers.")
        out[RES_INDEX[name]] = n
    return out


def res_of(value: Any, what: str = "resource") -> int:
    if not isinstance(value, str) or value not in RES_INDEX:
        raise bad(f"{what} must be one of: {', '.join(RESOURCES)}.")
    return RES_INDEX[value]


def int_param(params: Mapping[str, Any], key: str, lo: int, hi: int, what: str) -> int:
    v = params.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v < hi:
        raise bad(f"Give a valid {what} ({key}).")
    return v


def counts_json(counts: list[int]) -> dict[str, int]:
    return {RESOURCES[i]: c for i, c in enumerate(counts) if c}


def counts_text(counts: Mapping[str, int]) -> str:
    parts = [f"{n} {r}" for r, n in counts.items() if n]
    return ", ".join(parts) if parts else "nothing"


def missing_message(hand: list[int], cost: tuple[int, ...] | list[int]) -> str | None:
    """'You need 1 more brick and 2 more ore.' or None if the hand covers the cost."""
    short = [
        f"{c - h} more {RESOURCES[i]}"
        for i, (h, c) in enumerate(zip(hand, cost, strict=True))
        if h < c
    ]
    if not short:
        return None
    text = short[0] if len(short) == 1 else ", ".join(short[:-1]) + " and " + short[-1]
    return f"You need {text}."


def has(hand: list[int], cost: tuple[int, ...] | list[int]) -> bool:
    return (hand[0] >= cost[0] and hand[1] >= cost[1] and hand[2] >= cost[2]
            and hand[3] >= cost[3] and hand[4] >= cost[4])


def pay(state: Any, seat: int, cost: tuple[int, ...] | list[int]) -> None:
    hand, bank = state.hands[seat], state.bank
    for i in range(5):
        if cost[i]:
            hand[i] -= cost[i]
            bank[i] += cost[i]
