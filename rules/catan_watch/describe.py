"""English log lines for events."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.base import Event
from rules.catan_watch.common import counts_text
from rules.catan_watch.data import CLAN_NAMES, DEV_CARDS, HEROES
from rules.catan_watch.names import letter

SPECIAL = {"longest_road": "Longest Road", "largest_watch": "Largest Watch"}

#: The players' piece colours, by seat. The rulebook has each player choose a colour and
#: names red and blue players in its examples; these four are the board image's colours.
COLOURS: tuple[str, ...] = ("red", "blue", "orange", "white")


def seat_label(seat: int) -> str:
    """How a seat is called at the table: its colour ("Red")."""
    if 0 <= seat < len(COLOURS):
        return COLOURS[seat].capitalize()
    return f"Seat {seat + 1}"


def _who(seat: Any, viewer: int | None, start: bool = True) -> str:
    """The seat's name for this viewer: "Red", or "You"/"you" for the viewer's own seat."""
    if seat is None or seat < 0:
        return "No one" if start else "no one"
    if seat == viewer:
        return "You" if start else "you"
    return seat_label(seat)


def _whose(seat: Any, viewer: int | None, start: bool = False) -> str:
    """Possessive: "Red's", "your" ("Your" to start a sentence)."""
    if seat == viewer:
        return "Your" if start else "your"
    return f"{_who(seat, viewer)}'s"


def _hero(n: Any) -> str:
    return HEROES[n]["name"] if n in HEROES else "no hero"


def describe(event: Event, viewer: int | None) -> str:
    d = event.data
    fn = _LINES.get(event.kind)
    if fn is None:
        return f"{event.kind}: {dict(d)}"
    return fn(d, viewer)


def _w(d: Mapping[str, Any], v: int | None, key: str = "seat") -> str:
    """The subject of a sentence."""
    return _who(d.get(key), v)


def _o(d: Mapping[str, Any], v: int | None, key: str) -> str:
    """The object of a sentence ("you" in lower case)."""
    return _who(d.get(key), v, start=False)


def _does(d: Mapping[str, Any], v: int | None, verb: str, key: str = "seat") -> str:
    """Subject and a present-tense verb that agree: "Red offers", "You offer"."""
    if d.get(key) == v:
        return f"You {_YOU_FORM.get(verb, verb)}"
    return f"{_w(d, v, key)} {verb}"


def _corner(d: Mapping[str, Any]) -> str:
    """The corner by the board's name for it ("corner A/B/E"); logs written before events
    carried the name show the engine's id."""
    return f"corner {d.get('at') or d['vertex']}"


def _path(d: Mapping[str, Any], key: str = "edge") -> str:
    at = d.get("at") if key == "edge" else d.get(f"{key}_at")
    return f"path {at or d[key]}"


_YOU_FORM = {"looks": "look", "offers": "offer", "accepts": "accept", "counters": "counter",
             "declines": "decline", "takes": "take", "gives": "give", "has": "have"}


_LINES: dict[str, Callable[[Mapping[str, Any], int | None], str]] = {
    "setup_yield": lambda d, v: f"{_w(d, v)} took {counts_text(d['cards'])} for the second "
                                "settlement.",
    "settlement_built": lambda d, v: f"{_w(d, v)} built a settlement on {_corner(d)}.",
    "road_built": lambda d, v: f"{_w(d, v)} built a road on {_path(d)}"
                               + (" (free)." if d.get("free") else "."),
    "keep_built": lambda d, v: f"{_w(d, v)} upgraded the settlement on {_corner(d)} to a keep.",
    "guard_built": lambda d, v: f"{_w(d, v)} placed a guard on wall section {d['section'] + 1}, "
                                f"field {d['field']}.",
    "development_bought": lambda d, v: f"{_w(d, v)} bought a development card "
                                       f"({d['left']} left).",
    "development_offer": lambda d, v: f"{_does(d, v, 'looks')} at the top cards: " + ", ".join(
        DEV_CARDS[c]["name"] for c in d["cards"]) + ".",
    "development_drawn": lambda d, v: f"{_w(d, v)} drew {DEV_CARDS[d['card']]['name']}.",
    "dice": lambda d, v: f"{_w(d, v)} rolled {d['dice'][0]} + {d['dice'][1]} = {d['total']}"
                         + (f"; wildling die {d['dice'][2]}." if len(d["dice"]) > 2 else "."),
    "yields": lambda d, v: "Yields: " + (
        "; ".join(f"{_who(int(s), v)} {counts_text(c)}" for s, c in d["cards"].items())
        if d["cards"] else "nobody receives anything") + ".",
    "bank_short": lambda d, v: f"The bank is short of {d['resource']}.",
    "must_discard": lambda d, v: "Over 7 cards, must discard: " + ", ".join(
        f"{_who(int(s), v)} {n}" for s, n in d["counts"].items()) + ".",
    "discard_committed": lambda d, v: f"{_w(d, v)} chose the cards to discard.",
    "discarded": lambda d, v: f"{_w(d, v)} discarded {counts_text(d['cards'])}.",
    "tormund_moved": lambda d, v: f"{_w(d, v)} moved Tormund to hex {letter(d['hex'])}.",
    "robbed": lambda d, v: f"{_w(d, v, 'thief')} stole a card from {_o(d, v, 'victim')}.",
    "stolen_card": lambda d, v: f"The stolen card was {d['resource']}.",
    "special_card": lambda d, v: f"{SPECIAL[d['card']]}: "
                                 + (f"{_does(d, v, 'takes', 'new')} the card." if d["new"] >= 0
                                    else "the card is set aside."),
    "wildling_token": lambda d, v: f"Wildling token ({d['why']}): a {d['wildling']} joins the "
                                   f"{CLAN_NAMES[d['clan']]}.",
    "wildling_attack": lambda d, v: f"Wildling attack! The {d['clan_name']} is full and rushes "
                                    "the Wall.",
    "wildlings_stay": lambda d, v: f"Wildling die {d['face']}: no wildling moves.",
    "wildling_advances": lambda d, v: f"A {d['wildling']} advances along trail {d['trail']} to "
                                      f"wall section {d['section'] + 1}.",
    "giant_kills_guard": lambda d, v: f"A giant kills {_whose(d.get('seat'), v)} guard on section "
                                      f"{d['section'] + 1} and returns to the Frostfangs.",
    "wall_breach": lambda d, v: f"The Wall is breached at section {d['section'] + 1} "
                                f"(breach {d['breaches']} of 3).",
    "wildling_in_gift": lambda d, v: f"A {d['wildling']} occupies hex {letter(d['hex'])} in "
                                     "the Gift.",
    "game_over": lambda d, v: "Game over (" + d["reason"] + "): " + (
        ", ".join(_who(s, v) for s in d["winners"]) + " won." if d["winners"]
        else "everyone loses."),
    "bank_trade": lambda d, v: f"{_w(d, v)} traded {counts_text(d['give'])} to the bank for "
                               f"{counts_text(d['get'])}.",
    "trade_offered": lambda d, v: f"{_does(d, v, 'offers')} {counts_text(d['give'])} for "
                                  f"{counts_text(d['get'])}.",
    "trade_accepted": lambda d, v: f"{_does(d, v, 'accepts')} the offer.",
    "trade_countered": lambda d, v: f"{_does(d, v, 'counters')}: "
                                    f"{'give' if d.get('seat') == v else 'gives'} "
                                    f"{counts_text(d['give'])} for "
                                    f"{counts_text(d['get'])}.",
    "trade_declined": lambda d, v: f"{_does(d, v, 'declines')}.",
    "trade_closed": lambda d, v: (
        f"{_w(d, v)} traded {counts_text(d['give'])} with {_o(d, v, 'partner')} for "
        f"{counts_text(d['get'])}." if d.get("partner") is not None
        else f"{_whose(d.get('seat'), v, start=True)} trade offer is closed without a trade."),
    "development_played": lambda d, v: f"{_w(d, v)} played {DEV_CARDS[d['card']]['name']}.",
    "free_roads_lost": lambda d, v: f"{_w(d, v)} can't place {d['count']} more free road(s).",
    "took_from_bank": lambda d, v: f"{_w(d, v)} took {', '.join(d['cards'])} from the bank.",
    "wildling_driven_out": lambda d, v: f"{_w(d, v)} drove the wildling out of hex "
                                        f"{letter(d['hex'])}"
                                        + (f" and took {d['resource']}." if d["resource"]
                                           else "."),
    "hero_used": lambda d, v: f"{_w(d, v)} used {_hero(d['hero'])} (side {d['side']}).",
    "hero_trade": lambda d, v: f"{_w(d, v)} traded {d['give']} for {d['get']} with the bank.",
    "hand_seen": lambda d, v: f"{_w(d, v)} looked at {_whose(d.get('target'), v)} hand: "
                              f"{counts_text(d['cards'])}.",
    "hero_took": lambda d, v: f"{_w(d, v)} took a card from {_o(d, v, 'target')}.",
    "road_moved": lambda d, v: f"{_w(d, v)} moved a road from {_path(d, 'old')} to "
                               f"{_path(d, 'new')}.",
    "forced_trade": lambda d, v: (
        f"{_does(d, v, 'gives', 'target')} {d['resource']}." if d["given"]
        else f"{_does(d, v, 'has', 'target')} no {d['resource']} to give."),
    "forced_trade_return": lambda d, v: f"{_does(d, v, 'gives')} a card back to "
                                        f"{_o(d, v, 'target')}.",
    "card_given_back": lambda d, v: f"The card given back was {d['resource']}.",
    "wildling_returned": lambda d, v: f"{_w(d, v)} sent a {d['wildling']} back to the "
                                      "Frostfangs.",
    "tormund_to_camp": lambda d, v: f"{_w(d, v)} sent Tormund back to his camp"
                                    + (f" and took {d['resource']}." if d["resource"] else "."),
    "hero_flipped": lambda d, v: f"{_w(d, v)} turned {_hero(d['hero'])} to side B.",
    "hero_swapped": lambda d, v: f"{_w(d, v)} returned {_hero(d['returned'])} and took "
                                 f"{_hero(d['taken'])}.",
    "hero_removed": lambda d, v: f"Heroes' tragedy: {d['name']} leaves the game.",
    "turn_ended": lambda d, v: f"{_w(d, v)} ended turn {d['turn']}.",
    "turn_started": lambda d, v: f"Turn {d['turn']}: "
                                 + ("your move." if d.get("seat") == v else f"{_w(d, v)} to play."),
}
