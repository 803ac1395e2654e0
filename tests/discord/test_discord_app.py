"""The production bot registers every command group before its single tree sync."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord.app import MaesterBot, create_bot
from bot.service import GameService


@pytest.fixture
def simcord_bot(service: GameService) -> MaesterBot:
    return create_bot(service, deadline_interval=60.0)


async def test_every_game_command_group_is_installed(simcord_env: Any) -> None:
    bot = simcord_env.bot
    names = {c.name for c in bot.tree.get_commands()}
    assert {"game", "agot", "catan"} <= names
    assert {"GameCog", "AgotCog", "CatanCog"} <= set(bot.cogs)
