"""The Northgard map on a board ``Sheet``: every placed tile with its territories (tinted in
the colour of the clan controlling them), borders (rough ones thick and amber), resources,
building slots and buildings, units, Kaija, monsters, dens and the scorched earth; rulers
naming the grid's cells. Only half a cell of sea beyond the outermost tiles is drawn (the
rulers still name those cells).

Text keeps the sheet's legible floor however far the map grows (its tiles shrink instead), so
every label is placed by the kit's ``Placer`` where it covers no other label: a territory's name and
its pieces first, then buildings, dens, empty slots and resources."""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.games.northgard.names import COL0, COLUMNS, ROW0
from bot.games.northgard.render_cards import PLATE_WRAP, Card, draw_card, measure
from bot.games.northgard.render_marks import COUNTED, LABEL, RES, SLOT
from bot.render.kit import GREY, INK, RGB, Sheet
from bot.render.kit.place import Placer, ring
from rules.northgard.data import data
from rules.northgard.geometry import on_forget, side_segments

Cell = tuple[int, int]
Rect = tuple[float, float, float, float]

MAX_TILE = 280
BLOCKS = 12

#: The map's ground: the sea, an empty cell's outline beside the tiles, an unheld territory,
#: a regular border (white) and a rough one (amber), the seam between tiles, the rulers' text.
GROUND: dict[str, RGB] = {"sea": (62, 84, 104), "frontier": (100, 124, 146),
                          "parchment": (222, 208, 168), "regular": (250, 250, 245),
                          "rough": (236, 168, 24), "seam": (150, 140, 110),
                          "ruler": (214, 222, 230)}
PLAYER: dict[str, RGB] = {"red": (206, 44, 44), "yellow": (232, 196, 30),
                          "purple": (132, 64, 168), "blue": (44, 96, 206),
                          "green": (40, 150, 64)}
#: How far a controlled territory's ground is mixed toward its clan's colour.
CONTROL_TINT = 0.62

# Where each edge segment's territory is anchored (north, east, south, west; clockwise).
_ANCHORS = (((1 / 6, 0.08), (0.5, 0.08), (5 / 6, 0.08)),
            ((0.92, 1 / 6), (0.92, 0.5), (0.92, 5 / 6)),
            ((5 / 6, 0.92), (0.5, 0.92), (1 / 6, 0.92)),
            ((0.08, 5 / 6), (0.08, 0.5), (0.08, 1 / 6)))


@lru_cache(maxsize=512)
def blocks(tile_id: str, rot: int) -> tuple[tuple[int, ...], ...]:
    """The tile's territories on a BLOCKS x BLOCKS grid: each block goes to the nearest
    edge-segment anchor; a territory reaching the rim in several places also owns the
    centre."""
    tile = data().tiles[tile_id]
    anchors: list[tuple[float, float, int]] = []
    rim: list[int] = []
    for side in range(4):
        segs = side_segments(tile, rot, side)
        for (u, v), t in zip(_ANCHORS[side], segs, strict=True):
            anchors.append((u, v, t))
            rim.append(t)
    arcs = {t: sum(1 for i in range(len(rim)) if rim[i] == t and rim[i - 1] != t)
            for t in set(rim)}
    for t, k in arcs.items():
        if k > 1:
            anchors.append((0.5, 0.5, t))
    out = []
    for j in range(BLOCKS):
        row = []
        for i in range(BLOCKS):
            u, v = (i + 0.5) / BLOCKS, (j + 0.5) / BLOCKS
            row.append(min(anchors, key=lambda a: (a[0] - u) ** 2 + (a[1] - v) ** 2)[2])
        out.append(tuple(row))
    return tuple(out)


@lru_cache(maxsize=1024)
def tile_layers(tile_id: str, rot: int, size: int
                ) -> tuple[tuple[Image.Image, ...], Image.Image, tuple[tuple[float, float], ...]]:
    """Per tile, rotation and size: a mask per territory, the borders (regular white, rough
    thick amber) on a transparent layer, and each territory's centre."""
    grid = blocks(tile_id, rot)
    tile = data().tiles[tile_id]
    n = len(tile.territories)
    step = size / BLOCKS
    masks = [Image.new("L", (size, size), 0) for _ in range(n)]
    draws = [ImageDraw.Draw(m) for m in masks]
    sums = [[0.0, 0.0, 0] for _ in range(n)]
    for j, row in enumerate(grid):
        for i, t in enumerate(row):
            draws[t].rectangle((round(i * step), round(j * step), round((i + 1) * step),
                                round((j + 1) * step)), fill=255)
            sums[t][0] += (i + 0.5) * step
            sums[t][1] += (j + 0.5) * step
            sums[t][2] += 1
    borders = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(borders)
    kinds = {frozenset((a, c)): k for a, c, k in tile.borders}
    for j, row in enumerate(grid):
        for i, t in enumerate(row):
            for di, dj in ((1, 0), (0, 1)):
                ii, jj = i + di, j + dj
                if ii >= BLOCKS or jj >= BLOCKS or grid[jj][ii] == t:
                    continue
                rough = kinds.get(frozenset((t, grid[jj][ii]))) == "rough"
                colour, width = (GROUND["rough"], max(5, size // 24)) if rough else \
                    (GROUND["regular"], 2)
                if di:
                    line = (ii * step, j * step, ii * step, (j + 1) * step)
                else:
                    line = (i * step, jj * step, (i + 1) * step, jj * step)
                d.line(line, fill=(*colour, 255), width=width)
    centres = tuple((su / k, sv / k) if k else (size / 2, size / 2) for su, sv, k in sums)
    return tuple(masks), borders, centres


on_forget(blocks.cache_clear)
on_forget(tile_layers.cache_clear)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t),
            int(a[2] + (b[2] - a[2]) * t))


def shade(seed: str) -> RGB:
    h = sum(ord(c) * (i + 7) for i, c in enumerate(seed)) % 5
    return mix(GROUND["parchment"], (196, 184, 140), h / 6)


def controller(terr: dict[str, Any]) -> int | None:
    """The seat controlling a territory: the only one with units there (Kaija counts)."""
    seats = {int(s) for s, n in terr["units"].items() if n}
    if terr["kaija"] >= 0:
        seats.add(int(terr["kaija"]))
    return seats.pop() if len(seats) == 1 else None


class MapGeometry:
    """The placed tiles' bounding box plus half a cell of sea on every side, scaled into the
    map's box on the sheet."""

    def __init__(self, view: dict[str, Any], box: Rect, ruler_w: float, ruler_h: float) -> None:
        self.view = view
        self.tiles: dict[Cell, tuple[int, str, int]] = {
            (int(x), int(y)): (p, str(t), int(r)) for p, (t, x, y, r) in enumerate(view["tiles"])}
        self.placed = {p: (tid, rot) for p, tid, rot in self.tiles.values()}
        self.frontier = {(x + dx, y + dy) for x, y in self.tiles
                         for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))} - set(self.tiles)
        xs = [x for x, _ in self.tiles] or [0]
        ys = [y for _, y in self.tiles] or [0]
        self.x0, self.x1, self.y0, self.y1 = min(xs), max(xs), min(ys), max(ys)
        cols, rows = self.x1 - self.x0 + 2, self.y1 - self.y0 + 2
        room_w, room_h = box[2] - box[0] - ruler_w, box[3] - box[1] - ruler_h
        self.size = s = int(min(MAX_TILE, room_w / cols, room_h / rows))
        self.map_w, self.map_h = cols * s, rows * s
        self.box = box
        self.ruler_w, self.ruler_h = ruler_w, ruler_h
        self.left = int(box[0] + ruler_w + (room_w - self.map_w) / 2)
        self.top = int(box[1] + ruler_h + (room_h - self.map_h) / 2)
        self.terr_of: dict[str, dict[str, Any]] = {}
        for t in view["territories"]:
            for n in t["nodes"]:
                self.terr_of[n] = t
        self.colours = [str(s["colour"]) for s in view["seats"]]

    def origin(self, cell: Cell) -> tuple[int, int]:
        """The cell's top-left corner on the map layer (negative for the outer half cells)."""
        half = self.size // 2
        return (half + (cell[0] - self.x0) * self.size, half + (cell[1] - self.y0) * self.size)

    def colour(self, seat: int) -> RGB:
        return PLAYER.get(self.colours[seat], GREY) if 0 <= seat < len(self.colours) else GREY

    def fill(self, terr: dict[str, Any]) -> RGB:
        base = shade(terr["id"])
        seat = controller(terr)
        return base if seat is None else mix(base, self.colour(seat), CONTROL_TINT)

    def area(self, terr: dict[str, Any]) -> int:
        """How many of a tile's blocks the territory covers, over all its tiles."""
        total = 0
        for node in terr["nodes"]:
            p, t = (int(k) for k in str(node).split("."))
            _tid, rot = self.placed[p]
            total += sum(row.count(t) for row in blocks(_tid, rot))
        return total

    def node_at(self, x: float, y: float) -> str | None:
        """The territory node under a point of the sheet."""
        s = self.size
        lx, ly = x - self.left - s // 2, y - self.top - s // 2
        cell = (self.x0 + int(lx // s), self.y0 + int(ly // s))
        placed = self.tiles.get(cell)
        if placed is None or lx < 0 or ly < 0:
            return None
        p, tid, rot = placed
        i = min(BLOCKS - 1, int((lx % s) / s * BLOCKS))
        j = min(BLOCKS - 1, int((ly % s) / s * BLOCKS))
        return f"{p}.{blocks(tid, rot)[j][i]}"


def draw_map(sheet: Sheet, g: MapGeometry, marks: dict[str, str], min_px: int) -> set[str]:
    """The map into ``g.box``; ``marks`` maps building, monster and Kaija kinds to their
    letters. Returns the kinds of symbol drawn (for the legend)."""
    s = g.size
    layer = Image.new("RGB", (g.map_w, g.map_h), GROUND["sea"])
    d = ImageDraw.Draw(layer)
    for cell in sorted(g.frontier):
        x, y = g.origin(cell)
        d.rectangle((x + 3, y + 3, x + s - 3, y + s - 3), outline=GROUND["frontier"], width=1)
    for cell, (p, tid, rot) in sorted(g.tiles.items(), key=lambda kv: kv[1][0]):
        x, y = g.origin(cell)
        masks, borders, _ = tile_layers(tid, rot, s)
        for t, mask in enumerate(masks):
            terr = g.terr_of.get(f"{p}.{t}")
            layer.paste(g.fill(terr) if terr else GROUND["parchment"], (x, y), mask)
        layer.paste(borders, (x, y), borders)
        d.rectangle((x, y, x + s, y + s), outline=GROUND["seam"], width=1)
    pending = g.view.get("pending") or {}
    cell = pending.get("cell") if pending.get("kind") == "place_tile" else None
    if isinstance(cell, list) and len(cell) == 2:
        x, y = g.origin((int(cell[0]), int(cell[1])))
        d.rectangle((x + 2, y + 2, x + s - 2, y + s - 2), outline=(250, 210, 60), width=6)
    sheet.img.paste(layer, (g.left, g.top))
    sheet.frame(g.left, g.top, g.left + g.map_w, g.top + g.map_h, "map")
    _rulers(sheet, g, min_px)
    return _pieces(sheet, g, marks, min_px)


def _rulers(sheet: Sheet, g: MapGeometry, size: int) -> None:
    """Column letters and row numbers, each centred on the visible part of its cell."""
    s = g.size
    for x in range(g.x0 - 1, g.x1 + 2):
        lo = max(0, g.origin((x, g.y0))[0])
        hi = min(g.map_w, g.origin((x, g.y0))[0] + s)
        col = x + COL0
        sheet.text((g.left + (lo + hi) / 2, g.top - g.ruler_h / 2),
                   COLUMNS[col] if 0 <= col < len(COLUMNS) else "?", size, GROUND["ruler"],
                   anchor="mm")
    for y in range(g.y0 - 1, g.y1 + 2):
        lo = max(0, g.origin((g.x0, y))[1])
        hi = min(g.map_h, g.origin((g.x0, y))[1] + s)
        sheet.text((g.left - g.ruler_w / 2, g.top + (lo + hi) / 2), str(y + ROW0), size,
                   GROUND["ruler"], anchor="mm")


def _spots(g: MapGeometry, terr: dict[str, Any], centres: dict[str, tuple[float, float]],
           reach: float) -> Iterator[tuple[float, float]]:
    """Candidate centres around each of the territory's tile parts out to ``reach``, nearest
    to one of them first (each part's ring is already in that order: merged, not sorted)."""
    step = max(4.0, round(g.size / 12))
    offsets = ring(step, int(reach / step) + 1)

    def around_part(cx: float, cy: float) -> Iterator[tuple[float, float, float]]:
        return ((dx * dx + dy * dy, cy + dy, cx + dx) for dx, dy in offsets)

    rings = [around_part(*centres[n]) for n in terr["nodes"] if n in centres]
    seen: set[tuple[float, float]] = set()
    for _, y, x in heapq.merge(*rings):
        if (x, y) not in seen:
            seen.add((x, y))
            yield x, y


class _Kept:
    """An iterable read once from its source, as far as asked, and kept for the next read."""

    def __init__(self, source: Iterable[tuple[float, float]]) -> None:
        self.source = iter(source)
        self.kept: list[tuple[float, float]] = []

    def __iter__(self) -> Iterator[tuple[float, float]]:
        yield from self.kept
        for p in self.source:
            self.kept.append(p)
            yield p


def _pieces(sheet: Sheet, g: MapGeometry, marks: dict[str, str], size: int) -> set[str]:
    """Every territory's card, each where it covers no other: first every card that finds
    room on its own territory, smallest territories first (they have the least room; largest
    first, a third of the cards stood off their territory in sample games), then the rest
    as near it as they can."""
    s = g.size
    placer = Placer((g.left + 2, g.top + 2, g.left + g.map_w - 2, g.top + g.map_h - 2))
    shown: set[str] = set()
    centres: dict[str, tuple[float, float]] = {}
    for cell, (p, tid, rot) in sorted(g.tiles.items(), key=lambda kv: kv[1][0]):
        x, y = g.origin(cell)
        for t, (u, v) in enumerate(tile_layers(tid, rot, s)[2]):
            centres[f"{p}.{t}"] = (g.left + x + u, g.top + y + v)

    def shapes(terr: dict[str, Any]) -> Iterator[Card]:
        """The card as it is drawn where there is room, then its other shapes: its marks'
        plate wrapped narrower or wider, then counted from two of a kind (measured only when
        asked for: most cards fit as they are)."""
        yield measure(sheet, terr, marks, size, s, g.colour)
        for k in (COUNTED, 2):
            for w in (*PLATE_WRAP, 3.4, 4.5):
                yield measure(sheet, terr, marks, size, s, g.colour, counted=k, wraps=(w,))

    later = []
    for terr in sorted(g.view["territories"], key=g.area):
        if terr["id"] not in centres:
            continue
        nodes = set(terr["nodes"])
        spots = _Kept(_spots(g, terr, centres, s * 0.7))
        own = _Kept(p for p in spots if g.node_at(*p) in nodes)
        cards = _Kept(shapes(terr))
        for card in cards:
            r = placer.place(card.w, card.h, own)
            if r is not None:
                draw_card(sheet, card, r, shown)
                break
        else:
            later.append((list(cards), spots))
    # A card with no room on its territory goes as near it as it can, in the first shape
    # that has room; last, without its marks.
    for cards, spots in later:
        terr = cards[0].terr
        cx, cy = centres[terr["id"]]
        for v in (*cards, measure(sheet, terr, marks, size, s, g.colour, plate=False)):
            r = placer.place(v.w, v.h, spots) or placer.nearest(v.w, v.h, cx, cy)
            if r is not None:
                draw_card(sheet, v, r, shown)
                break
        else:
            draw_card(sheet, v, placer.anywhere(v.w, v.h, cx, cy), shown)
    return shown


def tile_marks(d: ImageDraw.ImageDraw, tile_id: str, rot: int, x: float, y: float,
               side: int) -> None:
    """A tile's printed resources and building slots, small (a preview beside the map)."""
    _, _, centres = tile_layers(tile_id, rot, side)
    rad, w = max(3.0, side / 24), max(6.0, side / 10)
    for printed, (u, v) in zip(data().tiles[tile_id].territories, centres, strict=True):
        cx, cy = x + u, y + v
        for k, res in enumerate(printed.res):
            px = cx + (k - (len(printed.res) - 1) / 2) * (2 * rad + 2)
            d.ellipse((px - rad, cy + w - rad, px + rad, cy + w + rad), fill=RES[res],
                      outline=INK)
        for k, kind in enumerate(printed.slots):
            px = cx + (k - (len(printed.slots) - 1) / 2) * (w + 3)
            d.rectangle((px - w / 2, cy - w, px + w / 2, cy), fill=LABEL, outline=SLOT,
                        width=2 if kind == "large" else 1)
