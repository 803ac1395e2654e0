"""Shared helpers for the catan_watch tests: hand-built positions."""

from __future__ import annotations

import itertools
from typing import Any

from rules.base import Action, Event
from rules.catan_watch import RULES
from rules.catan_watch.data import BOARDS, RES_INDEX
from rules.catan_watch.phases import MAIN
from rules.catan_watch.state import State, reindex


def fresh(mode: str = "base", n: int = 4, layout: str = "beginner", seed: int = 1) -> State:
    """A game past its set-up: empty board, seat 0 to act in the main step, dice rolled."""
    state = RULES.new_game({"mode": mode, "layout": layout}, n, seed)
    state.setup_queue = []
    state.phase = MAIN
    state.turn = 1
    state.current = 0
    state.first = 0
    state.rolled = True
    return state


def hex_at(state: State, row: int, col: int) -> int:
    rows = BOARDS["layouts"][state.layout.shape]["rows"]
    return sum(len(r) for r in rows[:row]) + col


def corner(state: State, h: int, k: int) -> int:
    return state.geo.hex_vertices[h][k]


def side(state: State, h: int, k: int) -> int:
    return state.geo.side_edge[(h, k)]


def edge(state: State, a: int, b: int) -> int:
    return state.geo.edge_of[(min(a, b), max(a, b))]


def path_edges(state: State, vertices: list[int]) -> list[int]:
    return [edge(state, a, b) for a, b in itertools.pairwise(vertices)]


def top_zigzag(state: State, row: int, n_edges: int) -> list[int]:
    """Vertices along the northern border of a row of hexes, west to east."""
    first = hex_at(state, row, 0)
    out = [corner(state, first, 5)]
    h = first
    while len(out) < n_edges + 1:
        out += [corner(state, h, 0), corner(state, h, 1)]
        h += 1
    return out[: n_edges + 1]


def bottom_zigzag(state: State, row: int, n_edges: int) -> list[int]:
    first = hex_at(state, row, 0)
    out = [corner(state, first, 4)]
    h = first
    while len(out) < n_edges + 1:
        out += [corner(state, h, 3), corner(state, h, 2)]
        h += 1
    return out[: n_edges + 1]


def settle(state: State, seat: int, v: int, keep: bool = False) -> None:
    """Put the seat's settlement (or keep) on corner v (no checks), keeping the engine's
    derived per-seat lists in step."""
    state.owner[v] = seat
    state.building[v] = 2 if keep else 1
    state.pieces[seat][0 if not keep else 1] -= 1
    reindex(state)


def roads(state: State, seat: int, edges: list[int]) -> None:
    """Put the seat's roads on these paths (no checks), keeping the engine's per-seat road
    lists in step."""
    for e in edges:
        state.road[e] = seat
        state.pieces[seat][2] -= 1
    reindex(state)


def give(state: State, seat: int, **cards: int) -> None:
    for name, n in cards.items():
        state.hands[seat][RES_INDEX[name]] += n
        state.bank[RES_INDEX[name]] -= n


def hand(state: State, seat: int) -> dict[str, int]:
    return {r: state.hands[seat][i] for r, i in RES_INDEX.items() if state.hands[seat][i]}


def act(state: State, seat: int, kind: str, **params: Any) -> tuple[State, list[Event]]:
    return RULES.apply(state, seat, Action(kind, params))


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def force_roll(state: State, total: int, wild: int | None = None) -> None:
    """Point the state's generator at a counter whose next roll has this total (and wildling
    die face)."""
    from rules.rng import Rng

    for c in range(state.rng.counter, state.rng.counter + 100_000):
        r = Rng(state.rng.seed, c)
        d1, d2 = r.die(6), r.die(6)
        d3 = r.die(12) if state.nw else None
        if d1 + d2 == total and (wild is None or d3 == wild):
            state.rng = Rng(state.rng.seed, c)
            return
    raise AssertionError("no such roll found")


def to_roll(state: State, seat: int) -> None:
    """Make it seat's turn, before the roll."""
    from rules.catan_watch.phases import ROLL

    state.current = seat
    state.phase = ROLL
    state.rolled = False
    state.turn += 1
    state.dev_new = []
    state.built = False


def en(line: object) -> str:
    """An engine line (a catalog ``Text``) as the English reader sees it; for a
    ``RuleViolation``, its message; for a label stored in a view, its JSON form rendered."""
    from bot.i18n import as_msg, render
    from rules.base import RuleViolation, Text

    if isinstance(line, RuleViolation):
        line = line.text if line.text is not None else line.message
    if isinstance(line, dict) and set(line) == {"key", "params"}:
        line = Text.from_json(line)
    return render(as_msg(line), "en")
