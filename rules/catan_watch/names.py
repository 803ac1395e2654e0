"""The names players use for spots — the same on the board image, in menus and in the log.

Hexes are lettered A, B, C… in the engine's id order (rows north to south, west to east);
the image draws the letter on every hex. A corner is named by the letters of the hexes
around it (``A/B/E``), a path by the two hexes it separates (``A–B``); a coastal spot that
touches a single hex, or a corner whose hexes name another corner too, adds its compass
direction (``A (NW)``, ``A (W edge)``).

Those names (``spot_names``) are the spots' codes: unique within a board and carried by log
events. Players read them through ``spot_text``, which names the direction in their language
(the catalog's ``catan.dir.*``), the rest being letters.
"""

from __future__ import annotations

import re
from functools import cache

from rules.base import Text, text
from rules.catan_watch.board import geometry

_CORNER_DIRS = ("N", "NE", "SE", "S", "SW", "NW")  # corners clockwise from the top
_SIDE_DIRS = ("NE", "E", "SE", "SW", "W", "NW")  # side k joins corners k and k+1
_EDGE = " edge"
_DIRECTED = re.compile(r"(?P<spot>.+) \((?P<dir>N|NE|E|SE|S|SW|W|NW)(?P<edge>" + _EDGE
                       + r")?\)")


def letter(hex_id: int) -> str:
    """A, B, … Z, then AA, AB … (the boards have at most 21 hexes)."""
    if hex_id < 26:
        return chr(ord("A") + hex_id)
    return letter(hex_id // 26 - 1) + letter(hex_id % 26)


@cache
def spot_names(shape: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(corner names, path names) of one board shape, each unique within the board."""
    geo = geometry(shape)
    rings, vertex_hexes = geo.hex_vertices, geo.vertex_hexes
    corners = ["/".join(letter(h) for h in sorted(hs)) for hs in vertex_hexes]
    for v, hs in enumerate(vertex_hexes):
        if len(hs) == 1 or corners.count(corners[v]) > 1:
            h = min(hs)
            corners[v] = f"{corners[v]} ({_CORNER_DIRS[rings[h].index(v)]})"
    paths: list[str] = []
    for a, b in geo.edge_vertices:
        shared = sorted(set(vertex_hexes[a]) & set(vertex_hexes[b]))
        if len(shared) >= 2:
            paths.append("–".join(letter(h) for h in shared))
            continue
        h = shared[0]
        i, j = rings[h].index(a), rings[h].index(b)
        side = i if (i + 1) % 6 == j else j
        paths.append(f"{letter(h)} ({_SIDE_DIRS[side]}{_EDGE})")
    return tuple(corners), tuple(paths)


def corner_name(shape: str, v: int) -> str:
    return spot_names(shape)[0][v]


def path_name(shape: str, e: int) -> str:
    return spot_names(shape)[1][e]


def spot_text(name: str) -> str | Text:
    """A spot's code (``A (NW edge)``) as players read it: the compass direction from the
    catalog (``catan.spot.corner``/``catan.spot.edge``, ``catan.dir.nw``); a code without a
    direction is letters only and stays as it is. Works on the codes logs already hold."""
    found = _DIRECTED.fullmatch(name)
    if found is None:
        return name
    key = "catan.spot.edge" if found["edge"] else "catan.spot.corner"
    return text(key, spot=found["spot"], dir=text(f"catan.dir.{found['dir'].lower()}"))
