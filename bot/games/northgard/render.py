"""The Northgard board image (Pillow), from the PUBLIC view only: every placed tile with its
territories (tinted by the controlling colour), borders (rough ones thick and amber), closed
territories boxed dark, resources, building slots and buildings, units by colour, Kaija,
monsters, dens and the scorched earth; rulers naming the grid's cells; and a side panel with
the year and phase, who passed, each player's resources, hand and deck size (never fame), the
offered cards and the monster row. Drawn at 1040 px wide so that text stays at 10 px or more
in Discord's ~520 px preview."""

from __future__ import annotations

import io
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from bot.games.northgard.names import COL0, COLUMNS, ROW0
from bot.i18n import catalog, msg, view_text
from bot.i18n import render as render_msg
from rules.northgard.data import data
from rules.northgard.geometry import on_forget, side_segments

RGB = tuple[int, int, int]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

WIDTH = 1040
MAP_MAX_H = 1000
RULER_W, RULER_H = 40, 32
MAX_TILE = 190
BLOCKS = 12

BG: RGB = (40, 44, 52)
SEA: RGB = (84, 118, 150)
PARCHMENT: RGB = (222, 208, 168)
INK: RGB = (30, 26, 22)
PANEL_INK: RGB = (236, 232, 222)
DIM: RGB = (168, 168, 160)
REGULAR: RGB = (250, 250, 245)
ROUGH: RGB = (236, 168, 24)
SEAM: RGB = (150, 140, 110)
PLAYER: dict[str, RGB] = {"red": (206, 44, 44), "yellow": (232, 196, 30),
                          "purple": (132, 64, 168), "blue": (44, 96, 206),
                          "green": (40, 150, 64)}
RES: dict[str, RGB] = {"food": (220, 100, 40), "wood": (40, 120, 48), "lore": (50, 100, 200)}
MONSTER: dict[str, RGB] = {"beige": (214, 196, 160), "brown": (140, 96, 60),
                           "dark_brown": (90, 60, 36)}
BUILD_LETTER = {"granary": "G", "lodge": "L", "watchtower": "W", "camp": "T",
                "sacred_stone": "S", "fortress": "F", "furnace": "B", "altar": "A"}
MONSTER_LETTER = {"wolf": "W", "bear": "B", "draug": "D", "valkyrie": "V"}

# Where each edge segment's territory is anchored (north, east, south, west; clockwise).
_ANCHORS = (((1 / 6, 0.08), (0.5, 0.08), (5 / 6, 0.08)),
            ((0.92, 1 / 6), (0.92, 0.5), (0.92, 5 / 6)),
            ((5 / 6, 0.92), (0.5, 0.92), (1 / 6, 0.92)),
            ((0.08, 5 / 6), (0.08, 0.5), (0.08, 1 / 6)))


@lru_cache(maxsize=32)
def font(size: int) -> Font:
    return ImageFont.load_default(size=size)


def _text(locale: str, key: str, **params: Any) -> str:
    if key not in catalog(locale) and key not in catalog("en"):
        return key.rsplit(".", 1)[-1]
    return render_msg(msg(key, **params), locale)


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
    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.tiles: dict[tuple[int, int], tuple[int, str, int]] = {
            (int(x), int(y)): (p, str(t), int(r)) for p, (t, x, y, r) in enumerate(view["tiles"])}
        frontier = {(x + dx, y + dy) for x, y in self.tiles
                    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))} - set(self.tiles)
        self.frontier = frontier
        cells = set(self.tiles) | frontier
        self.x0 = min(x for x, _ in cells)
        self.y0 = min(y for _, y in cells)
        cols = max(x for x, _ in cells) - self.x0 + 1
        rows = max(y for _, y in cells) - self.y0 + 1
        self.size = int(min(MAX_TILE, (WIDTH - RULER_W - 12) / cols,
                            (MAP_MAX_H - RULER_H - 12) / rows))
        self.ox = RULER_W + (WIDTH - RULER_W - self.size * cols) // 2
        self.oy = RULER_H + 6
        self.height = self.oy + rows * self.size + 10
        self.cols, self.rows = cols, rows
        self.terr_of: dict[str, dict[str, Any]] = {}
        for t in view["territories"]:
            for n in t["nodes"]:
                self.terr_of[n] = t
        self.colours = [str(s["colour"]) for s in view["seats"]]

    def origin(self, cell: tuple[int, int]) -> tuple[int, int]:
        return (self.ox + (cell[0] - self.x0) * self.size,
                self.oy + (cell[1] - self.y0) * self.size)

    def fill(self, terr: dict[str, Any]) -> RGB:
        base = _shade(terr["id"])
        owners = [int(s) for s, n in terr["units"].items() if n] or (
            [terr["kaija"]] if terr["kaija"] >= 0 else [])
        if owners:
            base = _mix(base, PLAYER.get(self.colours[owners[0]], (128, 128, 128)), 0.38)
        return base


def _draw_map(img: Image.Image, b: Board) -> None:
    d = ImageDraw.Draw(img)
    s = b.size
    small = font(max(16, min(22, s // 7)))
    for c in range(b.cols):
        x = b.ox + c * s + s // 2
        col = c + b.x0 + COL0
        d.text((x, RULER_H // 2 + 2), COLUMNS[col] if 0 <= col < 26 else "?", fill=DIM,
               font=font(20), anchor="mm")
    for r in range(b.rows):
        y = b.oy + r * s + s // 2
        d.text((RULER_W // 2, y), str(r + b.y0 + ROW0), fill=DIM, font=font(20), anchor="mm")
    for cell in sorted(b.frontier):
        x, y = b.origin(cell)
        d.rectangle((x + 3, y + 3, x + s - 3, y + s - 3), outline=(120, 150, 176), width=1)
    labels: list[tuple[dict[str, Any], float, float]] = []
    for cell, (p, tid, rot) in sorted(b.tiles.items(), key=lambda kv: kv[1][0]):
        x, y = b.origin(cell)
        tile = data().tiles[tid]
        masks, borders, centres = tile_layers(tid, rot, s)
        for t, mask in enumerate(masks):
            terr = b.terr_of.get(f"{p}.{t}")
            img.paste(b.fill(terr) if terr else PARCHMENT, (x, y), mask)
        img.paste(borders, (x, y), borders)
        d.rectangle((x, y, x + s, y + s), outline=SEAM, width=1)
        d.text((x + 4, y + 2), str(p + 1), fill=(90, 80, 60), font=font(16))
        for t, (u, v) in enumerate(centres):
            cx, cy = x + u, y + v
            node = f"{p}.{t}"
            terr = b.terr_of.get(node)
            _node_marks(d, tile.territories[t], node, terr, cx, cy, s, small)
            if terr is not None and terr["id"] == node:
                labels.append((terr, cx, cy))
    for terr, cx, cy in labels:
        _territory_label(d, b, terr, cx, cy)
    pending = b.view.get("pending") or {}
    cell = pending.get("cell") if pending.get("kind") == "place_tile" else None
    if isinstance(cell, list) and len(cell) == 2:
        x, y = b.origin((int(cell[0]), int(cell[1])))
        d.rectangle((x + 2, y + 2, x + s - 2, y + s - 2), outline=(250, 210, 60), width=5)


def _node_marks(d: ImageDraw.ImageDraw, printed: Any, node: str, terr: dict[str, Any] | None,
                cx: float, cy: float, s: int, small: Font) -> None:
    """What is printed on this tile's part of a territory: resources, slots (filled with
    their building), a den."""
    r = max(5, s // 26)
    xs = cx - (len(printed.res) - 1) * (r + 2)
    for k, res in enumerate(printed.res):
        px = xs + k * (2 * r + 4)
        d.ellipse((px - r, cy + s * 0.17 - r, px + r, cy + s * 0.17 + r), fill=RES[res],
                  outline=INK)
    built = dict(terr["buildings"]) if terr else {}
    w = max(16, s // 8)
    xs = cx - (len(printed.slots) - 1) * (w + 3) / 2
    for k, kind in enumerate(printed.slots):
        key = f"{node}.{k}"
        px = xs + k * (w + 3)
        py = cy - s * 0.2
        big = kind == "large"
        half = w / 2 + (3 if big else 0)
        box = (px - half, py - half, px + half, py + half)
        if key in built:
            d.rectangle(box, fill=(60, 52, 44), outline=INK)
            d.text((px, py), BUILD_LETTER.get(built[key], "?"), fill=(250, 240, 210),
                   font=small, anchor="mm")
        else:
            d.rectangle(box, outline=(110, 96, 70), width=2)
            if kind == "sacred":
                d.ellipse((px - 3, py - 3, px + 3, py + 3), fill=(110, 96, 70))
    if printed.den:
        # A den: a paw of four toes and a pad.
        px, py, k = cx - s * 0.28, cy + s * 0.02, max(3, s // 40)
        d.ellipse((px - 2 * k, py, px + 2 * k, py + 3 * k), fill=(96, 56, 28))
        for dx, dy in ((-2.2, -1.2), (-0.8, -2.2), (0.8, -2.2), (2.2, -1.2)):
            d.ellipse((px + dx * k - k, py + dy * k - k, px + dx * k + k, py + dy * k + k),
                      fill=(96, 56, 28))


def _territory_label(d: ImageDraw.ImageDraw, b: Board, terr: dict[str, Any], cx: float,
                     cy: float) -> None:
    f = font(20)
    name = str(terr["name"])
    w = d.textlength(name, font=f) + 8
    box = (cx - w / 2, cy - 12, cx + w / 2, cy + 12)
    if terr["closed"]:
        d.rectangle(box, fill=INK, outline=(250, 240, 200), width=2)
        d.text((cx, cy), name, fill=(250, 240, 200), font=f, anchor="mm")
    else:
        d.rectangle(box, fill=(250, 246, 232), outline=INK)
        d.text((cx, cy), name, fill=INK, font=f, anchor="mm")
    if terr["scorch"]:
        d.ellipse((box[0] - 16, cy - 8, box[0] - 2, cy + 6), fill=(240, 100, 20), outline=INK)
    chips: list[tuple[RGB, str, RGB]] = []
    for seat, n in sorted(terr["units"].items()):
        colour = PLAYER.get(b.colours[int(seat)], (128, 128, 128))
        chips.append((colour, str(n), INK if b.colours[int(seat)] == "yellow" else (255,) * 3))
    if terr["kaija"] >= 0:
        chips.append(((60, 50, 40), "K", (255, 220, 120)))
    for mid in terr["monsters"]:
        m = data().monsters.get(mid)
        if m is not None:
            chips.append((MONSTER[m.colour], MONSTER_LETTER[m.kind],
                          INK if m.colour == "beige" else (255,) * 3))
    r = 13
    xs = cx - (len(chips) - 1) * (r + 1)
    for k, (fill, label, ink) in enumerate(chips):
        px, py = xs + k * (2 * r + 2), cy + 26
        d.ellipse((px - r, py - r, px + r, py + r), fill=fill, outline=INK, width=2)
        d.text((px, py), label, fill=ink, font=font(18), anchor="mm")


def _panel(img: Image.Image, b: Board, top: int, locale: str) -> None:
    d = ImageDraw.Draw(img)
    v = b.view
    big, mid = font(26), font(22)
    y = top + 10
    d.text((16, y), view_text(v.get("phase_label"), locale), fill=PANEL_INK, font=big)
    y += 36
    first = int(v.get("first", 0))
    for s in v["seats"]:
        colour = PLAYER.get(str(s["colour"]), (128, 128, 128))
        d.rectangle((16, y + 2, 40, y + 26), fill=colour, outline=PANEL_INK)
        name = _text(locale, f"northgard.colour.{s['colour']}")
        clan = _text(locale, f"northgard.clan.{s['clan']}")
        line = f"{name} · {clan}"
        if s.get("team") is not None:
            line += " · " + _text(locale, f"northgard.board.team_{'ab'[int(s['team'])]}")
        d.text((50, y), line, fill=PANEL_INK, font=mid)
        x = 380
        for res in ("food", "wood", "lore"):
            d.ellipse((x, y + 6, x + 16, y + 22), fill=RES[res], outline=PANEL_INK)
            d.text((x + 22, y), str(s["res"][res]), fill=PANEL_INK, font=mid)
            x += 60
        d.text((x + 4, y), _text(locale, "northgard.board.cards", hand=s["hand"],
                                 deck=s["deck"], units=s["on_map"]),
               fill=PANEL_INK, font=mid)
        marks = []
        if s["seat"] == first:
            marks.append(_text(locale, "northgard.board.first"))
        if s["passed"]:
            marks.append(_text(locale, "northgard.board.passed"))
        if marks:
            d.text((WIDTH - 16, y), " · ".join(marks), fill=(250, 210, 90), font=mid,
                   anchor="ra")
        y += 32
    y += 6
    row = v.get("dev_row") or []
    if v.get("year") == v.get("years"):
        row = v.get("ach_row") or []
    if row:
        names = ", ".join(_text(locale, f"northgard.card.{c}") for c in row)
        d.text((16, y), _text(locale, "northgard.board.row", cards=names)[:90], fill=DIM,
               font=mid)
        y += 30
    monsters = v.get("monster_row") or []
    if monsters:
        names = ", ".join(_text(locale, f"northgard.monster.{m}") for m in monsters)
        d.text((16, y), _text(locale, "northgard.board.monsters", monsters=names)[:90],
               fill=DIM, font=mid)
        y += 30
    d.text((16, y), _text(locale, "northgard.board.stacks", tiles=v["tile_stack"],
                          dev=v["dev_deck"], unrest=v["unrest_left"]), fill=DIM, font=mid)
    if _previews(v):
        _draw_previews(img, v, y + 40)


PREVIEW = 120


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
    x = 16
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
            _node_marks(d, tile.territories[t], f"p.{t}", None, x + u, top + v, PREVIEW,
                        font(16))
        d.text((x + PREVIEW / 2, top + PREVIEW + 14), caption, fill=PANEL_INK, font=font(20),
               anchor="mm")
        x += PREVIEW + 24


def panel_height(view: dict[str, Any]) -> int:
    extra = PREVIEW + 40 if _previews(view) else 0
    return 10 + 36 + 32 * len(view["seats"]) + 6 + 30 * 3 + 16 + extra


def render_image(view: dict[str, Any], locale: str = "en") -> Image.Image:
    b = Board(view)
    height = b.height + panel_height(view)
    img = Image.new("RGB", (WIDTH, height), BG)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, WIDTH, b.height), fill=SEA)
    _draw_map(img, b)
    _panel(img, b, b.height, locale)
    return img


def render(view: dict[str, Any], locale: str = "en") -> bytes:
    img = render_image(view, locale)
    buf = io.BytesIO()
    pal = img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    pal.save(buf, "PNG", compress_level=1)
    return buf.getvalue()
