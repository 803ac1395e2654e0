"""Sprites drawn supersampled: units, neutral tokens, power tokens, crests, orders, icons."""

from __future__ import annotations

import math
import random
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.agot.render.style import (
    GOLD,
    HOUSES,
    NEUTRAL_FILL,
    RGB,
    Point,
    font,
    house_style,
)
from rules.agot.board import Board

SS = 4  # sprites are drawn this many times larger and scaled down, for smooth edges


def _supersampled(w: float, h: float, k: float = 1.0
                  ) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A transparent canvas ``w`` x ``h`` design units, each ``k`` px, drawn ``SS`` times
    larger."""
    img = Image.new("RGBA", (round(w * k) * SS, round(h * k) * SS), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img)


def _finish(img: Image.Image) -> Image.Image:
    return img.resize((img.width // SS, img.height // SS), Image.Resampling.LANCZOS)


def _text_c(d: ImageDraw.ImageDraw, xy: Point, text: str, size: float, fill: RGB,
            stroke: RGB | None = None, sw: int = 0, bold: bool = False) -> None:
    d.text(xy, text, font=font(round(size), bold), anchor="mm", fill=fill,
           stroke_width=sw, stroke_fill=stroke)


def _star(d: ImageDraw.ImageDraw, c: Point, r: float, fill: RGB, outline: RGB | None = None
          ) -> None:
    pts = []
    for k in range(10):
        rad = r if k % 2 == 0 else r * 0.45
        ang = -math.pi / 2 + k * math.pi / 5
        pts.append((c[0] + rad * math.cos(ang), c[1] + rad * math.sin(ang)))
    d.polygon(pts, fill=fill, outline=outline)


def _fade(c: RGB, toward: RGB = (200, 200, 200), t: float = 0.55) -> RGB:
    return (round(c[0] + (toward[0] - c[0]) * t), round(c[1] + (toward[1] - c[1]) * t),
            round(c[2] + (toward[2] - c[2]) * t))


#: Size of every number drawn on the map, in design units (a unit is ``PIECE`` px).
COUNT_PX = 20
#: How many px a design unit of a piece (unit, neutral force, power token, order) is: the
#: pieces are what a player reads at chat size (a half of the map shrunk to 0.405), so
#: they are drawn large — a count is ``COUNT_PX * PIECE`` = 28 px, 11.3 px in chat.
PIECE = 1.4
#: How many px a design unit of a printed icon (castle, barrel, crown, crest) is.
ICON = 1.5


@lru_cache(maxsize=512)
def unit_sprite(kind: str, house: str, count: int, routed: bool = False) -> Image.Image:
    """A footman (circle), knight (square) or ship (boat) in the house colour, with the count."""
    st = house_style(house)
    fill = _fade(st.fill) if routed else st.fill
    ink = (60, 60, 60) if routed else st.ink
    s = SS * PIECE
    if kind == "ships":
        img, d = _supersampled(40, 34, PIECE)
        d.line([(20 * s, 1 * s), (20 * s, 11 * s)], fill=st.rim, width=round(2 * s))
        d.polygon([(20 * s, 1 * s), (30 * s, 4 * s), (20 * s, 7 * s)], fill=fill, outline=st.rim)
        d.polygon([(1 * s, 10 * s), (39 * s, 10 * s), (32 * s, 33 * s), (8 * s, 33 * s)],
                  fill=fill, outline=st.rim, width=round(2 * s))
        _text_c(d, (20 * s, 21.5 * s), str(count), COUNT_PX * s, ink, bold=True)
    elif kind == "knights":
        img, d = _supersampled(30, 30, PIECE)
        d.rounded_rectangle((1 * s, 1 * s, 29 * s, 29 * s), radius=4 * s, fill=fill,
                            outline=st.rim, width=round(2 * s))
        _text_c(d, (15 * s, 15 * s), str(count), COUNT_PX * s, ink, bold=True)
    else:
        img, d = _supersampled(30, 30, PIECE)
        d.ellipse((1 * s, 1 * s, 29 * s, 29 * s), fill=fill, outline=st.rim, width=round(2 * s))
        _text_c(d, (15 * s, 15 * s), str(count), COUNT_PX * s, ink, bold=True)
    if routed:
        # Routed units lie face down in the box game: here they are faded and struck through.
        d.line([(2 * s, (img.height // s - 3) * s), ((img.width // s - 2) * s, 3 * s)],
               fill=(170, 20, 20), width=round(3 * s))
    return _finish(img)


@lru_cache(maxsize=64)
def neutral_sprite(strength: int, house: str | None = None) -> Image.Image:
    """A neutral force: a purple shield with its strength, rimmed in the colour of the absent
    house whose starting units it stands for (3-4 players)."""
    s = SS * PIECE
    img, d = _supersampled(32, 34, PIECE)
    pts = [(2, 2), (30, 2), (30, 18), (16, 32), (2, 18)]
    rim = house_style(house).fill if house in HOUSES else (40, 20, 50)
    d.polygon([(x * s, y * s) for x, y in pts], fill=NEUTRAL_FILL, outline=rim,
              width=round((3 if house in HOUSES else 2) * s))
    _text_c(d, (16 * s, 14 * s), str(strength), COUNT_PX * s, (255, 255, 255), bold=True)
    return _finish(img)


@lru_cache(maxsize=16)
def power_sprite(house: str) -> Image.Image:
    """A house's power token left on the board: a coin in the house colour with a dark edge
    and a raised inner ring — round and plain, unlike the gold crowns printed on the map."""
    st = house_style(house)
    s = SS * PIECE
    img, d = _supersampled(28, 28, PIECE)
    d.ellipse((1 * s, 1 * s, 27 * s, 27 * s), fill=(20, 18, 22))
    d.ellipse((3 * s, 3 * s, 25 * s, 25 * s), fill=st.fill)
    d.ellipse((8 * s, 8 * s, 20 * s, 20 * s), outline=st.rim, width=round(2 * s))
    d.ellipse((12 * s, 12 * s, 16 * s, 16 * s), fill=st.rim)
    return _finish(img)


@lru_cache(maxsize=16)
def crest_sprite(house: str) -> Image.Image:
    """The printed crest of a house's home area: a small shield in the house colour."""
    st = house_style(house)
    img, d = _supersampled(13, 15, ICON)
    s = SS * ICON
    pts = [(1, 1), (12, 1), (12, 8), (6.5, 14), (1, 8)]
    d.polygon([(x * s, y * s) for x, y in pts], fill=st.fill, outline=st.rim, width=round(s))
    return _finish(img)


ORDER_INK = {"march": (150, 30, 20), "defense": (20, 70, 150), "support": (40, 110, 40),
             "raid": (120, 60, 10), "consolidate": (130, 95, 0)}


def order_text(letter: str, kind: str, bonus: int) -> str:
    """What a face-up token shows: the kind's letter (from the catalog) and its bonus."""
    if kind in ("march", "defense", "support"):
        return f"{letter}{bonus:+d}"
    return letter


@lru_cache(maxsize=256)
def order_sprite(house: str, kind: str | None, bonus: int = 0, special: bool = False,
                 letter: str = "?", plain: bool = False) -> Image.Image:
    """An order token: face up (kind + bonus on a light face, gold with a star when
    special; ``plain``: the kind's letter alone, as the legend shows it) or, with
    ``kind=None``, face down (a dark back ringed in the house colour)."""
    st = house_style(house)
    s = SS * PIECE
    if kind is None:
        img, d = _supersampled(32, 32, PIECE)
        d.ellipse((1 * s, 1 * s, 31 * s, 31 * s), fill=(58, 52, 62), outline=st.fill,
                  width=round(4 * s))
        d.ellipse((1 * s, 1 * s, 31 * s, 31 * s), outline=st.rim, width=round(s))
        d.ellipse((10 * s, 10 * s, 22 * s, 22 * s), outline=(120, 110, 125), width=round(s))
        return _finish(img)
    text = letter if plain else order_text(letter, kind, bonus)
    w = max(32, round(font(COUNT_PX, True).getlength(text)) + 12)
    img, d = _supersampled(w, 32, PIECE)
    face = (250, 226, 140) if special else (246, 240, 226)
    d.rounded_rectangle((1 * s, 1 * s, (w - 1) * s, 31 * s), radius=14 * s, fill=face,
                        outline=st.fill, width=round(4 * s))
    d.rounded_rectangle((1 * s, 1 * s, (w - 1) * s, 31 * s), radius=14 * s, outline=st.rim,
                        width=round(s))
    _text_c(d, (w / 2 * s, 16.5 * s), text, COUNT_PX * s, ORDER_INK.get(kind, (0, 0, 0)),
            bold=True)
    if special:
        _star(d, ((w - 6) * s, 6 * s), 5 * s, (200, 130, 0), (90, 60, 0))
    return _finish(img)


@lru_cache(maxsize=16)
def icon_sprite(name: str) -> Image.Image:
    """Static map icons: castle, stronghold, supply barrel, power crown."""
    s = SS * ICON
    stone, dark = (236, 232, 222), (50, 44, 40)
    if name == "stronghold":
        img, d = _supersampled(22, 16, ICON)
        for x0 in (1, 13):
            d.rectangle((x0 * s, 3 * s, (x0 + 8) * s, 15 * s), fill=stone, outline=dark,
                        width=round(s))
            for k in range(3):
                d.rectangle(((x0 + k * 3) * s, 1 * s, (x0 + k * 3 + 2) * s, 4 * s), fill=stone,
                            outline=dark, width=round(s))
        d.rectangle((8 * s, 7 * s, 14 * s, 15 * s), fill=stone, outline=dark, width=round(s))
        d.rectangle((10 * s, 10 * s, 12 * s, 15 * s), fill=dark)
    elif name == "castle":
        img, d = _supersampled(14, 16, ICON)
        d.rectangle((2 * s, 4 * s, 12 * s, 15 * s), fill=stone, outline=dark, width=round(s))
        for k in range(3):
            d.rectangle(((2 + k * 4) * s, 1 * s, (4 + k * 4) * s, 5 * s), fill=stone,
                        outline=dark, width=round(s))
        d.rectangle((6 * s, 10 * s, 8 * s, 15 * s), fill=dark)
    elif name == "barrel":
        img, d = _supersampled(11, 14, ICON)
        d.rounded_rectangle((1 * s, 1 * s, 10 * s, 13 * s), radius=3 * s, fill=(150, 96, 48),
                            outline=(70, 40, 15), width=round(s))
        for y in (4, 10):
            d.line([(1 * s, y * s), (10 * s, y * s)], fill=(70, 40, 15), width=round(s))
    else:  # crown
        img, d = _supersampled(15, 12, ICON)
        pts = [(1, 11), (1, 3), (4.5, 7), (7.5, 1), (10.5, 7), (14, 3), (14, 11)]
        d.polygon([(x * s, y * s) for x, y in pts], fill=GOLD, outline=(110, 75, 0), width=round(s))
    return _finish(img)


def _paste(img: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    img.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)), sprite)


# --------------------------------------------------------------------------- static layers

BORDER_STYLE: dict[tuple[str, bool], tuple[RGB, int]] = {
    # (kinds of the two sides, adjacent in the rules) -> (colour, width)
    ("land-land", True): ((118, 94, 64), 2),
    ("land-land", False): ((52, 104, 184), 5),  # a river: touching, but no border
    ("land-sea", True): ((58, 46, 34), 3),
    ("land-sea", False): ((30, 24, 20), 6),  # cliffs: the land cannot be reached from here
    ("sea-sea", True): ((196, 220, 240), 2),
    ("sea-sea", False): ((24, 44, 72), 6),  # reefs
}


def _edge_kind(b: Board, x: str, y: str) -> str:
    seas = b.is_sea[x] + b.is_sea[y]
    return ("land-land", "land-sea", "sea-sea")[seas]


def _shade(base: RGB, key: str, spread: int) -> RGB:
    # A slightly different shade per area makes neighbouring cells easy to tell apart.
    rng = random.Random(key)
    k = rng.randint(-spread, spread)
    return (base[0] + k, base[1] + k, base[2] + k // 2)


