"""The Northgard board's legend: every mark the map shows, and only those — symbols with their
meaning, then notes naming the letters (buildings, monsters, Kaija) and the territory names.
The board message's text carries the notes and every symbol in words (``legend_notes``,
``symbol_notes``), so what the panel has no room left for is still explained beside the
image."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.northgard.render_cards import scorched
from bot.games.northgard.render_map import (
    CONTROL_TINT,
    GROUND,
    PLAYER,
    RES,
    controller,
    mix,
)
from bot.games.northgard.render_marks import paw
from bot.i18n import catalog, msg
from bot.i18n import render as render_msg
from bot.render.kit import GREY, INK, RGB, LegendItem, Sheet, legend_within, notes_within

Rect = tuple[float, float, float, float]
BUILDINGS = ("granary", "lodge", "watchtower", "camp", "sacred_stone", "fortress", "furnace",
             "altar")
MONSTER_KINDS = ("wolf", "bear", "draug", "valkyrie")
FIRST, PASSED = "♛", "✓"
#: Every kind of mark the legend has an entry for (to measure the widest).
EVERY_MARK = frozenset({"food", "wood", "lore", "units", "den", "closed", "slot", "slot_sacred",
                        "scorch"})
SLOT_INK: RGB = (110, 96, 70)


def text(locale: str, key: str, **params: Any) -> str:
    if key not in catalog(locale) and key not in catalog("en"):
        return key.rsplit(".", 1)[-1]
    return render_msg(msg(key, **params), locale)


def marks(locale: str) -> dict[str, str]:
    """The letter drawn for each building, monster kind and Kaija."""
    kinds = (*BUILDINGS, *MONSTER_KINDS, "kaija")
    return {k: text(locale, f"northgard.board.mark.{k}") for k in kinds}


def shown_in(v: dict[str, Any]) -> set[str]:
    """The buildings, monsters and Kaija on the map (what the notes name)."""
    from rules.northgard.data import data

    out: set[str] = set()
    for t in v["territories"]:
        out.update(kind for _, kind in t["buildings"])
        if t["kaija"] >= 0:
            out.add("kaija")
        for mid in t["monsters"]:
            m = data().monsters.get(mid)
            if m is not None:
                out.add(m.kind)
    return out


def legend_notes(v: dict[str, Any], locale: str, shown: set[str]) -> list[str]:
    """The notes naming the letters and names on the map (those ``shown``)."""
    m = marks(locale)
    notes = []
    built = [k for k in BUILDINGS if k in shown]
    if built:
        notes.append(text(locale, "northgard.board.legend.buildings", marks=" · ".join(
            f"{m[k]} {text(locale, f'northgard.building.{k}')}" for k in built)))
    pieces = [k for k in ("kaija", *MONSTER_KINDS) if k in shown]
    if pieces:
        notes.append(text(locale, "northgard.board.legend.pieces", marks=" · ".join(
            f"{m[k]} {text(locale, f'northgard.board.kind.{k}')}" for k in pieces)))
    notes.append(text(locale, "northgard.board.legend.name", name="12b", tile=12, part="b"))
    if "counted" in shown:
        notes.append(text(locale, "northgard.board.legend.counted", n=5))
    if not v.get("result"):
        notes.append(f"{FIRST} {text(locale, 'northgard.board.first')} · {PASSED} "
                     f"{text(locale, 'northgard.board.passed')}")
    return notes


def symbol_notes(locale: str) -> list[str]:
    """Every symbol of the map in words (the text under the image; the image's own legend
    shows as many of them as its panel has room for)."""
    keys = ("card", "res", "units", "tint", "closed", "rough", "slots", "den", "scorch")
    return [text(locale, f"northgard.board.legend.text_{k}") for k in keys]


def legend_items(v: dict[str, Any], locale: str, shown: set[str]) -> list[LegendItem]:
    """A symbol for every mark the map shows, the most needed first."""
    items = [LegendItem(_dot(RES[r]), text(locale, f"northgard.res.{r}")) for r in RES
             if r in shown]
    if "units" in shown:
        items.append(LegendItem(_pill, text(locale, "northgard.board.legend.units")))
    if "den" in shown:
        items.append(LegendItem(_den, text(locale, "northgard.board.legend.den")))
    if any(controller(t) is not None for t in v["territories"]):
        items.append(LegendItem(_tints(v), text(locale, "northgard.board.legend.control")))
    if "closed" in shown:
        items.append(LegendItem(_closed, text(locale, "northgard.board.legend.closed")))
    items.append(LegendItem(_rough, text(locale, "northgard.board.legend.rough")))
    if "slot" in shown:
        items.append(LegendItem(_slot, text(locale, "northgard.board.legend.slot")))
    if "slot_sacred" in shown:
        items.append(LegendItem(_sacred, text(locale, "northgard.board.legend.sacred")))
    if "scorch" in shown:
        items.append(LegendItem(_scorch, text(locale, "northgard.board.legend.scorch")))
    return items


def draw_legend(v: dict[str, Any], locale: str, areas: Sequence[tuple[Sheet, Rect]],
                shown: set[str], leading: float) -> None:
    """Symbols first (the most needed first), then the notes, filling ``areas`` (a sheet and
    its x0, y0, x1, y1: beside the map on its image, then on the panel's) in turn as far as
    they leave room."""
    items = legend_items(v, locale, shown)
    notes = legend_notes(v, locale, shown)
    for sheet, (x0, y0, x1, y1) in areas:
        y, n = legend_within(sheet, x0, y0, x1, y1, items, leading=leading + 0.08)
        items = items[n:]
        if not items:
            _, k = notes_within(sheet, x0, y, x1, y1, notes, leading=leading)
            notes = notes[k:]


def _tints(v: dict[str, Any]) -> Any:
    """A swatch of the players' grounds as the map tints them, side by side."""
    colours = [mix(GROUND["parchment"], PLAYER.get(str(s["colour"]), GREY), CONTROL_TINT)
               for s in v["seats"]]

    def drawer(s: Sheet, box: Rect) -> None:
        x0, y0, x1, y1 = box
        w = (x1 - x0) / max(1, len(colours))
        for i, c in enumerate(colours):
            s.draw.rectangle((x0 + i * w, y0, x0 + (i + 1) * w, y1), fill=c)
        s.draw.rectangle(box, outline=INK, width=2)
        s.symbol(*box)
    return drawer


def _dot(colour: RGB) -> Any:
    def drawer(s: Sheet, box: Rect) -> None:
        x0, y0, x1, y1 = box
        k = (x1 - x0) * 0.2
        s.draw.ellipse((x0 + k, y0 + k, x1 - k, y1 - k), fill=colour, outline=INK)
        s.symbol(*box)
    return drawer


def _pill(s: Sheet, box: Rect) -> None:
    s.draw.rounded_rectangle(box, radius=(box[3] - box[1]) / 2, fill=(206, 44, 44),
                             outline=INK, width=2)
    s.symbol(*box)


def _closed(s: Sheet, box: Rect) -> None:
    s.draw.rectangle(box, fill=INK, outline=(250, 240, 200), width=2)
    s.symbol(*box)


def _rough(s: Sheet, box: Rect) -> None:
    x0, y0, x1, y1 = box
    s.draw.rectangle(box, fill=GROUND["parchment"])
    s.draw.line(((x0 + x1) / 2, y0, (x0 + x1) / 2, y1), fill=GROUND["rough"], width=6)
    s.symbol(*box)


def _slot(s: Sheet, box: Rect) -> None:
    x0, y0, x1, y1 = box
    k = (x1 - x0) * 0.2
    s.draw.rectangle((x0 + k, y0 + k, x1 - k, y1 - k), fill=(250, 246, 232), outline=SLOT_INK,
                     width=2)
    s.symbol(*box)


def _sacred(s: Sheet, box: Rect) -> None:
    _slot(s, box)
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    s.draw.ellipse((cx - 3, cy - 3, cx + 3, cy + 3), fill=SLOT_INK)


def _scorch(s: Sheet, box: Rect) -> None:
    x0, y0, x1, y1 = box
    k = (x1 - x0) * 0.1
    scorched(s.draw, (x0 + k, y0 + k, x1 - k, y1 - k))
    s.symbol(*box)


def _den(s: Sheet, box: Rect) -> None:
    paw(s.draw, box)
    s.symbol(*box)
