"""The pieces every board is made of: a status bar, a player chip (colour, name, score), a
legend of symbols, a score track and a grid of panels. Each draws on a ``Sheet`` and records
its labels, so a test can check them."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.render.kit.layout import Box
from bot.render.kit.sheet import INK, RGB, Sheet

WHITE: RGB = (255, 255, 255)
#: Draws a legend's symbol inside the square ``(x0, y0, x1, y1)``.
SymbolDraw = Callable[[Sheet, tuple[float, float, float, float]], None]


def ink_on(colour: RGB) -> RGB:
    """Black or white, whichever reads on ``colour``."""
    r, g, b = colour
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else WHITE


def tint(colour: RGB, amount: float = 0.75) -> RGB:
    """``colour`` mixed ``amount`` of the way to white."""
    return tuple(int(c + (255 - c) * amount) for c in colour)  # type: ignore[return-value]


def status_bar(s: Sheet, box: tuple[float, float, float, float], left: str, right: str = "",
               size: int | None = None, fill: RGB = (40, 38, 44), ink: RGB = (240, 236, 226),
               accent: RGB = (232, 190, 60), pad: float = 0) -> None:
    """A band with ``left`` (what is going on) and ``right`` (whom it waits for, in
    ``accent``); the right text keeps up to half the width, the left text fits the rest."""
    x0, y0, x1, y1 = box
    size = size or s.px(1.15)
    pad = pad or size * 0.5
    s.draw.rectangle(box, fill=fill)
    mid = (y0 + y1) / 2
    room = x1 - x0 - 2 * pad
    used = 0.0
    if right:
        shown, px = s.fit(right, room / 2, size, bold=True)
        b = s.text((x1 - pad, mid), shown, px, accent, bold=True, anchor="rm")
        used = b.width + size
    s.fitted((x0 + pad, mid), left, room - used, size, ink, bold=True, anchor="lm")


def swatch(s: Sheet, box: tuple[float, float, float, float], colour: RGB,
           label: str = "") -> None:
    """A player's colour square, outlined so that white and yellow show on any ground."""
    s.draw.rectangle(box, fill=colour, outline=INK, width=max(1, round((box[3] - box[1]) / 12)))
    s.symbol(*box, label=label)


def player_chip(s: Sheet, x: float, y: float, room: float, colour: RGB, name: str,
                score: str = "", size: int | None = None, active: bool = False,
                highlight: RGB = (255, 226, 120), bold_name: bool = True,
                leading: float = 1.5) -> Box:
    """A row naming one player: their colour, their name (fitted), their score at the right;
    ``active`` (whose turn it is) puts the row on ``highlight``; the row is ``leading`` font
    sizes high. Returns the row's box."""
    size = size or s.px()
    h = math.ceil(size * leading)
    if active:
        s.draw.rounded_rectangle((x, y, x + room, y + h), radius=h / 4, fill=highlight)
    sq = size
    top = y + (h - sq) / 2
    swatch(s, (x + 4, top, x + 4 + sq, top + sq), colour)
    right = x + room - 4
    if score:
        b = s.text((right, y + h / 2), score, size, INK, bold=True, anchor="rm")
        right = b.x0 - size / 2
    s.fitted((x + 8 + sq + size / 3, y + h / 2), name, right - (x + 8 + sq + size / 3), size,
             INK, bold=bold_name, anchor="lm")
    return s.frame(x, y, x + room, y + h, name)


@dataclass(frozen=True)
class LegendItem:
    """One entry of a legend: a symbol and what it means."""

    draw: SymbolDraw
    label: str


def colour_item(colour: RGB, label: str) -> LegendItem:
    """A legend entry for a colour (a player, a terrain)."""
    return LegendItem(lambda s, box: swatch(s, box, colour), label)


def legend(s: Sheet, x: float, y: float, right: float, items: Sequence[LegendItem],
           size: int | None = None, title: str = "", ink: RGB = INK,
           columns: int = 0, leading: float = 1.45, spacing: float = 0.9) -> float:
    """The items left to right, wrapping at ``right`` (or in ``columns`` equal columns);
    returns the y below the legend. ``leading`` (row height) and ``spacing`` (between items)
    are in font sizes: a board short of room packs its legend tighter."""
    size = size or s.px()
    h = math.ceil(size * leading)
    gap = size * spacing
    x0 = x
    if title:
        b = s.text((x, y + h / 2), title, size, ink, bold=True, anchor="lm")
        x0 = x = b.x1 + gap
    col_w = (right - x0) / columns if columns else 0.0
    for i, item in enumerate(items):
        sq = size
        label_room = (col_w - sq - size * 0.4 - gap) if columns else right - x0 - sq
        label, px = s.fit(item.label, label_room, size)
        w = sq + size * 0.4 + s.measure(label, px)
        if columns:
            if i and i % columns == 0:
                y += h
            x = x0 + (i % columns) * col_w
        elif x > x0 and x + w > right:
            x, y = x0, y + h
        top = y + (h - sq) / 2
        item.draw(s, (x, top, x + sq, top + sq))
        s.text((x + sq + size * 0.4, y + h / 2), label, px, ink, anchor="lm")
        x += w + gap
    return y + h


def score_track(s: Sheet, x: float, y: float, steps: int, value: int, colour: RGB,
                cell: float | None = None, size: int | None = None,
                first: int = 0) -> float:
    """Boxes ``first``…``first + steps - 1`` in a row, those up to ``value`` filled in
    ``colour`` and the current one framed bold; returns the x after the track."""
    size = size or s.px()
    cell = cell or size * 1.5
    for i in range(steps):
        n = first + i
        bx = (x + i * (cell + 2), y, x + i * (cell + 2) + cell, y + cell)
        filled = n <= value
        s.draw.rectangle(bx, fill=colour if filled else (250, 248, 240), outline=INK,
                         width=3 if n == value else 1)
        s.text(((bx[0] + bx[2]) / 2, (bx[1] + bx[3]) / 2), str(n), size,
               ink_on(colour) if filled else (120, 114, 104), bold=n == value, anchor="mm")
    return x + steps * (cell + 2)


def panel_grid(box: tuple[float, float, float, float], n: int, columns: int,
               gap: float = 8) -> list[tuple[float, float, float, float]]:
    """``n`` equal panels filling ``box`` in rows of ``columns``."""
    x0, y0, x1, y1 = box
    columns = max(1, min(columns, n))
    rows = max(1, math.ceil(n / columns))
    w = (x1 - x0 - gap * (columns - 1)) / columns
    h = (y1 - y0 - gap * (rows - 1)) / rows
    return [(x0 + (i % columns) * (w + gap), y0 + (i // columns) * (h + gap),
             x0 + (i % columns) * (w + gap) + w, y0 + (i // columns) * (h + gap) + h)
            for i in range(n)]

