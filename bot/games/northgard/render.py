"""The Northgard board, from the PUBLIC view only, as two images, each in its own chat box
(Discord shows an embed's image in about 400×300 px; ``bot.render.kit``), the way A Game of
Thrones sends its map and its houses' panel:

- the map (``render_map``), alone on a 4:3 image so that its tiles take the whole box: a
  map its box keeps short or narrow leaves a strip under or beside it, where the legend
  starts (on the panel's ground);
- the panel (``render_panel``): the year and phase, whom the game waits for and for what,
  every clan by name in its colour with its resources and strongholds, the tile being
  placed, the winner and the standings at the end, and the rest of the legend.

The rest of the table (hands, decks, the rows) is the board message's text (``board_text``)."""

from __future__ import annotations

from typing import Any

from bot.games.northgard.render_legend import EVERY_MARK, draw_legend, legend_items, marks, text
from bot.games.northgard.render_map import MapGeometry, draw_map
from bot.games.northgard.render_panel import HEIGHT as PANEL_HEIGHT
from bot.games.northgard.render_panel import LEADING, draw_panel, seat_name, strongholds
from bot.games.northgard.render_panel import WIDTH as PANEL_WIDTH
from bot.render.kit import RGB, Sheet, panel

#: The map's image: 4:3, the shape of the chat box.
WIDTH, HEIGHT = 1200, 900
#: Colours of the PNGs: a flat drawing needs few, and quantizing to fewer is faster.
PALETTE = 64
SEA_BAND: RGB = (50, 68, 86)
#: A strip beside or under the map worth giving the legend (in legend rows of text).
STRIP_ROWS = 3
PAD = 14

Rect = tuple[float, float, float, float]


def map_geometry(sheet: Sheet, view: dict[str, Any], locale: str = "en") -> MapGeometry:
    """Where the map goes: as large as the image lets its tiles be (the rulers' text at the
    legible floor). What the map leaves free beside it (a tall map) or under it (a wide one)
    goes to the legend when every entry of the legend fits in it uncut (``legend_strip``)."""
    size = sheet.min_px
    ruler_w = sheet.measure("17", size) + 14
    ruler_h = round(size * 1.3)
    probe = MapGeometry(view, (0, 0, WIDTH, HEIGHT), ruler_w, ruler_h)
    right, bottom = WIDTH, HEIGHT
    row = size * (LEADING + 0.1)
    widest = max(sheet.measure(item.label, size) for item in
                 legend_items(view, locale, EVERY_MARK))
    if WIDTH - ruler_w - probe.map_w >= widest + size * 1.4 + 2 * PAD + 8:
        right = int(ruler_w + probe.map_w + 8)
    elif HEIGHT - ruler_h - probe.map_h >= STRIP_ROWS * row + 2 * PAD:
        bottom = int(ruler_h + probe.map_h + 8)
    return MapGeometry(view, (0, 0, right, bottom), ruler_w, ruler_h)


def legend_strip(g: MapGeometry) -> Rect | None:
    """The room the map leaves free on its image, or None."""
    if g.box[2] < WIDTH:
        return (g.box[2], 0, WIDTH, HEIGHT)
    if g.box[3] < HEIGHT:
        return (0, g.box[3], WIDTH, HEIGHT)
    return None


def sheets(view: dict[str, Any], locale: str = "en") -> tuple[Sheet, Sheet]:
    """The map's image and the panel's, drawn (tests read their layouts)."""
    m = Sheet(WIDTH, HEIGHT, SEA_BAND)
    g = map_geometry(m, view, locale)
    shown = draw_map(m, g, marks(locale), m.min_px)
    areas: list[tuple[Sheet, Rect]] = []
    strip = legend_strip(g)
    if strip is not None:
        # The legend starts beside (or under) the map, on the panel's ground.
        m.draw.rectangle(strip, fill=panel.PANEL)
        m.frame(*strip, label="legend beside the map")
        x0, y0, x1, y1 = strip
        areas.append((m, (x0 + PAD, y0 + PAD / 2, x1 - PAD, y1 - PAD / 2)))
    p = Sheet(PANEL_WIDTH, PANEL_HEIGHT, panel.PANEL)
    top = draw_panel(p, view, locale)
    areas.append((p, (PAD, top, PANEL_WIDTH - PAD, PANEL_HEIGHT - PAD / 2)))
    draw_legend(view, locale, areas, shown, LEADING)
    return m, _cropped(p)


def _cropped(sheet: Sheet) -> Sheet:
    """The panel cut below what it holds: wider than 4:3, it shows as wide as its chat box and
    shorter (its words keep their size), with no empty ground under them."""
    bottom = max((b.y1 for b in sheet.layout.labels()), default=sheet.height) + PAD
    height = min(sheet.height, max(int(bottom), sheet.width // 3))
    if height >= sheet.height:
        return sheet
    out = Sheet(sheet.width, height, sheet.img.crop((0, 0, sheet.width, height)))
    out.min_px = sheet.min_px  # as wide as before: Discord shrinks it just as much
    out.layout = sheet.layout
    return out


def render(view: dict[str, Any], locale: str | None = "en") -> list[bytes]:
    """The board message's two images, its words in ``locale``: the map, then the panel."""
    return [s.png(palette=True, colors=PALETTE) for s in sheets(view, locale or "en")]


__all__ = ["HEIGHT", "WIDTH", "legend_strip", "map_geometry", "render", "seat_name", "sheets",
           "strongholds", "text"]
