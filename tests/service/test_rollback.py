"""Rollback: an admin or a unanimous vote returns a game to an earlier move. Nothing is
deleted; the rollback is logged; later buttons go stale; secret choices after the point are
asked again; the log still replays to the head (`db verify`)."""

from __future__ import annotations

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service import GameService, Post, ServiceError, StaleVersion
from rules.base import Action
from storage import repo
from tests.service.helpers import ALICE, BOB, CAROL, started_game


def posts(effects: list) -> list[str]:
    return [e.msg.render() for e in effects if isinstance(e, Post)]


async def test_an_admin_rolls_back_and_the_log_still_replays(
    service: GameService, engine: AsyncEngine
) -> None:
    gid = await started_game(service, [ALICE, BOB], config={"rounds": 3})
    await service.submit(gid, ALICE, Action("bid", {"amount": 2}))  # 1 (secret)
    await service.submit(gid, ALICE, Action("ready"))               # 2
    await service.submit(gid, BOB, Action("bid", {"amount": 1}))    # 3 (secret)
    await service.submit(gid, BOB, Action("ready"))                 # 4: bids revealed
    before = (await service.summary(gid)).version
    with pytest.raises(ServiceError):
        await service.rollback(gid, BOB, "Bob", 2)
    out = await service.rollback(gid, 999, "Mod", 2, admin=True)
    assert "Mod rolled game #1 back to move 2" in posts(out.effects)[0]
    summary = await service.summary(gid)
    assert summary.version == before + 1 and summary.awaiting == [1]  # Bob is asked again
    # Alice's bid and ready of moves 1–2 stand; Bob's secret bid of move 3 is undone.
    assert not (await service.private_view(gid, ALICE)).awaited
    bob = await service.private_view(gid, BOB)
    assert bob.awaited and bob.progress == "your bid"
    async with engine.connect() as conn:
        rows = await repo.actions_after(conn, gid, 0)
    assert [r.seq for r in rows] == [1, 2, 3, 4, 5]  # nothing deleted
    assert rows[-1].source == "rollback"
    assert await service.verify(gid) is None
    # A click on a button of the old version is stale; the game goes on from move 2.
    with pytest.raises(StaleVersion):
        await service.submit(gid, BOB, Action("ready"), expected_version=before)
    await service.submit(gid, BOB, Action("bid", {"amount": 3}))
    await service.submit(gid, BOB, Action("ready"))
    assert await service.verify(gid) is None
    log = await service.game_log(gid, None)
    assert any("⚑ Mod rolled the game back to move 2." in line for line in log)
    with pytest.raises(ServiceError) as bad:
        await service.rollback(gid, 999, "Mod", 99, admin=True)
    assert bad.value.msg.key == "error.rollback_point"


async def test_players_roll_back_by_a_unanimous_vote(service: GameService) -> None:
    gid = await started_game(service, [ALICE, BOB, CAROL], config={"rounds": 3})
    await service.submit(gid, ALICE, Action("ready"))
    await service.submit(gid, BOB, Action("ready"))
    await service.vote(gid, ALICE, "rollback", target_seat=0)
    out = await service.vote(gid, BOB, "rollback")
    assert not any("rolled" in p for p in posts(out.effects))  # 2 of 3: not unanimous
    out = await service.vote(gid, CAROL, "rollback")
    assert any("rolled game #1 back to move 0" in p for p in posts(out.effects))
    assert (await service.summary(gid)).awaiting == [0, 1, 2]
    assert await service.verify(gid) is None
