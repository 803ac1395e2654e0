"""The Catan board image (Pillow, on the board kit ``bot.render.kit``) from the PUBLIC view
only, in the server's language, designed for the 400×300 box Discord shows it in.

Landscape, 800×600: a bar on top says what the game waits for and the turn; the map fills the
left — hexes in terrain colours with their letters A, B, C… (the letters the Discord selects
use: "corner A/B/E", "path A–B") and number tokens (6 and 8 in red), harbours as tiles in the
sea ("3:1", or "2:1" in the colour of the resource they take), roads, settlements and keeps in
player colours, Tormund and the wildlings; in Night's Watch mode the Wall above the Gift — the
clans' camps, the trails, each section's clearing and its guards. On the right the dice, the
deck (and the breaches) and every player by name and colour with VP, cards, development cards,
road length (and guards), the player whose turn it is highlighted. A legend under both names
every colour and symbol. Every word comes from the catalog in the locale asked for.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.i18n import msg, view_text
from bot.i18n import render as tr_render
from bot.render.kit import (
    INK,
    LegendItem,
    Sheet,
    legend,
    legend_row_height,
    legend_rows,
    player_chip,
    player_label,
    status_bar,
)
from rules.catan_watch.data import (
    CAMPS_PER_CLAN,
    CLAN_TRAILS,
    FIELDS_PER_SECTION,
    N_SECTIONS,
    TRAIL_SECTION,
    WALL,
)
from rules.catan_watch.names import letter

WIDTH, HEIGHT = 800, 600
PAD = 8
#: The map's share of the width; the players' column takes the rest.
MAP_WIDTH = 520
SQ3 = math.sqrt(3)

SEA = (58, 110, 165)
NW_BG = (70, 92, 120)
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
ROAD_BADGE = (150, 110, 40)
WATCH_BADGE = (60, 70, 90)

Point = tuple[float, float]
Box4 = tuple[float, float, float, float]


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


# ---- harbours -------------------------------------------------------------------------------
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


@dataclass
class _Tag:
    """A harbour's tile in the sea (in hex radii from the map's corner, plus a fixed reach
    in pixels along the coast's outward normal), joined to its two corners."""

    a: int
    b: int
    mid: Point
    normal: Point
    kind: str


def _tags(c: _Board) -> list[_Tag]:
    tags = []
    for a, b, kind in harbour_edges(c.board):
        shared = set(c.board["vertices"][a]["hexes"]) & set(c.board["vertices"][b]["hexes"])
        h = c.board["hexes"][shared.pop()]
        va, vb = c.board["vertices"][a], c.board["vertices"][b]
        ax, ay = c.unit(va["x"], va["y"])
        bx, by = c.unit(vb["x"], vb["y"])
        hx, hy = c.unit(2 * h["q"] + h["r"], 3 * h["r"])
        mx, my = (ax + bx) / 2, (ay + by) / 2
        norm = math.hypot(mx - hx, my - hy) or 1.0
        tags.append(_Tag(a, b, (mx, my), ((mx - hx) / norm, (my - hy) / norm), kind))
    return tags


def _tag_size(c: _Board) -> tuple[float, float]:
    return c.s.measure("2:1", c.f, True) + 12, c.f + 10


def _tag_centre(c: _Board, tag: _Tag) -> Point:
    w, h = _tag_size(c)
    nx, ny = tag.normal
    reach = 10 + abs(nx) * w / 2 + abs(ny) * h / 2
    return (c.ox + tag.mid[0] * c.r + nx * reach, c.oy + tag.mid[1] * c.r + ny * reach)


def _fit_map(c: _Board, tags: list[_Tag], box: Box4) -> None:
    """The largest hex radius at which the map and its harbour tiles fit ``box``, centred."""
    w, h = _tag_size(c)
    pts = [c.unit(v["x"], v["y"]) for v in c.board["vertices"]]
    reach = [(t, 10 + abs(t.normal[0]) * w / 2 + abs(t.normal[1]) * h / 2) for t in tags]

    def extent(r: float) -> Box4:
        xs = [x * r for x, _ in pts]
        ys = [y * r for _, y in pts]
        for t, k in reach:
            cx, cy = t.mid[0] * r + t.normal[0] * k, t.mid[1] * r + t.normal[1] * k
            xs += [cx - w / 2, cx + w / 2]
            ys += [cy - h / 2, cy + h / 2]
        return min(xs), min(ys), max(xs), max(ys)

    lo, hi = 10.0, 90.0
    for _ in range(14):
        mid = (lo + hi) / 2
        x0, y0, x1, y1 = extent(mid)
        if x1 - x0 <= box[2] - box[0] and y1 - y0 <= box[3] - box[1]:
            lo = mid
        else:
            hi = mid
    c.r = lo
    x0, y0, x1, y1 = extent(lo)
    c.ox = box[0] + (box[2] - box[0] - (x1 - x0)) / 2 - x0
    c.oy = box[1] + (box[3] - box[1] - (y1 - y0)) / 2 - y0


def _harbours(c: _Board, tags: list[_Tag]) -> None:
    w, h = _tag_size(c)
    for tag in tags:
        centre = _tag_centre(c, tag)
        for corner in (c.vertex(tag.a), c.vertex(tag.b)):
            c.s.draw.line((*corner, *centre), fill=PAPER, width=3)
    for tag in tags:
        x, y = _tag_centre(c, tag)
        res = tag.kind.split()[-1]
        c.s.draw.rounded_rectangle((x - w / 2, y - h / 2, x + w / 2, y + h / 2), 6,
                                   fill=RESOURCE_COLOUR.get(res, PAPER), outline=INK, width=2)
        _rate(c, (x, y), "3:1" if tag.kind == "3:1" else "2:1", res in RESOURCE_COLOUR)


def _rate(c: _Board, xy: Point, text: str, on_colour: bool) -> None:
    if on_colour:  # outlined white reads on every terrain colour, light or dark
        c.s.text(xy, text, c.f, WHITE, bold=True, anchor="mm", stroke=2, stroke_fill=INK)
    else:
        c.s.text(xy, text, c.f, bold=True, anchor="mm")


# ---- the hexes and the pieces ---------------------------------------------------------------
def _outlined(c: _Board, xy: Point, text: str) -> None:
    """A hex letter: bold white, outlined, at the floor size."""
    c.s.text(xy, text, c.f, WHITE, bold=True, anchor="mm", stroke=2, stroke_fill=INK)


def _spots(c: _Board, h: int, tokens: int) -> tuple[Point, Point | None, list[Point]]:
    """Where the letter, the number token and the tokens (Tormund, wildlings) sit on hex
    ``h``. A roomy hex has the letter at the top, the number in the middle, a token beside
    the number and a second under them; a small one (the Gift under the Wall) has the letter
    higher and the number lower, a token right of the number and a second left of the
    letter."""
    cx, cy = c.hex_centre(h)
    r = c.r
    has_number = bool(c.board["hexes"][h].get("number"))
    nr = _number_r(c)
    if r < 44:
        letter_at = (cx, cy - 0.47 * r)
        if not tokens:
            return letter_at, (cx, cy + 0.33 * r) if has_number else None, []
        second = (cx - 0.62 * r, cy - 0.42 * r)
        if not has_number:
            return letter_at, None, [(cx, cy + 0.3 * r), second][:tokens]
        return letter_at, (cx - 0.3 * r, cy + 0.3 * r), [(cx + 0.45 * r, cy + 0.3 * r),
                                                         second][:tokens]
    letter_at = (cx, cy - 0.55 * r)
    if not tokens:
        return letter_at, (cx, cy + 0.12 * r) if has_number else None, []
    if not has_number:
        spots = [(cx, cy + 0.12 * r), (cx, cy + 0.62 * r)]
        return letter_at, None, spots[:tokens]
    spots = [(cx + nr + 1, cy + 0.08 * r), (cx, cy + 0.08 * r + 2 * nr)]
    return letter_at, (cx - nr - 1, cy + 0.08 * r), spots[:tokens]


def _number_r(c: _Board) -> float:
    return c.s.measure("10", c.f) / 2 + (3 if c.r >= 44 else 1)


def _token_r(c: _Board) -> float:
    return c.f * (0.62 if c.r >= 44 else 0.55)


def _number_token(c: _Board, xy: Point, number: int) -> None:
    red = number in (6, 8)
    colour = (200, 30, 30) if red else INK
    c.disc(xy, _number_r(c), PAPER, width=1)
    c.s.text(xy, str(number), c.f, fill=colour, bold=red, anchor="mm")


def _road_line(c: _Board, a: Point, b: Point, colour: Any, k: float = 1.0) -> None:
    (ax, ay), (bx, by) = a, b
    c.s.draw.line((ax, ay, bx, by), fill=INK, width=max(5, round(12 * k)))
    c.s.draw.line((ax, ay, bx, by), fill=colour, width=max(3, round(7 * k)))


def _roads(c: _Board) -> None:
    k = c.r / 48
    for road in c.board["roads"]:
        a, b = c.board["edges"][road["edge"]]
        (ax, ay), (bx, by) = c.vertex(a), c.vertex(b)
        # shortened, so the corners (and what stands on them) stay visible
        _road_line(c, (ax + (bx - ax) * 0.16, ay + (by - ay) * 0.16),
                   (bx - (bx - ax) * 0.16, by - (by - ay) * 0.16), PLAYER[road["seat"] % 4], k)


def _building(c: _Board, xy: Point, kind: str, colour: Any, k: float = 1.0) -> None:
    x, y = xy
    if kind == "keep":
        s = 13 * k
        pts = [(x - s, y + s), (x - s, y - s), (x - s / 2, y - s), (x - s / 2, y - s / 2),
               (x, y - s / 2), (x, y - s), (x + s / 2, y - s), (x + s / 2, y - s / 2),
               (x + s, y - s / 2), (x + s, y + s)]
    else:
        s = 10 * k
        pts = [(x - s, y + s * 0.8), (x - s, y - s * 0.2), (x, y - s * 1.1),
               (x + s, y - s * 0.2), (x + s, y + s * 0.8)]
    c.s.draw.polygon(pts, fill=colour, outline=INK, width=2)


def _buildings(c: _Board) -> None:
    k = max(0.8, c.r / 48)
    for b in c.board["buildings"]:
        _building(c, c.vertex(b["vertex"]), b["kind"], PLAYER[b["seat"] % 4], k)


def _mark(c: _Board, xy: Point, r: float, fill: Any, ring: Any, mark: str) -> None:
    c.disc(xy, r, fill, outline=ring, width=2)
    c.s.text(xy, mark, c.f, fill=WHITE, bold=True, anchor="mm", kind="symbol")


def _tormund_token(c: _Board, xy: Point, r: float) -> None:
    _mark(c, xy, r, TORMUND_COLOUR, (240, 240, 240), c.t("catan.img.mark.tormund"))


def _wildling(c: _Board, xy: Point, kind: str, r: float) -> None:
    mark = c.t(f"catan.img.mark.{kind}") if kind in WILDLING_COLOUR else "?"
    _mark(c, xy, r, WILDLING_COLOUR.get(kind, (90, 90, 90)), (240, 240, 240), mark)


def _tokens(c: _Board) -> dict[int, list[Callable[[Point, float], None]]]:
    on_hex: dict[int, list[Callable[[Point, float], None]]] = {}
    h = c.board.get("tormund")
    if h is not None:
        on_hex.setdefault(int(h), []).append(lambda xy, r: _tormund_token(c, xy, r))
    if c.nw:
        for g, kind in (c.view["wall"].get("gift") or {}).items():
            on_hex.setdefault(int(g), []).append(
                lambda xy, r, k=str(kind): _wildling(c, xy, k, r))
    return on_hex


# ---- the Wall (Night's Watch) ---------------------------------------------------------------
def _wall_height(c: _Board) -> float:
    f = c.f
    return f * 1.3 + f * 1.6 + f * 1.5 + f * 2.6 + 8


def _north(c: _Board, box: Box4) -> None:
    """The clans with their camps, the trails to the Wall's sections, each section's
    clearing (wildlings waiting) and its guard fields."""
    wall = c.view["wall"]
    x0, y0, x1, _y1 = box
    f = c.f
    tr = _token_r(c)
    clans_h = f * 1.3 + f * 1.5
    trails_y = y0 + clans_h + f * 0.8
    sect_top = trails_y + f * 0.8
    sect_h = f * 2.6
    width = (x1 - x0) / N_SECTIONS
    section_x = [x0 + (s + 0.5) * width for s in range(N_SECTIONS)]
    clans = wall.get("clans") or []
    cw = (x1 - x0) / max(1, len(clans))
    # trails first, so the boxes and the discs cover their ends
    for i, _clan in enumerate(clans):
        cx0 = x0 + i * cw + 3
        for j, trail in enumerate(CLAN_TRAILS[i] if i < len(CLAN_TRAILS) else []):
            sx = cx0 + 14 + j * (tr * 2 + 4)
            tx = section_x[TRAIL_SECTION.get(trail, 0)] + (-width / 5 if trail % 2 else width / 5)
            c.s.draw.line((sx, y0 + clans_h, tx, sect_top), fill=(200, 190, 170), width=3)
    for i, clan in enumerate(clans):
        bx = (x0 + i * cw + 3, y0, x0 + (i + 1) * cw - 3, y0 + clans_h)
        c.s.draw.rounded_rectangle(bx, 8, fill=(235, 240, 245), outline=INK, width=2)
        name = c.t(f"catan.img.clan.{WALL['clans'][i]['id']}") if i < len(WALL["clans"]) \
            else str(clan.get("name", ""))
        c.s.fitted(((bx[0] + bx[2]) / 2, y0 + f * 0.7), name, bx[2] - bx[0] - 8, f,
                   anchor="mm")
        camps = clan.get("camps") or []
        step = (bx[2] - bx[0] - 8) / CAMPS_PER_CLAN
        cy = y0 + f * 1.3 + f * 0.75
        for k in range(CAMPS_PER_CLAN):
            # camp 1 (nearest the trails) on the right-hand side of the box
            cx = bx[0] + 4 + (CAMPS_PER_CLAN - 1 - k) * step + step / 2
            if k < len(camps):
                _wildling(c, (cx, cy), str(camps[k]), tr)
            else:
                c.disc((cx, cy), tr, (250, 250, 250), outline=(120, 120, 120), width=1)
                c.s.text((cx, cy), str(k + 1), f, fill=(120, 120, 120), anchor="mm")
    for i, _clan in enumerate(clans):
        cx0 = x0 + i * cw + 3
        for j, trail in enumerate(CLAN_TRAILS[i] if i < len(CLAN_TRAILS) else []):
            sx = cx0 + 14 + j * (tr * 2 + 4)
            tx = section_x[TRAIL_SECTION.get(trail, 0)] + (-width / 5 if trail % 2 else width / 5)
            mid = ((sx + tx) / 2, trails_y)
            c.disc(mid, tr, PAPER, width=1)
            c.s.text(mid, c.t("catan.img.trail", n=trail), f, bold=True, anchor="mm")
    for s, section in enumerate(wall["sections"]):
        sx0 = x0 + s * width + 2
        sx1 = sx0 + width - 4
        c.s.draw.rectangle((sx0, sect_top, sx1, sect_top + sect_h), fill=(206, 228, 242),
                           outline=INK, width=2)
        c.s.text((sx0 + f * 0.5, sect_top + sect_h / 2), str(s + 1), f, bold=True,
                 anchor="mm")
        # the clearing: wildlings waiting in front of this section
        clearing = [str(k) for k in section.get("clearing") or []]
        room = sx1 - sx0 - f * 1.2
        cstep = min(tr * 2 + 2, room / max(1, len(clearing)))
        for k, kind in enumerate(clearing):
            _wildling_dot(c, (sx0 + f * 1.2 + tr + k * cstep, sect_top + tr + 2), kind, tr)
        # the guard fields, in the guards' colours
        guards = section.get("guards") or []
        field = min(f * 0.8, room / FIELDS_PER_SECTION)
        gy = sect_top + sect_h - field - 4
        for k in range(FIELDS_PER_SECTION):
            fx = sx0 + f * 1.2 + k * field
            fill = PLAYER[guards[k] % 4] if k < len(guards) else (235, 245, 250)
            c.s.draw.rectangle((fx, gy, fx + field - 2, gy + field), fill=fill, outline=INK,
                               width=1)


def _wildling_dot(c: _Board, xy: Point, kind: str, r: float) -> None:
    """A wildling in a clearing: its colour and mark, as in the camps."""
    _wildling(c, xy, kind, r * 0.8 if r * 1.6 >= c.f else r)


# ---- the players' column --------------------------------------------------------------------
def _facts(c: _Board) -> list[str]:
    view = c.view
    facts = [c.t("catan.img.deck", n=view.get("development_deck", 0))]
    dice = view.get("dice") or []
    if dice and view.get("rolled"):
        facts.insert(0, c.t("catan.img.dice_nw", a=dice[0], b=dice[1], w=dice[2])
                     if len(dice) > 2 else c.t("catan.img.dice", a=dice[0], b=dice[1]))
    return facts


def _side_height(c: _Board, width: float) -> float:
    """How tall the players' column is, before its own legend."""
    f = c.f
    lines = sum(min(2, len(c.s.lines(fact, width, f, True))) for fact in _facts(c))
    height = lines * math.ceil(f * 1.25)
    if c.nw:
        height += 2 * math.ceil(f * 1.25)
        if c.board.get("tormund") is None:
            height += math.ceil(f * 1.2)
    chip = math.ceil(f * 1.5)
    return height + 4 + len(c.view.get("players", [])) * (chip + math.ceil(f * 1.32) + 4)


def _stat_items(c: _Board) -> list[LegendItem]:
    return [LegendItem(lambda s, b: _cards_icon(c, b), c.t("catan.img.cards")),
            LegendItem(lambda s, b: _dev_icon(c, b), c.t("catan.img.dev")),
            LegendItem(lambda s, b: _length_icon(c, b), c.t("catan.img.length"))]


def _side(c: _Board, box: Box4) -> None:
    view = c.view
    x0, y0, x1, y1 = box
    f = c.f
    row = math.ceil(f * 1.32)
    y = y0
    for fact in _facts(c):
        y = c.s.wrapped(x0, y, fact, x1 - x0, f, bold=True, max_lines=2, leading=1.25)
    if c.nw:
        wall = view["wall"]
        for fact in (c.t("catan.img.breaches", n=wall.get("breaches", 0)),
                     c.t("catan.img.gift", n=wall.get("wildlings_in_gift", 0))):
            c.s.fitted((x0, y), fact, x1 - x0, f, bold=True)
            y += math.ceil(f * 1.25)
        if c.board.get("tormund") is None:
            y = c.s.wrapped(x0, y, c.t("catan.img.tormund_camp"), x1 - x0, f, max_lines=1)
    y += 4
    over = view.get("phase") == "over"
    current = view.get("current") if not over else None
    for p in view.get("players", []):
        if y + row * 2 > y1:
            break
        seat = int(p["seat"])
        chip = player_chip(c.s, x0, y, x1 - x0, PLAYER[seat % 4], c.name(seat),
                           c.t("catan.img.vp", n=p["vp"]), size=f, active=seat == current,
                           highlight=HIGHLIGHT)
        y = chip.y1
        x = x0 + f * 1.3
        stats = [(_cards_icon, p["cards"]), (_dev_icon, p["development_cards"]),
                 (_length_icon, p["road_length"])]
        if "guards_on_wall" in p:
            stats.append((_guard_icon, p["guards_on_wall"]))
        for icon, value in stats:
            icon(c, (x, y + (row - f) / 2, x + f, y + (row + f) / 2))
            b = c.s.text((x + f + 3, y + row / 2), str(value), f, anchor="lm")
            x = b.x1 + f * 0.6
        for holder, colour in (("longest_road", ROAD_BADGE), ("largest_watch", WATCH_BADGE)):
            if view.get(holder) == seat and x + f <= x1:
                _badge(c, (x, y + (row - f) / 2, x + f, y + (row + f) / 2), colour)
                x += f * 1.3
        y += row + 4


def _cards_icon(c: _Board, box: Box4) -> None:
    """Resource cards in hand: two overlapping cards."""
    x0, y0, x1, y1 = box
    w = (x1 - x0) * 0.62
    c.s.draw.rectangle((x0, y0 + 3, x0 + w, y1), fill=PAPER, outline=INK)
    c.s.draw.rectangle((x1 - w, y0, x1, y1 - 3), fill=(250, 246, 232), outline=INK)
    c.s.symbol(*box, label="cards")


def _dev_icon(c: _Board, box: Box4) -> None:
    """Development cards: a purple card with a star."""
    x0, y0, x1, y1 = box
    w = (x1 - x0) * 0.7
    mx = (x0 + x1) / 2
    c.s.draw.rectangle((mx - w / 2, y0, mx + w / 2, y1), fill=(110, 70, 150), outline=INK)
    c.s.draw.ellipse((mx - w / 5, (y0 + y1) / 2 - w / 5, mx + w / 5, (y0 + y1) / 2 + w / 5),
                     fill=(240, 220, 120))
    c.s.symbol(*box, label="development cards")


def _length_icon(c: _Board, box: Box4) -> None:
    """A player's longest road: a bent road of three pieces."""
    x0, y0, x1, y1 = box
    pts = [(x0 + 1, y1 - 3), (x0 + (x1 - x0) / 3, y0 + 3), (x0 + 2 * (x1 - x0) / 3, y1 - 3),
           (x1 - 1, y0 + 3)]
    c.s.draw.line(pts, fill=INK, width=6)
    c.s.draw.line(pts, fill=PAPER, width=3)
    c.s.symbol(*box, label="road length")


def _guard_icon(c: _Board, box: Box4) -> None:
    x0, y0, x1, y1 = box
    c.s.draw.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), fill=PAPER, outline=INK, width=1)
    c.s.symbol(*box, label="guards")


def _badge(c: _Board, box: Box4, colour: Any) -> None:
    """A held title (Longest Road, Largest Watch): a ribbon in its colour."""
    x0, y0, x1, y1 = box
    c.s.draw.polygon([(x0, y0), (x1, y0), (x1, y1), ((x0 + x1) / 2, y1 - (y1 - y0) / 3),
                      (x0, y1)], fill=colour, outline=INK)
    c.s.symbol(x0, y0, x1, y1, "badge")


# ---- the status bar and the legend ----------------------------------------------------------
def _status(c: _Board) -> float:
    view = c.view
    if view.get("phase") == "over":
        winners = ", ".join(c.name(int(w)) for w in (view.get("result") or {}).get(
            "winners", []))
        left = (c.t("catan.img.over", winners=winners) if winners
                else c.t("catan.img.over_none"))
    else:
        left = view_text(view.get("phase_label"), c.locale)
    right = c.t("catan.img.turn", turn=view.get("turn", 0))
    return status_bar(c.s, (0, 0, WIDTH, round(c.f * 2)), left, right, size=c.f,
                      max_lines=2)


def _legend_items(c: _Board) -> list[LegendItem]:
    def terrain(t: str) -> Callable[[Sheet, Box4], None]:
        def draw(s: Sheet, b: Box4) -> None:
            x, y, r = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, (b[2] - b[0]) / 2
            pts = [(x + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a)))
                   for a in range(30, 390, 60)]
            s.draw.polygon(pts, fill=TERRAIN[t], outline=INK, width=1)
        return draw

    items = [LegendItem(terrain(t), c.t(f"catan.res.{res}")) for t, res in YIELD.items()]
    if any(h["terrain"] == "ice_field" for h in c.board["hexes"]):
        items.append(LegendItem(terrain("ice_field"),
                                c.t("catan.img.barren", terrain=c.t("catan.terrain.ice_field"))))

    def harbour(s: Sheet, b: Box4) -> None:
        s.draw.rounded_rectangle(b, 4, fill=PAPER, outline=INK, width=2)

    items.append(LegendItem(harbour, c.t("catan.img.harbours_short")))
    mid = lambda b: ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)  # noqa: E731
    k = c.f / 26
    # Only the symbols the board shows: a crowded legend would leave the map no room.
    kinds = {b["kind"] for b in c.board["buildings"]}
    if c.board["roads"]:
        items.append(LegendItem(lambda s, b: _road_line(c, (b[0], b[3] - 3), (b[2], b[1] + 3),
                                                        PAPER, k), c.t("catan.img.piece.road")))
    if "settlement" in kinds:
        items.append(LegendItem(lambda s, b: _building(c, mid(b), "settlement", PAPER, k),
                                c.t("catan.img.piece.settlement")))
    if "keep" in kinds:
        items.append(LegendItem(lambda s, b: _building(c, mid(b), "keep", PAPER, k * 0.85),
                                c.t("catan.img.piece.keep")))
    if c.board.get("tormund") is not None:
        items.append(LegendItem(lambda s, b: _tormund_token(c, mid(b), (b[2] - b[0]) / 2 + 2),
                                c.t("catan.img.tormund")))
    if c.nw:
        wall = c.view["wall"]
        shown = {str(w) for clan in wall.get("clans") or [] for w in clan.get("camps") or []}
        shown |= {str(w) for sec in wall["sections"] for w in sec.get("clearing") or []}
        shown |= {str(w) for w in (wall.get("gift") or {}).values()}
        for kind in WILDLING_COLOUR:
            if kind in shown:
                items.append(LegendItem(
                    lambda s, b, k2=kind: _wildling(c, mid(b), k2, (b[2] - b[0]) / 2 + 2),
                    c.t(f"catan.img.wildling.{kind}")))
        items.append(LegendItem(lambda s, b: _guard_icon(c, b), c.t("catan.img.guard")))
    for holder, colour, key in (("longest_road", ROAD_BADGE, "catan.badge.longest_road"),
                                ("largest_watch", WATCH_BADGE, "catan.badge.largest_watch")):
        if c.view.get(holder) is not None:
            items.append(LegendItem(lambda s, b, col=colour: _badge(c, b, col), c.t(key)))
    return items


def plan(view: Mapping[str, Any], locale: str | None = None) -> _Board:
    """The board with its status bar and map placed (nothing else drawn yet): where each
    hex is, for ``draw`` and for tests."""
    c = _Board(view, locale)
    f = c.f
    c.top = _status(c) + 4
    c.items = _legend_items(c)
    # The players' own symbols go under them when the column has room (the map gains a
    # legend row), else into the legend below.
    c.side_stats = []
    rows = legend_rows(c.s, PAD, WIDTH - PAD, c.items, spacing=0.55)
    c.legend_top = HEIGHT - 4 - rows * legend_row_height(f, 1.3)
    side_room = c.legend_top - 4 - c.top
    if _side_height(c, WIDTH - PAD - MAP_WIDTH - PAD) + 3 * legend_row_height(f, 1.2) \
            <= side_room:
        c.side_stats = _stat_items(c)
    else:
        c.items += _stat_items(c)
        rows = legend_rows(c.s, PAD, WIDTH - PAD, c.items, spacing=0.55)
        c.legend_top = HEIGHT - 4 - rows * legend_row_height(f, 1.3)
    c.s.draw.rectangle((0, c.top - 4, MAP_WIDTH, c.legend_top - 4), fill=NW_BG if c.nw else SEA)
    map_top = c.top
    if c.nw:
        map_top = c.top + _wall_height(c) + 4
    c.tags = _tags(c)
    _fit_map(c, c.tags, (PAD, map_top, MAP_WIDTH - PAD, c.legend_top - 8))
    return c


def draw(view: Mapping[str, Any], locale: str | None = None) -> Sheet:
    """The board on a kit ``Sheet`` (its ``layout`` records every label, for tests)."""
    c = plan(view, locale)
    f = c.f
    if c.nw:
        _north(c, (PAD, c.top, MAP_WIDTH - PAD, c.top + _wall_height(c)))
    _harbours(c, c.tags)
    on_hex = _tokens(c)
    # hexes under the roads and buildings; letters, numbers and tokens over them
    for info in c.board["hexes"]:
        c.s.draw.polygon([c.vertex(v) for v in info["vertices"]],
                         fill=TERRAIN.get(info["terrain"], (200, 200, 200)), outline=BORDER,
                         width=3)
    _roads(c)
    _buildings(c)
    for h, info in enumerate(c.board["hexes"]):
        tokens = on_hex.get(h, [])[:2]
        letter_at, number_at, spots = _spots(c, h, len(tokens))
        _outlined(c, letter_at, letter(h))
        if number_at is not None:
            _number_token(c, number_at, int(info["number"]))
        for spot, token in zip(spots, tokens, strict=False):
            token(spot, _token_r(c))
    _side(c, (MAP_WIDTH + PAD, c.top, WIDTH - PAD, c.legend_top - 4))
    if c.side_stats:
        legend(c.s, MAP_WIDTH + PAD, c.legend_top - 4 - 3 * legend_row_height(f, 1.2),
               WIDTH - PAD, c.side_stats, columns=1, leading=1.2)
    legend(c.s, PAD, c.legend_top, WIDTH - PAD, c.items, leading=1.3, spacing=0.55)
    return c.s


def render(view: dict[str, Any], locale: str | None = None) -> bytes:
    """The public view → PNG bytes (never pass a private view: its "you" is ignored)."""
    return draw(view, locale).png(palette=True)
