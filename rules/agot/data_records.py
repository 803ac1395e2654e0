"""The typed records of A Game of Thrones' static content (areas, houses and their cards,
Westeros cards, order tokens, neutral forces, the whole ``GameData``) as frozen dataclasses,
and the error the loader (``rules.agot.data``) raises for invalid data."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.content import find

Provenance = str  # "seed" | "public" | "provisional"

PROVENANCES = frozenset({"seed", "public", "provisional"})
ORDER_KINDS = ("march", "defense", "support", "raid", "consolidate")
PLAYER_COUNTS = (3, 4, 5)
TRACKS = ("throne", "fiefdoms", "court")


class DataError(ValueError):
    """The content data is invalid; the message names the file and the entry."""


@dataclass(frozen=True)
class Area:
    id: str  # snake_case, e.g. "winterfell", "the_shivering_sea"
    name: str  # English display name
    kind: str  # "land" | "sea"
    castle: int  # 0 none, 1 castle ("city"), 2 stronghold
    supply: int  # supply barrels
    crowns: int  # power crowns
    home: str | None  # house id whose home area this is (printed crest), else None
    adjacent: frozenset[str]  # area ids sharing a border (rivers = no border; no ports in 1st ed)
    provenance: str
    note: str = ""

    @property
    def is_land(self) -> bool:
        return self.kind == "land"

    @property
    def is_sea(self) -> bool:
        return self.kind == "sea"

    @property
    def mustering_points(self) -> int:
        """Stronghold 2, castle 1, otherwise 0 (rulebook p.4)."""
        return self.castle


@dataclass(frozen=True)
class Border:
    a: str
    b: str
    provenance: str
    note: str = ""


@dataclass(frozen=True)
class HouseCard:
    id: str
    name: str
    house: str
    strength: int
    swords: int
    forts: int
    ability: str | None  # stable ability id (= card id) or None for no text
    text: str  # short English functional summary of the ability ("" if none)
    provenance: str
    text_source: str = ""  # provenance of the ability text when it differs ("seed": rulebook)
    note: str = ""


@dataclass(frozen=True)
class StartUnit:
    area: str
    unit: str  # "footman" | "knight" | "ship"


@dataclass(frozen=True)
class House:
    id: str  # "stark", "lannister", "baratheon", "greyjoy", "tyrell"
    name: str
    home: str
    start_units: tuple[StartUnit, ...]
    start_power: int  # power tokens in hand at start
    start_supply: int  # supply track position at start
    throne: int  # 1-based start positions on the three influence tracks (5 players)
    fiefdoms: int
    court: int
    cards: tuple[HouseCard, ...]  # the 7 house cards
    provenance: str

    def card(self, card_id: str) -> HouseCard:
        return find(self.cards, card_id)


@dataclass(frozen=True)
class WesterosCard:
    id: str
    name: str
    deck: int  # 1, 2 or 3
    count: int  # copies in that deck
    wildling: bool  # has the wildling (mammoth) icon
    effect: str  # stable effect id the engine dispatches on
    text: str
    provenance: str
    note: str = ""


@dataclass(frozen=True)
class OrderToken:
    id: str  # e.g. "march_-1", "march_0", "march_+1s": one per physical token
    kind: str  # "march" | "defense" | "support" | "raid" | "consolidate"
    bonus: int  # march modifier / defence bonus / support bonus (0 if none)
    special: bool  # star order
    provenance: str
    raid_targets: int = 0  # raid orders: how many adjacent enemy orders it may remove (star: 2)


@dataclass(frozen=True)
class Neutral:
    area: str
    strength: int
    players: tuple[int, ...]  # player counts that use this neutral force
    provenance: str
    kind: str = "token"  # "token" (printed neutral token) | "house_units" (an absent house's units)
    house: str | None = None  # for "house_units": the house whose start units these are
    units: tuple[str, ...] = ()  # for "house_units": the units standing there
    note: str = ""


@dataclass(frozen=True)
class GameData:
    areas: dict[str, Area]
    houses: dict[str, House]
    westeros: tuple[WesterosCard, ...]
    orders: tuple[OrderToken, ...]  # ONE house's 15 order tokens (every house has the same set)
    supply_table: tuple[tuple[int, ...], ...]  # supply level 0..6 -> allowed army sizes
    court_stars: dict[int, tuple[int, ...]]  # players -> stars per King's Court position 1..n
    neutrals: tuple[Neutral, ...]
    unit_limits: dict[str, int]  # {"footman": 10, "knight": 4, "ship": 6}
    power_tokens: int  # 20 per house
    setups: dict[int, dict[str, Any]]  # players -> houses, neutral_houses, castles_to_win, tracks
    wildling_start: int  # starting threat
    wildling_max: int  # 12
    # Extras beyond the agreed API.
    borders: tuple[Border, ...] = ()
    wildling_step: int = 2  # threat added per mammoth icon (one space on the track)
    unit_strength: dict[str, int] = field(default_factory=dict)  # footman 1, knight 2, ship 1
    muster_cost: dict[str, int] = field(default_factory=dict)  # + "upgrade": footman -> knight
    turns: int = 10
    variants: dict[str, dict[str, Any]] = field(default_factory=dict)

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.areas[a].adjacent

    def card(self, card_id: str) -> HouseCard:
        return find((c for h in self.houses.values() for c in h.cards), card_id)

    def westeros_deck(self, deck: int) -> tuple[WesterosCard, ...]:
        """Deck I, II or III expanded to one entry per physical card (unshuffled)."""
        return tuple(c for c in self.westeros if c.deck == deck for _ in range(c.count))

    def neutrals_for(self, players: int) -> tuple[Neutral, ...]:
        return tuple(n for n in self.neutrals if players in n.players)

    def castle_areas(self) -> tuple[str, ...]:
        return tuple(a.id for a in self.areas.values() if a.castle > 0)
