"""The AGoT tests' shared fixtures: a service that knows AGoT with the harness's fixed seeds,
and a bot with the AGoT front installed (``harness.py`` holds the helpers)."""

from __future__ import annotations

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.discord.app import MaesterBot
from bot.service import GameService, ManualClock
from tests.games.agot.harness import agot_bot, agot_service


@pytest.fixture
def service(engine: AsyncEngine, clock: ManualClock) -> GameService:
    return agot_service(engine, clock)


@pytest.fixture
def simcord_bot(service: GameService) -> MaesterBot:
    return agot_bot(service)
