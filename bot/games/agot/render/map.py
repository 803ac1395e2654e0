"""The map layers: static cells, borders and labels drawn once per process; per render the
control tints, the pieces of each area, support lines and the attack arrow."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.games.agot.render.geometry import (
    ICONS_DY,
    NAME_DY,
    UNITS_DY,
    geometry,
    missing_links,
)
from bot.games.agot.render.sprites import (
    BORDER_STYLE,
    _edge_kind,
    _paste,
    _shade,
    crest_sprite,
    display_name,
    icon_sprite,
    neutral_sprite,
    order_sprite,
    power_sprite,
    unit_sprite,
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
from rules.agot.board import Board, board


@dataclass
class StaticLayers:
    base: Image.Image  # the whole canvas: map and empty panel
    overlay: Image.Image  # the map's lines and lettering only (RGBA), laid again over tints
    masks: dict[str, tuple[tuple[int, int, int, int], Image.Image]]  # land area -> bbox, mask
    tinted: dict[tuple[str, int], Image.Image]  # (area, alpha) -> scaled mask, filled lazily


@lru_cache(maxsize=1)
def static_layers() -> StaticLayers:
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
    for area in b.area_ids:
        _static_label(overlay, od, b, area, g.anchors[area], g.map_width)
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
    return StaticLayers(base, overlay, masks, {})


def _static_label(overlay: Image.Image, od: ImageDraw.ImageDraw, b: Board, area: str,
                  at: Point, map_width: int) -> None:
    """Name, then castle / barrels / crowns / home crest in one row under it."""
    sea = b.is_sea[area]
    ink, halo = (SEA_INK, (40, 70, 110)) if sea else (LAND_INK, (240, 230, 204))
    name = display_name(b, area)
    half = font(14).getlength(name) / 2 + 3
    x = min(max(at[0], half), map_width - half)  # names at the map's edge stay whole
    od.text((x, at[1] + NAME_DY), name, font=font(14), anchor="mm",
            fill=(*ink, 255), stroke_width=2, stroke_fill=(*halo, 255))
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
    width = sum(i.width for i in icons) + 2 * max(0, len(icons) - 1)
    x = at[0] - width / 2
    for icon in icons:
        overlay.alpha_composite(icon, (round(x), round(at[1] + ICONS_DY - icon.height / 2)))
        x += icon.width + 2


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
    crop = layers.overlay.crop(bbox)
    img.paste(crop, bbox[:2], crop)


def _order_sprite(b: Board, order: dict[str, Any], house: str) -> Image.Image:
    token = order.get("token")
    tok = b.tokens.get(token) if isinstance(token, str) else None
    if tok is None:
        # No token id in the public view means the order is still face down.
        return order_sprite(house, None)
    return order_sprite(house, tok.kind, tok.bonus, tok.special)


def _draw_area(img: Image.Image, b: Board, at: Point, info: dict[str, Any], houses: list[str],
               map_width: int) -> None:
    chips: list[Image.Image] = []
    house = info.get("house")
    if house:
        for kind in ("footmen", "knights", "ships"):
            n = int(info.get(kind) or 0)
            if n:
                chips.append(unit_sprite(kind, house, n))
        routed = info.get("routed") or {}
        for kind in ("footmen", "knights", "ships"):
            n = int(routed.get(kind) or 0)
            if n:
                chips.append(unit_sprite(kind, house, n, routed=True))
    neutral = info.get("neutral")
    if neutral:
        chips.append(neutral_sprite(int(neutral.get("strength") or 0), neutral.get("house")))
    order = info.get("order")
    token_house = info.get("power_token")
    if token_house:
        _paste(img, power_sprite(token_house), at[0] - 54, at[1] + ICONS_DY)
    seat = order.get("seat") if order else None
    owner = houses[seat] if isinstance(seat, int) and 0 <= seat < len(houses) else house
    sprites = chips + ([_order_sprite(b, order, owner or "")] if order else [])
    # Centre the whole row (units, then the order) under the name, kept inside the map.
    width = sum(c.width for c in sprites) + 3 * max(0, len(sprites) - 1)
    x = min(max(at[0] - width / 2, 2.0), map_width - width - 2)
    for sprite in sprites:
        _paste(img, sprite, x + sprite.width / 2, at[1] + UNITS_DY)
        x += sprite.width + 3


#: Half the size of the box an area's name and pieces take around its anchor.
LABEL_HALF = (62.0, 34.0)


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


# ---------------------------------------------------------------------------------- panel

