"""Fort's declared action schema (issue #16): every kind the engine knows is declared, what
the engine offers fits, and what it could never offer is refused with the parameter named."""

from __future__ import annotations

from typing import Any

import pytest

from rules.base import Action, ActionSpec
from rules.fort import RULES, engine
from rules.fort.data import tables
from rules.kit.params import check
from rules.rng import Rng
from tests.harness import play_out

SCHEMA = RULES.action_schema()


def test_every_kind_the_engine_takes_is_declared() -> None:
    assert set(SCHEMA) == set(engine.ALL_KINDS)


def test_the_schema_is_built_once() -> None:
    assert RULES.action_schema() is SCHEMA


def test_card_ids_come_from_the_content() -> None:
    t = tables()
    copy = next(c for c in t.park_deck if "~" in c)
    best_friend = t.boards[0][1][0]
    for card in (copy, best_friend, t.dogs[0]):
        assert check(SCHEMA, "play", {"card": card}) is None, card
    assert check(SCHEMA, "cat", {"cat": next(iter(t.cats))}) is None


@pytest.mark.parametrize(("kind", "params", "reason", "path"), [
    ("dance", {}, "kind", "dance"),
    ("play", {"card": "captain", "bonus": 1}, "unknown", "bonus"),
    ("skip", {"note": "gg"}, "unknown", "note"),
    ("play", {}, "missing", "card"),
    ("recruit", {"slot": 0}, "missing", "from"),
    ("play", {"card": "no_such_kid"}, "type", "card"),
    ("play", {"card": 7}, "type", "card"),
    ("pick", {"card": "captain~9"}, "type", "card"),
    ("mode", {"mode": "both"}, "type", "mode"),
    ("perk", {"perk": "bribe"}, "type", "perk"),  # Bribe acts on its own; it is never "used"
    ("cat", {"cat": "captain"}, "type", "cat"),
    ("recruit", {"from": "hand"}, "type", "from"),
    ("recruit", {"from": "park", "slot": 3}, "type", "slot"),  # the Park holds 3
    ("recruit", {"from": "park", "slot": -1}, "type", "slot"),
    ("recruit", {"from": "park", "slot": True}, "type", "slot"),
    ("recruit", {"from": "yard", "seat": 4, "card": "captain"}, "type", "seat"),
    ("recruit", {"from": "yard", "seat": "1", "card": "captain"}, "type", "seat"),
    ("add", {"card": "captain", "as": "coin"}, "type", "as"),  # a coin is declared as a suit
    ("add", {"card": "captain", "from": "hand"}, "type", "from"),
    ("choose", {"res": "gold"}, "type", "res"),
    ("choose", {"perk": "captain"}, "type", "perk"),
    ("choose", {"stop": "yes"}, "type", "stop"),
    ("choose", {"from": "box", "card": "captain"}, "type", "from"),
])
def test_what_the_engine_cannot_mean_is_refused(kind: str, params: dict[str, Any], reason: str,
                                                path: str) -> None:
    problem = check(SCHEMA, kind, params)
    assert problem is not None
    assert (problem.reason, problem.path) == (reason, path)


def test_every_offered_move_of_a_whole_game_fits() -> None:
    """Drafted setup, dogs and cats at four seats, played to the end: every legal, random and
    default move fits (the hardening test covers every mode, but only its first moves)."""
    cfg = {"draft": True, "dogs": True, "cats": True}
    seen: set[str] = set()

    def fits(offered: Action | ActionSpec) -> None:
        if isinstance(offered, Action):
            assert check(SCHEMA, offered.kind, offered.params) is None, offered
            seen.add(offered.kind)

    state = play_out(RULES, RULES.new_game(RULES.check_config(cfg, 4), 4, 5), Rng(8), fits)
    assert RULES.result(state) is not None
    assert {"pick", "play", "recruit", "choose", "follow", "add"} <= seen
