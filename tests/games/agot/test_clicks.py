"""AGoT's components are untrusted input too: copied or made-up ``agot:`` custom ids change
nothing for outsiders, other seats, or their owner when they ask for something illegal."""

from __future__ import annotations

from typing import Any

import discord
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service import GameService
from storage import repo
from tests.games.agot.harness import start_agot
from tests.harness import components, server


async def post_copy(env: Any, channel_id: int, custom_ids: list[str]) -> discord.Message:
    """What a user could only get by tampering: buttons with chosen custom ids."""
    view = discord.ui.View(timeout=None)
    for n, cid in enumerate(custom_ids):
        view.add_item(discord.ui.Button(label=f"copy {n}", custom_id=cid))
    channel = env.bot.get_channel(channel_id)
    message = await channel.send("copied buttons", view=view)
    view.stop()
    return message


async def moves(engine: AsyncEngine) -> int:
    async with engine.connect() as conn:
        return len(await repo.actions_after(conn, 1, 0))


async def test_forged_agot_ids_change_nothing(simcord_env: Any, service: GameService,
                                              engine: AsyncEngine) -> None:
    env = simcord_env
    _guild, channel, (alice, bob, carol, dave) = server(env, "alice", "bob", "carol", "dave")
    thread = await start_agot(channel, [alice, bob, carol])
    panel = alice.user.dm_channel.last_message
    order_id = next(c["custom_id"] for c in components(panel)
                    if c["custom_id"].endswith(":dragonstone"))
    copy = await post_copy(env, thread.id, [
        order_id,                                      # Alice's order menu, as a button
        "agot:pk:1:0:0:zz",                            # a pick code that means nothing
        "agot:pk:1:0:0:c.tywin_lannister",             # another house's card, no battle
        "agot:mc:1:0:0:lannisport:1-0",                # a march from an area not hers
        "agot:du:1:0:0:supply",                        # destroying units out of phase
    ])
    before = await moves(engine)

    outsider = await dave.click(copy, label="copy 0")
    assert outsider.ephemeral and "You are not playing in game #1" in outsider.response.content
    other_seat = await bob.click(copy, label="copy 0")
    assert "belongs to another seat" in other_seat.response.content
    forged = await alice.click(copy, label="copy 1")
    assert forged.response.content == "That button does not belong to this game."
    card = await alice.click(copy, label="copy 2")
    assert "cannot choose card now" in card.response.content
    march = await alice.click(copy, label="copy 3")
    assert "The board changed since you looked" in march.response.content
    destroy = await alice.click(copy, label="copy 4")
    assert "cannot destroy units now" in destroy.response.content
    assert await moves(engine) == before
    assert (await service.private_view(1, alice.id)).view["you"]["your_orders"] == {}
