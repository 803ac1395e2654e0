"""The Catan board image (Pillow) from the PUBLIC view only.

Hexes in terrain colours with number tokens (6 and 8 in red) and their letters A, B, C… —
the same letters the Discord labels use ("corner A/B/E", "path A–B"); harbours on the coast;
roads, settlements and keeps in player colours; Tormund. In Night's Watch mode, above the
Gift: the three clan areas with their camps, the trails, the clearings, the Wall's four
sections with their guards, the breaches, and the wildlings occupying Gift hexes. A side
panel lists the players' public numbers. Text comes from the catalog (``catan.img.*``).
"""

from __future__ import annotations

import io
import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from bot.i18n import msg, view_text
from bot.i18n import render as tr_render
from rules.catan_watch.data import (
    CAMPS_PER_CLAN,
    CLAN_TRAILS,
    FIELDS_PER_SECTION,
    N_SECTIONS,
    TRAIL_SECTION,
)
from rules.catan_watch.names import letter

RADIUS = 48
XU = RADIUS * math.sqrt(3) / 2  # one lattice unit across (half a hex width)
YU = RADIUS / 2  # one lattice unit down
MARGIN = 64
PANEL = 270
NW_TOP = 250

BG = (58, 110, 165)
NW_BG = (70, 92, 120)
INK = (25, 25, 25)
PAPER = (245, 236, 210)
TERRAIN = {
    "hills": (196, 98, 58),
    "forest": (46, 120, 52),
    "pasture": (150, 200, 95),
    "fields": (236, 196, 74),
    "mountains": (140, 140, 146),
    "ice_field": (222, 238, 248),
}
RESOURCE_COLOUR = {"brick": TERRAIN["hills"], "lumber": TERRAIN["forest"],
                   "wool": TERRAIN["pasture"], "grain": TERRAIN["fields"],
                   "ore": TERRAIN["mountains"]}
PLAYER = ((200, 40, 40), (40, 90, 210), (236, 130, 30), (250, 250, 250))
WILDLING = {"regular": ((110, 76, 50), "R"), "climber": ((60, 130, 120), "C"),
            "giant": ((120, 40, 120), "G")}
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}


def _t(key: str, **params: Any) -> str:
    return tr_render(msg(key, **params))


@lru_cache(maxsize=8)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


class _Canvas:
    def __init__(self, view: dict[str, Any]) -> None:
        board = view["board"]
        self.view, self.board = view, board
        self.nw = "wall" in view
        xs = [v["x"] for v in board["vertices"]]
        ys = [v["y"] for v in board["vertices"]]
        self.x0, self.y0 = min(xs), min(ys)
        top = NW_TOP if self.nw else 40
        self.ox, self.oy = MARGIN, MARGIN + top
        board_w = (max(xs) - self.x0) * XU + 2 * MARGIN
        board_h = (max(ys) - self.y0) * YU + 2 * MARGIN + top
        self.board_w = int(board_w)
        self.w = int(board_w) + PANEL
        self.h = int(max(board_h, 130 + 78 * len(view.get("players", []))))
        self.img = Image.new("RGB", (self.w, self.h), NW_BG if self.nw else BG)
        self.d = ImageDraw.Draw(self.img)

    def px(self, x: float, y: float) -> tuple[float, float]:
        return self.ox + (x - self.x0) * XU, self.oy + (y - self.y0) * YU

    def vertex(self, v: int) -> tuple[float, float]:
        info = self.board["vertices"][v]
        return self.px(info["x"], info["y"])

    def hex_centre(self, h: int) -> tuple[float, float]:
        q, r = self.board["hexes"][h]["q"], self.board["hexes"][h]["r"]
        return self.px(2 * q + r, 3 * r)

    def text(self, xy: tuple[float, float], text: str, size: int, fill: Any = INK,
             anchor: str = "mm", stroke: int = 0, stroke_fill: Any = None) -> None:
        self.d.text(xy, text, font=_font(size), fill=fill, anchor=anchor, stroke_width=stroke,
                    stroke_fill=stroke_fill)

    def disc(self, xy: tuple[float, float], r: float, fill: Any, outline: Any = INK,
             width: int = 2) -> None:
        x, y = xy
        self.d.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=outline, width=width)


# ---- the island / the Gift ------------------------------------------------------------------
def _hexes(c: _Canvas) -> None:
    for h, info in enumerate(c.board["hexes"]):
        pts = [c.vertex(v) for v in info["vertices"]]
        c.d.polygon(pts, fill=TERRAIN.get(info["terrain"], (200, 200, 200)), outline=INK,
                    width=2)
        cx, cy = c.hex_centre(h)
        c.text((cx, cy - RADIUS * 0.58), letter(h), 17, fill=(255, 255, 255), stroke=2,
               stroke_fill=INK)
        number = info.get("number")
        if number:
            c.disc((cx, cy), 17, PAPER)
            red = number in (6, 8)
            c.text((cx, cy - 3), str(number), 18, fill=(200, 30, 30) if red else INK)
            pips = PIPS.get(number, 0)
            for i in range(pips):
                px = cx + (i - (pips - 1) / 2) * 4.5
                c.d.ellipse((px - 1.5, cy + 9, px + 1.5, cy + 12),
                            fill=(200, 30, 30) if red else INK)


def harbour_edges(board: dict[str, Any]) -> list[tuple[int, int, str]]:
    """(vertex, vertex, kind) of each harbour. The view marks harbour corners only, so a
    coastal path between two corners of *different* harbours of one kind looks like a
    harbour too: match every harbour corner to exactly one coastal path, corners with a
    single candidate first."""
    verts = board["vertices"]
    candidates: list[tuple[int, int, str]] = []
    for a, b in board["edges"]:
        kind = verts[a].get("harbour")
        if kind and verts[b].get("harbour") == kind and len(
                set(verts[a]["hexes"]) & set(verts[b]["hexes"])) == 1:
            candidates.append((a, b, kind))
    chosen: list[tuple[int, int, str]] = []
    used: set[int] = set()
    while True:
        left = [e for e in candidates if e[0] not in used and e[1] not in used]
        if not left:
            return chosen
        count: dict[int, int] = {}
        for a, b, _k in left:
            count[a] = count.get(a, 0) + 1
            count[b] = count.get(b, 0) + 1
        pick = min(left, key=lambda e: (min(count[e[0]], count[e[1]]), e[0], e[1]))
        chosen.append(pick)
        used.update(pick[:2])


def _harbours(c: _Canvas) -> None:
    for a, b, kind in harbour_edges(c.board):
        shared = set(c.board["vertices"][a]["hexes"]) & set(c.board["vertices"][b]["hexes"])
        (ax, ay), (bx, by) = c.vertex(a), c.vertex(b)
        hx, hy = c.hex_centre(shared.pop())
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = mx - hx, my - hy
        norm = math.hypot(dx, dy) or 1.0
        tx, ty = mx + dx / norm * 30, my + dy / norm * 30
        c.d.line((ax, ay, tx, ty), fill=PAPER, width=3)
        c.d.line((bx, by, tx, ty), fill=PAPER, width=3)
        res = kind.split()[-1]
        c.disc((tx, ty), 17, RESOURCE_COLOUR.get(res, PAPER))
        c.text((tx, ty), "3:1" if kind == "3:1" else "2:1", 12,
               fill=INK if kind == "3:1" else (255, 255, 255))


def _roads(c: _Canvas) -> None:
    for road in c.board["roads"]:
        a, b = c.board["edges"][road["edge"]]
        (ax, ay), (bx, by) = c.vertex(a), c.vertex(b)
        # shorten a little so corners stay visible
        sx, sy = ax + (bx - ax) * 0.14, ay + (by - ay) * 0.14
        ex, ey = bx - (bx - ax) * 0.14, by - (by - ay) * 0.14
        c.d.line((sx, sy, ex, ey), fill=INK, width=11)
        c.d.line((sx, sy, ex, ey), fill=PLAYER[road["seat"] % 4], width=7)


def _buildings(c: _Canvas) -> None:
    for b in c.board["buildings"]:
        x, y = c.vertex(b["vertex"])
        colour = PLAYER[b["seat"] % 4]
        if b["kind"] == "keep":
            s = 13
            pts = [(x - s, y + s), (x - s, y - s), (x - s / 2, y - s), (x - s / 2, y - s / 2),
                   (x, y - s / 2), (x, y - s), (x + s / 2, y - s), (x + s / 2, y - s / 2),
                   (x + s, y - s / 2), (x + s, y + s)]
        else:
            s = 10
            pts = [(x - s, y + s * 0.8), (x - s, y - s * 0.2), (x, y - s * 1.1),
                   (x + s, y - s * 0.2), (x + s, y + s * 0.8)]
        c.d.polygon(pts, fill=colour, outline=INK, width=2)


def _tormund(c: _Canvas) -> None:
    h = c.board.get("tormund")
    if h is None:
        return
    cx, cy = c.hex_centre(int(h))
    c.disc((cx + RADIUS * 0.42, cy + RADIUS * 0.38), 11, (30, 30, 30), outline=(240, 240, 240))
    c.text((cx + RADIUS * 0.42, cy + RADIUS * 0.38), "T", 14, fill=(240, 240, 240))


def _wildling(c: _Canvas, xy: tuple[float, float], kind: str, r: float = 9) -> None:
    colour, mark = WILDLING.get(kind, ((90, 90, 90), "?"))
    c.disc(xy, r, colour, outline=(240, 240, 240))
    c.text(xy, mark, int(r * 1.3), fill=(255, 255, 255))


def _gift(c: _Canvas) -> None:
    for h, kind in (c.view["wall"].get("gift") or {}).items():
        cx, cy = c.hex_centre(int(h))
        _wildling(c, (cx - RADIUS * 0.42, cy + RADIUS * 0.38), str(kind), 11)


# ---- north of the Wall ------------------------------------------------------------------------
def _north(c: _Canvas) -> None:
    wall = c.view["wall"]
    left, right = MARGIN - 20, c.board_w - MARGIN + 20
    wall_y = c.oy - 40
    width = (right - left) / N_SECTIONS
    field = min(16.0, (width - 30) / FIELDS_PER_SECTION)
    clearings_y = wall_y - 42
    section_x: list[float] = []
    for s, section in enumerate(wall["sections"]):
        x0 = left + s * width
        c.d.rectangle((x0 + 2, wall_y - 14, x0 + width - 2, wall_y + 14), fill=(206, 228, 242),
                      outline=INK, width=2)
        c.text((x0 + 12, wall_y), str(s + 1), 14, fill=INK)
        start = x0 + 22
        for f in range(FIELDS_PER_SECTION):
            fx = start + f * field
            box = (fx, wall_y - field / 2 + 1, fx + field - 3, wall_y + field / 2 - 2)
            guards = section.get("guards") or []
            fill = PLAYER[guards[f] % 4] if f < len(guards) else (235, 245, 250)
            c.d.rectangle(box, fill=fill, outline=INK, width=1)
        mid = x0 + width / 2
        section_x.append(mid)
        clearing = section.get("clearing") or []
        c.d.ellipse((mid - width / 2 + 12, clearings_y - 14, mid + width / 2 - 12,
                     clearings_y + 14), fill=(225, 232, 236), outline=INK, width=1)
        for i, kind in enumerate(clearing[:8]):
            _wildling(c, (mid - (min(len(clearing), 8) - 1) * 10 + i * 20, clearings_y), kind)
    _clans(c, wall, left, right, clearings_y, section_x)
    header = "   ".join([_t("catan.img.breaches", n=wall.get("breaches", 0)),
                         _t("catan.img.gift", n=wall.get("wildlings_in_gift", 0))])
    c.text((left + 4, 16), header, 16, fill=(255, 255, 255), anchor="lm")


def _clans(c: _Canvas, wall: dict[str, Any], left: float, right: float, clearings_y: float,
           section_x: list[float]) -> None:
    clans = wall.get("clans") or []
    if not clans:
        return
    width = (right - left) / len(clans)
    top = 40
    trails_by_clan = [list(t) for t in CLAN_TRAILS[: len(clans)]]
    for i, clan in enumerate(clans):
        x0 = left + i * width + 8
        box = (x0, top, x0 + width - 16, top + 70)
        c.d.rounded_rectangle(box, 10, fill=(235, 240, 245), outline=INK, width=2)
        c.text(((box[0] + box[2]) / 2, top + 12), str(clan.get("name", "")), 13)
        camps = clan.get("camps") or []
        step = (width - 40) / CAMPS_PER_CLAN
        for k in range(CAMPS_PER_CLAN):
            # camp 1 (nearest the trails) on the right-hand side of the box's bottom row
            cx = box[0] + 16 + (CAMPS_PER_CLAN - 1 - k) * step + step / 2
            cy = top + 45
            c.d.ellipse((cx - 12, cy - 12, cx + 12, cy + 12), outline=(120, 120, 120),
                        width=2, fill=(250, 250, 250))
            c.text((cx, cy + 19), str(k + 1), 10)
            if k < len(camps):
                _wildling(c, (cx, cy), str(camps[k]))
        for j, trail in enumerate(trails_by_clan[i]):
            sx = box[0] + 20 + j * 28
            section = TRAIL_SECTION.get(trail, 0)
            tx = section_x[section] + (-14 if trail % 2 else 14)
            c.d.line((sx, top + 70, tx, clearings_y - 14), fill=(200, 190, 170), width=3)
            mx, my = (sx + tx) / 2, (top + 70 + clearings_y - 14) / 2
            c.disc((mx, my), 9, PAPER, width=1)
            c.text((mx, my), _t("catan.img.trail", n=trail), 11)
    if c.board.get("tormund") is None:
        c.text((right - 4, 16), _t("catan.img.tormund_camp") + " ●T", 14,
               fill=(255, 255, 255), anchor="rm")


# ---- the side panel -------------------------------------------------------------------------
def _panel(c: _Canvas) -> None:
    view = c.view
    x = c.board_w + 10
    c.d.rectangle((c.board_w, 0, c.w, c.h), fill=(238, 232, 218))
    dice = view.get("dice") or []
    lines = [_t("catan.img.turn", n=view.get("turn", 0), turn=view.get("turn", 0))]
    if dice and view.get("rolled"):
        if len(dice) > 2:
            lines.append(_t("catan.img.dice_nw", a=dice[0], b=dice[1], w=dice[2]))
        else:
            lines.append(_t("catan.img.dice", a=dice[0], b=dice[1]))
    lines.append(_t("catan.img.deck", n=view.get("development_deck", 0)))
    result = view.get("result") or {}
    if view.get("phase") == "over":
        labels = {int(p["seat"]): view_text(p.get("label")) for p in view.get("players", [])}
        winners = ", ".join(labels.get(int(w)) or _t("catan.img.seat", seat=int(w) + 1)
                            for w in result.get("winners", []))
        lines.append(_t("catan.img.over", winners=winners) if winners
                     else _t("catan.img.over_none"))
    for i, line in enumerate(lines):
        c.text((x, 18 + i * 22), line, 16, anchor="lm")
    y = 30 + len(lines) * 22
    current = view.get("current")
    for p in view.get("players", []):
        seat = int(p["seat"])
        if seat == current:
            c.d.rectangle((c.board_w + 4, y - 6, c.w - 6, y + 64), outline=INK, width=2)
        c.d.rectangle((x, y, x + 22, y + 22), fill=PLAYER[seat % 4], outline=INK, width=2)
        name = view_text(p.get("label")) or _t("catan.img.seat", seat=seat + 1)
        badges = []
        if view.get("longest_road") == seat:
            badges.append(_t("catan.img.longest_road"))
        if view.get("largest_watch") == seat:
            badges.append(_t("catan.img.largest_watch"))
        title = name + ("  " + " ".join(badges) if badges else "")
        c.text((x + 30, y + 11), title, 17, anchor="lm")
        c.text((x, y + 36), _t("catan.img.player", vp=p["vp"], cards=p["cards"],
                               dev=p["development_cards"], road=p["road_length"]), 13,
               anchor="lm")
        if "guards_on_wall" in p:
            c.text((x, y + 54), _t("catan.img.guards", n=p["guards_on_wall"]), 13, anchor="lm")
        y += 78
    c.text((x, y + 6), _t("catan.img.harbours"), 12, anchor="lm")
    if c.nw:
        c.text((x, y + 24), _t("catan.img.legend"), 12, anchor="lm")


def render(view: dict[str, Any], locale: str | None = None) -> bytes:
    """The public view → PNG bytes (never pass a private view: its "you" is ignored)."""
    c = _Canvas(view)
    if c.nw:
        _north(c)
    _harbours(c)
    _hexes(c)
    if c.nw:
        _gift(c)
    _roads(c)
    _buildings(c)
    _tormund(c)
    _panel(c)
    buf = io.BytesIO()
    c.img.save(buf, "PNG", compress_level=1)
    return buf.getvalue()
