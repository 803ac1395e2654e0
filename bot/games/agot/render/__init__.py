"""The board image for A Game of Thrones (1st edition), drawn from the PUBLIC view only.

There is no licensed map art, so the map is schematic: ``layout.json`` paints every area
on a coarse grid (one character per square), and each square becomes the Voronoi cell of a
randomly nudged point, which gives hand-drawn looking borders. Where two areas touch but are
not adjacent in the rules, the shared edge is drawn as a river (land) or cliffs/reefs (sea), so
the picture never suggests a border the rules do not have; an adjacency whose areas do not
touch on the grid gets a dashed link instead.

Everything static (cells, borders, names, castles, barrels, crowns, the panel's frame) is drawn
once per process; a render only tints controlled land, places the pieces and writes the panel.
"""


from __future__ import annotations

import math
from functools import lru_cache
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
from bot.games.agot.render.panel import draw_panel
from bot.games.agot.render.pieces import draw_row, place_rows
from bot.games.agot.render.status import draw_status, house_of, status_texts
from bot.games.agot.render.style import PANEL, house_style
from bot.i18n import msg
from bot.i18n import render as tr_render
from bot.render.kit import Sheet, png_bytes
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
    if status:
        left, right = status_texts(view, locale)
        draw_status(img, g.map_height, left, right)
    return img


def board_size() -> tuple[int, int]:
    """The board image's size: the map's height, 3:2 wide. Landscape for Discord's 400x300
    chat box; a little wider than the box's 4:3 because the map's height is fixed: the extra
    width gives the panel's words more room than it costs the map in size."""
    g = map_geometry()
    return math.ceil(g.map_height * 3 / 2), g.map_height


@lru_cache(maxsize=1)
def map_words() -> frozenset[str]:
    """The area names printed on the map in every language: words for the opened image (the
    map is schematic at chat size; ``/agot board region:`` zooms in), not for the chat box."""
    from bot.i18n import available_locales

    return frozenset(line for loc in available_locales() for lab in labels(loc).values()
                     for line in lab.lines)


def draw(view: dict[str, Any], locale: str | None = None) -> Sheet:
    """The board for Discord's chat box (3:2): the map at full size on the left, the panel
    (round, phase, whom the game waits for, the houses with their players, castles, power
    and supply, a legend) on the right; on a kit ``Sheet`` whose layout tests read."""
    g = map_geometry()
    width, height = board_size()
    canvas = Image.new("RGB", (width, height), PANEL)
    canvas.paste(render_image(view, locale, status=False).crop((0, 0, g.map_width, height)))
    sheet = Sheet(width, height, canvas)
    draw_panel(sheet, view, locale, g.map_width)
    return sheet


def _png(img: Image.Image) -> bytes:
    # The map has few distinct colours, so a 256-colour palette looks the same; it halves the
    # encoding time (PNG row filtering is the cost, not zlib) and makes the file 2-3x smaller.
    return png_bytes(img, palette=True)


def render(view: dict[str, Any], locale: str | None = None) -> bytes:
    """The map with the panel beside it, its words in ``locale``."""
    return _png(draw(view, locale).img)


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
    box = crop_box(target, locale)
    full = render_image(view, locale)
    crop = full.crop(box)
    out = Image.new("RGB", (crop.width, crop.height + STATUS_BAND))
    out.paste(crop, (0, 0))
    left, right = status_texts(view, locale)
    draw_status(out, crop.height, f"{target_name(target, locale)} · {left}", right)
    return _png(out)
