"""Open seats never stall a table: a resigned, replaced or absent player's seat is played by
the autopilot at once (its defaults, no deadline), until someone claims it; N consecutive
missed deadlines (a server setting, default 3) open a seat by themselves."""

from __future__ import annotations

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service import GameService, ManualClock, Post, ServiceError
from rules.base import Action
from storage import repo
from tests.service.helpers import ALICE, BOB, CAROL, started_game

HOUR = 3600


def posts(effects: list) -> list[str]:
    return [e.msg.render() for e in effects if isinstance(e, Post)]


async def sources(engine: AsyncEngine, gid: int) -> list[tuple[int, str, str]]:
    async with engine.connect() as conn:
        return [(r.seat, r.source, r.action["kind"])
                for r in await repo.actions_after(conn, gid, 0)]


async def test_resign_opens_the_seat_and_the_autopilot_plays_it_at_once(
    service: GameService, engine: AsyncEngine
) -> None:
    gid = await started_game(service, [ALICE, BOB, CAROL])
    await service.submit(gid, ALICE, Action("bid", {"amount": 2}))
    out = await service.resign(gid, BOB)
    text = posts(out.effects)
    assert "Bob (Seat 2) resigned from game #1" in text[0] and "/game claim 1 2" in text[0]
    # Bob's bid was defaulted ("ready") at once, not after a deadline.
    assert (await service.summary(gid)).awaiting == [0, 2]
    assert (1, "autopilot", "ready") in await sources(engine, gid)
    with pytest.raises(ServiceError) as refused:
        await service.submit(gid, BOB, Action("ready"))
    assert refused.value.msg.render() == "You are not playing in game #1."
    # The round plays on around the open seat; claiming it stops the autopilot.
    await service.submit(gid, ALICE, Action("ready"))
    await service.submit(gid, CAROL, Action("ready"))
    summary = await service.summary(gid)
    assert summary.awaiting == [0]  # Alice won the bids and owes her prize
    claimed = await service.claim(gid, 1, BOB, "Bob")
    assert any("now plays" in p for p in posts(claimed.effects))
    await service.submit(gid, ALICE, Action("claim", {"prize": "coins"}))
    assert (await service.summary(gid)).awaiting == [0, 1, 2]  # Bob bids himself again


async def test_a_replace_vote_hands_the_seat_to_the_autopilot(service: GameService) -> None:
    gid = await started_game(service, [ALICE, BOB, CAROL])
    await service.vote(gid, ALICE, "replace", target_seat=2)
    out = await service.vote(gid, BOB, "replace")
    assert any("is open" in p for p in posts(out.effects))
    assert (await service.summary(gid)).awaiting == [0, 1]  # Carol's bid was made for her


async def test_three_missed_deadlines_open_the_seat(
    service: GameService, clock: ManualClock, engine: AsyncEngine
) -> None:
    gid = await started_game(service, [ALICE, BOB], deadline_hours=1, excuses=0,
                             config={"rounds": 10})
    opened: list[str] = []
    for _round in range(3):
        await service.submit(gid, ALICE, Action("ready"))
        clock.advance(HOUR + 1)
        opened += [p for p in posts(await service.run_due()) if "in a row" in p]
        summary = await service.summary(gid)
        if 0 in summary.awaiting and summary.phase_label.endswith("prize choice"):
            await service.submit(gid, ALICE, Action("claim", {"prize": "coins"}))
    assert len(opened) == 1 and "Bob (Seat 2) missed 3 deadlines in a row" in opened[0]
    # From now on Bob's seat moves at once: Alice's ready closes the round without waiting.
    summary = await service.summary(gid)
    assert 1 not in summary.awaiting
    log = await sources(engine, gid)
    assert [s for s, src, _ in log if src == "deadline"] == [1, 1, 1]
    assert any(src == "autopilot" for _, src, _ in log)
    # Bob takes his seat back.
    await service.claim(gid, 1, BOB, "Bob")
    assert (await service.summary(gid)).players[1][1] == BOB


async def test_a_server_can_turn_auto_opening_off(
    service: GameService, clock: ManualClock, engine: AsyncEngine
) -> None:
    gid = await started_game(service, [ALICE, BOB], deadline_hours=1, excuses=0,
                             config={"rounds": 10}, guild_id=77)
    async with engine.begin() as conn:
        await repo.save_guild_settings(conn, 77, auto_open_after=0)
    for _round in range(4):
        await service.submit(gid, ALICE, Action("ready"))
        clock.advance(HOUR + 1)
        assert not any("in a row" in p for p in posts(await service.run_due()))
        summary = await service.summary(gid)
        if 0 in summary.awaiting and summary.phase_label.endswith("prize choice"):
            await service.submit(gid, ALICE, Action("claim", {"prize": "coins"}))
    assert (await service.summary(gid)).players[1][1] == BOB


async def test_a_move_of_ones_own_ends_a_run_of_misses(
    service: GameService, clock: ManualClock
) -> None:
    """Only misses in a row open a seat: Bob misses twice, moves once, misses twice again."""
    gid = await started_game(service, [ALICE, BOB], deadline_hours=1, excuses=0,
                             config={"rounds": 20})

    async def a_round(bob_moves: bool) -> list[str]:
        await service.submit(gid, ALICE, Action("ready"))
        if bob_moves:
            await service.submit(gid, BOB, Action("ready"))
        else:
            clock.advance(HOUR + 1)
        said = posts(await service.run_due())
        summary = await service.summary(gid)
        if summary.awaiting == [0]:
            await service.submit(gid, ALICE, Action("claim", {"prize": "coins"}))
        return said

    said: list[str] = []
    for bob_moves in (False, False, True, False, False):
        said += await a_round(bob_moves)
    assert not any("in a row" in p for p in said)
    assert (await service.summary(gid)).players[1][1] == BOB
