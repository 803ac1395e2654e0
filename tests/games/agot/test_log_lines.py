"""The thread reads like a narrator: over random AGoT games, no public line says that nothing
happened ("supply 2 → 2", "gains 0 power"), none is doubled (a reshuffle told twice), and
none shows a raw id ("raven_pass")."""

from __future__ import annotations

import re

import pytest

from rules.agot import RULES
from tests.harness import NO_CHANGE, RAW_ID, public_lines

NO_OPS = [NO_CHANGE, re.compile(r"gains 0 power"), re.compile(r"Westeros deck \d shuffled")]


@pytest.mark.parametrize(("n", "seed"), [(3, 1), (5, 2)])
def test_public_lines_say_something_once_in_words(n: int, seed: int) -> None:
    lines = public_lines(RULES, n, seed, 3000)
    assert len(lines) > 50
    for line in lines:
        assert not any(p.search(line) for p in NO_OPS), line
        assert not RAW_ID.search(line), line
