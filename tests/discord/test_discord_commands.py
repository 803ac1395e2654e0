"""The slash commands usable in DMs (mine, status, log, hand, vote, settings), option parsing,
game-type autocomplete, and the table commands refusing to run in a DM."""

from __future__ import annotations

from typing import Any

from bot.service import GameService
from tests.harness import server


async def test_dm_commands_and_settings(simcord_env: Any, service: GameService) -> None:
    env = simcord_env
    _guild, channel, (alice, bob) = server(env, "alice", "bob")

    types = await alice.autocomplete(channel, "game new", "game_type", "seal")
    assert types == [{"name": "Sealed Bids (test fixture)", "value": "sealed_bids"}]
    bad = await alice.slash(channel, "game new", game_type="sealed_bids", options="rounds=0")
    assert bad.ephemeral and "Invalid options" in bad.response.content
    bad = await alice.slash(channel, "game new", game_type="sealed_bids", options="nonsense")
    assert "could not read nonsense" in bad.response.content
    assert channel.threads == []  # nothing was created
    await alice.slash(channel, "game new", game_type="sealed_bids", players=2,
                      options='{"rounds": 2}', title="Evening game")
    (thread,) = channel.threads

    refused = await bob.user.slash("game join", game=1)
    assert "Use this command in a server channel" in refused.response.content
    await bob.slash(thread, "game join")  # the thread's game
    await alice.slash(thread, "game start")
    await bob.slash(thread, "game ready")
    assert (await service.summary(1)).status == "active"

    mine = await alice.user.slash("game mine")
    assert mine.response.content.startswith(
        "#1 Evening game — Sealed Bids (test fixture) — running · Round 1")
    status = await bob.user.slash("game status")
    assert status.response.content.startswith(
        "**Evening game** #1 — Sealed Bids (test fixture) — running\n")
    assert "Round 1 · place your bids" in status.response.content
    assert alice.mention in status.response.content

    await alice.user.click(alice.user.dm_channel.last_message, label="bid 6")
    own = await alice.user.slash("game log", game=1)
    assert "You bid 6." in own.response.content
    other = await bob.user.slash("game log", game=1)
    assert "bid 6" not in other.response.content

    vote = await alice.user.slash("game vote", kind="pause")
    assert "voted yes" in vote.response.content
    vote = await bob.user.slash("game vote", kind="pause")
    assert any("is paused" in m.content for m in thread.history())

    saved = await bob.user.slash("game settings", dms=False, reminder_minutes=30)
    assert "DMs off, reminders 30 minutes" in saved.response.content
    assert not await service.dm_ok(bob.id)
    dms_before = len(bob.user.dm_channel.history())
    await alice.user.slash("game vote", kind="resume")
    await bob.user.slash("game vote", kind="resume")
    await alice.slash(thread, "game hand")  # the panel answers ephemerally, DMs or not
    hand = await bob.slash(thread, "game hand")
    assert hand.ephemeral and hand.response.embeds
    await bob.click(hand.response, label="ready")
    assert len(bob.user.dm_channel.history()) == dms_before  # DMs off: nothing sent


async def test_without_thread_permission_the_game_lives_in_the_channel(
    simcord_env: Any, service: GameService
) -> None:
    env = simcord_env
    _guild, channel, (alice, bob) = server(env, "alice", "bob")
    env.inject_error("POST", "/channels/*/threads", status=403, code=50013,
                     message="Missing Permissions")
    created = await alice.slash(channel, "game new", game_type="sealed_bids", players=2)
    assert channel.mention in created.response.content
    assert channel.threads == []
    assert "#1 is open" in channel.last_message.content
    # an untitled game: its name once, in the lobby post and in /game status
    assert "is open: Sealed Bids" not in channel.last_message.content
    status = await alice.slash(channel, "game status", game=1)
    assert status.response.content.startswith(
        "**Sealed Bids (test fixture)** #1 — open for players\n")
    await bob.click(channel.last_message, label="Join")
    assert "joined game #1" in channel.last_message.content
    assert (await service.summary(1)).thread_id is None
