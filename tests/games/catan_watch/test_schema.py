"""Catan's declared action schema (issue #16): every kind the engine knows is declared, what
does not fit is refused naming the kind, the parameter and what fits, and the hero uses the
Discord front builds from a seat's view fit."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.catan_watch import hero as front_hero
from rules.base import Action
from rules.catan_watch import RULES
from rules.catan_watch.board import geometry
from rules.catan_watch.engine import ALL_KINDS
from rules.kit.params import Problem, check
from rules.rng import Rng

SCHEMA = RULES.action_schema()


def _problem(kind: str, params: dict[str, Any]) -> Problem:
    problem = check(SCHEMA, kind, params)
    assert problem is not None, (kind, params)
    return problem


def test_every_kind_the_engine_knows_is_declared_and_no_other() -> None:
    assert set(SCHEMA) == set(ALL_KINDS)
    assert RULES.action_schema() is SCHEMA  # built once


def test_an_unknown_kind_is_refused_naming_the_kinds() -> None:
    problem = _problem("build_castle", {"vertex": 3})
    assert problem.reason == "kind"
    assert "build_keep" in str(problem.expected)


def test_an_unknown_parameter_is_refused_naming_the_ones_taken() -> None:
    problem = _problem("build_road", {"edge": 3, "colour": "red"})
    assert (problem.reason, problem.path, problem.expected) == ("unknown", "colour", "edge")
    assert _problem("end_turn", {"now": True}).reason == "unknown"
    # Heroes' parameters are optional, but only the abilities' own names are taken.
    assert _problem("use_hero", {"after": "flip", "steal": 1}).path == "steal"


def test_a_missing_parameter_is_refused() -> None:
    problem = _problem("build_settlement", {})
    assert (problem.reason, problem.path) == ("missing", "vertex")
    assert _problem("bank_trade", {"give": "ore"}).path == "get"


def test_ranges_follow_the_largest_board_and_the_table() -> None:
    edges = max(geometry(s).n_edges for s in ("base_beginner", "gift_3", "gift_4"))
    vertices = max(geometry(s).n_vertices for s in ("base_beginner", "gift_3", "gift_4"))
    assert check(SCHEMA, "build_road", {"edge": edges - 1}) is None
    for params in ({"edge": edges}, {"edge": -1}, {"edge": "3"}, {"edge": True},
                   {"edge": 2.0}, {"edge": None}):
        problem = _problem("build_road", params)
        assert (problem.reason, problem.path) == ("type", "edge")
        assert problem.expected.key == "schema.int_range"  # type: ignore[union-attr]
        assert problem.expected.params == {"min": 0, "max": edges - 1}  # type: ignore[union-attr]
    assert _problem("place_settlement", {"vertex": vertices}).path == "vertex"
    assert _problem("confirm_trade", {"partner": RULES.max_seats}).path == "partner"
    assert _problem("build_guard", {"section": 4}).path == "section"
    assert _problem("pick_development", {"index": 3}).path == "index"
    assert _problem("remove_hero", {"hero": 0}).path == "hero"
    assert _problem("remove_hero", {"hero": 12}).path == "hero"


def test_resources_cards_and_amounts_are_the_games_ids() -> None:
    problem = _problem("bank_trade", {"give": "gold", "get": "ore"})
    assert (problem.reason, problem.path) == ("type", "give")
    assert problem.expected.key == "schema.choice"  # type: ignore[union-attr]
    assert _problem("discard", {"cards": {"gold": 1}}).path == "cards.gold"
    assert _problem("discard", {"cards": {"ore": -1}}).path == "cards.ore"
    assert _problem("discard", {"cards": {"ore": 20}}).path == "cards.ore"  # 19 exist
    assert _problem("discard", {"cards": ["ore"]}).path == "cards"
    assert _problem("offer_trade", {"give": {"ore": "1"}, "get": {"wool": 1}}).path == "give.ore"
    assert check(SCHEMA, "offer_trade", {"give": {"ore": 0, "brick": 19}, "get": {"wool": 1}}
                 ) is None
    assert _problem("play_development", {"card": "dragon"}).path == "card"
    assert _problem("play_development", {"card": "winter_is_coming",
                                         "resources": ["ore", "ore", "ore"]}).path == "resources"
    assert _problem("play_development", {"card": "winter_is_coming",
                                         "resources": ["ore", "gold"]}).path == "resources[1]"
    # Victory point cards are named, so the engine can say they are not played.
    assert check(SCHEMA, "play_development", {"card": "victory_point"}) is None


def test_a_victim_is_a_seat_or_nobody() -> None:
    assert check(SCHEMA, "move_tormund", {"hex": 4}) is None
    assert check(SCHEMA, "move_tormund", {"hex": 4, "victim": None}) is None
    assert check(SCHEMA, "move_tormund", {"hex": 4, "victim": 3}) is None
    assert _problem("move_tormund", {"hex": 4, "victim": 4}).path == "victim"
    assert _problem("move_tormund", {"hex": 4, "victim": "blue"}).path == "victim"
    assert _problem("use_hero", {"after": "later"}).path == "after"
    assert _problem("use_hero", {"resource": "ore", "targets": [1, 2, 3]}).path == "targets"
    assert _problem("use_hero", {"resource": "ore", "targets": [4]}).path == "targets[0]"


@pytest.mark.parametrize("n", [3, 4])
def test_the_hero_uses_the_front_builds_fit(n: int) -> None:
    """The engine offers ``use_hero`` as a template; the front spells out every use from the
    seat's view (``bot/games/catan_watch/hero.py``): all of them fit, through a whole game."""
    state = RULES.new_game(RULES.check_config({"mode": "nights_watch"}, n), n, 7)
    rng = Rng(5)
    built = set()
    while RULES.result(state) is None:
        waiting = sorted(RULES.awaiting(state))
        seat = waiting[rng.randbelow(len(waiting))]
        if any(a.kind == "use_hero" for a in RULES.legal_actions(state, seat)):
            view = RULES.view(state, seat)
            takes = [number for number, _ in front_hero.offer(view)] or [0]
            for use in front_hero.ability_options(view, seat):
                for take in takes:
                    action = Action("use_hero", front_hero.with_after(view, seat, use, take))
                    assert check(SCHEMA, action.kind, action.params) is None, action
                    built.add(front_hero.hero_key(view["players"][seat]["hero"]["number"]))
        state, _ = RULES.apply(state, seat, RULES.random_action(state, seat, rng))
    assert built  # the game did reach hero uses
