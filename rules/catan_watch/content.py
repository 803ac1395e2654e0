"""Catan: Brotherhood of the Watch's printed content as a content pack (``rules/content.py``):
board layouts and their variable mixes, the development deck, the heroes and the starting
heroes, the wildling token mix, the Wall, and the rule tables (resources, terrain yields, the
bank, costs, pieces), overridable entry by entry from ``CONTENT_DIR/catan_watch/``.
``rules.catan_watch.data`` still checks the whole (number rules, 25 cards, 11 heroes, 57
tokens) after a pack is laid over the shipped files."""

from __future__ import annotations

from pathlib import Path

from rules.content import Collection, ContentSchema, single
from rules.content_fields import Field

DATA_DIR = Path(__file__).resolve().parent / "data"

CONTENT_SCHEMA = ContentSchema("catan_watch", DATA_DIR, (
    Collection("layouts", {
        "row_offsets": Field("list", "axial q of each row's first hex", items="int"),
        "rows": Field("list", "rows north to south of [terrain, number] west to east"),
        "harbours": Field("dict", "{provenance, list: [{row, col, side 0-5, type}]}"),
    }, doc="Board layouts (pointy-top hexes; row r, column c).", file="boards.json",
       key="layouts", shape="dict"),
    Collection("variable", {
        "terrains": Field("dict", "terrain -> count for the variable set-up"),
        "numbers": Field("list", "number tokens to shuffle", items="int"),
    }, doc="The terrain and number mix of each layout's variable set-up.", file="boards.json",
       key="variable", shape="dict"),
    Collection("development_cards", {
        "name": Field("str"), "kind": Field("str", choices=("watch", "progress", "victory")),
        "count": Field("int", "copies in the 25-card deck", minimum=1, maximum=25),
        "base": Field("bool", "in the base game's deck"),
        "text": Field("str", "what the card does", required=False),
    }, doc="The development deck, one entry per card type.", file="components.json",
       key="development_deck.cards"),
    Collection("heroes", {
        "number": Field("int", minimum=1, maximum=11), "name": Field("str"),
        "title": Field("str"), "text": Field("str", "the card's ability"),
    }, doc="The 11 Night's Watch hero cards.", file="components.json", key="heroes.list",
       count=11),
    single("wildling_tokens", {
        "types": Field("list", items="str"),
        "per_clan": Field("dict", "token type -> count per clan (57 tokens in all)",
                          items="int"),
    }, "The wildling token mix.", "components.json"),
    single("wall", {
        "sections": Field("int", "wall sections", minimum=1, maximum=8),
        "fields_per_section": Field("int", "guard fields on each section", minimum=1,
                                    maximum=20),
        "trail_section": Field("dict", "wildling trail (die number) -> the section it leads to "
                               "(0-based)", items="int"),
        "clans": Field("list", "the wildling clans west to east: {id, name, trails}",
                       items="dict"),
        "camps_per_clan": Field("int", "camps of each clan", minimum=1, maximum=10),
    }, "The Wall: sections, guard fields, wildling trails, clans and camps.", "boards.json"),
    single("resources", {
        "order": Field("list", "the five resources, in the order every table uses",
                       items="str"),
    }, "The resources.", "components.json"),
    single("terrain_yields", {
        "map": Field("dict", "terrain -> the resource it yields (null: none)"),
    }, "What each terrain yields.", "components.json"),
    single("bank_per_resource", {
        "value": Field("int", "cards of each resource in the bank", minimum=1, maximum=99),
    }, "The bank.", "components.json"),
    single("costs", {
        piece: Field("dict", f"resources paid for {what}", items="int")
        for piece, what in (("road", "a road"), ("settlement", "a settlement"),
                            ("keep", "a keep"), ("development", "a development card"),
                            ("guard", "a guard"))
    }, "Building costs.", "components.json"),
    single("pieces", {
        piece: Field("int", f"{piece}s per player", minimum=0, maximum=30)
        for piece in ("settlement", "keep", "road", "guard")
    }, "The pieces each player has.", "components.json"),
    Collection("starting_heroes", {
        str(n): Field("list", f"{n} players: hero numbers dealt in seat order", items="int")
        for n in (3, 4)
    }, doc="The heroes players start with.", file="components.json", key="heroes.starting",
       shape="single"),
))
