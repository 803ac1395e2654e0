"""The marks row of a Northgard territory's card: its empty building slots (a large slot drawn
larger, a sacred one with a dot), its resources and its den, on a plate that hangs under the
territory's name.

The marks used to be placed on the map one by one, each on its territory where there was
room: in sample games a quarter of them found none and stood beside it, where a reader took
them for a neighbour's. On the card they are the named territory's wherever it stands."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from bot.render.kit import INK, RGB, Sheet

Rect = tuple[float, float, float, float]

LABEL: RGB = (250, 246, 232)
SLOT: RGB = (110, 96, 70)
RES: dict[str, RGB] = {"food": (220, 100, 40), "wood": (40, 120, 48), "lore": (50, 100, 200)}
DEN: RGB = (96, 56, 28)
#: The plate under a territory's name that carries its marks.
PLATE: RGB = (214, 204, 176)
#: The plate's margin around its marks, and the room between two marks.
MARKS_PAD = 3
GAP = 4


#: From this many marks of one kind on, a card draws one mark and the count ("×6").
COUNTED = 4


@dataclass(frozen=True)
class MarksRow:
    """What the row shows in lines: a mark (``slot:<kind>``, a resource, ``den``) with how
    many of it the mark stands for (one drawn, with its count, from ``COUNTED`` on); its
    mark size ``q`` (a small slot's side) and text size ``size``."""

    lines: tuple[tuple[tuple[str, int], ...], ...]
    q: float
    size: int
    measure: Callable[[str, int, bool], float]

    @property
    def items(self) -> tuple[tuple[str, int], ...]:
        return tuple(i for line in self.lines for i in line)

    def mark_w(self, item: str) -> float:
        if item.startswith("slot:"):
            return self.q * (1.34 if item == "slot:large" else 1.0)
        return self.q * 1.1 if item == "den" else self.q

    def count(self, n: int) -> str:
        return f"×{n}"

    def width(self, token: tuple[str, int]) -> float:
        item, n = token
        if n == 1:
            return self.mark_w(item)
        return self.mark_w(item) + 2 + self.measure(self.count(n), self.size, True)

    def token_h(self, token: tuple[str, int]) -> float:
        return self.mark_w(token[0]) if token[1] == 1 else max(self.mark_w(token[0]),
                                                               self.size * 1.1)

    def line_w(self, line: tuple[tuple[str, int], ...]) -> float:
        return sum(self.width(i) for i in line) + GAP * max(0, len(line) - 1)

    def line_h(self, line: tuple[tuple[str, int], ...]) -> float:
        return max((self.token_h(i) for i in line), default=0.0)

    @property
    def w(self) -> float:
        return max((self.line_w(line) for line in self.lines), default=0.0)

    @property
    def h(self) -> float:
        return sum(self.line_h(line) for line in self.lines) + GAP * max(0, len(self.lines) - 1)

    def wrapped(self, max_w: float) -> MarksRow:
        """The same marks in lines no wider than ``max_w`` (a mark wider alone has a line)."""
        lines: list[list[tuple[str, int]]] = [[]]
        for token in self.items:
            if lines[-1] and self.line_w((*lines[-1], token)) > max_w:
                lines.append([])
            lines[-1].append(token)
        return replace(self, lines=tuple(tuple(line) for line in lines if line))


def marks_row(terr: dict[str, Any], size: int, measure: Callable[[str, int, bool], float],
              counted: int = COUNTED) -> MarksRow:
    """The row of ``terr``'s card for text of ``size`` px: its empty slots as printed, its
    resources, its den; ``counted`` or more of a kind as one mark with its count (none at
    all for 0)."""
    built = {key for key, _ in terr["buildings"]}
    items = [f"slot:{kind}" for key, kind in terr["slots"] if key not in built]
    items += [*terr["res"], *(("den",) if terr["den"] else ())]
    tokens: list[tuple[str, int]] = []
    for item in dict.fromkeys(items if counted else ()):
        n = items.count(item)
        tokens += [(item, n)] if n >= counted else [(item, 1)] * n
    return MarksRow((tuple(tokens),) if tokens else (), round(size * 0.62), size, measure)


def draw_marks(sheet: Sheet, row: MarksRow, plate: Rect, shown: set[str]) -> None:
    """The plate and the row's marks on it, each line's marks centred on its middle."""
    d = sheet.draw
    d.rectangle(plate, fill=PLATE, outline=INK, width=1)
    # The plate holds its marks (each recorded as a symbol, a count as text).
    sheet.frame(*plate, label="marks")
    top = plate[1] + MARKS_PAD
    for line in row.lines:
        mid = top + row.line_h(line) / 2
        x = plate[0] + MARKS_PAD
        for item, n in line:
            w = row.mark_w(item)
            r = (x, mid - w / 2, x + w, mid + w / 2)
            _mark(d, item, r, shown)
            sheet.symbol(*r, label=item)
            if n > 1:
                shown.add("counted")
                sheet.text((x + w + 2, mid), row.count(n), row.size, INK, bold=True,
                           anchor="lm")
            x += row.width((item, n)) + GAP
        top += row.line_h(line) + GAP


def _mark(d: Any, item: str, r: Rect, shown: set[str]) -> None:
    if item.startswith("slot:"):
        d.rectangle(r, fill=LABEL, outline=SLOT, width=2)
        shown.add("slot")
        if item == "slot:sacred":
            w = r[2] - r[0]
            dot = w / 5
            mx, my = (r[0] + r[2]) / 2, (r[1] + r[3]) / 2
            d.ellipse((mx - dot, my - dot, mx + dot, my + dot), fill=SLOT)
            shown.add("slot_sacred")
    elif item == "den":
        paw(d, r)
        shown.add("den")
    else:
        d.ellipse(r, fill=RES[item], outline=INK, width=2)
        shown.add(item)


def paw(d: Any, r: Rect) -> None:
    """A den: a paw of four toes and a pad."""
    k = (r[2] - r[0]) / 7
    px, py = (r[0] + r[2]) / 2, r[1] + 3.5 * k
    d.ellipse((px - 2 * k, py, px + 2 * k, py + 3 * k), fill=DEN)
    for dx, dy in ((-2.2, -1.2), (-0.8, -2.2), (0.8, -2.2), (2.2, -1.2)):
        d.ellipse((px + dx * k - k, py + dy * k - k, px + dx * k + k, py + dy * k + k),
                  fill=DEN)
