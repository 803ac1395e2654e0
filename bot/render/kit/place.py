"""Free room for labels on a crowded drawing (a map): each box goes at the first candidate
spot near where it belongs that covers nothing placed before, so no label is drawn over
another however dense the map gets. A coarse grid of buckets keeps the checks cheap."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache

Rect = tuple[float, float, float, float]
Point = tuple[float, float]


@lru_cache(maxsize=64)
def ring(step: float, reach: int) -> tuple[Point, ...]:
    """Offsets on a grid of ``step`` out to ``reach`` steps, nearest first."""
    pts = [(i * step, j * step) for i in range(-reach, reach + 1) for j in range(-reach, reach + 1)]
    return tuple(sorted(pts, key=lambda p: (p[0] ** 2 + p[1] ** 2, p[1], p[0])))


def around(cx: float, cy: float, step: float, reach: float) -> Iterator[Point]:
    """Candidate centres around (cx, cy) out to ``reach`` pixels, nearest first (made as
    ``place`` asks for them: it mostly stops at the first few)."""
    return ((cx + dx, cy + dy) for dx, dy in ring(step, int(reach / step) + 1))


class Placer:
    """The boxes taken inside ``bounds``; ``place`` finds room for the next one."""

    def __init__(self, bounds: Rect, cell: float = 64, patience: int = 12) -> None:
        self.bounds = bounds
        self.cell = cell
        #: Free spots a box passes over, looking for one its ``prefer`` likes, before it
        #: settles for the nearest free one.
        self.patience = patience
        self.grid: dict[tuple[int, int], list[Rect]] = {}

    def free(self, r: Rect) -> bool:
        """Whether ``r`` lies inside the bounds and covers no box taken (a hairline may)."""
        b = self.bounds
        x0, y0, x1, y1 = r
        if x0 < b[0] or y0 < b[1] or x1 > b[2] or y1 > b[3]:
            return False
        c = self.cell
        for i in range(int(x0 // c), int(x1 // c) + 1):
            for j in range(int(y0 // c), int(y1 // c) + 1):
                for o in self.grid.get((i, j), ()):
                    if o[0] < x1 - 0.5 and x0 < o[2] - 0.5 and o[1] < y1 - 0.5 and \
                            y0 < o[3] - 0.5:
                        return False
        return True

    def take(self, r: Rect) -> None:
        c = self.cell
        for i in range(int(r[0] // c), int(r[2] // c) + 1):
            for j in range(int(r[1] // c), int(r[3] // c) + 1):
                self.grid.setdefault((i, j), []).append(r)

    def place(self, w: float, h: float, centres: Iterable[Point],
              prefer: Callable[[float, float], bool] | None = None) -> Rect | None:
        """A free ``w`` x ``h`` box centred on one of ``centres`` (nearest first), taken: the
        first whose centre ``prefer`` accepts, else the first free one; None when every
        centre is taken."""
        found: Rect | None = None
        patience = self.patience
        for cx, cy in centres:
            r = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
            if not self.free(r):
                continue
            if prefer is None or prefer(cx, cy):
                found = r
                break
            if found is None:
                found = r
            patience -= 1
            if not patience:
                break
        if found is not None:
            self.take(found)
        return found

    def nearest(self, w: float, h: float, cx: float, cy: float) -> Rect | None:
        """The free spot nearest (cx, cy) anywhere inside the bounds, taken; None when the
        bounds have no room for the box."""
        b = self.bounds
        reach = max(b[2] - b[0], b[3] - b[1])
        return self.place(w, h, around(cx, cy, max(4.0, min(w, h) / 3), reach))

    def anywhere(self, w: float, h: float, cx: float, cy: float) -> Rect:
        """Room for a box that must be drawn: ``nearest``, or (cx, cy) itself only when the
        bounds are full."""
        return self.nearest(w, h, cx, cy) or (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
