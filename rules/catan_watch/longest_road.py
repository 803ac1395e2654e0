"""Longest Road: the longest trail of one player's roads (each road once, junctions may be
revisited, so loops count in full), not passing through a corner with an opponent's
settlement or keep — such a corner ends a road but does not remove it."""

from __future__ import annotations

from rules.catan_watch.state import State


def longest_road(state: State, seat: int) -> int:
    road = state.road
    mine = [e for e in range(len(road)) if road[e] == seat]
    if not mine:
        return 0
    geo = state.geo
    ev_ = geo.edge_vertices
    v_edges = geo.vertex_edges
    owner = state.owner
    starts: set[int] = set()
    for e in mine:
        starts.update(ev_[e])
    best = 0

    def dfs(v: int, used: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if length and owner[v] != -1 and owner[v] != seat:
            return
        for e in v_edges[v]:
            bit = 1 << e
            if road[e] == seat and not used & bit:
                a, b = ev_[e]
                dfs(b if a == v else a, used | bit, length + 1)

    for v in starts:
        dfs(v, 0, 0)
        if best == len(mine):  # every road already in one trail: nothing can beat it
            break
    return best
