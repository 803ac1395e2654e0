"""The map as placed tiles: territories merged across tile edges, adjacency with regular and
rough borders, open and closed territories, and where a tile may legally be placed.

A placement is ``(tile id, x, y, rot)`` on a square grid (``rules.kit.grid``: y grows south);
``rot`` turns the tile clockwise by quarter turns. A territory of one tile is a *node*
``"p.t"`` (placement index, territory index on the tile); a territory of the map is the union
of the nodes joined across tile edges, named by its smallest node (its *root*). Everything here
derives from the placement list alone and is cached by it, so states store only placements.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from rules.kit.grid import SQUARE_DIRS
from rules.northgard.data import SIDES, Tile, data

Placement = tuple[str, int, int, int]
Cell = tuple[int, int]


def node(p: int, t: int) -> str:
    return f"{p}.{t}"


def node_key(n: str) -> tuple[int, int]:
    p, t = n.split(".")
    return int(p), int(t)


def side_segments(tile: Tile, rot: int, side: int) -> tuple[int, ...]:
    """The territories along one side of a placed tile, clockwise."""
    return tile.edges[(side - rot) % SIDES]


def cuts(segs: tuple[int, ...]) -> tuple[bool, ...]:
    """Where borders end along an edge (between consecutive segments)."""
    return tuple(segs[i] != segs[i + 1] for i in range(len(segs) - 1))


def edges_match(mine: tuple[int, ...], theirs: tuple[int, ...]) -> bool:
    """Two facing edges run in opposite directions: their border ends must mirror."""
    return cuts(mine) == tuple(reversed(cuts(theirs)))


@dataclass(frozen=True)
class MapInfo:
    placements: tuple[Placement, ...]
    cells: Mapping[Cell, int]
    root: Mapping[str, str]
    members: Mapping[str, tuple[str, ...]]
    roots: tuple[str, ...]
    adj: Mapping[str, Mapping[str, str]]
    closed: Mapping[str, bool]
    span: Mapping[str, int]
    res: Mapping[str, tuple[str, ...]]
    slots: Mapping[str, tuple[tuple[str, str], ...]]
    den: Mapping[str, bool]
    #: Every node's territory on a tile side facing an empty cell (for exploring).
    open_sides: tuple[tuple[Cell, int, tuple[str, ...]], ...]

    def tile_at(self, cell: Cell) -> tuple[Tile, int, int] | None:
        """The tile on a cell, its rotation and its placement index."""
        p = self.cells.get(cell)
        if p is None:
            return None
        tid, _, _, rot = self.placements[p]
        return data().tiles[tid], rot, p

    def neighbours(self, terr: str, rough: bool = True) -> list[str]:
        """Adjacent territories (across regular borders only when ``rough`` is False)."""
        return [t for t, kind in self.adj[terr].items() if rough or kind == "regular"]


class _Union:
    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, x: str) -> str:
        parent = self.parent
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(self, a: str, b: str) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return
        if node_key(ra) < node_key(rb):
            self.parent[rb] = ra
        else:
            self.parent[ra] = rb


def map_info(placements: Iterable[Iterable[object]]) -> MapInfo:
    return _map_info(tuple(tuple(p) for p in placements))  # type: ignore[misc]


@lru_cache(maxsize=4096)
def _map_info(placements: tuple[Placement, ...]) -> MapInfo:
    gd = data()
    cells: dict[Cell, int] = {}
    uf = _Union()
    for p, (tid, x, y, _) in enumerate(placements):
        cells[(x, y)] = p
        for t in range(len(gd.tiles[tid].territories)):
            uf.find(node(p, t))
    open_sides: list[tuple[Cell, int, tuple[str, ...]]] = []
    touches_open: set[str] = set()
    for p, (tid, x, y, rot) in enumerate(placements):
        tile = gd.tiles[tid]
        for side, (dx, dy) in enumerate(SQUARE_DIRS):
            mine = side_segments(tile, rot, side)
            q = cells.get((x + dx, y + dy))
            if q is None:
                nodes = tuple(node(p, s) for s in mine)
                open_sides.append(((x + dx, y + dy), (side + 2) % SIDES, nodes))
                touches_open.update(nodes)
                continue
            if q < p:
                continue  # each shared edge once
            otid, _, _, orot = placements[q]
            theirs = side_segments(gd.tiles[otid], orot, (side + 2) % SIDES)
            for i, s in enumerate(mine):
                uf.union(node(p, s), node(q, theirs[len(theirs) - 1 - i]))
    members: dict[str, list[str]] = {}
    for n in sorted(uf.parent, key=node_key):
        members.setdefault(uf.find(n), []).append(n)
    root = {n: r for r, ns in members.items() for n in ns}
    adj: dict[str, dict[str, str]] = {r: {} for r in members}
    res: dict[str, list[str]] = {r: [] for r in members}
    slots: dict[str, list[tuple[str, str]]] = {r: [] for r in members}
    den = dict.fromkeys(members, False)
    tiles_of: dict[str, set[int]] = {r: set() for r in members}
    for p, (tid, _, _, _) in enumerate(placements):
        tile = gd.tiles[tid]
        for a, b, kind in tile.borders:
            ra, rb = root[node(p, a)], root[node(p, b)]
            if ra == rb:
                continue
            if adj[ra].get(rb) != "regular":
                adj[ra][rb] = kind
                adj[rb][ra] = kind
        for t, terr in enumerate(tile.territories):
            r = root[node(p, t)]
            tiles_of[r].add(p)
            res[r].extend(terr.res)
            slots[r].extend((f"{p}.{t}.{i}", kind) for i, kind in enumerate(terr.slots))
            den[r] = den[r] or terr.den
    roots = tuple(members)
    return MapInfo(
        placements=placements,
        cells=cells,
        root=root,
        members={r: tuple(ns) for r, ns in members.items()},
        roots=roots,
        adj={r: dict(sorted(v.items(), key=lambda kv: node_key(kv[0]))) for r, v in adj.items()},
        closed={r: not any(n in touches_open for n in members[r]) for r in roots},
        span={r: len(v) for r, v in tiles_of.items()},
        res={r: tuple(sorted(v)) for r, v in res.items()},
        slots={r: tuple(v) for r, v in slots.items()},
        den=den,
        open_sides=tuple(open_sides),
    )


def candidate_cells(m: MapInfo) -> list[Cell]:
    """Empty cells sharing a full side with a placed tile."""
    return list(_frontier(m.placements))


@lru_cache(maxsize=4096)
def _frontier(placements: tuple[Placement, ...]
              ) -> dict[Cell, tuple[tuple[int, tuple[bool, ...], tuple[str, ...], int], ...]]:
    """Per empty cell next to the map: for each placed neighbour, the side of the cell it
    touches, where borders must end along it (the neighbour's ends, seen from the cell), the
    neighbour's territories along it (in the new tile's clockwise order) and the neighbour's
    placement index."""
    m = _map_info(placements)
    out: dict[Cell, list[tuple[int, tuple[bool, ...], tuple[str, ...], int]]] = {}
    for cell, side, nodes in m.open_sides:
        roots = tuple(m.root[n] for n in reversed(nodes))
        p = node_key(nodes[0])[0]
        need = tuple(reversed(cuts(nodes)))  # type: ignore[arg-type]
        out.setdefault(cell, []).append((side, need, roots, p))
    order = sorted(out, key=lambda c: (c[1], c[0]))
    return {c: tuple(out[c]) for c in order}


@lru_cache(maxsize=256)
def _rotations(tile_id: str
               ) -> tuple[tuple[tuple[tuple[int, ...], tuple[bool, ...]], ...], ...]:
    """A tile's four sides (territories, border ends) for each rotation."""
    tile = data().tiles[tile_id]
    return tuple(tuple((segs, cuts(segs)) for segs in
                       (side_segments(tile, rot, side) for side in range(SIDES)))
                 for rot in range(SIDES))


@dataclass(frozen=True)
class Fit:
    """A legal position: the groups of the new tile's territories and the map territories
    they merge with."""

    x: int
    y: int
    rot: int
    groups: tuple[tuple[tuple[int, ...], tuple[str, ...]], ...]
    neighbours: tuple[int, ...]


def fit(m: MapInfo, tile: Tile, x: int, y: int, rot: int) -> Fit | None:
    """How the tile would join the map at (x, y) turned ``rot``, or None if some edge's
    borders do not continue (or it touches no tile, or the cell is taken)."""
    near = _frontier(m.placements).get((x, y))
    if not near:
        return None
    return _fit(tile.id, len(tile.territories), x, y, rot, near)


def _fit(tile_id: str, n_terr: int, x: int, y: int, rot: int,
         near: tuple[tuple[int, tuple[bool, ...], tuple[str, ...], int], ...]) -> Fit | None:
    sides = _rotations(tile_id)[rot]
    joins: list[set[str]] = [set() for _ in range(n_terr)]
    for side, need, roots, _ in near:
        mine, ends = sides[side]
        if ends != need:
            return None
        for i, t in enumerate(mine):
            joins[t].add(roots[i])
    # Local territories that reach the same map territory become one territory.
    groups: list[tuple[set[int], set[str]]] = []
    for t in range(n_terr):
        ts, rs = {t}, set(joins[t])
        for g in [g for g in groups if g[1] & rs]:
            groups.remove(g)
            ts |= g[0]
            rs |= g[1]
        groups.append((ts, rs))
    return Fit(x, y, rot, tuple((tuple(sorted(a)), tuple(sorted(b, key=node_key)))
                                for a, b in groups), tuple(sorted({q for *_, q in near})))


def fits(m: MapInfo, tile_id: str, owners: Mapping[str, frozenset[int]],
         touch: set[str] | None = None, start_only: bool = False,
         need_empty: bool = False) -> list[Fit]:
    """Every legal position for a tile: borders continue on every touching edge, no
    territory ends up holding units of two players (``owners``: seats with units per
    territory), and — when asked — it touches one of ``touch`` (exploring from an open
    territory you control), touches a starting tile (setup's first round) or leaves an empty
    territory on the new tile (for a group of units)."""
    key_owners = tuple(sorted((t, tuple(sorted(s))) for t, s in owners.items()))
    key_touch = None if touch is None else tuple(sorted(touch))
    return list(_fits(m.placements, tile_id, key_owners, key_touch, start_only, need_empty))


@lru_cache(maxsize=4096)
def _fits(placements: tuple[Placement, ...], tile_id: str,
          owners_key: tuple[tuple[str, tuple[int, ...]], ...],
          touch_key: tuple[str, ...] | None, start_only: bool, need_empty: bool
          ) -> tuple[Fit, ...]:
    gd = data()
    owners = {t: set(s) for t, s in owners_key}
    touch = set(touch_key) if touch_key is not None else None
    starts = {p for p, (t, *_r) in enumerate(placements)
              if gd.tiles[t].kind in ("start", "start5")}
    n_terr = len(gd.tiles[tile_id].territories)
    out: list[Fit] = []
    for (x, y), near in _frontier(placements).items():
        if start_only and not any(q in starts for *_, q in near):
            continue
        if touch is not None and not any(r in touch for _, _, roots, _ in near for r in roots):
            continue
        for rot in range(SIDES):
            f = _fit(tile_id, n_terr, x, y, rot, near)
            if f is None:
                continue
            if touch is not None and not any(r in touch for _, rs in f.groups for r in rs):
                continue
            ok = True
            empty = False
            for _, rs in f.groups:
                seats: set[int] = set()
                for r in rs:
                    seats |= owners.get(r, set())
                if len(seats) > 1:
                    ok = False
                    break
                if not seats:
                    empty = True
            if ok and (empty or not need_empty):
                out.append(f)
    return tuple(out)


def new_nodes_closed(before: MapInfo, after: MapInfo) -> list[str]:
    """Territories closed by the last placement (each holds a node of the new tile)."""
    p = len(after.placements) - 1
    out = []
    for r in after.roots:
        if after.closed[r] and any(node_key(n)[0] == p for n in after.members[r]):
            out.append(r)
    return out


#: Caches elsewhere that are derived from tile shapes (the view's drawn territories).
_DERIVED: list[Callable[[], None]] = []


def on_forget(clear: Callable[[], None]) -> None:
    """Register a cache of tile-derived data so that ``forget_maps`` clears it too."""
    _DERIVED.append(clear)


def forget_maps() -> None:
    """Drop every map derived from tile definitions. The caches are keyed by tile ids, so a
    tile redefined under an id already seen (a content pack reloaded, a test's own tiles)
    would otherwise be answered from the old shapes."""
    for fn in (_map_info, _frontier, _rotations, _fits):
        fn.cache_clear()
    for clear in _DERIVED:
        clear()
