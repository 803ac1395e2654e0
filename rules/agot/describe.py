"""English log lines for events."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.agot.board import TRACK_LABEL, board
from rules.base import Event


def _house(d: Mapping[str, Any], key: str = "seat") -> str:
    house = d.get(f"{key}_house")
    if isinstance(house, str):
        return board().house_name.get(house, house)
    seat = d.get(key)
    return f"Seat {seat}" if isinstance(seat, int) and seat >= 0 else "the neutral force"


def _seat_house(d: Mapping[str, Any], seat: int) -> str:
    houses = d.get("houses")
    if isinstance(houses, list) and 0 <= seat < len(houses):
        return board().house_name.get(houses[seat], houses[seat])
    return f"Seat {seat}"


def _area(a: Any) -> str:
    return board().name.get(a, str(a)) if isinstance(a, str) else str(a)


def _units(u: Mapping[str, int]) -> str:
    parts = [f"{n} {k if n == 1 else ('footmen' if k == 'footman' else k + 's')}"
             for k, n in u.items() if n]
    return ", ".join(parts) or "no units"


def _card(c: Any) -> str:
    card = board().cards.get(c) if isinstance(c, str) else None
    return card.name if card else "no card"


def _wcard(c: Any) -> str:
    w = board().wcards.get(c) if isinstance(c, str) else None
    return w.name if w else str(c)


def _token(t: Any) -> str:
    tok = board().tokens.get(t) if isinstance(t, str) else None
    return tok.label if tok else str(t)


def _orders(d: Mapping[str, Any]) -> str:
    return "; ".join(f"{_area(a)}: {_token(o['order'])} ({_house(o)})"
                     for a, o in d["orders"].items()) or "no orders"


_LINES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "setup": lambda d: "Houses: " + ", ".join(
        f"seat {i}: {board().house_name.get(h, h)}" for i, h in enumerate(d["houses"])) + ".",
    "round_start": lambda d: f"Round {d['round']} begins.",
    "winter_is_coming": lambda d: f"Winter Is Coming: Westeros deck {d['deck']} is reshuffled.",
    "deck_shuffled": lambda d: f"Westeros deck {d['deck']} shuffled.",
    "westeros_revealed": lambda d: "Westeros cards: " + ", ".join(_wcard(c) for c in d["cards"])
                                   + ".",
    "westeros_card": lambda d: f"Resolving {_wcard(d['card'])}.",
    "wildling_threat": lambda d: f"Wildling threat {d['before']} → {d['after']}.",
    "supply_adjusted": lambda d: f"{_house(d)} supply {d['before']} → {d['after']}.",
    "units_destroyed": lambda d: f"{_house(d)} destroys " + "; ".join(
        f"{_units(u)} in {_area(a)}" for a, u in d["units"].items()) + f" ({d['reason']}).",
    "mustered": lambda d: f"{_house(d)} musters: " + (", ".join(
        f"{b['unit']} in {_area(b.get('sea', b['area']))}" for b in d["builds"]) or "nothing")
                          + ".",
    "power_gained": lambda d: f"{_house(d)} gains {d['power']} power.",
    "bid_ready": lambda d: f"{_house(d)} has placed a bid.",
    "bids_revealed": lambda d: f"Bids ({d['purpose']}): " + ", ".join(
        f"{_seat_house(d, s)} {b}" for s, b in enumerate(d["bids"])) + (
        f" — total {d['total']} vs wildlings {d['threat']}: "
        f"{'the Night’s Watch holds' if d['watch_wins'] else 'the wildlings win'}"
        if "total" in d else "") + ".",
    "ties_ordered": lambda d: f"{_house(d)} orders the tied bidders.",
    "track_set": lambda d: f"{TRACK_LABEL.get(d['track'], d['track'])}: " + ", ".join(
        _seat_house(d, s) for s in d["order"]) + ".",
    "tie_broken": lambda d: f"{_house(d)} breaks the tie: {_house(d, 'chosen')}.",
    "card_reclaimed": lambda d: f"{_house(d)} takes back {_card(d['card'])}."
                                if d["card"] else f"{_house(d)} takes back no card.",
    "wildlings_win": lambda d: f"The wildlings win; {_house(d, 'lowest')} was the lowest "
                               f"bidder and loses 4 points of units, every other house 2.",
    "orders_ready": lambda d: f"{_house(d)} has placed its orders.",
    "orders_revealed": lambda d: "Orders revealed — " + _orders(d) + ".",
    "raven_pass": lambda d: f"{_house(d)} keeps its orders.",
    "raven_swap": lambda d: f"{_house(d)} uses the Messenger Raven in {_area(d['area'])}: "
                            f"{_token(d['old'])} → {_token(d['new'])}.",
    "raid": lambda d: (f"{_house(d)} raids from {_area(d['area'])}: removes the orders in "
                       + ", ".join(_area(t) for t in d["targets"])
                       + (f" and pillages {d['pillage']} power" if d["pillage"] else "") + "."
                       if d["targets"] else
                       f"{_house(d)}'s raid in {_area(d['area'])} is removed without effect."),
    "march": lambda d: f"{_house(d)} marches from {_area(d['area'])}: " + ("; ".join(
        f"{_units(u)} to {_area(a)}" for a, u in d["moves"].items()) or "no units move") + (
        ", leaving a power token" if d["power_left"] else "") + ".",
    "power_token_removed": lambda d: f"{_house(d)}'s power token in {_area(d['area'])} is "
                                     f"removed.",
    "support_declared": lambda d: f"{_house(d)} ({_area(d['area'])}) supports "
                                  f"{'nobody' if d['side'] == 'none' else 'the ' + d['side']} "
                                  f"in {_area(d['battle'])}.",
    "neutral_defeated": lambda d: f"{_house(d)} beats the neutral force in {_area(d['area'])} "
                                  f"({d['strength']} vs {d['needed']}).",
    "neutral_held": lambda d: f"The neutral force in {_area(d['area'])} holds "
                              f"({d['strength']} vs {d['needed']}); the units stay behind.",
    "card_ready": lambda d: f"{_house(d)} has chosen a House card.",
    "cards_revealed": lambda d: f"Battle in {_area(d['area'])}: {_house(d, 'attacker')} plays "
                                f"{_card(d['cards'][0])}, {_house(d, 'defender')} plays "
                                f"{_card(d['cards'][1])}.",
    "ability": lambda d: f"{_house(d)} uses {d['ability'].replace('_', ' ').title()}"
                         + (f" ({_area(d['target']) if isinstance(d.get('target'), str) and d['target'] in board().name else _card(d['target'])})"  # noqa: E501
                            if d.get("target") else "") + ".",
    "ability_declined": lambda d: f"{_house(d)} does not use {d['ability']}.",
    "blade_used": lambda d: f"{_house(d)} uses the Valyrian Steel Blade (+1).",
    "battle_result": lambda d: f"Battle in {_area(d['area'])}: {_house(d, 'attacker')} "
                               f"{d['strength'][0]} vs {_house(d, 'defender')} "
                               f"{d['strength'][1]} — {_house(d, 'winner')} wins.",
    "casualties": lambda d: f"{_house(d)} loses {_units(d['units'])} in {_area(d['area'])}.",
    "retreat": lambda d: f"{_house(d)} retreats {_units(d['units'])} from {_area(d['area'])} "
                         f"to {_area(d['to'])}.",
    "routed_destroyed": lambda d: f"{_house(d)}'s routed {_units(d['units'])} in "
                                  f"{_area(d['area'])} cannot retreat again and are destroyed.",
    "destroyed_no_retreat": lambda d: f"{_house(d)} has nowhere to retreat: {_units(d['units'])}"
                                      f" in {_area(d['area'])} are destroyed.",
    "area_taken": lambda d: (f"{_house(d)} clears {_area(d['area'])} of enemy ships."
                             if board().is_sea.get(d["area"]) else
                             f"{_house(d)} takes {_area(d['area'])}."),
    "cards_recovered": lambda d: f"{_house(d)} played its last House card and takes all seven "
                                 f"back.",
    "battle_end": lambda d: f"The battle in {_area(d['area'])} is over.",
    "routed_restored": lambda d: "Routed units stand up again.",
    "consolidated": lambda d: f"{_house(d)} consolidates {d['power']} power.",
    "game_over": lambda d: f"Game over: {d['reason']}",
}


def describe_event(event: Event, seat: int | None) -> str:
    line = _LINES.get(event.kind)
    if line is None:
        return event.kind.replace("_", " ")
    try:
        return line(event.data)
    except (KeyError, TypeError, IndexError):
        return event.kind.replace("_", " ")
