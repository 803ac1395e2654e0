"""The thread reads like a narrator: over random AGoT and Catan games, no public line says
that nothing happened ("supply 2 → 2", "gains 0 power", "no wildling moves"), none is doubled
(a reshuffle told twice), and none shows a raw id ("ready", "raven_pass")."""

from __future__ import annotations

import re

import pytest

from bot.i18n import as_msg, render
from rules.agot import RULES as AGOT
from rules.base import GameRules
from rules.catan_watch import RULES as CATAN
from rules.rng import Rng

NO_OPS = [re.compile(p) for p in (r"\b(\d+) → \1\b", r"gains 0 power", r"no wildling moves",
                                   r"Westeros deck \d shuffled")]
RAW_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")


def public_lines(rules: GameRules, n: int, seed: int, moves: int) -> list[str]:
    state = rules.new_game({}, n, seed)
    rng = Rng(seed)
    lines: list[str] = []
    for _ in range(moves):
        if rules.result(state) is not None:
            break
        seat = rng.choice(sorted(rules.awaiting(state)))
        state, events = rules.apply(state, seat, rules.random_action(state, seat, rng))
        lines += [render(as_msg(rules.describe(e, None)), "en") for e in events
                  if e.visible_to is None]
    return lines


@pytest.mark.parametrize(("rules", "n", "seed"), [(AGOT, 3, 1), (AGOT, 5, 2), (CATAN, 3, 1),
                                                  (CATAN, 4, 2)])
def test_public_lines_say_something_once_in_words(rules: GameRules, n: int, seed: int) -> None:
    lines = public_lines(rules, n, seed, 3000)
    assert len(lines) > 50
    for line in lines:
        assert not any(p.search(line) for p in NO_OPS), line
        assert not RAW_ID.search(line), line
