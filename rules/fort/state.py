"""Fort's game state: plain JSON-able data (players as dicts), the rng and the frame stack."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.canonical_json import json_round_trip
from rules.kit.copying import deep
from rules.rng import Rng

Player = dict[str, Any]


def new_player(colour: str, best_friends: list[str]) -> Player:
    return {
        "colour": colour,
        "bf": list(best_friends),
        "deck": [],
        "hand": [],
        "discard": [],
        "yard": [],
        "lookout": [],
        "kennel": [],
        "played": [],  # the played card and the added cards of this turn
        "stuff": {"pizza": 0, "toy": 0},
        "pack": {"pizza": 0, "toy": 0},
        "vp": 0,
        "level": 0,
        "rules": [],  # Made-Up Rules (secret)
        "perks": [],
        "turns": 0,
    }


@dataclass
class State:
    n: int
    cfg: dict[str, Any]
    rng: Rng
    players: list[Player]
    park: list[str] = field(default_factory=list)
    park_deck: list[str] = field(default_factory=list)
    rule_stack: list[str] = field(default_factory=list)
    perk_row: list[str] = field(default_factory=list)
    cats: dict[str, int | None] = field(default_factory=dict)  # cat id -> owner
    macaroni: int | None = None
    first: int = 0
    leader: int = 0
    round: int = 1
    end: str | None = None
    end_seat: int | None = None
    box: list[str] = field(default_factory=list)  # trashed cards
    play: dict[str, Any] = field(default_factory=dict)  # the card being played now
    stack: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    final: dict[str, Any] | None = None  # the score breakdown once over

    def to_json(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "cfg": dict(self.cfg),
            "rng": self.rng.to_json(),
            "players": self.players,
            "park": self.park,
            "park_deck": self.park_deck,
            "rule_stack": self.rule_stack,
            "perk_row": self.perk_row,
            "cats": self.cats,
            "macaroni": self.macaroni,
            "first": self.first,
            "leader": self.leader,
            "round": self.round,
            "end": self.end,
            "end_seat": self.end_seat,
            "box": self.box,
            "play": self.play,
            "stack": self.stack,
            "result": self.result,
            "final": self.final,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        return cls.adopt(json_round_trip(data))

    @classmethod
    def adopt(cls, d: dict[str, Any]) -> State:
        """``from_json`` keeping ``d``'s containers (decoded JSON), for a caller that gives
        ``d`` up."""
        return cls(
            n=d["n"], cfg=d["cfg"], rng=Rng.from_json(d["rng"]), players=d["players"],
            park=d["park"], park_deck=d["park_deck"], rule_stack=d["rule_stack"],
            perk_row=d["perk_row"], cats=d["cats"], macaroni=d["macaroni"],
            first=d["first"], leader=d["leader"], round=d["round"], end=d["end"],
            end_seat=d["end_seat"], box=d["box"], play=d["play"], stack=d["stack"],
            result=d["result"], final=d["final"],
        )

    def copy(self) -> State:
        """A deep copy (faster than a JSON round trip: the shapes are known)."""
        players = [{k: (list(v) if type(v) is list else dict(v) if type(v) is dict else v)
                    for k, v in p.items()} for p in self.players]
        return State(
            n=self.n, cfg=dict(self.cfg), rng=Rng(self.rng.seed, self.rng.counter),
            players=players, park=list(self.park), park_deck=list(self.park_deck),
            rule_stack=list(self.rule_stack), perk_row=list(self.perk_row),
            cats=dict(self.cats), macaroni=self.macaroni, first=self.first,
            leader=self.leader, round=self.round, end=self.end, end_seat=self.end_seat,
            box=list(self.box), play=dict(self.play), stack=deep(self.stack),
            result=deep(self.result), final=deep(self.final),
        )
