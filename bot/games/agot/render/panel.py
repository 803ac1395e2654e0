"""The panel beside the AGoT map, drawn on the board kit for Discord's chat box: the round and
phase, whom the game waits for (at the end, the winner and the standings the result posts),
the wildling threat, and every house — its colour, its player's name, castles held of those
needed to win, power tokens and supply — with a legend of those symbols. The map beside it is
for the opened image; this panel reads at chat size."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image

from bot.games.agot.render.sprites import icon_sprite, power_sprite
from bot.games.agot.render.style import house_style
from bot.i18n import msg, view_text
from bot.i18n import render as tr_render
from bot.render.kit import (
    LegendItem,
    Sheet,
    legend,
    legend_row_height,
    legend_rows,
    player_chip,
    player_label,
    status_bar,
)
from rules.agot.board import board

PAPER = (238, 230, 210)
MUTED = (90, 80, 66)
WINNER = (150, 30, 30)
HIGHLIGHT = (255, 226, 120)


def _t(key: str, locale: str | None, **params: Any) -> str:
    return tr_render(msg(key, **params), locale)


@lru_cache(maxsize=32)
def _icon(name: str, house: str, size: int) -> Image.Image:
    """A map symbol scaled to ``size`` px high (cached: sprites are small)."""
    sprite = power_sprite(house) if name == "power" else icon_sprite(name)
    w = max(1, round(sprite.width * size / sprite.height))
    return sprite.resize((w, size), Image.Resampling.LANCZOS)


def _paste(s: Sheet, name: str, house: str, box: tuple[float, float, float, float]) -> float:
    """The symbol centred in ``box``'s height at its left; returns the x after it."""
    size = round(box[3] - box[1])
    icon = _icon(name, house, size)
    x, y = round(box[0]), round(box[1])
    s.img.paste(icon, (x, y), icon)
    s.symbol(x, y, x + icon.width, y + icon.height, name)
    return x + icon.width


def house_name(view: dict[str, Any], seat: int, locale: str | None) -> str:
    """A seat's house (house names are proper names: the same in every language)."""
    for s in view.get("seats") or []:
        if s.get("seat") == seat:
            house = str(s.get("house", ""))
            return str(s.get("name") or board().house_name.get(house, house))
    return ""


def draw_panel(s: Sheet, view: dict[str, Any], locale: str | None, x0: float) -> None:
    """The panel from ``x0`` to the sheet's right edge."""
    f = s.min_px
    x1 = s.width
    pad = round(f * 0.2)
    s.draw.rectangle((x0, 0, x1, s.height), fill=PAPER)
    phase = view_text(view.get("phase_label"), locale) or _t(
        "agot.img.round", locale, round=int(view.get("round") or 0))
    # A battle's phase line is long: a third line fits beside four houses, not five.
    lines = 3 if len(view.get("seats") or []) <= 4 else 2
    y = status_bar(s, (x0, 0, x1, round(f * 1.9)), phase, size=f, max_lines=lines) + pad
    left, room = x0 + pad, x1 - x0 - 2 * pad
    result = view.get("result")
    seats = list(view.get("seats") or [])
    if result is not None:
        winners = ", ".join(player_label(view, int(w), house_name(view, int(w), locale), locale)
                            for w in result.get("winners") or [])
        y = s.wrapped(left, y, _t("agot.img.winner", locale, winners=winners), room, f,
                      WINNER, bold=True, max_lines=2)
        order = [int(seat) for group in result.get("ranking") or [] for seat in group]
        seats.sort(key=lambda p: order.index(int(p["seat"])) if int(p["seat"]) in order else 99)
    elif view.get("awaiting"):
        names = ", ".join(player_label(view, int(w), house_name(view, int(w), locale), locale)
                          for w in view["awaiting"])
        y = s.wrapped(left, y, _t("agot.img.waiting", locale, players=names), room, f, MUTED,
                      bold=True, max_lines=1)
    y = s.wrapped(left, y, _t("agot.img.wildlings", locale,
                              threat=int(view.get("wildling_threat") or 0)), room, f, MUTED,
                  max_lines=1) + pad
    items = [
        LegendItem(lambda sh, b: _paste(sh, "castle", "", b), _t("agot.img.legend.castles",
                                                                 locale)),
        LegendItem(lambda sh, b: _paste(sh, "power", "stark", b),
                   _t("agot.img.legend.power", locale)),
        LegendItem(lambda sh, b: _paste(sh, "barrel", "", b), _t("agot.img.legend.supply",
                                                                 locale)),
    ]
    rows = legend_rows(s, left, x1 - pad, items, spacing=0.6)
    legend_top = s.height - pad - rows * legend_row_height(f)
    awaited = set(view.get("awaiting") or []) if result is None else set()
    scores = (result or {}).get("scores") or {}
    row = math.ceil(f * 1.3)
    for p in seats:
        if y + 2 * row > legend_top:
            break
        seat = int(p["seat"])
        st = house_style(str(p.get("house", "")))
        chip = player_chip(s, left, y, room, st.fill, player_label(
            view, seat, house_name(view, seat, locale), locale), "", size=f,
            active=seat in awaited, highlight=HIGHLIGHT)
        y = chip.y1
        x = left + f * 1.4
        castles = scores.get(str(seat), p.get("castles", 0))
        stats = [("castle", "", f"{castles}/{view.get('castles_to_win', 7)}"),
                 ("power", str(p.get("house", "")), str(p.get("power", 0))),
                 ("barrel", "", str(p.get("supply", 0)))]
        for name, house, value in stats:
            x = _paste(s, name, house, (x, y + (row - f) / 2, x + f, y + (row + f) / 2)) + 4
            b = s.text((x, y + row / 2), value, f, anchor="lm")
            x = b.x1 + f * 0.7
        y += row + pad
    legend(s, left, legend_top, x1 - pad, items, spacing=0.6)
