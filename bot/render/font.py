"""The board images' font: DejaVu Sans, shipped with the package (its licence beside it),
because Pillow's built-in font has no Czech letters and the images speak the server's
language."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont

FONTS = Path(__file__).parent / "fonts"


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    path = FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    try:
        return ImageFont.truetype(str(path), size)
    except OSError:  # an install without the font files still draws, in Latin letters
        return ImageFont.load_default(size=size)
