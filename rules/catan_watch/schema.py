"""What each catan_watch action kind takes (issue #16): the declared parameter schema the
service checks before the engine runs.

Ranges come from the static data: corners, paths and hexes are bounded by the largest board
any mode uses (a game on a smaller board still gets the engine's own "no such corner"), seats
by the table size, resources and development cards are their ids. The engine still judges
legality (a free corner, an affordable trade); the schema only says what a move can look like.
"""

from __future__ import annotations

from functools import cache

from rules.catan_watch.board import geometry
from rules.catan_watch.data import (
    BANK_START,
    BOARDS,
    CAMPS_PER_CLAN,
    DEV_CARDS,
    HEROES,
    N_SECTIONS,
    RESOURCES,
)
from rules.kit.params import Int, Map, Null, OneOf, Opt, Param, Schema, Seq, Str, ids

#: Wildling clans on the Wall (``state.clans`` always holds three).
N_CLANS = 3
#: Development cards Melisandre shows (the top three of the deck).
MELISANDRE_CARDS = 3


def _bounds() -> tuple[int, int, int]:
    """(hexes, corners, paths) of the largest board among the shipped layouts."""
    shapes = [geometry(shape) for shape in BOARDS["layouts"]]
    return (max(len(g.hexes) for g in shapes), max(g.n_vertices for g in shapes),
            max(g.n_edges for g in shapes))


@cache
def build_schema(max_seats: int) -> Schema:
    """The schema for tables of up to ``max_seats`` players (built once)."""
    n_hexes, n_vertices, n_edges = _bounds()
    hex_ = Int(0, n_hexes - 1)
    vertex = Int(0, n_vertices - 1)
    edge = Int(0, n_edges - 1)
    section = Int(0, N_SECTIONS - 1)
    seat = Int(0, max_seats - 1)
    hero = Int(min(HEROES), max(HEROES))
    resource = ids(RESOURCES)
    # No single amount can exceed the 19 cards of a resource there are (the front's forms and
    # typed amounts stop there too); 0 is accepted, as the engine does.
    counts = Map(resource, Int(0, BANK_START), max_len=len(RESOURCES))
    # ``victim`` may be left out or null when nobody can be robbed; the engine names the
    # choices when one must be robbed.
    victim = Opt(OneOf((seat, Null())))
    trade: dict[str, Param] = {"give": counts, "get": counts}
    return {
        # Set-up
        "place_settlement": {"vertex": vertex},
        "place_road": {"edge": edge},
        "place_guard": {"section": section},
        # Dice and Tormund
        "roll": {},
        "discard": {"cards": counts},
        "move_tormund": {"hex": hex_, "victim": victim},
        # Building
        "build_road": {"edge": edge},
        "build_settlement": {"vertex": vertex},
        "build_keep": {"vertex": vertex},
        "build_guard": {"section": section},
        "buy_development": {},
        "place_free_road": {"edge": edge},
        # Development cards: which parameters a play needs depends on the card (Watch:
        # ``hex`` and ``victim``, or ``wildling_hex``; Winter Is Coming: ``resources``; New
        # Recruits: ``section``), so all of them are optional here and the engine asks for
        # the one it misses. Victory point cards are named so the engine can say they are
        # not played.
        "play_development": {
            "card": ids(sorted(DEV_CARDS)),
            "hex": Opt(hex_),
            "victim": victim,
            "wildling_hex": Opt(hex_),
            "section": Opt(section),
            "resources": Opt(Seq(resource, max_len=2)),
        },
        # Trading
        "bank_trade": {"give": resource, "get": resource},
        "offer_trade": trade,
        "accept_trade": {},
        "decline_trade": {},
        "counter_trade": trade,
        "confirm_trade": {"partner": seat},
        "cancel_trade": {},
        "end_turn": {},
        # Heroes (Night's Watch mode): the parameters depend on the seat's hero, so every
        # ability's are optional; ``after``/``take`` say what happens to the card.
        "use_hero": {
            "after": Opt(Str(("flip", "swap"))),
            "take": Opt(hero),
            "give": Opt(resource),  # Marsh
            "get": Opt(resource),
            "resource": Opt(resource),  # Tarly, Mormont
            "target": Opt(seat),  # Mance Rayder
            "from_edge": Opt(edge),  # Yarwyck
            "to_edge": Opt(edge),
            "section": Opt(section),  # Thorne, Benjen, Yoren
            "replace": Opt(resource),  # Thorne, Melisandre
            "with": Opt(resource),
            "targets": Opt(Seq(seat, max_len=2)),  # Mormont
            "clan": Opt(Int(0, N_CLANS - 1)),  # Benjen
            "camp": Opt(Int(0, CAMPS_PER_CLAN - 1)),
            "hex": Opt(hex_),  # Ygritte
        },
        "give_back": {"resource": resource},
        "pick_development": {"index": Int(0, MELISANDRE_CARDS - 1)},
        "take_card": {"resource": resource},
        "remove_hero": {"hero": hero},
    }
