"""The Great Wall board image (Pillow) from the PUBLIC view only.

Three wall sections side by side: each with its wall level, defence and offence, barricades,
firing positions (archers in clan colours), the Horde cards (the card nearest the wall at the
bottom) with soldiers and wounds on their fields, and the staging area. Below: the ten
locations with their clerks and overseers, then the clans (Honor, Tea order, command track),
the Storehouse, the Advisor offer, Artifacts or Emperor's Requests and Chin's track. Drawn at
1040 px wide so Discord's ~520 px preview keeps every text at 11 px or more."""

from __future__ import annotations

import io
from contextvars import ContextVar
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from bot.i18n import msg
from bot.i18n import render as tr_render
from bot.render.font import font

W = 1040
COL = W // 3
FONT = 24
SMALL = 22
BG = (236, 226, 200)
INK = (30, 26, 22)
WALL = (150, 140, 125)
CARD = (214, 180, 140)
FREE = (246, 238, 220)
WOUND = (178, 34, 34)
CLAN = {0: (230, 190, 30), 1: (200, 40, 40), 2: (40, 90, 210), 3: (40, 150, 70),
        "reed": (120, 170, 160), "chin": (110, 60, 140)}
UNIT = {"spearman": "S", "archer": "A", "horseman": "H"}
REWARD = {"honor": "H", "wood": "W", "stone": "St", "gold": "G", "chi": "C", "tactic": "T",
          "": ""}
LOCATIONS = ("lumber_mill", "quarry", "gold_mine", "temple", "barracks", "builders_camp",
             "tea_house", "headquarters", "embassy", "war_academy")


#: The image's language, set by ``render`` for the drawing code below (a context variable:
#: boards render in worker threads, several at once).
_LOCALE: ContextVar[str | None] = ContextVar("great_wall_board_locale", default=None)


def _t(key: str, **params: Any) -> str:
    return tr_render(msg(key, **params), _LOCALE.get())


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return font(size)  # DejaVu: Czech letters


def _colour(who: Any) -> tuple[int, int, int]:
    return CLAN.get(who, (90, 90, 90))


class Board:
    def __init__(self, view: dict[str, Any]) -> None:
        self.v = view
        self.img = Image.new("RGB", (W, 1500), BG)
        self.d = ImageDraw.Draw(self.img)

    def text(self, xy: tuple[float, float], value: str, size: int = FONT,
             fill: tuple[int, int, int] = INK, anchor: str = "la") -> None:
        self.d.text(xy, value, font=_font(size), fill=fill, anchor=anchor)

    def token(self, x: float, y: float, who: Any, label: str, r: int = 14) -> None:
        self.d.ellipse((x - r, y - r, x + r, y + r), fill=_colour(who), outline=INK)
        self.text((x, y), label, SMALL, (255, 255, 255) if who != 0 else INK, "mm")

    def header(self) -> int:
        v = self.v
        season = _t(f"great_wall.season.{v['season']}")
        self.text((12, 10), _t("great_wall.board.year", year=v["year"], season=season), 28)
        self.text((W // 2, 12), _t("great_wall.board.time", time=v["time"],
                                   last=v["time_last"], cas=v["casualty"]))
        self.text((W - 12, 12), _t("great_wall.board.shame", n=v["shame_bank"]), anchor="ra")
        inv = v.get("invasion")
        self.text((12, 46), _t("great_wall.board.deck", n=v["horde_deck"],
                               s="-" if inv is None else inv + 1), SMALL)
        if v.get("result"):
            self.text((W - 12, 46), _t("great_wall.board.over"), SMALL, WOUND, "ra")
        return 80

    def section(self, s: int, top: int) -> int:
        sec = self.v["sections"][s]
        x0 = s * COL + 6
        w = COL - 12
        self.text((x0 + w / 2, top), _t("great_wall.board.section", s=s + 1), 26, anchor="ma")
        if sec["blocked"]:
            self.d.rectangle((x0, top + 34, x0 + w, top + 600), fill=(190, 180, 165))
            self.text((x0 + w / 2, top + 300), _t("great_wall.board.blocked"), anchor="mm")
            return top + 610
        y = top + 34
        # Horde cards: the one nearest the wall drawn lowest (rows 2, 1, 0 top-down).
        card_h = 150
        for row in (2, 1, 0):
            cy = y + (2 - row) * (card_h + 8)
            if row < len(sec["hordes"]):
                self.card(sec["hordes"][row], x0, cy, w, card_h)
            else:
                self.d.rectangle((x0, cy, x0 + w, cy + card_h), outline=(170, 160, 140))
        y += 3 * (card_h + 8)
        self.d.rectangle((x0, y, x0 + w, y + 64), fill=WALL)
        self.text((x0 + 8, y + 4), _t("great_wall.board.wall", level=sec["wall"],
                                      d=sec["defence"], o=sec["offence"]), SMALL)
        self.text((x0 + 8, y + 34), _t("great_wall.board.barricades", n=sec["barricades"]),
                  SMALL)
        y += 70
        self.text((x0, y), _t("great_wall.board.firing", used=len(sec["firing"]),
                              slots=sec["slots"]), SMALL)
        for i, who in enumerate(sec["firing"]):
            self.token(x0 + 200 + i * 30, y + 12, who, "A")
        y += 34
        self.text((x0, y), _t("great_wall.board.staging"), SMALL)
        y += 30
        for who, units in sec["staging"].items():
            key: Any = int(who) if who.isdigit() else who
            parts = " ".join(f"{UNIT[u]}{n}" for u, n in units.items())
            self.token(x0 + 14, y + 12, key, "")
            self.text((x0 + 36, y), parts, SMALL)
            y += 30
        return y

    def card(self, card: dict[str, Any], x0: int, y0: int, w: int, h: int) -> None:
        self.d.rectangle((x0, y0, x0 + w, y0 + h), fill=CARD, outline=INK)
        name = _t(f"great_wall.card.{card['id']}")
        self.text((x0 + 6, y0 + 4), f"{name[:18]} ({card['offence']})", SMALL)
        fields = card["fields"]
        rows, cols = len(fields), len(fields[0])
        size = min((w - 16) // cols, (h - 36) // rows)
        for r in range(rows):
            for c in range(cols):
                fx, fy = x0 + 8 + c * size, y0 + 32 + r * size
                box = (fx + 2, fy + 2, fx + size - 2, fy + size - 2)
                value = fields[r][c]
                if value is None:
                    self.d.rectangle(box, fill=FREE, outline=INK)
                    self.text((fx + size / 2, fy + size / 2), REWARD[card["rewards"][r][c]],
                              SMALL, anchor="mm")
                elif value == "w":
                    self.d.rectangle(box, fill=WOUND, outline=INK)
                    self.text((fx + size / 2, fy + size / 2), "X", FONT, (255, 255, 255), "mm")
                else:
                    self.d.rectangle(box, fill=FREE, outline=INK)
                    self.token(fx + size / 2, fy + size / 2, value[0], UNIT[value[1]],
                               r=max(10, size // 2 - 6))

    def locations(self, top: int) -> int:
        v = self.v
        self.d.line((0, top, W, top), fill=INK, width=2)
        y = top + 8
        cw = W // 2
        for i, loc in enumerate(LOCATIONS):
            x = 8 + (i % 2) * cw
            yy = y + (i // 2) * 40
            clerks = v["locations"][loc]
            spots = v["spots"][loc]
            label = _t(f"great_wall.loc.{loc}")
            if spots < 90:
                label += f" ({len(clerks)}/{spots})"
            self.text((x, yy), label, SMALL)
            for j, who in enumerate(clerks[:8]):
                self.token(x + 300 + j * 28, yy + 12, who, "", r=11)
            overseers = [c for c in v["clans"] if loc in c["overseers"]]
            for j, c in enumerate(overseers):
                self.token(x + 440 - j * 26, yy + 12, c["who"], str(c["overseers"][loc]), r=11)
        return y + 5 * 40 + 6

    def clans(self, top: int) -> int:
        v = self.v
        self.d.line((0, top, W, top), fill=INK, width=2)
        y = top + 8
        self.text((8, y), _t("great_wall.board.tea"), SMALL)
        for i, who in enumerate(v["tea"]):
            self.token(200 + i * 34, y + 12, who, str(i + 1))
        self.text((420, y), _t("great_wall.board.track"), SMALL)
        for i, t in enumerate(v["track"]):
            if t is not None:
                self.token(650 + i * 34, y + 12, t["who"], str(i + 1))
        y += 36
        self.text((8, y), _t("great_wall.board.honor"), SMALL)
        for i, c in enumerate(v["clans"]):
            x = 200 + i * 160
            self.token(x, y + 12, c["who"], "")
            self.text((x + 20, y), f"{c['honor']} / {c['clerks']}", SMALL)
        y += 36
        store = v["storehouse"]
        self.text((8, y), _t("great_wall.board.store") + ": " + " ".join(
            f"{REWARD[r]}{n}" for r, n in store.items()), SMALL)
        y += 32
        self.text((8, y), _t("great_wall.board.offer") + ": " + ", ".join(
            _t(f"great_wall.card.{a}") for a in v["offer"])[:90], SMALL)
        y += 32
        if v["mode"] == "coop":
            reqs = [_t(f"great_wall.card.{r}") for r in v["requests"] if r]
            self.text((8, y), _t("great_wall.board.requests", done=v["fulfilled"],
                                 target=v.get("target", 0)) + ": " + ", ".join(reqs)[:70],
                      SMALL)
            y += 32
            if v["events"]:
                self.text((8, y), _t("great_wall.board.events") + ": " + ", ".join(
                    _t(f"great_wall.card.{e}") for e in v["events"][-4:])[:80], SMALL)
                y += 32
        else:
            self.text((8, y), _t("great_wall.board.artifacts") + ": " + ", ".join(
                _t(f"great_wall.card.{a}") for a in v["artifacts"]), SMALL)
            y += 32
        if v["chin_track"]:
            self.text((8, y), _t("great_wall.board.chin") + ": " + " > ".join(
                _t(f"great_wall.loc.{loc}") for loc in v["chin_track"])[:90], SMALL)
            y += 32
        return y + 8


def render(view: dict[str, Any], locale: str | None = None) -> bytes:
    token = _LOCALE.set(locale)
    try:
        board = Board(view)
        y = board.header()
        bottom = max(board.section(s, y) for s in range(3))
        y = board.locations(bottom + 8)
        y = board.clans(y)
    finally:
        _LOCALE.reset(token)
    img = board.img.crop((0, 0, W, min(y, 1500)))
    out = io.BytesIO()
    img.save(out, format="PNG", optimize=False)
    return out.getvalue()
