"""The game state: plain containers, a hand-written fast copy, and the JSON form.

Units in an area are one list ``[seat, footmen, knights, ships, routed footmen, routed knights,
routed ships]``; an area never holds units of two houses at rest. Orders on the board are
``area -> [seat, token id]``. The phase machinery is ``stack``: a list of small JSON dicts
("frames"), the last one being the procedure running now.
"""

from __future__ import annotations

from typing import Any

from rules.kit.copying import deep
from rules.rng import Rng

Units = list[int]
Frame = dict[str, Any]


#: What ``State.adopt`` takes from stored data as it is (all but the generator and config).
_KEPT = ("n", "houses", "round", "units", "tokens", "neutral", "orders", "power", "tracks",
         "supply", "wildling", "hands", "discards", "decks", "westeros", "restrictions",
         "blade_used", "stack", "result", "castles_to_win")



class State:
    __slots__ = (
        "blade_used",
        "castles_to_win",
        "config",
        "decks",
        "discards",
        "hands",
        "houses",
        "n",
        "neutral",
        "orders",
        "power",
        "restrictions",
        "result",
        "rng",
        "round",
        "stack",
        "supply",
        "tokens",
        "tracks",
        "units",
        "westeros",
        "wildling",
    )

    n: int
    houses: list[str]
    round: int
    rng: Rng
    units: dict[str, Units]
    tokens: dict[str, int]
    neutral: dict[str, list[Any]]
    orders: dict[str, list[Any]]
    power: list[int]
    tracks: dict[str, list[int]]
    supply: list[int]
    wildling: int
    hands: list[list[str]]
    discards: list[list[str]]
    decks: list[list[str]]
    westeros: list[str]
    restrictions: list[str]
    blade_used: bool
    stack: list[Frame]
    result: dict[str, Any] | None
    castles_to_win: int
    config: dict[str, Any]

    def copy(self) -> State:
        s = State.__new__(State)
        s.n = self.n
        s.houses = self.houses  # never mutated after setup
        s.round = self.round
        s.rng = Rng(self.rng.seed, self.rng.counter)
        s.units = {a: u[:] for a, u in self.units.items()}
        s.tokens = dict(self.tokens)
        s.neutral = {a: v[:] for a, v in self.neutral.items()}
        s.orders = {a: o[:] for a, o in self.orders.items()}
        s.power = self.power[:]
        s.tracks = {k: v[:] for k, v in self.tracks.items()}
        s.supply = self.supply[:]
        s.wildling = self.wildling
        s.hands = [h[:] for h in self.hands]
        s.discards = [d[:] for d in self.discards]
        s.decks = [d[:] for d in self.decks]
        s.westeros = self.westeros[:]
        s.restrictions = self.restrictions[:]
        s.blade_used = self.blade_used
        s.stack = [deep(f) for f in self.stack]
        s.result = deep(self.result)
        s.castles_to_win = self.castles_to_win
        s.config = self.config
        return s

    def to_json(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "houses": list(self.houses),
            "round": self.round,
            "rng": self.rng.to_json(),
            "units": {a: list(u) for a, u in sorted(self.units.items())},
            "tokens": dict(sorted(self.tokens.items())),
            "neutral": {a: list(v) for a, v in sorted(self.neutral.items())},
            "orders": {a: list(o) for a, o in sorted(self.orders.items())},
            "power": list(self.power),
            "tracks": {k: list(v) for k, v in self.tracks.items()},
            "supply": list(self.supply),
            "wildling": self.wildling,
            "hands": [list(h) for h in self.hands],
            "discards": [list(d) for d in self.discards],
            "decks": [list(d) for d in self.decks],
            "westeros": list(self.westeros),
            "restrictions": list(self.restrictions),
            "blade_used": self.blade_used,
            "stack": deep(self.stack),
            "result": deep(self.result),
            "castles_to_win": self.castles_to_win,
            "config": deep(self.config),
        }

    @classmethod
    def adopt(cls, d: dict[str, Any]) -> State:
        """``from_json`` keeping ``d``'s containers (decoded JSON: of the right types already),
        for a caller that gives ``d`` up."""
        s = cls.__new__(cls)
        for name in _KEPT:
            setattr(s, name, d[name])
        s.rng = Rng.from_json(d["rng"])
        s.config = d.get("config") or {}
        return s

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> State:
        s = cls.__new__(cls)
        s.n = int(d["n"])
        s.houses = list(d["houses"])
        s.round = int(d["round"])
        s.rng = Rng.from_json(d["rng"])
        s.units = {a: list(u) for a, u in d["units"].items()}
        s.tokens = dict(d["tokens"])
        s.neutral = {a: list(v) for a, v in d["neutral"].items()}
        s.orders = {a: list(o) for a, o in d["orders"].items()}
        s.power = list(d["power"])
        s.tracks = {k: list(v) for k, v in d["tracks"].items()}
        s.supply = list(d["supply"])
        s.wildling = int(d["wildling"])
        s.hands = [list(h) for h in d["hands"]]
        s.discards = [list(x) for x in d["discards"]]
        s.decks = [list(x) for x in d["decks"]]
        s.westeros = list(d["westeros"])
        s.restrictions = list(d["restrictions"])
        s.blade_used = bool(d["blade_used"])
        s.stack = deep(d["stack"])
        s.result = deep(d["result"])
        s.castles_to_win = int(d["castles_to_win"])
        s.config = deep(d.get("config") or {})
        return s
