"""Log lines: every event as a catalog key ``fort.log.<kind>`` with its parameters turned into
nested ``Text``s (seats, cards, resources, suits, perks, rules, cats)."""

from __future__ import annotations

from typing import Any

from rules.base import Event, Text, text
from rules.fort.view import card_text, seat_label

_SEAT_KEYS = ("seat", "rival", "owner", "to", "leader", "by", "first")
_CARD_KEYS = ("card",)
_CARD_LIST_KEYS = ("cards", "dogs", "played", "best_friends", "yard")


def _seat(v: Any) -> Any:
    return seat_label(v) if isinstance(v, int) and not isinstance(v, bool) else text(
        "fort.nobody")


def _param(key: str, value: Any) -> Any:
    if key in _SEAT_KEYS:
        return _seat(value)
    if key == "winners":
        return [_seat(v) for v in value]
    if key in _CARD_KEYS:
        return card_text(value) if isinstance(value, str) else text("fort.hidden_card")
    if key in _CARD_LIST_KEYS:
        return [card_text(c) for c in value] if value else text("fort.none")
    if key in ("res", "into") and isinstance(value, str):
        return text(f"fort.res.{value}")
    if key == "suits":
        return [text(f"fort.suit.{s}") for s in value]
    if key == "declared":
        return text(f"fort.suit.{value}") if value else text("fort.none")
    if key == "perk":
        return text(f"fort.perk.{value}")
    if key == "rule":
        return text(f"fort.rule.{value}")
    if key == "cat":
        return text(f"fort.cat.{value}")
    if key == "reason":
        return text(f"fort.end.{value}")
    if key in ("source", "which", "mode", "src"):
        return text(f"fort.word.{value}") if value else text("fort.none")
    return value


def describe(event: Event, seat: int | None) -> Text:
    params = {k: _param(k, v) for k, v in event.data.items()}
    return text(f"fort.log.{event.kind}", **params)

