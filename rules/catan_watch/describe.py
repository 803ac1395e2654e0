"""Log lines for events: catalog keys (``catan.log.<kind>``) with their parameters, rendered in
each reader's language by the front's catalog. A line about the reader's own seat says "you"
(its own key, so each language can make the verb agree)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.base import Event, Text, text
from rules.catan_watch.data import HEROES, RESOURCES, WALL
from rules.catan_watch.names import letter, spot_text

#: The players' piece colours, by seat. The rulebook has each player choose a colour and
#: names red and blue players in its examples; these four are the board image's colours.
COLOURS: tuple[str, ...] = ("red", "blue", "orange", "white")

#: How a game ended: the code stored in the state, and the sentences older states stored.
REASONS = {"glorious": "glorious", "ten_vp": "ten_vp", "tragic_breach": "tragic_breach",
           "tragic_gift": "tragic_gift", "glorious victory": "glorious",
           "10 victory points": "ten_vp",
           "tragic victory: the Wall was breached a third time": "tragic_breach",
           "tragic victory: more than 7 wildlings in the Gift": "tragic_gift"}


def seat_label(seat: int) -> Text:
    """How a seat is called at the table: its colour ("Red")."""
    if 0 <= seat < len(COLOURS):
        return _SEAT_LABELS[seat]
    return text("catan.img.seat", seat=seat + 1)


_SEAT_LABELS = (text("catan.colour.red"), text("catan.colour.blue"), text("catan.colour.orange"),
                text("catan.colour.white"))


def reason_text(reason: Any) -> Text:
    code = REASONS.get(str(reason))
    return text(f"catan.log.reason.{code}") if code else text("engine.text", text=str(reason))


def _clan(i: int) -> Text:
    return text(f"catan.clan.{WALL['clans'][i]['id']}")


def _colour(seat: int) -> Text:
    return text(f"catan.colour.{COLOURS[seat % len(COLOURS)]}")


def _who(seat: Any, viewer: int | None, start: bool = True) -> Text:
    """The seat's name for this viewer: "Red", or "You"/"you" for the viewer's own seat."""
    if not isinstance(seat, int) or seat < 0:
        return text("catan.log.no_one" if start else "catan.log.no_one_obj")
    if seat == viewer:
        return text("catan.log.you" if start else "catan.log.you_obj")
    return _colour(seat)


def _whose(seat: Any, viewer: int | None, start: bool = False) -> Text:
    """Possessive: "Red's", "your" ("Your" to start a sentence)."""
    if seat == viewer:
        return text("catan.log.your_start" if start else "catan.log.your")
    return text("catan.log.whose", who=_who(seat, viewer))


def _res(r: Any) -> Text | str:
    return text(f"catan.log.res.{r}") if r in RESOURCES else str(r)


def _counts(counts: Mapping[str, int]) -> Text | list[Text]:
    parts = [text(f"catan.n.{r}", n=n) if r in RESOURCES else text("engine.text", text=f"{n} {r}")
             for r, n in counts.items() if n]
    return parts or text("catan.nothing")


def _hero(n: Any) -> str | Text:
    return HEROES[n]["name"] if n in HEROES else text("catan.log.no_hero")


def _dev(c: Any) -> Text:
    return text(f"catan.dev.{c}")


def _corner(d: Mapping[str, Any]) -> Any:
    """The corner by the board's name for it ("A/B/E"); logs written before events carried
    the name show the engine's id."""
    at = d.get("at")
    return spot_text(at) if isinstance(at, str) and at else d["vertex"]


def _path(d: Mapping[str, Any], key: str = "edge") -> Any:
    at = d.get("at") if key == "edge" else d.get(f"{key}_at")
    return spot_text(at) if isinstance(at, str) and at else d[key]


def _line(kind: str, d: Mapping[str, Any], v: int | None, key: str = "seat",
          **params: Any) -> Text:
    """A line whose subject is ``d[key]``: the ``.you`` form when the reader is the subject."""
    if d.get(key) == v and v is not None:
        return text(f"catan.log.{kind}.you", **params)
    return text(f"catan.log.{kind}", who=_who(d.get(key), v), **params)


def _who_line(kind: str) -> Callable[[Mapping[str, Any], int | None], Text]:
    return lambda d, v: text(f"catan.log.{kind}", who=_who(d.get("seat"), v))


def _game_over(d: Mapping[str, Any], v: int | None) -> Text:
    reason = reason_text(d["reason"])
    if d["winners"]:
        return text("catan.log.game_over", reason=reason,
                    winners=[_who(s, v) for s in d["winners"]])
    return text("catan.log.game_over_nobody", reason=reason)


def _special(d: Mapping[str, Any], v: int | None) -> Text:
    card = text(f"catan.log.special.{d['card']}")
    if d["new"] >= 0:
        return _line("special_taken", d, v, "new", card=card)
    return text("catan.log.special_aside", card=card)


def _counter(d: Mapping[str, Any], v: int | None) -> Text:
    return _line("trade_countered", d, v, give=_counts(d["give"]), get=_counts(d["get"]))


def _closed(d: Mapping[str, Any], v: int | None) -> Text:
    if d.get("partner") is not None:
        return text("catan.log.trade_closed", who=_who(d.get("seat"), v),
                    partner=_who(d.get("partner"), v, start=False),
                    give=_counts(d["give"]), get=_counts(d["get"]))
    why = d.get("why")
    if why == "withdrawn":
        answered = d.get("answered")
        if answered:
            return _line("trade_cancelled_answered", d, v,
                         partners=[_who(s, v, start=False) for s in answered])
        return _line("trade_cancelled" if answered is None else "trade_cancelled_unanswered",
                     d, v)
    key = "catan.log.trade_all_declined" if why == "declined" else "catan.log.trade_withdrawn"
    return text(key, whose=_whose(d.get("seat"), v, start=True))


def _forced(d: Mapping[str, Any], v: int | None) -> Text:
    if d["given"]:
        return _line("forced_trade", d, v, "target", res=_res(d["resource"]))
    return _line("forced_trade_none", d, v, "target", res=_res(d["resource"]))


def _driven_out(d: Mapping[str, Any], v: int | None) -> Text:
    if d["resource"]:
        return text("catan.log.wildling_driven_out_took", who=_who(d.get("seat"), v),
                    hex=letter(d["hex"]), res=_res(d["resource"]))
    return text("catan.log.wildling_driven_out", who=_who(d.get("seat"), v), hex=letter(d["hex"]))


def _to_camp(d: Mapping[str, Any], v: int | None) -> Text:
    if d["resource"]:
        return text("catan.log.tormund_to_camp_took", who=_who(d.get("seat"), v),
                    res=_res(d["resource"]))
    return text("catan.log.tormund_to_camp", who=_who(d.get("seat"), v))


def _turn_started(d: Mapping[str, Any], v: int | None) -> Text:
    if d.get("seat") == v:
        return text("catan.log.turn_started.you", turn=d["turn"])
    return text("catan.log.turn_started", turn=d["turn"], who=_who(d.get("seat"), v))


def _w(d: Mapping[str, Any], v: int | None) -> Text:
    return _who(d.get("seat"), v)


_LINES: dict[str, Callable[[Mapping[str, Any], int | None], Text]] = {
    "setup_yield": lambda d, v: text("catan.log.setup_yield", who=_w(d, v),
                                     cards=_counts(d["cards"])),
    "settlement_built": lambda d, v: text("catan.log.settlement_built", who=_w(d, v),
                                          corner=_corner(d)),
    "road_built": lambda d, v: text("catan.log.road_built_free" if d.get("free")
                                    else "catan.log.road_built", who=_w(d, v), path=_path(d)),
    "keep_built": lambda d, v: text("catan.log.keep_built", who=_w(d, v), corner=_corner(d)),
    "guard_built": lambda d, v: text("catan.log.guard_built", who=_w(d, v),
                                     section=d["section"] + 1, field=d["field"]),
    "development_bought": lambda d, v: text("catan.log.development_bought", who=_w(d, v),
                                            n=d["left"]),
    "development_offer": lambda d, v: _line("development_offer", d, v,
                                            cards=[_dev(c) for c in d["cards"]]),
    "development_drawn": lambda d, v: text("catan.log.development_drawn", who=_w(d, v),
                                           card=_dev(d["card"])),
    "dice": lambda d, v: text("catan.log.dice_wildling" if len(d["dice"]) > 2
                              else "catan.log.dice", who=_w(d, v), a=d["dice"][0],
                              b=d["dice"][1], total=d["total"],
                              w=d["dice"][2] if len(d["dice"]) > 2 else ""),
    "yields": lambda d, v: text("catan.log.yields", parts=[
        text("catan.log.yield", who=_who(int(s), v), cards=_counts(c))
        for s, c in d["cards"].items()]) if d["cards"] else text("catan.log.yields_none"),
    "bank_short": lambda d, v: text("catan.log.bank_short", res=_res(d["resource"])),
    "must_discard": lambda d, v: text("catan.log.must_discard", parts=[
        text("catan.log.owes", who=_who(int(s), v), n=n) for s, n in d["counts"].items()]),
    "discard_committed": _who_line("discard_committed"),
    "discarded": lambda d, v: text("catan.log.discarded", who=_w(d, v),
                                   cards=_counts(d["cards"])),
    "tormund_moved": lambda d, v: text("catan.log.tormund_moved", who=_w(d, v),
                                       hex=letter(d["hex"])),
    "robbed": lambda d, v: text("catan.log.robbed", who=_who(d.get("thief"), v),
                                victim=_who(d.get("victim"), v, start=False)),
    "stolen_card": lambda d, v: text("catan.log.stolen_card", res=_res(d["resource"])),
    "special_card": _special,
    "wildling_token": lambda d, v: text("catan.log.wildling_token",
                                        why=text(f"catan.log.why.{d['why']}"),
                                        wildling=text(f"catan.log.wildling.{d['wildling']}"),
                                        clan=_clan(d["clan"])),
    "wildling_attack": lambda d, v: text("catan.log.wildling_attack", clan=_clan(d["clan"])),
    "wildlings_stay": lambda d, v: text("catan.log.wildlings_stay", face=d["face"]),
    "wildling_advances": lambda d, v: text("catan.log.wildling_advances",
                                           wildling=text(f"catan.log.wildling.{d['wildling']}"),
                                           trail=d["trail"], section=d["section"] + 1),
    "giant_kills_guard": lambda d, v: text("catan.log.giant_kills_guard",
                                           whose=_whose(d.get("seat"), v),
                                           section=d["section"] + 1),
    "wall_breach": lambda d, v: text("catan.log.wall_breach", section=d["section"] + 1,
                                     n=d["breaches"]),
    "wildling_in_gift": lambda d, v: text("catan.log.wildling_in_gift",
                                          wildling=text(f"catan.log.wildling.{d['wildling']}"),
                                          hex=letter(d["hex"])),
    "game_over": _game_over,
    "bank_trade": lambda d, v: text("catan.log.bank_trade", who=_w(d, v),
                                    give=_counts(d["give"]), get=_counts(d["get"])),
    "trade_offered": lambda d, v: _line("trade_offered", d, v, give=_counts(d["give"]),
                                        get=_counts(d["get"])),
    "trade_accepted": lambda d, v: _line("trade_accepted", d, v),
    "trade_countered": _counter,
    "trade_declined": lambda d, v: _line("trade_declined", d, v),
    "trade_closed": _closed,
    "development_played": lambda d, v: text("catan.log.development_played", who=_w(d, v),
                                            card=_dev(d["card"])),
    "free_roads_lost": lambda d, v: text("catan.log.free_roads_lost", who=_w(d, v),
                                         n=d["count"]),
    "took_from_bank": lambda d, v: text("catan.log.took_from_bank", who=_w(d, v),
                                        cards=[_res(c) for c in d["cards"]]),
    "wildling_driven_out": _driven_out,
    "hero_used": lambda d, v: text("catan.log.hero_used", who=_w(d, v), hero=_hero(d["hero"]),
                                   side=d["side"]),
    "hero_trade": lambda d, v: text("catan.log.hero_trade", who=_w(d, v), give=_res(d["give"]),
                                    get=_res(d["get"])),
    "hand_seen": lambda d, v: text("catan.log.hand_seen", who=_w(d, v),
                                   whose=_whose(d.get("target"), v), cards=_counts(d["cards"])),
    "hero_took": lambda d, v: text("catan.log.hero_took", who=_w(d, v),
                                   target=_who(d.get("target"), v, start=False)),
    "road_moved": lambda d, v: text("catan.log.road_moved", who=_w(d, v),
                                    old=_path(d, "old"), new=_path(d, "new")),
    "forced_trade": _forced,
    "forced_trade_return": lambda d, v: _line("forced_trade_return", d, v,
                                              target=_who(d.get("target"), v, start=False)),
    "card_given_back": lambda d, v: text("catan.log.card_given_back", res=_res(d["resource"])),
    "wildling_returned": lambda d, v: text("catan.log.wildling_returned", who=_w(d, v),
                                           wildling=text(f"catan.log.wildling.{d['wildling']}")),
    "tormund_to_camp": _to_camp,
    "hero_flipped": lambda d, v: text("catan.log.hero_flipped", who=_w(d, v),
                                      hero=_hero(d["hero"])),
    "hero_swapped": lambda d, v: text("catan.log.hero_swapped", who=_w(d, v),
                                      returned=_hero(d["returned"]), taken=_hero(d["taken"])),
    "hero_removed": lambda d, v: text("catan.log.hero_removed", name=d["name"]),
    "turn_ended": lambda d, v: text("catan.log.turn_ended", who=_w(d, v), turn=d["turn"]),
    "turn_started": _turn_started,
}


def describe(event: Event, viewer: int | None) -> Text:
    fn = _LINES.get(event.kind)
    if fn is None:
        return text("catan.log.unknown", kind=event.kind)
    return fn(event.data, viewer)
