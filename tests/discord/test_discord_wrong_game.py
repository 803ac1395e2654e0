"""A game's own command used in another game's thread says which game the thread holds
(it answered "Something went wrong on my side": a KeyError)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.discord.app import MaesterBot, create_bot
from bot.service import GameService, ManualClock, ServiceSettings
from rules.catan_watch import RULES as CATAN
from tests.fixtures.sealed_bids import RULES as SEALED


@pytest.fixture
def service(engine: AsyncEngine, clock: ManualClock) -> GameService:
    return GameService(engine, clock=clock, settings=ServiceSettings(),
                       games={"sealed_bids": SEALED, "catan_watch": CATAN})


@pytest.fixture
def simcord_bot(service: GameService) -> MaesterBot:
    return create_bot(service)


async def test_catan_commands_in_another_games_thread(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob"))
    await alice.slash(channel, "game new", game_type="sealed_bids", players=2)
    (thread,) = channel.threads
    await bob.click(thread.last_message, label="Join")
    await alice.slash(thread, "game start")
    await bob.click(thread.last_message, label="Ready")
    for command, options in (("catan build", {"spot": "corner A/B/E"}),
                             ("catan move", {"option": "roll"})):
        answer = await alice.slash(thread, command, **options)
        text = answer.response.content
        assert "Game #1 is Sealed Bids (test fixture), not Catan" in text, text
        assert "went wrong" not in text


async def test_catan_board_in_another_games_thread_says_so(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice, _bob = (guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob"))
    await alice.slash(channel, "game new", game_type="sealed_bids", players=2)
    (thread,) = channel.threads
    answer = await alice.slash(thread, "catan board")
    assert "is Sealed Bids (test fixture), not Catan" in answer.response.content
