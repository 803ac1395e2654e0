"""Static indexes over the printed game data, built once per process.

Everything the engine asks about the map or the components many times per step (adjacency,
castles, icons, card values, order tokens) is precomputed here so that ``step`` only does
dictionary look-ups.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from rules.agot.data_records import HouseCard

FOOT, KNIGHT, SHIP = 0, 1, 2
UNIT_NAMES = ("footman", "knight", "ship")
UNIT_INDEX = {"footman": FOOT, "knight": KNIGHT, "ship": SHIP,
              "footmen": FOOT, "knights": KNIGHT, "ships": SHIP}
UNIT_STRENGTH = (1, 2, 1)
#: Mustering points a unit is worth (also what it counts for the wildling penalty).
UNIT_COST = (1, 2, 1)
ORDER_KINDS = ("march", "defense", "support", "raid", "consolidate")
TRACKS = ("throne", "fiefdoms", "court")
TRACK_LABEL = {"throne": "Iron Throne", "fiefdoms": "Fiefdoms", "court": "King's Court"}


@dataclass(frozen=True)
class Token:
    id: str
    kind: str
    bonus: int
    special: bool
    label: str


@dataclass(frozen=True)
class WCard:
    id: str
    name: str
    deck: int
    count: int
    wildling: bool
    effect: str


def _slug(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


#: Engine ability keys, recognised from the data's ability id (or, failing that, card name).
_ABILITY_KEYS = {
    "catelyn": "catelyn", "luwin": "luwin", "robb": "robb",
    "jaime": "jaime", "cersei": "cersei", "vargo": "vargo",
    "melisandre": "melisandre", "renly": "renly", "salladhor": "salladhor",
    "asha": "asha", "balon": "balon", "victarion": "victarion",
    "loras": "loras", "brienne": "brienne", "queen": "queen_of_thorns",
}

#: Engine effect keys for the Westeros cards, recognised from the data's effect id or name.
_EFFECT_KEYS = (
    ("winter", "winter_is_coming"), ("lastdays", "last_days_of_summer"),
    ("seaofstorms", "sea_of_storms"), ("stormofswords", "storm_of_swords"),
    ("rains", "rains_of_autumn"), ("feast", "feast_for_crows"),
    ("supply", "supply"), ("muster", "mustering"), ("clash", "clash_of_kings"),
    ("gameofthrones", "game_of_thrones"), ("wildling", "wildling_attack"),
)


def ability_key(raw: str | None, name: str) -> str | None:
    if not raw:
        return None
    for probe in (_slug(raw), _slug(name)):
        for needle, key in _ABILITY_KEYS.items():
            if needle in probe:
                return key
    return None


def effect_key(raw: str, name: str) -> str:
    for probe in (_slug(raw), _slug(name)):
        for needle, key in _EFFECT_KEYS:
            if needle in probe:
                return key
    raise ValueError(f"unknown Westeros effect {raw!r} ({name})")


def _get(obj: Any, key: Any, default: Any = None) -> Any:
    """Mappings in the data may be keyed by int or by str (JSON); accept both."""
    if key in obj:
        return obj[key]
    if str(key) in obj:
        return obj[str(key)]
    return default


class Board:
    """The precomputed static data."""

    def __init__(self, data: Any) -> None:
        self.data = data
        areas = data.areas.values() if isinstance(data.areas, dict) else data.areas
        self.area_ids: tuple[str, ...] = tuple(sorted(a.id for a in areas))
        self.name: dict[str, str] = {a.id: a.name for a in areas}
        self.is_sea: dict[str, bool] = {a.id: a.kind == "sea" for a in areas}
        self.castle: dict[str, int] = {a.id: int(a.castle) for a in areas}
        self.supply: dict[str, int] = {a.id: int(a.supply) for a in areas}
        self.crowns: dict[str, int] = {a.id: int(a.crowns) for a in areas}
        self.home_of: dict[str, str] = {a.id: a.home for a in areas if a.home}
        adj: dict[str, set[str]] = {a.id: set(a.adjacent) for a in areas}
        for a, ns in list(adj.items()):  # borders are symmetric even if a file lists one side
            for b in ns:
                adj.setdefault(b, set()).add(a)
        self.adj: dict[str, tuple[str, ...]] = {a: tuple(sorted(ns)) for a, ns in adj.items()}
        self.adj_set: dict[str, frozenset[str]] = {a: frozenset(ns) for a, ns in adj.items()}
        self.land_adj: dict[str, tuple[str, ...]] = {
            a: tuple(b for b in ns if not self.is_sea[b]) for a, ns in self.adj.items()}
        self.sea_adj: dict[str, tuple[str, ...]] = {
            a: tuple(b for b in ns if self.is_sea[b]) for a, ns in self.adj.items()}
        self.land_ids: tuple[str, ...] = tuple(a for a in self.area_ids if not self.is_sea[a])
        self.castle_areas: tuple[str, ...] = tuple(a for a in self.area_ids if self.castle[a])
        self.supply_areas: tuple[str, ...] = tuple(a for a in self.area_ids if self.supply[a])
        self.crown_areas: tuple[str, ...] = tuple(a for a in self.area_ids if self.crowns[a])

        houses = data.houses.values() if isinstance(data.houses, dict) else data.houses
        self.houses: dict[str, Any] = {h.id: h for h in houses}
        self.house_name: dict[str, str] = {h.id: h.name for h in houses}
        # A House card as the data holds it, its ability the engine's key (None: no text).
        self.cards: dict[str, HouseCard] = {}
        self.house_cards: dict[str, tuple[str, ...]] = {}
        for h in houses:
            ids = []
            for c in h.cards:
                self.cards[c.id] = replace(c, ability=ability_key(c.ability, c.name))
                ids.append(c.id)
            self.house_cards[h.id] = tuple(ids)

        self.tokens: dict[str, Token] = {}
        for o in data.orders:
            sign = f"{o.bonus:+d}" if o.kind in ("march", "defense", "support") else ""
            label = {"march": "March", "defense": "Defense", "support": "Support",
                     "raid": "Raid", "consolidate": "Consolidate Power"}[o.kind]
            label = f"{'Special ' if o.special else ''}{label}{' ' + sign if sign else ''}"
            self.tokens[o.id] = Token(o.id, o.kind, int(o.bonus), bool(o.special), label)
        self.token_ids: tuple[str, ...] = tuple(self.tokens)

        self.wcards: dict[str, WCard] = {}
        for w in data.westeros:
            self.wcards[w.id] = WCard(w.id, w.name, int(w.deck), int(w.count), bool(w.wildling),
                                      effect_key(w.effect, w.name))
        self.supply_table: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted((int(x) for x in row), reverse=True)) for row in data.supply_table)
        self.max_supply = len(self.supply_table) - 1
        lim = data.unit_limits
        self.unit_limits = (int(_get(lim, "footman", _get(lim, "footmen", 10))),
                            int(_get(lim, "knight", _get(lim, "knights", 4))),
                            int(_get(lim, "ship", _get(lim, "ships", 6))))
        self._stars: dict[int, tuple[int, ...]] = {}
        self.power_max = int(data.power_tokens) if data.power_tokens else 20
        self.wildling_start = int(data.wildling_start)
        self.wildling_max = int(data.wildling_max)

    def setup(self, n: int) -> Any:
        return _get(self.data.setups, n)

    def stars(self, n: int) -> tuple[int, ...]:
        # Asked for every seat of every view: read from the content once per player count.
        found = self._stars.get(n)
        if found is None:
            found = self._stars[n] = tuple(int(x) for x in _get(self.data.court_stars, n))
        return found


@lru_cache(maxsize=1)
def board() -> Board:
    from rules.agot import data

    return Board(data.load())
