"""Seats on Discord: `/game resign` opens a seat (the bot plays it), anyone on the server is
offered the open seats by name in `/game claim`, and a replace vote names its seat by the
table's name for it — counted from 1 like claim."""

from __future__ import annotations

from typing import Any

from bot.service import GameService
from tests.harness import server, start_game


async def table(env: Any) -> tuple[Any, Any, list[Any]]:
    """Alice, Bob and Carol at a started game; Dave, on the server, plays in none."""
    _guild, channel, members = server(env, "alice", "bob", "carol", "dave")
    thread = await start_game(channel, members[:3], options="rounds=3")
    return channel, thread, members


async def test_resign_then_anyone_claims_the_open_seat_by_name(
    simcord_env: Any, service: GameService
) -> None:
    channel, thread, (_alice, bob, _carol, dave) = await table(simcord_env)
    answer = await bob.slash(thread, "game resign")
    assert "thread has it" in answer.response.content  # not a copy of the thread's line
    assert any("resigned from game #1" in m.content for m in thread.history())
    assert 1 not in (await service.summary(1)).awaiting  # the bot made Bob's move at once

    # Dave never played here, yet he is offered the open seat, by its name.
    games = await dave.autocomplete(channel, "game claim", "game", "")
    assert [c["value"] for c in games] == [1]
    seats = await dave.autocomplete(channel, "game claim", "seat", "", game=1)
    assert [(c["name"], c["value"]) for c in seats] == [("Seat 2 (seat 2, game #1)", 2)]
    await dave.slash(channel, "game claim", game=1, seat=2)
    assert any(f"{dave.mention} now plays" in m.content for m in thread.history())
    assert await dave.autocomplete(channel, "game claim", "game", "") == []


async def test_a_replace_vote_targets_the_seat_named(
    simcord_env: Any, service: GameService
) -> None:
    _channel, thread, (alice, bob, _carol, _dave) = await table(simcord_env)
    offered = await alice.autocomplete(thread, "game vote", "seat", "carol", kind="replace")
    assert [(c["name"], c["value"]) for c in offered] == [("Seat 3 — carol", 3)]
    await alice.slash(thread, "game vote", kind="replace", seat=3)
    await bob.slash(thread, "game vote", kind="replace")
    summary = await service.summary(1)
    holders = {seat: uid for seat, uid, _name in summary.players}
    assert holders[2] is None and holders[1] == bob.id  # Carol's seat, not Bob's


async def test_votes_are_buttons_in_the_thread(simcord_env: Any, service: GameService) -> None:
    _channel, thread, (alice, bob, _carol, _dave) = await table(simcord_env)
    await alice.slash(thread, "game vote", kind="pause")
    opened = next(m for m in thread.history() if "proposes to" in m.content)
    await bob.click(opened, label="Vote yes")
    assert (await service.summary(1)).paused


async def test_game_board_shows_the_board_to_the_caller(simcord_env: Any) -> None:
    _channel, thread, (alice, _bob, _carol, _dave) = await table(simcord_env)
    answer = await alice.slash(thread, "game board")
    message = answer.followups[0] if answer.followups else answer.response
    assert message.ephemeral and message.attachments
    assert message.attachments[0].filename == "board.png"
