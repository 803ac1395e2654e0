"""What every Northgard action kind takes (issue #16), checked by the service before the engine.

Every decision of this engine is a frame whose options are concrete actions, and a move is
accepted only when it equals one of them (``machine.Decision.act``), so each kind always carries
exactly the parameters its options carry — none is optional. The values are narrowed to the
game's static data: card, tile, building and monster ids from the loaded content, territories
and building slots by the shape of their names (``"p.t"``, ``"p.t.i"``, see
``rules.northgard.geometry``) with the placement index bounded by the tiles a map can hold.
Unit counts are bounded by ``UNITS_PER_PLAYER`` (plus the Bear clan's Kaija where she counts).

Built from ``data()`` on first use and rebuilt when ``data()`` is a new object: a content pack
may add cards, and ``data()`` is what the engine itself judges by.
"""

from __future__ import annotations

from typing import Any

from rules.kit.params import Bool, Int, Param, Schema, ids
from rules.northgard.board import RES_INDEX
from rules.northgard.data import SIDES, UNITS_PER_PLAYER, GameData, data
from rules.northgard.effects import BASIC

#: Tile kinds a game ever places (``test`` tiles exist only inside scenario tests).
_MAP_KINDS = ("start", "start5", "normal")
#: The die's choice face (``combat.Combat``).
_FACE_CHOICES = ("strength", "casualty")
#: Where an upgraded card's replaced card goes (``turn.Turn``).
_UPGRADE_TO = ("active", "box")


def _choose_effects(effects: Any) -> list[list[Any]]:
    """The option lists of every ``choose`` effect, however deep in a card's effects."""
    found: list[list[Any]] = []
    stack = list(effects)
    while stack:
        e = stack.pop()
        if isinstance(e, dict):
            if e.get("do") == "choose":
                found.append(list(e.get("options", [])))
            stack.extend(v for v in e.values() if isinstance(v, list))
        elif isinstance(e, list):
            stack.extend(e)
    return found


def build(gd: GameData) -> dict[str, dict[str, Param]]:
    """The schema for this content."""
    tiles = [t for t in gd.tiles.values() if t.kind in _MAP_KINDS]
    # Each tile is placed at most once, so a placement index is below the number of tiles.
    places = len(tiles)
    most_terrs = max((len(t.territories) for t in tiles), default=1)
    most_slots = max((len(x.slots) for t in tiles for x in t.territories), default=1)
    terr = ids([f"{p}.{t}" for p in range(places) for t in range(most_terrs)])
    slot = ids([f"{p}.{t}.{i}" for p in range(places) for t in range(most_terrs)
                for i in range(most_slots)])
    # The map grows from the starting tile(s) at (0, 0) and (1, 0) one neighbour at a time,
    # so no cell lies further out than the tiles there are.
    coord = Int(-(places - 1), places - 1)
    res = ids(list(RES_INDEX))
    cards = ids(list(gd.cards))
    # The row a pass takes from holds Development cards (an Achievement in the last year);
    # an empty row is passed with "".
    row = ids(["", *(c.id for c in gd.cards.values()
                     if c.deck in ("early", "advanced", "achievement"))])
    upgrades = ids(sorted({u for _, ups in gd.clan_cards.values() for u in ups}))
    monsters = list(gd.monsters)
    choices = [opts for c in gd.cards.values() for opts in _choose_effects(c.effects)]
    most_options = max((len(o) for o in choices), default=1)
    # ``what`` names the first effect of an option ("" for an option with none).
    whats = sorted({str(o[0]["do"]) if o else "" for opts in choices for o in opts} | {""})
    # Regular units of one player in one territory, and with the Kaija.
    regular = Int(0, UNITS_PER_PLAYER)
    kaija = Bool()

    def nothing() -> dict[str, Param]:
        return {}

    return {
        # setup and exploring (placing.py)
        "tile": {"tile": ids([t.id for t in tiles if t.kind == "normal"])},
        "cell": {"x": coord, "y": coord},
        "rotate": {"rot": Int(0, SIDES - 1)},
        "group": {"terr": terr, "kaija": kaija},
        # the turn (turn.py)
        "card": {"card": cards},
        "pass": {"take": row},
        "end_turn": nothing(),
        "play": nothing(),
        "lightning": nothing(),
        "wait": nothing(),
        "replace": nothing(),
        "remove": nothing(),
        "upgrade": {"to": ids(_UPGRADE_TO), "pick": upgrades},
        "back": nothing(),
        # card effects (effects.py)
        "recruit": {"terr": terr, "kaija": kaija},
        "build": {"building": ids(list(gd.buildings))},
        "build_at": {"slot": slot},
        "skip": nothing(),
        "keep": {"card": cards},
        "feast": {"action": ids(BASIC)},
        "choose": {"option": Int(0, most_options - 1), "what": ids(whats)},
        "scorch": {"terr": terr},
        "no_scorch": nothing(),
        "take": {"res": res},
        "no_take": nothing(),
        # moving and fighting (move.py, combat.py)
        "step": {"frm": terr, "to": terr},
        "count": {"n": regular, "kaija": kaija},
        "done": nothing(),
        "attack": {"terr": terr, "monster": ids(monsters)},
        "fight": nothing(),
        "battle": {"terr": terr, "monster": ids(["", *monsters])},
        "food": {"n": Int(0, UNITS_PER_PLAYER + 1)},
        "face": {"take": ids(_FACE_CHOICES)},
        "lose_kaija": {"yes": Bool()},
        "retreat": {"terr": terr},
        "retreat_n": {"n": Int(1, UNITS_PER_PLAYER + 1)},
        # monsters (monsters.py)
        "monster_to": {"terr": terr},
        "spawn": {"terr": terr},
        "no_spawn": nothing(),
        # the harvest's trades (year.py): three resources in any mix
        "trade": {"get": res},
        "pay": {r: Int(0, 3) for r in RES_INDEX},
        "swap": {"give": res, "get": res},
        "swap_accept": {"give": res, "get": res},
        "swap_decline": {"give": res, "get": res},
        "trade_done": nothing(),
    }


_built: list[tuple[GameData, Schema]] = []


def action_schema() -> Schema:
    gd = data()
    if not _built or _built[0][0] is not gd:
        _built[:] = [(gd, build(gd))]
    return _built[0][1]
