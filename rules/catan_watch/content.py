"""Catan: Brotherhood of the Watch's printed content as a content pack (``rules/content.py``):
board layouts and their variable mixes, the development deck, the heroes and the wildling
token mix, overridable entry by entry from ``CONTENT_DIR/catan_watch/``.
``rules.catan_watch.data`` still checks the whole (number rules, 25 cards, 11 heroes, 57
tokens) after a pack is laid over the shipped files."""

from __future__ import annotations

from pathlib import Path

from rules.content import Collection, ContentSchema, Field

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
    Collection("wildling_tokens", {
        "types": Field("list", items="str"),
        "per_clan": Field("dict", "token type -> count per clan (57 tokens in all)"),
    }, doc="The wildling token mix.", file="components.json", key="wildling_tokens",
       shape="single"),
))
