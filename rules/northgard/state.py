"""The game state: plain containers, a hand-written fast copy and the JSON form.

Territories are named by their root node (``rules.northgard.geometry``); ``units`` maps a
territory to each seat's ordinary units there, ``kaija`` is where the Bear clan's she-bear
stands (``""``: in the supply). Building tokens sit on slots (``"p.t.i"``), so a merge of
territories never moves them. Decks list their cards bottom to top (the top is the end).
The procedure running now is ``stack``: JSON frames, the last one on top.
"""

from __future__ import annotations

from typing import Any

from rules.kit.copying import deep
from rules.rng import Rng

Frame = dict[str, Any]



_LISTS_OF_LISTS = ("placements", "held", "res", "draw", "hand", "active", "discard",
                   "upgrades")
_LISTS = ("tile_stack", "clans", "fame", "known_top", "dev_deck", "dev_row", "ach_row",
          "passed", "monster_row", "monster_deck", "monster_discard", "pass_order")
_SCALARS = ("n", "year", "years", "first", "kaija", "scorch", "unrest_left", "team",
            "monsters_on", "more_monsters")


class State:
    __slots__ = (*_LISTS_OF_LISTS, *_LISTS, *_SCALARS, "buildings", "config", "monsters",
                 "result", "rng", "stack", "units")

    n: int
    year: int
    years: int
    first: int
    kaija: str
    scorch: str
    unrest_left: int
    team: bool
    monsters_on: bool
    more_monsters: bool
    placements: list[list[Any]]
    held: list[list[str]]
    res: list[list[int]]
    draw: list[list[str]]
    hand: list[list[str]]
    active: list[list[str]]
    discard: list[list[str]]
    upgrades: list[list[str]]
    tile_stack: list[str]
    clans: list[str]
    fame: list[int]
    known_top: list[int]
    dev_deck: list[str]
    dev_row: list[str]
    ach_row: list[str]
    passed: list[bool]
    monster_row: list[str]
    monster_deck: list[str]
    monster_discard: list[str]
    pass_order: list[int]
    units: dict[str, list[int]]
    buildings: dict[str, str]
    monsters: dict[str, str]
    config: dict[str, Any]
    rng: Rng
    stack: list[Frame]
    result: dict[str, Any] | None

    def copy(self) -> State:
        s = State.__new__(State)
        for k in _SCALARS:
            setattr(s, k, getattr(self, k))
        for k in _LISTS:
            setattr(s, k, getattr(self, k)[:])
        for k in _LISTS_OF_LISTS:
            setattr(s, k, [x[:] for x in getattr(self, k)])
        s.units = {t: u[:] for t, u in self.units.items()}
        s.buildings = dict(self.buildings)
        s.monsters = dict(self.monsters)
        s.config = self.config  # never mutated after setup
        s.rng = Rng(self.rng.seed, self.rng.counter)
        s.stack = [deep(f) for f in self.stack]
        s.result = deep(self.result)
        return s

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {k: getattr(self, k) for k in _SCALARS}
        for k in _LISTS:
            out[k] = list(getattr(self, k))
        for k in _LISTS_OF_LISTS:
            out[k] = [list(x) for x in getattr(self, k)]
        out["units"] = {t: list(u) for t, u in sorted(self.units.items())}
        out["buildings"] = dict(sorted(self.buildings.items()))
        out["monsters"] = dict(sorted(self.monsters.items()))
        out["config"] = deep(self.config)
        out["rng"] = self.rng.to_json()
        out["stack"] = deep(self.stack)
        out["result"] = deep(self.result)
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> State:
        s = cls.__new__(cls)
        for k in _SCALARS:
            setattr(s, k, d[k])
        for k in _LISTS:
            setattr(s, k, list(d[k]))
        for k in _LISTS_OF_LISTS:
            setattr(s, k, [list(x) for x in d[k]])
        s.units = {t: list(u) for t, u in d["units"].items()}
        s.buildings = dict(d["buildings"])
        s.monsters = dict(d["monsters"])
        s.config = deep(d["config"])
        s.rng = Rng.from_json(d["rng"])
        s.stack = deep(d["stack"])
        s.result = deep(d["result"])
        return s
