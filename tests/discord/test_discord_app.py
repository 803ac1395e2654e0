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


async def test_panels_are_routed_by_custom_id_and_never_kept_in_memory(
    simcord_env: Any,
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
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
