"""Names and short labels for the AGoT UI.

Proper names (areas, houses, House cards) come from the engine's static data, which the Czech
rulebook keeps in English too; order tokens, Westeros cards, tracks and every sentence around
them are catalog keys (``agot.*``). Everything here reads a view the service
already redacted for its viewer, so a label can never carry another seat's secret.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from bot.discord.text import say, tr
from bot.i18n import catalog
from rules.agot.board import TRACKS, board
from rules.agot.describe import order_text, westeros_text

UNITS = ("footman", "knight", "ship")
#: view keys of a unit type in ``view["board"][area]``
UNIT_FIELDS = {"footman": "footmen", "knight": "knights", "ship": "ships"}
LABEL = 80  # button labels
OPTION = 100  # select option labels and descriptions


def area_name(area: str) -> str:
    return board().name.get(area, area)


def is_sea(area: str) -> bool:
    return board().is_sea.get(area, False)


def token_label(token: str, locale: str) -> str:
    """``Special March +1`` in ``locale`` (the same name the log uses)."""
    return say(order_text(token), locale)


def same_token(a: str, b: str) -> bool:
    """Two tokens that do the same (the two Defense +1), whatever their ids."""
    tokens = board().tokens
    ta, tb = tokens.get(a), tokens.get(b)
    if ta is None or tb is None:
        return a == b
    return (ta.kind, ta.bonus, ta.special) == (tb.kind, tb.bonus, tb.special)


def token_kind(token: str) -> str:
    tok = board().tokens.get(token)
    return tok.kind if tok else ""


def token_special(token: str) -> bool:
    tok = board().tokens.get(token)
    return bool(tok and tok.special)


def house_name(house: str) -> str:
    return board().house_name.get(house, house)


def westeros_name(effect: str, locale: str) -> str:
    """A Westeros card's name from its id or engine effect key (``sea_of_storms``)."""
    return say(westeros_text(effect), locale)


def track_name(track: str, locale: str) -> str:
    return tr(f"agot.log.track.{track}", locale) if track in TRACKS else track


@cache
def _card_texts() -> dict[str, str]:
    from rules.agot import data

    houses = data.load().houses
    items = houses.values() if isinstance(houses, dict) else houses
    return {c.id: c.text for h in items for c in h.cards}


def card_text(card: str, locale: str) -> str:
    """A House card's ability in the reader's language: the catalog's
    (``agot.card_text.<id>``); a card only a content pack knows keeps the pack's words."""
    key = f"agot.card_text.{card}"
    if key in catalog(locale) or key in catalog("en"):
        return tr(key, locale)
    return _card_texts().get(card, "")


def card_name(card: str | None) -> str:
    c = board().cards.get(card) if card else None
    return c.name if c else "—"


def card_label(card: str, locale: str, limit: int = LABEL) -> str:
    """``Tywin Lannister · 3 · ⚔2 · 🛡0`` — for buttons and select options."""
    c = board().cards.get(card)
    if c is None:
        return card[:limit]
    return tr("agot.card.short", locale, limit=limit, name=c.name, strength=c.strength,
              swords=c.swords, forts=c.forts)


def card_line(card: str, locale: str) -> str:
    c = board().cards.get(card)
    if c is None:
        return card
    text = card_text(card, locale)
    return tr("agot.card.line", locale, name=c.name, strength=c.strength, swords=c.swords,
              forts=c.forts, text=f" — {text}" if text else "")


def units_text(counts: Mapping[str, int], locale: str) -> str:
    parts = [tr(f"agot.unit.{u}.{'one' if counts.get(u, 0) == 1 else 'many'}", locale,
                n=counts.get(u, 0)) for u in UNITS if counts.get(u, 0)]
    return ", ".join(parts) if parts else tr("agot.unit.none", locale)


def area_units(info: Mapping[str, Any]) -> dict[str, int]:
    """Standing (not routed) units in an area of ``view["board"]``."""
    return {u: int(info.get(UNIT_FIELDS[u], 0) or 0) for u in UNITS}


def seat_house(view: Mapping[str, Any], seat: int | None) -> str:
    if seat is None:
        return "—"
    for s in view.get("seats", []):
        if s.get("seat") == seat:
            return str(s.get("name") or house_name(str(s.get("house"))))
    return f"#{seat + 1}"


def my_seat(view: Mapping[str, Any]) -> int:
    you = view.get("you") or {}
    return int(you.get("seat", -1))


def my_areas(view: Mapping[str, Any]) -> list[str]:
    """Areas where the viewer has units (in the view's sorted order)."""
    seat = my_seat(view)
    return [a for a, info in view.get("board", {}).items() if info.get("seat") == seat]


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
