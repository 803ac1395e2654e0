"""The board image for A Game of Thrones (1st edition), drawn from the PUBLIC view only.

There is no licensed map art, so the map is schematic: ``layout.json`` paints every area
on a coarse grid (one character per square), and each square becomes the Voronoi cell of a
randomly nudged point, which gives hand-drawn looking borders. Where two areas touch but are
not adjacent in the rules, the shared edge is drawn as a river (land) or cliffs/reefs (sea), so
the picture never suggests a border the rules do not have; an adjacency whose areas do not
touch on the grid gets a dashed link instead.

The board message carries three images, each in its own chat box (400x300): the North and the
South of the map (overlapping halves, names and pieces legible at that size) and the houses'
panel (whose turn, the houses' players, castles, power and supply, and a legend).

Everything static (cells, borders, names, castles, barrels, crowns) is drawn once per process;
a render only tints controlled land, places the pieces and writes the strips and the panel.
"""


from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from bot.games.agot.render.geometry import STATUS_BAND
from bot.games.agot.render.geometry import geometry as map_geometry
from bot.games.agot.render.map import (
    _arrow,
    _support_line,
    _tint,
    labels,
    static_layers,
)
from bot.games.agot.render.panel import PAPER, draw_panel, panel_size
from bot.games.agot.render.pieces import draw_row, place_rows
from bot.games.agot.render.status import STATUS_PX, draw_status, house_of, status_texts
from bot.games.agot.render.style import house_style
from bot.i18n import msg
from bot.i18n import render as tr_render
from bot.render.kit import CHAT_BOX, Sheet, png_bytes
from rules.agot.board import board

#: ``/agot board region:`` — the areas each part of the map is cropped around.
REGIONS: dict[str, tuple[str, ...]] = {
    "north": ("castle_black", "karhold", "winterfell", "the_stony_shore", "white_harbor",
              "widows_watch", "moat_cailin", "greywater_watch", "flints_finger", "bay_of_ice",
              "the_shivering_sea"),
    "west": ("flints_finger", "greywater_watch", "pyke", "seagard", "the_twins", "riverrun",
             "lannisport", "stoney_sept", "harrenhal", "searoad_marches", "ironmans_bay",
             "the_golden_sound"),
    "east": ("the_twins", "the_fingers", "the_mountains_of_the_moon", "the_eyrie",
             "crackclaw_point", "dragonstone", "kings_landing", "blackwater", "kingswood",
             "harrenhal", "the_narrow_sea", "blackwater_bay", "shipbreaker_bay"),
    "south": ("highgarden", "the_reach", "kingswood", "storms_end", "oldtown",
              "dornish_marches", "the_arbor", "starfall", "yronwood", "sunspear",
              "redwyne_straits", "sea_of_dorne", "summer_sea"),
}
#: The size of the crop around one area (clamped to the map), about Discord's preview width.
AREA_CROP = (560, 440)
CROP_MARGIN = 24


def render_image(view: dict[str, Any], locale: str | None = None,
                 status: bool = True) -> Image.Image:
    """The map (and, with ``status``, the strip under it that a region crop shows)."""
    b = board()
    g = map_geometry()
    layers = static_layers(locale)
    labs = labels(locale)
    img = layers.base.copy()
    seats = view.get("seats") or []
    houses = [str(s.get("house", "")) for s in seats]
    for area, house in (view.get("control") or {}).items():
        if area in g.anchors and not b.is_sea.get(area, True):
            _tint(img, layers, area, house)
    battle = view.get("battle")
    if battle and battle.get("from") in g.anchors and battle.get("area") in g.anchors:
        att = house_of(houses, battle.get("attacker"))
        colour = (200, 30, 30) if house_style(att).fill[0] < 200 else (150, 20, 20)
        d = ImageDraw.Draw(img)
        target = g.anchors[battle["area"]]
        # Declared support, in the colour of the side it backs (public as soon as declared).
        sides = {"attacker": att, "defender": house_of(houses, battle.get("defender"))}
        for area, side in (battle.get("support") or {}).items():
            if area in g.anchors and side in sides:
                _support_line(d, g.anchors[area], target, house_style(sides[side] or None))
        _arrow(d, g.anchors[battle["from"]], target, colour)
    for row in place_rows(b, labs, view.get("board") or {}, houses, locale):
        draw_row(img, row)
    img.paste(layers.names, (0, 0), layers.names)
    if status:
        left, right = status_texts(view, locale)
        draw_status(img, g.map_height, left, right)
    return img


#: The parts of the map the board message shows, each in its own chat box: the map is taller
#: than wide, so one picture in a 400x300 box would shrink its names to 5 px; a half of it,
#: as wide as the map and 3:4 of that high (the strip included), is shrunk to 0.405 and its
#: names (28 px) read at 11 px. The halves overlap, so every area shows whole in one of them.
HALVES = ("north", "south")
#: The strip under a half: the half's name, the round and the wildling threat.
HALF_STATUS_PX = 28
HALF_BAND = 46


def half_box(half: str) -> tuple[int, int, int, int]:
    """The part of the map (pixels) the ``half`` image shows."""
    g = map_geometry()
    height = math.floor(g.map_width * CHAT_BOX[1] / CHAT_BOX[0]) - HALF_BAND
    top = 0 if half == "north" else g.map_height - height
    return (0, top, g.map_width, top + height)


def _with_status(crop: Image.Image, view: dict[str, Any], locale: str | None, target: str,
                 band: int, size: int, phase: bool = True) -> Image.Image:
    """``crop`` over a strip naming ``target`` and the round (with ``phase``, the phase too)
    beside the wildling threat."""
    out = Image.new("RGB", (crop.width, crop.height + band))
    out.paste(crop, (0, 0))
    left, right = status_texts(view, locale)
    if not phase:
        left = tr_render(msg("agot.img.round", round=int(view.get("round") or 0)), locale)
    draw_status(out, crop.height, f"{target_name(target, locale)} · {left}", right, size)
    return out


def draw_halves(view: dict[str, Any], locale: str | None = None) -> list[Image.Image]:
    """The North and the South of the map, each with its strip: the half's name, the round
    and the wildlings (the phase, too long for the strip's large letters, is the panel's
    and the board embed's)."""
    full = render_image(view, locale, status=False)
    return [_with_status(full.crop(half_box(half)), view, locale, half, HALF_BAND,
                         HALF_STATUS_PX, phase=False) for half in HALVES]


def draw(view: dict[str, Any], locale: str | None = None) -> Sheet:
    """The houses' image (4:3 with five houses, a row shorter for each one fewer): round,
    phase, whom the game waits for, the houses with their players, castles, power and supply,
    and the legend; on a kit ``Sheet`` whose layout tests read."""
    sheet = Sheet(*panel_size(view), PAPER)
    draw_panel(sheet, view, locale)
    return sheet


def _png(img: Image.Image) -> bytes:
    # The map has few distinct colours, so a 256-colour palette looks the same; it halves the
    # encoding time (PNG row filtering is the cost, not zlib) and makes the file 2-3x smaller.
    return png_bytes(img, palette=True)


def render(view: dict[str, Any], locale: str | None = None) -> list[bytes]:
    """The board message's three images, its words in ``locale``: the North of the map, its
    South, and the houses."""
    return [*(_png(img) for img in draw_halves(view, locale)), _png(draw(view, locale).img)]


def crop_box(target: str, locale: str | None = None) -> tuple[int, int, int, int]:
    """The part of the map (pixels) shown for a region of ``REGIONS`` or one area."""
    g = map_geometry()
    labs = labels(locale)
    if target in REGIONS:
        boxes = [labs[a].box() for a in REGIONS[target]]
        x0 = min(bx[0] for bx in boxes) - CROP_MARGIN
        y0 = min(bx[1] for bx in boxes) - CROP_MARGIN
        x1 = max(bx[2] for bx in boxes) + CROP_MARGIN
        y1 = max(bx[3] for bx in boxes) + CROP_MARGIN
    elif target in labs:
        cx, cy = g.anchors[target]
        w, h = AREA_CROP
        x0, y0 = cx - w / 2, cy - h / 2
        # Slide a crop that would leave the map back inside it, keeping its size.
        x0 = min(max(x0, 0), g.map_width - w)
        y0 = min(max(y0, 0), g.map_height - h)
        x1, y1 = x0 + w, y0 + h
    else:
        raise KeyError(target)
    return (max(0, round(x0)), max(0, round(y0)), min(g.map_width, round(x1)),
            min(g.map_height, round(y1)))


def target_name(target: str, locale: str | None) -> str:
    """A region's or an area's name in ``locale``."""
    key = f"agot.img.region.{target}" if target in REGIONS else f"agot.img.area.{target}"
    return tr_render(msg(key), locale)


def render_region(view: dict[str, Any], locale: str | None, target: str) -> bytes:
    """A zoomed crop of the map around a region (north, south, east, west) or an area, with
    the region's name, the round and the phase in the strip under it."""
    full = render_image(view, locale, status=False)
    return _png(_with_status(full.crop(crop_box(target, locale)), view, locale, target,
                             STATUS_BAND, STATUS_PX))
