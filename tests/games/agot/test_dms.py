"""A player whose DMs are closed plays everything through the thread's ephemeral **My hand**
panel: orders, the Raven, a march with its draft edited in place, mustering and bids."""

from __future__ import annotations

from typing import Any

from bot.service import GameService
from tests.games.agot.harness import Player, bid, give_orders, march, start_agot
from tests.harness import last_with, server, thread_text


async def test_closed_dms_play_through_my_hand(simcord_env: Any, service: GameService) -> None:
    env = simcord_env
    _guild, channel, members = server(env, "alice", "bob", "carol")
    dm_path = f"/channels/{members[1].user.dm_channel.id}/messages"
    env.inject_error("POST", dm_path, status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    thread = await start_agot(channel, members)
    alice, carol = Player(members[0]), Player(members[2])
    bob = Player(members[1], via_hand=True)

    assert not await service.dm_ok(bob.member.id)
    told = [m for m in thread.history() if "I cannot DM you" in m.content]
    assert len(told) == 1 and bob.member.mention in told[0].content

    # Planning: Bob's panel is ephemeral in the thread; each change answers with a fresh one.
    hand = await bob.hand(told[0])
    assert hand.ephemeral and "House Lannister" in hand.embeds[0].title
    await give_orders(bob, {"stoney_sept": "march_0", "lannisport": "march_-1",
                            "the_golden_sound": "support_0a"})
    await give_orders(alice, {"kingswood": "march_0"})
    await give_orders(carol, {})
    assert "Orders revealed" in thread_text(thread)

    # The Raven, then marches (the draft is edited into the ephemeral message).
    await bob.hand(last_with(thread, "My hand"))
    assert "Messenger Raven" in bob.panel.content
    await bob.click("Keep my orders")
    await march(alice, None, [("Footman 1", "The Reach")])
    await bob.hand(last_with(thread, "My hand"))
    await march(bob, "Stoney Sept", [("Footman 1", "Blackwater")], power=True)
    await bob.hand(last_with(thread, "My hand"))
    await march(bob, None, [("Footman 1", "Searoad Marches")])
    text = thread_text(thread)
    assert "Lannister marches from Lannisport: 1 footman to Searoad Marches." in text
    assert "Round 2 begins." in text

    # Westeros: mustering and a Clash of Kings bid, still without a single DM.
    await alice.click("Muster nothing")
    await bob.hand(last_with(thread, "My hand"))
    await bob.click("Muster nothing")
    await carol.click("Muster nothing")
    await bob.hand(last_with(thread, "My hand"))
    assert "Clash of Kings" in bob.panel.content
    await bid(bob, 3)
    await bid(alice, 0)
    await bid(carol, 1)
    assert "Bids (Iron Throne): Baratheon 0, Lannister 3, Stark 1." in thread_text(thread)

    # One refused DM, never retried; the table was told once.
    attempts = [r for r in env.http_requests if r.method == "POST" and r.path == dm_path]
    assert len(attempts) == 1
    assert sum("I cannot DM you" in m.content for m in thread.history()) == 1
