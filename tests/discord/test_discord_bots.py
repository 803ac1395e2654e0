"""AI players as a player meets them (#28), through simcord: `/game new … bots:N`, the lobby's
Add a bot / Remove a bot buttons, bots named as bots, bots moving by themselves while the
humans press buttons (an AGoT table of 2 people and 3 bots to the end of round 2, a co-op Great
Wall with an AI partner), an open seat taken over by the AI.

Whatever per-game AI exists plays; a game without one has its bots play the rulebook's
defaults, which still moves the table on (the tests hold either way)."""

from __future__ import annotations

from typing import Any

import pytest

import bot.render
from bot.service import GameService
from rules import registry
from rules.ai import ai_for
from storage import repo
from tests.harness import labels, server
from tests.player_eye.table import Player, Table

#: The board image every board message carries here: these tests read text.
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082")


@pytest.fixture
def service_games() -> tuple[str, ...]:
    return ("agot", "great_wall", "sealed_bids")


@pytest.fixture(autouse=True)
def plain_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.render, "render_board", lambda *_a, **_k: PNG)


async def sources(service: GameService, gid: int) -> list[tuple[int, str]]:
    async with service.engine.connect() as conn:
        return [(r.seat, r.source) for r in await repo.actions_after(conn, gid, 0)]


async def open_with_bots(env: Any, service: GameService, game_type: str, players: int,
                         humans: int, seed: int, **options: Any) -> Table:
    """`/game new … bots:` by the first person, Join and Ready pressed by the others."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    people = [Player(guild.add_member(env.create_user(name)), name.title(), "en")
              for name in ("alice", "bob")[:humans]]
    table = Table(env, service, people, game_type, seed=seed, server_locale="en")
    table.channel = channel
    created = await people[0].member.slash(channel, "game new", game_type=game_type,
                                           players=players, bots=players - humans,
                                           difficulty="easy", **options)
    assert "#1 is open" in created.response.content
    (table.thread,) = channel.threads
    table.game_id = 1
    for p in people[1:]:
        await table.press_public(p, "mst:join:")
    await people[0].member.slash(table.thread, "game start")
    for p in people[1:]:
        await table.press_public(p, "mst:ready:")
    summary = await service.summary(1)
    assert summary.status == "active"
    by_user = {uid: seat for seat, uid, _ in summary.players}
    for p in people:
        p.seat = by_user[p.member.id]
    table.look(everything=True)
    return table


def thread_text(table: Table) -> str:
    return "\n".join(m.content or "" for m in table.messages(table.thread.id))


async def test_agot_two_people_and_three_bots_to_the_end_of_round_two(
        simcord_env: Any, service: GameService) -> None:
    table = await open_with_bots(simcord_env, service, "agot", 5, 2, seed=11)
    text = thread_text(table)
    assert "3 AI players take seats in game #1 (difficulty: easy)" in text
    begun = next(m.content for m in table.messages(table.thread.id) if "has begun" in m.content)
    assert begun.count("🤖 Bot — ") == 3  # "🤖 Bot — Lannister": bots named by their house
    summary = await service.summary(1)
    assert len(summary.bots) == 3
    assert not set(summary.awaiting) & summary.bots  # the bots moved at once
    status = await table.play(3000, rounds=2)
    assert status in ("rounds", "finished"), status
    summary = await service.summary(1)
    assert not set(summary.awaiting) & summary.bots  # never waited for
    logged = await sources(service, 1)
    bot_sources = {source for seat, source in logged if seat in summary.bots}
    expected = {"bot"} if ai_for(registry.get("agot")) is not None else {"autopilot"}
    assert expected <= bot_sources <= {"bot", "autopilot"}
    # The board names the bots as bots.
    board = next(m for m in reversed(table.messages(table.thread.id)) if m.embeds)
    assert "🤖 Bot" in str(board.embeds[0])
    assert not table.findings.counts.get("no_prompt")


async def test_great_wall_coop_with_an_ai_partner(simcord_env: Any,
                                                  service: GameService) -> None:
    table = await open_with_bots(simcord_env, service, "great_wall", 2, 1, seed=5, mode="coop")
    summary = await service.summary(1)
    assert summary.bots == frozenset({1})
    status = await table.play(150)
    assert status in ("unfinished", "finished"), status
    logged = await sources(service, 1)
    assert {seat for seat, _s in logged} == {0, 1}  # both partners played
    assert table.moves > 10
    assert not set((await service.summary(1)).awaiting) & {1}


async def test_the_lobby_buttons_seat_and_unseat_bots(simcord_env: Any,
                                                      service: GameService) -> None:
    _guild, channel, (alice, bob) = server(simcord_env, "alice", "bob")
    await alice.slash(channel, "game new", game_type="sealed_bids", players=3)
    (thread,) = channel.threads
    lobby = thread.last_message
    assert labels(lobby) == ["Join", "Add a bot", "Remove a bot"]
    refused = await bob.click(lobby, label="Add a bot")
    assert "Only the game's creator" in refused.followups[-1].content
    await alice.click(lobby, label="Add a bot")
    assert "🤖 Bot 1 takes a seat in game #1 (2/3)." in thread.last_message.content
    await alice.click(thread.last_message, label="Add a bot")
    await alice.click(thread.last_message, label="Remove a bot")
    assert "A bot left game #1 (2/3)." in thread.last_message.content
    await bob.click(thread.last_message, label="Join")
    status = await alice.slash(thread, "game status")
    assert "🤖 Bot 1" in status.response.content
    await alice.slash(thread, "game start")
    await bob.click(thread.last_message, label="Ready")  # the bot needs no Ready
    summary = await service.summary(1)
    assert summary.status == "active" and summary.bots == frozenset({1})
    assert summary.awaiting == [0, 2]  # the bot has moved
    status = await alice.slash(thread, "game status")
    assert "🤖 Bot — Seat 2" in status.response.content


async def test_an_open_seat_is_played_by_the_ai(simcord_env: Any,
                                                service: GameService) -> None:
    table = await open_with_bots(simcord_env, service, "great_wall", 2, 2, seed=3,
                                 mode="coop")
    bob = table.players[1]
    await bob.member.slash(table.thread, "game resign")
    assert any("resigned" in (m.content or "") for m in table.messages(table.thread.id))
    table.players = table.players[:1]
    status = await table.play(60)
    assert status in ("unfinished", "finished"), status
    logged = await sources(service, 1)
    after = [source for seat, source in logged if seat == bob.seat][-1:]
    assert after and after[0] in ("bot", "autopilot")
    assert bob.seat not in (await service.summary(1)).awaiting
