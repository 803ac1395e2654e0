"""Victory points (no side effects)."""

from __future__ import annotations

from rules.catan_watch.data import PIECES
from rules.catan_watch.state import State

WIN_VP = 10
LONGEST_MIN = 5
LARGEST_MIN = 3


def special_value(state: State) -> int:
    # Night's Watch mode: the special cards are worth 1 VP instead of 2.
    return 1 if state.nw else 2


def guards_on_wall(state: State, seat: int) -> int:
    return sum(g.count(seat) for g in state.guards)


def guard_vp(state: State, seat: int) -> int:
    n = guards_on_wall(state, seat)
    return 2 if n >= 5 else 1 if n >= 3 else 0


BUILDING_VP = PIECES["settlement"] + 2 * PIECES["keep"]


def public_vp(state: State, seat: int) -> int:
    # Pieces on the board = pieces printed minus pieces in supply (a keep returns its
    # settlement to the supply), so no board scan is needed.
    p = state.pieces[seat]
    vp = BUILDING_VP - p[0] - 2 * p[1]
    if state.nw:
        if state.longest == seat:
            vp += 1
        if state.largest == seat:
            vp += 1
        return vp + guard_vp(state, seat)
    if state.longest == seat:
        vp += 2
    if state.largest == seat:
        vp += 2
    return vp


def hidden_vp(state: State, seat: int) -> int:
    return state.dev_hand[seat].count("victory_point")


def total_vp(state: State, seat: int) -> int:
    """public_vp + hidden_vp, in one function (the win check runs after every move)."""
    p = state.pieces[seat]
    vp = BUILDING_VP - p[0] - 2 * p[1] + state.dev_hand[seat].count("victory_point")
    if state.nw:
        return vp + (state.longest == seat) + (state.largest == seat) + guard_vp(state, seat)
    return vp + 2 * (state.longest == seat) + 2 * (state.largest == seat)
