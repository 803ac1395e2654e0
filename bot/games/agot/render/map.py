"""The map layers: static cells, borders and labels drawn once per process and language; per
render the control tints, the pieces of each area, support lines and the attack arrow."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from bot.games.agot.render.geometry import (
    geometry,
    load_layout,
    missing_links,
)
from bot.games.agot.render.sprites import (
    BORDER_STYLE,
    PIECE,
    _edge_kind,
    _shade,
    crest_sprite,
    icon_sprite,
)
from bot.games.agot.render.style import (
    LAND,
    LAND_INK,
    PANEL,
    RGB,
    SEA,
    SEA_INK,
    HouseStyle,
    Point,
    font,
    house_style,
)
from bot.i18n import msg
from bot.i18n import render as tr_render
from rules.agot.board import Board, board

#: Size (px) of area names: a half of the 987 px wide map is shrunk to 0.405 in Discord's
#: 400x300 chat box, where they read at 11.3 px (tests/games/agot/test_board_image.py).
NAME_PX = 28
LINE_H = 30  # one line of a name
#: The height (px) of a name's letters with their halo (its line is ``LINE_H``).
NAME_H = LINE_H - 4
#: The row under the name: the pieces (power token, units, neutral force, order), then the
#: printed castle / barrels / crowns / home crest. One row, not two, keeps a label within a
#: small area's three squares of height.
ROW_H = round(32 * PIECE)
GAP = 2
ICONS_GAP = 8
#: Horizontal room a label may always take, even in a narrow area (it may spill a little).
MIN_NAME_ROOM = 120.0
#: Room (px) the pieces of a busy area take (two units, power token, order), for the label
#: boxes the tests check.
PIECES_REF = (2 * 30 + 28 + 52) * PIECE + 3 * 3


@dataclass(frozen=True)
class Label:
    """Where an area's name, printed icons and pieces go (rows top to bottom)."""

    lines: tuple[str, ...]
    at: Point
    top: float
    map_width: int
    icons_width: float

    @property
    def height(self) -> float:
        return len(self.lines) * LINE_H + GAP + ROW_H

    def line_y(self, k: int) -> float:
        return self.top + LINE_H * (k + 0.5)

    @property
    def row_y(self) -> float:
        return self.top + self.height - ROW_H / 2

    def centre_x(self, width: float) -> float:
        """The centre of a row ``width`` wide under the anchor, kept inside the map."""
        half = width / 2
        return min(max(self.at[0], half + 3), self.map_width - half - 3)

    def box(self, pieces_width: float = PIECES_REF) -> tuple[float, float, float, float]:
        rows = [name_width(line) for line in self.lines] + [pieces_width + self.icons_width]
        left = min(self.centre_x(w) - w / 2 for w in rows)
        right = max(self.centre_x(w) + w / 2 for w in rows)
        return (left, self.top, right, self.top + self.height)


def area_label(area: str, locale: str | None) -> str:
    return tr_render(msg(f"agot.img.area.{area}"), locale)


def name_width(text: str) -> float:
    # The halo (stroke) adds its width on both sides.
    return font(NAME_PX).getlength(text) + 6


def _room(grid: list[str], code: str, at: Point, cell: float) -> float:
    """Width of the area's run of squares through its anchor: what a name may fill."""
    row = grid[min(len(grid) - 1, int(at[1] // cell))]
    x = min(len(row) - 1, int(at[0] // cell))
    lo = hi = x
    while lo > 0 and row[lo - 1] == code:
        lo -= 1
    while hi < len(row) - 1 and row[hi + 1] == code:
        hi += 1
    return (hi - lo + 1) * cell if row[x] == code else 0.0


def _wrap(name: str, room: float) -> tuple[str, ...]:
    """One line if it fits, else the two-line split with the shorter longest line."""
    if name_width(name) <= room or " " not in name:
        return (name,)
    return _two_lines(name)


def _two_lines(name: str) -> tuple[str, ...]:
    words = name.split(" ")
    if len(words) < 2:
        return (name,)
    splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
    return min(splits, key=lambda pair: max(name_width(pair[0]), name_width(pair[1])))


Box = tuple[float, float, float, float]


def name_boxes(lab: Label) -> list[Box]:
    """The boxes of a label's name lines (the letters' height, not the line's leading)."""
    out = []
    for k, line in enumerate(lab.lines):
        w = name_width(line)
        cx, cy = lab.centre_x(w), lab.line_y(k)
        out.append((cx - w / 2, cy - NAME_H / 2, cx + w / 2, cy + NAME_H / 2))
    return out


def _clear(boxes: list[Box], taken: list[Box], gap: float = 3.0) -> bool:
    return not any(min(b[2], t[2]) - max(b[0], t[0]) > -gap
                   and min(b[3], t[3]) - max(b[1], t[1]) > -gap for b in boxes for t in taken)


def _placed(lines: tuple[str, ...], at: Point, map_width: int, map_height: int,
            icons_w: float) -> Label:
    lab = Label(lines, at, 0.0, map_width, icons_w)
    top = min(max(at[1] - lab.height / 2, 2.0), map_height - lab.height - 2)
    return Label(lines, at, top, map_width, icons_w)


@lru_cache(maxsize=4)
def labels(locale: str | None) -> dict[str, Label]:
    """Every area's label, no name over another: the areas with the fewest squares first take
    their name's best spot (one line if it fits the area, else two) at their anchor; an area
    whose name would cross one already placed tries its other wrapping, then the other
    squares of the area nearest its anchor."""
    g = geometry()
    lay = load_layout()
    cell = float(lay["cell"])
    grid: list[str] = lay["grid"]
    size = {code: sum(row.count(code) for row in grid) for code in lay["codes"].values()}
    out: dict[str, Label] = {}
    taken: list[Box] = []
    for area, code in sorted(lay["codes"].items(), key=lambda ac: (size[ac[1]], ac[0])):
        at = g.anchors[area]
        name = area_label(area, locale)
        room = max(_room(grid, code, at, cell), MIN_NAME_ROOM)
        first = _wrap(name, room)
        wraps = [first, *[w for w in ((name,), _two_lines(name)) if w != first]]
        icons = area_icons(area)
        icons_w = (sum(i.width for i in icons) + 2 * (len(icons) - 1) + ICONS_GAP
                   if icons else 0.0)
        squares = sorted((((x + 0.5) * cell, (y + 0.5) * cell)
                          for y, row in enumerate(grid) for x, c in enumerate(row) if c == code),
                         key=lambda p: math.dist(p, at))
        spots = [at, *squares]
        best = _placed(first, at, g.map_width, g.map_height, icons_w)
        for spot in spots:
            found = next((lab for lines in wraps
                          if _clear(name_boxes(
                              lab := _placed(lines, spot, g.map_width, g.map_height, icons_w)),
                              taken)), None)
            if found is not None:
                best = found
                break
        out[area] = best
        taken += name_boxes(best)
    return {area: out[area] for area in lay["codes"]}


@dataclass
class StaticLayers:
    base: Image.Image  # the whole canvas: map and empty status strip
    overlay: Image.Image  # the map's lines only (RGBA), laid again over tints
    names: Image.Image  # the areas' names (RGBA), laid over everything else
    masks: dict[str, tuple[tuple[int, int, int, int], Image.Image]]  # land area -> bbox, mask
    tinted: dict[tuple[str, int], Image.Image]  # (area, alpha) -> scaled mask, filled lazily
    rims: dict[str, Image.Image]  # land area -> a band just inside its border, filled lazily


@lru_cache(maxsize=4)
def static_layers(locale: str | None = None) -> StaticLayers:
    b = board()
    g = geometry()
    fills = Image.new("RGB", (g.width, g.height), PANEL)
    fd = ImageDraw.Draw(fills)
    for area, polys in g.polygons.items():
        col = _shade(SEA, area, 6) if b.is_sea[area] else _shade(LAND, area, 7)
        for poly in polys:
            fd.polygon(poly, fill=col)
    overlay = Image.new("RGBA", (g.width, g.height), (0, 0, 0, 0))
    od = ImageDraw.Draw(overlay)
    for e in g.edges:
        colour, width = BORDER_STYLE[(_edge_kind(b, e.a, e.b), e.b in b.adj_set[e.a])]
        od.line([e.p, e.q], fill=(*colour, 255), width=width)
        if width > 2:
            # Round the joints: a border is many short segments.
            r = (width - 1) / 2
            for x, y in (e.p, e.q):
                od.ellipse((x - r, y - r, x + r, y + r), fill=(*colour, 255))
    # Adjacent areas that do not meet on the map get a dashed link, so no border goes unseen.
    for curve in missing_links(g, b):
        od.line(curve, fill=(238, 226, 196, 255), width=6, joint="curve")
        for k in range(0, len(curve) - 1, 2):
            od.line([curve[k], curve[k + 1]], fill=(70, 40, 20, 255), width=3)
        for x, y in (curve[0], curve[-1]):
            od.ellipse((x - 4, y - 4, x + 4, y + 4), fill=(70, 40, 20, 255))
    # The names on a layer of their own, laid last over each render: a support line, an
    # attack arrow or a leader line never covers a name.
    names = Image.new("RGBA", (g.width, g.height), (0, 0, 0, 0))
    nd = ImageDraw.Draw(names)
    for area, lab in labels(locale).items():
        _static_label(nd, b, area, lab)
    masks: dict[str, tuple[tuple[int, int, int, int], Image.Image]] = {}
    for area, polys in g.polygons.items():
        if b.is_sea[area]:
            continue
        xs = [p[0] for poly in polys for p in poly]
        ys = [p[1] for poly in polys for p in poly]
        bbox = (max(0, math.floor(min(xs))), max(0, math.floor(min(ys))),
                min(g.map_width, math.ceil(max(xs)) + 1), min(g.map_height, math.ceil(max(ys)) + 1))
        mask = Image.new("L", (bbox[2] - bbox[0], bbox[3] - bbox[1]), 0)
        md = ImageDraw.Draw(mask)
        for poly in polys:
            md.polygon([(x - bbox[0], y - bbox[1]) for x, y in poly], fill=255)
        masks[area] = (bbox, mask)
    base = fills.copy()
    base.paste(overlay, (0, 0), overlay)
    return StaticLayers(base, overlay, names, masks, {}, {})


def _static_label(od: ImageDraw.ImageDraw, b: Board, area: str, lab: Label) -> None:
    """The name, on one line or two."""
    sea = b.is_sea[area]
    ink, halo = (SEA_INK, (30, 56, 92)) if sea else (LAND_INK, (244, 236, 212))
    for k, line in enumerate(lab.lines):
        od.text((lab.centre_x(name_width(line)), lab.line_y(k)), line, font=font(NAME_PX),
                anchor="mm", fill=(*ink, 255), stroke_width=3, stroke_fill=(*halo, 255))


@lru_cache(maxsize=64)
def area_icons(area: str) -> tuple[Image.Image, ...]:
    """What the board prints in an area: castle or stronghold, barrels, crowns, home crest."""
    b = board()
    icons: list[Image.Image] = []
    if b.castle[area] == 2:
        icons.append(icon_sprite("stronghold"))
    elif b.castle[area] == 1:
        icons.append(icon_sprite("castle"))
    icons += [icon_sprite("barrel")] * b.supply[area]
    icons += [icon_sprite("crown")] * b.crowns[area]
    home = b.home_of.get(area)
    if home:
        icons.append(crest_sprite(home))
    return tuple(icons)


# ------------------------------------------------------------------------------ the pieces


def _tint(img: Image.Image, layers: StaticLayers, area: str, house: str) -> None:
    if area not in layers.masks:
        return
    st = house_style(house)
    bbox, mask = layers.masks[area]
    key = (area, st.tint_alpha)
    scaled = layers.tinted.get(key)
    if scaled is None:
        scaled = mask.point(lambda v, a=st.tint_alpha: v * a // 255)
        layers.tinted[key] = scaled
    img.paste(st.fill, bbox, scaled)
    rim = layers.rims.get(area)
    if rim is None:
        # A band just inside the border in the house's dark rim colour: a pale tint (Stark's
        # white, Baratheon's yellow) alone is hard to tell from bare parchment.
        rim = ImageChops.subtract(mask, mask.filter(ImageFilter.MinFilter(7)))
        layers.rims[area] = rim
    img.paste(st.rim, bbox, rim)
    crop = layers.overlay.crop(bbox)
    img.paste(crop, bbox[:2], crop)


#: Half the size of the box an area's name and pieces take around its anchor.
LABEL_HALF = (70.0, 44.0)


def _clear_of_labels(p: Point, q: Point, gap: float = 4.0, least: float = 56.0
                     ) -> tuple[Point, Point]:
    """The part of the segment p -> q outside both areas' label boxes, so lines drawn between
    areas do not cover names or pieces. Near neighbours would leave almost nothing: then the
    line keeps at least ``least`` pixels by starting inside the first box."""
    length = math.dist(p, q) or 1.0
    ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
    hw, hh = LABEL_HALF
    # Distance from a box centre to its edge along (ux, uy).
    out = min(hw / abs(ux) if ux else math.inf, hh / abs(uy) if uy else math.inf) + gap
    end = min(out, max(0.0, length - least))
    start = min(out, max(0.0, length - end - least))
    return (p[0] + ux * start, p[1] + uy * start), (q[0] - ux * end, q[1] - uy * end)


def _support_line(d: ImageDraw.ImageDraw, p: Point, q: Point, st: HouseStyle) -> None:
    a, z = _clear_of_labels(p, q)
    d.line([a, z], fill=st.rim, width=7)
    d.line([a, z], fill=st.fill, width=3)
    d.ellipse((z[0] - 5, z[1] - 5, z[0] + 5, z[1] + 5), fill=st.fill, outline=st.rim, width=2)


def _arrow(d: ImageDraw.ImageDraw, p: Point, q: Point, colour: RGB) -> None:
    start, tip = _clear_of_labels(p, q)
    length = math.dist(start, tip) or 1.0
    ux, uy = (tip[0] - start[0]) / length, (tip[1] - start[1]) / length
    d.line([start, tip], fill=(255, 255, 255), width=9)
    d.line([start, tip], fill=colour, width=5)
    wing = 16
    left = (tip[0] - ux * wing - uy * wing * 0.6, tip[1] - uy * wing + ux * wing * 0.6)
    right = (tip[0] - ux * wing + uy * wing * 0.6, tip[1] - uy * wing - ux * wing * 0.6)
    d.polygon([(tip[0] + ux * 4, tip[1] + uy * 4), left, right], fill=colour,
              outline=(255, 255, 255))



