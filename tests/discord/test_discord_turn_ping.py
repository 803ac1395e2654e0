"""Nobody stalls silently: a player whose DMs are closed (Discord refuses them) or who turned
DMs off is mentioned in the game thread with a **My hand** button every time the game comes
to wait for them — and the ping says nothing of what they owe."""

from __future__ import annotations

from typing import Any

from bot.service import GameService
from tests.harness import server, start_game

PING = "waits for your move"


def pings(thread: Any, member: Any) -> list[Any]:
    return [m for m in thread.history() if PING in m.content and member.mention in m.content]


async def test_closed_and_disabled_dms_get_a_thread_ping_each_turn(
    simcord_env: Any, service: GameService
) -> None:
    env = simcord_env
    _guild, channel, (alice, bob, carol) = server(env, "alice", "bob", "carol")
    env.inject_error("POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403,
                     code=50007, message="Cannot send messages to this user", times=None)
    await carol.slash(channel, "game settings", dms=False)
    thread = await start_game(channel, [alice, bob, carol], options="rounds=2")

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
