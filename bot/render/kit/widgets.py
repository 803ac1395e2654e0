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
#: A seat whose colour the board does not know.
GREY: RGB = (128, 128, 128)
#: The ground of the row of a player the game waits for (``player_chip``'s ``active``).
HIGHLIGHT: RGB = (255, 226, 120)
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
               accent: RGB = (232, 190, 60), pad: float = 0, max_lines: int = 1) -> float:
    """A band with ``left`` (what is going on) and ``right`` (whom it waits for, in
    ``accent``); the right text keeps up to half the width, the left text fits the rest —
    with ``max_lines`` > 1 it wraps instead, and the band grows below ``box`` to hold it.
    Returns the band's bottom."""
    x0, y0, x1, y1 = box
    size = size or s.px(1.15)
    pad = pad or size * 0.5
    room = x1 - x0 - 2 * pad
    right_w = 0.0
    shown_right, right_px = right, size
    if right:
        shown_right, right_px = s.fit(right, room / 2, size, bold=True)
        right_w = s.measure(shown_right, right_px, True) + size
    rows = s.lines(left, room - right_w, size, bold=True) if max_lines > 1 else [left]
    if len(rows) > 1:
        rows = rows[:max_lines]
        y1 = max(y1, y0 + pad + math.ceil(size * 1.2) * len(rows))
    s.draw.rectangle((x0, y0, x1, y1), fill=fill)
    if right:
        s.text((x1 - pad, (y0 + y1) / 2), shown_right, right_px, accent, bold=True,
               anchor="rm")
    if len(rows) == 1:
        s.fitted((x0 + pad, (y0 + y1) / 2), left, room - right_w, size, ink, bold=True,
                 anchor="lm")
    else:
        s.wrapped(x0 + pad, y0 + pad / 2, left, room - right_w, size, ink, bold=True,
                  max_lines=max_lines)
    return y1


def swatch(s: Sheet, box: tuple[float, float, float, float], colour: RGB,
           label: str = "") -> None:
    """A player's colour square, outlined so that white and yellow show on any ground."""
    s.draw.rectangle(box, fill=colour, outline=INK, width=max(1, round((box[3] - box[1]) / 12)))
    s.symbol(*box, label=label)


def player_chip(s: Sheet, x: float, y: float, room: float, colour: RGB, name: str,
                score: str = "", size: int | None = None, active: bool = False,
                highlight: RGB = HIGHLIGHT, bold_name: bool = True,
                leading: float = 1.5, short: str = "") -> Box:
    """A row naming one player: their colour, their name (fitted), their score at the right;
    ``active`` (whose turn it is) puts the row on ``highlight``; the row is ``leading`` font
    sizes high. ``short`` (the name without its colour, "Alice" for "Alice (Red)") is shown
    instead when ``name`` would be cut: the swatch beside it still says the colour. Returns
    the row's box."""
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
    name_room = right - (x + 8 + sq + size / 3)
    shown = short if short and s.fit(name, name_room, size, bold_name)[0] != name else name
    s.fitted((x + 8 + sq + size / 3, y + h / 2), shown, name_room, size, INK, bold=bold_name,
             anchor="lm")
    return s.frame(x, y, x + room, y + h, name)


@dataclass(frozen=True)
class LegendItem:
    """One entry of a legend: a symbol and what it means."""

    draw: SymbolDraw
    label: str


def colour_item(colour: RGB, label: str) -> LegendItem:
    """A legend entry for a colour (a player, a terrain)."""
    return LegendItem(lambda s, box: swatch(s, box, colour), label)


def _legend_places(s: Sheet, x: float, right: float, items: Sequence[LegendItem], size: int,
                   title: str, columns: int, spacing: float
                   ) -> tuple[float, list[tuple[int, float, str, int]]]:
    """Where each legend item goes: (row, x, label as shown, its size); the title's end."""
    gap = size * spacing
    x0 = x + (s.measure(title, size, True) + gap if title else 0)
    col_w = (right - x0) / columns if columns else 0.0
    places: list[tuple[int, float, str, int]] = []
    row, cx = 0, x0
    for i, item in enumerate(items):
        label_room = (col_w - size * 1.4 - gap) if columns else right - x0 - size * 1.4
        label, px = s.fit(item.label, label_room, size)
        w = size * 1.4 + s.measure(label, px)
        if columns:
            row, cx = i // columns, x0 + (i % columns) * col_w
        elif cx > x0 and cx + w > right:
            row, cx = row + 1, x0
        places.append((row, cx, label, px))
        cx += w + gap
    return x0, places


def legend_rows(s: Sheet, x: float, right: float, items: Sequence[LegendItem],
                size: int | None = None, title: str = "", columns: int = 0,
                spacing: float = 0.9) -> int:
    """How many rows ``legend`` will take (to reserve its room before drawing it)."""
    _, places = _legend_places(s, x, right, items, size or s.px(), title, columns, spacing)
    return (places[-1][0] + 1) if places else 0


def legend_row_height(size: int, leading: float = 1.45) -> int:
    """One legend row's height for ``size`` (``legend``'s ``leading``)."""
    return math.ceil(size * leading)


def legend(s: Sheet, x: float, y: float, right: float, items: Sequence[LegendItem],
           size: int | None = None, title: str = "", ink: RGB = INK,
           columns: int = 0, leading: float = 1.45, spacing: float = 0.9) -> float:
    """The items left to right, wrapping at ``right`` (or in ``columns`` equal columns);
    returns the y below the legend (``legend_rows`` × ``legend_row_height`` below ``y``).
    ``leading`` (row height) and ``spacing`` (between items) are in font sizes: a board
    short of room packs its legend tighter."""
    size = size or s.px()
    h = legend_row_height(size, leading)
    if title:
        s.text((x, y + h / 2), title, size, ink, bold=True, anchor="lm")
    _, places = _legend_places(s, x, right, items, size, title, columns, spacing)
    for item, (row, cx, label, px) in zip(items, places, strict=True):
        top = y + row * h + (h - size) / 2
        item.draw(s, (cx, top, cx + size, top + size))
        s.text((cx + size * 1.4, y + row * h + h / 2), label, px, ink, anchor="lm")
    return y + ((places[-1][0] + 1) * h if places else 0)


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

