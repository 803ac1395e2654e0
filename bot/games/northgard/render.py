"""The Northgard board image (Pillow), from the PUBLIC view only: every placed tile with its
territories (tinted by the controlling colour), borders (rough ones thick and amber), closed
territories boxed dark, resources, building slots and buildings, units by colour, Kaija,
monsters, dens and the scorched earth; rulers naming the grid's cells; and a panel below the
map with the year and phase, who passed, each player's resources, hand and deck size (never
fame), the teams, a legend of the letters on the map, the offered cards and the monster row.

Legibility (issue #14): Discord shows the image about ``PREVIEW_WIDTH`` px wide, so every font
is at least ``SMALL`` px on a ``WIDTH`` px image — 10.4 px inline. The map keeps the same
fonts however far it has grown (its tiles shrink instead), and shows only half a cell of the
sea beyond the outermost tiles (the rulers still name those cells), which leaves the tiles
about a fifth larger than a whole ring of frontier cells would."""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from bot.games.northgard.names import COL0, COLUMNS, ROW0
from bot.i18n import catalog, msg, view_text
from bot.i18n import render as render_msg
from bot.render.font import font
from rules.northgard.data import data
from rules.northgard.geometry import on_forget, side_segments

RGB = tuple[int, int, int]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
Cell = tuple[int, int]

WIDTH = 900
#: The width Discord shows an attached image at inline.
PREVIEW_WIDTH = 520
#: Font sizes: 10.4, 11.6 and 13.9 px in the preview.
SMALL, TEXT, TITLE = 18, 20, 24
MAP_MAX_H = 960
RULER_W, RULER_H = 34, 28
PAD = 16
MAX_TILE = 190
BLOCKS = 12
CHIP_R = 13
CHIPS_PER_ROW = 4
LINE = 27

BG: RGB = (40, 44, 52)
SEA: RGB = (84, 118, 150)
FRONTIER: RGB = (120, 150, 176)
PARCHMENT: RGB = (222, 208, 168)
INK: RGB = (30, 26, 22)
PANEL_INK: RGB = (236, 232, 222)
DIM: RGB = (176, 176, 168)
GOLD: RGB = (250, 210, 90)
REGULAR: RGB = (250, 250, 245)
ROUGH: RGB = (236, 168, 24)
SEAM: RGB = (150, 140, 110)
WHITE: RGB = (255, 255, 255)
PLAYER: dict[str, RGB] = {"red": (206, 44, 44), "yellow": (232, 196, 30),
                          "purple": (132, 64, 168), "blue": (44, 96, 206),
                          "green": (40, 150, 64)}
RES: dict[str, RGB] = {"food": (220, 100, 40), "wood": (40, 120, 48), "lore": (50, 100, 200)}
MONSTER: dict[str, RGB] = {"beige": (214, 196, 160), "brown": (140, 96, 60),
                           "dark_brown": (90, 60, 36)}
KAIJA: RGB = (60, 50, 40)
BUILDINGS = ("granary", "lodge", "watchtower", "camp", "sacred_stone", "fortress", "furnace",
             "altar")
MONSTER_KINDS = ("wolf", "bear", "draug", "valkyrie")

# Where each edge segment's territory is anchored (north, east, south, west; clockwise).
_ANCHORS = (((1 / 6, 0.08), (0.5, 0.08), (5 / 6, 0.08)),
            ((0.92, 1 / 6), (0.92, 0.5), (0.92, 5 / 6)),
            ((5 / 6, 0.92), (0.5, 0.92), (1 / 6, 0.92)),
            ((0.08, 5 / 6), (0.08, 0.5), (0.08, 1 / 6)))


def _text(locale: str, key: str, **params: Any) -> str:
    if key not in catalog(locale) and key not in catalog("en"):
        return key.rsplit(".", 1)[-1]
    return render_msg(msg(key, **params), locale)


def _fit(text: str, f: Font, width: float) -> str:
    """``text`` cut with an ellipsis to ``width`` px: a long name must not run into the
    column beside it."""
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _wrap(text: str, f: Font, width: float) -> list[str]:
    """Lines of at most ``width`` px, broken between words (a word longer than a line is
    cut)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if line and f.getlength(candidate) > width:
            lines.append(line)
            candidate = word
        line = candidate
    lines.append(line)
    return [_fit(line, f, width) for line in lines]


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
                colour, width = (ROUGH, max(4, size // 30)) if rough else (REGULAR, 2)
                if di:
                    line = (ii * step, j * step, ii * step, (j + 1) * step)
                else:
                    line = (i * step, jj * step, (i + 1) * step, jj * step)
                d.line(line, fill=(*colour, 255), width=width)
    centres = tuple((su / k, sv / k) if k else (size / 2, size / 2) for su, sv, k in sums)
    return tuple(masks), borders, centres


on_forget(blocks.cache_clear)
on_forget(tile_layers.cache_clear)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t),
            int(a[2] + (b[2] - a[2]) * t))


def _shade(seed: str) -> RGB:
    h = sum(ord(c) * (i + 7) for i, c in enumerate(seed)) % 5
    return _mix(PARCHMENT, (196, 184, 140), h / 6)


class Board:
    """The map's geometry: the placed tiles' bounding box plus half a cell of sea on every
    side, scaled to the image's width (and a height cap)."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.tiles: dict[Cell, tuple[int, str, int]] = {
            (int(x), int(y)): (p, str(t), int(r)) for p, (t, x, y, r) in enumerate(view["tiles"])}
        self.frontier = {(x + dx, y + dy) for x, y in self.tiles
                         for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))} - set(self.tiles)
        xs = [x for x, _ in self.tiles] or [0]
        ys = [y for _, y in self.tiles] or [0]
        self.x0, self.x1, self.y0, self.y1 = min(xs), max(xs), min(ys), max(ys)
        cols, rows = self.x1 - self.x0 + 2, self.y1 - self.y0 + 2
        self.size = s = int(min(MAX_TILE, (WIDTH - RULER_W - PAD) / cols,
                                (MAP_MAX_H - RULER_H) / rows))
        self.map_w, self.map_h = cols * s, rows * s
        self.left = RULER_W + (WIDTH - RULER_W - PAD // 2 - self.map_w) // 2
        self.top = RULER_H
        self.height = self.top + self.map_h + PAD // 2
        self.terr_of: dict[str, dict[str, Any]] = {}
        for t in view["territories"]:
            for n in t["nodes"]:
                self.terr_of[n] = t
        self.colours = [str(s["colour"]) for s in view["seats"]]

    def origin(self, cell: Cell) -> tuple[int, int]:
        """The cell's top-left corner on the map layer (negative for the outer half cells)."""
        half = self.size // 2
        return (half + (cell[0] - self.x0) * self.size, half + (cell[1] - self.y0) * self.size)

    def fill(self, terr: dict[str, Any]) -> RGB:
        base = _shade(terr["id"])
        owners = [int(s) for s, n in terr["units"].items() if n] or (
            [terr["kaija"]] if terr["kaija"] >= 0 else [])
        if owners:
            base = _mix(base, PLAYER.get(self.colours[owners[0]], (128, 128, 128)), 0.38)
        return base


def _rulers(d: ImageDraw.ImageDraw, b: Board) -> None:
    """Column letters and row numbers, each centred on the visible part of its cell."""
    s, f = b.size, font(TEXT)
    for x in range(b.x0 - 1, b.x1 + 2):
        lo = max(0, b.origin((x, b.y0))[0])
        hi = min(b.map_w, b.origin((x, b.y0))[0] + s)
        col = x + COL0
        d.text((b.left + (lo + hi) / 2, RULER_H // 2 + 1),
               COLUMNS[col] if 0 <= col < len(COLUMNS) else "?", fill=DIM, font=f, anchor="mm")
    for y in range(b.y0 - 1, b.y1 + 2):
        lo = max(0, b.origin((b.x0, y))[1])
        hi = min(b.map_h, b.origin((b.x0, y))[1] + s)
        d.text((RULER_W // 2, b.top + (lo + hi) / 2), str(y + ROW0), fill=DIM, font=f,
               anchor="mm")


def _draw_map(img: Image.Image, b: Board, locale: str) -> None:
    layer = Image.new("RGB", (b.map_w, b.map_h), SEA)
    d = ImageDraw.Draw(layer)
    s = b.size
    for cell in sorted(b.frontier):
        x, y = b.origin(cell)
        d.rectangle((x + 3, y + 3, x + s - 3, y + s - 3), outline=FRONTIER, width=1)
    labels: list[tuple[dict[str, Any], float, float]] = []
    for cell, (p, tid, rot) in sorted(b.tiles.items(), key=lambda kv: kv[1][0]):
        x, y = b.origin(cell)
        tile = data().tiles[tid]
        masks, borders, centres = tile_layers(tid, rot, s)
        for t, mask in enumerate(masks):
            terr = b.terr_of.get(f"{p}.{t}")
            layer.paste(b.fill(terr) if terr else PARCHMENT, (x, y), mask)
        layer.paste(borders, (x, y), borders)
        d.rectangle((x, y, x + s, y + s), outline=SEAM, width=1)
        d.text((x + 4, y + 1), str(p + 1), fill=(90, 80, 60), font=font(SMALL))
        for t, (u, v) in enumerate(centres):
            cx, cy = x + u, y + v
            node = f"{p}.{t}"
            terr = b.terr_of.get(node)
            _node_marks(d, tile.territories[t], node, terr, cx, cy, s, locale)
            if terr is not None and terr["id"] == node:
                labels.append((terr, cx, cy))
    for terr, cx, cy in labels:
        _territory_label(d, b, terr, cx, cy, locale)
    pending = b.view.get("pending") or {}
    cell = pending.get("cell") if pending.get("kind") == "place_tile" else None
    if isinstance(cell, list) and len(cell) == 2:
        x, y = b.origin((int(cell[0]), int(cell[1])))
        d.rectangle((x + 2, y + 2, x + s - 2, y + s - 2), outline=(250, 210, 60), width=5)
    img.paste(layer, (b.left, b.top))
    _rulers(ImageDraw.Draw(img), b)


def _node_marks(d: ImageDraw.ImageDraw, printed: Any, node: str, terr: dict[str, Any] | None,
                cx: float, cy: float, s: int, locale: str) -> None:
    """What is printed on this tile's part of a territory: resources, slots (filled with
    their building's letter), a den."""
    r = max(5, s // 26)
    xs = cx - (len(printed.res) - 1) * (r + 2)
    for k, res in enumerate(printed.res):
        px = xs + k * (2 * r + 4)
        d.ellipse((px - r, cy + s * 0.17 - r, px + r, cy + s * 0.17 + r), fill=RES[res],
                  outline=INK)
    built = dict(terr["buildings"]) if terr else {}
    w = max(16, s // 8)
    xs = cx - (len(printed.slots) - 1) * (w + 3) / 2
    letters = font(SMALL, True)
    for k, kind in enumerate(printed.slots):
        key = f"{node}.{k}"
        px = xs + k * (w + 3)
        py = cy - s * 0.2
        half = w / 2 + (3 if kind == "large" else 0)
        if key in built:
            # A built slot grows to hold its letter at a legible size.
            letter = _text(locale, f"northgard.board.mark.{built[key]}")
            half = max(half, 12, (letters.getlength(letter) + 6) / 2)
            d.rectangle((px - half, py - half, px + half, py + half), fill=(60, 52, 44),
                        outline=INK)
            d.text((px, py), letter, fill=(250, 240, 210), font=letters, anchor="mm")
        else:
            d.rectangle((px - half, py - half, px + half, py + half), outline=(110, 96, 70),
                        width=2)
            if kind == "sacred":
                d.ellipse((px - 3, py - 3, px + 3, py + 3), fill=(110, 96, 70))
    if printed.den:
        # A den: a paw of four toes and a pad.
        px, py, k = cx - s * 0.28, cy + s * 0.02, max(3, s // 40)
        d.ellipse((px - 2 * k, py, px + 2 * k, py + 3 * k), fill=(96, 56, 28))
        for dx, dy in ((-2.2, -1.2), (-0.8, -2.2), (0.8, -2.2), (2.2, -1.2)):
            d.ellipse((px + dx * k - k, py + dy * k - k, px + dx * k + k, py + dy * k + k),
                      fill=(96, 56, 28))


def _chips(b: Board, terr: dict[str, Any], locale: str) -> list[tuple[RGB, str, RGB]]:
    """(fill, label, ink) of the pieces on a territory: units per seat, Kaija, monsters."""
    chips: list[tuple[RGB, str, RGB]] = []
    for seat, n in sorted(terr["units"].items(), key=lambda kv: int(kv[0])):
        colour = b.colours[int(seat)]
        chips.append((PLAYER.get(colour, (128, 128, 128)), str(n),
                      INK if colour == "yellow" else WHITE))
    if terr["kaija"] >= 0:
        chips.append((KAIJA, _text(locale, "northgard.board.mark.kaija"), (255, 220, 120)))
    for mid in terr["monsters"]:
        m = data().monsters.get(mid)
        if m is not None:
            chips.append((MONSTER[m.colour], _text(locale, f"northgard.board.mark.{m.kind}"),
                          INK if m.colour == "beige" else WHITE))
    return chips


def _territory_label(d: ImageDraw.ImageDraw, b: Board, terr: dict[str, Any], cx: float,
                     cy: float, locale: str) -> None:
    f = font(TEXT, True)
    name = str(terr["name"])
    w = f.getlength(name) + 8
    box = (cx - w / 2, cy - 12, cx + w / 2, cy + 12)
    if terr["closed"]:
        d.rectangle(box, fill=INK, outline=(250, 240, 200), width=2)
        d.text((cx, cy), name, fill=(250, 240, 200), font=f, anchor="mm")
    else:
        d.rectangle(box, fill=(250, 246, 232), outline=INK)
        d.text((cx, cy), name, fill=INK, font=f, anchor="mm")
    if terr["scorch"]:
        d.ellipse((box[0] - 16, cy - 8, box[0] - 2, cy + 6), fill=(240, 100, 20), outline=INK)
    chips = _chips(b, terr, locale)
    digits = font(SMALL, True)
    for start in range(0, len(chips), CHIPS_PER_ROW):
        row = chips[start:start + CHIPS_PER_ROW]
        # A chip is a disc, widened to a pill when its label does not fit one ("12", "Va").
        widths = [max(2 * CHIP_R, digits.getlength(label) + 10) for _, label, _ in row]
        px = cx - (sum(widths) + 2 * (len(row) - 1)) / 2
        py = cy + 12 + CHIP_R + 2 + (start // CHIPS_PER_ROW) * (2 * CHIP_R + 2)
        for (fill, label, ink), wd in zip(row, widths, strict=True):
            d.rounded_rectangle((px, py - CHIP_R, px + wd, py + CHIP_R), radius=CHIP_R,
                                fill=fill, outline=INK, width=2)
            d.text((px + wd / 2, py), label, fill=ink, font=digits, anchor="mm")
            px += wd + 2


def _legend(view: dict[str, Any], locale: str) -> list[str]:
    """What the letters on this map stand for: buildings in slots, Kaija and monsters on
    chips (only those on the map)."""
    built: set[str] = set()
    pieces: set[str] = set()
    for t in view["territories"]:
        built.update(kind for _, kind in t["buildings"])
        if t["kaija"] >= 0:
            pieces.add("kaija")
        for mid in t["monsters"]:
            m = data().monsters.get(mid)
            if m is not None:
                pieces.add(m.kind)

    def entry(kind: str, name_key: str) -> str:
        return f"{_text(locale, f'northgard.board.mark.{kind}')} {_text(locale, name_key)}"

    out = []
    if built:
        marks = " · ".join(entry(k, f"northgard.building.{k}") for k in BUILDINGS if k in built)
        out.append(_text(locale, "northgard.board.legend.buildings", marks=marks))
    if pieces:
        names = [entry(k, f"northgard.board.kind.{k}") for k in MONSTER_KINDS if k in pieces]
        if "kaija" in pieces:
            names.insert(0, entry("kaija", "northgard.board.kind.kaija"))
        out.append(_text(locale, "northgard.board.legend.pieces", marks=" · ".join(names)))
    return out


PREVIEW = 120
Draw = Callable[[Image.Image, ImageDraw.ImageDraw, int], None]


def _panel(b: Board, locale: str) -> tuple[list[tuple[int, Draw]], int]:
    """The panel below the map as (y offset, draw) steps and its height: laid out before
    the image exists, because the image's height depends on it."""
    v = b.view
    steps: list[tuple[int, Draw]] = []
    y = 10
    title = view_text(v.get("phase_label"), locale)
    steps.append((y, lambda img, d, top: d.text((PAD, top), title, fill=PANEL_INK,
                                                 font=font(TITLE, True))))
    y += 38
    first = int(v.get("first", 0))
    for s in v["seats"]:
        steps.append((y, _seat_lines(s, first, locale)))
        y += 2 * LINE + 8
    y += 2
    text = font(TEXT)
    notes = _legend(v, locale)
    row = v.get("dev_row") or []
    if v.get("year") == v.get("years"):
        row = v.get("ach_row") or []
    if row:
        names = ", ".join(_text(locale, f"northgard.card.{c}") for c in row)
        notes.append(_text(locale, "northgard.board.row", cards=names))
    monsters = v.get("monster_row") or []
    if monsters:
        names = ", ".join(_text(locale, f"northgard.monster.{m}") for m in monsters)
        notes.append(_text(locale, "northgard.board.monsters", monsters=names))
    notes.append(_text(locale, "northgard.board.stacks", tiles=v["tile_stack"],
                       dev=v["dev_deck"], unrest=v["unrest_left"]))
    for note in notes:
        for line in _wrap(note, text, WIDTH - 2 * PAD):
            steps.append((y, lambda img, d, top, line=line: d.text((PAD, top), line, fill=DIM,
                                                                    font=text)))
            y += LINE
    if _previews(v):
        y += 10
        steps.append((y, lambda img, d, top: _draw_previews(img, v, top)))
        y += PREVIEW + 34
    return steps, y + 10


def _seat_lines(s: dict[str, Any], first: int, locale: str) -> Draw:
    """A seat in two lines: colour, clan and team, with first player and passed on the
    right; then resources, hand, deck and units on the map."""
    name_f, num_f = font(TEXT), font(TEXT, True)
    colour = PLAYER.get(str(s["colour"]), (128, 128, 128))
    name = " · ".join((_text(locale, f"northgard.colour.{s['colour']}"),
                       _text(locale, f"northgard.clan.{s['clan']}")))
    if s.get("team") is not None:
        name += " · " + _text(locale, f"northgard.board.team_{'ab'[int(s['team'])]}")
    marks = []
    if s["seat"] == first:
        marks.append(_text(locale, "northgard.board.first"))
    if s["passed"]:
        marks.append(_text(locale, "northgard.board.passed"))
    mark = " · ".join(marks)
    indent = PAD + 34
    room = WIDTH - PAD - indent - (name_f.getlength(mark) + 16 if mark else 0)
    name = _fit(name, name_f, room)
    cards = _text(locale, "northgard.board.cards", hand=s["hand"], deck=s["deck"],
                  units=s["on_map"])

    def draw(img: Image.Image, d: ImageDraw.ImageDraw, top: int) -> None:
        d.rectangle((PAD, top + 3, PAD + 24, top + 27), fill=colour, outline=PANEL_INK)
        d.text((indent, top), name, fill=PANEL_INK, font=name_f)
        if mark:
            d.text((WIDTH - PAD, top), mark, fill=GOLD, font=name_f, anchor="ra")
        x, y = float(indent), top + LINE
        for res in ("food", "wood", "lore"):
            d.ellipse((x, y + 5, x + 16, y + 21), fill=RES[res], outline=PANEL_INK)
            number = str(s["res"][res])
            d.text((x + 22, y), number, fill=PANEL_INK, font=num_f)
            x += 22 + max(num_f.getlength(number), num_f.getlength("00")) + 16
        d.text((x + 8, y), _fit(cards, name_f, WIDTH - PAD - x - 8), fill=PANEL_INK,
               font=name_f)

    return draw


def _previews(view: dict[str, Any]) -> list[tuple[str, int, str]]:
    """The tile being placed, as (tile, rotation, caption): the candidates while a tile is
    chosen, then the chosen one in its four rotations (the buttons name the degrees)."""
    pending = view.get("pending") or {}
    if pending.get("kind") != "place_tile":
        return []
    if pending.get("tile"):
        return [(str(pending["tile"]), r, f"{90 * r}°") for r in range(4)]
    tiles = list(pending.get("tiles") or [])
    seat = pending.get("seat")
    if not tiles and isinstance(seat, int) and 0 <= seat < len(view["seats"]):
        tiles = list(view["seats"][seat].get("held_tiles") or [])
    return [(t, 0, t) for t in dict.fromkeys(tiles)][:6]


def _draw_previews(img: Image.Image, view: dict[str, Any], top: int) -> None:
    d = ImageDraw.Draw(img)
    x = PAD
    for tid, rot, caption in _previews(view):
        if tid not in data().tiles:
            continue
        masks, borders, centres = tile_layers(tid, rot, PREVIEW)
        for t, mask in enumerate(masks):
            img.paste(_shade(f"{tid}.{t}"), (x, top), mask)
        img.paste(borders, (x, top), borders)
        d.rectangle((x, top, x + PREVIEW, top + PREVIEW), outline=PANEL_INK, width=1)
        tile = data().tiles[tid]
        for t, (u, v) in enumerate(centres):
            _node_marks(d, tile.territories[t], f"p.{t}", None, x + u, top + v, PREVIEW, "en")
        d.text((x + PREVIEW / 2, top + PREVIEW + 16), caption, fill=PANEL_INK, font=font(TEXT),
               anchor="mm")
        x += PREVIEW + 24


def render_image(view: dict[str, Any], locale: str = "en") -> Image.Image:
    b = Board(view)
    steps, panel_h = _panel(b, locale)
    img = Image.new("RGB", (WIDTH, b.height + panel_h), BG)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, WIDTH, b.height), fill=SEA)
    _draw_map(img, b, locale)
    for y, draw in steps:
        draw(img, d, b.height + y)
    return img


def render(view: dict[str, Any], locale: str | None = "en") -> bytes:
    img = render_image(view, locale or "en")
    buf = io.BytesIO()
    pal = img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    pal.save(buf, "PNG", compress_level=1)
    return buf.getvalue()
