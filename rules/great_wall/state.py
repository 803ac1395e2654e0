"""The game state: plain JSON-safe attributes, so saving is ``vars()`` and copying is one JSON
round trip (``rules.base.json_round_trip``: orjson, faster than a structural deep copy of
nested dicts)."""

from __future__ import annotations

from typing import Any

from rules.canonical_json import json_round_trip
from rules.rng import Rng

#: Every attribute of a state, in a stable order (the JSON form lists exactly these).
FIELDS = (
    "n", "mode", "cfg", "rng", "clans", "tea", "year", "season", "time", "sections", "locs",
    "overseers", "storehouse", "shame_bank", "decks", "offer", "artifacts", "requests",
    "fulfilled", "events", "lasting", "track", "cmd_discard", "chin_track", "stack", "result",
    "uid", "secret", "turn",
)


class State:
    """One game. ``clans`` lists the human seats first (index = seat), then the automated
    Reed Clan and Chin, so the tea order, soldiers and clerks name every clan the same way."""

    n: int
    mode: str
    cfg: dict[str, Any]
    rng: dict[str, int]
    clans: list[dict[str, Any]]
    tea: list[int]
    year: int
    season: str
    time: int
    sections: list[dict[str, Any]]
    locs: dict[str, list[int]]
    overseers: dict[str, list[int]]
    storehouse: dict[str, int]
    shame_bank: int
    decks: dict[str, list[str]]
    offer: list[str]
    artifacts: list[str]
    requests: list[str | None]
    fulfilled: int
    events: list[str]
    lasting: dict[str, int]
    track: list[dict[str, Any] | None]
    cmd_discard: list[dict[str, Any]]
    chin_track: list[str]
    stack: list[dict[str, Any]]
    result: dict[str, Any] | None
    uid: int
    secret: dict[str, Any]
    turn: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {f: getattr(self, f) for f in FIELDS}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        st = cls()
        for f in FIELDS:
            setattr(st, f, data[f])
        return st

    def copy(self) -> State:
        return State.from_json(json_round_trip(self.to_json()))

    # ---- randomness: the Rng's two ints live in the state --------------------------------
    def draw_rng(self) -> Rng:
        return Rng(self.rng["seed"], self.rng["counter"])

    def keep_rng(self, rng: Rng) -> None:
        self.rng = rng.to_json()

    # ---- who is who ------------------------------------------------------------------------
    def kind(self, clan: int) -> str:
        return str(self.clans[clan]["kind"])

    def human(self, clan: int) -> bool:
        return self.clans[clan]["kind"] == "human"

    def clan_of(self, kind: str) -> int | None:
        for i, c in enumerate(self.clans):
            if c["kind"] == kind:
                return i
        return None

    def tea_pos(self, clan: int) -> int:
        return self.tea.index(clan)

    def in_tea(self, clans: Any) -> list[int]:
        """``clans`` sorted top of the Tea track first (GW-3)."""
        return sorted(set(clans), key=self.tea.index)
