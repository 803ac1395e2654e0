"""Storage round trips on SQLite and (when reachable) PostgreSQL."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service import GameService, ManualClock
from rules.base import Action
from storage import repo
from tests.fixtures.sealed_bids import RULES as SEALED
from tests.service.helpers import ALICE, BOB, started_game


async def test_game_round_trip_and_replay(any_engine: AsyncEngine) -> None:
    service = GameService(any_engine, clock=ManualClock(), games={"sealed_bids": SEALED},
                          seed_source=lambda: 2**61 + 5)
    gid = await started_game(service, [ALICE, BOB], config={"rounds": 2})
    await service.submit(gid, ALICE, Action("bid", {"amount": 4}), interaction_id="x1")
    await service.submit(gid, ALICE, Action("ready"))
    async with any_engine.connect() as conn:
        game = await repo.get_game(conn, gid)
        rows = await repo.actions_after(conn, gid, 0)
        deadlines = await repo.deadlines_of(conn, gid)
    assert game is not None and game.seed == 2**61 + 5 and game.config == {"rounds": 2}
    assert [r.seq for r in rows] == [1, 2] and rows[0].interaction_id == "x1"
    assert rows[0].action == {"kind": "bid", "params": {"amount": 4}}
    assert rows[0].events[0]["visible_to"] == [0]
    assert {d.seat for d in deadlines if d.kind == "deadline"} == {1}
    rebuilt = await service.rebuild(gid)
    assert SEALED.to_json(rebuilt) == game.state
    fresh = GameService(any_engine, clock=ManualClock(), games={"sealed_bids": SEALED})
    view = await fresh.private_view(gid, ALICE)
    assert view.view["you"]["bid"] == 4 and view.version == 2


async def test_group_commit_and_conflicts_on_both_databases(any_engine: AsyncEngine) -> None:
    """Concurrent moves on many games share transactions; a stale writer is still caught."""
    import asyncio

    import pytest

    from bot.service import StaleVersion

    clock = ManualClock()
    service = GameService(any_engine, clock=clock, games={"sealed_bids": SEALED})
    players = [[1000 + 10 * g + s for s in range(2)] for g in range(6)]
    names = {p: f"p{p}" for ps in players for p in ps}
    gids = []
    for ps in players:
        out = await service.create_game(ps[0], names[ps[0]], "sealed_bids", max_seats=2)
        await service.join(out.game_id, ps[1], names[ps[1]])
        await service.start(out.game_id, ps[0])
        await service.confirm_ready(out.game_id, ps[1])
        gids.append(out.game_id)
    before = service.writer.batches
    await asyncio.gather(*(service.submit(g, ps[0], Action("bid", {"amount": 3}))
                           for g, ps in zip(gids, players, strict=True)))
    assert service.writer.batches - before < len(gids)  # at least two moves shared a commit
    async with any_engine.connect() as conn:
        for g in gids:
            assert [r.seq for r in await repo.actions_after(conn, g, 0)] == [1]
    other = GameService(any_engine, clock=clock, games={"sealed_bids": SEALED})
    await other.submit(gids[0], players[0][1], Action("ready"))
    with pytest.raises(StaleVersion):
        await service.submit(gids[0], players[0][0], Action("ready"))
    assert (await service.submit(gids[0], players[0][0], Action("ready"))).version == 3
