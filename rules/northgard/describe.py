"""Log lines for events: catalog keys (``northgard.log.<kind>``) with their parameters, each
rendered in the reader's language by the front's catalog. Seats are named by colour (the
reader knows its own); territories by name ("7b"); cards, buildings, monsters and resources
by their own keys. Lines that only one seat may see (cards drawn) come from events visible to
that seat alone."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.base import Event, Text, text
from rules.northgard.data import RESOURCES
from rules.northgard.names import colour, seat_text, slot_name, terr_name

seat_label = seat_text


def who(seat: Any) -> Text:
    if not isinstance(seat, int) or seat < 0:
        return text("northgard.log.nobody")
    return text(f"northgard.colour.{colour(seat)}")


def card(c: str) -> Text:
    return text(f"northgard.card.{c}") if c else text("northgard.log.no_card")


def res_list(amounts: list[int]) -> Text | list[Text]:
    parts = [text(f"northgard.res.{r}.n", n=k) for r, k in zip(RESOURCES, amounts, strict=False)
             if k]
    return parts or text("northgard.log.nothing")


def monster(mid: str) -> Text:
    return text(f"northgard.monster.{mid}")


_CONVERT: dict[str, Callable[[Any], Any]] = {
    "seat": who, "mate": who, "att": who, "dfn": who,
    "terr": terr_name, "frm": terr_name,
    "card": card, "pick": card, "take": card,
    "cards": lambda cs: [card(c) for c in cs] or text("northgard.log.nothing"),
    "discarded": lambda cs: [card(c) for c in cs] or text("northgard.log.nothing"),
    "monster": lambda m: monster(m) if m else text("northgard.log.nobody"),
    "building": lambda b: text(f"northgard.building.{b}"),
    "res": res_list, "paid": res_list,
    "slot": slot_name,
    "give": lambda r: text(f"northgard.res.{r}.n", n=1),
    "get": lambda r: text(f"northgard.res.{r}.n", n=1),
    "action": lambda a: text(f"northgard.action.{a}"),
    "why": lambda w: text(f"northgard.why.{w}"),
    "purpose": lambda p: text(f"northgard.purpose.{p}"),
    "top": card,
    "cost": res_list,
    "choice": lambda c: text(f"northgard.log.choice.{c}"),
    "kaija": lambda k: text("northgard.log.with_kaija") if k else "",
    "rough": lambda r: text("northgard.log.over_rough") if r else "",
    "bonus": lambda b: text("northgard.log.as_lightning") if b else "",
    "first": lambda f: text("northgard.log.takes_first") if f else "",
    "last": lambda f: text("northgard.log.last_year") if f else "",
    "to": lambda t: text(f"northgard.log.to_{t}"),
}


def _params(d: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in d.items():
        fn = _CONVERT.get(k)
        out[k] = fn(v) if fn is not None else v
    return out


def _combat(d: Mapping[str, Any]) -> Text:
    p = _params(d)
    if d["monster"] and d["att"] < 0:
        return text("northgard.log.monster_attacks", monster=p["monster"], dfn=p["dfn"],
                    terr=p["terr"])
    if d["monster"]:
        return text("northgard.log.combat_monster", att=p["att"], monster=p["monster"],
                    terr=p["terr"])
    return text("northgard.log.combat", att=p["att"], dfn=p["dfn"], terr=p["terr"])


def _result(d: Mapping[str, Any]) -> Text:
    p = _params(d)
    side = ["att", "dfn"]
    names = [monster(d["monster"]) if d[s] < 0 else who(d[s]) for s in side]
    winner = d["winner"]
    won = names[winner] if winner in (0, 1) else text("northgard.log.nobody")
    return text("northgard.log.combat_result", terr=p["terr"], att=names[0], dfn=names[1],
                sa=d["strength"][0], sd=d["strength"][1], ca=d["casualties"][0],
                cd=d["casualties"][1], winner=won)


def _rolled(d: Mapping[str, Any]) -> Text:
    face = text(f"northgard.face.{d['face']}")
    if d["monster"]:
        return text("northgard.log.rolled_monster", monster=monster(d["monster"]), face=face)
    return text("northgard.log.rolled", who=who(d["seat"]), face=face)


def _fame(d: Mapping[str, Any]) -> Text:
    p = _params(d)
    return text("northgard.log.fame", seat=p["seat"], n=d["n"], why=p["why"])


#: The parts of a final fame total, in the order a line names them.
FAME_PARTS = ("tokens", "resources", "cards", "achievements", "unrest")


def _final(d: Mapping[str, Any]) -> Text:
    """Each seat's total, then the parts that made it (a part worth nothing is left out)."""
    lines = []
    for s, f in d["fame"].items():
        parts = [text(f"northgard.fame_part.{k}", n=int(f[k])) for k in FAME_PARTS if f[k]]
        key = "northgard.log.final_line" if parts else "northgard.log.final_line_bare"
        lines.append(text(key, seat=who(int(s)), n=f["total"], parts=parts))
    return text("northgard.log.final_fame", lines=lines)


def _winter(d: Mapping[str, Any]) -> Text:
    """Winter's upkeep, worded by how it went: free, paid in full, in part, or not at all."""
    p = _params(d)
    cost, paid = list(d["cost"]), list(d["paid"])
    if not any(cost):
        key = "winter_free"
    elif paid == cost:
        key = "winter_paid"
    elif any(paid):
        key = "winter_short"
    else:
        key = "winter_unpaid"
    return text(f"northgard.log.{key}", seat=p["seat"], n=d["n"], cost=p["cost"],
                paid=p["paid"])


def _game_over(d: Mapping[str, Any]) -> Text:
    key = "northgard.log.game_over_instant" if d["instant"] else "northgard.log.game_over"
    return text(key, winners=[who(s) for s in d["winners"]])


def _closed(d: Mapping[str, Any]) -> Text:
    p = _params(d)
    key = "northgard.log.territory_closed" if d["seat"] >= 0 else \
        "northgard.log.territory_closed_neutral"
    return text(key, terr=p["terr"], n=d["span"], seat=p["seat"])


def _placed(d: Mapping[str, Any]) -> Text:
    p = _params(d)
    return text("northgard.log.tile_placed", seat=p["seat"], tile=d["p"] + 1, x=d["x"],
                y=d["y"], purpose=p["purpose"])


_SPECIAL: dict[str, Callable[[Mapping[str, Any]], Text]] = {
    "combat": _combat, "combat_result": _result, "rolled": _rolled, "fame": _fame,
    "final_fame": _final, "game_over": _game_over, "territory_closed": _closed,
    "tile_placed": _placed, "winter_paid": _winter,
}


def describe_event(event: Event, viewer: int | None) -> Text:
    fn = _SPECIAL.get(event.kind)
    if fn is not None:
        return fn(event.data)
    key = event.kind
    if key == "raven_harvest" and not any(event.data["res"]):
        key = "raven_harvest_nothing"  # "gathers nothing", not a list that says "nothing"
    return text(f"northgard.log.{key}", **_params(event.data))
