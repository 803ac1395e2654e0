"""The Catan tests' shared fixtures (``harness.py`` holds the helpers; each module picks its
own game seed, so each keeps its ``service`` fixture)."""

from __future__ import annotations

import pytest

from bot.discord.app import MaesterBot, create_bot
from bot.service import GameService


@pytest.fixture
def simcord_bot(service: GameService) -> MaesterBot:
    return create_bot(service, deadline_interval=60.0)
