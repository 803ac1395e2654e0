"""Missed deadlines in AGoT: an excuse first (when the table allows one), then the default
is applied and the game goes on — orders are revealed without the laggard's, the Raven
holder is asked next, and a missed Raven decision keeps the orders."""

from __future__ import annotations

from typing import Any

from bot.service import GameService, ManualClock
from tests.games.agot.harness import Player, give_orders, start_agot
from tests.harness import DEADLINE_LOOP as LOOP
from tests.harness import server, thread_text

HOUR = 3600


async def test_missed_deadlines_apply_the_defaults(simcord_env: Any, service: GameService,
                                                   clock: ManualClock) -> None:
    env = simcord_env
    _guild, channel, members = server(env, "alice", "bob", "carol")
    thread = await start_agot(channel, members, deadline_hours=10.0, excuses=1)
    alice, bob, carol = (Player(m) for m in members)
    await give_orders(alice, {"kingswood": "march_0"})
    await give_orders(bob, {"stoney_sept": "march_0"})

    # Carol's first miss uses her excuse: the deadline moves, nothing is decided for her.
    clock.advance(11 * HOUR)
    await env.advance_time(LOOP)
    text = thread_text(thread)
    assert "missed the deadline and used an excuse (0 left)" in text
    assert "Orders revealed" not in text

    # The second miss applies the default ("ready" with no orders) and the game goes on.
    clock.advance(11 * HOUR)
    await env.advance_time(LOOP)
    text = thread_text(thread)
    lines = text.splitlines()
    lapsed = [i for i, line in enumerate(lines) if "so the bot moved for them" in line]
    assert len(lapsed) == 1 and carol.member.mention in lines[lapsed[0]]
    assert lines[lapsed[0] + 1] == "Stark has placed its orders."
    assert "Orders revealed — Kingswood: March +0 (Baratheon); Stoney Sept: March +0" in text
    assert (await service.summary(1)).awaiting == [1]
    assert "Messenger Raven" in bob.panel.content  # the next prompt went out

    # Bob lets the Raven decision lapse twice: the orders stay as they are.
    for _ in range(2):
        clock.advance(11 * HOUR)
        await env.advance_time(LOOP)
    text = thread_text(thread)
    assert "Lannister keeps its orders (the Messenger Raven swaps none)." in text
    assert "marches (Baratheon to march)" in (await service.summary(1)).phase_label
    assert "March" in alice.panel.content
