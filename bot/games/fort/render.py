"""The Fort board image (Pillow) from the PUBLIC view only.

Top: the round, the modules, what the table is doing and whom it waits for. Then the table:
the Park's three face-up cards, the Park deck and Made-Up Rule stack counts, the Perk row and
the cats (with their owners). Then one panel per player — the Leader's framed and marked —
with VP, the fort level track 0–5, Stuff (pizza and toys) and Pack, hand/deck/discard counts,
kennel dogs, Made-Up Rules held, Perks, cats owned, the Yard (cards with their symbols and
names), the Lookout (symbols only: the cards are secret) and the cards in play. A legend names
the symbols. Every text comes from the catalog in the given locale, in DejaVu Sans (Czech
letters), and is at least 10 px high when Discord shows the image 520 px wide.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from bot.games.fort.names import (
    SUIT_ORDER,
    card_name,
    cat_name,
    perk_name,
    phase_text,
    rule_name,
    seat_name,
    tr,
    waiting_text,
)
from bot.i18n import DEFAULT_LOCALE, msg
from rules.fort.data import ctype

WIDTH = 780
PREVIEW = 520  # Discord's inline preview width
MIN_PX = 10  # the smallest text height at the preview width
SMALL, TEXT, HEAD, TITLE = 16, 17, 20, 26
PAD = 14
CHIP_H = 30
MAX_HEIGHT = 6000
FONT_DIR = Path(__file__).resolve().parents[2] / "render" / "fonts"

BG = (246, 240, 226)
PANEL = (255, 252, 245)
INK = (30, 30, 30)
MUTED = (95, 90, 80)
LINE = (190, 180, 160)
DOG = (120, 72, 30)
PLAYER = {"red": (200, 50, 50), "yellow": (222, 180, 30), "green": (60, 150, 70),
          "orange": (235, 130, 40)}
SUIT = {"book": (60, 105, 200), "crown": (150, 80, 190), "glue": (70, 160, 80),
        "shovel": (140, 95, 55), "skateboard": (215, 80, 50), "squirt_gun": (30, 160, 190),
        "coin": (215, 170, 30)}
PIZZA = (240, 170, 40)
TOY = (70, 120, 220)

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@lru_cache(maxsize=16)
def _font(size: int, bold: bool = False) -> Font:
    path = FONT_DIR / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    try:
        return ImageFont.truetype(str(path), size)
    except OSError:
        return ImageFont.load_default(size=size)


def _tint(rgb: tuple[int, int, int], amount: float = 0.78) -> tuple[int, int, int]:
    r, g, b = rgb
    return (int(r + (255 - r) * amount), int(g + (255 - g) * amount),
            int(b + (255 - b) * amount))


# ---- drawing primitives --------------------------------------------------------------------
class Canvas:
    def __init__(self, height: int = MAX_HEIGHT) -> None:
        self.img = Image.new("RGB", (WIDTH, height), BG)
        self.d = ImageDraw.Draw(self.img)

    def text(self, xy: tuple[float, float], s: str, size: int = TEXT, fill: Any = INK,
             bold: bool = False, anchor: str = "la") -> float:
        """Draw ``s``; returns its width."""
        font = _font(size, bold)
        self.d.text(xy, s, font=font, fill=fill, anchor=anchor)
        return float(font.getlength(s))

    def width(self, s: str, size: int = TEXT, bold: bool = False) -> float:
        return float(_font(size, bold).getlength(s))

    def wrap(self, x: float, y: float, s: str, right: float, size: int = TEXT,
             fill: Any = INK, bold: bool = False) -> float:
        """Draw ``s`` word-wrapped between x and ``right``; returns the y below it."""
        line = ""
        step = size + 6
        for word in s.split(" "):
            trial = f"{line} {word}" if line else word
            if line and self.width(trial, size, bold) > right - x:
                self.text((x, y), line, size, fill, bold)
                y += step
                line = word
            else:
                line = trial
        if line:
            self.text((x, y), line, size, fill, bold)
            y += step
        return y

    def icon(self, cx: float, cy: float, suit: str, r: float = 11) -> None:
        """A suit symbol: a coloured disc with a white glyph."""
        d = self.d
        col = SUIT.get(suit, (128, 128, 128))
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=col, outline=INK, width=1)
        w = (255, 255, 255)
        if suit == "book":
            d.rectangle((cx - 6, cy - 5, cx + 6, cy + 5), fill=w)
            d.line((cx, cy - 5, cx, cy + 5), fill=col, width=2)
        elif suit == "crown":
            d.polygon([(cx - 7, cy + 5), (cx - 7, cy - 4), (cx - 3, cy), (cx, cy - 6),
                       (cx + 3, cy), (cx + 7, cy - 4), (cx + 7, cy + 5)], fill=w)
        elif suit == "glue":
            d.ellipse((cx - 5, cy - 2, cx + 5, cy + 7), fill=w)
            d.polygon([(cx - 4, cy + 1), (cx, cy - 7), (cx + 4, cy + 1)], fill=w)
        elif suit == "shovel":
            d.line((cx - 6, cy - 6, cx + 1, cy + 1), fill=w, width=3)
            d.polygon([(cx - 1, cy + 2), (cx + 3, cy - 2), (cx + 7, cy + 4), (cx + 4, cy + 7)],
                      fill=w)
        elif suit == "skateboard":
            d.rounded_rectangle((cx - 8, cy - 3, cx + 8, cy + 1), radius=2, fill=w)
            d.ellipse((cx - 6, cy + 2, cx - 2, cy + 6), fill=w)
            d.ellipse((cx + 2, cy + 2, cx + 6, cy + 6), fill=w)
        elif suit == "squirt_gun":
            d.rectangle((cx - 8, cy - 5, cx + 5, cy - 1), fill=w)
            d.rectangle((cx + 1, cy - 1, cx + 5, cy + 7), fill=w)
            d.rectangle((cx - 9, cy - 4, cx - 7, cy - 2), fill=w)
        else:  # coin
            d.ellipse((cx - 6, cy - 6, cx + 6, cy + 6), outline=w, width=2)
            d.ellipse((cx - 2, cy - 2, cx + 2, cy + 2), fill=w)

    def resource(self, cx: float, cy: float, res: str) -> None:
        d = self.d
        if res == "pizza":
            d.polygon([(cx - 9, cy - 7), (cx + 9, cy - 7), (cx, cy + 9)], fill=PIZZA,
                      outline=INK)
            d.line((cx - 9, cy - 7, cx + 9, cy - 7), fill=(170, 100, 30), width=3)
            for px, py in ((cx - 3, cy - 3), (cx + 3, cy - 2), (cx, cy + 3)):
                d.ellipse((px - 1.5, py - 1.5, px + 1.5, py + 1.5), fill=(190, 40, 30))
        else:
            d.rounded_rectangle((cx - 8, cy - 8, cx + 8, cy + 8), radius=3, fill=TOY,
                                outline=INK)
            d.ellipse((cx - 3, cy - 3, cx + 3, cy + 3), fill=(255, 220, 60))


Item = tuple[float, Callable[[float, float], None]]  # (width, draw at (x, top))


def _flow(c: Canvas, items: Sequence[Item], x0: float, y: float, right: float,
          gap: float = 8) -> float:
    """Lay ``items`` out left to right, wrapping at ``right``; returns the y below them."""
    if not items:
        return y
    x = x0
    for width, draw in items:
        if x > x0 and x + width > right:
            x = x0
            y += CHIP_H + 6
        draw(x, y)
        x += width + gap
    return y + CHIP_H + 6


def _card_chip(c: Canvas, cid: str, locale: str) -> Item:
    ct = ctype(cid)
    name = card_name(cid, locale)
    icons = len(ct.suits)
    width = 8 + icons * 24 + c.width(name, SMALL) + 10
    first = SUIT.get(ct.suits[0], (150, 150, 150))

    def draw(x: float, y: float) -> None:
        dog = ct.kind == "dog"
        c.d.rounded_rectangle((x, y, x + width, y + CHIP_H), radius=6, fill=_tint(first),
                              outline=DOG if dog else MUTED, width=3 if dog else 1)
        for i, s in enumerate(ct.suits):
            c.icon(x + 8 + 11 + i * 24, y + CHIP_H / 2, s)
        c.text((x + 8 + icons * 24 + 2, y + CHIP_H / 2), name, SMALL, anchor="lm")

    return width, draw


def _suits_chip(c: Canvas, suits: Sequence[str]) -> Item:
    width = 8 + len(suits) * 24 + 4

    def draw(x: float, y: float) -> None:
        c.d.rounded_rectangle((x, y, x + width, y + CHIP_H), radius=6, fill=(225, 220, 210),
                              outline=MUTED, width=1)
        for i, s in enumerate(suits):
            c.icon(x + 8 + 11 + i * 24, y + CHIP_H / 2, s)

    return width, draw


def _text_chip(c: Canvas, s: str, fill: Any = (235, 228, 212), dot: Any = None) -> Item:
    extra = 22 if dot is not None else 0
    width = 10 + extra + c.width(s, SMALL) + 10

    def draw(x: float, y: float) -> None:
        c.d.rounded_rectangle((x, y, x + width, y + CHIP_H), radius=6, fill=fill, outline=MUTED,
                              width=1)
        if dot is not None:
            c.d.ellipse((x + 8, y + 8, x + 22, y + 22), fill=dot, outline=INK)
        c.text((x + 10 + extra, y + CHIP_H / 2), s, SMALL, anchor="lm")

    return width, draw


def _label_row(c: Canvas, label: str, items: Sequence[Item], x: float, y: float,
               right: float, empty: str) -> float:
    lw = c.text((x, y + CHIP_H / 2), label, SMALL, MUTED, bold=True, anchor="lm")
    x1 = x + max(lw + 10, 92)
    if not items:
        c.text((x1, y + CHIP_H / 2), empty, SMALL, MUTED, anchor="lm")
        return y + CHIP_H + 6
    return _flow(c, items, x1, y, right)


# ---- sections ------------------------------------------------------------------------------
def _header(c: Canvas, view: Mapping[str, Any], loc: str) -> float:
    y = PAD
    c.text((PAD, y), tr("fort.img.title", loc, round=view.get("round", 1)), TITLE, bold=True)
    cfg = view.get("config") or {}
    mods = [msg(f"fort.option.{m}") for m in ("draft", "dogs", "cats") if cfg.get(m)]
    modules = tr("fort.img.modules", loc, modules=mods) if mods else tr("fort.img.basic", loc)
    y += TITLE + 10
    y = c.wrap(PAD, y, modules, WIDTH - PAD, SMALL, MUTED)
    y = c.wrap(PAD, y, phase_text(view, loc), WIDTH - PAD, HEAD, bold=True)
    if view.get("awaiting"):
        y = c.wrap(PAD, y, tr("fort.img.waiting", loc, seats=waiting_text(view, loc)),
                   WIDTH - PAD, TEXT, MUTED)
    pending = view.get("pending") or []
    draft = pending[-1] if pending and pending[-1].get("kind") == "draft" else None
    if draft is not None:
        done = sum(1 for x in draft.get("committed", []) if x)
        y = c.wrap(PAD, y, tr("fort.img.draft", loc, done=done, total=view.get("n", 0)),
                   WIDTH - PAD, TEXT, MUTED)
    if view.get("end") and view.get("result") is None:
        y = c.wrap(PAD, y, tr("fort.img.end", loc, reason=msg(f"fort.end.{view['end']}")),
                   WIDTH - PAD, TEXT, (170, 40, 40), bold=True)
    return y + 4


def _table(c: Canvas, view: Mapping[str, Any], loc: str, y: float) -> float:
    top = y
    x, right = PAD + 10, WIDTH - PAD - 10
    y += 10
    park = [_card_chip(c, cid, loc) for cid in view.get("park", [])]
    park.append(_text_chip(c, tr("fort.img.park_deck", loc, n=view.get("park_deck_n", 0))))
    y = _label_row(c, tr("fort.img.park", loc), park, x, y, right, tr("fort.none", loc))
    perks = [_text_chip(c, perk_name(p, loc)) for p in view.get("perk_row", [])]
    perks.append(_text_chip(c, tr("fort.img.rule_stack", loc, n=view.get("rule_stack_n", 0)),
                            fill=(225, 215, 240)))
    y = _label_row(c, tr("fort.img.perks", loc), perks, x, y, right, tr("fort.none", loc))
    cats = view.get("cats_table") or []
    if cats or (view.get("config") or {}).get("cats"):
        chips = []
        for entry in cats:
            owner = entry.get("owner")
            if owner is None:
                chips.append(_text_chip(c, tr("fort.img.cat_free", loc,
                                              cat=cat_name(str(entry["cat"]), loc))))
            else:
                colour = _colour(view, int(owner))
                chips.append(_text_chip(c, tr("fort.img.cat_owned", loc,
                                              cat=cat_name(str(entry["cat"]), loc),
                                              seat=seat_name(int(owner), loc, view)),
                                        fill=_tint(colour, 0.7), dot=colour))
        y = _label_row(c, tr("fort.img.cats", loc), chips, x, y, right, tr("fort.none", loc))
    if view.get("result") is not None:
        y = _result(c, view, loc, x, y + 4, right)
    y += 4
    c.d.rounded_rectangle((PAD, top, WIDTH - PAD, y), radius=10, outline=LINE, width=2)
    return y + 10


def _result(c: Canvas, view: Mapping[str, Any], loc: str, x: float, y: float,
            right: float) -> float:
    result = view.get("result") or {}
    winners = [seat_name(int(s), loc, view) for s in result.get("winners", [])]
    y = c.wrap(x, y, tr("fort.img.over", loc, winners=", ".join(winners)), right, HEAD,
               (170, 40, 40), bold=True)
    scores = result.get("scores") or {}
    for group in result.get("ranking", []):
        for s in group:
            y = c.wrap(x, y, tr("fort.img.score", loc, seat=seat_name(int(s), loc, view),
                                total=scores.get(str(s), 0)), right, TEXT)
    return y


def _colour(view: Mapping[str, Any], seat: int) -> tuple[int, int, int]:
    for p in view.get("players", []):
        if int(p["seat"]) == seat:
            return PLAYER.get(str(p["colour"]), (128, 128, 128))
    return (128, 128, 128)


def _track(c: Canvas, x: float, y: float, level: int, colour: tuple[int, int, int],
           loc: str) -> float:
    x += c.text((x, y + 12), tr("fort.img.level", loc), SMALL, MUTED, bold=True,
                anchor="lm") + 8
    for i in range(6):
        box = (x + i * 27, y, x + i * 27 + 24, y + 24)
        filled = i <= level
        c.d.rectangle(box, fill=colour if filled else (250, 248, 240), outline=INK,
                      width=2 if i == level else 1)
        c.text((box[0] + 12, y + 12), str(i), SMALL, (255, 255, 255) if filled else MUTED,
               bold=i == level, anchor="mm")
    return x + 6 * 27


def _player(c: Canvas, view: Mapping[str, Any], p: Mapping[str, Any], loc: str,
            y: float) -> float:
    seat = int(p["seat"])
    colour = PLAYER.get(str(p["colour"]), (128, 128, 128))
    leader = seat == view.get("leader") and view.get("result") is None
    top = y
    x, right = PAD + 12, WIDTH - PAD - 12
    y += 10
    c.d.rectangle((x, y + 2, x + 22, y + 24), fill=colour, outline=INK)
    nx = x + 32 + c.text((x + 32, y), seat_name(seat, loc, view), HEAD, bold=True)
    if leader:
        tag = "★ " + tr("fort.img.leader", loc)
        w = c.width(tag, SMALL, True) + 16
        c.d.rounded_rectangle((nx + 12, y, nx + 12 + w, y + 26), radius=8, fill=colour)
        c.text((nx + 20, y + 13), tag, SMALL, (255, 255, 255), bold=True, anchor="lm")
    if view.get("macaroni") == seat:
        c.text((right - 150, y + 13), tr("fort.img.macaroni", loc), SMALL, MUTED, anchor="rm")
    c.text((right, y), tr("fort.img.vp", loc, n=p.get("vp", 0)), HEAD, bold=True, anchor="ra")
    y += 34
    tx = _track(c, x, y, int(p.get("level", 0)), colour, loc) + 18
    tx += c.text((tx, y + 12), tr("fort.img.stuff", loc), SMALL, MUTED, bold=True,
                 anchor="lm") + 16
    stuff, pack = p.get("stuff") or {}, p.get("pack") or {}
    for res in ("pizza", "toy"):
        c.resource(tx, y + 12, res)
        tx += 14 + c.text((tx + 14, y + 12), str(stuff.get(res, 0)), TEXT, bold=True,
                          anchor="lm") + 14
    used = int(pack.get("pizza", 0)) + int(pack.get("toy", 0))
    tx += 4 + c.text((tx + 4, y + 12), tr("fort.img.pack", loc, used=used,
                                          cap=p.get("pack_cap", 0)), SMALL, MUTED, bold=True,
                     anchor="lm") + 20
    for res in ("pizza", "toy"):
        c.resource(tx, y + 12, res)
        tx += 14 + c.text((tx + 14, y + 12), str(pack.get(res, 0)), TEXT, bold=True,
                          anchor="lm") + 14
    y += 34
    facts = [tr("fort.img.counts", loc, hand=p.get("hand_n", 0), deck=p.get("deck_n", 0),
                discard=len(p.get("discard") or []))]
    if (view.get("config") or {}).get("dogs"):
        facts.append(tr("fort.img.kennel", loc, n=len(p.get("kennel") or [])))
    facts.append(tr("fort.img.rules_held", loc, n=p.get("rules_n", 0)))
    y = c.wrap(x, y, " · ".join(facts), right, SMALL, MUTED)
    if p.get("perks"):
        y = _label_row(c, tr("fort.img.perks", loc),
                       [_text_chip(c, perk_name(k, loc)) for k in p["perks"]], x, y, right, "")
    if p.get("cats"):
        y = _label_row(c, tr("fort.img.cats", loc),
                       [_text_chip(c, cat_name(k, loc), fill=_tint(colour, 0.7), dot=colour)
                        for k in p["cats"]], x, y, right, "")
    if view.get("result") is not None and p.get("rules"):  # revealed for the final scoring
        y = _label_row(c, tr("fort.img.rules", loc),
                       [_text_chip(c, rule_name(k, loc), fill=(225, 215, 240))
                        for k in p["rules"]], x, y, right, "")
    y = _label_row(c, tr("fort.img.yard", loc), [_card_chip(c, k, loc) for k in p.get("yard",
                                                                                        [])],
                   x, y, right, tr("fort.none", loc))
    lookout = [_suits_chip(c, s) for s in p.get("lookout_suits", [])]
    y = _label_row(c, tr("fort.img.lookout", loc), lookout, x, y, right,
                   tr("fort.img.lookout_room", loc, n=p.get("lookout_cap", 0)))
    if p.get("played"):
        y = _label_row(c, tr("fort.img.played", loc),
                       [_card_chip(c, k, loc) for k in p["played"]], x, y, right, "")
    y += 4
    c.d.rounded_rectangle((PAD, top, WIDTH - PAD, y), radius=10, outline=colour,
                          width=5 if leader else 2)
    return y + 10


def _legend(c: Canvas, view: Mapping[str, Any], loc: str, y: float) -> float:
    items: list[Item] = []
    for suit in SUIT_ORDER:
        name = tr(f"fort.suit.{suit}", loc)
        w = 26 + c.width(name, SMALL)

        def draw(x: float, top: float, s: str = suit, label: str = name) -> None:
            c.icon(x + 11, top + CHIP_H / 2, s)
            c.text((x + 26, top + CHIP_H / 2), label, SMALL, anchor="lm")

        items.append((w, draw))
    for res in ("pizza", "toy"):
        name = tr(f"fort.res.{res}", loc)

        def draw_res(x: float, top: float, r: str = res, label: str = name) -> None:
            c.resource(x + 10, top + CHIP_H / 2, r)
            c.text((x + 24, top + CHIP_H / 2), label, SMALL, anchor="lm")

        items.append((24 + c.width(name, SMALL), draw_res))
    if (view.get("config") or {}).get("dogs"):
        name = tr("fort.img.dog_legend", loc)

        def draw_dog(x: float, top: float, label: str = name) -> None:
            c.d.rounded_rectangle((x, top + 5, x + 26, top + CHIP_H - 5), radius=5,
                                  outline=DOG, width=3)
            c.text((x + 32, top + CHIP_H / 2), label, SMALL, anchor="lm")

        items.append((32 + c.width(name, SMALL), draw_dog))
    return _label_row(c, tr("fort.img.legend", loc), items, PAD, y, WIDTH - PAD, "")


def render(view: dict[str, Any], locale: str | None = None) -> bytes:
    """The public view → PNG bytes (a private view's secrets are never drawn: only the
    public fields are read)."""
    loc = locale or DEFAULT_LOCALE
    height = 700 + 420 * len(view.get("players", []))
    while True:
        c = Canvas(height)
        y = _header(c, view, loc)
        y = _table(c, view, loc, y)
        for p in view.get("players", []):
            y = _player(c, view, p, loc, y)
        y = _legend(c, view, loc, y) + PAD
        if y <= height or height >= MAX_HEIGHT:
            break
        height = min(MAX_HEIGHT, int(y) + 100)  # a crowded table: draw it again, taller
    img = c.img.crop((0, 0, WIDTH, int(min(y, height))))
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=1)
    return buf.getvalue()
