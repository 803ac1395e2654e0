"""The Great Wall tests' fixtures: a service that knows the game and a bot with its front."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord.app import MaesterBot, create_bot
from bot.service import GameService, ManualClock, ServiceSettings
from rules.great_wall import RULES


@pytest.fixture
def gw_service(engine: Any, clock: ManualClock) -> GameService:
    seeds = iter(range(700, 10_000))
    return GameService(engine, clock=clock, settings=ServiceSettings(),
                       games={"great_wall": RULES}, seed_source=lambda: next(seeds))


@pytest.fixture
def simcord_bot(gw_service: GameService) -> MaesterBot:
    return create_bot(gw_service, deadline_interval=60.0)
