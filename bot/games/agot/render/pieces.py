"""Each area's pieces on the map — power token, units, neutral force, order, then what the
board prints there (castle, barrels, crowns, home crest) — as one row placed clear of every
area name and every other area's row (``bot.render.kit.place``): the pieces are drawn large
for the chat box, so a busy area's row may not fit under its name and moves to the nearest
free spot, inside its own area when it can."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.games.agot.render.geometry import geometry, load_layout
from bot.games.agot.render.map import Label, area_icons, name_boxes
from bot.games.agot.render.sprites import (
    _paste,
    neutral_sprite,
    order_sprite,
    power_sprite,
    unit_sprite,
)
from bot.i18n import msg
from bot.i18n import render as tr_render
from bot.render.kit.place import Placer, Rect, around
from rules.agot.board import Board

#: Room (px) between two pieces of a row, and around a row (so rows do not touch).
GAP = 3
ICON_GAP = 2
MARGIN = 1
#: How far (px) a row may move from under its name looking for room, in steps of ``STEP``.
REACH, STEP = 130.0, 3.0


@dataclass(frozen=True)
class Row:
    """What an area shows in one block: lines of sprites (the pieces, or the printed icons),
    stacked and centred in ``rect``."""

    area: str
    lines: tuple[tuple[Image.Image, ...], ...]
    rect: Rect
    icons: bool = False
    #: For a block that found no room in its own area: the point of the area a leader line
    #: joins it to (so it never reads as a neighbour's).
    leader: tuple[float, float] | None = None

    @property
    def width(self) -> float:
        return self.rect[2] - self.rect[0]


def _order_sprite(b: Board, order: dict[str, Any], house: str, locale: str | None
                  ) -> Image.Image:
    token = order.get("token")
    tok = b.tokens.get(token) if isinstance(token, str) else None
    if tok is None:
        # No token id in the public view means the order is still face down.
        return order_sprite(house, None)
    letter = tr_render(msg(f"agot.img.order.{tok.kind}"), locale)
    return order_sprite(house, tok.kind, tok.bonus, tok.special, letter)


def area_pieces(b: Board, info: dict[str, Any], houses: list[str], locale: str | None
                ) -> list[Image.Image]:
    """What stands in an area, from the public view: power token, units (routed ones
    faded), neutral force, order token."""
    sprites: list[Image.Image] = []
    token_house = info.get("power_token")
    if token_house:
        sprites.append(power_sprite(str(token_house)))
    house = info.get("house")
    if house:
        for kind in ("footmen", "knights", "ships"):
            n = int(info.get(kind) or 0)
            if n:
                sprites.append(unit_sprite(kind, house, n))
        routed = info.get("routed") or {}
        for kind in ("footmen", "knights", "ships"):
            n = int(routed.get(kind) or 0)
            if n:
                sprites.append(unit_sprite(kind, house, n, routed=True))
    neutral = info.get("neutral")
    if neutral:
        sprites.append(neutral_sprite(int(neutral.get("strength") or 0), neutral.get("house")))
    order = info.get("order")
    if order:
        seat = order.get("seat")
        owner = houses[seat] if isinstance(seat, int) and 0 <= seat < len(houses) else house
        sprites.append(_order_sprite(b, order, owner or "", locale))
    return sprites


def _line_size(sprites: tuple[Image.Image, ...], gap: float) -> tuple[float, float]:
    return (sum(p.width for p in sprites) + gap * max(0, len(sprites) - 1),
            max([p.height for p in sprites] + [1]))


def _splits(sprites: tuple[Image.Image, ...]) -> list[tuple[tuple[Image.Image, ...], ...]]:
    """Ways to show a row: on one line, else on two (the first half over the rest)."""
    out: list[tuple[tuple[Image.Image, ...], ...]] = [(sprites,)]
    if len(sprites) > 1:
        k = (len(sprites) + 1) // 2
        out.append((sprites[:k], sprites[k:]))
    return out


@lru_cache(maxsize=1)
def _area_at() -> tuple[float, list[str], dict[str, str]]:
    lay = load_layout()
    return float(lay["cell"]), lay["grid"], {c: a for a, c in lay["codes"].items()}


@lru_cache(maxsize=1)
def _cells() -> dict[str, int]:
    """How many squares of the layout grid each area has."""
    _cell, grid, area_of = _area_at()
    out: dict[str, int] = {}
    for row in grid:
        for c in row:
            out[area_of[c]] = out.get(area_of[c], 0) + 1
    return out


def area_at(x: float, y: float) -> str:
    """The area painted at (x, y) on the layout grid ("" off the map)."""
    cell, grid, area_of = _area_at()
    row, col = int(y // cell), int(x // cell)
    if 0 <= row < len(grid) and 0 <= col < len(grid[row]):
        return area_of.get(grid[row][col], "")
    return ""


@lru_cache(maxsize=64)
def _bbox(area: str) -> tuple[float, float, float, float]:
    """The box of the layout squares painted ``area``."""
    cell, grid, area_of = _area_at()
    squares = [(x, y) for y, row in enumerate(grid) for x, c in enumerate(row)
               if area_of[c] == area]
    return (min(x for x, _ in squares) * cell, min(y for _, y in squares) * cell,
            (max(x for x, _ in squares) + 1) * cell, (max(y for _, y in squares) + 1) * cell)


@lru_cache(maxsize=4096)
def _spots(area: str, lines: tuple[tuple[float, float], ...], strict: bool, cx: float,
           cy: float) -> tuple[tuple[float, float], ...]:
    """The centres near (cx, cy), nearest first, where a block of ``lines`` (width, height)
    lies in ``area`` — each line's ends and middle (``strict``), or the block's middle.
    Cached: the same rows recur render after render."""
    x0, y0, x1, y1 = _bbox(area)
    height = sum(h for _w, h in lines) + GAP * (len(lines) - 1)

    def fits(x: float, y: float) -> bool:
        if not strict:
            return area_at(x, y) == area
        top = y - height / 2
        for w, h in lines:
            reach = max(0.0, w / 2 - 12)
            if not all(area_at(x + dx, top + h / 2) == area for dx in (-reach, 0.0, reach)):
                return False
            top += h + GAP
        return True

    return tuple(p for p in around(cx, cy, STEP, REACH)
                 if x0 <= p[0] <= x1 and y0 <= p[1] <= y1 and fits(*p))


def _place(placer: Placer, area: str, sprites: tuple[Image.Image, ...], gap: float,
           cx: float, cy: float) -> tuple[tuple[tuple[Image.Image, ...], ...], Rect]:
    """Room for ``sprites`` near (cx, cy): on one line inside the area, else on two lines
    inside it; else (too small an area) on one line, then on two, with its middle in the
    area; else on one line at the nearest free spot (or at (cx, cy) when none is)."""
    splits = _splits(sprites)
    for strict in (True, False):
        for lines in splits:
            sizes = [_line_size(line, gap) for line in lines]
            w = max(sz[0] for sz in sizes)
            h = sum(sz[1] for sz in sizes) + GAP * (len(sizes) - 1)
            spot = placer.place(w + 2 * MARGIN, h + 2 * MARGIN,
                                _spots(area, tuple(sizes), strict, cx, cy))
            if spot is not None:
                return lines, (spot[0] + MARGIN, spot[1] + MARGIN, spot[2] - MARGIN,
                               spot[3] - MARGIN)
    w, h = _line_size(sprites, gap)
    spot = placer.place(w + 2 * MARGIN, h + 2 * MARGIN, around(cx, cy, STEP, REACH))
    if spot is None:
        return (sprites,), (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
    return (sprites,), (spot[0] + MARGIN, spot[1] + MARGIN, spot[2] - MARGIN,
                        spot[3] - MARGIN)


def place_rows(b: Board, labs: dict[str, Label], pieces: dict[str, Any], houses: list[str],
               locale: str | None) -> list[Row]:
    """Every area's blocks, placed: the pieces first (the widest first), each under its name
    when that is free, else at the nearest free spot inside its own area (on two lines when
    one is too wide for it); then the printed icons the same way."""
    g = geometry()
    placer = Placer((0, 0, g.map_width, g.map_height), cell=64)
    for lab in labs.values():
        for box in name_boxes(lab):
            placer.take(box)
    wanted = []
    for area, lab in labs.items():
        info = pieces.get(area)
        sprites = tuple(area_pieces(b, info if isinstance(info, dict) else {}, houses, locale))
        if sprites:
            wanted.append((area, lab, sprites, _line_size(sprites, GAP)[0]))
    # The areas with the least room first: a big area has spots left for its pieces later.
    cells = _cells()
    wanted.sort(key=lambda w: (-w[3], cells.get(w[0], 0), w[0]))
    rows = []
    for area, lab, sprites, w in wanted:
        lines, rect = _place(placer, area, sprites, GAP, lab.centre_x(w), lab.row_y)
        rows.append(Row(area, lines, rect, leader=_leader(area, rect)))
    for area, lab in labs.items():
        icons = area_icons(area)
        if icons:
            w = _line_size(icons, ICON_GAP)[0]
            lines, rect = _place(placer, area, icons, ICON_GAP, lab.centre_x(w), lab.row_y)
            rows.append(Row(area, lines, rect, icons=True, leader=_leader(area, rect)))
    return rows


def _leader(area: str, rect: Rect) -> tuple[float, float] | None:
    """Where a block outside its area points to: the area's point nearest the block (None
    when the block's middle is in the area)."""
    cx, cy = (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2
    if area_at(cx, cy) == area:
        return None
    cell, grid, area_of = _area_at()
    squares = [((x + 0.5) * cell, (y + 0.5) * cell) for y, row in enumerate(grid)
               for x, c in enumerate(row) if area_of[c] == area]
    return min(squares, key=lambda p: math.dist(p, (cx, cy)))


def draw_row(img: Image.Image, row: Row) -> None:
    gap = ICON_GAP if row.icons else GAP
    x0, y0, x1, y1 = row.rect
    if row.leader is not None:
        d = ImageDraw.Draw(img)
        lx, ly = row.leader
        start = (min(max(lx, x0), x1), min(max(ly, y0), y1))
        d.line([start, row.leader], fill=(20, 16, 12), width=5)
        d.line([start, row.leader], fill=(250, 246, 230), width=2)
        d.ellipse((lx - 5, ly - 5, lx + 5, ly + 5), fill=(20, 16, 12), outline=(250, 246, 230),
                  width=2)
    y = y0
    for line in row.lines:
        w, h = _line_size(line, gap)
        x = (x0 + x1) / 2 - w / 2
        for sprite in line:
            _paste(img, sprite, x + sprite.width / 2, y + h / 2)
            x += sprite.width + gap
        y += h + GAP
