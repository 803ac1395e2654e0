"""The content pack read into typed, checked tables (``GameData``): tiles with their geometry,
cards, monsters, die faces, winter costs, buildings, clans and starting resources.

Loaded once per process (``data()``); ``check`` refuses a pack whose whole does not fit the
game (a tile whose borders do not end where its segments change, a Development deck that is
not 16 + 36 cards…), naming the entry."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from rules.content import ContentError, load
from rules.northgard.content import CONTENT_SCHEMA

RESOURCES = ("food", "wood", "lore")
CLANS = ("bear", "boar", "goat", "raven", "snake", "stag", "wolf")
#: Unit colours by seat: the rulebook's examples name red, yellow and purple players.
COLOURS = ("red", "yellow", "purple", "blue", "green")
SIDES = 4
SEGMENTS = 3
#: Units per colour (seed: 70 units, 14 per player) and building tokens per type (7).
UNITS_PER_PLAYER = 14
BUILDINGS_PER_TYPE = 7
UNREST_CARDS = 10
LARGE = ("fortress", "furnace", "altar")


@dataclass(frozen=True)
class Territory:
    res: tuple[str, ...]
    slots: tuple[str, ...]
    den: bool


@dataclass(frozen=True)
class Tile:
    id: str
    kind: str
    edges: tuple[tuple[int, ...], ...]
    borders: tuple[tuple[int, int, str], ...]
    territories: tuple[Territory, ...]
    provenance: str


@dataclass(frozen=True)
class Card:
    id: str
    deck: str
    count: int
    lightning: bool
    fame: int
    effects: tuple[dict[str, Any], ...]
    clan: str
    upgrade: bool
    score: dict[str, Any] | None
    provenance: str


@dataclass(frozen=True)
class Monster:
    id: str
    kind: str
    colour: str
    strength: int
    reward: int
    priorities: tuple[str, ...]
    hostile: bool


@dataclass(frozen=True)
class Face:
    strength: int
    casualties: int
    choice: bool

    @property
    def axes(self) -> int:
        """Casualty symbols (setup J counts them; the choice face shows one)."""
        return self.casualties + (1 if self.choice else 0)


@dataclass(frozen=True)
class Building:
    id: str
    size: str
    cost: int
    produces: str


@dataclass(frozen=True)
class GameData:
    tiles: dict[str, Tile]
    cards: dict[str, Card]
    monsters: dict[str, Monster]
    faces: tuple[Face, ...]
    winter: tuple[tuple[int, int, int, int], ...]
    buildings: dict[str, Building]
    clan_cards: dict[str, tuple[str, tuple[str, ...]]]
    start_resources: dict[int, tuple[int, int, int]]
    provisional: tuple[str, ...]

    def deck(self, name: str) -> list[str]:
        """Every copy of the cards of one deck, in file order."""
        return [c.id for c in self.cards.values() if c.deck == name for _ in range(c.count)]

    def winter_cost(self, units: int) -> tuple[int, int]:
        for lo, hi, food, wood in self.winter:
            if lo <= units <= hi:
                return food, wood
        return self.winter[-1][2], self.winter[-1][3]


def _tile(e: dict[str, Any]) -> Tile:
    terrs = tuple(Territory(tuple(t.get("res", [])), tuple(t.get("slots", [])),
                            bool(t.get("den", False))) for t in e["territories"])
    return Tile(e["id"], e["kind"], tuple(tuple(int(x) for x in edge) for edge in e["edges"]),
                tuple((int(a), int(b), str(k)) for a, b, k in e["borders"]), terrs,
                e["provenance"])


def check_tile(t: Tile) -> None:
    """A tile fits the geometry model: 4 edges of 3 segments, no border ending in a corner,
    1–4 territories, every change of territory along the rim a listed border."""
    def bad(problem: str) -> ContentError:
        return ContentError("tiles.json", t.id, "edges", problem)

    if len(t.edges) != SIDES or any(len(e) != SEGMENTS for e in t.edges):
        raise bad("needs 4 edges of 3 segments")
    n = len(t.territories)
    if not 1 <= n <= 4:
        raise ContentError("tiles.json", t.id, "territories", "a tile has 1 to 4 territories")
    rim = [s for e in t.edges for s in e]
    if any(not 0 <= s < n for s in rim):
        raise bad("a segment names no territory")
    for side in range(SIDES):
        if t.edges[side][-1] != t.edges[(side + 1) % SIDES][0]:
            raise bad("a border ends in a corner")
    listed = {tuple(sorted((a, b))) for a, b, _ in t.borders}
    for i in range(len(rim)):
        a, b = rim[i], rim[(i + 1) % len(rim)]
        if a != b and tuple(sorted((a, b))) not in listed:
            raise ContentError("tiles.json", t.id, "borders", f"no border between {a} and {b}")
    for a, b, kind in t.borders:
        if kind not in ("regular", "rough") or a == b or not (0 <= a < n and 0 <= b < n):
            raise ContentError("tiles.json", t.id, "borders", "a border is [a, b, regular|rough]")
    if set(range(n)) - set(rim):
        raise ContentError("tiles.json", t.id, "territories",
                           "every territory reaches the tile's edge")
    for terr in t.territories:
        if any(r not in RESOURCES for r in terr.res) or any(
                s not in ("small", "sacred", "large") for s in terr.slots):
            raise ContentError("tiles.json", t.id, "territories", "unknown resource or slot")


def _check(gd: GameData) -> None:
    for t in gd.tiles.values():
        check_tile(t)
    kinds = [t.kind for t in gd.tiles.values()]
    if kinds.count("start") != 1 or kinds.count("start5") != 1:
        raise ContentError("tiles.json", None, "kind", "one start and one start5 tile")
    sizes = {"early": 16, "advanced": 36, "achievement": 7, "unrest": UNREST_CARDS,
             "starting": 6}
    for deck, size in sizes.items():
        if len(gd.deck(deck)) != size:
            raise ContentError("cards.json", None, "count", f"the {deck} cards count {size}")
    for clan, (initial, ups) in gd.clan_cards.items():
        for cid in (initial, *ups):
            card = gd.cards.get(cid)
            if card is None or card.clan != clan:
                raise ContentError("rules.json", clan, "initial", f"{cid} is not a {clan} card")
        if len(ups) != 2:
            raise ContentError("rules.json", clan, "upgrades", "two upgrade cards")
    if sum(1 for m in gd.monsters.values() if m.strength <= 6) < 6:
        raise ContentError("monsters.json", None, "strength",
                           "setup needs 6 monsters of strength 6 or less (5 players + 1)")


@cache
def data() -> GameData:
    content = load(CONTENT_SCHEMA)
    tiles = {e["id"]: _tile(dict(e)) for e in content.entries("tiles")}
    cards = {}
    for e in content.entries("cards"):
        cards[e["id"]] = Card(e["id"], e["deck"], int(e["count"]), bool(e["lightning"]),
                              int(e["fame"]), tuple(dict(x) for x in e["effects"]),
                              e.get("clan", ""), bool(e.get("upgrade", False)),
                              dict(e["score"]) if e.get("score") else None, e["provenance"])
    monsters = {e["id"]: Monster(e["id"], e["kind"], e["colour"], int(e["strength"]),
                                 int(e["reward"]), tuple(e["priorities"]), bool(e["hostile"]))
                for e in content.entries("monsters")}
    faces = tuple(Face(int(e["strength"]), int(e["casualties"]), bool(e["choice"]))
                  for e in content.entries("dice"))
    winter = tuple(sorted((int(e["min"]), int(e["max"]), int(e["food"]), int(e["wood"]))
                          for e in content.entries("winter")))
    buildings = {e["id"]: Building(e["id"], e["size"], int(e["cost"]), e["produces"])
                 for e in content.entries("buildings")}
    clans = {e["id"]: (e["initial"], tuple(e["upgrades"])) for e in content.entries("clans")}
    start: dict[int, tuple[int, int, int]] = {}
    for e in content.entries("start_resources"):
        for place in e["places"]:
            start[int(place)] = (int(e["food"]), int(e["wood"]), int(e["lore"]))
    gd = GameData(tiles, cards, monsters, faces, winter, buildings, clans, start,
                  tuple(content.provisional_collections()))
    _check(gd)
    return gd
