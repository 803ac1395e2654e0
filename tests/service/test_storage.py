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
    # The cached head is behind: the version check refuses its commit, and the move is judged
    # again on the stored head — once.
    assert (await service.submit(gids[0], players[0][0], Action("ready"))).version == 3
    async with any_engine.connect() as conn:
        assert [r.seq for r in await repo.actions_after(conn, gids[0], 0)] == [1, 2, 3]
    with pytest.raises(StaleVersion):  # a click made on an older version is still stale
        await service.submit(gids[0], players[0][1], Action("ready"), expected_version=2)


async def _sealed_game(service: GameService, ps: list[int], hours: float = 24.0) -> int:
    out = await service.create_game(ps[0], f"p{ps[0]}", "sealed_bids", max_seats=2,
                                    deadline_hours=hours)
    await service.join(out.game_id, ps[1], f"p{ps[1]}")
    await service.start(out.game_id, ps[0])
    await service.confirm_ready(out.game_id, ps[1])
    return out.game_id


async def test_a_shared_commit_reads_back_each_games_deadline(any_engine: AsyncEngine
                                                              ) -> None:
    """Moves on games whose deadlines differ share a commit: each game's next deadline, read
    back in the batch's transaction, is its own — here the moves end a round, so every turn
    deadline a game has is one the batch itself wrote (the read must see them)."""
    import asyncio

    clock = ManualClock()
    service = GameService(any_engine, clock=clock, games={"sealed_bids": SEALED})
    players = [[2000 + 10 * g + s for s in range(2)] for g in range(6)]
    gids = [await _sealed_game(service, ps, hours) for hours, ps in enumerate(players, 1)]
    for gid, ps in zip(gids, players, strict=True):
        await service.submit(gid, ps[0], Action("ready"))
    clock.advance(600)  # the new round's deadlines come after the old ones
    before = service.writer.batches
    outs = await asyncio.gather(*(service.submit(g, ps[1], Action("ready"))
                                  for g, ps in zip(gids, players, strict=True)))
    assert all(out.version == 2 for out in outs)
    assert service.writer.batches - before < len(gids)  # at least two moves shared a commit
    async with any_engine.connect() as conn:
        dues = [await repo.next_deadline(conn, g) for g in gids]
    assert len(set(dues)) == len(gids)  # every game's differs: a mix-up would show
    now = clock.now().replace(tzinfo=None)  # SQLite reads its times back without a zone
    assert all(due is not None and due.replace(tzinfo=None) > now for due in dues)
    for gid, out, due in zip(gids, outs, dues, strict=True):
        head = service._heads[gid]  # the summary below answers from the batch's read
        assert head.next_due is not None and head.next_due[0] == out.version
        assert (await service.summary(gid)).deadline == due


async def test_a_batch_reads_each_games_next_deadline_from_kept_and_written_rows(
        any_engine: AsyncEngine) -> None:
    """A move clears a seat's deadline and writes a new one while another seat's stays: the
    game's next deadline, read in the batch, is the earlier of the kept one and the written
    one (on PostgreSQL the read shares a statement with the inserts, whose rows it does not
    see by itself)."""
    import asyncio
    from datetime import datetime, timedelta

    from storage.batch import MoveWrite

    clock = ManualClock()
    service = GameService(any_engine, clock=clock, games={"sealed_bids": SEALED})
    gids = [await _sealed_game(service, [4000 + 10 * g, 4001 + 10 * g]) for g in range(3)]
    async with any_engine.connect() as conn:
        kept = [await repo.next_deadline(conn, g) for g in gids]
        versions = [(await repo.get_game(conn, g)).version for g in gids]  # type: ignore[union-attr]
    assert all(kept)
    now = clock.now()
    # Seat 0's new deadline: later than seat 1's (kept wins), earlier (written wins), later.
    written = [now + timedelta(days=3), now + timedelta(minutes=5), now + timedelta(days=2)]

    def write(gid: int, old: int, due: datetime) -> MoveWrite:
        return MoveWrite(game_id=gid, old_version=old,
                         action={"game_id": gid, "seq": 100, "seat": 0, "actor_id": 1,
                                 "source": "player", "action": {"kind": "ready"},
                                 "events": [], "state_hash": "x",
                                 "interaction_id": None, "created_at": now},
                         game_values={"version": 100, "updated_at": now},
                         clear_seats=[0],
                         deadlines=[{"game_id": gid, "seat": 0, "kind": "deadline",
                                     "due_at": due, "version": 100},
                                    {"game_id": gid, "seat": 0, "kind": "remind",
                                     "due_at": now + timedelta(seconds=1), "version": 100}])

    writes = [write(g, v, d) for g, v, d in zip(gids, versions, written, strict=True)]
    before = service.writer.batches
    await asyncio.gather(*(service.writer.write(w) for w in writes))
    assert service.writer.batches - before < len(gids)  # shared batches

    def naive(value: datetime | None) -> datetime | None:  # SQLite reads times zoneless
        return value.replace(tzinfo=None) if value is not None else None

    assert [naive(w.next_deadline) for w in writes] == [
        naive(kept[0]), naive(written[1]), naive(kept[2])]
    async with any_engine.connect() as conn:
        assert [naive(await repo.next_deadline(conn, g)) for g in gids] == [
            naive(w.next_deadline) for w in writes]


async def test_a_stale_version_sinks_only_its_own_move(any_engine: AsyncEngine) -> None:
    """A batch holding one write whose game moved on is retried a move at a time: that
    write alone fails its version check, the others land."""
    import asyncio

    import pytest

    from storage.batch import MoveWrite
    from storage.repo import VersionConflict

    clock = ManualClock()
    service = GameService(any_engine, clock=clock, games={"sealed_bids": SEALED})
    gids = [await _sealed_game(service, [3000 + 10 * g, 3001 + 10 * g]) for g in range(4)]
    async with any_engine.connect() as conn:
        versions = {g: (await repo.get_game(conn, g)).version for g in gids}  # type: ignore[union-attr]

    def write(gid: int, old: int) -> MoveWrite:
        # seq 100: no other row of the log is hit, so only the version check can refuse it
        return MoveWrite(game_id=gid, old_version=old,
                         action={"game_id": gid, "seq": 100, "seat": 0, "actor_id": 1,
                                 "source": "player", "action": {"kind": "ready"},
                                 "events": [], "state_hash": "x",
                                 "interaction_id": None, "created_at": clock.now()},
                         game_values={"version": 100, "updated_at": clock.now()})

    stale = gids[2]
    writes = [write(g, versions[g] - 1 if g == stale else versions[g]) for g in gids]
    before = service.writer.batches
    outs = await asyncio.gather(*(service.writer.write(w) for w in writes),
                                return_exceptions=True)
    assert isinstance(outs[2], VersionConflict)
    assert [o for i, o in enumerate(outs) if i != 2] == [None, None, None]
    assert service.writer.batches - before < len(gids)  # the stale write shared a batch
    async with any_engine.connect() as conn:
        after = {g: (await repo.get_game(conn, g)).version for g in gids}  # type: ignore[union-attr]
        logged = {g: [r.seq for r in await repo.actions_after(conn, g, 0)] for g in gids}
    assert after == {g: versions[g] if g == stale else 100 for g in gids}
    assert all((100 in logged[g]) == (g != stale) for g in gids)
    with pytest.raises(VersionConflict):  # and alone, as the first write of a batch
        await service.writer.write(write(stale, versions[stale] - 1))
