"""The board image for A Game of Thrones (1st edition), drawn from the PUBLIC view only.

There is no licensed map art, so the map is schematic: ``agot_layout.json`` paints every area
on a coarse grid (one character per square), and each square becomes the Voronoi cell of a
randomly nudged point, which gives hand-drawn looking borders. Where two areas touch but are
not adjacent in the rules, the shared edge is drawn as a river (land) or cliffs/reefs (sea), so
the picture never suggests a border the rules do not have; an adjacency whose areas do not
touch on the grid gets a dashed link instead.

Everything static (cells, borders, names, castles, barrels, crowns, the panel's frame) is drawn
once per process; a render only tints controlled land, places the pieces and writes the panel.
"""

from __future__ import annotations

import io
import json
import math
import random
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from rules.agot.board import Board, board

LAYOUT_PATH = Path(__file__).with_name("agot_layout.json")

Point = tuple[float, float]
RGB = tuple[int, int, int]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

# ---------------------------------------------------------------------------------- palette

LAND: RGB = (216, 199, 156)
SEA: RGB = (112, 152, 192)
SEA_INK: RGB = (232, 242, 252)
LAND_INK: RGB = (40, 30, 20)
PANEL: RGB = (36, 33, 38)
PANEL_INK: RGB = (236, 230, 218)
PANEL_DIM: RGB = (160, 152, 140)
GOLD: RGB = (226, 180, 40)
NEUTRAL_FILL: RGB = (112, 70, 128)


@dataclass(frozen=True)
class HouseStyle:
    fill: RGB  # units, chips, token rings
    ink: RGB  # text drawn on ``fill``
    rim: RGB  # outline around ``fill`` so light colours stand out on parchment
    tint_alpha: int  # how strongly controlled land takes the house colour (0-255)
    short: str


HOUSES: dict[str, HouseStyle] = {
    "stark": HouseStyle((238, 238, 242), (30, 30, 40), (70, 70, 84), 190, "STA"),
    "lannister": HouseStyle((178, 30, 38), (255, 255, 255), (80, 8, 12), 105, "LAN"),
    "baratheon": HouseStyle((240, 196, 24), (40, 30, 0), (110, 80, 0), 130, "BAR"),
    "greyjoy": HouseStyle((34, 34, 40), (255, 255, 255), (0, 0, 0), 120, "GRE"),
    "tyrell": HouseStyle((42, 130, 56), (255, 255, 255), (12, 56, 20), 120, "TYR"),
}
_UNKNOWN_HOUSE = HouseStyle((150, 150, 150), (0, 0, 0), (60, 60, 60), 100, "???")


def house_style(house: str | None) -> HouseStyle:
    return HOUSES.get(house or "", _UNKNOWN_HOUSE)


#: Characters the bundled default font lacks, and what to print instead.
_PLAIN = str.maketrans({"—": "-", "–": "-", "−": "-", "×": "x", "★": "*", "’": "'"})


def plain(text: str) -> str:
    return text.translate(_PLAIN)


@lru_cache(maxsize=32)
def font(size: int) -> Font:
    # Pillow >= 10.1 ships a scalable default font, so no font file has to travel with the bot.
    return ImageFont.load_default(size=size)


# --------------------------------------------------------------------------------- geometry


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


#: Offsets (pixels) from an area's anchor of its name, its static icons and its pieces.
NAME_DY, ICONS_DY, UNITS_DY = -22, -5, 16

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
    low, high = -NAME_DY + 8, rows * cell - UNITS_DY - 14
    anchors = {a: (x, min(max(y, low), high)) for a, (x, y) in anchors.items()}
    width, height = lay["canvas"]
    return MapGeometry(width, height, int(cols * cell), int(rows * cell), anchors, polygons,
                       edges, touching, points)


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

SS = 4  # sprites are drawn this many times larger and scaled down, for smooth edges


def _supersampled(w: int, h: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img)


def _finish(img: Image.Image) -> Image.Image:
    return img.resize((img.width // SS, img.height // SS), Image.Resampling.LANCZOS)


def _text_c(d: ImageDraw.ImageDraw, xy: Point, text: str, size: int, fill: RGB,
            stroke: RGB | None = None, sw: int = 0) -> None:
    d.text(xy, text, font=font(size), anchor="mm", fill=fill,
           stroke_width=sw, stroke_fill=stroke)


def _star(d: ImageDraw.ImageDraw, c: Point, r: float, fill: RGB, outline: RGB | None = None
          ) -> None:
    pts = []
    for k in range(10):
        rad = r if k % 2 == 0 else r * 0.45
        ang = -math.pi / 2 + k * math.pi / 5
        pts.append((c[0] + rad * math.cos(ang), c[1] + rad * math.sin(ang)))
    d.polygon(pts, fill=fill, outline=outline)


def _fade(c: RGB, toward: RGB = (200, 200, 200), t: float = 0.55) -> RGB:
    return (round(c[0] + (toward[0] - c[0]) * t), round(c[1] + (toward[1] - c[1]) * t),
            round(c[2] + (toward[2] - c[2]) * t))


@lru_cache(maxsize=512)
def unit_sprite(kind: str, house: str, count: int, routed: bool = False) -> Image.Image:
    """A footman (circle), knight (square) or ship (boat) in the house colour, with the count."""
    st = house_style(house)
    fill = _fade(st.fill) if routed else st.fill
    ink = (60, 60, 60) if routed else st.ink
    s = SS
    if kind == "ships":
        img, d = _supersampled(30, 24)
        d.line([(15 * s, 1 * s), (15 * s, 10 * s)], fill=st.rim, width=int(1.5 * s))
        d.polygon([(15 * s, 1 * s), (23 * s, 3.5 * s), (15 * s, 6 * s)], fill=fill,
                  outline=st.rim)
        d.polygon([(1 * s, 9 * s), (29 * s, 9 * s), (24 * s, 23 * s), (6 * s, 23 * s)],
                  fill=fill, outline=st.rim, width=2 * s)
        _text_c(d, (15 * s, 15.5 * s), str(count), 13 * s, ink)
    elif kind == "knights":
        img, d = _supersampled(22, 22)
        d.rounded_rectangle((1 * s, 1 * s, 21 * s, 21 * s), radius=3 * s, fill=fill,
                            outline=st.rim, width=2 * s)
        _text_c(d, (11 * s, 11 * s), str(count), 13 * s, ink)
    else:
        img, d = _supersampled(22, 22)
        d.ellipse((1 * s, 1 * s, 21 * s, 21 * s), fill=fill, outline=st.rim, width=2 * s)
        _text_c(d, (11 * s, 11 * s), str(count), 13 * s, ink)
    if routed:
        # Routed units lie face down in the box game: here they are faded and struck through.
        d.line([(2 * s, (img.height // s - 3) * s), ((img.width // s - 2) * s, 3 * s)],
               fill=(170, 20, 20), width=2 * s)
    return _finish(img)


@lru_cache(maxsize=64)
def neutral_sprite(strength: int, house: str | None = None) -> Image.Image:
    """A neutral force: a purple shield with its strength, rimmed in the colour of the absent
    house whose starting units it stands for (3-4 players)."""
    s = SS
    img, d = _supersampled(24, 26)
    pts = [(2, 2), (22, 2), (22, 13), (12, 24), (2, 13)]
    rim = house_style(house).fill if house in HOUSES else (40, 20, 50)
    d.polygon([(x * s, y * s) for x, y in pts], fill=NEUTRAL_FILL, outline=rim,
              width=(3 if house in HOUSES else 2) * s)
    _text_c(d, (12 * s, 11 * s), str(strength), 13 * s, (255, 255, 255))
    return _finish(img)


@lru_cache(maxsize=16)
def power_sprite(house: str) -> Image.Image:
    """A house's power token left on the board: a small disc with a crown mark."""
    st = house_style(house)
    s = SS
    img, d = _supersampled(20, 20)
    d.ellipse((1 * s, 1 * s, 19 * s, 19 * s), fill=st.fill, outline=st.rim, width=2 * s)
    crown = [(5, 13), (5, 7), (7.5, 10), (10, 6), (12.5, 10), (15, 7), (15, 13)]
    d.polygon([(x * s, y * s) for x, y in crown], fill=st.ink)
    return _finish(img)


@lru_cache(maxsize=16)
def crest_sprite(house: str) -> Image.Image:
    """The printed crest of a house's home area: a small shield in the house colour."""
    st = house_style(house)
    img, d = _supersampled(13, 15)
    pts = [(1, 1), (12, 1), (12, 8), (6.5, 14), (1, 8)]
    d.polygon([(x * SS, y * SS) for x, y in pts], fill=st.fill, outline=st.rim, width=SS)
    return _finish(img)


@lru_cache(maxsize=16)
def disc_sprite(house: str) -> Image.Image:
    """A plain marker in the house colour, for positions on the panel's tracks."""
    st = house_style(house)
    img, d = _supersampled(16, 16)
    d.ellipse((1 * SS, 1 * SS, 15 * SS, 15 * SS), fill=st.fill, outline=st.rim, width=2 * SS)
    return _finish(img)


ORDER_INK = {"march": (150, 30, 20), "defense": (20, 70, 150), "support": (40, 110, 40),
             "raid": (120, 60, 10), "consolidate": (130, 95, 0)}
ORDER_LETTER = {"march": "M", "defense": "D", "support": "S", "raid": "R", "consolidate": "C"}


def order_text(kind: str, bonus: int) -> str:
    if kind in ("march", "defense", "support"):
        return f"{ORDER_LETTER[kind]}{bonus:+d}"
    return ORDER_LETTER.get(kind, "?")


@lru_cache(maxsize=256)
def order_sprite(house: str, kind: str | None, bonus: int = 0, special: bool = False
                 ) -> Image.Image:
    """An order token: face up (kind + bonus, gold with a star when special) or, with
    ``kind=None``, face down (a dark back ringed in the house colour)."""
    st = house_style(house)
    s = SS
    img, d = _supersampled(32, 32)
    if kind is None:
        d.ellipse((1 * s, 1 * s, 31 * s, 31 * s), fill=(58, 52, 62), outline=st.fill, width=4 * s)
        d.ellipse((9 * s, 9 * s, 23 * s, 23 * s), outline=(120, 110, 125), width=s)
        return _finish(img)
    face = (250, 226, 140) if special else (246, 240, 226)
    d.ellipse((1 * s, 1 * s, 31 * s, 31 * s), fill=face, outline=st.fill, width=4 * s)
    d.ellipse((1 * s, 1 * s, 31 * s, 31 * s), outline=st.rim, width=s)
    ink = ORDER_INK.get(kind, (0, 0, 0))
    text = order_text(kind, bonus)
    _text_c(d, (16 * s, (18 if special else 16) * s), text, (12 if len(text) > 1 else 15) * s,
            ink)
    if special:
        _star(d, (16 * s, 8 * s), 4.5 * s, (200, 130, 0))
    return _finish(img)


@lru_cache(maxsize=16)
def icon_sprite(name: str) -> Image.Image:
    """Static map icons: castle, stronghold, supply barrel, power crown."""
    s = SS
    stone, dark = (236, 232, 222), (50, 44, 40)
    if name == "stronghold":
        img, d = _supersampled(22, 16)
        for x0 in (1, 13):
            d.rectangle((x0 * s, 3 * s, (x0 + 8) * s, 15 * s), fill=stone, outline=dark, width=s)
            for k in range(3):
                d.rectangle(((x0 + k * 3) * s, 1 * s, (x0 + k * 3 + 2) * s, 4 * s), fill=stone,
                            outline=dark, width=s)
        d.rectangle((8 * s, 7 * s, 14 * s, 15 * s), fill=stone, outline=dark, width=s)
        d.rectangle((10 * s, 10 * s, 12 * s, 15 * s), fill=dark)
    elif name == "castle":
        img, d = _supersampled(14, 16)
        d.rectangle((2 * s, 4 * s, 12 * s, 15 * s), fill=stone, outline=dark, width=s)
        for k in range(3):
            d.rectangle(((2 + k * 4) * s, 1 * s, (4 + k * 4) * s, 5 * s), fill=stone,
                        outline=dark, width=s)
        d.rectangle((6 * s, 10 * s, 8 * s, 15 * s), fill=dark)
    elif name == "barrel":
        img, d = _supersampled(11, 14)
        d.rounded_rectangle((1 * s, 1 * s, 10 * s, 13 * s), radius=3 * s, fill=(150, 96, 48),
                            outline=(70, 40, 15), width=s)
        for y in (4, 10):
            d.line([(1 * s, y * s), (10 * s, y * s)], fill=(70, 40, 15), width=s)
    else:  # crown
        img, d = _supersampled(15, 12)
        pts = [(1, 11), (1, 3), (4.5, 7), (7.5, 1), (10.5, 7), (14, 3), (14, 11)]
        d.polygon([(x * s, y * s) for x, y in pts], fill=GOLD, outline=(110, 75, 0), width=s)
    return _finish(img)


def _paste(img: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    img.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)), sprite)


# --------------------------------------------------------------------------- static layers

BORDER_STYLE: dict[tuple[str, bool], tuple[RGB, int]] = {
    # (kinds of the two sides, adjacent in the rules) -> (colour, width)
    ("land-land", True): ((118, 94, 64), 2),
    ("land-land", False): ((52, 104, 184), 5),  # a river: touching, but no border
    ("land-sea", True): ((58, 46, 34), 3),
    ("land-sea", False): ((30, 24, 20), 6),  # cliffs: the land cannot be reached from here
    ("sea-sea", True): ((196, 220, 240), 2),
    ("sea-sea", False): ((24, 44, 72), 6),  # reefs
}


def _edge_kind(b: Board, x: str, y: str) -> str:
    seas = b.is_sea[x] + b.is_sea[y]
    return ("land-land", "land-sea", "sea-sea")[seas]


def display_name(b: Board, area: str, size: int = 14) -> str:
    """The printed name, without a leading "The" when it would not fit the area's label."""
    name = b.name[area]
    if name.startswith("The ") and font(size).getlength(name) > 124:
        name = name[4:]
    return name


def _shade(base: RGB, key: str, spread: int) -> RGB:
    # A slightly different shade per area makes neighbouring cells easy to tell apart.
    rng = random.Random(key)
    k = rng.randint(-spread, spread)
    return (base[0] + k, base[1] + k, base[2] + k // 2)


@dataclass
class StaticLayers:
    base: Image.Image  # the whole canvas: map and empty panel
    overlay: Image.Image  # the map's lines and lettering only (RGBA), laid again over tints
    masks: dict[str, tuple[tuple[int, int, int, int], Image.Image]]  # land area -> bbox, mask
    tinted: dict[tuple[str, int], Image.Image]  # (area, alpha) -> scaled mask, filled lazily


@lru_cache(maxsize=1)
def static_layers() -> StaticLayers:
    b = board()
    g = geometry()
    fills = Image.new("RGB", (g.width, g.height), PANEL)
    fd = ImageDraw.Draw(fills)
    for area, polys in g.polygons.items():
        col = _shade(SEA, area, 6) if b.is_sea[area] else _shade(LAND, area, 7)
        for poly in polys:
            fd.polygon(poly, fill=col)
    overlay = Image.new("RGBA", (g.width, g.height), (0, 0, 0, 0))
    od = ImageDraw.Draw(overlay)
    for e in g.edges:
        colour, width = BORDER_STYLE[(_edge_kind(b, e.a, e.b), e.b in b.adj_set[e.a])]
        od.line([e.p, e.q], fill=(*colour, 255), width=width)
        if width > 2:
            # Round the joints: a border is many short segments.
            r = (width - 1) / 2
            for x, y in (e.p, e.q):
                od.ellipse((x - r, y - r, x + r, y + r), fill=(*colour, 255))
    # Adjacent areas that do not meet on the map get a dashed link, so no border goes unseen.
    for curve in missing_links(g, b):
        od.line(curve, fill=(238, 226, 196, 255), width=6, joint="curve")
        for k in range(0, len(curve) - 1, 2):
            od.line([curve[k], curve[k + 1]], fill=(70, 40, 20, 255), width=3)
        for x, y in (curve[0], curve[-1]):
            od.ellipse((x - 4, y - 4, x + 4, y + 4), fill=(70, 40, 20, 255))
    for area in b.area_ids:
        _static_label(overlay, od, b, area, g.anchors[area], g.map_width)
    masks: dict[str, tuple[tuple[int, int, int, int], Image.Image]] = {}
    for area, polys in g.polygons.items():
        if b.is_sea[area]:
            continue
        xs = [p[0] for poly in polys for p in poly]
        ys = [p[1] for poly in polys for p in poly]
        bbox = (max(0, math.floor(min(xs))), max(0, math.floor(min(ys))),
                min(g.map_width, math.ceil(max(xs)) + 1), min(g.map_height, math.ceil(max(ys)) + 1))
        mask = Image.new("L", (bbox[2] - bbox[0], bbox[3] - bbox[1]), 0)
        md = ImageDraw.Draw(mask)
        for poly in polys:
            md.polygon([(x - bbox[0], y - bbox[1]) for x, y in poly], fill=255)
        masks[area] = (bbox, mask)
    base = fills.copy()
    base.paste(overlay, (0, 0), overlay)
    return StaticLayers(base, overlay, masks, {})


def _static_label(overlay: Image.Image, od: ImageDraw.ImageDraw, b: Board, area: str,
                  at: Point, map_width: int) -> None:
    """Name, then castle / barrels / crowns / home crest in one row under it."""
    sea = b.is_sea[area]
    ink, halo = (SEA_INK, (40, 70, 110)) if sea else (LAND_INK, (240, 230, 204))
    name = display_name(b, area)
    half = font(14).getlength(name) / 2 + 3
    x = min(max(at[0], half), map_width - half)  # names at the map's edge stay whole
    od.text((x, at[1] + NAME_DY), name, font=font(14), anchor="mm",
            fill=(*ink, 255), stroke_width=2, stroke_fill=(*halo, 255))
    icons: list[Image.Image] = []
    if b.castle[area] == 2:
        icons.append(icon_sprite("stronghold"))
    elif b.castle[area] == 1:
        icons.append(icon_sprite("castle"))
    icons += [icon_sprite("barrel")] * b.supply[area]
    icons += [icon_sprite("crown")] * b.crowns[area]
    home = b.home_of.get(area)
    if home:
        icons.append(crest_sprite(home))
    width = sum(i.width for i in icons) + 2 * max(0, len(icons) - 1)
    x = at[0] - width / 2
    for icon in icons:
        overlay.alpha_composite(icon, (round(x), round(at[1] + ICONS_DY - icon.height / 2)))
        x += icon.width + 2


# ------------------------------------------------------------------------------ the pieces


def _tint(img: Image.Image, layers: StaticLayers, area: str, house: str) -> None:
    if area not in layers.masks:
        return
    st = house_style(house)
    bbox, mask = layers.masks[area]
    key = (area, st.tint_alpha)
    scaled = layers.tinted.get(key)
    if scaled is None:
        scaled = mask.point(lambda v, a=st.tint_alpha: v * a // 255)
        layers.tinted[key] = scaled
    img.paste(st.fill, bbox, scaled)
    crop = layers.overlay.crop(bbox)
    img.paste(crop, bbox[:2], crop)


def _order_sprite(b: Board, order: dict[str, Any], house: str) -> Image.Image:
    token = order.get("token")
    tok = b.tokens.get(token) if isinstance(token, str) else None
    if tok is None:
        # No token id in the public view means the order is still face down.
        return order_sprite(house, None)
    return order_sprite(house, tok.kind, tok.bonus, tok.special)


def _draw_area(img: Image.Image, b: Board, at: Point, info: dict[str, Any], houses: list[str],
               map_width: int) -> None:
    chips: list[Image.Image] = []
    house = info.get("house")
    if house:
        for kind in ("footmen", "knights", "ships"):
            n = int(info.get(kind) or 0)
            if n:
                chips.append(unit_sprite(kind, house, n))
        routed = info.get("routed") or {}
        for kind in ("footmen", "knights", "ships"):
            n = int(routed.get(kind) or 0)
            if n:
                chips.append(unit_sprite(kind, house, n, routed=True))
    neutral = info.get("neutral")
    if neutral:
        chips.append(neutral_sprite(int(neutral.get("strength") or 0), neutral.get("house")))
    order = info.get("order")
    token_house = info.get("power_token")
    if token_house:
        _paste(img, power_sprite(token_house), at[0] - 54, at[1] + ICONS_DY)
    seat = order.get("seat") if order else None
    owner = houses[seat] if isinstance(seat, int) and 0 <= seat < len(houses) else house
    sprites = chips + ([_order_sprite(b, order, owner or "")] if order else [])
    # Centre the whole row (units, then the order) under the name, kept inside the map.
    width = sum(c.width for c in sprites) + 3 * max(0, len(sprites) - 1)
    x = min(max(at[0] - width / 2, 2.0), map_width - width - 2)
    for sprite in sprites:
        _paste(img, sprite, x + sprite.width / 2, at[1] + UNITS_DY)
        x += sprite.width + 3


#: Half the size of the box an area's name and pieces take around its anchor.
LABEL_HALF = (62.0, 34.0)


def _clear_of_labels(p: Point, q: Point, gap: float = 4.0, least: float = 56.0
                     ) -> tuple[Point, Point]:
    """The part of the segment p -> q outside both areas' label boxes, so lines drawn between
    areas do not cover names or pieces. Near neighbours would leave almost nothing: then the
    line keeps at least ``least`` pixels by starting inside the first box."""
    length = math.dist(p, q) or 1.0
    ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
    hw, hh = LABEL_HALF
    # Distance from a box centre to its edge along (ux, uy).
    out = min(hw / abs(ux) if ux else math.inf, hh / abs(uy) if uy else math.inf) + gap
    end = min(out, max(0.0, length - least))
    start = min(out, max(0.0, length - end - least))
    return (p[0] + ux * start, p[1] + uy * start), (q[0] - ux * end, q[1] - uy * end)


def _support_line(d: ImageDraw.ImageDraw, p: Point, q: Point, st: HouseStyle) -> None:
    a, z = _clear_of_labels(p, q)
    d.line([a, z], fill=st.rim, width=7)
    d.line([a, z], fill=st.fill, width=3)
    d.ellipse((z[0] - 5, z[1] - 5, z[0] + 5, z[1] + 5), fill=st.fill, outline=st.rim, width=2)


def _arrow(d: ImageDraw.ImageDraw, p: Point, q: Point, colour: RGB) -> None:
    start, tip = _clear_of_labels(p, q)
    length = math.dist(start, tip) or 1.0
    ux, uy = (tip[0] - start[0]) / length, (tip[1] - start[1]) / length
    d.line([start, tip], fill=(255, 255, 255), width=9)
    d.line([start, tip], fill=colour, width=5)
    wing = 16
    left = (tip[0] - ux * wing - uy * wing * 0.6, tip[1] - uy * wing + ux * wing * 0.6)
    right = (tip[0] - ux * wing + uy * wing * 0.6, tip[1] - uy * wing - ux * wing * 0.6)
    d.polygon([(tip[0] + ux * 4, tip[1] + uy * 4), left, right], fill=colour,
              outline=(255, 255, 255))


# ---------------------------------------------------------------------------------- panel

TRACK_ROWS = (("throne", "Iron Throne"), ("fiefdoms", "Fiefdoms"), ("court", "King's Court"))


class Panel:
    """The side panel, written top to bottom with a moving cursor."""

    def __init__(self, img: Image.Image, x0: int, width: int) -> None:
        self.img = img
        self.d = ImageDraw.Draw(img)
        self.x0 = x0
        self.w = width
        self.y = 12

    def text(self, x: float, y: float, s: str, size: int = 14, fill: RGB = PANEL_INK,
             anchor: str = "la") -> float:
        s = plain(s)
        self.d.text((x, y), s, font=font(size), fill=fill, anchor=anchor)
        return font(size).getlength(s)

    def heading(self, s: str) -> None:
        self.y += 8
        self.text(self.x0, self.y, s.upper(), 13, GOLD)
        self.d.line([(self.x0, self.y + 18), (self.x0 + self.w, self.y + 18)],
                    fill=(90, 80, 70), width=1)
        self.y += 24

    def chip(self, x: float, y: float, house: str, label: str | None = None, w: int = 0,
             h: int = 22) -> float:
        st = house_style(house)
        label = label if label is not None else house.capitalize()
        w = w or int(font(13).getlength(label)) + 14
        # A dark house colour needs a light edge to stand out on the dark panel.
        edge = (150, 150, 160) if sum(st.fill) < 200 else st.rim
        self.d.rounded_rectangle((x, y, x + w, y + h), radius=5, fill=st.fill, outline=edge)
        self.text(x + w / 2, y + h / 2, label, 13, st.ink, anchor="mm")
        return w

    def wrap(self, s: str, size: int, width: float) -> list[str]:
        words, lines, cur = plain(s).split(), [], ""
        for w in words:
            trial = f"{cur} {w}".strip()
            if font(size).getlength(trial) <= width or not cur:
                cur = trial
            else:
                lines.append(cur)
                cur = w
        if cur:
            lines.append(cur)
        return lines


def _house_of(houses: list[str], seat: Any) -> str:
    return houses[seat] if isinstance(seat, int) and 0 <= seat < len(houses) else ""


def _draw_panel(img: Image.Image, b: Board, view: dict[str, Any], x0: int, width: int) -> None:
    p = Panel(img, x0 + 16, width - 32)
    seats = view.get("seats") or []
    houses = [s.get("house", "") for s in seats]
    names = {s.get("house", ""): s.get("name") or str(s.get("house", "")).capitalize()
             for s in seats}

    # Round track and phase.
    p.text(p.x0, p.y, "A GAME OF THRONES", 19, GOLD)
    rnd = int(view.get("round") or 0)
    p.y += 30
    cell = p.w / 10
    for k in range(1, 11):
        x = p.x0 + (k - 1) * cell
        current = k == rnd
        fill = GOLD if current else ((70, 64, 60) if k < rnd else (52, 48, 54))
        p.d.rounded_rectangle((x + 1, p.y, x + cell - 3, p.y + 24), radius=4, fill=fill,
                              outline=(110, 100, 90))
        p.text(x + cell / 2 - 1, p.y + 12, str(k), 14, (30, 20, 0) if current else PANEL_DIM,
               anchor="mm")
    p.y += 32
    label = str(view.get("phase_label") or view.get("phase") or "")
    for line in p.wrap(label, 15, p.w)[:3]:
        p.text(p.x0, p.y, line, 15)
        p.y += 20

    result = view.get("result")
    awaiting = [a for a in view.get("awaiting") or [] if isinstance(a, int)]
    p.y += 4
    if result:
        winners = [_house_of(houses, w) for w in result.get("winners") or []]
        p.text(p.x0, p.y + 3, "Winner:", 14, PANEL_DIM)
        x = p.x0 + 70
        for h in winners:
            x += p.chip(x, p.y, h, names.get(h)) + 6
        p.y += 28
    else:
        p.text(p.x0, p.y + 3, "Waiting for:", 14, PANEL_DIM)
        x = p.x0 + 92
        for seat in awaiting:
            h = _house_of(houses, seat)
            w = int(font(13).getlength(names.get(h, h))) + 14
            if x + w > p.x0 + p.w:
                x = p.x0 + 92
                p.y += 26
            x += p.chip(x, p.y, h, names.get(h)) + 6
        if not awaiting:
            p.text(x, p.y + 3, "nobody", 14, PANEL_DIM)
        p.y += 28

    # Influence tracks, with the dominance tokens' holders.
    p.heading("Influence tracks")
    tracks = view.get("tracks") or {}
    n = max(1, len(houses))
    stars = {s.get("house"): int(s.get("stars") or 0) for s in seats}
    label_w = 100
    slot = (p.w - label_w) / n
    for key, title in TRACK_ROWS:
        p.text(p.x0, p.y + 4, title, 14)
        for pos, seat in enumerate(tracks.get(key) or []):
            h = _house_of(houses, seat)
            x = p.x0 + label_w + pos * slot
            p.text(x + 2, p.y - 1, str(pos + 1), 10, PANEL_DIM)
            p.chip(x + 10, p.y, h, house_style(h).short if n > 3 else names.get(h, h),
                   w=int(slot - 14))
            if key == "court":
                for k in range(stars.get(h, 0)):
                    _star(p.d, (x + 16 + k * 11, p.y + 29), 5, GOLD)
        p.y += 40 if key == "court" else 30
    holders = (("Iron Throne", view.get("iron_throne"), ""),
               ("Blade", view.get("valyrian_steel_blade"),
                " (used)" if view.get("blade_used") else ""),
               ("Raven", view.get("messenger_raven"), ""))
    x = p.x0
    for title, seat, suffix in holders:
        h = _house_of(houses, seat)
        x += p.text(x, p.y + 3, f"{title}:", 13, PANEL_DIM) + 4
        x += p.chip(x, p.y, h, (names.get(h, h) or "—") + suffix) + 10
    p.y += 28

    # Houses: castles vs the target, supply, power, cards.
    p.heading("Houses")
    cols = (("Castles", 146), ("Supply", 240), ("Power", 292), ("Hand", 342), ("Disc.", 390))
    for title, cx in cols:
        p.text(p.x0 + cx, p.y, title, 12, PANEL_DIM, anchor="ma")
    p.y += 18
    to_win = int(view.get("castles_to_win") or 7)
    for s in seats:
        h = s.get("house", "")
        p.chip(p.x0, p.y, h, names.get(h, h), w=94)
        castles = int(s.get("castles") or 0)
        pip = 9
        for k in range(to_win):
            x = p.x0 + 102 + k * (pip + 2)
            p.d.rectangle((x, p.y + 6, x + pip, p.y + 16),
                          fill=house_style(h).fill if k < castles else (60, 56, 62),
                          outline=(120, 110, 100))
        p.text(p.x0 + 104 + to_win * (pip + 2), p.y + 11, f"{castles}/{to_win}", 13,
               PANEL_INK, anchor="lm")
        values = (s.get("supply"), s.get("power"), s.get("hand_size"),
                  len(s.get("discards") or []))
        for (_title, cx), v in zip(cols[1:], values, strict=True):
            p.text(p.x0 + cx, p.y + 11, str(v if v is not None else "–"), 15, anchor="mm")
        p.y += 27

    # Supply track 0..6 with each house's marker.
    p.heading("Supply track")
    steps = b.max_supply + 1
    colw = p.w / steps
    by_level: dict[int, list[str]] = {}
    for s in seats:
        by_level.setdefault(int(s.get("supply") or 0), []).append(s.get("house", ""))
    for lvl in range(steps):
        x = p.x0 + lvl * colw
        p.d.rounded_rectangle((x + 2, p.y, x + colw - 4, p.y + 40), radius=4,
                              fill=(52, 48, 54), outline=(100, 92, 84))
        p.text(x + 8, p.y + 3, str(lvl), 12, PANEL_DIM)
        for k, h in enumerate(by_level.get(lvl, [])):
            _paste(img, disc_sprite(h), x + 24 + (k % 2) * 18, p.y + 11 + (k // 2) * 17)
    p.y += 46

    # Wildling threat 0..12.
    p.heading("Wildling threat")
    threat = int(view.get("wildling_threat") or 0)
    wmax = b.wildling_max
    bar_w = p.w - 40
    p.d.rounded_rectangle((p.x0, p.y, p.x0 + bar_w, p.y + 16), radius=6, fill=(52, 48, 54),
                          outline=(100, 92, 84))
    if threat:
        fill_w = bar_w * min(threat, wmax) / wmax
        colour = (200, 60, 40) if threat >= 10 else ((210, 140, 40) if threat >= 6
                                                    else (120, 160, 200))
        p.d.rounded_rectangle((p.x0, p.y, p.x0 + fill_w, p.y + 16), radius=6, fill=colour)
    for k in range(0, wmax + 1, 2):
        x = p.x0 + bar_w * k / wmax
        p.text(x, p.y + 19, str(k), 11, PANEL_DIM, anchor="ma")
    p.text(p.x0 + p.w, p.y + 8, str(threat), 18, PANEL_INK, anchor="rm")
    p.y += 34

    # This round's Westeros cards and their restrictions.
    p.heading("Westeros cards this round")
    cards = view.get("westeros_cards") or []
    if not cards:
        p.text(p.x0, p.y, "none drawn yet", 14, PANEL_DIM)
        p.y += 20
    for k, cid in enumerate(cards):
        wc = b.wcards.get(cid)
        p.text(p.x0, p.y, ("I", "II", "III")[k] if k < 3 else str(k + 1), 14, GOLD)
        p.text(p.x0 + 32, p.y, wc.name if wc else str(cid), 14)
        p.y += 20
    restrictions = view.get("restrictions") or []
    if restrictions:
        names_r = [b.wcards[r].name if r in b.wcards else str(r) for r in restrictions]
        p.text(p.x0, p.y, "In force: " + ", ".join(names_r), 13, (240, 140, 110))
        p.y += 20

    _draw_context(p, b, view, houses, names)
    _draw_legend(p, img, view)


def _draw_context(p: Panel, b: Board, view: dict[str, Any], houses: list[str],
                  names: dict[str, str]) -> None:
    """What the current procedure makes public: a battle, revealed bids, ready flags."""
    battle = view.get("battle")
    frame = view.get("frame") or {}
    if battle:
        p.heading("Battle")
        area = str(battle.get("area", ""))
        att = _house_of(houses, battle.get("attacker"))
        dfn = _house_of(houses, battle.get("defender"))
        x = p.x0
        x += p.chip(x, p.y, att, names.get(att, att)) + 6
        x += p.text(x, p.y + 3, "attacks", 14, PANEL_DIM) + 6
        if dfn:
            x += p.chip(x, p.y, dfn, names.get(dfn, dfn)) + 6
        else:
            x += p.text(x, p.y + 3, f"neutral {battle.get('neutral_strength')}", 14) + 6
        p.y += 26
        p.text(p.x0, p.y, f"in {b.name.get(area, area)}", 14)
        p.y += 20
        strength = battle.get("strength") or battle.get("current_strength") or {}
        if strength:
            final = "strength" in battle
            p.text(p.x0, p.y, f"{'Final' if final else 'Before cards'}: "
                              f"{strength.get('attacker', '?')} vs {strength.get('defender', '?')}",
                   14)
            p.y += 20
        support = [(a, side) for a, side in (battle.get("support") or {}).items()]
        if support:
            backed = {"attacker": names.get(att, att), "defender": names.get(dfn, dfn) or "neutral"}
            parts = [f"{b.name.get(a, a)} ({backed.get(side, 'none') if side else '?'})"
                     for a, side in support]
            for line in p.wrap("Support: " + ", ".join(parts), 13, p.w)[:3]:
                p.text(p.x0, p.y, line, 13, PANEL_DIM)
                p.y += 18
        cards = battle.get("cards") or {}
        if cards:
            for side in ("attacker", "defender"):
                c = b.cards.get(cards.get(side) or "")
                if c:
                    p.text(p.x0, p.y, f"{side.capitalize()}: {c.name} ({c.strength})", 13)
                    p.y += 18
        elif battle.get("step") == "cards":
            ready = battle.get("cards_ready") or {}
            done = [s for s in ("attacker", "defender") if ready.get(s)]
            p.text(p.x0, p.y, "House cards chosen: " + (", ".join(done) or "none yet"), 13,
                   PANEL_DIM)
            p.y += 18
    bids = frame.get("bids")
    if isinstance(bids, dict) and bids:
        p.heading("Bids")
        x = p.x0
        for seat, bid in sorted(bids.items(), key=lambda kv: -int(kv[1])):
            h = _house_of(houses, int(seat))
            w = p.chip(x, p.y, h, f"{house_style(h).short} {bid}")
            x += w + 6
        p.y += 28
    elif view.get("phase") == "planning" and isinstance(frame.get("ready"), dict):
        ready = [int(s) for s, r in frame["ready"].items() if r]
        if ready:
            p.y += 4
            x = p.x0 + p.text(p.x0, p.y + 3, "Orders locked:", 14, PANEL_DIM) + 8
            for seat in ready:
                h = _house_of(houses, seat)
                x += p.chip(x, p.y, h, house_style(h).short) + 6
            p.y += 28


def _draw_legend(p: Panel, img: Image.Image, view: dict[str, Any]) -> None:
    """A key at the foot of the panel, so the glyphs need no explanation elsewhere."""
    y = max(p.y + 10, img.height - 92)
    p.d.line([(p.x0, y - 6), (p.x0 + p.w, y - 6)], fill=(90, 80, 70), width=1)
    x = float(p.x0)
    demo = "lannister"
    items: list[tuple[Image.Image, str]] = [
        (unit_sprite("footmen", demo, 2), "footmen"), (unit_sprite("knights", demo, 1), "knight"),
        (unit_sprite("ships", demo, 3), "ships"), (unit_sprite("footmen", demo, 1, True), "routed"),
    ]
    for sprite, label in items:
        _paste(img, sprite, x + sprite.width / 2, y + 11)
        x += sprite.width + 4 + p.text(x + sprite.width + 4, y + 4, label, 12, PANEL_DIM) + 12
    y += 28
    x = float(p.x0)
    items = [(power_sprite(demo), "power"), (neutral_sprite(3), "neutral"),
             (order_sprite(demo, "march", 1, True), "order"),
             (order_sprite(demo, None), "face down")]
    for sprite, label in items:
        _paste(img, sprite, x + sprite.width / 2, y + 11)
        x += sprite.width + 4 + p.text(x + sprite.width + 4, y + 4, label, 12, PANEL_DIM) + 12
    y += 28
    x = float(p.x0)
    p.d.line([(x, y + 11), (x + 22, y + 11)], fill=BORDER_STYLE[("land-land", False)][0], width=5)
    x += 28 + p.text(x + 28, y + 4, "river: no border", 12, PANEL_DIM) + 14
    for k in range(0, 24, 8):
        p.d.line([(x + k, y + 11), (x + k + 4, y + 11)], fill=(238, 226, 196), width=3)
    x += 30 + p.text(x + 30, y + 4, "a border", 12, PANEL_DIM) + 14
    p.d.line([(x, y + 11), (x + 20, y + 11)], fill=(200, 30, 30), width=5)
    p.d.polygon([(x + 28, y + 11), (x + 18, y + 5), (x + 18, y + 17)], fill=(200, 30, 30))
    p.text(x + 34, y + 4, "attack", 12, PANEL_DIM)


# --------------------------------------------------------------------------------- render


def render_image(view: dict[str, Any]) -> Image.Image:
    b = board()
    g = geometry()
    layers = static_layers()
    img = layers.base.copy()
    seats = view.get("seats") or []
    houses = [str(s.get("house", "")) for s in seats]
    for area, house in (view.get("control") or {}).items():
        if area in g.anchors and not b.is_sea.get(area, True):
            _tint(img, layers, area, house)
    battle = view.get("battle")
    if battle and battle.get("from") in g.anchors and battle.get("area") in g.anchors:
        att = _house_of(houses, battle.get("attacker"))
        colour = (200, 30, 30) if house_style(att).fill[0] < 200 else (150, 20, 20)
        d = ImageDraw.Draw(img)
        target = g.anchors[battle["area"]]
        # Declared support, in the colour of the side it backs (public as soon as declared).
        sides = {"attacker": att, "defender": _house_of(houses, battle.get("defender"))}
        for area, side in (battle.get("support") or {}).items():
            if area in g.anchors and side in sides:
                _support_line(d, g.anchors[area], target, house_style(sides[side] or None))
        _arrow(d, g.anchors[battle["from"]], target, colour)
    for area, info in (view.get("board") or {}).items():
        if area in g.anchors and isinstance(info, dict):
            _draw_area(img, b, g.anchors[area], info, houses, g.map_width)
    _draw_panel(img, b, view, g.map_width, g.width - g.map_width)
    return img


def render(view: dict[str, Any]) -> bytes:
    img = render_image(view)
    buf = io.BytesIO()
    # The map has few distinct colours, so a 256-colour palette looks the same; it halves the
    # encoding time (PNG row filtering is the cost, not zlib) and makes the file 2-3x smaller.
    pal = img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    pal.save(buf, "PNG", compress_level=1)
    return buf.getvalue()
