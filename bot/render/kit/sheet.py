"""A board image being drawn: the Pillow canvas, the boxes placed on it (``Layout``) and the
text primitives that record them — fitted (shrunk, then cut with an ellipsis) and wrapped text.

Discord shows an embed's image inside a box of about ``CHAT_BOX`` pixels; ``Sheet.min_px`` is
the smallest font size that still reads (``CHAT_MIN_PX``) once the whole image is shrunk into
that box, and every text helper refuses to go below it.
"""

from __future__ import annotations

import io
import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.render.font import font
from bot.render.kit.layout import Box, Layout

#: The box Discord fits an embed's image into on desktop (px).
CHAT_BOX = (400, 300)
#: The smallest text height that reads in that box (px).
CHAT_MIN_PX = 11

RGB = tuple[int, int, int]
INK: RGB = (28, 28, 30)


def chat_scale(width: int, height: int) -> float:
    """How much Discord shrinks a ``width``×``height`` image to fit ``CHAT_BOX``."""
    return min(CHAT_BOX[0] / width, CHAT_BOX[1] / height, 1.0)


def min_px(width: int, height: int) -> int:
    """The smallest legible font size on an image of this size."""
    return math.ceil(CHAT_MIN_PX / chat_scale(width, height) - 1e-9)


@lru_cache(maxsize=4096)
def _length(text: str, size: int, bold: bool) -> float:
    """A text's width in px (cached: fitting and wrapping measure the same words often, and
    boards redraw the same names and labels move after move)."""
    return float(font(size, bold).getlength(text))


class Sheet:
    """One image: ``img``, its ``draw`` handle and the ``layout`` of everything labelled."""

    def __init__(self, width: int, height: int, background: RGB | Image.Image) -> None:
        if isinstance(background, Image.Image):
            self.img = background
        else:
            self.img = Image.new("RGB", (width, height), background)
        self.draw = ImageDraw.Draw(self.img)
        self.layout = Layout()
        self.width, self.height = width, height
        self.min_px = min_px(width, height)

    # ---- measuring -----------------------------------------------------------------------
    def px(self, scale: float = 1.0) -> int:
        """A font size ``scale`` times the smallest legible one."""
        return max(self.min_px, round(self.min_px * scale))

    def measure(self, text: str, size: int, bold: bool = False) -> float:
        return _length(text, size, bold)

    def fit(self, text: str, room: float, size: int, bold: bool = False,
            least: int | None = None) -> tuple[str, int]:
        """``text`` and a size so that it is at most ``room`` wide: the size shrinks down to
        ``least`` (the legible minimum), then the text is cut with an ellipsis."""
        least = max(self.min_px, least or self.min_px)
        while size > least and self.measure(text, size, bold) > room:
            size -= 1
        if self.measure(text, size, bold) <= room:
            return text, size
        cut = text
        while cut and self.measure(cut + "…", size, bold) > room:
            cut = cut[:-1]
        return cut.rstrip(" ,·—-") + "…", size

    def lines(self, text: str, room: float, size: int, bold: bool = False) -> list[str]:
        """``text`` broken into lines at most ``room`` wide (a word longer than a line is
        cut with an ellipsis)."""
        out: list[str] = []
        line = ""
        for word in text.split():
            trial = f"{line} {word}" if line else word
            if self.measure(trial, size, bold) <= room:
                line = trial
                continue
            if line:
                out.append(line)
            line = word if self.measure(word, size, bold) <= room else \
                self.fit(word, room, size, bold, least=size)[0]
        if line:
            out.append(line)
        return out

    # ---- drawing -------------------------------------------------------------------------
    def text(self, xy: tuple[float, float], text: str, size: int, fill: Any = INK,
             bold: bool = False, anchor: str = "la", kind: str = "text", stroke: int = 0,
             stroke_fill: Any = None) -> Box:
        """Draw ``text`` (``stroke``: an outline that many pixels wide, for text on a
        picture) and record its box."""
        f = font(size, bold)
        self.draw.text(xy, text, font=f, fill=fill, anchor=anchor, stroke_width=stroke,
                       stroke_fill=stroke_fill)
        x0, y0, x1, y1 = self.draw.textbbox(xy, text, font=f, anchor=anchor,
                                            stroke_width=stroke)
        return self.layout.add(Box(x0, y0, x1, y1, kind, text, size))

    def fitted(self, xy: tuple[float, float], text: str, room: float, size: int,
               fill: Any = INK, bold: bool = False, anchor: str = "la") -> Box:
        """Draw ``text`` fitted into ``room`` pixels (see ``fit``)."""
        shown, px = self.fit(text, room, size, bold)
        return self.text(xy, shown, px, fill, bold, anchor)

    def wrapped(self, x: float, y: float, text: str, room: float, size: int,
                fill: Any = INK, bold: bool = False, max_lines: int = 0,
                leading: float = 1.2) -> float:
        """Draw ``text`` wrapped into ``room`` pixels from (x, y); returns the y below it.
        With ``max_lines`` the last line shown ends with an ellipsis when text is left."""
        rows = self.lines(text, room, size, bold)
        if max_lines and len(rows) > max_lines:
            rows = rows[:max_lines]
            rows[-1] = self.fit(rows[-1] + " …", room, size, bold, least=size)[0]
        step = math.ceil(size * leading)
        for row in rows:
            self.text((x, y), row, size, fill, bold)
            y += step
        return y

    def symbol(self, x0: float, y0: float, x1: float, y1: float, label: str = "") -> Box:
        """Record a drawn symbol (a token, a piece) that labels must not cover."""
        return self.layout.add(Box(x0, y0, x1, y1, "symbol", label))

    def frame(self, x0: float, y0: float, x1: float, y1: float, label: str = "") -> Box:
        """Record a container (a panel): labels may sit inside it."""
        return self.layout.add(Box(x0, y0, x1, y1, "frame", label))

    # ---- output --------------------------------------------------------------------------
    def png(self, palette: bool = False, colors: int = 256) -> bytes:
        """The image as PNG; ``palette`` quantizes to ``colors`` colours first (flat drawings
        look the same and encode faster and smaller; fewer colours quantize faster still)."""
        return png_bytes(self.img, palette, colors)


def png_bytes(img: Image.Image, palette: bool = False, colors: int = 256) -> bytes:
    """``img`` as PNG, fast to encode; ``palette``: in ``colors`` colours (``quantized``)."""
    buf = io.BytesIO()
    (quantized(img, colors) if palette else img).save(buf, "PNG", compress_level=1)
    return buf.getvalue()


def quantized(img: Image.Image, colors: int = 256) -> Image.Image:
    """``img`` in a palette of ``colors`` chosen on a third-size copy: a flat drawing looks
    the same, and choosing the palette on the copy takes a fraction of the time."""
    small = img.reduce(3) if min(img.size) >= 300 else img
    pal = small.quantize(colors, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return img.quantize(palette=pal, dither=Image.Dither.NONE)
