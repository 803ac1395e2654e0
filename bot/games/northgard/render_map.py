"""The Northgard map on a board ``Sheet``: every placed tile with its territories (tinted in
the colour of the clan controlling them), borders (rough ones thick and amber), resources,
building slots and buildings, units, Kaija, monsters, dens and the scorched earth; rulers
naming the grid's cells. Only half a cell of sea beyond the outermost tiles is drawn (the
rulers still name those cells).

Text keeps the sheet's legible floor however far the map grows (its tiles shrink instead), so
every label is placed by the kit's ``Placer`` where it covers no other label: a territory's name and
its pieces first, then buildings, dens, empty slots and resources."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache, partial
from itertools import tee
from typing import Any

from PIL import Image, ImageDraw

from bot.games.northgard.names import COL0, COLUMNS, ROW0
from bot.render.font import font
from bot.render.kit import GREY, INK, RGB, Box, Sheet, ink_on
from bot.render.kit.place import Placer, around
from rules.northgard.data import data
from rules.northgard.geometry import on_forget, side_segments

Cell = tuple[int, int]
Rect = tuple[float, float, float, float]

MAX_TILE = 280
BLOCKS = 12

SEA: RGB = (62, 84, 104)
FRONTIER: RGB = (100, 124, 146)
PARCHMENT: RGB = (222, 208, 168)
REGULAR: RGB = (250, 250, 245)
ROUGH: RGB = (236, 168, 24)
SEAM: RGB = (150, 140, 110)
RULER: RGB = (214, 222, 230)
LABEL: RGB = (250, 246, 232)
CLOSED_INK: RGB = (250, 240, 200)
SLOT: RGB = (110, 96, 70)
BUILT: RGB = (60, 52, 44)
DEN: RGB = (96, 56, 28)
SCORCH: RGB = (240, 100, 20)
#: The scorched earth's disc: charred, ringed in flame (not a food dot's plain orange).
CHAR: RGB = (58, 40, 32)
PLAYER: dict[str, RGB] = {"red": (206, 44, 44), "yellow": (232, 196, 30),
                          "purple": (132, 64, 168), "blue": (44, 96, 206),
                          "green": (40, 150, 64)}
RES: dict[str, RGB] = {"food": (220, 100, 40), "wood": (40, 120, 48), "lore": (50, 100, 200)}
MONSTER: dict[str, RGB] = {"beige": (214, 196, 160), "brown": (140, 96, 60),
                           "dark_brown": (90, 60, 36)}
KAIJA: RGB = (60, 50, 40)
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
                colour, width = (ROUGH, max(5, size // 24)) if rough else (REGULAR, 2)
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
    return mix(PARCHMENT, (196, 184, 140), h / 6)


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
    layer = Image.new("RGB", (g.map_w, g.map_h), SEA)
    d = ImageDraw.Draw(layer)
    for cell in sorted(g.frontier):
        x, y = g.origin(cell)
        d.rectangle((x + 3, y + 3, x + s - 3, y + s - 3), outline=FRONTIER, width=1)
    for cell, (p, tid, rot) in sorted(g.tiles.items(), key=lambda kv: kv[1][0]):
        x, y = g.origin(cell)
        masks, borders, _ = tile_layers(tid, rot, s)
        for t, mask in enumerate(masks):
            terr = g.terr_of.get(f"{p}.{t}")
            layer.paste(g.fill(terr) if terr else PARCHMENT, (x, y), mask)
        layer.paste(borders, (x, y), borders)
        d.rectangle((x, y, x + s, y + s), outline=SEAM, width=1)
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
                   COLUMNS[col] if 0 <= col < len(COLUMNS) else "?", size, RULER, anchor="mm")
    for y in range(g.y0 - 1, g.y1 + 2):
        lo = max(0, g.origin((g.x0, y))[1])
        hi = min(g.map_h, g.origin((g.x0, y))[1] + s)
        sheet.text((g.left - g.ruler_w / 2, g.top + (lo + hi) / 2), str(y + ROW0), size, RULER,
                   anchor="mm")


def _near(g: MapGeometry, node: str, cx: float, cy: float, reach: float
          ) -> tuple[Iterable[tuple[float, float]], Callable[[float, float], bool]]:
    """Candidate centres around (cx, cy), nearest first, and whether a centre lies on the
    territory of ``node`` (where its label or mark belongs)."""
    terr = g.terr_of.get(node)
    nodes = set(terr["nodes"]) if terr else {node}
    return around(cx, cy, max(4.0, round(g.size / 12)), reach), \
        lambda x, y: g.node_at(x, y) in nodes


#: The sizes a territory's row of slots or resources tries on its own territory, largest
#: first, before it is drawn beside it: a row on its territory, smaller, reads as that
#: territory's; one beside it is read as its neighbour's (before this, 122 of 343 rows in
#: seven sample games stood off their territory).
OWN_SCALES = (1.0, 0.8, 0.62)


def _own(placer: Placer, own: Iterable[tuple[float, float]],
         box: Callable[[float], tuple[float, float]]) -> tuple[Rect | None, float]:
    """Room for a row of ``box(scale)`` centred on one of ``own`` (its territory's spots,
    nearest first, read as far as needed once) at the largest of ``OWN_SCALES`` that fits,
    with that scale."""
    for k, spots in zip(OWN_SCALES, tee(own, len(OWN_SCALES)), strict=True):
        r = placer.place(*box(k), spots)
        if r is not None:
            return r, k
    return None, 1.0


def _slot_row(n: int, full: float, scale: float) -> tuple[float, float]:
    """The box of ``n`` slots ``full * scale`` wide (a large slot is drawn larger by a sixth
    of that all round)."""
    w = full * scale
    pad = round(w / 6)
    return n * (w + 2 * pad + 2) - 2, w + 2 * pad


def _dot_row(n: int, full: float, scale: float) -> tuple[float, float]:
    """The box of ``n`` resource dots of radius ``full * scale``, 4 px apart."""
    rad = full * scale
    return n * (2 * rad + 4) - 4, 2 * rad


def _draw_slots(sheet: Sheet, empty: list[str], full: float, shown: set[str], r: Rect,
                scale: float) -> None:
    d = sheet.draw
    w = full * scale
    # A large slot is drawn larger by ``pad`` on every side, inside the box placed.
    pad = round(w / 6)
    for k, kind in enumerate(empty):
        sx = r[0] + pad + k * (w + 2 * pad + 2)
        grow = pad if kind == "large" else 0
        d.rectangle((sx - grow, r[1] + pad - grow, sx + w + grow, r[1] + pad + w + grow),
                    fill=LABEL, outline=SLOT, width=2)
        if kind == "sacred":
            dot = w / 5
            mid = r[1] + pad + w / 2
            d.ellipse((sx + w / 2 - dot, mid - dot, sx + w / 2 + dot, mid + dot), fill=SLOT)
            shown.add("slot_sacred")
    sheet.symbol(*r, label="slots")
    shown.add("slot")


def _draw_dots(sheet: Sheet, res: tuple[str, ...], full: float, shown: set[str], r: Rect,
               scale: float) -> None:
    rad = full * scale
    for k, kind in enumerate(res):
        px = r[0] + k * (2 * rad + 4)
        sheet.draw.ellipse((px, r[1], px + 2 * rad, r[3]), fill=RES[kind], outline=INK, width=2)
        shown.add(kind)
    sheet.symbol(*r, label="resources")


def _chips(g: MapGeometry, terr: dict[str, Any], marks: dict[str, str]
           ) -> list[tuple[RGB, str, RGB, str]]:
    """(fill, label, ink, kind) of the pieces on a territory: units per seat, Kaija,
    monsters."""
    chips: list[tuple[RGB, str, RGB, str]] = []
    for seat, n in sorted(terr["units"].items(), key=lambda kv: int(kv[0])):
        if n:
            fill = g.colour(int(seat))
            chips.append((fill, str(n), ink_on(fill), "units"))
    if terr["kaija"] >= 0:
        chips.append((KAIJA, marks["kaija"], (255, 220, 120), "kaija"))
    for mid in terr["monsters"]:
        m = data().monsters.get(mid)
        if m is not None:
            fill = MONSTER[m.colour]
            chips.append((fill, marks[m.kind], ink_on(fill), m.kind))
    return chips


def _pieces(sheet: Sheet, g: MapGeometry, marks: dict[str, str], size: int) -> set[str]:
    """Labels, chips and symbols, most important first, each where it covers nothing."""
    s = g.size
    d = sheet.draw
    placer = Placer((g.left + 2, g.top + 2, g.left + g.map_w - 2, g.top + g.map_h - 2))
    shown: set[str] = set()
    centres: dict[str, tuple[float, float]] = {}
    tiles = sorted(g.tiles.items(), key=lambda kv: kv[1][0])
    for cell, (p, tid, rot) in tiles:
        x, y = g.origin(cell)
        for t, (u, v) in enumerate(tile_layers(tid, rot, s)[2]):
            centres[f"{p}.{t}"] = (g.left + x + u, g.top + y + v)
    h = round(size * 1.3)
    bold_w = sheet.measure
    # 1. Each territory's name with its pieces beside it.
    for terr in g.view["territories"]:
        root = terr["id"]
        if root not in centres:
            continue
        cx, cy = centres[root]
        name = str(terr["name"])
        name_w = bold_w(name, size, True) + 10
        chips = _chips(g, terr, marks)
        widths = [max(h, bold_w(label, size, True) + 12) for _, label, _, _ in chips]
        scorch = h * 0.7 if terr["scorch"] else 0.0
        row_w = name_w + sum(w + 4 for w in widths) + (scorch + 4 if scorch else 0)
        two_rows = row_w > 1.4 * s and chips
        # A wide tag (many pieces) puts its pieces in a second row under the name.
        tw, th = (max(name_w + (scorch + 4 if scorch else 0), sum(w + 4 for w in widths) - 4),
                  2 * h + 4) if two_rows else (row_w, h)
        rect = placer.place(tw, th, *_near(g, root, cx, cy, s * 0.7)) or \
            placer.anywhere(tw, th, cx, cy)
        x0, y0 = rect[0], rect[1]
        box = (x0, y0, x0 + name_w, y0 + h)
        if terr["closed"]:
            d.rectangle(box, fill=INK, outline=CLOSED_INK, width=2)
            d.text((x0 + name_w / 2, y0 + h / 2), name, fill=CLOSED_INK,
                   font=font(size, True), anchor="mm")
            shown.add("closed")
        else:
            d.rectangle(box, fill=LABEL, outline=INK, width=1)
            d.text((x0 + name_w / 2, y0 + h / 2), name, fill=INK, font=font(size, True),
                   anchor="mm")
        sheet.layout.add(Box(*box, "text", name, size))
        cx2 = x0 + name_w + 4
        if scorch:
            scorched(d, (cx2, y0 + h * 0.15, cx2 + scorch, y0 + h * 0.85))
            sheet.symbol(cx2, y0 + h * 0.15, cx2 + scorch, y0 + h * 0.85, "scorch")
            shown.add("scorch")
            cx2 += scorch + 4
        if two_rows:
            cx2, y0 = x0, y0 + h + 4
        for (fill, label, ink, kind), w in zip(chips, widths, strict=True):
            chip = (cx2, y0, cx2 + w, y0 + h)
            d.rounded_rectangle(chip, radius=h / 2, fill=fill, outline=INK, width=2)
            d.text((cx2 + w / 2, y0 + h / 2), label, fill=ink, font=font(size, True),
                   anchor="mm")
            sheet.layout.add(Box(*chip, "text", label, size))
            shown.add(kind)
            cx2 += w + 4
    # 2. Buildings (a letter), dens, empty slots and resources, printed on each tile's part.
    rows: list[tuple[Callable[[], tuple[Iterable[tuple[float, float]],
                                        Callable[[float, float], bool]]],
                     Callable[[float], tuple[float, float]], Callable[[Rect, float], None]]] = []
    for _cell, (p, tid, _rot) in tiles:
        tile = data().tiles[tid]
        for t, printed in enumerate(tile.territories):
            node = f"{p}.{t}"
            terr = g.terr_of.get(node)
            built = dict(terr["buildings"]) if terr else {}
            cx, cy = centres[node]
            for k in range(len(printed.slots)):
                key = f"{node}.{k}"
                if key in built:
                    letter = marks[built[key]]
                    w = max(h, bold_w(letter, size, True) + 10)
                    r = placer.place(w, h, *_near(g, node, cx, cy - s * 0.15, s * 0.6))
                    if r is None:
                        r = placer.anywhere(w, h, cx, cy)
                    d.rectangle(r, fill=BUILT, outline=INK)
                    d.text(((r[0] + r[2]) / 2, (r[1] + r[3]) / 2), letter, fill=(250, 240, 210),
                           font=font(size, True), anchor="mm")
                    sheet.layout.add(Box(*r, "text", letter, size))
                    shown.add(built[key])
            if printed.den:
                k = max(3.0, s / 40)
                r = placer.place(7 * k, 7 * k, *_near(g, node, cx - s * 0.25, cy, s * 0.5))
                if r is not None:
                    paw(d, r)
                    sheet.symbol(*r, label="den")
                    shown.add("den")
            empty = [kind for k, kind in enumerate(printed.slots) if f"{node}.{k}" not in built]
            if empty:
                # Large enough to tell apart at chat size (half the floor's height).
                w = max(size * 0.5, s / 9)
                rows.append((partial(_near, g, node, cx, cy - s * 0.2, s * 0.5),
                             partial(_slot_row, len(empty), w),
                             partial(_draw_slots, sheet, empty, w, shown)))
            if printed.res:
                rad = max(size * 0.3, s / 14)
                rows.append((partial(_near, g, node, cx, cy + s * 0.2, s * 0.5),
                             partial(_dot_row, len(printed.res), rad),
                             partial(_draw_dots, sheet, printed.res, rad, shown)))
    # Every row on its own territory first, shrunk if need be; only then the rows that found
    # no room there beside it, so that none takes the room of a territory placed after it.
    left = []
    for near, box, draw in rows:
        centres, on_own = near()
        r, k = _own(placer, (c for c in centres if on_own(*c)), box)
        if r is not None:
            draw(r, k)
        else:
            left.append((near, box, draw))
    for near, box, draw in left:
        r = placer.place(*box(1.0), near()[0])
        if r is not None:
            draw(r, 1.0)
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


def scorched(d: ImageDraw.ImageDraw, r: Rect) -> None:
    """The scorched earth: a charred disc ringed in flame."""
    d.ellipse(r, fill=CHAR, outline=SCORCH, width=max(2, round((r[2] - r[0]) / 6)))


def paw(d: ImageDraw.ImageDraw, r: Rect) -> None:
    """A den: a paw of four toes and a pad."""
    k = (r[2] - r[0]) / 7
    px, py = (r[0] + r[2]) / 2, r[1] + 3.5 * k
    d.ellipse((px - 2 * k, py, px + 2 * k, py + 3 * k), fill=DEN)
    for dx, dy in ((-2.2, -1.2), (-0.8, -2.2), (0.8, -2.2), (2.2, -1.2)):
        d.ellipse((px + dx * k - k, py + dy * k - k, px + dx * k + k, py + dy * k + k),
                  fill=DEN)


