"""The Fort board image (Pillow, on the board kit ``bot.render.kit``) from the PUBLIC view
only, designed for the 400×300 box Discord shows it in.

Top: what the table is doing (round and phase) and whom it waits for — at the end, the winner.
Then one panel per player: their colour, name and VP (the final score once the game is over:
the same figure the result posts), the Leader's star, the fort level track 0–5, Stuff and Pack
(pizza and toys), hand/deck/discard counts, the Yard's cards and the Lookout's (symbols only:
Lookout cards are secret) and the cards in play. Then the Park (or, at the end, the final
standings) and a legend naming every symbol. Card names, Perks, cats and Made-Up Rules are in
the board message's embed (``board_embed.py``): at chat size there is no room to read them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.fort.names import SUIT_ORDER, card_name, phase_text, seat_name, tr
from bot.i18n import DEFAULT_LOCALE
from bot.render.kit import (
    GREY,
    HIGHLIGHT,
    INK,
    RGB,
    WHITE,
    LegendItem,
    Sheet,
    display_name,
    legend,
    legend_row_height,
    legend_rows,
    panel_grid,
    player_chip,
    player_label,
    score_track,
    status_bar,
    tint,
)
from rules.fort.data import ctype

WIDTH, HEIGHT = 800, 600
PAD = 8

BG: RGB = (246, 240, 226)
PANEL: RGB = (255, 252, 245)
MUTED: RGB = (95, 90, 80)
DOG: RGB = (120, 72, 30)
GOLD: RGB = (222, 170, 20)
PLAYER: dict[str, RGB] = {"red": (200, 50, 50), "yellow": (222, 180, 30),
                          "green": (60, 150, 70), "orange": (235, 130, 40)}
SUIT: dict[str, RGB] = {"book": (60, 105, 200), "crown": (150, 80, 190),
                        "glue": (70, 160, 80), "shovel": (140, 95, 55),
                        "skateboard": (215, 80, 50), "squirt_gun": (30, 160, 190),
                        "coin": (215, 170, 30)}
PIZZA: RGB = (240, 170, 40)
TOY: RGB = (70, 120, 220)


# ---- symbols -------------------------------------------------------------------------------
def suit_icon(s: Sheet, cx: float, cy: float, suit: str, r: float) -> None:
    """A suit symbol: a coloured disc with a white glyph (drawn for a disc of radius ``r``)."""
    d = s.draw
    col = SUIT.get(suit, GREY)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=col, outline=INK, width=1)
    k = r / 11
    w = WHITE

    def p(dx: float, dy: float) -> tuple[float, float]:
        return cx + dx * k, cy + dy * k

    if suit == "book":
        d.rectangle((*p(-6, -5), *p(6, 5)), fill=w)
        d.line((*p(0, -5), *p(0, 5)), fill=col, width=max(1, round(2 * k)))
    elif suit == "crown":
        d.polygon([p(-7, 5), p(-7, -4), p(-3, 0), p(0, -6), p(3, 0), p(7, -4), p(7, 5)], fill=w)
    elif suit == "glue":
        d.ellipse((*p(-5, -2), *p(5, 7)), fill=w)
        d.polygon([p(-4, 1), p(0, -7), p(4, 1)], fill=w)
    elif suit == "shovel":
        d.line((*p(-6, -6), *p(1, 1)), fill=w, width=max(1, round(3 * k)))
        d.polygon([p(-1, 2), p(3, -2), p(7, 4), p(4, 7)], fill=w)
    elif suit == "skateboard":
        d.rounded_rectangle((*p(-8, -3), *p(8, 1)), radius=2 * k, fill=w)
        d.ellipse((*p(-6, 2), *p(-2, 6)), fill=w)
        d.ellipse((*p(2, 2), *p(6, 6)), fill=w)
    elif suit == "squirt_gun":
        d.rectangle((*p(-8, -5), *p(5, -1)), fill=w)
        d.rectangle((*p(1, -1), *p(5, 7)), fill=w)
        d.rectangle((*p(-9, -4), *p(-7, -2)), fill=w)
    else:  # coin
        d.ellipse((*p(-6, -6), *p(6, 6)), outline=w, width=max(1, round(2 * k)))
        d.ellipse((*p(-2, -2), *p(2, 2)), fill=w)


def resource_icon(s: Sheet, cx: float, cy: float, res: str, r: float) -> None:
    """A pizza slice or a toy block, about ``2r`` across."""
    d = s.draw
    k = r / 9
    if res == "pizza":
        d.polygon([(cx - 9 * k, cy - 7 * k), (cx + 9 * k, cy - 7 * k), (cx, cy + 9 * k)],
                  fill=PIZZA, outline=INK)
        d.line((cx - 9 * k, cy - 7 * k, cx + 9 * k, cy - 7 * k), fill=(170, 100, 30),
               width=max(1, round(3 * k)))
        for px, py in ((-3, -3), (3, -2), (0, 3)):
            d.ellipse((cx + (px - 1.5) * k, cy + (py - 1.5) * k, cx + (px + 1.5) * k,
                       cy + (py + 1.5) * k), fill=(190, 40, 30))
    else:
        d.rounded_rectangle((cx - 8 * k, cy - 8 * k, cx + 8 * k, cy + 8 * k), radius=3 * k,
                            fill=TOY, outline=INK)
        d.ellipse((cx - 3 * k, cy - 3 * k, cx + 3 * k, cy + 3 * k), fill=(255, 220, 60))


def star(s: Sheet, cx: float, cy: float, r: float, fill: RGB = GOLD) -> None:
    pts = [(cx + (r if i % 2 == 0 else r * 0.45) * math.sin(i * math.pi / 5),
            cy - (r if i % 2 == 0 else r * 0.45) * math.cos(i * math.pi / 5)) for i in range(10)]
    s.draw.polygon(pts, fill=fill, outline=INK)


def _card(s: Sheet, x: float, y: float, h: float, suits: Sequence[str], dog: bool = False,
          fill: RGB | None = None, label: str = "") -> float:
    """A card as its symbols on a tinted tile; returns its width."""
    r = h * 0.36
    w = 6 + len(suits) * (2 * r + 3) + 3
    first = SUIT.get(suits[0], GREY) if suits else GREY
    s.draw.rounded_rectangle((x, y, x + w, y + h), radius=h / 5,
                             fill=fill or tint(first, 0.7), outline=DOG if dog else MUTED,
                             width=3 if dog else 1)
    for i, suit in enumerate(suits):
        suit_icon(s, x + 6 + r + i * (2 * r + 3), y + h / 2, suit, r)
    s.symbol(x, y, x + w, y + h, label)
    return w


def _cards_row(s: Sheet, label: str, cards: Sequence[Sequence[str]], dogs: Sequence[bool],
               x: float, y: float, right: float, h: float, empty: str = "—") -> None:
    """``label`` then the cards' tiles, as many as fit (then "+n")."""
    size = s.min_px
    b = s.fitted((x, y + h / 2), label, right - x, size, MUTED, bold=True, anchor="lm")
    cx = b.x1 + size / 2
    if not cards:
        if empty:
            s.fitted((cx, y + h / 2), empty, right - cx, size, MUTED, anchor="lm")
        return
    plus_w = s.measure("+99", size, True) + 4
    for i, (suits, dog) in enumerate(zip(cards, dogs, strict=True)):
        w = 6 + len(suits) * (2 * h * 0.36 + 3) + 3
        last = i == len(cards) - 1
        if cx + w > right - (0 if last else plus_w):
            more = f"+{len(cards) - i}"
            if cx + s.measure(more, size, True) <= right:  # else the label's count says it
                s.text((cx, y + h / 2), more, size, MUTED, bold=True, anchor="lm")
            return
        cx += _card(s, cx, y, h, suits, dog) + 4


# ---- sections ------------------------------------------------------------------------------
def _name(view: Mapping[str, Any], seat: int, loc: str) -> str:
    return player_label(view, seat, seat_name(seat, loc, view), loc)


def _scores(view: Mapping[str, Any]) -> dict[int, int]:
    """Each seat's VP as the board shows it: the final score once the game is over (what the
    result posts), else the track."""
    result = view.get("result")
    if result is not None:
        return {int(k): int(v) for k, v in (result.get("scores") or {}).items()}
    return {int(p["seat"]): int(p.get("vp", 0)) for p in view.get("players", [])}


def _header(s: Sheet, view: Mapping[str, Any], loc: str) -> float:
    y = status_bar(s, (0, 0, WIDTH, round(s.min_px * 2)), phase_text(view, loc), "",
                   size=s.px(1.05), max_lines=2) + 3
    result = view.get("result")
    line_h = round(s.min_px * 1.4)
    if result is not None:
        scores = _scores(view)
        winners = [int(w) for w in result.get("winners", [])]
        text = tr("fort.img.winner", loc, n=len(winners),
                  winners=", ".join(_name(view, w, loc) for w in winners),
                  vp=scores.get(winners[0], 0) if winners else 0)
        s.fitted((PAD, y + line_h / 2), text, WIDTH - 2 * PAD, s.px(1.1), (170, 40, 40),
                 bold=True, anchor="lm")
        return y + line_h + 3
    parts = []
    if view.get("awaiting"):
        parts.append(tr("fort.img.waiting", loc, seats=", ".join(
            _name(view, int(w), loc) for w in view["awaiting"])))
    pending = view.get("pending") or []
    if pending and pending[-1].get("kind") == "draft":
        done = sum(1 for x in pending[-1].get("committed", []) if x)
        parts.append(tr("fort.img.draft", loc, done=done, total=view.get("n", 0)))
    if view.get("end"):
        parts.append(tr("fort.img.end", loc, reason=tr(f"fort.end.{view['end']}", loc)))
    s.fitted((PAD, y + line_h / 2), " · ".join(parts) or "—", WIDTH - 2 * PAD, s.min_px,
             MUTED, bold=True, anchor="lm")
    return y + line_h + 3


def _panel(s: Sheet, view: Mapping[str, Any], p: Mapping[str, Any], loc: str,
           box: tuple[float, float, float, float], vp: int) -> None:
    x0, y0, x1, y1 = box
    seat = int(p["seat"])
    colour = PLAYER.get(str(p["colour"]), GREY)
    over = view.get("result") is not None
    leader = seat == view.get("leader") and not over
    waited = seat in (view.get("awaiting") or []) and not over
    s.draw.rounded_rectangle(box, radius=10, fill=PANEL, outline=colour, width=5 if waited else 2)
    s.frame(*box, label=f"seat {seat}")
    size = s.min_px
    x, right = x0 + 8, x1 - 8
    row = math.ceil(size * 1.28)
    step = row + 1
    y = y0 + 4
    name_x = x
    if leader:
        star(s, x + size * 0.6, y + row / 2, size * 0.6)
        s.symbol(x, y + row / 2 - size * 0.6, x + size * 1.2, y + row / 2 + size * 0.6, "leader")
        name_x = x + size * 1.3
    player_chip(s, name_x, y, right - name_x, colour, _name(view, seat, loc),
                tr("fort.img.vp", loc, n=vp), size=size, active=waited,
                short=display_name(view, seat) or "")
    y += round(size * 1.5) + 2
    # The fort level 0-5 and the Stuff beside it.
    lab = s.text((x, y + row / 2), tr("fort.img.level", loc), size, MUTED, bold=True,
                 anchor="lm")
    stuff = p.get("stuff") or {}
    stuff_w = _counts_width(s, stuff, size)
    cell = min(row - 2, (right - stuff_w - lab.x1 - 6 - size * 0.4) / 6 - 2)
    tx = score_track(s, lab.x1 + 6, y + (row - cell) / 2, 6, int(p.get("level", 0)), colour,
                     cell=cell, size=size)
    _counts(s, max(tx + size * 0.4, right - stuff_w), y + row / 2, stuff, size)
    y += step
    pack = p.get("pack") or {}
    used = int(pack.get("pizza", 0)) + int(pack.get("toy", 0))
    lab = s.text((x, y + row / 2), tr("fort.img.pack", loc, used=used, cap=p.get("pack_cap", 0)),
                 size, MUTED, bold=True, anchor="lm")
    cx = _counts(s, lab.x1 + size * 0.5, y + row / 2, pack, size)
    if not over:
        lookout = [list(x) for x in p.get("lookout_suits") or []]
        _cards_row(s, tr("fort.img.lookout_n", loc, n=len(lookout),
                         cap=p.get("lookout_cap", 0)),
                   lookout, [False] * len(lookout), cx + size * 0.3, y, right, row, empty="")
    y += step
    s.fitted((x, y + row / 2), tr("fort.img.piles", loc, hand=p.get("hand_n", 0),
                                  deck=p.get("deck_n", 0), discard=len(p.get("discard") or [])),
             right - x, size, MUTED, anchor="lm")
    y += step
    yard = list(p.get("yard") or [])
    _cards_row(s, tr("fort.img.yard", loc), [ctype(c).suits for c in yard],
               [ctype(c).kind == "dog" for c in yard], x, y, right, row)
    y += step
    played = list(p.get("played") or [])
    if played and y + row <= y1:
        _cards_row(s, tr("fort.img.played", loc), [ctype(c).suits for c in played],
                   [ctype(c).kind == "dog" for c in played], x, y, right, row)


def _counts_width(s: Sheet, counts: Mapping[str, Any], size: int) -> float:
    return sum(size * 1.1 + 3 + s.measure(str(counts.get(r, 0)), size, True) + size * 0.5
               for r in ("pizza", "toy")) - size * 0.5


def _counts(s: Sheet, x: float, cy: float, counts: Mapping[str, Any], size: int) -> float:
    """Pizza and toy icons with their counts; returns the x after them."""
    for res in ("pizza", "toy"):
        r = size * 0.55
        resource_icon(s, x + r, cy, res, r)
        s.symbol(x, cy - r, x + 2 * r, cy + r, res)
        b = s.text((x + 2 * r + 3, cy), str(counts.get(res, 0)), size, INK, bold=True,
                   anchor="lm")
        x = b.x1 + size * 0.5
    return x


def _park(s: Sheet, view: Mapping[str, Any], loc: str, y: float) -> float:
    size = s.min_px
    row = math.ceil(size * 1.5)
    b = s.text((PAD, y + row / 2), tr("fort.img.park", loc), size, MUTED, bold=True,
               anchor="lm")
    deck = tr("fort.img.park_deck", loc, n=view.get("park_deck_n", 0))
    deck_w = s.measure(deck, size)
    s.text((WIDTH - PAD, y + row / 2), deck, size, MUTED, anchor="rm")
    park = list(view.get("park") or [])
    x = b.x1 + size / 2
    room = WIDTH - PAD - deck_w - size - x
    each = room / max(3, len(park))
    for cid in park:
        ct = ctype(cid)
        w = _card(s, x, y, row, ct.suits, ct.kind == "dog")
        s.fitted((x + w + 4, y + row / 2), card_name(cid, loc), each - w - 12, size,
                 anchor="lm")
        x += each
    return y + row + 4


def _standings(s: Sheet, view: Mapping[str, Any], loc: str, y: float) -> float:
    """The final ranking, one line: what the result posts."""
    scores = _scores(view)
    parts = []
    for rank, group in enumerate((view.get("result") or {}).get("ranking", []), start=1):
        for seat in group:
            parts.append(tr("fort.img.standing", loc, rank=rank, seat=_name(view, int(seat), loc),
                            vp=scores.get(int(seat), 0)))
    return s.wrapped(PAD, y, tr("fort.img.standings", loc, list=" · ".join(parts)),
                     WIDTH - 2 * PAD, s.min_px, INK, bold=True, max_lines=3, leading=1.2)


def _legend_items(view: Mapping[str, Any], loc: str) -> list[LegendItem]:
    items: list[LegendItem] = []
    for suit in SUIT_ORDER:
        items.append(LegendItem(
            lambda sh, b, su=suit: suit_icon(sh, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, su,
                                             (b[2] - b[0]) / 2),
            tr(f"fort.suit.{suit}", loc)))
    for res in ("pizza", "toy"):
        items.append(LegendItem(
            lambda sh, b, r=res: resource_icon(sh, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, r,
                                               (b[2] - b[0]) / 2),
            tr(f"fort.res.{res}", loc)))
    if view.get("result") is None:
        items.append(LegendItem(
            lambda sh, b: star(sh, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, (b[2] - b[0]) / 2),
            tr("fort.img.leader", loc)))
        items.append(LegendItem(
            lambda sh, b: sh.draw.rectangle(b, fill=HIGHLIGHT, outline=MUTED),
            tr("fort.img.awaited", loc)))
    if (view.get("config") or {}).get("dogs"):
        items.append(LegendItem(
            lambda sh, b: sh.draw.rounded_rectangle(b, radius=4, outline=DOG, width=3),
            tr("fort.img.dog_legend", loc)))
    return items


def draw(view: Mapping[str, Any], locale: str | None = None) -> Sheet:
    """The board on a kit ``Sheet`` (its ``layout`` records every label, for tests)."""
    loc = locale or DEFAULT_LOCALE
    s = Sheet(WIDTH, HEIGHT, BG)
    y = _header(s, view, loc)
    players = list(view.get("players", []))
    scores = _scores(view)
    size = s.min_px
    items = _legend_items(view, loc)
    legend_top = HEIGHT - PAD - legend_rows(s, PAD, WIDTH - PAD, items) * legend_row_height(size)
    bottom = legend_top - (
        3 * math.ceil(size * 1.2) if view.get("result") is not None else math.ceil(size * 1.5))
    grid = panel_grid((PAD, y, WIDTH - PAD, bottom - 6), len(players), 2, gap=6)
    for p, box in zip(players, grid, strict=True):
        _panel(s, view, p, loc, box, scores.get(int(p["seat"]), 0))
    if view.get("result") is not None:
        _standings(s, view, loc, bottom)
    else:
        _park(s, view, loc, bottom)
    legend(s, PAD, legend_top, WIDTH - PAD, items)
    return s


def render(view: dict[str, Any], locale: str | None = None) -> bytes:
    """The public view → PNG bytes (a private view's secrets are never drawn: only the
    public fields are read)."""
    return draw(view, locale).png()
