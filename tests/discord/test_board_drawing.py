"""A game's boards are drawn one at a time, newest wins: a burst of moves (a simultaneous
phase) renders the first board and the last, and a board rendered late never replaces a newer
one in the thread."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import bot.discord.delivery as delivery_module
from rules.base import Action
from tests.harness import boards, server, start_game

PNG = b"\x89PNG\r\n\x1a\n"


async def test_a_burst_of_moves_draws_the_first_board_and_the_last(
        simcord_env: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    _guild, channel, (alice, bob) = server(simcord_env, "alice", "bob")
    thread = await start_game(channel, [alice, bob], options="rounds=3")
    service = simcord_env.bot.service
    snaps = []
    for amount in (1, 2, 3, 4):  # revisable secret bids: four moves, four board versions
        await service.submit(1, alice.id, Action("bid", {"amount": amount}))
        snaps.append(await service.board_snapshot(1))
    rendered: list[int] = []

    async def slow_render(game_id: int, version: int, game_type: str, view: dict[str, Any],
                          locale: str | None = None) -> bytes:
        rendered.append(version)
        await asyncio.sleep(0.05)  # the others arrive while this one renders
        return PNG + b"v" * version  # its size says which version it is

    monkeypatch.setattr(delivery_module, "render_board_async", slow_render)
    await asyncio.gather(*(simcord_env.bot.delivery.board(1, s) for s in snaps))
    assert rendered == [snaps[0].version, snaps[-1].version]
    shown = boards(thread)[-1].attachments[0]
    assert shown.size == len(PNG) + snaps[-1].version
    # A board delivered late (its move's delivery overtaken) changes nothing.
    await simcord_env.bot.delivery.board(1, snaps[1])
    assert rendered == [snaps[0].version, snaps[-1].version]
    assert boards(thread)[-1].attachments[0].size == len(PNG) + snaps[-1].version
