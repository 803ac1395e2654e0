"""rules/kit: the shared machinery games build on."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from rules.base import Action, Event, RuleViolation
from rules.kit import cards, grid, secret
from rules.kit.frames import Frame, Handler, Machine
from rules.rng import Rng


@dataclass
class _St:
    stack: list[Frame] = field(default_factory=list)
    result: Any = None
    log: list[str] = field(default_factory=list)


M: Machine[_St] = Machine()


class _Round(Handler[_St]):
    kind = "round"

    def run(self, st: _St, fr: Frame, ev: list[Event]) -> bool:
        if fr["n"] == 3:
            st.result = "done"
            return True
        fr["n"] += 1
        M.push(st, "choose", seat=fr["n"] % 2)
        return True


class _Choose(Handler[_St]):
    kind = "choose"
    actions = ("pick",)

    def awaiting(self, st: _St, fr: Frame) -> frozenset[int]:
        return frozenset({fr["seat"]})

    def act(self, st: _St, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        st.log.append(f"{seat}:{action.params['x']}")
        M.pop(st, fr)


M.register(_Round())
M.register(_Choose())


def test_frames_drive_until_someone_decides_and_to_the_end() -> None:
    st = _St()
    M.push(st, "round", n=0)
    ev: list[Event] = []
    M.drive(st, ev)
    assert M.awaiting(st) == {1}
    with pytest.raises(RuleViolation):
        M.act(st, 1, Action("wave"), ev)
    for x in "abc":
        (seat,) = M.awaiting(st)
        M.act(st, seat, Action("pick", {"x": x}), ev)
        M.drive(st, ev)
    assert st.log == ["1:a", "0:b", "1:c"] and st.result == "done" and not st.stack
    assert M.awaiting(st) == frozenset()


def test_a_settle_hook_can_end_the_game_between_steps() -> None:
    st = _St()
    M.push(st, "round", n=0)

    def settle(s: _St, ev: list[Event], last: str | None) -> bool:
        if last == "round" and len(s.stack) == 2:
            s.result = "early"
            return True
        return False

    M.drive(st, [], settle=settle)
    assert st.result == "early" and not st.stack


def test_secret_commitments_reveal_together_in_seat_order() -> None:
    pending: dict[int, Any] = {}
    ready: set[int] = set()
    secret.commit(pending, 2, "x", ready)
    ready.add(2)
    secret.commit(pending, 0, "y", ready)
    assert secret.public_status([0, 1, 2], pending) == {0: True, 1: False, 2: True}
    assert secret.still_to_commit([0, 1, 2], pending) == {1}
    assert not secret.complete([0, 2], pending, ready)
    secret.commit(pending, 2, "z", ready)  # a revision un-readies
    assert 2 not in ready
    ready.update({0, 2})
    assert secret.complete([0, 2], pending, ready)
    assert secret.reveal(pending) == [(0, "y"), (2, "z")] and pending == {}


def test_draw_reshuffles_the_discard_with_the_game_rng() -> None:
    rng = Rng(5)
    deck = cards.shuffled_deck(list(range(5)), rng)
    discard: list[int] = []
    hand = cards.draw(deck, 3, rng, discard)
    cards.discard_all(hand, discard)
    more = cards.draw(deck, 4, rng, discard)
    assert len(more) == 4 and len(deck) + len(discard) == 1
    assert cards.draw([], 2, rng) == []
    again = Rng(5)
    assert cards.shuffled_deck(list(range(5)), again) == cards.shuffled_deck(
        list(range(5)), Rng(5))


def test_grid_helpers() -> None:
    assert grid.square_neighbours(0, 0) == [(0, -1), (1, 0), (0, 1), (-1, 0)]
    assert len(set(grid.hex_neighbours(2, 3))) == 6
    assert grid.opposite(0, 6) == 3 and grid.opposite(1, 4) == 3
    adj = grid.adjacency([("a", "b"), ("b", "c")])
    assert adj["b"] == {"a", "c"}
    assert grid.distances("a", adj.__getitem__) == {"a": 0, "b": 1, "c": 2}
    assert grid.distances("a", adj.__getitem__, limit=1) == {"a": 0, "b": 1}


def test_waiting_reads_seat_lists_as_it_reads_any_mapping() -> None:
    """``secret.waiting`` reads the kit's seat lists directly; the answer is the one a plain
    mapping and set give, for every mix of committed, ready and out-of-range seats."""
    rng = Rng(5)
    for _ in range(500):
        n = rng.randbelow(6) + 1
        slots = [None if rng.randbelow(3) == 0 else {"x": i} for i in range(n)]
        flags = [rng.randbelow(2) == 1 for _ in range(rng.randbelow(n + 1))]
        needed = [rng.randbelow(n + 2) - 1 for _ in range(rng.randbelow(n + 2))]
        plain = {s: v for s, v in enumerate(slots) if v is not None}
        ready = {s for s, f in enumerate(flags) if f}
        assert secret.waiting(needed, secret.SeatSlots(slots)) == secret.waiting(needed, plain)
        assert (secret.waiting(needed, secret.SeatSlots(slots), secret.ReadyFlags(flags))
                == secret.waiting(needed, plain, ready))
