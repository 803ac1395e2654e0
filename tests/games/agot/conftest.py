"""What the AGoT tests' service knows: AGoT, with the seed whose second round draws Mustering,
Clash of Kings and Wildling Attack (``harness.py`` holds the helpers)."""

from __future__ import annotations

import pytest

from tests.games.agot.harness import SEED


@pytest.fixture
def service_games() -> tuple[str, ...]:
    return ("agot",)


@pytest.fixture
def service_seed() -> int:
    return SEED
