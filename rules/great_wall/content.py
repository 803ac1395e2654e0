"""The Great Wall's printed content as a content pack (``rules/content.py``): locations, board
values, Command cards, Generals, Advisors, Horde cards, Tactic cards, Artifacts, Events and
Emperor's Requests — overridable entry by entry from ``CONTENT_DIR/great_wall/``. Almost all of
it is provisional: the rulebook prints the rules, not the cards (spec §1.2)."""

from __future__ import annotations

from pathlib import Path

from rules.content import Collection, ContentSchema
from rules.content_fields import Field

DATA_DIR = Path(__file__).resolve().parent / "data"

#: What a Horde card's field can reward (each with an amount).
REWARDS = ("honor", "wood", "stone", "gold", "chi", "tactic")

_EFFECTS = ("effects: a list of {do: gain|place|advanced|draw|attack|copy|rescue|rescue_all|"
            "defence|wounds|…}")

CONTENT_SCHEMA = ContentSchema("great_wall", DATA_DIR, (
    Collection("locations", {
        "kind": Field("str", "regular (needs every spot filled) or special (one spot, any clerks)",
                      choices=("regular", "special")),
        "spots_3": Field("int", "clerk spots on the 3-player side", minimum=0, maximum=6),
        "spots_4": Field("int", "clerk spots on the 4-player side", minimum=0, maximum=6),
        "shame": Field("bool", "carries the Shame symbol"),
        "resource": Field("any", "what a production location yields (null otherwise)"),
        "czech": Field("str", "the Czech name", required=False),
    }, doc="The 10 locations.", count=10),
    Collection("board", {
        "costs": Field("list", required=False), "income": Field("list", required=False),
        "cost": Field("any", required=False), "defence": Field("any", required=False),
        "firing": Field("list", required=False), "honor": Field("int", required=False),
        "per_section": Field("int", required=False), "hordes": Field("list", required=False),
        "casualty": Field("list", required=False), "targets": Field("dict", required=False),
        "shame_per_player": Field("int", required=False),
        "shame_two_player": Field("int", required=False),
        "shame_solo": Field("int", required=False), "tactic_limit": Field("int", required=False),
        "start_clerks": Field("int", required=False),
        "unhired_clerks": Field("int", required=False),
        "spearmen": Field("int", required=False), "archers": Field("int", required=False),
        "horsemen": Field("int", required=False), "clerk_cost": Field("int", required=False),
        "rescue_cost": Field("int", required=False),
        "shame_remove_cost": Field("int", required=False),
        "shame_penalty": Field("int", required=False), "donate_honor": Field("int", required=False),
        "recover_honor": Field("int", required=False), "defeat_honor": Field("int", required=False),
        "archer_defeat_honor": Field("int", required=False),
        "coop_shame_discard_honor": Field("int", required=False),
        "chin_start_honor": Field("int", required=False),
        "chin_hard_token": Field("int", required=False),
        "chin_artifact_honor": Field("int", required=False),
    }, doc="Board values: overseer, soldier, wall and barricade costs, time tracks, rule numbers.",
        file="board.json"),
    Collection("commands", {
        "name": Field("str"), "deck": Field("str", choices=("standard", "reed", "solo")),
        "boxes": Field("list", "boxes top to bottom: {who: owner|others, if_played?, "
                       + _EFFECTS + "}"),
        "permanent": Field("bool", "stays on the discard pile for good", required=False),
    }, doc="Command cards: a clan's 6, the Reed card, Chin's 6 solo cards.", count=13),
    Collection("generals", {
        "name": Field("str"), "deck": Field("str", choices=("standard", "coop", "reed", "solo")),
        "ability": Field("dict", "{on: trigger, honor?, res?, per_support?}"),
        "setup": Field("dict", "{res: {...}, tactics: n, tea: value}"),
    }, doc="Generals (13 standard, 8 co-op, 2 Reed, 1 solo).", count=24),
    Collection("advisors", {
        "name": Field("str"), "symbol": Field("str", "the support symbol on the back"),
        "ability": Field("dict", "{type: discount|trigger|cheaper, …}"),
    }, doc="The 44 Advisors.", count=44),
    Collection("hordes", {
        "deck": Field("str", choices=("standard", "coop")), "name": Field("str"),
        "fields": Field("list", "rows of field rewards, each a quantity: '' (none), 'gold' "
                        "(one), '2 gold' or {gold: 2}; things: " + ", ".join(REWARDS),
                        of=Field("list", of=Field("quantity", choices=REWARDS, maximum=9))),
        "offence": Field("int", minimum=0, maximum=30), "honor": Field("int", minimum=0),
        "ability": Field("str", "'' | leader | fury"),
        "invasion": Field("int", "the section its back points to", minimum=0, maximum=2),
    }, doc="Horde cards (24 standard, 24 co-op).", count=48),
    Collection("tactics", {
        "deck": Field("str", choices=("standard", "coop")), "name": Field("str"),
        "trigger": Field("str", choices=("defeat", "breach", "assault", "turn")),
        "basic": Field("list", _EFFECTS), "enhanced": Field("list", _EFFECTS),
        "cost": Field("dict", "resources paid for the enhanced effect"),
    }, doc="Tactic cards (20 standard, 12 co-op).", count=32),
    Collection("artifacts", {
        "name": Field("str"),
        "counts": Field("str", choices=("per_overseer", "per_horde_won", "per_advisor",
                                        "per_clerk", "per_soldier_on_board")),
        "honor": Field("int", minimum=0),
    }, doc="The 5 Artifacts.", count=5),
    Collection("events", {
        "name": Field("str"), "kind": Field("str", choices=("immediate", "lasting")),
        "effects": Field("list"),
    }, doc="The 12 co-op Events.", count=12),
    Collection("requests", {
        "name": Field("str"), "kind": Field("str", choices=("each", "one")),
        "cost": Field("dict", "resources, honor, clerk or soldier types sacrificed"),
        "named": Field("bool", "one of the 4 removed in a 2-player co-op game"),
    }, doc="The 12 Emperor's Requests.", count=12),
))
