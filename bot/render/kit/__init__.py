"""The board kit: what every game's board image is drawn with.

Design for the chat box. Discord shows an embed's image inside about 400×300 px
(``CHAT_BOX``); a board is landscape (about 4:3 or wider) and every word on it must still be
at least ``CHAT_MIN_PX`` (11 px) high once shrunk into that box. ``Sheet(width, height, bg)``
computes that floor for its size (``sheet.min_px``: 22 px on an 800×600 image) and its text
helpers never go below it; use ``sheet.px(1.3)`` for a size 1.3 times the floor.

A renderer::

    from bot.render.kit import Sheet, legend, colour_item, player_chip, status_bar

    def draw(view, locale) -> Sheet:            # tests read sheet.layout
        s = Sheet(800, 600, (246, 240, 226))
        status_bar(s, (0, 0, 800, 44), phase_text, waiting_text)
        player_chip(s, 10, 60, 300, RED, player_label(view, 0, "Red", locale), "7 VP",
                    active=True)
        legend(s, 10, 540, 790, [colour_item(RED, "Red")])
        return s

    def render(view, locale=None) -> bytes:     # the front's ``renderer``
        return draw(view, locale).png()

Primitives (all record what they place in ``sheet.layout``):
- ``sheet.text`` / ``fitted`` (shrunk to the floor, then cut with "…") / ``wrapped``;
  ``sheet.symbol(box)`` records a token or piece that labels must not cover, ``sheet.frame``
  a container labels may sit in.
- ``status_bar`` (what is going on | whom it waits for), ``player_chip`` (colour, name,
  score; ``active`` highlights whose turn it is), ``legend`` of ``LegendItem`` (a symbol
  drawer and its meaning; ``colour_item`` for a colour; ``legend_rows`` reserves its
  room), ``score_track`` (numbered boxes filled up to a value), ``panel_grid`` (equal
  panels in a box), ``ink_on``/``tint``.
- A panel beside a map (``kit.panel``): ``side_panel`` (ground and title band), ``awaited``
  (whom the game waits for, and for what), ``standings`` (the winner and each place's final
  score, as the result posts them), ``notes_within``; its colours ``PANEL``, ``DIM``,
  ``GOLD``, ``BAND``, ``BAND_INK``.
- Names: the service puts the players' display names into the view it hands renderers
  (``with_names``); ``player_label(view, seat, seat_label, locale)`` gives "Alice (Red)",
  or just "Red" for a view without names.
- Tests: ``problems(sheet)`` lists labels drawn over one another or off the image and
  text below the floor.
"""

from __future__ import annotations

from bot.render.kit.layout import Box, Layout
from bot.render.kit.panel import (
    BAND,
    BAND_INK,
    DIM,
    GOLD,
    PANEL,
    Standing,
    awaited,
    legend_within,
    notes_within,
    side_panel,
    standings,
)
from bot.render.kit.sheet import (
    CHAT_BOX,
    CHAT_MIN_PX,
    INK,
    RGB,
    Sheet,
    chat_scale,
    min_px,
    png_bytes,
    quantized,
)
from bot.render.kit.widgets import (
    GREY,
    HIGHLIGHT,
    WHITE,
    LegendItem,
    colour_item,
    ink_on,
    legend,
    legend_row_height,
    legend_rows,
    panel_grid,
    player_chip,
    score_track,
    status_bar,
    swatch,
    tint,
)
from bot.render.names import NAMES_KEY, display_name, player_label, with_names

__all__ = [
    "BAND",
    "BAND_INK",
    "CHAT_BOX",
    "CHAT_MIN_PX",
    "DIM",
    "GOLD",
    "GREY",
    "HIGHLIGHT",
    "INK",
    "NAMES_KEY",
    "PANEL",
    "RGB",
    "WHITE",
    "Box",
    "Layout",
    "LegendItem",
    "Sheet",
    "Standing",
    "awaited",
    "chat_scale",
    "colour_item",
    "display_name",
    "ink_on",
    "legend",
    "legend_row_height",
    "legend_rows",
    "legend_within",
    "min_px",
    "notes_within",
    "panel_grid",
    "player_chip",
    "player_label",
    "png_bytes",
    "problems",
    "quantized",
    "score_track",
    "side_panel",
    "standings",
    "status_bar",
    "swatch",
    "tint",
    "with_names"
]


def problems(sheet: Sheet) -> list[str]:
    """What a render test fails on: labels drawn over one another or off the image, text
    under the floor."""
    found = [f"{a.label!r} {a.kind} overlaps {b.label!r} {b.kind} at "
             f"({b.x0:.0f},{b.y0:.0f})" for a, b in sheet.layout.overlaps()]
    found += [f"{b.label!r} is {b.size} px, under {sheet.min_px} px"
              for b in sheet.layout.boxes if b.kind == "text" and b.size < sheet.min_px]
    edge = Box(0, 0, sheet.width, sheet.height)
    found += [f"{b.label!r} {b.kind} leaves the image at ({b.x0:.0f},{b.y0:.0f})"
              for b in sheet.layout.labels() if not b.inside(edge, slack=1)]
    return found
