"""The Catan board image's canvas: its size and colours, a harbour's tile (``_Tag``) and
``_Board`` — one render's sheet, view and where the map sits (hex and corner positions)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.i18n import msg, view_text
from bot.i18n import render as tr_render
from bot.render.kit import (
    INK,
    LegendItem,
    Sheet,
    player_label,
)

WIDTH, HEIGHT = 800, 600
PAD = 8
#: The map's share of the width; the players' column takes the rest.
MAP_WIDTH = 520
SQ3 = math.sqrt(3)

SEA = (58, 110, 165)
NW_BG = (70, 92, 120)
PAPER = (245, 236, 210)
PANEL_BG = (238, 232, 218)
#: Hex borders are a thin sand line, so that a road (thick, black-edged, in a player colour)
#: never reads as a border.
BORDER = (226, 206, 156)
TERRAIN = {
    "hills": (196, 98, 58),
    "forest": (46, 120, 52),
    "pasture": (150, 200, 95),
    "fields": (236, 196, 74),
    "mountains": (140, 140, 146),
    "ice_field": (222, 238, 248),
}
YIELD = {"hills": "brick", "forest": "lumber", "pasture": "wool", "fields": "grain",
         "mountains": "ore"}
RESOURCE_COLOUR = {res: TERRAIN[terrain] for terrain, res in YIELD.items()}
PLAYER = ((200, 40, 40), (40, 90, 210), (236, 130, 30), (250, 250, 250))
WILDLING_COLOUR = {"regular": (110, 76, 50), "climber": (60, 130, 120), "giant": (120, 40, 120)}
TORMUND_COLOUR = (30, 30, 30)
ROAD_BADGE = (150, 110, 40)
WATCH_BADGE = (60, 70, 90)

Point = tuple[float, float]
Box4 = tuple[float, float, float, float]


@dataclass
class _Tag:
    """A harbour's tile in the sea (in hex radii from the map's corner, plus a fixed reach
    in pixels along the coast's outward normal), joined to its two corners."""

    a: int
    b: int
    mid: Point
    normal: Point
    kind: str


class _Board:
    """One render: the sheet, the view and where the map sits (``r``: the hexes' radius)."""

    def __init__(self, view: Mapping[str, Any], locale: str | None) -> None:
        self.view, self.board, self.locale = view, view["board"], locale
        self.nw = "wall" in view
        self.s = Sheet(WIDTH, HEIGHT, PANEL_BG)
        self.f = self.s.min_px
        verts = self.board["vertices"]
        self.vx0 = min(v["x"] for v in verts)
        self.vy0 = min(v["y"] for v in verts)
        self.r = 40.0
        self.ox = self.oy = 0.0
        self.top = self.legend_top = 0.0
        self.items: list[LegendItem] = []
        self.tags: list[_Tag] = []
        self.side_stats: list[LegendItem] = []
        #: Whether the status bar shows the development deck (then the column does not).
        self.deck_in_status = False

    def t(self, key: str, **params: Any) -> str:
        return tr_render(msg(key, **params), self.locale)

    def seat_label(self, seat: int) -> str:
        for p in self.view.get("players", []):
            if int(p["seat"]) == seat and p.get("label"):
                return view_text(p["label"], self.locale)
        return self.t("catan.img.seat", seat=seat + 1)

    def name(self, seat: int) -> str:
        return player_label(self.view, seat, self.seat_label(seat), self.locale)

    # ---- geometry ----------------------------------------------------------------------
    def unit(self, x: float, y: float) -> Point:
        """A lattice point in hex radii from the map's top-left vertex."""
        return (x - self.vx0) * SQ3 / 2, (y - self.vy0) / 2

    def vertex(self, v: int) -> Point:
        info = self.board["vertices"][v]
        ux, uy = self.unit(info["x"], info["y"])
        return self.ox + ux * self.r, self.oy + uy * self.r

    def hex_centre(self, h: int) -> Point:
        q, r = self.board["hexes"][h]["q"], self.board["hexes"][h]["r"]
        ux, uy = self.unit(2 * q + r, 3 * r)
        return self.ox + ux * self.r, self.oy + uy * self.r

    def disc(self, xy: Point, r: float, fill: Any, outline: Any = INK, width: int = 2) -> None:
        x, y = xy
        self.s.draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=outline,
                            width=width)
