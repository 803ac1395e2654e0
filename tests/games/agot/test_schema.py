"""AGoT's declared action schema (issue #16): what it refuses, and that it covers the engine."""

from __future__ import annotations

from typing import Any

import pytest

from rules.agot import RULES
from rules.agot.board import board
from rules.agot.flow import HANDLERS
from rules.base import Action, ActionSpec
from rules.kit.params import check
from rules.rng import Rng
from tests.harness import play_out

SCHEMA = RULES.action_schema()


def test_every_kind_the_engine_knows_is_declared_and_nothing_else() -> None:
    # Each frame handler lists the kinds it accepts; the engine refuses every other kind.
    kinds = {k for h in HANDLERS.values() for k in h.actions}
    assert len(kinds) == 20
    assert set(SCHEMA) == kinds


def test_the_schema_is_built_once() -> None:
    assert RULES.action_schema() is SCHEMA


def test_an_unknown_kind_is_refused_naming_the_kinds() -> None:
    problem = check(SCHEMA, "fly", {})
    assert problem is not None and problem.reason == "kind"
    assert "march" in str(problem.expected) and "place_orders" in str(problem.expected)


@pytest.mark.parametrize(("kind", "params", "name"), [
    ("ready", {"note": "gg"}, "note"),
    ("raven_pass", {"area": "winterfell"}, "area"),
    ("march", {"from": "winterfell", "to": "white_harbor"}, "to"),
    ("muster", {"builds": [{"area": "winterfell", "unit": "footman", "cost": 1}]},
     "builds[0].cost"),
])
def test_a_parameter_the_kind_does_not_take_is_refused(kind: str, params: dict[str, Any],
                                                        name: str) -> None:
    problem = check(SCHEMA, kind, params)
    assert problem is not None and (problem.reason, problem.path) == ("unknown", name)


@pytest.mark.parametrize(("kind", "params", "name"), [
    ("place_order", {"area": "winterfell"}, "order"),
    ("raid", {"targets": []}, "from"),
    ("use_blade", {}, "use"),
    ("casualties", {}, "units"),
    ("bid", {"ready": True}, "amount"),
])
def test_a_missing_parameter_is_refused(kind: str, params: dict[str, Any], name: str) -> None:
    problem = check(SCHEMA, kind, params)
    assert problem is not None and (problem.reason, problem.path) == ("missing", name)


def _limits() -> tuple[int, int, int]:
    return board().unit_limits


@pytest.mark.parametrize(("kind", "params", "name"), [
    # Types.
    ("bid", {"amount": "3"}, "amount"),
    ("bid", {"amount": True}, "amount"),
    ("bid", {"amount": 2.0}, "amount"),
    ("bid", {"amount": 1, "ready": "yes"}, "ready"),
    ("choose_bidder", {"seat": 1.0}, "seat"),
    ("place_orders", {"orders": ["winterfell"]}, "orders"),
    ("muster", {"builds": {"winterfell": "footman"}}, "builds"),
    # Ranges: no house holds more power than its tokens, seats are 0..4.
    ("bid", {"amount": -1}, "amount"),
    ("bid", {"amount": 21}, "amount"),
    ("choose_bidder", {"seat": 5}, "seat"),
    ("order_ties", {"ranking": [0, 1, 2, 3, 4, 5]}, "ranking"),
    ("raid", {"from": "winterfell", "targets": ["karhold", "white_harbor", "castle_black"]},
     "targets"),
    # Vocabularies of the static data.
    ("place_order", {"area": "atlantis", "order": "march_0"}, "area"),
    ("place_order", {"area": "winterfell", "order": "march_+9"}, "order"),
    ("place_orders", {"orders": {"winterfell": "march_+9"}}, "orders.winterfell"),
    ("place_orders", {"orders": {"atlantis": None}}, "orders.atlantis"),
    ("choose_card", {"card": "tyrion_the_imp"}, "card"),
    ("support", {"side": "both"}, "side"),
    ("support", {"areas": {"winterfell": "attacker", "karhold": "yes"}}, "areas.karhold"),
    ("muster", {"builds": [{"area": "winterfell", "unit": "dragon"}]}, "builds[0].unit"),
    ("muster", {"builds": [{"area": "winterfell", "unit": "ship", "sea": "winterfell"}]},
     "builds[0].sea"),
    # Unit counts: never more of a type than a house owns.
    ("march", {"from": "winterfell", "moves": {"white_harbor": {"knight": 5}}},
     "moves.white_harbor.knight"),
    ("march", {"from": "winterfell", "moves": {"white_harbor": {"dragon": 1}}},
     "moves.white_harbor.dragon"),
    ("casualties", {"units": {"footman": 11}}, "units.footman"),
    ("destroy_units", {"units": {"winterfell": {"ship": -1}}}, "units.winterfell.ship"),
    ("retreat", {"area": "karhold", "destroy": {"knights": 9}}, "destroy.knights"),
])
def test_a_value_of_the_wrong_type_or_range_is_refused(kind: str, params: dict[str, Any],
                                                       name: str) -> None:
    problem = check(SCHEMA, kind, params)
    assert problem is not None
    assert problem.reason in ("type", "unknown") and problem.path == name


def test_the_limits_follow_the_static_data() -> None:
    foot, knight, ship = _limits()
    counts = {"footman": foot, "knight": knight, "ship": ship}
    assert check(SCHEMA, "casualties", {"units": counts}) is None
    assert check(SCHEMA, "casualties", {"units": {**counts, "knight": knight + 1}}) is not None
    assert check(SCHEMA, "bid", {"amount": board().power_max, "ready": True}) is None
    assert check(SCHEMA, "bid", {"amount": board().power_max + 1}) is not None


@pytest.mark.parametrize(("kind", "params"), [
    # The shapes the Discord front builds besides the engine's own options.
    ("place_orders", {"orders": {"winterfell": "march_0", "white_harbor": None}}),
    ("place_orders", {"orders": {"winterfell": None}, "ready": False}),
    ("march", {"from": "winterfell", "moves": {}, "leave_power": True}),
    ("march", {"from": "winterfell", "moves": {"white_harbor": {"footmen": 2}}}),
    ("support", {"areas": {"winterfell": "none"}}),
    ("support", {"side": "defender"}),
    ("muster", {"builds": [{"area": "winterfell", "unit": "ship", "sea": "bay_of_ice"},
                           {"area": "winterfell", "unit": "upgrade"}]}),
    ("destroy_units", {"units": {"winterfell": {"footman": 1}, "bay_of_ice": {"ship": 1}}}),
    ("order_ties", {"ranking": [2, 0, 1]}),
    ("reclaim_card", {"card": None}),
    ("ability", {"target": "winterfell"}),
    ("ability", {"target": "eddard_stark"}),
    ("ability", {}),
    ("raid", {"from": "winterfell", "targets": ["karhold", "white_harbor"]}),
])
def test_what_the_front_and_engine_send_fits(kind: str, params: dict[str, Any]) -> None:
    assert check(SCHEMA, kind, params) is None


@pytest.mark.parametrize("n", [3, 4, 5])
def test_a_whole_random_game_fits(n: int) -> None:
    """Every legal, random and default action of a game played to its end fits."""
    def fits(offered: Action | ActionSpec) -> None:
        if isinstance(offered, Action):
            assert check(SCHEMA, offered.kind, offered.params) is None, offered

    state = play_out(RULES, RULES.new_game(RULES.check_config({}, n), n, 40 + n), Rng(n), fits)
    assert RULES.result(state) is not None
