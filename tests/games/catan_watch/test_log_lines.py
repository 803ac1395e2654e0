"""The thread reads like a narrator: over random Catan games, no public line says that
nothing happened ("no wildling moves", a number "changing" to itself) and none shows a raw
id."""

from __future__ import annotations

import re

import pytest

from rules.catan_watch import RULES
from tests.harness import assert_narrates

NO_OPS = [re.compile(r"no wildling moves")]


@pytest.mark.parametrize(("n", "seed"), [(3, 1), (4, 2)])
def test_public_lines_say_something_once_in_words(n: int, seed: int) -> None:
    assert_narrates(RULES, n, seed, NO_OPS)
