"""Seeing inside the bot: the metrics and the health check answer over HTTP, every log line
says which game, server and user it concerns (as JSON when asked), and no log line of a whole
game through Discord holds a secret a player chose. And the shard settings of several
processes."""

from __future__ import annotations

import io
import json
import logging
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest

from bot import logs
from bot.config import Settings, Shards
from bot.discord.app import ShardedMaesterBot, create_bot
from bot.discord.observe import serve
from bot.metrics import sample
from bot.service import GameService
from rules.base import Action
from tests.harness import ALICE, BOB, last_with, server, start_game, started_game


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_metrics_and_health_answer_over_http(simcord_env: Any,
                                                   service: GameService) -> None:
    bot = simcord_env.bot
    accepted = sample("maester_moves_total", game="sealed_bids", outcome="accepted")
    rejected = sample("maester_moves_total", game="sealed_bids", outcome="rejected")
    gid = await started_game(service, [ALICE, BOB])
    await service.submit(gid, ALICE, Action("ready"))
    with pytest.raises(Exception):  # noqa: B017 - any refusal: a move of a seat not awaited
        await service.submit(gid, ALICE, Action("ready"))
    port = _free_port()
    runner = await serve(bot, "127.0.0.1", port)
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}/metrics") as r:
                assert r.status == 200
                text = await r.text()
            async with http.get(f"http://127.0.0.1:{port}/health") as r:
                health = (r.status, await r.json())
    finally:
        await runner.cleanup()
    assert sample("maester_moves_total", game="sealed_bids", outcome="accepted") == accepted + 1
    assert sample("maester_moves_total", game="sealed_bids", outcome="rejected") == rejected + 1
    for name in ("maester_moves_total", "maester_move_seconds_bucket",
                 "maester_discord_requests_total", 'maester_open_games{status="active"}'):
        assert name in text, name
    assert health == (200, {"ok": True, "discord": True, "database": True})


async def test_interaction_answers_count_as_discord_requests(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Interaction answers go through discord.py's webhook adapter (which simcord stands in
    for, so it is driven directly here): counted as requests too."""
    from discord.http import Route
    from discord.webhook import async_

    from bot.discord import observe

    sent: list[str] = []

    async def answered(_self: Any, route: Any, *_args: Any, **_kwargs: Any) -> None:
        sent.append(route.method)

    monkeypatch.setattr(async_.AsyncWebhookAdapter, "request", answered)
    monkeypatch.setattr(async_.AsyncWebhookAdapter, "_maester_counted", False, raising=False)
    observe._count_webhook_requests()
    before = sample("maester_discord_requests_total", method="PATCH")
    await async_.AsyncWebhookAdapter().request(Route("PATCH", "/webhooks/1/t/messages/@original"),
                                               None)
    assert sent == ["PATCH"]
    assert sample("maester_discord_requests_total", method="PATCH") == before + 1


async def test_health_says_what_is_wrong(simcord_env: Any, service: GameService,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    async def refused() -> None:
        raise OSError("attempt to write a readonly database")

    monkeypatch.setattr(service, "check_writable", refused)
    port = _free_port()
    runner = await serve(simcord_env.bot, "127.0.0.1", port)
    try:
        async with aiohttp.ClientSession() as http, \
                http.get(f"http://127.0.0.1:{port}/health") as r:
            status, body = r.status, await r.json()
    finally:
        await runner.cleanup()
    assert status == 503 and body["ok"] is False and body["discord"] is True
    assert "readonly" in body["database"]


#: What the players below choose in secret: no log line may hold any of it.
SECRETS = ("bid 7", "bid 3", '"amount": 7', '"amount": 3', "'amount': 7", "'amount': 3",
           "You bid", "**bid**: 7", "**bid**: 3")


async def test_a_whole_game_logs_context_as_json_and_no_secret(
        simcord_env: Any, service: GameService) -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logs.JsonFormatter())
    root = logging.getLogger()
    old_level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)  # the most a log can say
    logs.quiet()
    try:
        _guild, channel, (alice, bob, carol) = server(simcord_env, "alice", "bob", "carol")
        thread = await start_game(channel, [alice, bob, carol], options="rounds=1")
        turn = alice.user.dm_channel.last_message
        bid = await alice.user.click(turn, label="bid 7")
        await alice.user.click(bid.response, label="ready")
        hand = await bob.click(last_with(thread, "My hand"), label="My hand")
        bid = await bob.click(hand.response, label="bid 3")
        await bob.click(bid.response, label="ready")
        logging.getLogger("maester.test").info("a line about game 1", extra={"game_id": 1})
    finally:
        root.removeHandler(handler)
        root.setLevel(old_level)
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert lines, "the game logged nothing"
    assert all({"time", "level", "logger", "message"} <= set(line) for line in lines)
    ours = [line for line in lines if line["logger"] == "maester.test"]
    assert ours and ours[0]["game_id"] == 1
    assert not _secrets_in(stream.getvalue()), _secrets_in(stream.getvalue())
    # The check can fail: a line that named a move's parameters would be caught.
    planted = logging.LogRecord("maester", logging.INFO, __file__, 1, "move %s", (
        {"kind": "bid", "params": {"amount": 7}},), None)
    assert _secrets_in(logs.JsonFormatter().format(planted))
    # discord.py prints every request's body (a DM's hand) at DEBUG: held at INFO.
    assert not logging.getLogger("discord.http").isEnabledFor(logging.DEBUG)


def _secrets_in(text: str) -> list[str]:
    return [s for s in SECRETS if s in text]


def test_text_lines_carry_their_context() -> None:
    record = logging.LogRecord("maester", logging.INFO, __file__, 1, "move saved", None, None)
    record.game_id, record.version = 12, 4
    assert logs.TextFormatter().format(record).endswith("move saved [game=12 version=4]")


def test_shard_settings() -> None:
    assert Shards.parse(None, None) is None
    assert Shards.parse(4, "0-1, 3") == Shards(4, (0, 1, 3))
    assert Shards.parse(2, "") == Shards(2, None)
    for count, ids in ((2, "2"), (None, "0"), (2, "x"), (0, "")):
        with pytest.raises(ValueError):
            Shards.parse(count, ids)
    settings = Settings(shard_count=4, shard_ids="2-3")
    assert settings.shards() == Shards(4, (2, 3))


def test_a_process_serves_its_shards_and_only_shard_0_syncs(service: GameService) -> None:
    one = create_bot(service)
    assert not isinstance(one, discord.AutoShardedClient)
    first = create_bot(service, shards=Shards(4, (0, 1)))
    second = create_bot(service, shards=Shards(4, (2, 3)))
    assert isinstance(first, ShardedMaesterBot)
    assert isinstance(first, discord.AutoShardedClient)
    assert (first.shard_count, first.shard_ids) == (4, [0, 1])
    assert (second.shard_count, second.shard_ids) == (4, [2, 3])
    assert first.sync_commands and not second.sync_commands


def test_run_refuses_bad_shard_settings_in_one_line(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from bot.__main__ import main

    monkeypatch.setenv("DISCORD_TOKEN", "token-never-used")
    monkeypatch.setenv("SHARD_COUNT", "2")
    monkeypatch.setenv("SHARD_IDS", "5")
    assert main(["run"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "SHARD_IDS [5] are not shards of 2" in err




def test_log_format_json_is_one_object_a_line(tmp_path: Path) -> None:
    """``LOG_FORMAT=json`` as an operator sets it: the bot's own start-up lines, as JSON."""
    done = subprocess.run(
        [sys.executable, "-c", "import logging; from bot import logs; "
         "logs.configure('INFO', 'json'); logs.bind(game_id=3, user_id=7); "
         "logging.getLogger('maester').info('move saved')"],
        capture_output=True, text=True, timeout=60, cwd=Path(__file__).resolve().parents[2])
    (line,) = done.stderr.splitlines()
    assert json.loads(line) | {"time": None} == {
        "time": None, "level": "INFO", "logger": "maester", "message": "move saved",
        "game_id": 3, "user_id": 7}


async def test_a_process_without_the_server_still_posts_to_its_thread(
        simcord_env: Any, service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    """With several processes, a move made in a DM (shard 0) may be served by a process that
    does not hold the game's server: its posts reach the thread through the REST API."""
    _guild, channel, (alice, bob, carol) = server(simcord_env, "alice", "bob", "carol")
    thread = await start_game(channel, [alice, bob, carol], options="rounds=1")
    bot = simcord_env.bot
    bot.delivery.forget_channel(1)
    monkeypatch.setattr(bot, "get_channel", lambda _id: None)  # not this process's server
    fetched: list[int] = []
    fetch = bot.fetch_channel

    async def counted(channel_id: int) -> Any:
        fetched.append(channel_id)
        return await fetch(channel_id)

    monkeypatch.setattr(bot, "fetch_channel", counted)
    before = len(thread.history())
    turn = alice.user.dm_channel.last_message
    bid = await alice.user.click(turn, label="bid 7")
    await alice.user.click(bid.response, label="ready")
    assert thread.id in fetched
    assert any("is ready" in m.content for m in thread.history()[before - 1:])
