"""Log lines: every event as a catalog key ``fort.log.<kind>`` with its parameters turned into
nested ``Text``s (seats, cards, resources, suits, perks, rules, cats)."""

from __future__ import annotations

from typing import Any

from rules.base import Event, Text, text
from rules.fort.view import card_text, seat_label

_SEAT_KEYS = ("seat", "rival", "owner", "to", "leader", "by", "first")
_CARD_KEYS = ("card",)
_CARD_LIST_KEYS = ("cards", "dogs", "played", "best_friends", "yard")
#: Parameters that name a thing of the catalog's: parameter -> its group (``fort.<group>.<id>``).
_NAMED = {"perk": "perk", "rule": "rule", "cat": "cat", "reason": "end"}


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
    if key in _NAMED:
        return text(f"fort.{_NAMED[key]}.{value}")
    if key in ("source", "which", "mode", "src"):
        return text(f"fort.word.{value}") if value else text("fort.none")
    return value


def amount(res: str, n: int) -> Text:
    """``n`` of a resource as the object of a verb ("gathers 2 toys"; Czech "získává 2
    hračky"): the catalog's plural forms, in the case a count takes after a verb."""
    return text(f"fort.amount.{res}", n=n)


def amounts(pizza: int, toy: int) -> list[Text]:
    """The resources of a cost or a Pack, the ones there are (empty for none)."""
    return [amount(r, n) for r, n in (("pizza", pizza), ("toy", toy)) if n]


def _discard_phase(d: dict[str, Any]) -> Text:
    """Only the piles that got cards ("Best Friends to the discard pile: none" says
    nothing)."""
    parts = [text(f"fort.log.discard_part.{pile}", cards=[card_text(c) for c in d[pile]])
             for pile in ("played", "best_friends", "yard") if d.get(pile)]
    if not parts:
        return text("fort.log.discard_phase_empty", seat=_seat(d.get("seat")))
    return text("fort.log.discard_phase", seat=_seat(d.get("seat")), parts=parts)


def follow_choice_text(choice: Any) -> Text:
    """A follow-window choice as its chooser reads it ("follow with Moose")."""
    if not isinstance(choice, dict):
        return text("fort.choice.unknown")
    card = (choice.get("params") or {}).get("card")
    if choice.get("kind") == "follow" and isinstance(card, str):
        return text("fort.choice.follow", card=card_text(card))
    if choice.get("kind") == "rough":
        return text("fort.choice.rough")
    return text("fort.choice.pass")


def describe(event: Event, seat: int | None) -> Text:
    d = dict(event.data)
    kind = event.kind
    if kind == "discard_phase":
        return _discard_phase(d)
    params = {k: _param(k, v) for k, v in d.items()}
    res = d.get("res")
    if isinstance(res, str) and res in ("pizza", "toy"):
        params["amount"] = amount(res, int(d.get("n", 1)))
        params["lost_amount"] = amount(res, int(d.get("lost", 0)))
        into = d.get("into")
        if isinstance(into, str):
            params["into_amount"] = amount(into, 1)
    if "pizza" in d and "toy" in d:
        paid = amounts(int(d["pizza"]), int(d["toy"]))
        if not paid and kind in ("advance", "copy_pack", "copy_rival_pack", "feed"):
            kind = f"{kind}_nothing"
        params["stuff"] = paid
    if kind == "follow_revised" and "choice" in d:
        params["choice"] = follow_choice_text(d["choice"])
        kind = "follow_revised_to"
    return text(f"fort.log.{kind}", **params)

