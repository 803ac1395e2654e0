"""What the Fort tests share: a fresh engine game (``harness.Game``), and a service that knows
Fort — and Sealed Bids, whose thread ``/fort`` must refuse — with the seed of the Discord
test's game."""

from __future__ import annotations

import pytest

from tests.games.fort.harness import Game
from tests.harness import SEALED_BIDS


@pytest.fixture
def game() -> Game:
    return Game()


@pytest.fixture
def service_games() -> tuple[str, ...]:
    return ("fort", SEALED_BIDS)


@pytest.fixture
def service_seed() -> int:
    return 500
