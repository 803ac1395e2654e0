"""The deadline loop (a ``tasks.loop`` polling ``service.run_due``): reminders ping only the
awaited players; a missed deadline applies the default and the game goes on."""

from __future__ import annotations

from typing import Any

from bot.service import GameService, ManualClock
from tests.harness import DEADLINE_LOOP as LOOP
from tests.harness import server, start_game

HOUR = 3600


async def test_reminder_then_default_keeps_the_game_going(
    simcord_env: Any, service: GameService, clock: ManualClock
) -> None:
    env = simcord_env
    _guild, channel, (alice, bob, carol) = server(env, "alice", "bob", "carol")
    thread = await start_game(channel, [alice, bob, carol], deadline_hours=10.0, excuses=0,
                              options="rounds=2")
    await bob.user.click(bob.user.dm_channel.last_message, label="bid 4")
    await alice.user.click(alice.user.dm_channel.last_message, label="ready")

    # Nothing is due yet: a tick posts nothing.
    before = len(thread.history())
    await env.advance_time(LOOP)
    assert len(thread.history()) == before

    # Two hours before the deadline (the default lead), one reminder for the laggards only.
    clock.advance(8.5 * HOUR)
    await env.advance_time(LOOP)
    reminders = [m for m in thread.history() if m.content.startswith("Reminder")]
    assert len(reminders) == 1
    assert {u.id for u in reminders[0].mentions} == {bob.id, carol.id}
    assert alice.mention not in reminders[0].content
    # What each owes is private: it reaches that player by DM, not the thread.
    assert "press Ready" not in reminders[0].content and "your bid" not in reminders[0].content
    assert "your bid" in carol.user.dm_channel.last_message.content
    await env.advance_time(LOOP)
    assert len([m for m in thread.history() if m.content.startswith("Reminder")]) == 1

    # The deadline passes: the defaults are applied, bids revealed, the game goes on.
    clock.advance(2 * HOUR)
    await env.advance_time(LOOP)
    text = "\n".join(m.content for m in thread.history())
    assert text.count("missed the deadline, so the bot moved for them") == 2
    assert ": ready" not in text
    assert "Bids revealed: [0, 4, 0]" in text
    summary = await service.summary(1)
    assert summary.phase_label == "Round 1 · prize choice" and summary.awaiting == [1]
    prize = bob.user.dm_channel.last_message
    assert "choose your prize" in prize.content
    done = await bob.user.click(prize, label="claim coins")
    assert "Round 2 begins." in done.response.content or any(
        "Round 2 begins." in m.content for m in thread.history())
    assert (await service.summary(1)).phase_label == "Round 2 · place your bids"
