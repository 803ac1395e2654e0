"""What every AGoT action kind takes (issue #16): checked by the service before the engine
sees a move, so a refusal names the parameter and what would fit.

The vocabularies (areas, order tokens, House cards, unit limits, power tokens, castle points)
come from the static data the engine itself reads (``board()``), so a content pack that changes
them changes the schema with them. The engine still judges legality (is that area yours, is
that token still free); the schema only says what a move of each kind can look like.

Loose on purpose:

- ``support`` takes either ``side`` (all of the seat's undeclared areas) or ``areas`` (area ->
  side); both are optional here because a schema cannot say "exactly one of", and the engine
  asks for ``side`` when ``areas`` is missing.
- ``ability`` names an area or a House card depending on the card that won; both vocabularies
  are allowed, and the engine matches the target against the ability's options.
"""

from __future__ import annotations

from functools import lru_cache
from types import MappingProxyType

from rules.agot.board import UNIT_INDEX, UNIT_NAMES, Board, board
from rules.agot.westeros_muster import MUSTER_COST
from rules.kit.params import Bool, Int, Map, Null, OneOf, Opt, Param, Record, Schema, Seq, Str, ids

#: A battle's support may go to either side or to nobody.
SUPPORT_SIDES = ("attacker", "defender", "none")
#: At most two raided orders: a Special Raid order removes two, a plain one one.
MAX_RAID_TARGETS = 2


def action_schema(max_seats: int) -> Schema:
    """The schema for the static data in use and a table of at most ``max_seats``."""
    return _build(board(), max_seats)


@lru_cache(maxsize=4)
def _build(b: Board, max_seats: int) -> Schema:
    # ``b`` is the cache key as well: ``board()`` is the one object the engine reads.
    area = ids(b.area_ids)
    sea = ids(tuple(a for a in b.area_ids if b.is_sea[a]))
    token = ids(b.token_ids)
    card = ids(tuple(sorted(b.cards)))
    seat = Int(0, max_seats - 1)
    counts = _counts(b)
    n_areas = len(b.area_ids)
    # Every build spends at least one mustering point, and no house holds more than all.
    max_builds = sum(b.castle.values())
    build = Record({"area": area, "unit": Str(tuple(MUSTER_COST)), "sea": Opt(sea)})
    none: dict[str, Param] = {}
    kinds: dict[str, dict[str, Param]] = {
        # Planning: a whole set (null clears an area's order), one order, or ready.
        "place_orders": {"orders": Map(area, OneOf((token, Null())), n_areas),
                         "ready": Opt(Bool())},
        "place_order": {"area": area, "order": token},
        "remove_order": {"area": area},
        "ready": none,
        "raven_swap": {"area": area, "order": token},
        "raven_pass": none,
        "raid": {"from": area, "targets": Opt(Seq(area, MAX_RAID_TARGETS))},
        "march": {"from": area, "moves": Opt(Map(area, counts, n_areas)),
                  "leave_power": Opt(Bool())},
        # Battle.
        "support": {"side": Opt(Str(SUPPORT_SIDES)),
                    "areas": Opt(Map(area, Str(SUPPORT_SIDES), n_areas))},
        "choose_card": {"card": card, "ready": Opt(Bool())},
        "use_blade": {"use": Bool()},
        "casualties": {"units": counts},
        "retreat": {"area": area, "destroy": Opt(counts)},
        "ability": {"target": Opt(OneOf((area, card, Null())))},
        # Westeros.
        "destroy_units": {"units": Map(area, counts, n_areas)},
        "muster": {"builds": Opt(Seq(build, max_builds))},
        "bid": {"amount": Int(0, b.power_max), "ready": Opt(Bool())},
        "order_ties": {"ranking": Seq(seat, max_seats)},
        "choose_bidder": {"seat": seat},
        "reclaim_card": {"card": Opt(OneOf((card, Null())))},
    }
    return MappingProxyType({k: MappingProxyType(v) for k, v in kinds.items()})


def _counts(b: Board) -> Record:
    """Units by type (``{"footman": 1, "knight": 2}``; the engine also reads the plurals): no
    house owns more of a type than its limit, so no count above it can ever be meant."""
    return Record({name: Opt(Int(0, b.unit_limits[UNIT_INDEX[name]]))
                   for name in (*UNIT_NAMES, *(n for n in UNIT_INDEX if n not in UNIT_NAMES))})
