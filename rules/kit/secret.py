"""Secret simultaneous commitments: every seat in ``needed`` commits a choice that nobody else
sees; a seat may revise it until it is ready (or, where a game has no ready step, until the
last seat commits); when all are in, the choices are revealed together in seat order. The
pending choices are plain JSON (seat keys as ints in memory), so they persist with the state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def commit(pending: dict[int, Any], seat: int, choice: Any, ready: set[int] | None = None
           ) -> None:
    """Record (or revise) ``seat``'s secret choice; a revision un-readies the seat."""
    pending[seat] = choice
    if ready is not None:
        ready.discard(seat)


def still_to_commit(needed: Iterable[int], pending: Mapping[int, Any]) -> frozenset[int]:
    return frozenset(s for s in needed if s not in pending)


def complete(needed: Iterable[int], pending: Mapping[int, Any],
             ready: set[int] | None = None) -> bool:
    """Everyone committed (and, with a ready step, everyone is ready)."""
    needed = set(needed)
    if not needed <= set(pending):
        return False
    return ready is None or needed <= ready


def reveal(pending: dict[int, Any]) -> list[tuple[int, Any]]:
    """The choices in seat order; the pending record is emptied."""
    out = sorted(pending.items())
    pending.clear()
    return out


def public_status(needed: Iterable[int], pending: Mapping[int, Any]) -> dict[int, bool]:
    """What everyone may see before the reveal: who has committed, never what."""
    return {s: s in pending for s in sorted(needed)}
