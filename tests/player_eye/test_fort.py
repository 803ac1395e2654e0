"""Fort, every mode, played by pressing what players see and read as they read
it (``games.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import GameService
from tests.player_eye.games import cases, play_and_check, seed_of
from tests.player_eye.play import Run


@pytest.fixture
def service_seed(request: pytest.FixtureRequest) -> int:
    return seed_of(request.node.callspec.params["run"])


@pytest.mark.parametrize("run", cases("fort"))
async def test_fort_as_players_see_it(simcord_env: Any, service: GameService, run: Run,
                                     service_seed: int) -> None:
    await play_and_check(simcord_env, service, run, service_seed)
