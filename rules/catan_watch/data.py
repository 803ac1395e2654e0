"""Loads and validates the shipped content (data/*.json) once, at import."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rules import content

_DATA_DIR = Path(__file__).parent / "data"
PROVENANCES = frozenset({"seed", "public", "provisional"})

RESOURCES: tuple[str, ...] = ("brick", "lumber", "wool", "grain", "ore")
RES_INDEX: dict[str, int] = {r: i for i, r in enumerate(RESOURCES)}
TERRAINS = frozenset({"hills", "forest", "pasture", "fields", "mountains", "ice_field"})


class DataError(ValueError):
    """The shipped content is malformed."""


def _check(cond: bool, message: str) -> None:
    if not cond:
        raise DataError(message)


def _load(name: str) -> dict[str, Any]:
    with open(_DATA_DIR / name, encoding="utf-8") as fh:
        data = json.load(fh)
    _check(isinstance(data, dict), f"{name}: top level must be an object")
    if content.override_dir() is not None:
        # A configured content pack (CONTENT_DIR/catan_watch/) replaces entries by id before
        # the whole is validated; the bot configures it before any game is imported.
        from rules.catan_watch.content import CONTENT_SCHEMA

        content.lay_over(data, name, CONTENT_SCHEMA, content.load(CONTENT_SCHEMA))
    return data


def _cost(spec: dict[str, int], what: str) -> tuple[int, ...]:
    _check(set(spec) <= set(RESOURCES), f"cost of {what}: unknown resource")
    return tuple(int(spec.get(r, 0)) for r in RESOURCES)


def _validate_boards(boards: dict[str, Any]) -> None:
    for key, layout in boards["layouts"].items():
        _check(layout.get("provenance") in PROVENANCES, f"layout {key}: bad provenance")
        rows = layout["rows"]
        _check(len(rows) == len(layout["row_offsets"]), f"layout {key}: offsets per row")
        for row in rows:
            for terrain, number in row:
                _check(terrain in TERRAINS, f"layout {key}: unknown terrain {terrain}")
                ok_number = number == 0 if terrain == "ice_field" else 2 <= number <= 12
                _check(ok_number and number != 7, f"layout {key}: bad number {number}")
        harbours = layout["harbours"]
        _check(harbours.get("provenance") in PROVENANCES, f"layout {key}: harbour provenance")
        for h in harbours["list"]:
            _check(h["type"] in RESOURCES or h["type"] == "any", f"layout {key}: harbour type")
            _check(0 <= h["side"] <= 5, f"layout {key}: harbour side")
    for key, mix in boards["variable"].items():
        _check(key in boards["layouts"], f"variable {key}: no such layout")
        n_hexes = sum(len(r) for r in boards["layouts"][key]["rows"])
        _check(sum(mix["terrains"].values()) == n_hexes, f"variable {key}: terrain count")
        n_numbered = n_hexes - mix["terrains"].get("ice_field", 0)
        _check(len(mix["numbers"]) == n_numbered, f"variable {key}: number count")
    wall = boards["wall"]
    _check(wall.get("provenance") in PROVENANCES, "wall: provenance")
    trails = sorted(int(t) for t in wall["trail_section"])
    clan_trails = sorted(t for c in wall["clans"] for t in c["trails"])
    _check(trails == clan_trails, "wall: every trail belongs to exactly one clan")
    _check(all(0 <= s < wall["sections"] for s in wall["trail_section"].values()), "wall: section")


def _validate_components(comp: dict[str, Any]) -> None:
    _check(tuple(comp["resources"]["order"]) == RESOURCES, "components: resource order")
    deck = comp["development_deck"]
    _check(deck.get("provenance") in PROVENANCES, "development deck: provenance")
    _check(sum(c["count"] for c in deck["cards"]) == 25, "development deck: 25 cards")
    _check(
        {c["kind"] for c in deck["cards"]} <= {"watch", "progress", "victory"},
        "development deck: card kinds",
    )
    tokens = comp["wildling_tokens"]
    _check(set(tokens["per_clan"]) == set(tokens["types"]), "wildling tokens: types")
    _check(sum(tokens["per_clan"].values()) * 3 == 57, "wildling tokens: 57 in all")
    heroes = comp["heroes"]["list"]
    _check(len(heroes) == 11, "heroes: 11 cards")
    numbers = {h["number"] for h in heroes}
    _check(numbers == set(range(1, 12)), "heroes: numbered 1..11")
    for n_players, start in content.values(comp["heroes"]["starting"]).items():
        _check(len(start) == int(n_players) and set(start) <= numbers, "heroes: starting")


BOARDS: dict[str, Any] = _load("boards.json")
COMPONENTS: dict[str, Any] = _load("components.json")
_validate_boards(BOARDS)
_validate_components(COMPONENTS)

COSTS: dict[str, tuple[int, ...]] = {
    k: _cost(v, k) for k, v in content.values(COMPONENTS["costs"]).items()
}
PIECES: dict[str, int] = dict(content.values(COMPONENTS["pieces"]))
BANK_START: int = COMPONENTS["bank_per_resource"]["value"]
TERRAIN_RESOURCE: dict[str, int] = {
    t: (-1 if r is None else RES_INDEX[r])
    for t, r in COMPONENTS["terrain_yields"]["map"].items()
}
DEV_CARDS: dict[str, dict[str, Any]] = {c["id"]: c for c in COMPONENTS["development_deck"]["cards"]}
WALL: dict[str, Any] = BOARDS["wall"]
N_SECTIONS: int = WALL["sections"]
FIELDS_PER_SECTION: int = WALL["fields_per_section"]
TRAIL_SECTION: dict[int, int] = {int(k): v for k, v in WALL["trail_section"].items()}
CLAN_TRAILS: list[list[int]] = [list(c["trails"]) for c in WALL["clans"]]
CLAN_NAMES: list[str] = [c["name"] for c in WALL["clans"]]
TRAIL_CLAN: dict[int, int] = {t: i for i, ts in enumerate(CLAN_TRAILS) for t in ts}
CAMPS_PER_CLAN: int = WALL["camps_per_clan"]
WILDLING_TYPES: tuple[str, ...] = tuple(COMPONENTS["wildling_tokens"]["types"])
HEROES: dict[int, dict[str, Any]] = {h["number"]: h for h in COMPONENTS["heroes"]["list"]}
HERO_BY_ID: dict[str, int] = {h["id"]: h["number"] for h in COMPONENTS["heroes"]["list"]}
STARTING_HEROES: dict[int, list[int]] = {
    int(k): v for k, v in content.values(COMPONENTS["heroes"]["starting"]).items()
}


def provisional_names(mode: str) -> list[str]:
    """Data sets this mode uses that are still stand-ins for the printed content — read from
    the content in force, so a pack that replaces one with the printed data drops it."""
    def stand_in(*entries: dict[str, Any]) -> bool:
        return any(e.get("provenance") == "provisional" for e in entries)

    nw = mode == "nights_watch"
    layouts = BOARDS["layouts"]
    gifts = [v for k, v in layouts.items() if k != "base_beginner"]
    mixes = [v for k, v in BOARDS["variable"].items() if k != "base_beginner"]
    named = [
        ("harbours", stand_in(layouts["base_beginner"]["harbours"])),
        ("gift_layouts", nw and stand_in(*gifts, *mixes)),
        ("gift_harbours", nw and stand_in(*(g["harbours"] for g in gifts))),
        ("wall_layout", nw and stand_in(WALL)),
        ("wildling_mix", nw and stand_in(COMPONENTS["wildling_tokens"])),
        ("development_deck", stand_in(*DEV_CARDS.values())),
        ("watch_card", nw and stand_in(DEV_CARDS["watch"])),
    ]
    return [name for name, shown in named if shown]
