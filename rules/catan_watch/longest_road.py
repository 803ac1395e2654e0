"""Longest Road: the longest trail of one player's roads (each road once, junctions may be
revisited, so loops count in full), not passing through a corner with an opponent's
settlement or keep — such a corner ends a road but does not remove it.

Only the player's own roads are searched (``state.roads_of``), one connected network at a
time. A network without loops (a tree) is solved in the one pass that walks it: its longest
trail is its longest simple path. In a network with a loop the search starts only from
corners where a longest trail can start: a dead end, a junction, or a corner an opponent
occupies. A trail starting at a free corner with exactly
two of the player's roads could always be made longer by taking the other road first, or
else it is a closed loop that can be started anywhere on it — at a dead end, junction or
occupied corner if it has one; a network without any of those is one plain loop, whose
trail is all of it.
"""

from __future__ import annotations

from rules.catan_watch.state import State


def _network(state: State, seat: int, v0: int) -> list[int]:
    """The corners reached from v0 along the seat's roads."""
    road, vertex_adj = state.road, state.geo.vertex_adj
    found, stack = {v0}, [v0]
    while stack:
        v = stack.pop()
        for e, w in vertex_adj[v]:
            if road[e] == seat and w not in found:
                found.add(w)
                stack.append(w)
    return sorted(found)


def longest_road(state: State, seat: int) -> int:
    mine = state.roads_of[seat]
    if len(mine) < 2:
        return len(mine)
    road, owner = state.road, state.owner
    vertex_adj = state.geo.vertex_adj  # per corner: (path, other end)
    best = 0
    seen = [False] * len(owner)
    loop = False

    def tree(v: int, from_e: int) -> int:
        """Walk v's network once. While it has no loop (a tree) every trail is a simple
        path, and the longest one through each corner joins its two deepest branches (none
        through an occupied corner). Returns the deepest branch below v that may continue
        upwards; sets ``loop`` when a corner is reached twice."""
        nonlocal best, loop
        seen[v] = True
        d1 = d2 = 0
        for e, w in vertex_adj[v]:
            if road[e] == seat and e != from_e:
                if seen[w]:
                    loop = True
                    continue
                d = 1 + tree(w, e)
                if d > d1:
                    d1, d2 = d, d1
                elif d > d2:
                    d2 = d
        o = owner[v]
        if o != -1 and o != seat:  # an opponent's building: trails end here
            if d1 > best:
                best = d1
            return 0
        if d1 + d2 > best:
            best = d1 + d2
        return d1

    def dfs(v: int, used: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if length and owner[v] != -1 and owner[v] != seat:
            return
        for e, w in vertex_adj[v]:
            if road[e] == seat and not used >> e & 1:
                dfs(w, used | 1 << e, length + 1)

    ev_ = state.geo.edge_vertices
    for e0 in mine:
        v0 = ev_[e0][0]
        if seen[v0]:
            continue
        loop = False
        tree(v0, -1)
        if not loop:
            continue
        corners = _network(state, seat, v0)
        degree = {v: sum(1 for e, _ in vertex_adj[v] if road[e] == seat) for v in corners}
        size = sum(degree.values()) // 2
        if size <= best:
            continue
        starts = [v for v in corners
                  if degree[v] != 2 or (owner[v] != -1 and owner[v] != seat)]
        if not starts:  # a plain loop
            best = size
            continue
        for v in starts:
            dfs(v, 0, 0)
            if best == size:  # every road of the network in one trail: nothing beats it
                break
    return best
