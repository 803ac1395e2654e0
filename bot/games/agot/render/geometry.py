"""The schematic map's geometry: every area a set of jittered Voronoi cells of the
layout grid, its borders, label anchors, and rule adjacencies the grid does not show."""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from bot.games.agot.render.style import (
    LAYOUT_PATH,
    Point,
)
from rules.agot.board import Board


def _clip(poly: list[Point], labels: list[int], s: Point, q: Point, lab: int
          ) -> tuple[list[Point], list[int]]:
    """Keep the part of ``poly`` nearer to ``s`` than to ``q``; new edges are labelled ``lab``.

    ``labels[k]`` names the cell on the other side of the edge poly[k] -> poly[k+1] (-1: the
    map's frame), which is how shared borders are found later without any search.
    """
    mx, my = (s[0] + q[0]) / 2, (s[1] + q[1]) / 2
    dx, dy = q[0] - s[0], q[1] - s[1]
    out: list[Point] = []
    out_labels: list[int] = []
    n = len(poly)
    for k in range(n):
        p, r, lb = poly[k], poly[(k + 1) % n], labels[k]
        fp = (p[0] - mx) * dx + (p[1] - my) * dy
        fr = (r[0] - mx) * dx + (r[1] - my) * dy
        if fp <= 0:
            out.append(p)
            out_labels.append(lb)
            if fr > 0:
                t = fp / (fp - fr)
                out.append((p[0] + (r[0] - p[0]) * t, p[1] + (r[1] - p[1]) * t))
                out_labels.append(lab)
        elif fr <= 0:
            t = fp / (fp - fr)
            out.append((p[0] + (r[0] - p[0]) * t, p[1] + (r[1] - p[1]) * t))
            out_labels.append(lb)
    return out, out_labels


#: Half the height of the tallest label (two name lines, the icons, the pieces): anchors stay
#: this far from the map's top and bottom so no label is cut by the frame.
LABEL_REACH = 42
#: The strip under the map with the round, the phase and the wildling threat.
STATUS_BAND = 40

#: How far (in cells) each grid point is nudged: a smooth warp (WARP, over WAVE cells) turns
#: the painted staircases into wavy borders, a little independent noise (JITTER) roughens them.
WARP, WAVE, JITTER = 0.6, 6.0, 0.12


def _warp(x: float, y: float) -> Point:
    k = 2 * math.pi / WAVE
    dx = math.sin(k * y + 1.3) + 0.6 * math.sin(k * 1.7 * (x + y) + 0.4)
    dy = math.sin(k * x + 2.1) + 0.6 * math.sin(k * 1.3 * (x - y) + 2.9)
    return WARP * dx / 1.6, WARP * dy / 1.6


def jittered_cells(cols: int, rows: int, cell: float
                   ) -> tuple[list[Point], list[tuple[list[Point], list[int]]]]:
    """A Voronoi diagram of one nudged point per grid square (fixed random seed).

    Returns the points and, per point, its cell polygon with the neighbour behind each edge.
    Only the 5x5 block of grid neighbours is clipped against: the nudges are small and smooth
    enough that no point further away can own any part of a cell.
    """
    rng = random.Random(20030101)
    pts: list[Point] = []
    for y in range(rows):
        for x in range(cols):
            wx, wy = _warp(x, y)
            pts.append(((x + 0.5 + wx + rng.uniform(-JITTER, JITTER)) * cell,
                        (y + 0.5 + wy + rng.uniform(-JITTER, JITTER)) * cell))
    width, height = cols * cell, rows * cell
    cells = []
    for y in range(rows):
        for x in range(cols):
            i = y * cols + x
            poly: list[Point] = [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)]
            labels = [-1, -1, -1, -1]
            for ny in range(max(0, y - 2), min(rows, y + 3)):
                for nx in range(max(0, x - 2), min(cols, x + 3)):
                    j = ny * cols + nx
                    if j != i:
                        poly, labels = _clip(poly, labels, pts[i], pts[j], j)
            cells.append((poly, labels))
    return pts, cells


@dataclass(frozen=True)
class Edge:
    a: str
    b: str
    p: Point
    q: Point


@dataclass
class MapGeometry:
    """The schematic map, derived once from the layout file."""

    width: int
    height: int
    map_width: int
    map_height: int
    anchors: dict[str, Point]  # where an area's name and pieces go
    polygons: dict[str, list[list[Point]]]  # area -> the small cells it is made of
    edges: list[Edge]  # every piece of border between two different areas
    touching: dict[tuple[str, str], float]  # length of shared border per area pair
    points: dict[str, list[Point]]  # the nudged grid points of each area


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def load_layout(path: Path = LAYOUT_PATH) -> dict[str, Any]:
    with open(path, encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


#: The room an area's label and pieces need, in grid squares (wide, high), best first.
_LABEL_BLOCKS = ((6, 3), (5, 3), (6, 2), (5, 2), (4, 2), (3, 2), (2, 2), (1, 1))


def _anchor(grid: list[str], code: str, cell: float) -> Point:
    """The centre of the biggest block of squares that is all this area, nearest its middle."""
    squares = [(x, y) for y, row in enumerate(grid) for x, c in enumerate(row) if c == code]
    cx = sum(x for x, _ in squares) / len(squares)
    cy = sum(y for _, y in squares) / len(squares)
    own = set(squares)
    for w, h in _LABEL_BLOCKS:
        fits = [(x, y) for x, y in squares
                if all((x + i, y + j) in own for i in range(w) for j in range(h))]
        if fits:
            x, y = min(fits, key=lambda s: (s[0] + w / 2 - 0.5 - cx) ** 2
                       + (s[1] + h / 2 - 0.5 - cy) ** 2)
            return ((x + w / 2) * cell, (y + h / 2) * cell)
    return ((cx + 0.5) * cell, (cy + 0.5) * cell)


@lru_cache(maxsize=1)
def geometry() -> MapGeometry:
    lay = load_layout()
    grid: list[str] = lay["grid"]
    cell = float(lay["cell"])
    area_of = {c: a for a, c in lay["codes"].items()}
    rows, cols = len(grid), len(grid[0])
    owner = [area_of[c] for row in grid for c in row]
    pts, cells = jittered_cells(cols, rows, cell)
    polygons: dict[str, list[list[Point]]] = {a: [] for a in lay["codes"]}
    points: dict[str, list[Point]] = {a: [] for a in lay["codes"]}
    for i, p in enumerate(pts):
        points[owner[i]].append(p)
    edges: list[Edge] = []
    touching: dict[tuple[str, str], float] = {}
    for i, (poly, labels) in enumerate(cells):
        polygons[owner[i]].append(poly)
        n = len(poly)
        for k, j in enumerate(labels):
            if j > i and owner[j] != owner[i]:  # each shared edge once, from its lower cell
                p, q = poly[k], poly[(k + 1) % n]
                edges.append(Edge(owner[i], owner[j], p, q))
                pair = _pair(owner[i], owner[j])
                touching[pair] = touching.get(pair, 0.0) + math.dist(p, q)
    anchors = {a: _anchor(grid, c, cell) for a, c in lay["codes"].items()}
    for a, xy in (lay.get("anchors") or {}).items():
        anchors[a] = (float(xy[0]), float(xy[1]))
    # Keep every label's name and pieces row inside the map.
    low, high = LABEL_REACH, rows * cell - LABEL_REACH
    anchors = {a: (x, min(max(y, low), high)) for a, (x, y) in anchors.items()}
    # The image is the map alone (plus the status strip): a side panel beside it made the
    # whole image so wide that Discord's preview shrank the map's words to specks (issue #14).
    map_w, map_h = int(cols * cell), int(rows * cell)
    return MapGeometry(map_w, map_h + STATUS_BAND, map_w, map_h, anchors, polygons, edges,
                       touching, points)


#: Shared border (pixels) below which two adjacent areas count as not touching on the map.
MIN_CONTACT = 12.0


def _owner_at(g: MapGeometry, p: Point) -> str:
    return min(((a, q) for a, pts in g.points.items() for q in pts),
               key=lambda aq: math.dist(aq[1], p))[0]


def missing_links(g: MapGeometry, b: Board) -> list[list[Point]]:
    """Adjacent areas that do not touch on the map, as a curve between their closest points
    that bends around third areas (so it does not read as one of their borders)."""
    out = []
    for a in b.area_ids:
        for other in b.adj[a]:
            if a > other or g.touching.get(_pair(a, other), 0.0) >= MIN_CONTACT:
                continue
            p, q = min(((p, q) for p in g.points[a] for q in g.points[other]),
                       key=lambda pq: math.dist(*pq))
            mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
            nx, ny = q[1] - p[1], p[0] - q[0]  # perpendicular, as long as the link
            best: list[Point] = []
            best_cost = math.inf
            for bend in (0.0, 0.4, -0.4, 0.8, -0.8, 1.2, -1.2, 1.6, -1.6):
                c = (mx + nx * bend, my + ny * bend)
                curve = [((1 - t) ** 2 * p[0] + 2 * (1 - t) * t * c[0] + t * t * q[0],
                          (1 - t) ** 2 * p[1] + 2 * (1 - t) * t * c[1] + t * t * q[1])
                         for t in (k / 16 for k in range(17))]
                cost = sum(1 for pt in curve if _owner_at(g, pt) not in (a, other)
                           and not b.is_sea[_owner_at(g, pt)])
                if cost < best_cost:
                    best, best_cost = curve, cost
            out.append(best)
    return out


# ------------------------------------------------------------------------------- sprites

