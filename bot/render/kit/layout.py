"""Where a renderer put its words and symbols: the boxes a test checks for overlaps and for
text too small to read at chat size."""

from __future__ import annotations

from dataclasses import dataclass, field

#: Kinds of box that must not overlap one another (a panel's frame may hold them).
LABEL_KINDS = frozenset({"text", "symbol"})


@dataclass(frozen=True)
class Box:
    """An axis-aligned box in image pixels; ``size`` is a text's font size (0 for symbols)."""

    x0: float
    y0: float
    x1: float
    y1: float
    kind: str = "text"
    label: str = ""
    size: int = 0

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def overlaps(self, other: Box, slack: float = 0.5) -> bool:
        """Whether the two boxes share more than a hairline (``slack`` pixels)."""
        return (min(self.x1, other.x1) - max(self.x0, other.x0) > slack
                and min(self.y1, other.y1) - max(self.y0, other.y0) > slack)

    def inside(self, other: Box, slack: float = 0.5) -> bool:
        return (self.x0 >= other.x0 - slack and self.y0 >= other.y0 - slack
                and self.x1 <= other.x1 + slack and self.y1 <= other.y1 + slack)


@dataclass
class Layout:
    """Every box placed on one image, in drawing order."""

    boxes: list[Box] = field(default_factory=list)

    def add(self, box: Box) -> Box:
        self.boxes.append(box)
        return box

    def labels(self) -> list[Box]:
        return [b for b in self.boxes if b.kind in LABEL_KINDS]

    def overlaps(self) -> list[tuple[Box, Box]]:
        """Every pair of labels drawn over one another (a sweep over x keeps it cheap)."""
        found: list[tuple[Box, Box]] = []
        active: list[Box] = []
        for box in sorted(self.labels(), key=lambda b: b.x0):
            active = [a for a in active if a.x1 > box.x0]
            found.extend((a, box) for a in active if a.overlaps(box))
            active.append(box)
        return found

    def smallest_text(self) -> Box | None:
        texts = [b for b in self.boxes if b.kind == "text" and b.size]
        return min(texts, key=lambda b: b.size) if texts else None
