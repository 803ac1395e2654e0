"""The content pack read into plain lookups the engine uses (loaded once per process)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rules.content import load
from rules.great_wall.content import CONTENT_SCHEMA

RESOURCES = ("wood", "stone", "gold", "chi")
BUILD_RES = ("wood", "stone", "gold")
UNITS = ("spearman", "archer", "horseman")
#: Board order of the locations (the fixed list order of the spec's defaults).
LOCATIONS = ("lumber_mill", "quarry", "gold_mine", "temple", "barracks", "builders_camp",
             "tea_house", "headquarters", "embassy", "war_academy")
PRODUCTION = ("lumber_mill", "quarry", "gold_mine", "temple")
#: Chin's location track holds the four production locations and the Barracks (the wound token).
CHIN_LOCATIONS = (*PRODUCTION, "barracks")


@dataclass(frozen=True)
class Data:
    locations: dict[str, dict[str, Any]]
    board: dict[str, dict[str, Any]]
    commands: dict[str, dict[str, Any]]
    generals: dict[str, dict[str, Any]]
    advisors: dict[str, dict[str, Any]]
    hordes: dict[str, dict[str, Any]]
    tactics: dict[str, dict[str, Any]]
    artifacts: dict[str, dict[str, Any]]
    events: dict[str, dict[str, Any]]
    requests: dict[str, dict[str, Any]]

    @property
    def numbers(self) -> dict[str, Any]:
        return self.board["numbers"]

    def ids(self, collection: str, deck: str | None = None) -> list[str]:
        entries: dict[str, dict[str, Any]] = getattr(self, collection)
        return [k for k, v in entries.items() if deck is None or v.get("deck") == deck]


@lru_cache(maxsize=4)
def _cached(fingerprint: str) -> Data:
    content = load(CONTENT_SCHEMA)
    tables = {c.name: {str(e["id"]): dict(e) for e in content.entries(c.name)}
              for c in CONTENT_SCHEMA.collections}
    return Data(**tables)


def data() -> Data:
    """The content in force (the shipped pack with ``CONTENT_DIR`` laid over it)."""
    return _cached(load(CONTENT_SCHEMA).fingerprint)
