"""Log lines, labels and reasons as catalog keys (``great_wall.*``), never sentences.

A public line names every clan in the third person (a clerk "from their supply", never "your"),
a Horde card by its name alone (the deck's ids stay in the engine), an amount through the
catalog's plural forms ("1 Honor", Czech "2 body cti"), and a yes/no flag by choosing the
line's wording (``<kind>_<flag>``) instead of printing "yes" or "no"."""

from __future__ import annotations

from typing import Any

from rules.base import Event, Text, text
from rules.great_wall.data import RESOURCES

COLOURS = ("yellow", "red", "blue", "green")
SEASONS = ("setup", "spring", "summer", "fall", "winter")

#: Events whose wording depends on a flag of theirs: the flag's key picks ``<kind>_<flag>``.
FLAGGED = {"activation": "advanced", "assault": "breach", "tactic_played": "enhanced"}
#: Events that read a gain as one list of amounts ("gives 2 Honor, 1 wood").
GAINS = ("ability", "gain")


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


def amount(res: str, n: int) -> Text:
    return text(f"great_wall.amount.{res}", n=int(n))


def unit_forms(unit: str) -> dict[str, Text]:
    """A soldier in each form a line may need: English needs its article ("an archer"),
    Czech declines it after a verb or a preposition ("pod kopiníka", "kopiníkem")."""
    return {"a_unit": text(f"great_wall.a_unit.{unit}"),
            "unit_acc": text(f"great_wall.unit_acc.{unit}"),
            "unit_ins": text(f"great_wall.unit_ins.{unit}")}


def res_text(pairs: list[list[Any]]) -> Text | list[Text]:
    if not pairs:
        return text("great_wall.res.nothing")
    return [amount(r, n) for r, n in pairs if r in RESOURCES]


def _gains(data: dict[str, Any]) -> list[Text]:
    """What a clan gains, Honor first, as amounts (empty: nothing at all)."""
    out = [amount("honor", data["honor"])] if int(data.get("honor", 0)) else []
    return out + [amount(r, n) for r, n in data.get("res", []) if r in RESOURCES and n]


#: Parameters that are a word of the catalog: the group it is in (a source is a location).
WORDS = {"loc": "loc", "src": "loc", "symbol": "symbol", "res": "res", "unit": "unit",
         "reward": "reward", "what": "what", "season": "season", "reason": "reason"}
#: Parameters shown as how many there are.
COUNTED = ("killed", "rescued", "winners", "scores", "fields")
#: Parameters that number a place from 0 (sections, rows), shown from 1.
NUMBERED = ("s", "from", "to", "row")


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
    if key == "track":
        return [text(f"great_wall.loc.{v}") for v in value]
    if key == "res" and isinstance(value, list):
        return res_text(value)
    if key in WORDS:
        return text(f"great_wall.{WORDS[key]}.{value}")
    if key == "honor":
        return amount("honor", int(value))
    if key in COUNTED:
        return len(value)
    if key in NUMBERED:
        return int(value) + 1
    return value


def describe(event: Event, reader: int | None) -> Text:
    data = event.data
    params = {k: _param(k, v, reader) for k, v in data.items()}
    key = event.kind
    flag = FLAGGED.get(key)
    if flag is not None:
        params.pop(flag, None)
        if data.get(flag):
            key = f"{key}_{flag}"
    if key in GAINS:
        gains = _gains(data)
        params["gains"] = gains
        if not gains:
            key = f"{key}_nothing"
    if key == "clerk_placed" and data.get("src") == "supply":
        key = "clerk_from_supply"
    if key == "recruit" and not data.get("res"):
        key = "recruit_free"
    if "unit" in data:
        params.update(unit_forms(str(data["unit"])))
    if key in ("produce", "reed_donates", "promote") and isinstance(data.get("res"), str):
        params["amount"] = amount(str(data["res"]), int(data.get("n", 0)))
    if key == "reward" and "n" in data:  # a printed amount: "2 gold"
        params["reward"] = amount(str(data["reward"]), int(data["n"]))
    return Text(f"great_wall.log.{key}", params)


def reason_text(reason: str) -> Text:
    return text(f"great_wall.reason.{reason}")
