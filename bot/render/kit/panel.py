"""The panel a board puts beside its map: a title band, whom the game waits for and for what,
the final standings, and a legend that keeps to the room left. Every board with a side panel
draws it with these, so the panels read alike."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.render.kit.sheet import INK, RGB, Sheet
from bot.render.kit.widgets import (
    LegendItem,
    legend,
    legend_row_height,
    legend_rows,
    player_chip,
    status_bar,
)

#: A side panel's ground, its quiet text, a winner's line, its title band and the band's text.
PANEL: RGB = (246, 240, 226)
DIM: RGB = (90, 84, 74)
GOLD: RGB = (150, 100, 0)
BAND: RGB = (40, 38, 44)
BAND_INK: RGB = (240, 236, 226)


def side_panel(s: Sheet, box: tuple[float, float, float, float], title: str,
               fill: RGB = PANEL, band: RGB = BAND, pad: float = 14, max_lines: int = 3,
               leading: float = 1.2) -> float:
    """The panel's ground over ``box`` (a frame labels sit in) and its title band on top,
    ``title`` wrapped on up to ``max_lines`` lines; returns the y below the band."""
    x0, y0, x1, _ = box
    size = s.min_px
    s.draw.rectangle(box, fill=fill)
    s.frame(*box, label="panel")
    bar = y0 + round(size * leading + size * 0.5)
    return status_bar(s, (x0, y0, x1, bar), title, size=size, fill=band, ink=BAND_INK,
                      pad=pad, max_lines=max_lines)


def awaited(s: Sheet, x: float, y: float, room: float, named: str, counted: str = "",
            what: str = "", leading: float = 1.2) -> float:
    """Whom the game waits for: ``named`` (their names) in bold, or ``counted`` ("waiting for
    3 players") when the names take more than two lines (the players' rows below show who
    by their highlight); ``what`` they are asked for below it. Returns the y below."""
    size = s.min_px
    line = named
    if counted and len(s.lines(named, room, size, bold=True)) > 2:
        line = counted
    y = s.wrapped(x, y, line, room, size, INK, bold=True, max_lines=2, leading=leading)
    if what:
        y = s.wrapped(x, y, what, room, size, DIM, max_lines=2, leading=leading)
    return y + 4


@dataclass(frozen=True)
class Standing:
    """One row of the final standings: a place ("1."), the player's colour, name ("Alice
    (Red)", and ``short`` "Alice" for when that is too long) and final score."""

    place: int
    colour: RGB
    name: str
    score: str
    winner: bool = False
    short: str = ""


def standings(s: Sheet, x: float, y: float, room: float, winner_line: str,
              rows: Sequence[Standing], head: str = "", note: str = "",
              leading: float = 1.2) -> float:
    """The result as the game posts it: ``winner_line`` (gold), a ``note`` (why it ended),
    ``head`` (what the score is) at the right, then a row per player, the winners
    highlighted. Returns the y below."""
    size = s.min_px
    y = s.wrapped(x, y, winner_line, room, size, GOLD, bold=True, max_lines=3, leading=leading)
    if note:
        y = s.wrapped(x, y, note, room, size, DIM, max_lines=3, leading=leading)
    if head:
        y = s.wrapped(x, y, head, room, size, DIM, max_lines=1, leading=leading)
    for r in rows:
        prefix = f"{r.place}. " if r.place else ""
        chip = player_chip(s, x, y, room, r.colour, prefix + r.name, r.score, size=size,
                           active=r.winner, leading=1.3,
                           short=prefix + r.short if r.short else "")
        y = chip.y1 + 1
    return y


def legend_within(s: Sheet, x: float, y: float, right: float, bottom: float,
                  items: Sequence[LegendItem], leading: float = 1.28,
                  spacing: float = 0.5) -> tuple[float, int]:
    """As many of ``items`` (the most needed first) as fit above ``bottom``; returns the y
    below them and how many were drawn."""
    size = s.min_px
    row = legend_row_height(size, leading)
    shown = list(items)
    while shown and y + legend_rows(s, x, right, shown, size, spacing=spacing) * row > bottom:
        shown.pop()
    return legend(s, x, y, right, shown, size=size, leading=leading, spacing=spacing), \
        len(shown)


def notes_within(s: Sheet, x: float, y: float, right: float, bottom: float,
                 notes: Sequence[str], leading: float = 1.2) -> tuple[float, int]:
    """The ``notes`` (lines of prose under a legend), each whole, as far as ``bottom``
    leaves room; returns the y below them and how many were drawn."""
    size = s.min_px
    for n, note in enumerate(notes):
        if y + len(s.lines(note, right - x, size)) * size * leading > bottom:
            return y, n
        y = s.wrapped(x, y, note, right - x, size, INK, leading=leading)
    return y, len(notes)
