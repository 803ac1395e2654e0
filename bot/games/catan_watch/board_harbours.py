"""Harbours on the Catan board image: which coastal paths are harbours, their tiles in the sea
joined to their corners, and the hex radius at which the map and its tiles fit."""

from __future__ import annotations

import math
from typing import Any

from bot.games.catan_watch.board_canvas import (
    PAPER,
    RESOURCE_COLOUR,
    Box4,
    Point,
    _Board,
    _Tag,
)
from bot.render.kit import (
    INK,
    WHITE,
)


# ---- harbours -------------------------------------------------------------------------------
def harbour_edges(board: dict[str, Any]) -> list[tuple[int, int, str]]:
    """(vertex, vertex, kind) of each harbour. The view marks harbour corners only, so a
    coastal path between two corners of *different* harbours of one kind looks like a
    harbour too: match every harbour corner to exactly one coastal path, corners with a
    single candidate first."""
    verts = board["vertices"]
    candidates: list[tuple[int, int, str]] = []
    for a, b in board["edges"]:
        kind = verts[a].get("harbour")
        if kind and verts[b].get("harbour") == kind and len(
                set(verts[a]["hexes"]) & set(verts[b]["hexes"])) == 1:
            candidates.append((a, b, kind))
    chosen: list[tuple[int, int, str]] = []
    used: set[int] = set()
    while True:
        left = [e for e in candidates if e[0] not in used and e[1] not in used]
        if not left:
            return chosen
        count: dict[int, int] = {}
        for a, b, _k in left:
            count[a] = count.get(a, 0) + 1
            count[b] = count.get(b, 0) + 1
        pick = min(left, key=lambda e: (min(count[e[0]], count[e[1]]), e[0], e[1]))
        chosen.append(pick)
        used.update(pick[:2])


def _tags(c: _Board) -> list[_Tag]:
    tags = []
    for a, b, kind in harbour_edges(c.board):
        shared = set(c.board["vertices"][a]["hexes"]) & set(c.board["vertices"][b]["hexes"])
        h = c.board["hexes"][shared.pop()]
        va, vb = c.board["vertices"][a], c.board["vertices"][b]
        ax, ay = c.unit(va["x"], va["y"])
        bx, by = c.unit(vb["x"], vb["y"])
        hx, hy = c.unit(2 * h["q"] + h["r"], 3 * h["r"])
        mx, my = (ax + bx) / 2, (ay + by) / 2
        norm = math.hypot(mx - hx, my - hy) or 1.0
        tags.append(_Tag(a, b, (mx, my), ((mx - hx) / norm, (my - hy) / norm), kind))
    return tags


def _tag_size(c: _Board) -> tuple[float, float]:
    return c.s.measure("2:1", c.f, True) + 12, c.f + 10


def _tag_centre(c: _Board, tag: _Tag) -> Point:
    w, h = _tag_size(c)
    nx, ny = tag.normal
    reach = 10 + abs(nx) * w / 2 + abs(ny) * h / 2
    return (c.ox + tag.mid[0] * c.r + nx * reach, c.oy + tag.mid[1] * c.r + ny * reach)


def _fit_map(c: _Board, tags: list[_Tag], box: Box4) -> None:
    """The largest hex radius at which the map and its harbour tiles fit ``box``, centred."""
    w, h = _tag_size(c)
    pts = [c.unit(v["x"], v["y"]) for v in c.board["vertices"]]
    reach = [(t, 10 + abs(t.normal[0]) * w / 2 + abs(t.normal[1]) * h / 2) for t in tags]

    def extent(r: float) -> Box4:
        xs = [x * r for x, _ in pts]
        ys = [y * r for _, y in pts]
        for t, k in reach:
            cx, cy = t.mid[0] * r + t.normal[0] * k, t.mid[1] * r + t.normal[1] * k
            xs += [cx - w / 2, cx + w / 2]
            ys += [cy - h / 2, cy + h / 2]
        return min(xs), min(ys), max(xs), max(ys)

    lo, hi = 10.0, 90.0
    for _ in range(14):
        mid = (lo + hi) / 2
        x0, y0, x1, y1 = extent(mid)
        if x1 - x0 <= box[2] - box[0] and y1 - y0 <= box[3] - box[1]:
            lo = mid
        else:
            hi = mid
    c.r = lo
    x0, y0, x1, y1 = extent(lo)
    c.ox = box[0] + (box[2] - box[0] - (x1 - x0)) / 2 - x0
    c.oy = box[1] + (box[3] - box[1] - (y1 - y0)) / 2 - y0


def _harbours(c: _Board, tags: list[_Tag]) -> None:
    w, h = _tag_size(c)
    for tag in tags:
        centre = _tag_centre(c, tag)
        for corner in (c.vertex(tag.a), c.vertex(tag.b)):
            c.s.draw.line((*corner, *centre), fill=PAPER, width=3)
    for tag in tags:
        x, y = _tag_centre(c, tag)
        res = tag.kind.split()[-1]
        c.s.draw.rounded_rectangle((x - w / 2, y - h / 2, x + w / 2, y + h / 2), 6,
                                   fill=RESOURCE_COLOUR.get(res, PAPER), outline=INK, width=2)
        _rate(c, (x, y), "3:1" if tag.kind == "3:1" else "2:1", res in RESOURCE_COLOUR)


def _rate(c: _Board, xy: Point, text: str, on_colour: bool) -> None:
    if on_colour:  # outlined white reads on every terrain colour, light or dark
        c.s.text(xy, text, c.f, WHITE, bold=True, anchor="mm", stroke=2, stroke_fill=INK)
    else:
        c.s.text(xy, text, c.f, bold=True, anchor="mm")
