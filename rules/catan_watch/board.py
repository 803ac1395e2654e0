"""Board geometry: hexes, corners (vertices) and paths (edges) with integer ids.

Pointy-top hexes in axial coordinates (q, r); a hex centre sits at (2q + r, 3r) on an
integer lattice so that all six corners have integer coordinates and shared corners
compare equal.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from rules.catan_watch.data import BOARDS, N_SECTIONS, RES_INDEX, TERRAIN_RESOURCE
from rules.kit.grid import hex_distance, incidence, neighbours_in
from rules.rng import Rng

# Corner offsets from the centre, clockwise from the top; side k joins corners k and k+1, so
# the neighbour across side k lies in the kit's axial direction k (0 NE, 1 E, ... 5 NW).
_CORNERS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))


@dataclass(frozen=True)
class Geometry:
    shape: str
    hexes: tuple[tuple[int, int], ...]  # axial (q, r)
    hex_rows: tuple[int, ...]
    hex_vertices: tuple[tuple[int, ...], ...]
    hex_neighbours: tuple[tuple[int, ...], ...]
    vertex_xy: tuple[tuple[int, int], ...]
    vertex_hexes: tuple[tuple[int, ...], ...]
    vertex_neighbours: tuple[tuple[int, ...], ...]
    vertex_edges: tuple[tuple[int, ...], ...]
    edge_vertices: tuple[tuple[int, int], ...]
    edge_of: dict[tuple[int, int], int]
    side_edge: dict[tuple[int, int], int]  # (hex, side) -> edge
    section_paths: tuple[tuple[int, ...], ...]  # wall section -> Gift hexes nearest first
    vertex_adj: tuple[tuple[tuple[int, int], ...], ...]  # per vertex: (edge, other end)
    edge_adj: tuple[tuple[tuple[int, int], ...], ...]  # per edge: per end (end, other edges)

    @property
    def n_vertices(self) -> int:
        return len(self.vertex_xy)

    @property
    def n_edges(self) -> int:
        return len(self.edge_vertices)


@cache
def geometry(shape: str) -> Geometry:
    layout = BOARDS["layouts"][shape]
    hexes: list[tuple[int, int]] = []
    rows: list[int] = []
    for r, (row, off) in enumerate(zip(layout["rows"], layout["row_offsets"], strict=False)):
        for i in range(len(row)):
            hexes.append((off + i, r))
            rows.append(r)
    corner_points: set[tuple[int, int]] = set()
    for q, r in hexes:
        cx, cy = 2 * q + r, 3 * r
        for dx, dy in _CORNERS:
            corner_points.add((cx + dx, cy + dy))
    vxy = sorted(corner_points, key=lambda p: (p[1], p[0]))
    vid = {p: i for i, p in enumerate(vxy)}
    hex_vertices: list[tuple[int, ...]] = []
    edge_set: set[tuple[int, int]] = set()
    for q, r in hexes:
        cx, cy = 2 * q + r, 3 * r
        vs = tuple(vid[(cx + dx, cy + dy)] for dx, dy in _CORNERS)
        hex_vertices.append(vs)
        for k in range(6):
            a, b = vs[k], vs[(k + 1) % 6]
            edge_set.add((min(a, b), max(a, b)))
    edges = sorted(
        edge_set, key=lambda e: (vxy[e[0]][1] + vxy[e[1]][1], vxy[e[0]][0] + vxy[e[1]][0])
    )
    edge_of = {e: i for i, e in enumerate(edges)}
    hex_index = {h: i for i, h in enumerate(hexes)}
    side_edge: dict[tuple[int, int], int] = {}
    for h, vs in enumerate(hex_vertices):
        for k in range(6):
            a, b = vs[k], vs[(k + 1) % 6]
            side_edge[(h, k)] = edge_of[(min(a, b), max(a, b))]
    nv = len(vxy)
    v_hexes: list[list[int]] = [[] for _ in range(nv)]
    for h, vs in enumerate(hex_vertices):
        for v in vs:
            v_hexes[v].append(h)
    v_inc = incidence(edges, nv)
    hex_nb = tuple(neighbours_in(h, hex_index) for h in hexes)
    return Geometry(
        shape=shape,
        hexes=tuple(hexes),
        hex_rows=tuple(rows),
        hex_vertices=tuple(hex_vertices),
        hex_neighbours=hex_nb,
        vertex_xy=tuple(vxy),
        vertex_hexes=tuple(tuple(x) for x in v_hexes),
        vertex_neighbours=tuple(tuple(o for _, o in x) for x in v_inc),
        vertex_edges=tuple(tuple(e for e, _ in x) for x in v_inc),
        edge_vertices=tuple(edges),
        edge_of=edge_of,
        side_edge=side_edge,
        section_paths=_section_paths(hexes, rows) if shape.startswith("gift") else (),
        vertex_adj=tuple(tuple(x) for x in v_inc),
        edge_adj=tuple(
            tuple((v, tuple(f for f, _ in v_inc[v] if f != e)) for v in edges[e])
            for e in range(len(edges))
        ),
    )


def _section_paths(hexes: list[tuple[int, int]], rows: list[int]) -> tuple[tuple[int, ...], ...]:
    """Each wall section's order of Gift hexes for wildlings crossing the Wall.

    The printed arrows point south-west from each section; we enter at the top-row hex
    under the section and then take the nearest hexes, deeper (south) rows first, then
    west first (our stand-in for the arrows).
    """
    top = [i for i, r in enumerate(rows) if r == 0]
    paths: list[tuple[int, ...]] = []
    for s in range(N_SECTIONS):
        entry = hexes[top[round(s * (len(top) - 1) / (N_SECTIONS - 1))]]
        order = sorted(
            range(len(hexes)),
            key=lambda i: (hex_distance(hexes[i], entry), -rows[i], hexes[i][0]),
        )
        paths.append(tuple(order))
    return tuple(paths)


@dataclass
class Layout:
    """Terrain, numbers and harbours of one game's board (stored in the state)."""

    shape: str
    terrain: list[str]
    number: list[int]
    harbour: list[int]  # per vertex: -1 none, 5 = 3:1, 0..4 = 2:1 in that resource
    harbour_vertices: list[tuple[int, int]]  # (vertex, kind) for harbour corners only
    producing: dict[int, list[tuple[int, int]]]  # number -> [(hex, resource)]
    # Derived for speed: number -> ((hex, resource, corners), ...) in resource order, and
    # per corner the sum
    # of the dice combinations of its hexes' numbers (how productive the corner is).
    yields: dict[int, tuple[tuple[int, int, tuple[int, ...]], ...]]
    vertex_pips: tuple[int, ...]
    numbered: tuple[int, ...]  # hexes with a number token, ascending

    def to_json(self) -> dict[str, Any]:
        return {"shape": self.shape, "terrain": self.terrain[:], "number": self.number[:]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Layout:
        return make_layout(data["shape"], list(data["terrain"]), list(data["number"]))


ANY_HARBOUR = 5
# Ways to roll each number with two dice: how productive a number token is.
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}


def make_layout(shape: str, terrain: list[str], number: list[int]) -> Layout:
    """The layout for this board (shared: a layout is never changed once made)."""
    return _make_layout(shape, tuple(terrain), tuple(number))


@lru_cache(maxsize=256)
def _make_layout(shape: str, terrain_t: tuple[str, ...], number_t: tuple[int, ...]) -> Layout:
    terrain, number = list(terrain_t), list(number_t)
    geo = geometry(shape)
    spec = BOARDS["layouts"][shape]
    harbour = [-1] * geo.n_vertices
    row_start: list[int] = []
    k = 0
    for row in spec["rows"]:
        row_start.append(k)
        k += len(row)
    for h in spec["harbours"]["list"]:
        hx = row_start[h["hex"][0]] + h["hex"][1]
        edge = geo.side_edge[(hx, h["side"])]
        kind = ANY_HARBOUR if h["type"] == "any" else RES_INDEX[h["type"]]
        for v in geo.edge_vertices[edge]:
            harbour[v] = kind
    producing: dict[int, list[tuple[int, int]]] = {}
    for h, (t, num) in enumerate(zip(terrain, number, strict=True)):
        r = TERRAIN_RESOURCE[t]
        if num and r >= 0:
            producing.setdefault(num, []).append((h, r))
    harbour_vertices = [(v, k) for v, k in enumerate(harbour) if k >= 0]
    yields = {  # in resource order (then hex order)
        num: tuple(sorted(((h, r, geo.hex_vertices[h]) for h, r in pairs), key=lambda x: x[1]))
        for num, pairs in producing.items()
    }
    vertex_pips = tuple(sum(PIPS.get(number[h], 0) for h in hs) for hs in geo.vertex_hexes)
    numbered = tuple(h for h, num in enumerate(number) if num)
    return Layout(shape, terrain, number, harbour, harbour_vertices, producing, yields,
                  vertex_pips, numbered)


def beginner_layout(shape: str) -> Layout:
    spec = BOARDS["layouts"][shape]
    terrain = [t for row in spec["rows"] for t, _ in row]
    number = [n for row in spec["rows"] for _, n in row]
    return make_layout(shape, terrain, number)


def reds_adjacent(geo: Geometry, number: list[int]) -> bool:
    for h, n in enumerate(number):
        if n in (6, 8):
            for nb in geo.hex_neighbours[h]:
                if number[nb] in (6, 8):
                    return True
    return False


def variable_layout(shape: str, rng: Rng) -> Layout:
    """Random terrain; number tokens shuffled onto numbered hexes, redrawn until no
    6 or 8 is next to another 6 or 8 (the variable set-up rule)."""
    geo = geometry(shape)
    mix = BOARDS["variable"][shape]
    terrain = [t for t, c in mix["terrains"].items() for _ in range(c)]
    rng.shuffle(terrain)
    while True:
        tokens = rng.shuffled(mix["numbers"])
        number: list[int] = []
        it = iter(tokens)
        for t in terrain:
            number.append(0 if t == "ice_field" else next(it))
        if not reds_adjacent(geo, number):
            return make_layout(shape, terrain, number)


def validate_geometry_and_harbours() -> None:
    """Every harbour lies on a coast edge and no two harbours share a corner."""
    for shape in BOARDS["layouts"]:
        geo = geometry(shape)
        lay = beginner_layout(shape)
        if reds_adjacent(geo, lay.number):
            raise ValueError(f"{shape}: red numbers adjacent in the fixed layout")
        seen: set[int] = set()
        spec = BOARDS["layouts"][shape]
        row_start = [sum(len(r) for r in spec["rows"][:i]) for i in range(len(spec["rows"]))]
        for h in spec["harbours"]["list"]:
            hx = row_start[h["hex"][0]] + h["hex"][1]
            a, b = geo.edge_vertices[geo.side_edge[(hx, h["side"])]]
            shared = set(geo.vertex_hexes[a]) & set(geo.vertex_hexes[b])
            if len(shared) != 1:
                raise ValueError(f"{shape}: harbour {h} is not on the coast")
            if a in seen or b in seen:
                raise ValueError(f"{shape}: harbour {h} shares a corner with another")
            seen.update((a, b))


validate_geometry_and_harbours()
