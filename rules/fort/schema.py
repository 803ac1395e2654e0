"""What every Fort action kind takes (issue #16): checked by the service before the engine
sees a move, so a refusal can name the parameter and what would fit.

The ids come from the content tables (``rules.fort.data.tables``) rather than being listed
here: a configured ``CONTENT_DIR/fort/`` pack may add or rename cards, cats and perks, so the
schema is built per content folder (the folder is set once per process) and cached.

The engine's options are flat parameter sets whose shape depends on the decision at hand
(a ``choose`` may name a resource, a card, a Park slot, a rival or a perk), so kinds with
several shapes declare each parameter optional; the engine still matches the whole set
against its options.
"""

from __future__ import annotations

from functools import cache
from types import MappingProxyType

from rules import content
from rules.fort.content import SUITS
from rules.fort.data import RES, tables
from rules.fort.effects import MODE_ORDER
from rules.kit.params import Bool, Int, Opt, Param, Schema, Str, ids

#: The perks a player *uses* from the Play decision; every other perk acts on its own.
USABLE_PERKS = ("recycling", "diy")
#: Where a ``recruit`` takes its card from.
RECRUIT_FROM = ("park", "deck", "yard")
#: Every ``from`` a ``choose`` names: Pack sources (stuff, supply), Lookout sources with
#: Bribe (park, deck, yard) and trash sources (hand, discard).
CHOOSE_FROM = ("stuff", "supply", "park", "deck", "yard", "hand", "discard")


def action_schema(max_seats: int) -> Schema:
    """The schema for the configured content and a table of at most ``max_seats``."""
    folder = content.override_dir()
    return _build(str(folder) if folder is not None else None, max_seats)


@cache
def _build(folder: str | None, max_seats: int) -> Schema:
    # ``folder`` is only the cache key: ``tables()`` reads the same configured folder.
    t = tables()
    # Instance ids: every card type (kids, Best Friends, dogs) and the Park deck's extra
    # copies (``kid~2``), which are the only ids a card ever has.
    card = ids(sorted({*t.cards, *t.park_deck}))
    seat = Int(0, max_seats - 1)
    slot = Int(0, int(t.settings["park_size"]) - 1)  # the Park is refilled to park_size only
    none: dict[str, Param] = {}
    kinds: dict[str, dict[str, Param]] = {
        "pick": {"card": card},
        "play": {"card": card},
        "skip": none,
        "cat": {"cat": ids(sorted(t.cats))},
        "perk": {"perk": Str(USABLE_PERKS)},
        "mode": {"mode": Str(tuple(MODE_ORDER))},
        # Improving names a hand card; feeding a dog may name a Lookout card and, for a
        # "distinct suits" dog, the suit a card (a coin) counts as.
        "add": {"card": card, "from": Opt(Str(("lookout",))), "as": Opt(Str(SUITS))},
        "done": none,
        "cancel": none,
        "follow": {"card": card},
        "pass": none,
        "rough": none,
        "ready": none,
        "do_over": none,
        "recruit": {"from": Str(RECRUIT_FROM), "slot": Opt(slot), "seat": Opt(seat),
                    "card": Opt(card)},
        "choose": {"res": Opt(Str(RES)), "from": Opt(Str(CHOOSE_FROM)), "card": Opt(card),
                   "slot": Opt(slot), "seat": Opt(seat), "perk": Opt(ids(sorted(t.perks))),
                   "stop": Opt(Bool())},
    }
    return MappingProxyType({k: MappingProxyType(v) for k, v in kinds.items()})
