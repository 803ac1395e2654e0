"""Fixtures of the Northgard tests (helpers live in ``scenario.py``)."""

from __future__ import annotations

import pytest

from bot.discord.app import MaesterBot, create_bot
from bot.service import GameService


@pytest.fixture
def simcord_bot(service: GameService) -> MaesterBot:
    return create_bot(service, deadline_interval=60.0)
