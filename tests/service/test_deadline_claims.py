"""Several bot processes on one database: each due reminder and deadline is acted on by one of
them, and a crashed process's rows are taken over when its lease runs out. Here the
processes are services in one test (each its own instance, cache and lock set); the
multi-process test (``test_processes.py``) runs them as separate OS processes."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service import GameService, ManualClock, Post, ServiceSettings
from rules.base import Action
from storage import repo
from tests.fixtures.sealed_bids import RULES as SEALED
from tests.service.helpers import ALICE, BOB, started_game

HOUR = 3600


def _process(engine: AsyncEngine, clock: ManualClock) -> GameService:
    return GameService(engine, clock=clock, games={"sealed_bids": SEALED},
                       settings=ServiceSettings(shared_database=True, claim_seconds=60))


def _reminders(effects: list) -> list[int]:
    return [e.game_id for e in effects
            if isinstance(e, Post) and e.msg.key == "deadline.reminder"]


async def test_each_due_row_is_acted_on_once_across_processes(any_engine: AsyncEngine) -> None:
    clock = ManualClock()
    first = _process(any_engine, clock)
    games = [await started_game(first, [ALICE, BOB], deadline_hours=24, excuses=0)
             for _ in range(4)]
    others = [_process(any_engine, clock) for _ in range(2)]
    clock.advance(12.5 * HOUR)  # half-time reminders of every game are due
    results = await asyncio.gather(*(p.run_due() for p in (first, *others)))
    reminded = sorted(g for effects in results for g in _reminders(effects))
    assert reminded == sorted(games)  # each game reminded once, by whichever process took it
    assert all(r == [] for r in await asyncio.gather(*(p.run_due() for p in others)))
    clock.advance(12 * HOUR)  # the deadlines: each default applied once
    await asyncio.gather(*(p.run_due() for p in (first, *others)))
    async with any_engine.connect() as conn:
        for gid in games:
            sources = [a.source for a in await repo.actions_after(conn, gid, 0)]
            assert sources.count("deadline") == 2, sources  # one default per awaited seat


async def test_a_crashed_process_rows_are_taken_over_after_its_lease(
        any_engine: AsyncEngine) -> None:
    clock = ManualClock()
    alive = _process(any_engine, clock)
    gid = await started_game(alive, [ALICE, BOB], deadline_hours=24)
    await alive.submit(gid, ALICE, Action("ready"))
    clock.advance(12.5 * HOUR)
    now = clock.now()
    async with any_engine.begin() as conn:  # a process takes the rows, then dies
        taken = await repo.claim_due(conn, now, "crashed:1", now + timedelta(seconds=60))
    assert taken and {r.claimed_by for r in taken} == {"crashed:1"}
    assert await alive.run_due() == []  # held by the dead process: not touched
    clock.advance(61)  # its lease has run out
    assert _reminders(await alive.run_due()) == [gid]
    assert _reminders(await alive.run_due()) == []


async def test_a_process_whose_lease_ran_out_acts_on_nothing(any_engine: AsyncEngine) -> None:
    """A slow process whose rows another took over (its lease ran out) reminds no one: its
    delete finds the row held by the other, and its transaction does nothing."""
    clock = ManualClock()
    slow, quick = _process(any_engine, clock), _process(any_engine, clock)
    gid = await started_game(slow, [ALICE, BOB], deadline_hours=24)
    clock.advance(12.5 * HOUR)
    now = clock.now()
    async with any_engine.begin() as conn:
        mine = await repo.claim_due(conn, now, slow.instance, now + timedelta(seconds=60))
    clock.advance(61)
    now = clock.now()
    async with any_engine.begin() as conn:
        theirs = await repo.claim_due(conn, now, quick.instance, now + timedelta(seconds=60))
    assert {r.id for r in theirs} == {r.id for r in mine}
    with pytest.raises(repo.LostClaim):
        await slow._run_game(await slow._head(gid, fresh=True), mine)
    assert _reminders(await quick._run_game(await quick._head(gid, fresh=True), theirs)) == [gid]
    async with any_engine.connect() as conn:
        assert [d for d in await repo.deadlines_of(conn, gid) if d.kind.startswith("remind_h")
                ] == []
