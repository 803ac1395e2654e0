"""Colours, house styles and fonts of the AGoT board image."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

from bot.render.font import font as shared_font

LAYOUT_PATH = Path(__file__).with_name("layout.json")

Point = tuple[float, float]
RGB = tuple[int, int, int]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

# ---------------------------------------------------------------------------------- palette

LAND: RGB = (216, 199, 156)
SEA: RGB = (112, 152, 192)
SEA_INK: RGB = (232, 242, 252)
LAND_INK: RGB = (40, 30, 20)
PANEL: RGB = (36, 33, 38)
PANEL_INK: RGB = (236, 230, 218)
PANEL_DIM: RGB = (160, 152, 140)
GOLD: RGB = (226, 180, 40)
NEUTRAL_FILL: RGB = (112, 70, 128)


@dataclass(frozen=True)
class HouseStyle:
    fill: RGB  # units, chips, token rings
    ink: RGB  # text drawn on ``fill``
    rim: RGB  # outline around ``fill`` so light colours stand out on parchment
    tint_alpha: int  # how strongly controlled land takes the house colour (0-255)
    short: str


HOUSES: dict[str, HouseStyle] = {
    # White and yellow vanish on parchment: their rims are dark, and controlled land gets an
    # inner band in the rim colour (map.py), so Stark and Baratheon land reads at a glance.
    "stark": HouseStyle((246, 246, 250), (30, 30, 40), (44, 48, 64), 200, "STA"),
    "lannister": HouseStyle((178, 30, 38), (255, 255, 255), (80, 8, 12), 105, "LAN"),
    "baratheon": HouseStyle((250, 204, 20), (40, 30, 0), (96, 66, 0), 150, "BAR"),
    "greyjoy": HouseStyle((34, 34, 40), (255, 255, 255), (0, 0, 0), 120, "GRE"),
    "tyrell": HouseStyle((42, 130, 56), (255, 255, 255), (12, 56, 20), 120, "TYR"),
}
_UNKNOWN_HOUSE = HouseStyle((150, 150, 150), (0, 0, 0), (60, 60, 60), 100, "???")


def house_style(house: str | None) -> HouseStyle:
    return HOUSES.get(house or "", _UNKNOWN_HOUSE)


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> Font:
    # DejaVu (bot.render.font) has the Czech letters Pillow's built-in font lacks.
    return shared_font(size, bold)


# --------------------------------------------------------------------------------- geometry


