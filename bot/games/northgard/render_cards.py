"""A Northgard territory's card on the map: its name (dark when the territory is closed), the
scorched earth, its pieces (units per clan, Kaija, monsters) and buildings as chips, and
beneath them the plate of its empty slots, resources and den (``render_marks``).

One card per territory, so that everything on it reads as that territory's wherever the card
stands: marks placed on their own were read as a neighbour's wherever the ground was too small
for them (a quarter of them in sample games)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import ImageDraw

from bot.games.northgard.render_marks import (
    COUNTED,
    LABEL,
    MARKS_PAD,
    MarksRow,
    draw_marks,
    marks_row,
)
from bot.render.font import font
from bot.render.kit import INK, RGB, Box, Sheet, ink_on
from rules.northgard.data import data

Rect = tuple[float, float, float, float]

#: The card's colours: a closed territory's name (light on dark), a building's chip and its
#: letter, the scorched earth (charred, ringed in flame: not a food dot's plain orange),
#: Kaija's chip and letter, the monsters' chips by their colour.
INKS: dict[str, RGB] = {"closed": (250, 240, 200), "built": (60, 52, 44),
                        "built_ink": (250, 240, 210), "scorch": (240, 100, 20),
                        "char": (58, 40, 32), "kaija": (60, 50, 40), "kaija_ink": (255, 220, 120),
                        "beige": (214, 196, 160), "brown": (140, 96, 60),
                        "dark_brown": (90, 60, 36)}
#: A card wider than this many tiles puts its chips in a second line under the name.
WIDE = 1.4
#: The widths (in tiles) the marks' plate tries to wrap at, narrowest first (the card's head
#: is the least).
PLATE_WRAP = (1.1, 1.5, 2.0, 2.6)


@dataclass(frozen=True)
class Card:
    """A territory's card measured for text of ``size`` px (a line ``line`` px high)."""

    terr: dict[str, Any]
    size: int
    line: int
    name_w: float
    chips: tuple[Chip, ...]
    widths: tuple[float, ...]
    scorch: float
    two_rows: bool
    row: MarksRow
    w: float
    h: float


def chips(terr: dict[str, Any], marks: dict[str, str], colour: Callable[[int], RGB]
          ) -> tuple[Chip, ...]:
    """The pieces on a territory: units per clan, Kaija, monsters, buildings (a letter each)."""
    out: list[Chip] = []
    for seat, n in sorted(terr["units"].items(), key=lambda kv: int(kv[0])):
        if n:
            fill = colour(int(seat))
            out.append(Chip(fill, str(n), ink_on(fill), "units"))
    if terr["kaija"] >= 0:
        out.append(Chip(INKS["kaija"], marks["kaija"], INKS["kaija_ink"], "kaija"))
    for mid in terr["monsters"]:
        m = data().monsters.get(mid)
        if m is not None:
            fill = INKS[m.colour]
            out.append(Chip(fill, marks[m.kind], ink_on(fill), m.kind))
    for _, kind in terr["buildings"]:
        out.append(Chip(INKS["built"], marks[kind], INKS["built_ink"], kind, square=True))
    return tuple(out)


@dataclass(frozen=True)
class Chip:
    """A piece on a card: its fill and its label's ink, what kind of mark it is (for the
    legend), square for a building (round for a piece)."""

    fill: RGB
    label: str
    ink: RGB
    kind: str
    square: bool = False


def measure(sheet: Sheet, terr: dict[str, Any], marks: dict[str, str], size: int, tile: float,
            colour: Callable[[int], RGB], counted: int = COUNTED, plate: bool = True,
            wraps: tuple[float, ...] = PLATE_WRAP) -> Card:
    """The card of ``terr`` on a map of tiles ``tile`` px wide: ``counted`` or more marks of
    a kind drawn as one with its count, the plate wrapped at the first of ``wraps`` (in
    tiles) that keeps the card no taller than wide; without its marks' ``plate`` when the
    map has no room for it (the text under the board lists every territory's marks)."""
    line = round(size * 1.3)
    name_w = sheet.measure(str(terr["name"]), size, True) + 10
    pieces = chips(terr, marks, colour)
    widths = tuple(max(line, sheet.measure(c.label, size, True) + 12) for c in pieces)
    scorch = line * 0.7 if terr["scorch"] else 0.0
    head_w = name_w + (scorch + 4 if scorch else 0)
    chips_w = sum(w + 4 for w in widths) - 4 if pieces else 0
    two_rows = bool(pieces) and head_w + 4 + chips_w > WIDE * tile
    w = max(head_w, chips_w) if two_rows else head_w + (4 + chips_w if pieces else 0)
    h: float = (2 * line + 4) if two_rows else line
    row = marks_row(terr, size, sheet.measure, counted if plate else 0)
    if row.items:
        # The narrowest wrap that keeps the card no taller than wide: a tall card finds no
        # room on a crowded map.
        for k in wraps:
            wrapped = row.wrapped(max(w, tile * k) - 2 * MARKS_PAD)
            if h + wrapped.h <= max(w, wrapped.w + 2 * MARKS_PAD):
                break
        row = wrapped
        w = max(w, row.w + 2 * MARKS_PAD)
        h += row.h + 2 * MARKS_PAD
    return Card(terr, size, line, name_w, pieces, widths, scorch, two_rows, row, w, h)


def draw_card(sheet: Sheet, card: Card, at: Rect, shown: set[str]) -> None:
    """The card into the box ``at`` (placed for ``card.w`` x ``card.h``); the kinds of mark
    drawn join ``shown`` (for the legend)."""
    d = sheet.draw
    size, line = card.size, card.line
    x0, y0 = at[0], at[1]
    sheet.frame(x0, y0, x0 + card.w, y0 + card.h, label=f"card:{card.terr['name']}")
    row = card.row
    if row.items:
        plate = (x0, y0 + card.h - row.h - 2 * MARKS_PAD, x0 + row.w + 2 * MARKS_PAD,
                 y0 + card.h)
        draw_marks(sheet, row, plate, shown)
    name = str(card.terr["name"])
    box = (x0, y0, x0 + card.name_w, y0 + line)
    closed = bool(card.terr["closed"])
    d.rectangle(box, fill=INK if closed else LABEL, outline=INKS["closed"] if closed else INK,
                width=2 if closed else 1)
    d.text((x0 + card.name_w / 2, y0 + line / 2), name, fill=INKS["closed"] if closed else INK,
           font=font(size, True), anchor="mm")
    if closed:
        shown.add("closed")
    sheet.layout.add(Box(*box, "text", name, size))
    cx = x0 + card.name_w + 4
    if card.scorch:
        r = (cx, y0 + line * 0.15, cx + card.scorch, y0 + line * 0.85)
        scorched(d, r)
        sheet.symbol(*r, "scorch")
        shown.add("scorch")
        cx += card.scorch + 4
    if card.two_rows:
        cx, y0 = x0, y0 + line + 4
    for chip, w in zip(card.chips, card.widths, strict=True):
        r = (cx, y0, cx + w, y0 + line)
        if chip.square:
            d.rectangle(r, fill=chip.fill, outline=INK)
        else:
            d.rounded_rectangle(r, radius=line / 2, fill=chip.fill, outline=INK, width=2)
        d.text((cx + w / 2, y0 + line / 2), chip.label, fill=chip.ink, font=font(size, True),
               anchor="mm")
        sheet.layout.add(Box(*r, "text", chip.label, size))
        shown.add(chip.kind)
        cx += w + 4


def scorched(d: ImageDraw.ImageDraw, r: Rect) -> None:
    """The scorched earth: a charred disc ringed in flame."""
    d.ellipse(r, fill=INKS["char"], outline=INKS["scorch"],
              width=max(2, round((r[2] - r[0]) / 6)))
