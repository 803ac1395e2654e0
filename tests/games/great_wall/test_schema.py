"""The Great Wall's declared action schema (issue #16): it refuses what no decision could
offer, naming the parameter, and fits everything the engine offers."""

from __future__ import annotations

from typing import Any

import pytest

from rules.base import Action, ActionSpec
from rules.great_wall import RULES
from rules.great_wall.data import data
from rules.great_wall.machine import MACHINE, push
from rules.kit.frames import Handler
from rules.kit.params import check
from rules.rng import Rng
from tests.games.great_wall.helpers import bare, drive, started
from tests.harness import play_out

SCHEMA = RULES.action_schema()


def test_every_kind_the_engine_takes_is_declared_and_nothing_else() -> None:
    engine_kinds = {k for h in MACHINE.handlers.values() for k in h.actions}
    assert set(SCHEMA) == engine_kinds
    # A frame that accepts any kind would let undeclared kinds reach it: every frame that
    # waits for a seat names its kinds.
    assert all(h.actions for h in MACHINE.handlers.values()
               if type(h).awaiting is not Handler.awaiting)


@pytest.mark.parametrize(("kind", "params", "reason", "path"), [
    ("dance", {}, "kind", "dance"),
    ("done", {"now": True}, "unknown", "now"),
    ("promote", {"loc": "quarry", "level": 2}, "unknown", "level"),
    ("hire", {"slot": 0}, "missing", "what"),
    ("position", {"pos": 0}, "type", "pos"),
    ("position", {"pos": 6}, "type", "pos"),
    ("kill", {"row": True, "unit": "spearman"}, "type", "row"),  # a bool is not a number
    ("kill", {"row": -1, "unit": "spearman"}, "type", "row"),
    ("rescue", {"unit": "dragon"}, "type", "unit"),
    ("wound", {"row": 3, "f": 0}, "type", "row"),
    ("target", {"s": 3, "row": 0, "f": 0}, "type", "s"),
    ("recover", {"take": "yes"}, "type", "take"),
    ("build", {"what": "tower", "s": 1}, "type", "what"),
    ("command", {"card": "reed"}, "type", "card"),  # never in a human hand
    ("copy", {"card": "betrayal"}, "type", "card"),  # Betrayal copies any card but itself
    ("general", {"card": "chin"}, "type", "card"),  # Chin's General is never dealt
    ("shame", {"where": "horde:x"}, "type", "where"),
    ("unshame", {"where": "box"}, "type", "where"),  # a token in the box is gone
    ("play", {"card": "t99", "enhanced": False}, "type", "card"),
])
def test_refusals_name_the_parameter(kind: str, params: dict[str, Any], reason: str,
                                     path: str) -> None:
    problem = check(SCHEMA, kind, params)
    assert problem is not None
    assert (problem.reason, problem.path) == (reason, path)


def test_what_the_front_and_the_engine_send_fits() -> None:
    d = data()
    fits = [
        ("general", {"card": next(iter(d.generals))}),
        ("command", {"card": "betrayal"}),  # the front's SecretPick: {"card": ...}
        ("promote", {"loc": "quarry"}), ("promote", {"loc": "quarry", "unit": "archer"}),
        ("hire", {"what": "clerk"}), ("hire", {"what": "advisor", "slot": 3}),
        ("target", {"s": 2, "row": -1, "f": -1}),
        ("shame", {"where": "discard"}), ("shame", {"where": "horde:0"}),
        ("unshame", {"where": "unit:horseman"}),
        ("copy", {"card": "economy"}),
    ]
    for kind, params in fits:
        assert check(SCHEMA, kind, params) is None, (kind, params)


def test_discarding_down_to_the_tactic_limit_fits() -> None:
    """Random games seldom hold six Tactic cards: the discard decision, set up by hand."""
    st = bare(started(3, seed=5))
    st.clans[0]["tactics"] = [st.decks["tactic"].pop() for _ in range(7)]
    push(st, "discard", clan=0)
    drive(st)
    offered = RULES.legal_actions(st, 0)
    assert {a.kind for a in offered} == {"discard"}
    for action in (*offered, RULES.default_action(st, 0)):
        assert isinstance(action, Action)
        assert check(SCHEMA, action.kind, action.params) is None, action
    st, _ = RULES.apply(st, 0, RULES.default_action(st, 0))
    assert len(st.clans[0]["tactics"]) == 6


@pytest.mark.parametrize("variant", RULES.variants(), ids=lambda v: v.name)
def test_a_whole_random_game_offers_only_what_fits(variant: Any) -> None:
    n = max(variant.seats)
    def fits(offered: Action | ActionSpec) -> None:
        assert isinstance(offered, Action)
        assert check(SCHEMA, offered.kind, offered.params) is None, offered

    state = RULES.new_game(RULES.check_config(variant.config, n), n, 21)
    state = play_out(RULES, state, Rng(4), fits)
    assert RULES.result(state) is not None
