"""The production bot registers every command group before its single tree sync."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord.app import create_bot
from bot.service import GameService
from tests.harness import DEADLINE_LOOP, server


async def test_every_game_command_group_is_installed(simcord_env: Any) -> None:
    bot = simcord_env.bot
    names = {c.name for c in bot.tree.get_commands()}
    assert {"game", "agot", "catan"} <= names
    assert {"GameCog", "AgotCog", "CatanCog"} <= set(bot.cogs)


async def test_panels_are_routed_by_custom_id_and_never_kept_in_memory(
    simcord_env: Any,
) -> None:
    env = simcord_env
    _guild, channel, (alice, bob) = server(env, "alice", "bob")
    await alice.slash(channel, "game new", game_type="sealed_bids", players=2,
                      options="rounds=1")
    (thread,) = channel.threads
    await bob.slash(thread, "game join")
    await alice.slash(thread, "game start")
    await bob.slash(thread, "game ready")
    hand = await alice.slash(thread, "game hand")
    assert hand.ephemeral
    # Many panels went out; all are DynamicItems routed by custom id, so the client keeps
    # none of them (a long-running bot must not accumulate every panel it ever sent).
    assert env.bot._connection._view_store.persistent_views == []
    assert all(not views for views in env.bot._connection._view_store._views.values())


async def test_a_failed_private_delivery_logs_no_private_text(
    simcord_env: Any, caplog: pytest.LogCaptureFixture
) -> None:
    import discord

    from bot.i18n import msg
    from bot.service import Notify

    bot = simcord_env.bot

    async def broken(note: Notify) -> None:
        raise discord.HTTPException(type("R", (), {"status": 500, "reason": "boom"})(), "boom")

    bot.delivery.notify = broken  # type: ignore[method-assign]
    secret = Notify(7, 0, 42, msg("engine.text", text="Your hand: Tywin, Jaime"), True)
    with caplog.at_level("ERROR"):
        await bot.delivery.deliver([secret])
    assert "could not deliver a Notify for game 7" in caplog.text
    assert "Tywin" not in caplog.text


async def test_commands_are_synced_only_when_they_change(
    simcord_env: Any, service: GameService
) -> None:
    env = simcord_env

    def syncs() -> int:
        return sum(1 for r in env.http_requests
                   if r.method == "PUT" and r.path.endswith("/commands"))

    assert syncs() == 1 and await service.bot_state("command_tree:global")
    await env.restart_bot(create_bot(service, deadline_interval=DEADLINE_LOOP))
    assert syncs() == 1  # a plain restart writes nothing to Discord
    _guild, channel, (alice,) = server(env, "alice")
    created = await alice.slash(channel, "game new", game_type="sealed_bids", players=2)
    assert "#1 is open" in created.response.content  # the commands still work
    assert await env.bot.sync_tree(force=True) and syncs() == 2
