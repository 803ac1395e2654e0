"""Admins on Discord: Manage Server (or the server's game-admin role set by `/game server`)
may cancel, pause and kick in any game; a plain player is refused with a clear answer."""

from __future__ import annotations

from typing import Any

import discord

from bot.service import GameService
from tests.harness import server, start_game


async def test_admin_powers_follow_permissions_and_the_server_role(
    simcord_env: Any, service: GameService
) -> None:
    env = simcord_env
    guild, channel, (alice, bob) = server(env, "alice", "bob")
    managers = guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    referees = guild.create_role("referees")
    mod = guild.add_member(env.create_user("mod"), roles=[managers])
    ref = guild.add_member(env.create_user("ref"), roles=[referees])
    thread = await start_game(channel, [alice, bob])

    refused = await bob.slash(thread, "game admin", action="pause")
    assert "Only a server admin" in refused.response.content
    assert not (await service.summary(1)).paused
    refused = await ref.slash(thread, "game admin", action="pause")
    assert "Only a server admin" in refused.response.content

    # Only a manager may name the referees' role; then referees administer games too.
    refused = await ref.slash(channel, "game server", admin_role=referees)
    assert "Only members with Manage Server" in refused.response.content
    saved = await mod.slash(channel, "game server", admin_role=referees, auto_open_after=2)
    assert "after 2 missed deadlines" in saved.response.content
    await ref.slash(thread, "game admin", action="pause")
    assert (await service.summary(1)).paused
    assert any("(admin) paused game #1" in m.content for m in thread.history())

    await mod.slash(thread, "game cancel")
    assert (await service.summary(1)).status == "abandoned"
    log = (await service.game_log(1, None))
    assert any("⚑" in line and "paused the game" in line for line in log)
    assert any("⚑" in line and "cancelled the game" in line for line in log)


async def test_an_admin_rolls_back_to_a_move_picked_from_the_log(
    simcord_env: Any, service: GameService
) -> None:
    env = simcord_env
    guild, channel, (alice, bob) = server(env, "alice", "bob")
    managers = guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user("mod"), roles=[managers])
    thread = await start_game(channel, [alice, bob])
    await alice.user.click(alice.user.dm_channel.last_message, label="ready")
    offered = await mod.autocomplete(thread, "game rollback", "to", "")
    assert offered and offered[0]["value"] == 1 and "Seat 1 is ready." in offered[0]["name"]
    refused = await bob.slash(thread, "game rollback", to=0)
    assert "Only a server admin" in refused.response.content
    await mod.slash(thread, "game rollback", to=0)
    assert (await service.summary(1)).awaiting == [0, 1]
    assert any("rolled game #1 back to move 0" in m.content for m in thread.history())
