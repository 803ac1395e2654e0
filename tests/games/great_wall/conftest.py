"""What the Great Wall tests' service knows: the Great Wall, its games seeded from 700."""

from __future__ import annotations

import pytest


@pytest.fixture
def service_games() -> tuple[str, ...]:
    return ("great_wall",)


@pytest.fixture
def service_seed() -> int:
    return 700
