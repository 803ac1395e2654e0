"""The special cards Longest Road and Largest Watch."""

from __future__ import annotations

from rules.catan_watch.common import Events, ev
from rules.catan_watch.longest_road import longest_road
from rules.catan_watch.points import LARGEST_MIN, LONGEST_MIN
from rules.catan_watch.state import State
from rules.catan_watch.wildlings import reveal_from_supply


def _new_holder(values: list[int], holder: int, minimum: int) -> int:
    """The holder keeps the card while no one has strictly more; otherwise the single
    strict leader (at least the minimum) takes it; a tie among others sets it aside."""
    best = max(values)
    if holder >= 0 and values[holder] == best and best >= minimum:
        return holder
    leaders = [s for s, v in enumerate(values) if v == best]
    if best >= minimum and len(leaders) == 1:
        return leaders[0]
    return -1


def _change(state: State, card: str, old: int, new: int, events: Events) -> None:
    events.append(ev("special_card", {"card": card, "old": old, "new": new}))
    if new >= 0 and state.nw:
        reveal_from_supply(state, card, events)


def update_longest(state: State, seats: list[int] | range, events: Events) -> None:
    for s in seats:
        state.road_len[s] = longest_road(state, s)
    new = _new_holder(state.road_len, state.longest, LONGEST_MIN)
    if new != state.longest:
        old, state.longest = state.longest, new
        _change(state, "longest_road", old, new, events)


def update_largest(state: State, events: Events) -> None:
    new = _new_holder(state.watches, state.largest, LARGEST_MIN)
    if new != state.largest:
        old, state.largest = state.largest, new
        _change(state, "largest_watch", old, new, events)
