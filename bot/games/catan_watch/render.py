"""The Catan board image (Pillow) from the PUBLIC view only, in the server's language.

From the top: the turn, the dice and what the game waits for (the player whose turn it is by
their colour); in Night's Watch mode the clans with their camps, the trails, the clearings and
the Wall's four sections with their guards; the island (or the Gift) — hexes in terrain
colours with number tokens (6 and 8 in red) and their letters A, B, C… (the letters the Discord
labels use: "corner A/B/E", "path A–B"), harbours labelled by rate and resource, roads,
settlements and keeps in player colours, Tormund and the wildlings in the Gift; below it the
players (the one whose turn it is highlighted) and a legend: the resource each terrain yields,
the harbours, the pieces and the tokens.

Every word comes from the catalog (``catan.img.*`` and the game's resource, terrain and colour
names) in the locale asked for, drawn in DejaVu (``bot.render.font``) because Discord's preview
shows the image about 520 px wide: the layout keeps the image at most ~700 px wide so that the
smallest text (14 px) still reads at that width.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import msg, view_text
from bot.i18n import render as tr_render
from bot.render.font import font
from rules.catan_watch.data import (
    CAMPS_PER_CLAN,
    CLAN_TRAILS,
    FIELDS_PER_SECTION,
    N_SECTIONS,
    TRAIL_SECTION,
    WALL,
)
from rules.catan_watch.names import letter

RADIUS = 48
XU = RADIUS * math.sqrt(3) / 2  # one lattice unit across (half a hex width)
YU = RADIUS / 2  # one lattice unit down
PAD = 16
#: Base boards are narrower than this; a common width keeps both modes' text the same size.
MIN_WIDTH = 620
#: Room for the tallest layout (Night's Watch, four players, a two-row legend), cropped after.
MAX_HEIGHT = 1400
#: Smallest text: 14 px stays ≥ 10 px in Discord's 520 px preview of an image up to 728 px wide.
SMALL = 14
BODY = 16
TITLE = 17

SEA = (58, 110, 165)
NW_BG = (70, 92, 120)
INK = (25, 25, 25)
WHITE = (255, 255, 255)
PAPER = (245, 236, 210)
PANEL_BG = (238, 232, 218)
HIGHLIGHT = (255, 226, 120)
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
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
#: Where a hex's pieces sit, from its centre: the letter at the top, the number token above
#: the middle, Tormund or a wildling below it — as large as fits without covering the number
#: or a road on the hex's edges; two tokens on one hex share that room.
LETTER_DY = -0.64 * RADIUS
NUMBER_DY = -6
NUMBER_R = 16
TOKEN_SPOTS = {1: ((0.0, 24.0),), 2: ((-13.0, 21.0), (13.0, 21.0))}
TOKEN_R = {1: 14, 2: 12}

Point = tuple[float, float]


class _Canvas:
    def __init__(self, view: dict[str, Any], locale: str | None) -> None:
        board = view["board"]
        self.view, self.board, self.locale = view, board, locale
        self.nw = "wall" in view
        self.x0 = min(v["x"] for v in board["vertices"])
        self.y0 = min(v["y"] for v in board["vertices"])
        self.ox = self.oy = 0.0
        self.tags = _harbour_tags(self)
        xs = [self.px(v["x"], v["y"])[0] for v in board["vertices"]]
        ys = [self.px(v["x"], v["y"])[1] for v in board["vertices"]]
        for tag in self.tags:
            xs += [tag.centre[0] - tag.w / 2, tag.centre[0] + tag.w / 2]
            ys += [tag.centre[1] - tag.h / 2, tag.centre[1] + tag.h / 2]
        self.map_box = (min(xs), min(ys), max(xs), max(ys))
        self.w = max(MIN_WIDTH, math.ceil(self.map_box[2] - self.map_box[0]) + 2 * PAD)
        self.img = Image.new("RGB", (self.w, MAX_HEIGHT), PANEL_BG)
        self.d = ImageDraw.Draw(self.img)

    def t(self, key: str, **params: Any) -> str:
        return tr_render(msg(key, **params), self.locale)

    def label(self, value: Any) -> str:
        return view_text(value, self.locale)

    def seat_name(self, seat: int) -> str:
        for p in self.view.get("players", []):
            if int(p["seat"]) == seat and p.get("label"):
                return self.label(p["label"])
        return self.t("catan.img.seat", seat=seat + 1)

    def place_map(self, top: float) -> float:
        """Put the map's top edge at ``top``, centred across; returns its bottom."""
        left, mtop, right, bottom = self.map_box
        self.ox = (self.w - (right - left)) / 2 - left
        self.oy = top + PAD - mtop
        for tag in self.tags:
            tag.shift(self.ox, self.oy)
        return top + (bottom - mtop) + 2 * PAD

    def px(self, x: float, y: float) -> Point:
        return self.ox + (x - self.x0) * XU, self.oy + (y - self.y0) * YU

    def vertex(self, v: int) -> Point:
        info = self.board["vertices"][v]
        return self.px(info["x"], info["y"])

    def hex_centre(self, h: int) -> Point:
        q, r = self.board["hexes"][h]["q"], self.board["hexes"][h]["r"]
        return self.px(2 * q + r, 3 * r)

    def text(self, xy: Point, text: str, size: int, fill: Any = INK, anchor: str = "mm",
             bold: bool = False, stroke: int = 0, stroke_fill: Any = None) -> None:
        self.d.text(xy, text, font=font(size, bold), fill=fill, anchor=anchor,
                    stroke_width=stroke, stroke_fill=stroke_fill)

    def disc(self, xy: Point, r: float, fill: Any, outline: Any = INK, width: int = 2) -> None:
        x, y = xy
        self.d.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=outline, width=width)


def _width(text: str, size: int, bold: bool = False) -> float:
    return float(font(size, bold).getlength(text))


def _fit(text: str, size: int, room: float, bold: bool = False) -> int:
    """The largest size up to ``size`` (never below ``SMALL``) at which ``text`` fits."""
    while size > SMALL and _width(text, size, bold) > room:
        size -= 1
    return size


# ---- the header -----------------------------------------------------------------------------
def _header(c: _Canvas) -> float:
    view = c.view
    facts = [c.t("catan.img.turn", turn=view.get("turn", 0))]
    dice = view.get("dice") or []
    if dice and view.get("rolled"):
        facts.append(c.t("catan.img.dice_nw", a=dice[0], b=dice[1], w=dice[2]) if len(dice) > 2
                     else c.t("catan.img.dice", a=dice[0], b=dice[1]))
    facts.append(c.t("catan.img.deck", n=view.get("development_deck", 0)))
    line = " · ".join(facts)
    c.text((PAD, PAD + 10), line, _fit(line, TITLE, c.w - 2 * PAD, True), anchor="lm",
           bold=True)
    y = PAD + 38
    x = PAD
    current = view.get("current")
    if view.get("phase") == "over":
        winners = ", ".join(c.seat_name(int(w)) for w in (view.get("result") or {}).get(
            "winners", []))
        status = (c.t("catan.img.over", winners=winners) if winners
                  else c.t("catan.img.over_none"))
    else:
        status = c.label(view.get("phase_label"))
        if isinstance(current, int):
            _swatch(c, (x + 11, y), PLAYER[current % 4], 11)
            x += 30
    c.text((x, y), status, _fit(status, BODY, c.w - x - PAD), anchor="lm")
    return y + 20


def _swatch(c: _Canvas, xy: Point, colour: Any, r: float) -> None:
    x, y = xy
    c.d.rectangle((x - r, y - r, x + r, y + r), fill=colour, outline=INK, width=2)


# ---- north of the Wall ----------------------------------------------------------------------
def _north(c: _Canvas, top: float) -> float:
    wall = c.view["wall"]
    left, right = PAD, c.w - PAD
    c.d.rectangle((0, top, c.w, MAX_HEIGHT), fill=NW_BG)
    status = "   ".join([c.t("catan.img.breaches", n=wall.get("breaches", 0)),
                         c.t("catan.img.gift", n=wall.get("wildlings_in_gift", 0))])
    y = top + 18
    if c.board.get("tormund") is None:
        camp = c.t("catan.img.tormund_camp")
        c.text((right, y), camp, BODY, fill=WHITE, anchor="rm")
        _tormund_token(c, (right - _width(camp, BODY) - 20, y), 14)
        room = right - _width(camp, BODY) - 48 - left
    else:
        room = right - left
    c.text((left, y), status, _fit(status, BODY, room), fill=WHITE, anchor="lm")
    clans_top = top + 38
    clearings_y = clans_top + 84 + 64
    wall_y = clearings_y + 50
    width = (right - left) / N_SECTIONS
    section_x = [left + (s + 0.5) * width for s in range(N_SECTIONS)]
    _clans(c, wall, left, right, clans_top, clearings_y - 17, section_x)
    for s, section in enumerate(wall["sections"]):
        _clearing(c, section_x[s], clearings_y, width, section.get("clearing") or [])
        _wall_section(c, left + s * width, wall_y, width, s, section.get("guards") or [])
    return wall_y + 20


def _clans(c: _Canvas, wall: dict[str, Any], left: float, right: float, top: float,
           trail_end: float, section_x: list[float]) -> None:
    clans = wall.get("clans") or []
    if not clans:
        return
    width = (right - left) / len(clans)
    height = 84
    for i, clan in enumerate(clans):
        box = (left + i * width + 6, top, left + (i + 1) * width - 6, top + height)
        # trails first, so the boxes and the discs cover their ends
        for j, trail in enumerate(CLAN_TRAILS[i] if i < len(CLAN_TRAILS) else []):
            sx = box[0] + 24 + j * 30
            tx = section_x[TRAIL_SECTION.get(trail, 0)] + (-16 if trail % 2 else 16)
            c.d.line((sx, box[3], tx, trail_end), fill=(200, 190, 170), width=3)
            mid = ((sx + tx) / 2, (box[3] + trail_end) / 2)
            c.disc(mid, 12, PAPER, width=1)
            c.text(mid, c.t("catan.img.trail", n=trail), SMALL, bold=True)
        c.d.rounded_rectangle(box, 10, fill=(235, 240, 245), outline=INK, width=2)
        name = c.t(f"catan.clan.{WALL['clans'][i]['id']}") if i < len(WALL["clans"]) \
            else str(clan.get("name", ""))
        c.text(((box[0] + box[2]) / 2, top + 14), name,
               _fit(name, 15, box[2] - box[0] - 10), bold=True)
        camps = clan.get("camps") or []
        step = (box[2] - box[0] - 16) / CAMPS_PER_CLAN
        for k in range(CAMPS_PER_CLAN):
            # camp 1 (nearest the trails) on the right-hand side of the box's bottom row
            cx = box[0] + 8 + (CAMPS_PER_CLAN - 1 - k) * step + step / 2
            cy = top + 44
            c.disc((cx, cy), 14, (250, 250, 250), outline=(120, 120, 120))
            c.text((cx, cy + 27), str(k + 1), SMALL)
            if k < len(camps):
                _wildling(c, (cx, cy), str(camps[k]), 13)


def _clearing(c: _Canvas, mid: float, y: float, width: float, clearing: list[Any]) -> None:
    per_row = 5
    rows = [clearing[:per_row], clearing[per_row:]] if len(clearing) > per_row else [clearing]
    half_h = 17 if len(rows) == 1 else 29
    c.d.ellipse((mid - width / 2 + 8, y - half_h, mid + width / 2 - 8, y + half_h),
                fill=(225, 232, 236), outline=INK, width=1)
    step = min(25.0, (width - 30) / max(1, max(len(r) for r in rows)))
    for k, row in enumerate(rows):
        ry = y if len(rows) == 1 else y + (k - 0.5) * 24
        for i, kind in enumerate(row):
            _wildling(c, (mid + (i - (len(row) - 1) / 2) * step, ry), str(kind), 12)


def _wall_section(c: _Canvas, x0: float, y: float, width: float, s: int,
                  guards: list[int]) -> None:
    c.d.rectangle((x0 + 2, y - 15, x0 + width - 2, y + 15), fill=(206, 228, 242), outline=INK,
                  width=2)
    c.text((x0 + 14, y), str(s + 1), SMALL, bold=True)
    field = min(17.0, (width - 34) / FIELDS_PER_SECTION)
    for f in range(FIELDS_PER_SECTION):
        fx = x0 + 26 + f * field
        fill = PLAYER[guards[f] % 4] if f < len(guards) else (235, 245, 250)
        c.d.rectangle((fx, y - field / 2 + 1, fx + field - 3, y + field / 2 - 2), fill=fill,
                      outline=INK, width=1)


# ---- the island / the Gift ------------------------------------------------------------------
@dataclass
class _Tag:
    """A harbour's label in the sea, joined to its two corners."""

    a: Point
    b: Point
    centre: Point
    w: float
    h: float
    kind: str
    lines: list[str]

    def shift(self, dx: float, dy: float) -> None:
        self.a = (self.a[0] + dx, self.a[1] + dy)
        self.b = (self.b[0] + dx, self.b[1] + dy)
        self.centre = (self.centre[0] + dx, self.centre[1] + dy)


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


def _harbour_tags(c: _Canvas) -> list[_Tag]:
    tags = []
    for a, b, kind in harbour_edges(c.board):
        shared = set(c.board["vertices"][a]["hexes"]) & set(c.board["vertices"][b]["hexes"])
        (ax, ay), (bx, by) = c.vertex(a), c.vertex(b)
        hx, hy = c.hex_centre(shared.pop())
        mx, my = (ax + bx) / 2, (ay + by) / 2
        norm = math.hypot(mx - hx, my - hy) or 1.0
        nx, ny = (mx - hx) / norm, (my - hy) / norm
        res = kind.split()[-1]
        lines = ["3:1"] if kind == "3:1" else ["2:1", c.t(f"catan.res.{res}")]
        w = max(_width(line, SMALL, True) for line in lines) + 12
        h = 18.0 * len(lines) + 6
        # far enough out that the label's nearest side clears the coast by 12 px
        reach = 12 + abs(nx) * w / 2 + abs(ny) * h / 2
        tags.append(_Tag((ax, ay), (bx, by), (mx + nx * reach, my + ny * reach), w, h, kind,
                         lines))
    return tags


def _harbours(c: _Canvas) -> None:
    for tag in c.tags:
        for corner in (tag.a, tag.b):
            c.d.line((*corner, *tag.centre), fill=PAPER, width=3)
    for tag in c.tags:
        x, y = tag.centre
        box = (x - tag.w / 2, y - tag.h / 2, x + tag.w / 2, y + tag.h / 2)
        res = tag.kind.split()[-1]
        c.d.rounded_rectangle(box, 6, fill=RESOURCE_COLOUR.get(res, PAPER), outline=INK,
                              width=2)
        for i, line in enumerate(tag.lines):
            _tag_text(c, (x, box[1] + 12 + i * 18), line, res in RESOURCE_COLOUR)


def _tag_text(c: _Canvas, xy: Point, text: str, on_colour: bool) -> None:
    if on_colour:  # outlined white reads on every terrain colour, light or dark
        c.text(xy, text, SMALL, fill=WHITE, bold=True, stroke=2, stroke_fill=INK)
    else:
        c.text(xy, text, SMALL, bold=True)


def _hexes(c: _Canvas) -> None:
    for h, info in enumerate(c.board["hexes"]):
        pts = [c.vertex(v) for v in info["vertices"]]
        c.d.polygon(pts, fill=TERRAIN.get(info["terrain"], (200, 200, 200)), outline=BORDER,
                    width=3)
        cx, cy = c.hex_centre(h)
        c.text((cx, cy + LETTER_DY), letter(h), TITLE, fill=WHITE, bold=True, stroke=2,
               stroke_fill=INK)
        number = info.get("number")
        if number:
            _number_token(c, (cx, cy + NUMBER_DY), int(number))


def _number_token(c: _Canvas, xy: Point, number: int) -> None:
    cx, cy = xy
    red = number in (6, 8)
    colour = (200, 30, 30) if red else INK
    c.disc(xy, NUMBER_R, PAPER, width=1)
    c.text((cx, cy - 3), str(number), 18, fill=colour, bold=red)
    pips = PIPS.get(number, 0)
    for i in range(pips):
        x = cx + (i - (pips - 1) / 2) * 4.5
        c.d.ellipse((x - 1.5, cy + 8, x + 1.5, cy + 11), fill=colour)


def _road_line(c: _Canvas, a: Point, b: Point, colour: Any) -> None:
    (ax, ay), (bx, by) = a, b
    c.d.line((ax, ay, bx, by), fill=INK, width=13)
    c.d.line((ax, ay, bx, by), fill=colour, width=8)


def _roads(c: _Canvas) -> None:
    for road in c.board["roads"]:
        a, b = c.board["edges"][road["edge"]]
        (ax, ay), (bx, by) = c.vertex(a), c.vertex(b)
        # shortened, so the corners (and what stands on them) stay visible
        _road_line(c, (ax + (bx - ax) * 0.16, ay + (by - ay) * 0.16),
                   (bx - (bx - ax) * 0.16, by - (by - ay) * 0.16), PLAYER[road["seat"] % 4])


def _building(c: _Canvas, xy: Point, kind: str, colour: Any) -> None:
    x, y = xy
    if kind == "keep":
        s = 13
        pts = [(x - s, y + s), (x - s, y - s), (x - s / 2, y - s), (x - s / 2, y - s / 2),
               (x, y - s / 2), (x, y - s), (x + s / 2, y - s), (x + s / 2, y - s / 2),
               (x + s, y - s / 2), (x + s, y + s)]
    else:
        s = 10
        pts = [(x - s, y + s * 0.8), (x - s, y - s * 0.2), (x, y - s * 1.1),
               (x + s, y - s * 0.2), (x + s, y + s * 0.8)]
    c.d.polygon(pts, fill=colour, outline=INK, width=2)


def _buildings(c: _Canvas) -> None:
    for b in c.board["buildings"]:
        _building(c, c.vertex(b["vertex"]), b["kind"], PLAYER[b["seat"] % 4])


def _tormund_token(c: _Canvas, xy: Point, r: float) -> None:
    c.disc(xy, r, TORMUND_COLOUR, outline=(240, 240, 240), width=3)
    c.text(xy, c.t("catan.img.mark.tormund"), int(r * 1.3), fill=(240, 240, 240), bold=True)


def _wildling(c: _Canvas, xy: Point, kind: str, r: float) -> None:
    mark = c.t(f"catan.img.mark.{kind}") if kind in WILDLING_COLOUR else "?"
    c.disc(xy, r, WILDLING_COLOUR.get(kind, (90, 90, 90)), outline=(240, 240, 240))
    c.text(xy, mark, max(SMALL, int(r * 1.2)), fill=WHITE, bold=True)


def _tokens(c: _Canvas) -> None:
    on_hex: dict[int, list[Callable[[Point, float], None]]] = {}
    h = c.board.get("tormund")
    if h is not None:
        on_hex.setdefault(int(h), []).append(lambda xy, r: _tormund_token(c, xy, r))
    if c.nw:
        for g, kind in (c.view["wall"].get("gift") or {}).items():
            on_hex.setdefault(int(g), []).append(
                lambda xy, r, k=str(kind): _wildling(c, xy, k, r))
    for hx, tokens in on_hex.items():
        cx, cy = c.hex_centre(hx)
        if len(tokens) == 1 and not c.board["hexes"][hx].get("number"):
            tokens[0]((cx, cy + 4), 18)  # no number token: the middle is free
            continue
        n = min(len(tokens), 2)
        for (dx, dy), token in zip(TOKEN_SPOTS[n], tokens, strict=False):
            token((cx + dx, cy + dy), TOKEN_R[n])


# ---- below the map: the players and the legend ----------------------------------------------
def _players(c: _Canvas, top: float) -> float:
    view = c.view
    current = view.get("current") if view.get("phase") != "over" else None
    y = top + 8
    row_h = 54
    for p in view.get("players", []):
        seat = int(p["seat"])
        mid = y + 15
        if seat == current:
            c.d.rounded_rectangle((PAD - 6, y - 4, c.w - PAD + 6, y + row_h - 4), 8,
                                  fill=HIGHLIGHT, outline=INK, width=3)
            c.d.polygon([(PAD, mid - 8), (PAD + 12, mid), (PAD, mid + 8)], fill=INK)
        _swatch(c, (PAD + 30, mid), PLAYER[seat % 4], 11)
        x = PAD + 50
        name = c.seat_name(seat)
        c.text((x, mid), name, TITLE, anchor="lm", bold=True)
        x += _width(name, TITLE, True) + 12
        for key, holder in (("catan.badge.longest_road", "longest_road"),
                            ("catan.badge.largest_watch", "largest_watch")):
            if view.get(holder) == seat:
                x = _badge(c, (x, mid), c.t(key)) + 8
        if seat == current:
            c.text((c.w - PAD, mid), c.t("catan.img.on_turn"), BODY, anchor="rm", bold=True)
        facts = [c.t("catan.img.player", vp=p["vp"], cards=p["cards"],
                     dev=p["development_cards"], road=p["road_length"])]
        if "guards_on_wall" in p:
            facts.append(c.t("catan.img.guards", n=p["guards_on_wall"]))
        line = " · ".join(facts)
        c.text((PAD + 50, mid + 22), line, _fit(line, 15, c.w - PAD - 50 - PAD),
               anchor="lm")
        y += row_h
    return y


def _badge(c: _Canvas, xy: Point, text: str) -> float:
    x, y = xy
    w = _width(text, SMALL, True) + 12
    c.d.rounded_rectangle((x, y - 11, x + w, y + 11), 6, fill=(70, 60, 40))
    c.text((x + w / 2, y), text, SMALL, fill=WHITE, bold=True)
    return x + w


def _legend(c: _Canvas, top: float) -> float:
    """Icons with their words, laid out left to right and wrapped."""
    items: list[tuple[float, Callable[[Point], None], str]] = []

    def terrain_icon(terrain: str) -> Callable[[Point], None]:
        def draw(xy: Point) -> None:
            x, y = xy
            r = 11
            pts = [(x + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a)))
                   for a in range(30, 390, 60)]
            c.d.polygon(pts, fill=TERRAIN[terrain], outline=INK, width=1)
        return draw

    for terrain, res in YIELD.items():
        items.append((22, terrain_icon(terrain), c.t(f"catan.res.{res}")))
    if any(h["terrain"] == "ice_field" for h in c.board["hexes"]):
        items.append((22, terrain_icon("ice_field"),
                      c.t("catan.img.barren", terrain=c.t("catan.terrain.ice_field"))))

    def harbour_icon(xy: Point) -> None:
        x, y = xy
        w = _width("3:1", SMALL, True) + 12
        c.d.rounded_rectangle((x - w / 2, y - 12, x + w / 2, y + 12), 6, fill=PAPER,
                              outline=INK, width=2)
        _tag_text(c, xy, "3:1", False)

    items.append((_width("3:1", SMALL, True) + 12, harbour_icon, c.t("catan.img.harbours")))
    items.append((34, lambda xy: _road_line(c, (xy[0] - 15, xy[1] + 5), (xy[0] + 15, xy[1] - 5),
                                            PAPER), c.t("catan.img.piece.road")))
    items.append((22, lambda xy: _building(c, (xy[0], xy[1] + 1), "settlement", PAPER),
                  c.t("catan.img.piece.settlement")))
    items.append((28, lambda xy: _building(c, xy, "keep", PAPER), c.t("catan.img.piece.keep")))
    items.append((28, lambda xy: _tormund_token(c, xy, 13), c.t("catan.img.tormund")))
    if c.nw:
        for kind in WILDLING_COLOUR:
            items.append((28, lambda xy, k=kind: _wildling(c, xy, k, 13),
                          c.t(f"catan.img.wildling.{kind}")))
        items.append((20, lambda xy: _swatch(c, xy, PAPER, 8), c.t("catan.img.guard")))
    x, y = float(PAD), top + 16
    for icon_w, draw, words in items:
        span = icon_w + 6 + _width(words, 15)
        if x > PAD and x + span > c.w - PAD:
            x, y = float(PAD), y + 30
        draw((x + icon_w / 2, y))
        c.text((x + icon_w + 6, y), words, 15, anchor="lm")
        x += span + 18
    return y + 20


def render(view: dict[str, Any], locale: str | None = None) -> bytes:
    """The public view → PNG bytes (never pass a private view: its "you" is ignored)."""
    c = _Canvas(view, locale)
    y = _header(c) + 8
    if c.nw:
        y = _north(c, y)
    c.d.rectangle((0, y, c.w, MAX_HEIGHT), fill=NW_BG if c.nw else SEA)
    bottom = c.place_map(y)
    _harbours(c)
    _hexes(c)
    _roads(c)
    _tokens(c)
    _buildings(c)
    c.d.rectangle((0, bottom, c.w, MAX_HEIGHT), fill=PANEL_BG)
    y = _legend(c, _players(c, bottom + 4) + 4) + PAD
    buf = io.BytesIO()
    # A flat-coloured board fits a 256-colour palette: the PNG is half the size and encodes
    # in half the time of RGB, which was most of the render.
    image = c.img.crop((0, 0, c.w, int(y))).quantize(256, method=Image.Quantize.FASTOCTREE)
    image.save(buf, "PNG", compress_level=6)
    return buf.getvalue()
