"""What the Catan tests' service knows: Catan, with the first seed whose game has a 7 with
several discards and an accepted trade (``harness.py`` holds the helpers)."""

from __future__ import annotations

import pytest

from tests.games.catan_watch.harness import GAME, find_seed


@pytest.fixture
def service_games() -> tuple[str, ...]:
    return (GAME,)


@pytest.fixture
def service_seed() -> int:
    return find_seed()
