"""Grid and adjacency helpers: square and axial hex neighbours and distance, adjacency and
incidence from an edge list, and breadth-first distances over any neighbour function."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

N = TypeVar("N", bound=Hashable)

SQUARE_DIRS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # north, east, south, west
#: Axial hex directions, pointy-top: NE, E, SE, SW, W, NW.
HEX_DIRS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))


def square_neighbours(x: int, y: int) -> list[tuple[int, int]]:
    return [(x + dx, y + dy) for dx, dy in SQUARE_DIRS]


def hex_neighbours(q: int, r: int) -> list[tuple[int, int]]:
    return [(q + dq, r + dr) for dq, dr in HEX_DIRS]


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Steps between two axial hexes."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def neighbours_in(cell: tuple[int, int], cells: Mapping[tuple[int, int], N],
                  neighbours: Callable[[int, int], list[tuple[int, int]]] = hex_neighbours
                  ) -> tuple[N, ...]:
    """The neighbours of ``cell`` that are on the board, as ``cells`` names them (a cell's
    index, say), in direction order."""
    return tuple(cells[c] for c in neighbours(*cell) if c in cells)


def opposite(direction: int, sides: int) -> int:
    return (direction + sides // 2) % sides


def adjacency(edges: Iterable[tuple[N, N]]) -> dict[N, frozenset[N]]:
    """Undirected adjacency from pairs."""
    out: dict[N, set[N]] = {}
    for a, b in edges:
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return {k: frozenset(v) for k, v in out.items()}


def incidence(edges: Sequence[tuple[int, int]], n_nodes: int
              ) -> list[list[tuple[int, int]]]:
    """Per node ``0..n_nodes-1``: ``(edge index, other end)`` for each edge at it, in edge
    order (ordered, so that everything derived from it is deterministic)."""
    out: list[list[tuple[int, int]]] = [[] for _ in range(n_nodes)]
    for i, (a, b) in enumerate(edges):
        out[a].append((i, b))
        out[b].append((i, a))
    return out


def distances(start: N, neighbours: Callable[[N], Iterable[N]],
              limit: int | None = None) -> dict[N, int]:
    """Steps from ``start`` to every node reachable (within ``limit`` steps)."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        d = seen[node]
        if limit is not None and d >= limit:
            continue
        for nxt in neighbours(node):
            if nxt not in seen:
                seen[nxt] = d + 1
                queue.append(nxt)
    return seen
