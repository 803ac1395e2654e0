"""What a board renderer writes: every ``ImageDraw.text`` call recorded while a block runs
(the legibility and language tests read the words and their sizes from it)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

from PIL import ImageDraw


class Drawn(NamedTuple):
    xy: tuple[float, float]
    text: str
    font: Any
    #: The size of the image drawn on (a board in several images: which one).
    canvas: tuple[int, int] = (0, 0)

    @property
    def size(self) -> float:
        """The font's size in px (a bitmap font without one: the text's measured height)."""
        size = getattr(self.font, "size", None)
        if size is None and self.font is not None:
            box = self.font.getbbox(self.text)
            size = box[3] - box[1]
        return float(size or 0)


@contextmanager
def drawn_text() -> Iterator[list[Drawn]]:
    calls: list[Drawn] = []
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, words: Any, *args: Any, **kw: Any) -> Any:
        font = kw.get("font")
        if font is None and len(args) >= 2:
            font = args[1]
        if font is None:
            font = self.getfont()
        calls.append(Drawn((float(xy[0]), float(xy[1])), str(words), font,
                           tuple(self.im.size)))
        return original(self, xy, words, *args, **kw)

    ImageDraw.ImageDraw.text = text  # type: ignore[method-assign]
    try:
        yield calls
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]
