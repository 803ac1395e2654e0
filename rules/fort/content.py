"""Fort's printed content as a content pack (``rules/content.py``): kid names and suits
(public), kid actions and the Park-deck copies (provisional), boards and Best Friends, the
dogs and cats of Cats & Dogs, the fort-level table, Made-Up Rules, Perks and the game's
numbers — each entry overridable by id from ``CONTENT_DIR/fort/``.

``rules.fort.data`` turns the validated entries into the tables the engine reads and checks
the whole (every kid has actions, every step op is known, counts add up)."""

from __future__ import annotations

from pathlib import Path

from rules.content import Collection, ContentSchema
from rules.content_fields import Field

DATA_DIR = Path(__file__).resolve().parent / "data"

SUITS = ("book", "crown", "glue", "shovel", "skateboard", "squirt_gun")
ALL_SUITS = (*SUITS, "coin")

CONTENT_SCHEMA = ContentSchema("fort", DATA_DIR, (
    Collection("kids", {
        "name": Field("str", "the English card name"),
        "suits": Field("list", "suit icons; a suit twice = a double; coin = wild", items="str"),
        "cs_name": Field("str", "the Czech edition's name (seed)", required=False),
    }, doc="The 50 unique kids (names and suits public, [F1]).", count=50),
    Collection("kid_actions", {
        "public": Field("any", "null or {x: improvable, steps: [...]} — the action others follow"),
        "private": Field("any", "null or {x, steps} — only the Leader may use it"),
        "copies": Field("int", "copies in the Park deck (Best Friends: 0)", minimum=0, maximum=4),
    }, doc="What each kid does (not public: stand-ins).", count=50),
    Collection("boards", {
        "kids": Field("list", "the board's two Best Friends (kid ids)", items="str"),
    }, doc="Player boards in seat order and their Best Friends.", count=4),
    Collection("dogs", {
        "name": Field("str"),
        "suits": Field("list", "the dog's suit icon", items="str"),
        "cs_name": Field("str", "the Czech edition's name (seed)", required=False),
        "need": Field("dict", "what must be added/paid to play it"),
        "steps": Field("list", "the dog action's steps", items="dict"),
        "kennel": Field("str", "whose kennel the dog goes to", choices=("own", "left")),
    }, doc="The 18 dogs of the Dogs module.", count=18),
    Collection("cats", {
        "name": Field("str"),
        "cs_name": Field("str", "the Czech edition's name (seed)", required=False),
        "lure": Field("dict", "{suit, n} or {distinct: n}: Yard condition"),
        "ability": Field("dict", "{trigger, steps}"),
    }, doc="The 8 cats of the Cats module.", count=8),
    Collection("fort_levels", {
        "level": Field("int", minimum=0, maximum=5),
        "pizza": Field("int", "pizza to pay to reach this level", minimum=0, maximum=8),
        "toy": Field("int", "toys to pay to reach this level", minimum=0, maximum=8),
        "vp": Field("int", "VP scored on reaching this level", minimum=0, maximum=20),
        "pack": Field("int", "Pack capacity at this level", minimum=0, maximum=20),
        "lookout": Field("int", "Lookout slots at this level", minimum=0, maximum=10),
        "reward": Field("str", choices=("none", "made_up_rule", "perk", "macaroni")),
    }, doc="The fort-level track 0-5.", count=6),
    Collection("made_up_rules", {
        "name": Field("str"),
        "kind": Field("str", "which scoring interpreter", choices=(
            "advance_actions", "suits_owned", "resource", "no_best_friends", "fort_exactly",
            "lookout_cards", "suit_icons", "pack", "most_cards")),
        "params": Field("dict"),
    }, doc="The 11 Made-Up Rules, scored at the end.", count=11),
    Collection("perks", {
        "name": Field("str"),
        "pack_bonus": Field("int", required=False, minimum=0, maximum=10),
        "extra_cost": Field("int", required=False, minimum=0, maximum=10),
    }, doc="The 9 Perks.", count=9),
    Collection("settings", {
        "hand_size": Field("int", minimum=1, maximum=10),
        "stuff_max": Field("int", minimum=1, maximum=10),
        "end_vp": Field("int", minimum=1, maximum=200),
        "end_level": Field("int", minimum=1, maximum=5),
        "macaroni_vp": Field("int", minimum=0, maximum=20),
        "kids_dealt": Field("int", minimum=1, maximum=12),
        "kids_dealt_dogs": Field("int", minimum=1, maximum=12),
        "dogs_dealt": Field("int", minimum=0, maximum=4),
        "park_size": Field("int", minimum=1, maximum=6),
        "dog_majority_vp": Field("int", minimum=0, maximum=20),
        "cat_vp": Field("list", "VP for 0, 1, 2, 3, 4 cats", items="int"),
        "round_limit": Field("int", "engine safeguard: the game ends after this many rounds",
                             minimum=5, maximum=500),
    }, doc="The game's numbers.", key="settings", shape="single"),
))
