"""Secret simultaneous commitments: every seat in ``needed`` commits a choice that nobody else
sees; a seat may revise it until it is ready (or, where a game has no ready step, until the
last seat commits); when all are in, the choices are revealed together in seat order. The
pending choices are plain JSON (seat keys as ints in memory), so they persist with the state.

The functions take the pending choices as any mutable mapping seat -> choice and the ready
seats as any mutable set. A game whose saved state keeps them as seat-indexed lists inside a
frame (``choices[seat]``, ``None`` until committed; ``ready[seat]`` a flag) wraps those lists
in ``SeatSlots`` and ``ReadyFlags``: the stored JSON keeps its shape, so saved games replay.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, MutableMapping, MutableSet
from typing import Any


def commit(pending: MutableMapping[int, Any], seat: int, choice: Any,
           ready: MutableSet[int] | None = None, *, lock: bool = False) -> bool:
    """Record (or revise) ``seat``'s secret choice; a revision un-readies the seat unless
    ``lock`` readies it in the same move. True when it revised an earlier choice."""
    revised = seat in pending
    pending[seat] = choice
    if ready is not None:
        if lock:
            ready.add(seat)
        else:
            ready.discard(seat)
    return revised


def mark_ready(pending: Mapping[int, Any], ready: MutableSet[int], seat: int) -> None:
    """``seat`` locks in the choice it committed (it is no longer awaited)."""
    if seat not in pending:
        raise ValueError(f"seat {seat} has nothing committed to lock in")
    ready.add(seat)


def still_to_commit(needed: Iterable[int], pending: Mapping[int, Any]) -> frozenset[int]:
    return frozenset(s for s in needed if s not in pending)


def waiting(needed: Iterable[int], pending: Mapping[int, Any],
            ready: MutableSet[int] | None = None) -> frozenset[int]:
    """Seats that still owe something: a choice, or (with a ready step) their ready."""
    if type(pending) is SeatSlots and (ready is None or type(ready) is ReadyFlags):
        return waiting_in_lists(needed, pending.slots,
                                ready.flags if ready is not None else None)
    return frozenset(s for s in needed
                     if s not in pending or (ready is not None and s not in ready))


def waiting_in_lists(needed: Iterable[int], slots: list[Any], flags: list[Any] | None = None
                     ) -> frozenset[int]:
    """``waiting`` over the seat-indexed lists that ``SeatSlots`` and ``ReadyFlags`` wrap,
    read directly: a game asks it several times per move (who is awaited, each seat's
    progress, the views), and through the mapping's methods it was a hot spot."""
    n, m = len(slots), (len(flags) if flags is not None else 0)
    return frozenset(s for s in needed
                     if not 0 <= s < n or slots[s] is None
                     or (flags is not None and not (0 <= s < m and flags[s])))


def complete(needed: Iterable[int], pending: Mapping[int, Any],
             ready: MutableSet[int] | None = None) -> bool:
    """Everyone committed (and, with a ready step, everyone is ready)."""
    return not waiting(needed, pending, ready)


def reveal(pending: MutableMapping[int, Any], *, keep: bool = False
           ) -> list[tuple[int, Any]]:
    """The choices in seat order; the pending record is emptied unless ``keep`` (a game that
    goes on showing them after the reveal, such as an auction's bids)."""
    out = sorted(pending.items())
    if not keep:
        pending.clear()
    return out


def public_status(needed: Iterable[int], pending: Mapping[int, Any],
                  ready: MutableSet[int] | None = None) -> dict[int, bool]:
    """What everyone may see before the reveal: who has committed (with ``ready``: who has
    committed and locked in), never what."""
    return {s: s in pending and (ready is None or s in ready) for s in sorted(needed)}


class SeatSlots(MutableMapping[int, Any]):
    """Pending choices kept in a seat-indexed list (``None``: not committed yet), seen as the
    mapping seat -> choice. Removing a seat's choice puts ``None`` back. A list that never
    holds ``None`` (a default choice per seat, such as a bid of 0) has everyone committed
    from the start: only the ready step is left."""

    __slots__ = ("slots",)

    def __init__(self, slots: list[Any]) -> None:
        self.slots = slots

    def __getitem__(self, seat: int) -> Any:
        value = self.slots[seat] if 0 <= seat < len(self.slots) else None
        if value is None:
            raise KeyError(seat)
        return value

    def __setitem__(self, seat: int, choice: Any) -> None:
        if choice is None:
            raise ValueError("None marks a seat that has not committed")
        self.slots[seat] = choice

    def __delitem__(self, seat: int) -> None:
        if seat not in self:
            raise KeyError(seat)
        self.slots[seat] = None

    def __contains__(self, seat: object) -> bool:
        return (isinstance(seat, int) and 0 <= seat < len(self.slots)
                and self.slots[seat] is not None)

    def __iter__(self) -> Iterator[int]:
        return (s for s, v in enumerate(self.slots) if v is not None)

    def __len__(self) -> int:
        return sum(1 for v in self.slots if v is not None)

    def clear(self) -> None:
        self.slots[:] = [None] * len(self.slots)


class ReadyFlags(MutableSet[int]):
    """Ready seats kept as a seat-indexed list of flags, seen as the set of ready seats."""

    __slots__ = ("flags",)

    def __init__(self, flags: list[bool]) -> None:
        self.flags = flags

    def __contains__(self, seat: object) -> bool:
        return isinstance(seat, int) and 0 <= seat < len(self.flags) and bool(self.flags[seat])

    def __iter__(self) -> Iterator[int]:
        return (s for s, f in enumerate(self.flags) if f)

    def __len__(self) -> int:
        return sum(1 for f in self.flags if f)

    def add(self, seat: int) -> None:
        self.flags[seat] = True

    def discard(self, seat: int) -> None:
        if 0 <= seat < len(self.flags):
            self.flags[seat] = False
