"""The thread reads like a narrator: over random AGoT games, no public line says that nothing
happened ("supply 2 → 2", "gains 0 power"), none is doubled (a reshuffle told twice), and
none shows a raw id ("raven_pass")."""

from __future__ import annotations

import re

import pytest

from rules.agot import RULES
from tests.harness import assert_narrates

NO_OPS = [re.compile(r"gains 0 power"), re.compile(r"Westeros deck \d shuffled")]


@pytest.mark.parametrize(("n", "seed"), [(3, 1), (5, 2)])
def test_public_lines_say_something_once_in_words(n: int, seed: int) -> None:
    assert_narrates(RULES, n, seed, NO_OPS)
