"""Clicks are untrusted: forged ids, outsiders, other seats, stale boards and double clicks
are answered clearly and change nothing; persistent buttons survive a restart."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest
import simcord
from sqlalchemy.ext.asyncio import AsyncEngine

import bot.games
from bot.discord.app import create_bot
from bot.discord.panels import GenericMoveUI
from bot.games import GameFront
from bot.service import GameService, ManualClock
from storage import repo
from tests.harness import DEADLINE_LOOP, make_service, server, start_game


def buttons(message: Any) -> dict[str, str]:
    """label -> custom id of every button on a message."""
    if isinstance(message, simcord.ResponseMessage):
        message = message.message
    return {c.label: c.custom_id for row in message.components
            for c in getattr(row, "children", [row]) if getattr(c, "label", None)}


async def started(env: Any) -> tuple[Any, Any, Any, Any, Any]:
    """alice + bob at a started 1-round game; carol is a bystander. (thread, a, b, c, guild)"""
    guild, channel, (alice, bob, carol) = server(env, "alice", "bob", "carol")
    thread = await start_game(channel, [alice, bob], options="rounds=1")
    return thread, alice, bob, carol, guild


async def post_copy(env: Any, channel_id: int, custom_ids: list[str]) -> discord.Message:
    """What a user could only get by tampering: buttons with chosen custom ids."""
    view = discord.ui.View(timeout=None)
    for n, cid in enumerate(custom_ids):
        view.add_item(discord.ui.Button(label=f"copy {n}", custom_id=cid))
    channel = env.bot.get_channel(channel_id)
    message = await channel.send("copied buttons", view=view)
    view.stop()
    return message


async def move_count(engine: AsyncEngine, game_id: int = 1) -> int:
    async with engine.connect() as conn:
        return len(await repo.actions_after(conn, game_id, 0))


async def test_outsiders_other_seats_and_forged_ids_change_nothing(
    simcord_env: Any, service: GameService, engine: AsyncEngine
) -> None:
    env = simcord_env
    thread, alice, bob, carol, _guild = await started(env)
    alice_panel = alice.user.dm_channel.last_message
    bid_id = buttons(alice_panel)["bid 4"]
    game, seat, version, ctx, _index = bid_id.split(":")[2:]
    copy = await post_copy(env, thread.id, [
        bid_id,                                          # Alice's own button, copied
        f"mst:mv:{game}:{seat}:{version}:0123456789:4",  # right shape, made-up context
        f"mst:mv:{game}:{seat}:{version}:{ctx}:99",      # an option that does not exist
        "mst:hand:999",                                  # a game that does not exist
        "mst:mv:1:zz",                                   # matches no template at all
    ])
    before = await move_count(engine)

    outsider = await carol.click(copy, label="copy 0")
    assert outsider.ephemeral and "You are not playing in game #1" in outsider.response.content
    other_seat = await bob.click(copy, label="copy 0")
    assert "belongs to another seat" in other_seat.response.content
    for label in ("copy 1", "copy 2", "copy 4"):
        forged = await alice.click(copy, label=label)
        assert forged.ephemeral
        assert forged.response.content == "That button does not belong to this game."
    unknown = await alice.click(copy, label="copy 3")
    assert "There is no game #999" in unknown.response.content
    ready = await carol.click(next(m for m in thread.history() if "about to start" in m.content),
                              label="Ready")
    # Ready answers an error privately, as a note of its own.
    (note,) = ready.followups
    assert note.ephemeral and "not playing in game #1" in note.content

    assert await move_count(engine) == before
    assert (await service.private_view(1, alice.id)).view["you"]["bid"] is None
    # the real button still works afterwards
    ok = await alice.click(copy, label="copy 0")
    assert "You bid 4." in ok.response.content


async def test_stale_buttons_refresh_and_double_clicks_apply_once(
    simcord_env: Any, service: GameService, engine: AsyncEngine
) -> None:
    env = simcord_env
    thread, alice, bob, _carol, _guild = await started(env)
    board = next(m for m in reversed(thread.history())
                 if any(a.filename == "board.png" for a in m.attachments))
    # Two "My hand" panels of the same moment: what a double click sends (the second click
    # carries the button the client still showed before the first click's answer arrived).
    one = (await alice.click(board, label="My hand")).response
    two = (await alice.click(board, label="My hand")).response
    assert one.id != two.id

    # Bob's secret bid changes nothing Alice can see: her open panel still applies.
    await bob.user.click(bob.user.dm_channel.last_message, label="bid 2")
    still = await alice.click(one, label="bid 5")
    assert "You bid 5." in still.response.content and still.response.id == one.id

    # The same button in the other panel is now stale: it applies nothing and that panel
    # is redrawn in place with fresh options.
    second = await alice.click(two, label="bid 5")
    assert "board changed" in second.response.content and second.response.id == two.id
    log = await service.game_log(1, alice.id)
    assert sum("You bid 5." in line for line in log) == 1

    # Bob readies (public): Alice's DM panel (built before) is stale: fresh options in it.
    await bob.user.click(bob.user.dm_channel.last_message, label="ready")
    moves = await move_count(engine)
    old_panel = alice.user.dm_channel.last_message
    stale = await alice.user.click(old_panel, label="bid 1")
    assert "board changed" in stale.response.content and stale.response.id == old_panel.id
    assert await move_count(engine) == moves
    version = (await service.summary(1)).version
    refreshed = buttons(stale.response)
    assert refreshed["bid 1"].split(":")[4] == str(version)
    ok = await alice.user.click(stale.response, label="bid 1")
    assert "You bid 1." in ok.response.content


async def test_a_game_can_swap_in_its_own_move_ui(
    simcord_env: Any, service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(bot.games._discover(), "sealed_bids",  # selects
                        GameFront("sealed_bids", move_ui=GenericMoveUI(max_buttons=0)))
    thread, alice, _bob, _carol, _guild = await started(simcord_env)
    hand = await alice.slash(thread, "game hand")
    (menu,) = [c for row in hand.response.message.components for c in row.children
               if isinstance(c, discord.components.SelectMenu)]
    assert [o.label for o in menu.options][:3] == ["bid 0", "bid 1", "bid 2"]
    chose = await alice.select(hand.response, [menu.options[8].value])
    assert "You bid 8." in chose.response.content


async def test_persistent_buttons_work_after_a_restart(
    simcord_env: Any, service: GameService, engine: AsyncEngine, clock: ManualClock
) -> None:
    env = simcord_env
    thread, alice, bob, _carol, _guild = await started(env)
    dm_panel = alice.user.dm_channel.last_message
    board = thread.last_message

    # A new process: fresh service (empty memory) over the same database, fresh bot.
    fresh = make_service(engine, clock)
    await env.restart_bot(create_bot(fresh, deadline_interval=DEADLINE_LOOP))

    bid = await alice.user.click(dm_panel, label="bid 3")
    assert "You bid 3." in bid.response.content
    hand = await bob.click(board, label="My hand")
    assert hand.ephemeral and "your bid" in hand.response.content
    assert (await fresh.private_view(1, alice.id)).view["you"]["bid"] == 3


def view_timers() -> int:
    """discord.py's live view-timeout tasks (one per view it holds with a timeout)."""
    return sum("timeout_task" in getattr(t.get_coro(), "__qualname__", "")
               for t in asyncio.all_tasks())


async def test_ephemeral_panels_leave_no_view_timer_behind(
    simcord_env: Any, service: GameService
) -> None:
    # Every control is a persistent item answered by its custom id: discord.py need not hold
    # an ephemeral panel's view, and held it would keep a 15-minute timer per answer.
    thread, alice, _bob, _carol, _guild = await started(simcord_env)
    board = next(m for m in reversed(thread.history())
                 if any(a.filename == "board.png" for a in m.attachments))
    panels = [(await alice.click(board, label="My hand")).response for _ in range(3)]
    assert view_timers() == 0
    bid = await alice.click(panels[-1], label="bid 4")
    assert "You bid 4." in bid.response.content
    assert view_timers() == 0
