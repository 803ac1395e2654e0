"""Any action kind with any junk parameters is refused with a RuleViolation (or is legal),
never a crash."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from rules.base import Action, RuleViolation
from rules.catan_watch import RULES
from rules.catan_watch.engine import ALL_KINDS
from rules.rng import Rng

KEYS = ["vertex", "edge", "hex", "victim", "section", "card", "resources", "cards", "give",
        "get", "partner", "index", "hero", "resource", "targets", "after", "take", "from_edge",
        "to_edge", "replace", "with", "target", "clan", "camp", "wildling_hex"]
JUNK: list[Any] = [None, -1, 0, 1, 3, 10**9, "zzz", "ore", "", [], [[1]], ["ore", "x"], {},
                   {"ore": -1}, {"ore": 1}, {"gold": 1}, {"ore": "1"}, 2.5, True, "watch"]


def _junk_params(rng: Rng) -> dict[str, Any]:
    return {rng.choice(KEYS): rng.choice(JUNK) for _ in range(rng.randint(0, 4))}


@pytest.mark.parametrize("mode", ["base", "nights_watch"])
def test_junk_never_crashes(mode: str) -> None:
    rng = Rng(42)
    state = RULES.new_game({"mode": mode}, 4, 3)
    steps = 0
    while RULES.result(state) is None and steps < 3000:
        waiting = sorted(RULES.awaiting(state))
        seat = rng.choice(waiting)
        if steps % 7 == 0:
            for kind in sorted(ALL_KINDS):
                with contextlib.suppress(RuleViolation):
                    RULES.apply(state, seat, Action(kind, _junk_params(rng)))
        state, _ = RULES.apply(state, seat, RULES.random_action(state, seat, rng))
        steps += 1
