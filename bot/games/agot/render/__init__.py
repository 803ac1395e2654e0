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

import io
from typing import Any

from PIL import Image, ImageDraw

from bot.games.agot.render.geometry import geometry as map_geometry
from bot.games.agot.render.map import (
    _arrow,
    _draw_area,
    _support_line,
    _tint,
    static_layers,
)
from bot.games.agot.render.panel import (
    _draw_panel,
    _house_of,
)
from bot.games.agot.render.style import (
    house_style,
)
from rules.agot.board import board


def render_image(view: dict[str, Any]) -> Image.Image:
    b = board()
    g = map_geometry()
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


def render(view: dict[str, Any], locale: str | None = None) -> bytes:
    img = render_image(view)
    buf = io.BytesIO()
    # The map has few distinct colours, so a 256-colour palette looks the same; it halves the
    # encoding time (PNG row filtering is the cost, not zlib) and makes the file 2-3x smaller.
    pal = img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    pal.save(buf, "PNG", compress_level=1)
    return buf.getvalue()
