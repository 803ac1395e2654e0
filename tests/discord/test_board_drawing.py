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


async def test_a_board_in_parts_uploads_only_the_parts_that_changed(
        simcord_env: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A renderer may return several images (each shown in its own embed); editing the board
    keeps the images the message shows already and uploads only the changed ones."""
    _guild, channel, (alice, bob) = server(simcord_env, "alice", "bob")
    thread = await start_game(channel, [alice, bob], options="rounds=3")
    service = simcord_env.bot.service

    async def parts(game_id: int, version: int, game_type: str, view: dict[str, Any],
                    locale: str | None = None) -> list[bytes]:
        return [PNG + b"map", PNG + b"v" * version]  # the map stays, the panel changes

    monkeypatch.setattr(delivery_module, "render_board_async", parts)
    await service.submit(1, alice.id, Action("bid", {"amount": 1}))
    await simcord_env.bot.delivery.board(1)
    board = boards(thread)[-1]
    assert [a.filename for a in board.attachments] == ["board.png", "board-2.png"]
    assert [e.image.url for e in board.embeds[:2]] == ["attachment://board.png",
                                                       "attachment://board-2.png"]
    first_map = board.attachments[0].id
    uploads: list[str] = []
    cdn = simcord_env.backend.cdn
    store = cdn.store_attachment

    def stored(*args: Any, **kwargs: Any) -> Any:
        uploads.append(args[2])  # (id, channel, filename, data, …)
        return store(*args, **kwargs)

    monkeypatch.setattr(cdn, "store_attachment", stored)
    await service.submit(1, alice.id, Action("bid", {"amount": 2}))
    await simcord_env.bot.delivery.board(1)
    board = boards(thread)[-1]
    assert uploads == ["board-2.png"]
    assert [a.filename for a in board.attachments] == ["board.png", "board-2.png"]
    assert board.attachments[0].id == first_map
    assert board.attachments[1].size == len(PNG) + (await service.board_snapshot(1)).version
