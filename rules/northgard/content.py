"""Northgard's printed content as a content pack (``rules/content.py``): the 35 map tiles, every
card (starting, clan, Development, Achievement, Unrest), the 9 monsters and the rule tables
(die faces, winter costs, buildings, clans, starting resources), overridable entry by entry
from ``CONTENT_DIR/northgard/``. ``rules.northgard.data`` checks the whole (tile geometry,
deck sizes) after a pack is laid over the shipped files."""

from __future__ import annotations

from pathlib import Path

from rules.content import Collection, ContentSchema
from rules.content_fields import Field

DATA_DIR = Path(__file__).resolve().parent / "data"

_RES = ("food", "wood", "lore")

CONTENT_SCHEMA = ContentSchema("northgard", DATA_DIR, (
    Collection("tiles", {
        "kind": Field("str", "start (the starting tile), start5 (the 5-player starting tile) "
                             "or normal", choices=("start", "start5", "normal")),
        "edges": Field("list", "4 edges (N, E, S, W), each 3 segments listed clockwise, each "
                               "the index of the territory it belongs to"),
        "borders": Field("list", "[territory a, territory b, regular|rough] per border"),
        "territories": Field("list", "up to 4 of {res: [food|wood|lore…], slots: "
                                     "[small|sacred|large…], den: bool}"),
    }, doc="The 35 map tiles (1 starting tile, the 5-player starting tile, 33 others).",
       count=35),
    Collection("cards", {
        "deck": Field("str", "which deck the card belongs to",
                      choices=("starting", "clan", "early", "advanced", "achievement",
                               "unrest")),
        "count": Field("int", "copies", minimum=1, maximum=16),
        "lightning": Field("bool", "a lightning card (may be played before/after the main "
                                   "card)"),
        "fame": Field("int", "printed fame counted at the end", minimum=0, maximum=20),
        "effects": Field("list", "the card's actions, in order (see the file's _doc)"),
        "clan": Field("str", "the clan of a clan card", required=False,
                      choices=("bear", "boar", "goat", "raven", "snake", "stag", "wolf")),
        "upgrade": Field("bool", "a clan upgrade card (false: the initial card)",
                         required=False),
        "score": Field("dict", "an Achievement's end-of-game fame: {per, fame, div}",
                       required=False),
    }, doc="Every card: starting, clan, Development (Early/Advanced), Achievement, Unrest."),
    Collection("monsters", {
        "kind": Field("str", choices=("wolf", "bear", "draug", "valkyrie")),
        "colour": Field("str", choices=("beige", "brown", "dark_brown")),
        "strength": Field("int", minimum=1, maximum=20),
        "reward": Field("int", "fame for defeating it", minimum=0, maximum=20),
        "priorities": Field("list", "movement priority icons, left to right", items="str"),
        "hostile": Field("bool", "does not share a territory with units; attacks"),
    }, doc="The monster module's 9 monster cards.", count=9),
    Collection("dice", {
        "strength": Field("int", minimum=0, maximum=6),
        "casualties": Field("int", minimum=0, maximum=6),
        "choice": Field("bool", "1 strength or 1 casualty, the roller's choice"),
    }, doc="The six faces of each combat die.", file="rules.json", key="dice", count=6),
    Collection("winter", {
        "min": Field("int", minimum=0), "max": Field("int", minimum=0),
        "food": Field("int", minimum=0, maximum=10), "wood": Field("int", minimum=0, maximum=10),
    }, doc="What winter costs by the number of units on the map.", file="rules.json",
       key="winter"),
    Collection("buildings", {
        "size": Field("str", "the slot it needs", choices=("small", "sacred", "large")),
        "cost": Field("int", "wood", minimum=0, maximum=10),
        "produces": Field("str", "what it yields in harvest", choices=("", *_RES)),
    }, doc="The 8 building types.", file="rules.json", key="buildings", count=8),
    Collection("clans", {
        "initial": Field("str", "the initial clan card"),
        "upgrades": Field("list", "the 2 upgrade cards", items="str"),
    }, doc="The 7 clans and their cards.", file="rules.json", key="clans", count=7),
    Collection("start_resources", {
        "places": Field("list", "turn-order places (1 = first player)", items="int"),
        "food": Field("int", minimum=0), "wood": Field("int", minimum=0),
        "lore": Field("int", minimum=0),
    }, doc="Starting resources by turn-order place.", file="rules.json",
       key="start_resources"),
))
