"""`/game stats` and `/game leaderboard` on Discord, after a finished game."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord.app import MaesterBot, create_bot
from bot.service import GameService


@pytest.fixture
def simcord_bot(service: GameService) -> MaesterBot:
    return create_bot(service)


async def test_stats_and_leaderboard_after_a_finished_game(
    simcord_env: Any, service: GameService
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob"))
    none = await alice.slash(channel, "game stats")
    assert "no finished game" in none.response.content
    await alice.slash(channel, "game new", game_type="sealed_bids", players=2,
                      options="rounds=1")
    (thread,) = channel.threads
    await bob.click(thread.last_message, label="Join")
    await alice.slash(thread, "game start")
    await bob.click(thread.last_message, label="Ready")
    await alice.user.click(alice.user.dm_channel.last_message, label="bid 2")
    panel = (await alice.slash(thread, "game hand")).response
    await alice.click(panel, label="ready")
    await bob.user.click(bob.user.dm_channel.last_message, label="ready")
    fresh = await bob.user.click(bob.user.dm_channel.last_message, label="ready")
    if fresh.response is not None and "changed" in fresh.response.content:
        await bob.user.click(fresh.response, label="ready")
    prize = alice.user.dm_channel.last_message
    await alice.user.click(prize, label="claim points")
    assert (await service.summary(1)).status == "finished"

    mine = await alice.slash(channel, "game stats")
    assert "1 played, 1 won" in mine.response.content and "rating 1516" in mine.response.content
    board = await bob.slash(channel, "game leaderboard", game_type="sealed_bids")
    lines = board.response.content.splitlines()
    assert lines[1].startswith("1. ") and alice.mention in lines[1]
    assert lines[2].startswith("2. ") and bob.mention in lines[2]
