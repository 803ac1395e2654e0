"""Log lines for events: catalog keys (``agot.log.<kind>``) with their parameters, rendered
in each reader's language by the front's catalog. Names of houses, areas and cards are the
content pack's; the words around them are the catalog's."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.agot.board import board
from rules.base import Event, Text, text


def _house(d: Mapping[str, Any], key: str = "seat") -> str | Text:
    house = d.get(f"{key}_house")
    if isinstance(house, str):
        return board().house_name.get(house, house)
    seat = d.get(key)
    if isinstance(seat, int) and seat >= 0:
        return text("agot.log.seat", seat=seat)
    return text("agot.log.neutral")


def _seat_house(d: Mapping[str, Any], seat: int) -> str | Text:
    houses = d.get("houses")
    if isinstance(houses, list) and 0 <= seat < len(houses):
        return board().house_name.get(houses[seat], houses[seat])
    return text("agot.log.seat", seat=seat)


def _area(a: Any) -> str:
    return board().name.get(a, str(a)) if isinstance(a, str) else str(a)


def _units(u: Mapping[str, int]) -> Text | list[Text]:
    parts = [text(f"agot.log.unit.{k}", n=n) for k, n in u.items() if n]
    return parts or text("agot.unit.none")


def _card(c: Any) -> str | Text:
    card = board().cards.get(c) if isinstance(c, str) else None
    return card.name if card else text("agot.log.no_card")


def westeros_text(card: Any) -> str | Text:
    """A Westeros card's name, by its id or engine effect key: the catalog's
    (``agot.westeros.<effect>``), since the Czech rulebook translates these names."""
    b = board()
    w = b.wcards.get(card) if isinstance(card, str) else None
    if w is None:
        w = next((x for x in b.wcards.values() if x.effect == card), None)
    return text(f"agot.westeros.{w.effect}") if w else str(card)


def order_text(token: Any) -> str | Text:
    """An order token's name (``Special March +1``) from the catalog (``agot.order.<kind>``,
    ``….special``): the printed tokens carry only icons, so each language names them."""
    tok = board().tokens.get(token) if isinstance(token, str) else None
    if tok is None:
        return str(token)
    return text(f"agot.order.{tok.kind}{'.special' if tok.special else ''}",
                bonus=f"{tok.bonus:+d}")


def _track(t: Any) -> Text:
    return text(f"agot.log.track.{t}")


def _orders(d: Mapping[str, Any]) -> Text | list[Text]:
    parts = [text("agot.log.order_at", area=_area(a), order=order_text(o["order"]),
                  house=_house(o))
             for a, o in d["orders"].items()]
    return parts or text("agot.log.no_orders")


def _bids(d: Mapping[str, Any]) -> Text:
    bids = [text("agot.log.bid", house=_seat_house(d, s), bid=b) for s, b in enumerate(d["bids"])]
    if "total" not in d:
        return text("agot.log.bids_revealed", purpose=text(f"agot.log.purpose.{d['purpose']}"),
                    bids=bids)
    outcome = "agot.log.watch_holds" if d["watch_wins"] else "agot.log.wildlings_win_short"
    return text("agot.log.bids_revealed_wildlings", bids=bids, total=d["total"],
                threat=d["threat"], outcome=text(outcome))


def _raid(d: Mapping[str, Any]) -> Text:
    if not d["targets"]:
        return text("agot.log.raid_void", house=_house(d), area=_area(d["area"]))
    targets = [_area(t) for t in d["targets"]]
    if d["pillage"]:
        return text("agot.log.raid_pillage", house=_house(d), area=_area(d["area"]),
                    targets=targets, n=d["pillage"])
    return text("agot.log.raid", house=_house(d), area=_area(d["area"]), targets=targets)


def _march(d: Mapping[str, Any]) -> Text:
    moves = [text("agot.log.units_to", units=_units(u), area=_area(a))
             for a, u in d["moves"].items()]
    key = "agot.log.march_power" if d["power_left"] else "agot.log.march"
    return text(key, house=_house(d), area=_area(d["area"]),
                moves=moves or text("agot.log.no_move"))


def _support(d: Mapping[str, Any]) -> Text:
    side = d["side"] if d["side"] in ("attacker", "defender") else "none"
    return text(f"agot.log.support.{side}", house=_house(d), area=_area(d["area"]),
                battle=_area(d["battle"]))


def _ability_name(ability: Any) -> str:
    """An ability by the House card that has it (a name the rulebook keeps in English)."""
    card = next((c for c in board().cards.values() if c.ability == ability), None)
    return card.name if card else str(ability)


def _ability(d: Mapping[str, Any]) -> Text:
    name = _ability_name(d["ability"])
    target = d.get("target")
    if not target:
        return text("agot.log.ability", house=_house(d), ability=name)
    shown = _area(target) if isinstance(target, str) and target in board().name else _card(target)
    return text("agot.log.ability_on", house=_house(d), ability=name, target=shown)


def _destroyed(d: Mapping[str, Any]) -> Text:
    units = [text("agot.units_in", units=_units(u), area=_area(a)) for a, u in d["units"].items()]
    return text("agot.log.units_destroyed", house=_house(d), units=units,
                reason=text(f"agot.log.reason.{d['reason']}"))


def _mustered(d: Mapping[str, Any]) -> Text:
    builds = [text("agot.log.built.upgrade", area=_area(b["area"])) if b["unit"] == "upgrade"
              else text("agot.log.built", unit=text(f"agot.log.unitword.{b['unit']}"),
                        area=_area(b.get("sea", b["area"]))) for b in d["builds"]]
    if not builds:
        return text("agot.log.mustered_none", house=_house(d))
    return text("agot.log.mustered", house=_house(d), builds=builds)


def _game_over(d: Mapping[str, Any]) -> Text:
    reason = d["reason"]
    return text("agot.log.game_over",
                reason=Text.from_json(reason) if isinstance(reason, dict) else str(reason))


_LINES: dict[str, Callable[[Mapping[str, Any]], Text]] = {
    "setup": lambda d: text("agot.log.setup", houses=[
        text("agot.log.seat_is", seat=i, house=board().house_name.get(h, h))
        for i, h in enumerate(d["houses"])]),
    "round_start": lambda d: text("agot.log.round_start", round=d["round"]),
    "winter_is_coming": lambda d: text("agot.log.winter_is_coming"
                                       if int(d.get("times", 1)) == 1
                                       else "agot.log.winter_is_coming_again",
                                       deck=d["deck"], n=int(d.get("times", 1))),
    "deck_shuffled": lambda d: text("agot.log.deck_shuffled", deck=d["deck"]),
    "westeros_revealed": lambda d: text("agot.log.westeros_revealed",
                                        cards=[westeros_text(c) for c in d["cards"]]),
    "westeros_card": lambda d: (text("agot.log.westeros_card_deck", card=westeros_text(d["card"]),
                                     deck=d["deck"]) if "deck" in d
                                else text("agot.log.westeros_card", card=westeros_text(d["card"]))),
    "wildling_threat": lambda d: text("agot.log.wildling_threat", before=d["before"],
                                      after=d["after"]),
    "supply_adjusted": lambda d: text("agot.log.supply_adjusted", house=_house(d),
                                      before=d["before"], after=d["after"]),
    "units_destroyed": _destroyed,
    "mustered": _mustered,
    "power_gained": lambda d: text("agot.log.power_gained", house=_house(d), n=d["power"]),
    "bid_ready": lambda d: text("agot.log.bid_ready", house=_house(d)),
    "bids_revealed": _bids,
    "ties_ordered": lambda d: (text("agot.log.ties_ordered_track", house=_house(d),
                                    track=_track(d["track"])) if "track" in d
                               else text("agot.log.ties_ordered", house=_house(d))),
    "track_set": lambda d: text("agot.log.track_set", track=_track(d["track"]),
                                houses=[_seat_house(d, s) for s in d["order"]]),
    "tie_broken": lambda d: (text(f"agot.log.tie_broken_{d['side']}", house=_house(d),
                                  chosen=_house(d, "chosen")) if d.get("side") in
                             ("highest", "lowest")
                             else text("agot.log.tie_broken", house=_house(d),
                                       chosen=_house(d, "chosen"))),
    "card_reclaimed": lambda d: (text("agot.log.card_reclaimed", house=_house(d),
                                      card=_card(d["card"])) if d["card"]
                                 else text("agot.log.no_card_reclaimed", house=_house(d))),
    "wildlings_win": lambda d: text("agot.log.wildlings_win", lowest=_house(d, "lowest")),
    "orders_ready": lambda d: text("agot.log.orders_ready", house=_house(d)),
    "orders_revealed": lambda d: text("agot.log.orders_revealed", orders=_orders(d)),
    "raven_pass": lambda d: text("agot.log.raven_pass", house=_house(d)),
    "raven_swap": lambda d: text("agot.log.raven_swap", house=_house(d), area=_area(d["area"]),
                                 old=order_text(d["old"]), new=order_text(d["new"])),
    "raid": _raid,
    "march": _march,
    "power_token_removed": lambda d: text("agot.log.power_token_removed", house=_house(d),
                                          area=_area(d["area"])),
    "support_declared": _support,
    "neutral_defeated": lambda d: text("agot.log.neutral_defeated", house=_house(d),
                                       area=_area(d["area"]), strength=d["strength"],
                                       needed=d["needed"]),
    "neutral_held": lambda d: text("agot.log.neutral_held", area=_area(d["area"]),
                                   strength=d["strength"], needed=d["needed"]),
    "card_ready": lambda d: text("agot.log.card_ready", house=_house(d)),
    "cards_revealed": lambda d: text("agot.log.cards_revealed", area=_area(d["area"]),
                                     attacker=_house(d, "attacker"), a_card=_card(d["cards"][0]),
                                     defender=_house(d, "defender"),
                                     d_card=_card(d["cards"][1])),
    "ability": _ability,
    "ability_declined": lambda d: text("agot.log.ability_declined", house=_house(d),
                                       ability=_ability_name(d["ability"])),
    "blade_used": lambda d: text("agot.log.blade_used", house=_house(d)),
    "battle_result": lambda d: text("agot.log.battle_result", area=_area(d["area"]),
                                    attacker=_house(d, "attacker"), a=d["strength"][0],
                                    defender=_house(d, "defender"), d=d["strength"][1],
                                    winner=_house(d, "winner")),
    "casualties": lambda d: text("agot.log.casualties", house=_house(d), units=_units(d["units"]),
                                 area=_area(d["area"])),
    "retreat": lambda d: text("agot.log.retreat", house=_house(d), units=_units(d["units"]),
                              area=_area(d["area"]), to=_area(d["to"])),
    "routed_destroyed": lambda d: text("agot.log.routed_destroyed", house=_house(d),
                                       units=_units(d["units"]), area=_area(d["area"])),
    "destroyed_no_retreat": lambda d: text("agot.log.destroyed_no_retreat", house=_house(d),
                                           units=_units(d["units"]), area=_area(d["area"])),
    "area_taken": lambda d: text("agot.log.sea_cleared" if board().is_sea.get(d["area"])
                                 else "agot.log.area_taken", house=_house(d),
                                 area=_area(d["area"])),
    "cards_recovered": lambda d: text("agot.log.cards_recovered", house=_house(d)),
    "battle_end": lambda d: text("agot.log.battle_end", area=_area(d["area"])),
    "routed_restored": lambda d: text("agot.log.routed_restored"),
    "consolidated": lambda d: text("agot.log.consolidated", house=_house(d), n=d["power"]),
    "game_over": _game_over,
}


def describe_event(event: Event, seat: int | None) -> Text:
    line = _LINES.get(event.kind)
    if line is None:
        return text("agot.log.unknown", kind=event.kind)
    try:
        return line(event.data)
    except (KeyError, TypeError, IndexError):
        return text("agot.log.unknown", kind=event.kind)
