"""What every Great Wall action kind takes (issue #16): checked by the service before the
engine sees a move, so a refusal names the parameter and what would fit.

Every decision is a ``Choice`` (or a secret pick) whose action must equal one of the offered
options, so each kind has one shape; the schema bounds it by the game's fixed geometry (three
wall sections, at most three Horde cards in one, the five-place command track, the advisor
offer of four) and by the ids of the content in force. Card ids and the field count of a Horde
card come from the content pack, and a configured ``CONTENT_DIR/great_wall/`` may replace
entries, so the schema is built per content folder (set once per process) and cached.

Parameters that only some options of a kind carry are optional: ``promote`` names a soldier
only when it puts a first overseer on a track, ``hire`` names an offer slot only for an
Advisor.
"""

from __future__ import annotations

from functools import cache
from types import MappingProxyType

from rules import content
from rules.great_wall.data import LOCATIONS, UNITS, data
from rules.kit.params import Bool, Int, Opt, Param, Schema, Str, ids

#: The wall sections on the board (``setup.new_game`` lays out three; the 2-player and solo
#: games block the first, which keeps its index).
SECTIONS = 3
#: Horde cards one section holds: a fourth arriving is a Raid instead (``add_horde``).
HORDES_PER_SECTION = 3
#: Places on the command track (``fall.track_size``: at most five are used).
TRACK = 5
#: Advisors in the offer at the Imperial Embassy (dealt and refilled to four).
OFFER = 4
#: Emperor's Requests face up in co-op (three, two with two players).
REQUESTS = 3
#: The kinds that take nothing: the "finished" / "no more" / "decline" of many decisions, and
#: a donation (of the resource the location just produced).
BARE = ("done", "skip", "stop", "pass", "donate")
#: Where a Shame token may go beside a soldier or a won Horde card (``procedures``).
SHAME_ELSEWHERE = ("box", "discard")


def action_schema() -> Schema:
    """The schema for the configured content."""
    folder = content.override_dir()
    return _build(str(folder) if folder is not None else None)


@cache
def _build(folder: str | None) -> Schema:
    # ``folder`` is only the cache key: ``data()`` reads the same configured folder.
    d = data()
    cells = max(len(h["fields"]) * len(h["fields"][0]) for h in d.hordes.values())
    section = Int(0, SECTIONS - 1)
    row = Int(0, HORDES_PER_SECTION - 1)
    field = Int(0, cells - 1)
    unit = ids(UNITS)
    loc = ids(LOCATIONS)
    tactic = ids(sorted(d.tactics))
    # A Shame token sits under a soldier type or on a won Horde card (by its index among the
    # clan's won cards, which never outnumber the Horde cards).
    held = [f"unit:{u}" for u in UNITS] + [f"horde:{i}" for i in range(len(d.hordes))]
    # Betrayal copies another revealed card by its standard name (Chin's ``solo_x`` as ``x``);
    # never the Reed card, never Betrayal itself.
    copyable = sorted({c.removeprefix("solo_") for c, v in d.commands.items()
                       if v["deck"] != "reed"} - {"betrayal"})
    none: dict[str, Param] = {}
    kinds: dict[str, dict[str, Param]] = {
        **{k: none for k in BARE},
        # setup and the Fall: secret picks of a dealt card
        "general": {"card": ids(sorted(k for k, v in d.generals.items()
                                       if v["deck"] in ("standard", "coop")))},
        "advisor": {"card": ids(sorted(d.advisors))},
        "command": {"card": ids(sorted(d.ids("commands", "standard")))},
        "position": {"pos": Int(1, TRACK)},
        "activate": {"loc": loc},
        "place": {"loc": loc},
        "source": {"src": ids(("supply", *LOCATIONS))},
        "advanced": {"loc": loc},
        "copy": {"card": ids(copyable)},
        # locations
        "promote": {"loc": loc, "unit": Opt(unit)},
        "build": {"what": Str(("barricade", "wall")), "s": section},
        "move": {"from": section, "to": section},
        "hire": {"what": Str(("clerk", "advisor")), "slot": Opt(Int(0, OFFER - 1))},
        "role": {"role": Str(("support", "active"))},
        "discard": {"card": tactic},
        "recover": {"take": Bool()},
        # soldiers at the front; an archer's target is a firing position, row and field -1
        "recruit": {"unit": unit},
        "target": {"s": section, "row": Int(-1, HORDES_PER_SECTION - 1),
                   "f": Int(-1, cells - 1)},
        "staging": {"s": section},
        "field": {"f": field},
        "wound": {"row": row, "f": field},
        "attacker": {"s": section, "unit": unit, "from": Str(("staging", "firing"))},
        "kill": {"row": row, "unit": unit},
        "rescue": {"unit": unit},
        "shame": {"where": ids((*held, *SHAME_ELSEWHERE))},
        "unshame": {"where": ids(held)},
        "play": {"card": tactic, "enhanced": Bool()},
        "fulfil": {"slot": Int(0, REQUESTS - 1)},
        "pay": {r: Int(0, 99) for r in ("wood", "stone", "gold")},
        "take_back": {"card": ids(sorted(d.ids("commands", "standard")))},
        "hq_unit": {"unit": unit, "from": Str(("staging", "firing")),
                    "to": Str(("staging", "firing"))},
        "hq_all": none,
        "next": {"clan": Int(0, 3)},
        # the Reed Clan's ruler
        "reed_move": {"src": loc, "dst": loc},
        "reed_discard": {"slot": Int(0, OFFER - 1)},
        "reed_barricade": {"s": section},
        "reed_spearman": {"s": section, "f": field},
    }
    return MappingProxyType({k: MappingProxyType(v) for k, v in kinds.items()})
