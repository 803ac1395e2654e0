"""The houses' image of the AGoT board (the third of its images, after the North and the South of
the map), drawn on the board kit for Discord's 400x300 chat box: the round and phase, whom the
game waits for (at the end, the winner and the standings the result posts), every house — its
colour, its player's name, castles held of those needed to win, power tokens and supply — the
wildling threat, and a legend of every symbol the map draws."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.games.agot.render.sprites import (
    BORDER_STYLE,
    crest_sprite,
    icon_sprite,
    neutral_sprite,
    order_sprite,
    power_sprite,
    unit_sprite,
)
from bot.games.agot.render.style import LAND, house_style
from bot.i18n import msg, view_text
from bot.i18n import render as tr_render
from bot.render.kit import (
    Sheet,
    min_px,
    player_chip,
    player_label,
    status_bar,
)
from rules.agot.board import board

#: The panel's size with five houses: 4:3, Discord's chat box twice over (its words are 22 px,
#: 11 px there); with fewer houses it is shorter by their rows (``panel_size``).
PANEL_SIZE = (800, 600)
HOUSES_MAX = 5
PAPER = (238, 230, 210)
MUTED = (90, 80, 66)
WINNER = (150, 30, 30)
HIGHLIGHT = (255, 226, 120)
#: The house whose colours the legend's pieces are drawn in.
LEGEND_HOUSE = "stark"
#: A legend row's height, in symbol heights.
LEGEND_LEADING = 1.12


def _t(key: str, locale: str | None, **params: Any) -> str:
    return tr_render(msg(key, **params), locale)


def _fitted(sprite: Image.Image, size: int) -> Image.Image:
    """``sprite`` scaled to fit a ``size`` px square."""
    k = size / max(sprite.width, sprite.height)
    w, h = max(1, round(sprite.width * k)), max(1, round(sprite.height * k))
    return sprite.resize((w, h), Image.Resampling.LANCZOS)


def _paste(s: Sheet, sprite: Image.Image, box: tuple[float, float, float, float],
           label: str) -> float:
    """``sprite`` fitted into ``box``'s height, at its left; returns the x after it."""
    icon = _fitted(sprite, round(box[3] - box[1]))
    x = round(box[0])
    y = round((box[1] + box[3]) / 2 - icon.height / 2)
    s.img.paste(icon, (x, y), icon)
    s.symbol(x, y, x + icon.width, y + icon.height, label)
    return x + icon.width


def _order_name(kind: str, locale: str | None) -> str:
    return _t(f"agot.order.{kind}", locale, bonus="").strip()


Entry = tuple[Callable[[], Image.Image], str, str]  # (its sprite, symbol name, meaning)


def legend_items(locale: str | None) -> list[Entry]:
    """Every symbol the map and the houses' rows draw, with what it means."""
    h = LEGEND_HOUSE
    letter = {k: _t(f"agot.img.order.{k}", locale)
              for k in ("march", "defense", "support", "raid", "consolidate")}
    items: list[Entry] = [
        (lambda: unit_sprite("footmen", h, 1), "footmen", _t("agot.unitname.footman", locale)),
        (lambda: unit_sprite("knights", h, 1), "knights", _t("agot.unitname.knight", locale)),
        (lambda: unit_sprite("ships", h, 1), "ships", _t("agot.unitname.ship", locale)),
        (lambda: unit_sprite("footmen", h, 1, routed=True), "routed",
         _t("agot.img.legend.routed", locale)),
        (lambda: neutral_sprite(3), "neutral", _t("agot.img.legend.neutral", locale)),
        (lambda: power_sprite(h), "power", _t("agot.img.legend.power", locale)),
        (lambda: order_sprite(h, None), "order", _t("agot.img.legend.hidden_order", locale)),
    ]
    for kind in ("march", "defense", "support", "raid", "consolidate"):
        items.append((lambda k=kind: order_sprite(h, k, 0, False, letter[k], plain=True),
                      f"order {kind}", _order_name(kind, locale)))
    items += [
        (lambda: icon_sprite("castle"), "castle", _t("agot.img.legend.castles", locale)),
        (lambda: icon_sprite("stronghold"), "stronghold",
         _t("agot.img.legend.stronghold", locale)),
        (lambda: icon_sprite("barrel"), "barrel", _t("agot.img.legend.supply", locale)),
        (lambda: icon_sprite("crown"), "crown", _t("agot.img.legend.crown", locale)),
        (lambda: crest_sprite(h), "crest", _t("agot.img.legend.home", locale)),
        (lambda: _line_sprite("attack"), "attack", _t("agot.img.legend.attack", locale)),
        (lambda: _line_sprite("support"), "support line",
         _t("agot.img.legend.support_line", locale)),
        (lambda: _line_sprite("river"), "river", _t("agot.img.legend.river", locale)),
        (lambda: _line_sprite("link"), "link", _t("agot.img.legend.link", locale)),
    ]
    return items


@lru_cache(maxsize=8)
def _line_sprite(kind: str) -> Image.Image:
    """A short sample of a line the map draws: the attack arrow, a declared support, a river
    (areas that touch but are not adjacent), a dashed link (adjacent areas that do not
    touch), as ``map.py`` draws them, on a scrap of land."""
    w, h = 48, 24
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=6, fill=(*LAND, 255))
    mid = h / 2
    if kind == "attack":
        d.line([(6, mid), (w - 20, mid)], fill=(255, 255, 255), width=9)
        d.line([(6, mid), (w - 20, mid)], fill=(200, 30, 30), width=5)
        d.polygon([(w - 6, mid), (w - 22, mid - 10), (w - 22, mid + 10)], fill=(200, 30, 30),
                  outline=(255, 255, 255))
    elif kind == "support":
        st = house_style(LEGEND_HOUSE)
        d.line([(6, mid), (w - 12, mid)], fill=st.rim, width=7)
        d.line([(6, mid), (w - 12, mid)], fill=st.fill, width=3)
        d.ellipse((w - 17, mid - 5, w - 7, mid + 5), fill=st.fill, outline=st.rim, width=2)
    elif kind == "river":
        colour, width = BORDER_STYLE[("land-land", False)]
        d.line([(w / 2, 2), (w / 2, h - 3)], fill=colour, width=width)
    else:
        d.line([(6, mid), (w - 6, mid)], fill=(238, 226, 196), width=6)
        for x in range(6, w - 6, 10):
            d.line([(x, mid), (x + 5, mid)], fill=(70, 40, 20), width=3)
    return img


def _legend_places(s: Sheet, x: float, right: float, entries: list[Entry], size: int,
                   symbol: int) -> list[tuple[int, float, Image.Image]]:
    """(row, x, fitted sprite) of each entry, left to right, wrapping at ``right``; a
    symbol keeps its own width at ``symbol`` px high (an order token is wider than tall)."""
    places = []
    row, cx = 0, x
    for sprite, _name, label in entries:
        icon = _fitted(sprite(), symbol)
        w = icon.width + size * 0.3 + s.measure(label, size)
        if cx > x and cx + w > right:
            row, cx = row + 1, x
        places.append((row, cx, icon))
        cx += w + size * 0.8
    return places


def legend_height(s: Sheet, x: float, right: float, entries: list[Entry], size: int,
                  symbol: int) -> float:
    places = _legend_places(s, x, right, entries, size, symbol)
    return (places[-1][0] + 1) * math.ceil(symbol * LEGEND_LEADING) if places else 0.0


def draw_legend(s: Sheet, x: float, y: float, right: float, entries: list[Entry], size: int,
                symbol: int) -> None:
    h = math.ceil(symbol * LEGEND_LEADING)
    for (_sprite, name, label), (row, cx, icon) in zip(
            entries, _legend_places(s, x, right, entries, size, symbol), strict=True):
        mid = y + row * h + h / 2
        top = round(mid - icon.height / 2)
        s.img.paste(icon, (round(cx), top), icon)
        s.symbol(round(cx), top, round(cx) + icon.width, top + icon.height, name)
        s.text((cx + icon.width + size * 0.3, mid), label, size, anchor="lm")


def house_name(view: dict[str, Any], seat: int, locale: str | None) -> str:
    """A seat's house (house names are proper names: the same in every language)."""
    for s in view.get("seats") or []:
        if s.get("seat") == seat:
            house = str(s.get("house", ""))
            return str(s.get("name") or board().house_name.get(house, house))
    return ""


def _house_size(f: int) -> int:
    """The font size of the houses' rows on a sheet whose floor is ``f``."""
    return max(f, round(f * 1.1))


def _pitch(f: int) -> float:
    """How far apart two houses' rows are (a chip's height and half a pad)."""
    return math.ceil(_house_size(f) * 1.5) + round(f * 0.4) / 2


def panel_size(view: dict[str, Any]) -> tuple[int, int]:
    """The panel's size: ``PANEL_SIZE`` less the rows of the houses not at the table (a
    shorter box in the thread; the width, and so the scale in chat, stays)."""
    w, h = PANEL_SIZE
    missing = max(0, HOUSES_MAX - len(view.get("seats") or []))
    return w, h - math.floor(missing * _pitch(min_px(w, h)))


def draw_panel(s: Sheet, view: dict[str, Any], locale: str | None) -> None:
    """The whole sheet: phase, whom the game waits for (or the winner) beside the wildling
    threat, the houses' rows, and the legend in the room left (every house always shows)."""
    f = s.min_px
    pad = round(f * 0.4)
    left, right = pad, s.width - pad
    s.draw.rectangle((0, 0, s.width, s.height), fill=PAPER)
    phase = view_text(view.get("phase_label"), locale) or _t(
        "agot.img.round", locale, round=int(view.get("round") or 0))
    y = status_bar(s, (0, 0, s.width, round(f * 2.1)), phase, size=s.px(1.1),
                   max_lines=2) + pad
    result = view.get("result")
    seats = list(view.get("seats") or [])
    line = math.ceil(f * 1.3)
    threat = s.text((right, y + line / 2), _t(
        "agot.img.wildlings", locale, threat=int(view.get("wildling_threat") or 0)), f, MUTED,
        anchor="rm")
    # One line: the awaited houses' rows are highlighted too, so a cut list loses nothing.
    if result is not None:
        winners = ", ".join(player_label(view, int(w), house_name(view, int(w), locale), locale)
                            for w in result.get("winners") or [])
        s.fitted((left, y + line / 2), _t("agot.img.winner", locale, winners=winners),
                 threat.x0 - f - left, f, WINNER, bold=True, anchor="lm")
        order = [int(seat) for group in result.get("ranking") or [] for seat in group]
        seats.sort(key=lambda p: order.index(int(p["seat"])) if int(p["seat"]) in order else 99)
    elif view.get("awaiting"):
        names = ", ".join(player_label(view, int(w), house_name(view, int(w), locale), locale)
                          for w in view["awaiting"])
        s.fitted((left, y + line / 2), _t("agot.img.waiting", locale, players=names),
                 threat.x0 - f - left, f, MUTED, bold=True, anchor="lm")
    y += line + pad / 2
    awaited = set(view.get("awaiting") or []) if result is None else set()
    scores = (result or {}).get("scores") or {}
    # The houses' rows are what a player looks for first: a size larger than the floor.
    hf = _house_size(f)
    row = math.ceil(hf * 1.45)
    col = hf * 4.0  # one stat: its symbol and up to "10/7"
    stats_x = right - 3 * col
    for p in seats:
        seat = int(p["seat"])
        house = str(p.get("house", ""))
        chip = player_chip(s, left, y, stats_x - left - pad, house_style(house).fill,
                           player_label(view, seat, house_name(view, seat, locale), locale),
                           "", size=hf, active=seat in awaited, highlight=HIGHLIGHT)
        castles = scores.get(str(seat), p.get("castles", 0))
        stats = [(icon_sprite("castle"), "castle",
                  f"{castles}/{view.get('castles_to_win', 7)}"),
                 (power_sprite(house), "power", str(p.get("power", 0))),
                 (icon_sprite("barrel"), "barrel", str(p.get("supply", 0)))]
        for k, (sprite, name, value) in enumerate(stats):
            x = _paste(s, sprite, (stats_x + k * col, y + (row - hf) / 2,
                                   stats_x + k * col + hf, y + (row + hf) / 2), name) + hf / 4
            s.text((x, y + row / 2), value, hf, anchor="lm", bold=True)
        y = chip.y1 + pad / 2
    items = legend_items(locale)
    # The symbols as large as the room left allows: at 1.65 font sizes an order token's
    # letter is 11 px in chat; the panel's height leaves room for 1.4 at least.
    room = s.height - pad - y
    symbol = next((size for size in (round(f * k) for k in (1.65, 1.55, 1.45))
                   if legend_height(s, left, right, items, f, size) <= room), round(f * 1.4))
    draw_legend(s, left, s.height - pad - legend_height(s, left, right, items, f, symbol),
                right, items, f, symbol)
