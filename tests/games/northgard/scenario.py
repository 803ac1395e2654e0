"""Building Northgard positions for scenario tests: test-only tiles (added to the loaded
content for the test's duration), a state in the Actions phase with chosen units, buildings,
resources and hands, dice forced to chosen faces, and moves applied the way a player would."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from rules.base import Action, Event
from rules.northgard import RULES
from rules.northgard.board import normalize
from rules.northgard.data import Territory, Tile, data
from rules.northgard.geometry import forget_maps, map_info
from rules.northgard.machine import MACHINE
from rules.northgard.state import State
from rules.rng import Rng

#: Quadrants: territory 0 north-west, 1 north-east, 2 south-east, 3 south-west.
QUAD = [[0, 1], [1, 2], [2, 3], [3, 0]]
WHOLE = [[0, 0], [0, 0], [0, 0], [0, 0]]


def terr(res: tuple[str, ...] = (), slots: tuple[str, ...] = (), den: bool = False
         ) -> Territory:
    return Territory(tuple(res), tuple(slots), den)


@contextmanager
def extra_tiles(tiles: Mapping[str, tuple[list[list[int]], list[tuple[int, int, str]],
                                         list[Territory]]]) -> Iterator[None]:
    """Register tiles under the given ids while the block runs (kind ``test``: never in a
    new game's tile stack)."""
    gd = data()
    added = []
    for tid, (edges, borders, terrs) in tiles.items():
        gd.tiles[tid] = Tile(tid, "test", tuple(tuple(e) for e in edges),
                             tuple(borders), tuple(terrs), "provisional")
        added.append(tid)
    forget_maps()
    try:
        yield
    finally:
        for tid in added:
            gd.tiles.pop(tid, None)
        forget_maps()


def quad(kinds: tuple[str, str, str, str] = ("regular",) * 4,
         terrs: list[Territory] | None = None) -> tuple[list[list[int]],
                                                        list[tuple[int, int, str]],
                                                        list[Territory]]:
    """A quadrant tile; ``kinds`` are the borders 0-1, 1-2, 2-3, 3-0."""
    borders = [(0, 1, kinds[0]), (1, 2, kinds[1]), (2, 3, kinds[2]), (3, 0, kinds[3])]
    return QUAD, borders, terrs or [terr() for _ in range(4)]


def position(n: int = 3, clans: list[str] | None = None, tiles: list[list[Any]] | None = None,
             units: Mapping[str, Mapping[int, int]] | None = None, seed: int = 1,
             config: Mapping[str, Any] | None = None) -> State:
    """A game past setup: the given tiles (default: only the starting tile), units per
    territory, empty hands, no resources, year 1, seat 0 to act (turn frame pushed by
    ``turn``)."""
    cfg = {"clans": "/".join(clans or ["wolf", "stag", "goat", "raven", "boar"][:n]),
           **(config or {})}
    st = RULES.new_game(cfg, n, seed)
    st.placements = [list(p) for p in (tiles or [["start", 0, 0, 0]])]
    st.held = [[] for _ in range(n)]
    st.units = {}
    for t, per in (units or {}).items():
        st.units[t] = [int(per.get(s, 0)) for s in range(n)]
    normalize(st, map_info(st.placements))
    st.res = [[0, 0, 0] for _ in range(n)]
    st.hand = [[] for _ in range(n)]
    st.draw = [["s_recruit"] * 6 for _ in range(n)]
    st.discard = [[] for _ in range(n)]
    st.active = [[] for _ in range(n)]
    st.known_top = [0] * n
    st.fame = [0] * n
    st.first = 0
    st.stack = [{"kind": "year", "step": 1}, {"kind": "actions", "next": 1}]
    return st


def turn(st: State, seat: int, hand: list[str]) -> State:
    """Give ``seat`` this hand and its turn."""
    st.hand[seat] = list(hand)
    st.stack = [{"kind": "year", "step": 1}, {"kind": "actions", "next": (seat + 1) % st.n},
                {"kind": "turn", "seat": seat, "main": False, "sel": None}]
    return st


def play(st: State, seat: int, card: str, how: str = "play") -> tuple[State, list[Event]]:
    st, ev = act(st, seat, "card", card=card)
    st, ev2 = act(st, seat, how)
    return st, ev + ev2


def act(st: State, seat: int, kind: str, **params: Any) -> tuple[State, list[Event]]:
    return RULES.apply(st, seat, Action(kind, params))


def options(st: State, seat: int) -> list[Action]:
    return [a for a in RULES.legal_actions(st, seat) if isinstance(a, Action)]


def kinds(st: State, seat: int) -> set[str]:
    return {a.kind for a in options(st, seat)}


def top(st: State) -> dict[str, Any]:
    return st.stack[-1]


def force_dice(st: State, *faces: int) -> None:
    """Make the next die rolls show these faces (1-6) by choosing the rng's position."""
    seed = st.rng.seed
    for counter in range(200_000):
        probe = Rng(seed, counter)
        if all(probe.randbelow(6) == f - 1 for f in faces):
            st.rng = Rng(seed, counter)
            return
    raise AssertionError(f"no rng position rolls {faces}")


def drive(st: State) -> list[Event]:
    ev: list[Event] = []
    MACHINE.drive(st, ev)
    return ev


def events(ev: list[Event], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in ev if e.kind == kind]
