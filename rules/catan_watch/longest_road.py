"""Longest Road: the longest trail of one player's roads (each road once, junctions may be
revisited, so loops count in full), not passing through a corner with an opponent's
settlement or keep — such a corner ends a road but does not remove it.

Only the player's own roads are searched (``state.roads_of``), one connected network at a
time, largest first, and only from corners where a longest trail can start: a dead end, a
junction, or a corner an opponent occupies. A trail starting at a free corner with exactly
two of the player's roads could always be made longer by taking the other road first, or
else it is a closed loop that can be started anywhere on it — at a dead end, junction or
occupied corner if it has one; a network without any of those is one plain loop, whose
trail is all of it.
"""

from __future__ import annotations

from rules.catan_watch.state import State


def longest_road(state: State, seat: int) -> int:
    mine = state.roads_of[seat]
    n = len(mine)
    if n < 2:
        return n
    ev_ = state.geo.edge_vertices
    owner = state.owner
    adj: dict[int, list[tuple[int, int]]] = {}
    for e in mine:
        a, b = ev_[e]
        bit = 1 << e
        if a in adj:
            adj[a].append((bit, b))
        else:
            adj[a] = [(bit, b)]
        if b in adj:
            adj[b].append((bit, a))
        else:
            adj[b] = [(bit, a)]
    blocked = {v for v in adj if owner[v] != -1 and owner[v] != seat}

    # Connected networks: (number of roads, start corners).
    networks: list[tuple[int, list[int]]] = []
    seen: set[int] = set()
    for v0 in adj:
        if v0 in seen:
            continue
        seen.add(v0)
        stack, degree_sum, starts = [v0], 0, []
        while stack:
            v = stack.pop()
            nb = adj[v]
            degree_sum += len(nb)
            if len(nb) != 2 or v in blocked:
                starts.append(v)
            for _, w in nb:
                if w not in seen:
                    seen.add(w)
                    stack.append(w)
        networks.append((degree_sum // 2, starts))
    if len(networks) > 1:
        networks.sort(key=lambda x: -x[0])

    best = 0

    def dfs(v: int, used: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if length and v in blocked:
            return
        for bit, w in adj[v]:
            if not used & bit:
                dfs(w, used | bit, length + 1)

    for size, starts in networks:
        if size <= best:
            break
        if not starts:  # a plain loop
            best = size
            continue
        for v in starts:
            dfs(v, 0, 0)
            if best == size:  # every road of the network in one trail: nothing beats it
                break
    return best
