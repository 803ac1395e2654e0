"""AGoT's printed content as a content pack (``rules/content.py``): the collections a group can
override entry by entry from ``CONTENT_DIR/agot/`` — the map, the houses, the order tokens and
every table of ``game.json`` (Westeros decks, supply, King's Court stars, neutral forces, unit
limits and costs, power tokens, turns, the wildling track, set-ups and printed variants).
``rules.agot.data`` still checks the whole board (adjacency symmetry, start armies within
supply, track positions) after a pack is laid over the shipped files."""

from __future__ import annotations

from pathlib import Path

from rules.content import Collection, ContentSchema, single
from rules.content_fields import Field

DATA_DIR = Path(__file__).resolve().parent / "data"
#: The unit kinds as the data files name them (``rules.agot.data`` checks the tables by them).
UNITS = ("footman", "knight", "ship")

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
    single("supply_table", {
        "rows": Field("list", "supply level 0..6: the army sizes allowed, largest first",
                      items="list"),
    }, "The supply track: armies allowed at each supply level.", "game.json"),
    single("court_stars", {
        str(n): Field("list", f"{n} players: special-order stars of King's Court positions "
                              f"1..{n}", items="int") for n in (3, 4, 5)
    }, "Special orders allowed by the King's Court position.", "game.json"),
    Collection("neutrals", {
        "area": Field("str", "the area it holds"),
        "strength": Field("int", "its defence strength", minimum=1, maximum=20),
        "players": Field("list", "the player counts that use it", items="int"),
        "kind": Field("str", "a printed neutral-force token, or an absent house's start units",
                      choices=("token", "house_units")),
        "house": Field("any", "house_units: the absent house (null for a token)"),
        "units": Field("list", "house_units: the units standing there", items="str"),
    }, doc="Neutral forces (one per area).", file="game.json", key="neutrals",
       id_fields=("area",)),
    single("unit_limits", {
        u: Field("int", f"{u} pieces per house", minimum=0, maximum=30) for u in UNITS
    }, "How many units of each type a house owns.", "game.json"),
    single("unit_strength", {
        u: Field("int", f"a {u}'s combat strength", minimum=0, maximum=10) for u in UNITS
    }, "Combat strength of each unit type.", "game.json"),
    single("muster_cost", {
        **{u: Field("int", f"mustering points for a {u}", minimum=0, maximum=10)
           for u in UNITS},
        "upgrade": Field("int", "mustering points to turn a footman into a knight", minimum=0,
                         maximum=10),
    }, "Mustering costs.", "game.json"),
    single("power_tokens", {
        "per_house": Field("int", "power tokens a house owns", minimum=1, maximum=100),
    }, "The power tokens of a house.", "game.json"),
    single("turns", {
        "count": Field("int", "turns the game lasts", minimum=1, maximum=50),
    }, "The game's length.", "game.json"),
    single("wildling", {
        "start": Field("int", "threat at the start", minimum=0),
        "max": Field("int", "the top of the threat track", minimum=1),
        "step": Field("int", "threat added per wildling icon", minimum=1),
    }, "The wildling threat track.", "game.json"),
    Collection("setups", {
        "houses": Field("list", "the houses played", items="str"),
        "neutral_houses": Field("list", "absent houses whose start units are neutral forces",
                                items="str"),
        "castles_to_win": Field("int", "castles and strongholds for an immediate win",
                                minimum=1, maximum=20),
        "tracks": Field("dict", "throne, fiefdoms and court: the houses in start order",
                        items="list"),
    }, doc="Set-up by player count (id = the number of players).", file="game.json",
       key="setups", shape="dict", count=3),
    Collection("variants", {
        "players": Field("int", "the player count it is for", minimum=3, maximum=5),
        "default": Field("bool", "on unless the lobby turns it off"),
        "text": Field("str", "what the variant changes"),
        "court": Field("list", "the King's Court track it sets", items="str", required=False),
    }, doc="Optional rules printed in the rulebook.", file="game.json", key="variants",
       shape="dict"),
))
