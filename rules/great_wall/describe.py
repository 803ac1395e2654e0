"""Log lines, labels and reasons as catalog keys (``great_wall.*``), never sentences."""

from __future__ import annotations

from typing import Any

from rules.base import Event, Text, text
from rules.great_wall.data import RESOURCES

COLOURS = ("yellow", "red", "blue", "green")
SEASONS = ("setup", "spring", "summer", "fall", "winter")


def who_text(value: Any, reader: int | None = None) -> Text:
    if value is None:
        return text("great_wall.who.nobody")
    if isinstance(value, str):
        return text(f"great_wall.who.{value}")
    if reader is not None and value == reader:
        return text("great_wall.who.you")
    return text(f"great_wall.seat.{COLOURS[int(value) % 4]}")


def seat_label(seat: int) -> Text:
    return text(f"great_wall.seat.{COLOURS[seat % 4]}")


def card_text(card: Any) -> Text:
    return text(f"great_wall.card.{card}")


def res_text(pairs: list[list[Any]]) -> Text | list[Text]:
    if not pairs:
        return text("great_wall.res.nothing")
    return [text(f"great_wall.amount.{r}", n=n) for r, n in pairs if r in RESOURCES]


#: How each parameter of an event becomes part of a message.
def _param(key: str, value: Any, reader: int | None) -> Any:
    if key in ("clan", "winner"):
        return who_text(value, reader)
    if key in ("present", "order"):
        return [who_text(v, reader) for v in value] or text("great_wall.who.nobody")
    if key in ("card", "advisor"):
        return card_text(value)
    if key == "cards":
        return [card_text(v) for v in value] or text("great_wall.res.nothing")
    if key in ("loc", "src"):
        return text(f"great_wall.loc.{value}")
    if key == "symbol":
        return text(f"great_wall.symbol.{value}")
    if key == "track":
        return [text(f"great_wall.loc.{v}") for v in value]
    if key in ("res",) and isinstance(value, list):
        return res_text(value)
    if key == "res":
        return text(f"great_wall.res.{value}")
    if key in ("unit", "reward", "what"):
        return text(f"great_wall.{key}.{value}")
    if key in ("killed", "rescued"):
        return len(value)
    if key == "s" or key == "from" or key == "to":
        return int(value) + 1
    if key == "row":
        return int(value) + 1
    if key == "season":
        return text(f"great_wall.season.{value}")
    if key == "reason":
        return text(f"great_wall.reason.{value}")
    if key in ("winners", "scores", "fields"):
        return len(value)
    if key in ("advanced", "breach", "enhanced"):
        return text("great_wall.yes" if value else "great_wall.no")
    return value


def describe(event: Event, reader: int | None) -> Text:
    params = {k: _param(k, v, reader) for k, v in event.data.items()}
    return Text(f"great_wall.log.{event.kind}", params)


def reason_text(reason: str) -> Text:
    return text(f"great_wall.reason.{reason}")
