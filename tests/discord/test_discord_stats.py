"""`/game stats` and `/game leaderboard` on Discord, after a finished game."""

from __future__ import annotations

from typing import Any

from bot.service import GameService
from tests.harness import server, start_game


async def test_stats_and_leaderboard_after_a_finished_game(
    simcord_env: Any, service: GameService
) -> None:
    _guild, channel, (alice, bob) = server(simcord_env, "alice", "bob")
    none = await alice.slash(channel, "game stats")
    assert "no finished game" in none.response.content
    thread = await start_game(channel, [alice, bob], options="rounds=1")
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
