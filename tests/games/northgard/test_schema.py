"""Northgard's declared action schema (issue #16): every kind the engine knows is declared, what
the engine offers fits, and what it could never offer is refused with the parameter named."""

from __future__ import annotations

from typing import Any

import pytest

from rules.base import Action, ActionSpec, Text
from rules.kit.params import check
from rules.northgard import RULES
from rules.northgard.data import UNITS_PER_PLAYER
from rules.rng import Rng
from tests.harness import play_out

SCHEMA = RULES.action_schema()


def test_every_kind_the_engine_knows_is_declared_and_no_other() -> None:
    assert set(SCHEMA) == set(RULES.machine.kinds())


def test_the_schema_is_built_once() -> None:
    assert RULES.action_schema() is SCHEMA


@pytest.mark.parametrize(("kind", "params", "reason", "path"), [
    ("dance", {}, "kind", "dance"),
    ("play", {"card": "s_move"}, "unknown", "card"),
    ("step", {"frm": "0.0"}, "missing", "to"),
    ("step", {"frm": "0.0", "to": 3}, "type", "to"),
    ("step", {"frm": "0.0", "to": "north"}, "type", "to"),
    ("step", {"frm": "0.0", "to": "99.0"}, "type", "to"),  # more placements than tiles
    ("card", {"card": "s_dance"}, "type", "card"),
    ("pass", {"take": "s_move"}, "type", "take"),  # a starting card is never in the row
    ("tile", {"tile": "start"}, "type", "tile"),  # starting tiles are never held
    ("rotate", {"rot": 4}, "type", "rot"),
    ("rotate", {"rot": True}, "type", "rot"),
    ("count", {"n": UNITS_PER_PLAYER + 1, "kaija": False}, "type", "n"),
    ("count", {"n": 2, "kaija": 1}, "type", "kaija"),
    ("retreat_n", {"n": 0}, "type", "n"),
    ("pay", {"food": 4, "wood": 0, "lore": 0}, "type", "food"),
    ("pay", {"food": 1, "wood": 1, "lore": 1, "gold": 0}, "unknown", "gold"),
    ("build_at", {"slot": "0.0"}, "type", "slot"),
    ("face", {"take": "both"}, "type", "take"),
    ("upgrade", {"to": "hand", "pick": "bear_up1"}, "type", "to"),
    ("cell", {"x": 10**6, "y": 0}, "type", "x"),
])
def test_what_the_engine_never_offers_is_refused(kind: str, params: dict[str, Any],
                                                  reason: str, path: str) -> None:
    problem = check(SCHEMA, kind, params)
    assert problem is not None
    assert (problem.reason, problem.path) == (reason, path)


def test_the_refusal_says_what_would_fit() -> None:
    problem = check(SCHEMA, "rotate", {"rot": 7})
    assert problem is not None and isinstance(problem.expected, Text)
    assert problem.expected == Text("schema.int_range", {"min": 0, "max": 3})
    problem = check(SCHEMA, "face", {"take": "x"})
    assert problem is not None and isinstance(problem.expected, Text)
    assert problem.expected == Text("schema.choice", {"choices": "strength, casualty"})


@pytest.mark.parametrize("config", [{"team": True, "long_game": True},
                                    {"monsters": True, "more_monsters": True}])
def test_a_whole_random_game_offers_only_what_fits(config: dict[str, Any]) -> None:
    n = 4
    def fits(offered: Action | ActionSpec) -> None:
        assert isinstance(offered, Action)
        assert check(SCHEMA, offered.kind, offered.params) is None, offered

    st = play_out(RULES, RULES.new_game(RULES.check_config(config, n), n, 5), Rng(8), fits)
    assert RULES.result(st) is not None
