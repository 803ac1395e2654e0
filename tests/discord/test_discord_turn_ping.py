"""Nobody stalls silently: a player whose DMs are closed (Discord refuses them) or who turned
DMs off is mentioned in the game thread with a **My hand** button every time the game comes
to wait for them — and the ping says nothing of what they owe."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord.app import MaesterBot, create_bot
from bot.service import GameService

PING = "waits for your move"


def pings(thread: Any, member: Any) -> list[Any]:
    return [m for m in thread.history() if PING in m.content and member.mention in m.content]


async def test_closed_and_disabled_dms_get_a_thread_ping_each_turn(
    simcord_env: Any, service: GameService
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob, carol = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol"))
    env.inject_error("POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403,
                     code=50007, message="Cannot send messages to this user", times=None)
    await carol.slash(channel, "game settings", dms=False)
    await alice.slash(channel, "game new", game_type="sealed_bids", players=3, options="rounds=2")
    (thread,) = channel.threads
    await bob.click(thread.last_message, label="Join")
    await carol.click(thread.last_message, label="Join")
    await alice.slash(thread, "game start")
    await bob.click(thread.last_message, label="Ready")
    await carol.click(thread.last_message, label="Ready")

    # Round 1 waits for everyone: Bob (DMs refused) and Carol (DMs off) are pinged once each.
    assert len(pings(thread, bob)) == 1 and len(pings(thread, carol)) == 1
    assert not pings(thread, alice)  # Alice reads her DMs
    ping = pings(thread, bob)[0]
    assert "bid" not in ping.content.lower()
    assert {u.id for u in ping.mentions} == {bob.id}

    # The ping's button opens Bob's private panel, and he plays from it.
    await alice.user.click(alice.user.dm_channel.last_message, label="ready")
    hand = (await bob.click(ping, label="My hand")).response
    assert hand is not None and hand.ephemeral
    await bob.click(hand, label="bid 3")
    hand = (await bob.click(ping, label="My hand")).response
    await bob.click(hand, label="ready")
    hand = (await carol.click(pings(thread, carol)[0], label="My hand")).response
    await carol.click(hand, label="ready")

    # Bob won round 1 and alone owes his prize: a new ping, for him only.
    assert (await service.summary(1)).awaiting == [1]
    assert len(pings(thread, bob)) == 2 and len(pings(thread, carol)) == 1


@pytest.fixture
def simcord_bot(service: GameService) -> MaesterBot:
    return create_bot(service)
