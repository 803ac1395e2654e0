"""The players' column of the Catan board image: the dice, the deck (and the breaches), every
player by name and colour with VP, cards, development cards, road length and guards, and
the icons of those figures."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from bot.games.catan_watch.board_canvas import (
    PAPER,
    PLAYER,
    ROAD_BADGE,
    WATCH_BADGE,
    Box4,
    _Board,
)
from bot.render.kit import HIGHLIGHT, INK, LegendItem, display_name, player_chip


# ---- the players' column --------------------------------------------------------------------
def _spacing(c: _Board) -> tuple[float, float, int]:
    """A player's rows: the name row's and the figures row's height (in font sizes) and the
    gap after them. Night's Watch mode packs them tighter: its column also holds the Wall's
    figures and the tokens' legend."""
    return (1.3, 1.2, 2) if c.nw else (1.5, 1.32, 4)


def _facts(c: _Board) -> list[str]:
    view = c.view
    # The deck may be in the status bar instead (``render._status``).
    facts = [] if c.deck_in_status else [c.t("catan.img.deck",
                                               n=view.get("development_deck", 0))]
    if view.get("phase") == "over":
        # At the end: why the game ended (a tragic end's winner may have fewer VP).
        reason = str((view.get("result") or {}).get("reason", ""))
        return [c.t(f"catan.img.end.{reason}")] if reason else facts
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
    chip_k, row_k, gap = _spacing(c)
    chip = math.ceil(f * chip_k)
    return height + 4 + len(c.view.get("players", [])) * (chip + math.ceil(f * row_k) + gap)


def _stat_items(c: _Board) -> list[LegendItem]:
    return [LegendItem(lambda s, b: _cards_icon(c, b), c.t("catan.img.cards")),
            LegendItem(lambda s, b: _dev_icon(c, b), c.t("catan.img.dev")),
            LegendItem(lambda s, b: _length_icon(c, b), c.t("catan.img.length"))]


def _side(c: _Board, box: Box4) -> None:
    view = c.view
    x0, y0, x1, y1 = box
    f = c.f
    chip_k, row_k, gap = _spacing(c)
    row = math.ceil(f * row_k)
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
    for p, place, vp in standings(view):
        if y + row * 2 > y1:
            break
        seat = int(p["seat"])
        prefix = f"{place}. " if place else ""
        alone = display_name(view, seat)
        chip = player_chip(c.s, x0, y, x1 - x0, PLAYER[seat % 4], prefix + c.name(seat),
                           c.t("catan.img.vp", n=vp), size=f, active=seat == current,
                           highlight=HIGHLIGHT, leading=chip_k,
                           short=prefix + alone if alone else "")
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
        y += row + gap


def standings(view: Mapping[str, Any]) -> list[tuple[Mapping[str, Any], int, int]]:
    """The players' rows as (player, place, VP): in seat order with their public VP while the
    game goes on (place 0); at the end in the result's order with its places and scores (the
    VP cards counted), as the result post gives them."""
    players = {int(p["seat"]): p for p in view.get("players", [])}
    result = view.get("result") if view.get("phase") == "over" else None
    if not result:
        return [(p, 0, int(p["vp"])) for p in players.values()]
    scores = {int(k): v for k, v in (result.get("scores") or {}).items()}
    out = [(players[int(s)], place, int(scores.get(int(s), players[int(s)]["vp"])))
           for place, group in enumerate(result.get("ranking") or [], start=1)
           for s in group if int(s) in players]
    ranked = {int(p["seat"]) for p, _, _ in out}
    return out + [(p, 0, int(p["vp"])) for s, p in players.items() if s not in ranked]


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
