"""AGoT's printed content as a content pack (``rules/content.py``): the collections a group can
override entry by entry from ``CONTENT_DIR/agot/``. ``rules.agot.data`` still checks the whole
board (adjacency symmetry, start armies within supply, track positions) after a pack is laid
over the shipped files."""

from __future__ import annotations

from pathlib import Path

from rules.content import Collection, ContentSchema, Field

DATA_DIR = Path(__file__).resolve().parent / "data"

CONTENT_SCHEMA = ContentSchema("agot", DATA_DIR, (
    Collection("areas", {
        "name": Field("str", "English name"),
        "kind": Field("str", choices=("land", "sea")),
        "castle": Field("int", "0 none, 1 castle, 2 stronghold", minimum=0, maximum=2),
        "supply": Field("int", "supply barrels", minimum=0, maximum=2),
        "crowns": Field("int", "power crowns", minimum=0, maximum=2),
        "home": Field("any", "house id whose home area this is, or null"),
    }, doc="Map areas of the 1st-edition board.", count=45),
    Collection("borders", {"a": Field("str", "one area id"), "b": Field("str", "the other")},
               doc="Borders between areas (rivers are missing borders).", id_fields=("a", "b")),
    Collection("houses", {
        "name": Field("str"), "home": Field("str", "home area id"),
        "start_units": Field("list", "[area, unit] pairs"),
        "start_power": Field("int", minimum=0), "start_supply": Field("int", minimum=0),
        "throne": Field("int", minimum=1, maximum=5), "fiefdoms": Field("int", minimum=1,
                                                                       maximum=5),
        "court": Field("int", minimum=1, maximum=5),
        "cards": Field("list", "the house's 7 House cards"),
    }, doc="The five houses: start, tracks and House cards.", count=5),
    Collection("orders", {
        "kind": Field("str", choices=("march", "defense", "support", "raid", "consolidate")),
        "bonus": Field("int", minimum=-1, maximum=2), "special": Field("bool"),
        "raid_targets": Field("int", minimum=0, maximum=2),
    }, doc="One house's 15 order tokens.", count=15),
    Collection("westeros", {
        "name": Field("str"), "deck": Field("int", minimum=1, maximum=3),
        "count": Field("int", "copies in the deck", minimum=1),
        "wildling": Field("bool", "shows the wildling icon"),
        "effect": Field("str", "the engine's effect id"), "text": Field("str"),
    }, doc="Westeros cards (decks I-III); a card in two decks is two entries.",
       file="game.json", key="westeros", id_fields=("id", "deck")),
))
